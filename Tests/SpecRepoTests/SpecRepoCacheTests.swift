import Foundation
import Git
import Testing
@testable import SpecRepo

/// A scratch directory holding a bare spec repo (`specs.git`, pod Foo 1.0.0) and a cache.
struct CacheFixture {
    let scratch: TemporaryDirectory
    let remote: String
    let cache: SpecRepoCache

    init(_ name: String = #function, files: [String: String] = podFiles("Foo", ["1.0.0"])) throws {
        try TestGit.isolate()
        scratch = try TemporaryDirectory(prefix: "compctl-specrepo", name)
        remote = scratch("specs.git")
        try makeBareRepository(at: remote, files: files)
        cache = SpecRepoCache(directory: scratch("home/repos"), credentials: TestGit.noCredentials)
    }

    /// What the cache directory holds, hidden entries included.
    func cacheEntries() throws -> [String] {
        guard FileManager.default.fileExists(atPath: cache.directory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: cache.directory).sorted()
    }
}

@Suite struct SpecRepoCacheTests {
    @Test func addClonesABareCopyAndDescribesIt() throws {
        let fixture = try CacheFixture()
        let url = "file://" + fixture.remote
        let head = try gitCLI("--git-dir", fixture.remote, "rev-parse", "main")

        let repo = try fixture.cache.add(name: "acme", url: url)
        #expect(repo.name == "acme")
        #expect(repo.url == url)
        #expect(repo.branch == "main")
        #expect(repo.head?.hex == head)
        #expect(repo.path == fixture.scratch("home/repos/acme"))
        let lastFetch = try #require(repo.lastFetch)
        #expect(abs(lastFetch.timeIntervalSinceNow) < 60)
        #expect(try Repository.open(at: repo.path).isBare)
        #expect(fixture.cache.names() == ["acme"])
        #expect(try fixture.cacheEntries() == ["acme"])
        #expect(try fixture.cache.tree(of: "acme")?.entries(at: "").map(\.name) == ["Foo"])
    }

    @Test func addingAnExistingNameIsRefused() throws {
        let fixture = try CacheFixture()
        try fixture.cache.add(name: "acme", url: fixture.remote)
        #expect(throws: SpecRepoError.alreadyAdded(name: "acme", url: fixture.remote)) {
            try fixture.cache.add(name: "acme", url: "file:///elsewhere.git")
        }
        #expect(try fixture.cacheEntries() == ["acme"])
    }

    @Test func aRepositoryThatIsNotASpecRepoIsRefusedAndLeavesNothing() throws {
        let fixture = try CacheFixture(files: ["README.md": "# a component\n", "Sources/Foo.swift": "struct Foo {}\n"])
        #expect(throws: SpecRepoError.remoteIsNotASpecRepository(url: fixture.remote, branch: "main")) {
            try fixture.cache.add(name: "acme", url: fixture.remote)
        }
        #expect(try fixture.cacheEntries().isEmpty)
        #expect(SpecRepoError.remoteIsNotASpecRepository(url: "https://x/c.git", branch: "main").description
            == "https://x/c.git is not a spec repo: its main branch has no Specs/ folder, no CocoaPods-version.yml "
            + "and no pod folder with a version folder in it (Name/1.0.0/Name.podspec.json); check the URL: it must "
            + "be the spec repo, not a component's repository")
    }

    @Test func anEmptyRepositoryIsAcceptedAsASpecRepoWithNothingPublished() throws {
        let fixture = try CacheFixture(files: [:])
        let repo = try fixture.cache.add(name: "fresh", url: fixture.remote)
        #expect(repo.head == nil)
        #expect(repo.branch == "main")
        #expect(try fixture.cache.tree(of: "fresh") == nil)
    }

    @Test func anUnreachableRemoteLeavesNothingBehind() throws {
        let fixture = try CacheFixture()
        let missing = fixture.scratch("missing.git")
        #expect(throws: GitError.unreachable(url: missing, reason: "\(missing) does not exist")) {
            try fixture.cache.add(name: "acme", url: missing)
        }
        let port = try freeLocalPort()
        #expect(throws: GitError.self) {
            try fixture.cache.add(name: "acme", url: "git://127.0.0.1:\(port)/specs.git")
        }
        #expect(try fixture.cacheEntries().isEmpty)
    }

    @Test func updateFetchesNewCommitsAndKeepsTheLocalBranchEqualToTheRemote() throws {
        let fixture = try CacheFixture()
        let first = try #require(try fixture.cache.add(name: "acme", url: fixture.remote).head)
        let unchanged = try fixture.cache.update("acme")
        #expect(!unchanged.changed)
        #expect(unchanged.repo.head == first)

        let second = try commit(podFiles("Foo", ["1.1.0"]), to: fixture.remote)
        let update = try fixture.cache.update("acme")
        #expect(update.changed)
        #expect(update.previousHead == first)
        #expect(update.repo.head == second)
        let cached = fixture.scratch("home/repos/acme")
        #expect(try gitCLI("--git-dir", cached, "rev-parse", "refs/heads/main") == second.hex)
        #expect(try SpecRepository(tree: #require(try fixture.cache.tree(of: "acme"))).listing == ["Foo\t1.1.0 1.0.0"])
    }

    @Test func aCloneFromAnotherURLIsNeverUsedSilently() throws {
        let fixture = try CacheFixture()
        try fixture.cache.add(name: "acme", url: fixture.remote)
        #expect(try fixture.cache.ensure(name: "acme", url: fixture.remote) == false)
        let moved = "https://x-access-token:secret@git.example/specs.git"
        let error = SpecRepoError.cachedFromAnotherURL(name: "acme", cached: fixture.remote,
                                                       configured: "https://***@git.example/specs.git")
        #expect(throws: error) { try fixture.cache.ensure(name: "acme", url: moved) }
        #expect(error.description == "the cached spec repo 'acme' was cloned from \(fixture.remote), but "
            + "https://***@git.example/specs.git is asked for; remove the old clone with `compctl repo remove acme`, "
            + "and it is cloned again on next use")
    }

    @Test func updateAndRemoveOfAnUnknownNameAreErrors() throws {
        let fixture = try CacheFixture()
        let error = SpecRepoError.notCached(name: "nope", cache: fixture.cache.directory)
        #expect(throws: error) { try fixture.cache.update("nope") }
        #expect(throws: error) { try fixture.cache.remove("nope") }
        #expect(error.description == "no spec repo called 'nope' in \(fixture.cache.directory); see `compctl repo list`, "
            + "or add it with `compctl repo add nope URL`")
    }

    @Test func removeDeletesTheClone() throws {
        let fixture = try CacheFixture()
        try fixture.cache.add(name: "acme", url: fixture.remote)
        try fixture.cache.remove("acme")
        #expect(!fixture.cache.contains("acme"))
        #expect(try fixture.cacheEntries().isEmpty)
        #expect(FileManager.default.fileExists(atPath: fixture.remote))
    }

    @Test func namesMustBeUsableAsDirectories() throws {
        for name in ["acme", "acme-ios_2.0", "A1"] { #expect(SpecRepoCache.isValidName(name), "\(name)") }
        for name in ["", ".hidden", "a/b", "..", "a b", "é"] { #expect(!SpecRepoCache.isValidName(name), "\(name)") }
        let fixture = try CacheFixture()
        #expect(throws: SpecRepoError.invalidName("../x")) { try fixture.cache.add(name: "../x", url: fixture.remote) }
    }

    @Test func theHomeIsCompctlHomeElseDotCompctlInHome() {
        #expect(SpecRepoCache.homeDirectory(environment: ["COMPCTL_HOME": "/srv/compctl", "HOME": "/home/a"]) == "/srv/compctl")
        #expect(SpecRepoCache.homeDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.compctl")
        #expect(SpecRepoCache.standard(environment: ["COMPCTL_HOME": "/srv/compctl"]).directory == "/srv/compctl/repos")
    }

    @Test func concurrentAddsOfTheSameRepoLeaveOneClone() throws {
        let fixture = try CacheFixture()
        let cache = fixture.cache
        let remote = fixture.remote
        let cloned = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if (try? cache.ensure(name: "acme", url: remote)) == true { cloned.withLock { $0 += 1 } }
        }
        #expect(cloned.withLock { $0 } == 1)
        #expect(try fixture.cacheEntries() == ["acme"])
    }
}

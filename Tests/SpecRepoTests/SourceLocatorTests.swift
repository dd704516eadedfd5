import Foundation
import Git
import Testing
@testable import SpecRepo

@Suite struct SourceLocatorTests {
    private func resolver(_ fixture: CacheFixture, configured: [ConfiguredSpecRepo] = [], fetch: Bool = true) -> SourceLocator {
        SourceLocator(cache: fixture.cache, configured: configured, workingDirectory: fixture.scratch.path,
                       fetchesCachedSources: fetch)
    }

    @Test func recognisesGitURLs() {
        for url in ["file:///srv/specs.git", "ssh://git@host/specs.git", "https://host/specs.git", "git@host:team/specs.git",
                    "git://127.0.0.1:9418/specs"] {
            #expect(SourceLocator.isURL(url), "\(url)")
        }
        for path in ["specs", "./specs", "/srv/specs.git", "dir/a@b:c", "C:foo"] {
            #expect(!SourceLocator.isURL(path), "\(path)")
        }
    }

    @Test func locatesEachFormOfSource() throws {
        let fixture = try CacheFixture()
        try fixture.scratch.write(podFiles("Bar", ["1.0.0"]), under: "plain")
        try gitCLI("init", "-q", fixture.scratch("worktree"))
        let configured = [ConfiguredSpecRepo(name: "acme", url: "https://git.example/specs.git"),
                          ConfiguredSpecRepo(name: "local", url: fixture.remote)]
        let resolver = resolver(fixture, configured: configured)

        #expect(try resolver.locate("acme") == .cached(name: "acme", url: "https://git.example/specs.git"))
        #expect(try resolver.locate("local") == .bareRepository(path: fixture.remote))
        #expect(try resolver.locate("specs.git") == .bareRepository(path: fixture.remote))
        #expect(try resolver.locate(fixture.remote) == .bareRepository(path: fixture.remote))
        #expect(try resolver.locate("plain") == .directory(path: fixture.scratch("plain")))
        #expect(try resolver.locate("./worktree") == .directory(path: fixture.scratch("worktree")))
        #expect(try resolver.locate("https://git.example/specs.git") == .cached(name: "acme", url: "https://git.example/specs.git"))
        #expect(try resolver.locate("git@host:team/ios-specs.git") == .cached(name: "ios-specs", url: "git@host:team/ios-specs.git"))

        try fixture.cache.add(name: "added", url: fixture.remote)
        #expect(try resolver.locate("added") == .cached(name: "added", url: fixture.remote))
    }

    @Test func unknownSourcesAndFilesAreErrors() throws {
        let fixture = try CacheFixture()
        try fixture.scratch.write(["file.txt": "x"])
        let resolver = resolver(fixture, configured: [ConfiguredSpecRepo(name: "acme", url: "https://h/s.git")])
        #expect(throws: SpecRepoError.unknownSource("nope", known: ["acme"])) { try resolver.locate("nope") }
        #expect(throws: SpecRepoError.repositoryIsAFile("file.txt")) { try resolver.locate("file.txt") }
        #expect(SpecRepoError.unknownSource("nope", known: ["acme"]).description
            == "no spec repo 'nope': it is not a name from compctl.yml or `compctl repo add` (known: acme), "
            + "not a git URL, and no such directory exists; pass a name, a URL or the path of a spec repo")

        let missing = SourceLocator(cache: fixture.cache, configured: [ConfiguredSpecRepo(name: "gone", url: "/no/such/dir")])
        #expect(throws: SpecRepoError.configuredPathMissing(name: "gone", path: "/no/such/dir")) { try missing.locate("gone") }
    }

    /// `sources` is what every resolving command reads: a compctl.yml name wins over a
    /// directory of that name, a directory over a `repo add` name, and a `file://` URL of a
    /// plain folder reads the folder; each comes with the addresses a Podfile may use.
    @Test func opensSourcesInOnePrecedence() throws {
        let fixture = try CacheFixture()
        try fixture.scratch.write(podFiles("Bar", ["1.0.0"]), under: "acme")
        try fixture.scratch.write(podFiles("Baz", ["2.0.0"]), under: "plain")
        try fixture.cache.add(name: "added", url: fixture.remote)
        try fixture.cache.add(name: "plain", url: fixture.remote)
        let configured = [ConfiguredSpecRepo(name: "acme", url: fixture.remote, writtenURL: "specs.git")]
        let locator = resolver(fixture, configured: configured)

        let sources = try locator.sources(["acme", "added", "plain", "file://" + fixture.scratch("plain")])
        #expect(sources.map { $0.repository?.podNames() } == [["Foo"], ["Foo"], ["Baz"], ["Baz"]])
        #expect(sources.map(\.name) == ["acme", "added", "plain", "plain"])
        #expect(sources[0].addresses == ["specs.git", fixture.remote])
        #expect(sources[0].isNamed(by: "specs.git") && sources[0].isNamed(by: fixture.remote + "/"))
        #expect(sources[1].addresses == ["added", fixture.remote])

        // No argument: every configured repo, in the order given (the CLI sorts by priority).
        #expect(try locator.sources([]).map(\.name) == ["acme"])
        #expect(throws: SpecRepoError.noSources) { try resolver(fixture).sources([]) }
    }

    @Test func everyUnreadableSourceIsReportedTogether() throws {
        let fixture = try CacheFixture()
        try gitCLI("init", "-q", "--bare", fixture.scratch("empty.git"))
        let locator = resolver(fixture)
        // The working directory is not this process's, so the path is shown absolute.
        let empty = fixture.scratch("empty.git")
        #expect(throws: SpecRepoError.noCommit(empty)) { try locator.source("empty.git") }
        #expect(throws: SpecRepoError.several([
            SpecRepoError.unknownSource("nope", known: []).description,
            SpecRepoError.noCommit(empty).description,
        ])) { try locator.sources(["nope", "specs.git", "empty.git"]) }
    }

    @Test func cacheNamesComeFromTheURLAndStayUnique() throws {
        let fixture = try CacheFixture()
        let resolver = resolver(fixture)
        #expect(resolver.cacheName(forURL: "https://host/team/specs.git") == "specs")
        #expect(resolver.cacheName(forURL: "git@host:team/ios specs") == "ios-specs")
        try fixture.cache.add(name: "specs", url: fixture.remote)
        #expect(resolver.cacheName(forURL: fixture.remote) == "specs")
        let other = "https://host/other/specs.git"
        #expect(resolver.cacheName(forURL: other) == "specs-" + MD5.hexDigest(other).prefix(8))
    }

    @Test func cacheNamesNeverCarryTheQueryString() throws {
        let fixture = try CacheFixture()
        let resolver = resolver(fixture)
        // The name is shown everywhere (`repo list`, publish messages, the cache's folder).
        #expect(resolver.cacheName(forURL: "https://host/team/specs.git?private_token=s3cret") == "specs")
        #expect(resolver.cacheName(forURL: "https://host/team/specs?ref=main#token=s3cret") == "specs")
    }

    @Test func opensEveryFormOfSourceWithTheSameListing() throws {
        let files = podFiles("Foo", ["1.0.0", "2.0.0"])
        let fixture = try CacheFixture(files: files)
        try fixture.scratch.write(files, under: "plain")
        let resolver = resolver(fixture, configured: [ConfiguredSpecRepo(name: "acme", url: "file://" + fixture.remote)])

        for source in ["acme", "file://" + fixture.remote, fixture.remote, "plain"] {
            let opened = try resolver.open(source)
            #expect(try #require(opened.repository).listing == ["Foo\t2.0.0 1.0.0"], "\(source)")
        }
        #expect(try resolver.open("acme").name == "acme")
        #expect(try resolver.open("specs.git").name == "specs")
        #expect(try resolver.open("acme").displayLocation == "file://" + fixture.remote)
        #expect(fixture.cache.names() == ["acme"])
    }

    @Test func aCachedSourceIsFetchedBeforeReadingUnlessToldNotTo() throws {
        let fixture = try CacheFixture()
        let url = "file://" + fixture.remote
        _ = try resolver(fixture).open(url)
        try commit(podFiles("Foo", ["1.1.0"]), to: fixture.remote)

        #expect(try resolver(fixture, fetch: false).open(url).repository?.listing == ["Foo\t1.0.0"])
        #expect(try resolver(fixture).open(url).repository?.listing == ["Foo\t1.1.0 1.0.0"])
    }

    @Test func aWorkTreeIsReadAsFilesSoUncommittedEditsShow() throws {
        let fixture = try CacheFixture()
        try fixture.scratch.write(podFiles("Foo", ["1.0.0"]), under: "checkout")
        try gitCLI("init", "-q", "-b", "main", fixture.scratch("checkout"))
        try gitCLI("add", "-A", in: fixture.scratch("checkout"))
        try gitCLI("commit", "-q", "-m", "specs", in: fixture.scratch("checkout"))
        try fixture.scratch.write(podFiles("Foo", ["1.1.0"]), under: "checkout")

        let opened = try resolver(fixture).open("checkout")
        #expect(opened.location == .directory(path: fixture.scratch("checkout")))
        #expect(opened.repository?.listing == ["Foo\t1.1.0 1.0.0"])
    }

    @Test func anEmptyBareRepositoryOpensWithoutARepository() throws {
        let fixture = try CacheFixture()
        try makeBareRepository(at: fixture.scratch("empty.git"), files: [:])
        let opened = try resolver(fixture).open("empty.git")
        #expect(opened.repository == nil)
        #expect(opened.commit == nil)
    }

    @Test func publishTargetsAreCachedClonesOfGitRepositories() throws {
        let fixture = try CacheFixture()
        try fixture.scratch.write(podFiles("Bar", ["1.0.0"]), under: "plain")
        let resolver = resolver(fixture)
        #expect(try resolver.publishTarget(fixture.remote) == ("specs", fixture.remote))
        #expect(try resolver.publishTarget("https://h/acme.git") == ("acme", "https://h/acme.git"))
        #expect(throws: SpecRepoError.notPublishable(source: "plain", reason: "it is a plain directory, not a git repository", fix: "pass the spec repo's name in compctl.yml, its git URL or a bare repository")) {
            try resolver.publishTarget("plain")
        }
    }
}

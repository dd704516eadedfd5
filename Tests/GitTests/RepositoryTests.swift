import Foundation
import Testing
@testable import Git

@Suite struct RepositoryTests {
    @Test func linksLibgit2OneDotFiveWithThreadsHTTPSAndSSH() {
        #expect(Git.libraryVersion == "1.5.1")
        #expect(Git.supportsThreadsHTTPSAndSSH)
    }

    @Test func isolationHidesTheSystemConfigsURLRewrites() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let repository = try Repository.create(at: scratch.path("r"), bare: true)
        try repository.addRemote(named: "origin", url: "https://github.com/example/specs.git")
        // This machine's /etc/gitconfig rewrites https://github.com/ to a local mirror.
        let reopened = try Repository.open(at: scratch.path("r"))
        #expect(try reopened.remote(named: "origin").url == "https://github.com/example/specs.git")
    }

    @Test func isolationThroughTheEnvironmentVariable() throws {
        try TestGit.isolate()
        #expect(Git.asksForIsolation(["COMPCTL_GIT_ISOLATE": "0"]) == false)
        #expect(Git.asksForIsolation([:]) == false)
        #expect(Git.asksForIsolation(["COMPCTL_GIT_ISOLATE": "1"]) == true)
        let scratch = try TemporaryDirectory()
        let repository = try Repository.create(at: scratch.path("r"), bare: true)
        try repository.addRemote(named: "origin", url: "git@github.com:example/specs.git")
        #expect(try Repository.open(at: scratch.path("r")).remote(named: "origin").url == "git@github.com:example/specs.git")
        try TestGit.isolate()
    }

    @Test func createsBareAndNonBareRepositoriesWithTheInitialBranch() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let bare = try Repository.create(at: scratch.path("a/b/bare.git"), bare: true, initialBranch: "trunk")
        #expect(bare.isBare)
        #expect(bare.workDirectory == nil)
        #expect(try bare.headReferenceName() == "refs/heads/trunk")
        let work = try Repository.create(at: scratch.path("work"), bare: false)
        #expect(!work.isBare)
        #expect(work.workDirectory == scratch.path("work") + "/")
        #expect(work.gitDirectory == scratch.path("work") + "/.git/")
        #expect(try gitCLI("-C", scratch.path("work"), "symbolic-ref", "HEAD") == "refs/heads/main")
    }

    @Test func openingAMissingRepositoryNamesThePath() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let missing = scratch.path("nothing-here")
        #expect(throws: GitError.notARepository(path: missing)) { try Repository.open(at: missing) }
        #expect(GitError.notARepository(path: "/tmp/x").description
            == "no git repository at /tmp/x; check the path, or clone the repository there first")
    }

    @Test func opensFromASubdirectoryOnlyWhenAskedToSearch() throws {
        let fixture = try Fixture()
        _ = try fixture.clone("work", bare: false)
        try FileManager.default.createDirectory(atPath: fixture.scratch.path("work/deep/er"), withIntermediateDirectories: true)
        #expect(throws: GitError.self) { try Repository.open(at: fixture.scratch.path("work/deep/er")) }
        let found = try Repository.open(at: fixture.scratch.path("work/deep/er"), searchingParents: true)
        #expect(found.workDirectory == fixture.scratch.path("work") + "/")
    }

    @Test(arguments: ["path", "file"])
    func clonesBareAndWithWorkTreeFromLocalURLs(form: String) throws {
        let fixture = try Fixture()
        let url = form == "path" ? fixture.remotePath : "file://" + fixture.remotePath
        let bare = try fixture.clone("bare", bare: true, url: url)
        #expect(bare.isBare)
        #expect(try bare.resolve("refs/remotes/origin/main") == fixture.firstCommit)
        #expect(try bare.resolve("main") == fixture.firstCommit)
        let work = try fixture.clone("work", bare: false, url: url)
        #expect(try String(contentsOfFile: fixture.scratch.path("work/README.md"), encoding: .utf8) == "hello\n")
        #expect(try work.isWorkTreeClean())
        #expect(try gitCLI("-C", fixture.scratch.path("work"), "status", "--porcelain").isEmpty)
    }

    /// libgit2 serves a `file://` URL through its local transport, which packs every object
    /// anew, deltas included: ten times the time of `git clone` on a spec repo of 200,000
    /// files. A clone copies the object store instead, as it does for a path; a packed blob
    /// nothing points to shows which way it went, since a fetch never sends one.
    @Test func aFileURLIsClonedByCopyingTheObjectStore() throws {
        let fixture = try Fixture()
        let dangling = try packedButUnreached(in: fixture.remotePath, scratch: fixture.scratch)
        let clone = try fixture.clone("bare", bare: true, url: "file://" + fixture.remotePath)
        #expect(try clone.resolve("refs/remotes/origin/main") == fixture.firstCommit)
        #expect(try gitCLI("--git-dir", clone.gitDirectory, "cat-file", "-t", dangling) == "blob")
        // A copy, not hard links: the URL names a transport, and the cache must not share
        // files with a repository its owner may rewrite.
        let pack = try #require(FileManager.default.contentsOfDirectory(atPath: clone.gitDirectory + "objects/pack")
            .first { $0.hasSuffix(".pack") })
        let links = try FileManager.default.attributesOfItem(atPath: clone.gitDirectory + "objects/pack/" + pack)[.referenceCount] as? Int
        #expect(links == 1)
    }

    /// A blob written into the pack of the bare repository at `source` but reached by nothing.
    private func packedButUnreached(in source: String, scratch: TemporaryDirectory) throws -> String {
        try scratch.write("unreferenced\n", to: "unreferenced.txt")
        let blob = try gitCLI("--git-dir", source, "hash-object", "-w", scratch.path("unreferenced.txt"))
        try gitCLI("--git-dir", source, "tag", "keep", blob)
        try gitCLI("--git-dir", source, "repack", "-adq")
        try gitCLI("--git-dir", source, "tag", "-d", "keep")
        return blob
    }

    /// A copied store is checked as a fetch checks what it receives. Whatever the copy gets
    /// wrong, the repository is fetched instead: the clone is whole and self-contained.
    @Test(arguments: ["path", "file"])
    func aCopyThatIsNotWholeIsFetchedInstead(form: String) throws {
        let sources = try LocalSources()
        for (name, source) in [("relative", sources.relativeAlternate), ("absolute", sources.absoluteAlternate),
                               ("linked", sources.symlinkedFolder)] {
            let clone = try Repository.clone(from: sources.url(source, form), to: sources.scratch.path("c-" + name),
                                             bare: true, credentials: TestGit.noCredentials)
            #expect(try clone.resolve("refs/remotes/origin/main") == sources.tip, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: clone.gitDirectory + "objects/info/alternates"), "\(name)")
            #expect(try gitCLI("--git-dir", clone.gitDirectory, "fsck", "--no-dangling").isEmpty, "\(name)")
        }
    }

    /// What a fetch refuses, a copy does not let through: a shallow source, or an object whose
    /// content is not its id, on a branch or only under a detached HEAD. The clone fails with
    /// the transport's error and leaves nothing.
    @Test(arguments: ["path", "file"])
    func aSourceAFetchRefusesIsRefused(form: String) throws {
        let sources = try LocalSources()
        for (name, source) in [("shallow", sources.shallow), ("corrupt", sources.corruptBlob),
                               ("detached", sources.corruptDetachedHead)] {
            let target = sources.scratch.path("c-" + name)
            #expect(throws: GitError.self, "\(name)") {
                try Repository.clone(from: sources.url(source, form), to: target, bare: true, credentials: TestGit.noCredentials)
            }
            #expect(!FileManager.default.fileExists(atPath: target), "\(name)")
        }
    }

    /// The copy keeps loose objects and packs with their indexes, and nothing a fetch would
    /// not have made: no commit-graph (which git would believe over the commits), `.keep`,
    /// leftovers of an interrupted write, or pointers to other stores. A tag on a tree is
    /// followed into the tree, and does not send the clone to the slow fetch.
    @Test func aCopyKeepsOnlyObjectsAndPacks() throws {
        let sources = try LocalSources()
        let source = sources.scratch.path("kept.git")
        try gitCLI("clone", "-q", "--bare", "--no-local", sources.work, source)
        let dangling = try packedButUnreached(in: source, scratch: sources.scratch)
        try gitCLI("--git-dir", source, "tag", "tree-tag", "main^{tree}")
        // Asked before the junk below, which git complains of when it comes across it.
        let tree = try gitCLI("--git-dir", source, "rev-parse", "main^{tree}")
        try gitCLI("--git-dir", source, "commit-graph", "write", "--reachable")
        let pack = try #require(FileManager.default.contentsOfDirectory(atPath: source + "/objects/pack").first { $0.hasSuffix(".pack") })
        try sources.scratch.write("", to: "kept.git/objects/pack/" + pack.dropLast(5) + ".keep")
        try sources.scratch.write("https://example.invalid/objects\n", to: "kept.git/objects/info/http-alternates")
        try FileManager.default.createDirectory(atPath: source + "/objects/ab", withIntermediateDirectories: true)
        try sources.scratch.write("half written", to: "kept.git/objects/ab/tmp_obj_Xy12")
        // Names of objects and packs on what is not one: a folder, an empty pack, a file
        // where a folder of objects goes.
        try FileManager.default.createDirectory(atPath: source + "/objects/ab/" + String(repeating: "0", count: 38) + "/sub",
                                                withIntermediateDirectories: true)
        let empty = "kept.git/objects/pack/pack-" + String(repeating: "3", count: 40)
        try sources.scratch.write("", to: empty + ".pack")
        try sources.scratch.write("", to: empty + ".idx")
        try sources.scratch.write("junk", to: "kept.git/objects/cd")
        // Leftovers of objects git was writing when it was killed: not loose objects, so they
        // do not count toward sending the clone to the fetch.
        try FileManager.default.createDirectory(atPath: source + "/objects/00", withIntermediateDirectories: true)
        for number in 0...Repository.looseObjectLimit {
            try Data().write(to: URL(fileURLWithPath: source + "/objects/00/tmp_obj_\(number)"))
        }
        let clone = try Repository.clone(from: "file://" + source, to: sources.scratch.path("c"), bare: true,
                                         credentials: TestGit.noCredentials)
        // Copied, not fetched: a fetch never sends an object nothing points to.
        #expect(try gitCLI("--git-dir", clone.gitDirectory, "cat-file", "-t", dangling) == "blob")
        let tagged = try gitCLI("--git-dir", clone.gitDirectory, "rev-parse", "refs/tags/tree-tag")
        #expect(tagged == tree, "\(tagged) \(tree)")
        let objects = clone.gitDirectory + "objects/"
        #expect(!FileManager.default.fileExists(atPath: objects + "info"))
        #expect(!FileManager.default.fileExists(atPath: objects + "cd"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: objects + "ab").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: objects + "00").isEmpty)
        let packFiles = try FileManager.default.contentsOfDirectory(atPath: objects + "pack")
        #expect(packFiles.allSatisfy { $0.hasSuffix(".pack") || $0.hasSuffix(".idx") }, "\(packFiles)")
        #expect(!packFiles.contains { $0.contains(String(repeating: "3", count: 40)) }, "\(packFiles)")
        #expect(try gitCLI("--git-dir", clone.gitDirectory, "fsck", "--no-dangling").isEmpty)
    }

    /// Loose files are checked on their own: one that nothing reaches is dropped, damaged or
    /// not, and one that disagrees with its name sends the clone to the fetch even when a
    /// pack holds a good copy of the object, which libgit2 would read first.
    @Test func looseFilesAreCheckedOnTheirOwn() throws {
        let sources = try LocalSources()
        let source = sources.scratch.path("shadow.git")
        try gitCLI("clone", "-q", "--bare", "--no-local", sources.work, source)
        let readme = try gitCLI("--git-dir", source, "rev-parse", "main:README.md")
        let older = try gitCLI("--git-dir", source, "rev-parse", "main~1:README.md")
        try sources.scratch.write("nothing points here\n", to: "loose.txt")
        let unreached = try gitCLI("--git-dir", source, "hash-object", "-w", sources.scratch.path("loose.txt"))
        let loose = { (id: String) in source + "/objects/" + id.prefix(2) + "/" + id.dropFirst(2) }
        // The unreached object's file holds another object; so does a loose file for the
        // packed README.
        try FileManager.default.removeItem(atPath: loose(unreached))
        try FileManager.default.createDirectory(atPath: source + "/objects/" + readme.prefix(2), withIntermediateDirectories: true)
        let packed = sources.scratch.path("older-object")
        try gitCLI("clone", "-q", "--no-hardlinks", sources.work, packed)
        let olderFile = packed + "/.git/objects/" + older.prefix(2) + "/" + older.dropFirst(2)
        try FileManager.default.copyItem(atPath: olderFile, toPath: loose(unreached))

        let dropped = try Repository.clone(from: "file://" + source, to: sources.scratch.path("c1"), bare: true,
                                           credentials: TestGit.noCredentials)
        #expect(!FileManager.default.fileExists(atPath: dropped.gitDirectory + "objects/" + unreached.prefix(2) + "/" + unreached.dropFirst(2)))
        #expect(try gitCLI("--git-dir", dropped.gitDirectory, "fsck", "--no-dangling").isEmpty)

        try FileManager.default.copyItem(atPath: olderFile, toPath: loose(readme))
        let fetched = try Repository.clone(from: "file://" + source, to: sources.scratch.path("c2"), bare: true,
                                           credentials: TestGit.noCredentials)
        #expect(!FileManager.default.fileExists(atPath: fetched.gitDirectory + "objects/" + readme.prefix(2) + "/" + readme.dropFirst(2)))
        #expect(try gitCLI("--git-dir", fetched.gitDirectory, "fsck", "--no-dangling").isEmpty)
    }

    /// A scratch clone (integrate's staging, gone after the run) is the store as libgit2
    /// copies it, hard-linked and unchecked, as `git clone` of a path: the check's read of
    /// every object would cost each integrate a second on a large spec repo.
    @Test func aScratchCloneIsTheStoreAsCopied() throws {
        let fixture = try Fixture()
        try fixture.scratch.write("unreferenced\n", to: "loose.txt")
        let dangling = try gitCLI("--git-dir", fixture.remotePath, "hash-object", "-w", fixture.scratch.path("loose.txt"))
        let clone = try Repository.clone(from: "file://" + fixture.remotePath, to: fixture.scratch.path("staged"),
                                         bare: true, scratch: true, credentials: TestGit.noCredentials)
        #expect(try clone.resolve("refs/remotes/origin/main") == fixture.firstCommit)
        let object = "objects/" + dangling.prefix(2) + "/" + dangling.dropFirst(2)
        let links = try FileManager.default.attributesOfItem(atPath: clone.gitDirectory + object)[.referenceCount] as? Int
        #expect(links == 2)
    }

    /// A store of loose objects past git's own `gc.auto` threshold would copy many times a
    /// pack's size: it is fetched, which packs it.
    @Test func aMostlyLooseStoreIsFetched() throws {
        let sources = try LocalSources()
        let source = sources.scratch.path("loose")
        try gitCLI("init", "-q", "--initial-branch=main", source)
        let folder = sources.scratch.path("loose/files")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for number in 0...Repository.looseObjectLimit {
            try Data("\(number)\n".utf8).write(to: URL(fileURLWithPath: folder + "/\(number)"))
        }
        try gitCLI("-C", source, "add", "files")
        // No `gc --auto`, which would pack the store the test needs loose.
        try gitCLI("-C", source, "-c", "gc.auto=0", "commit", "-qm", "many")
        let sourceLoose = try gitCLI("-C", source, "count-objects").split(separator: " ").first.flatMap { Int($0) }
        #expect(try #require(sourceLoose) > Repository.looseObjectLimit)
        let clone = try Repository.clone(from: source, to: sources.scratch.path("c"), bare: true,
                                         credentials: TestGit.noCredentials)
        #expect(try clone.resolve("refs/remotes/origin/main") == ObjectID(hex: gitCLI("-C", source, "rev-parse", "main")))
        let loose = try gitCLI("--git-dir", clone.gitDirectory, "count-objects")
        #expect(loose.hasPrefix("0 objects"), "\(loose)")
    }

    @Test func cloningAnEmptyRemoteLeavesHeadUnbornOnMain() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        _ = try Repository.create(at: scratch.path("empty.git"), bare: true)
        let clone = try Repository.clone(from: scratch.path("empty.git"), to: scratch.path("c"), credentials: TestGit.noCredentials)
        #expect(try clone.headReferenceName() == "refs/heads/main")
        #expect(try clone.referenceTarget("HEAD") == nil)
    }

    @Test func fetchUpdatesTrackingReferencesPrunesAndReportsProgress() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        // Someone else pushes a new commit and a branch with the git CLI.
        let other = fixture.scratch.path("other")
        try gitCLI("clone", "-q", fixture.remotePath, other)
        try fixture.scratch.write("more\n", to: "other/more.txt")
        try gitCLI("-C", other, "add", ".")
        try gitCLI("-C", other, "commit", "-qm", "more")
        try gitCLI("-C", other, "push", "-q", "origin", "main", "main:refs/heads/feature")
        let newTip = try ObjectID(hex: gitCLI("-C", other, "rev-parse", "HEAD"))

        var reports: [TransferProgress] = []
        try cache.fetch(credentials: TestGit.noCredentials) { reports.append($0) }
        #expect(try cache.resolve("refs/remotes/origin/main") == newTip)
        #expect(try cache.resolve("refs/remotes/origin/feature") == newTip)
        let last = try #require(reports.last)
        #expect(last.totalObjects == 3)
        #expect(last.receivedObjects == last.totalObjects)
        #expect(last.indexedObjects == last.totalObjects)
        #expect(last.receivedBytes > 0)

        try gitCLI("-C", other, "push", "-q", "origin", ":refs/heads/feature")
        try cache.fetch(prune: false, credentials: TestGit.noCredentials)
        #expect(try cache.referenceTarget("refs/remotes/origin/feature") == newTip)
        try cache.fetch(prune: true, credentials: TestGit.noCredentials)
        #expect(try cache.referenceTarget("refs/remotes/origin/feature") == nil)
    }

    @Test func cloneOverGitProtocolReportsProgress() throws {
        let fixture = try Fixture()
        let daemon = try LocalGitDaemon(basePath: fixture.scratch.url.path)
        var last: TransferProgress?
        let clone = try Repository.clone(from: daemon.url("remote.git"), to: fixture.scratch.path("c"), bare: true,
                                         credentials: TestGit.noCredentials) { last = $0 }
        #expect(try clone.resolve("refs/remotes/origin/main") == fixture.firstCommit)
        #expect(last == TransferProgress(totalObjects: 3, receivedObjects: 3, indexedObjects: 3,
                                         receivedBytes: try #require(last).receivedBytes))
    }

    @Test func unreachableRemotesGetAPreciseError() throws {
        let fixture = try Fixture()
        let port = try freeLocalPort()
        let url = "git://127.0.0.1:\(port)/specs.git"
        let error = try #require(throws: GitError.self) {
            try Repository.clone(from: url, to: fixture.scratch.path("c"), credentials: TestGit.noCredentials)
        }
        #expect(error == .unreachable(url: url, reason: "failed to connect to 127.0.0.1: Connection refused"))
        #expect(error.description == "cannot reach \(url): failed to connect to 127.0.0.1: Connection refused;"
            + " check the url, the network, and that the repository exists")

        let missing = fixture.scratch.path("no-such.git")
        let local = try #require(throws: GitError.self) {
            try Repository.clone(from: missing, to: fixture.scratch.path("d"), credentials: TestGit.noCredentials)
        }
        #expect(local == .unreachable(url: missing, reason: "\(missing) does not exist"))
        let notARepository = fixture.scratch.path("plain-directory")
        try FileManager.default.createDirectory(atPath: notARepository, withIntermediateDirectories: true)
        let plain = try #require(throws: GitError.self) {
            try Repository.clone(from: "file://" + notARepository, to: fixture.scratch.path("e"), credentials: TestGit.noCredentials)
        }
        #expect(plain == .unreachable(url: "file://" + notARepository, reason: "could not find repository from '\(notARepository)'"))

        let cache = try fixture.clone("cache")
        try gitCLI("--git-dir", cache.gitDirectory, "remote", "set-url", "origin", "git://user:hunter2@127.0.0.1:\(port)/specs.git")
        let reopened = try Repository.open(at: cache.gitDirectory)
        let fetchError = try #require(throws: GitError.self) { try reopened.fetch(credentials: TestGit.noCredentials) }
        #expect(fetchError.description.hasPrefix("cannot reach git://user:***@127.0.0.1:\(port)/specs.git: "))
        #expect(!fetchError.description.contains("hunter2"))
    }

    @Test func aMissingRemoteNameIsReported() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        #expect(throws: GitError.remoteNotFound(name: "upstream", repository: cache.displayPath)) {
            try cache.fetch(from: "upstream", credentials: TestGit.noCredentials)
        }
    }

    @Test func resolvesRevisionsAndReportsMissingOnes() throws {
        let fixture = try Fixture()
        let remote = try Repository.open(at: fixture.remotePath)
        #expect(try remote.resolve("main") == fixture.firstCommit)
        #expect(try remote.resolve("refs/heads/main") == fixture.firstCommit)
        #expect(try remote.resolve(fixture.firstCommit.hex) == fixture.firstCommit)
        #expect(try remote.referenceTarget("refs/heads/main") == fixture.firstCommit)
        #expect(try remote.referenceTarget("refs/heads/nope") == nil)
        let error = try #require(throws: GitError.self) { try remote.resolve("release/9") }
        #expect(error.description == "release/9 does not exist in \(remote.displayPath); check the branch, tag or"
            + " commit name, and fetch if it is new")
        #expect(try remote.referenceNames(matching: "refs/heads/*") == ["refs/heads/main"])
    }

    @Test func updatesReferencesOnlyFromTheExpectedValue() throws {
        let fixture = try Fixture()
        let remote = try Repository.open(at: fixture.remotePath)
        let tree = try remote.tree(at: "main")
        let second = try remote.createCommit(tree: tree, parents: [fixture.firstCommit], message: "second", author: .test())
        try remote.updateReference("refs/heads/main", to: second, expecting: fixture.firstCommit, message: "test")
        #expect(try remote.resolve("main") == second)
        // A writer still believing in the first commit loses.
        #expect(throws: GitError.referenceChanged(name: "refs/heads/main", repository: remote.displayPath,
                                                  expected: fixture.firstCommit)) {
            try remote.updateReference("refs/heads/main", to: fixture.firstCommit, expecting: fixture.firstCommit,
                                       message: "test")
        }
        #expect(throws: GitError.referenceChanged(name: "refs/heads/main", repository: remote.displayPath, expected: nil)) {
            try remote.updateReference("refs/heads/main", to: fixture.firstCommit, expecting: nil, message: "test")
        }
        try remote.updateReference("refs/heads/new", to: fixture.firstCommit, expecting: nil, message: "test")
        #expect(try remote.resolve("new") == fixture.firstCommit)
        try remote.deleteReference("refs/heads/new")
        try remote.deleteReference("refs/heads/new")
        #expect(try remote.referenceTarget("refs/heads/new") == nil)
        #expect(try remote.isAncestor(fixture.firstCommit, of: second))
        #expect(try !remote.isAncestor(second, of: fixture.firstCommit))
    }

    @Test func objectIDsParseOnlyFortyHexDigits() throws {
        let id = try ObjectID(hex: "4B825DC642CB6EB9A060E54BF8D69288FBEE4904")
        #expect(id.hex == "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
        #expect(id.shortHex == "4b825dc")
        #expect(throws: GitError.invalidObjectID("4b825dc")) { try ObjectID(hex: "4b825dc") }
        #expect(throws: GitError.invalidObjectID("zb825dc642cb6eb9a060e54bf8d69288fbee4904")) {
            try ObjectID(hex: "zb825dc642cb6eb9a060e54bf8d69288fbee4904")
        }
        #expect(GitError.invalidObjectID("main").description == "'main' is not an object id; an object id has 40 hexadecimal digits")
    }

    @Test func remotesKnowTheirURLAndWhetherTheyAreLocal() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        #expect(try cache.remote().url == fixture.remotePath)
        #expect(try cache.remote().isLocal)
        let other = try cache.addRemote(named: "mirror", url: "ssh://git@git.example.com/specs.git")
        #expect(!other.isLocal)
        #expect(try cache.remote(named: "mirror").name == "mirror")
    }

    @Test func defaultSignatureComesFromConfigOrIsCompctls() throws {
        let fixture = try Fixture()
        let remote = try Repository.open(at: fixture.remotePath)
        #expect(remote.defaultSignature() == Signature(name: "compctl", email: "compctl@localhost"))
        try gitCLI("--git-dir", fixture.remotePath, "config", "user.name", "Release Bot")
        try gitCLI("--git-dir", fixture.remotePath, "config", "user.email", "bot@example.invalid")
        let reopened = try Repository.open(at: fixture.remotePath)
        #expect(reopened.defaultSignature() == Signature(name: "Release Bot", email: "bot@example.invalid"))
    }
}

/// Repositories on this machine that a copy of the object store gets wrong, made with the git
/// CLI from one work repository of two commits, its objects loose.
private struct LocalSources {
    let scratch: TemporaryDirectory
    let work: String
    let tip: ObjectID
    let relativeAlternate: String
    let absoluteAlternate: String
    let symlinkedFolder: String
    let shallow: String
    let corruptBlob: String
    let corruptDetachedHead: String

    init(_ name: String = #function) throws {
        try TestGit.isolate()
        scratch = try TemporaryDirectory(prefix: "compctl-git", name)
        work = scratch.path("work")
        try gitCLI("init", "-q", "--initial-branch=main", work)
        for text in ["hello", "again"] {
            try scratch.write(text + "\n", to: "work/README.md")
            try gitCLI("-C", work, "add", "README.md")
            try gitCLI("-C", work, "commit", "-qm", text)
        }
        tip = try ObjectID(hex: gitCLI("-C", work, "rev-parse", "main"))
        let readme = try gitCLI("-C", work, "rev-parse", "main:README.md")
        let older = try gitCLI("-C", work, "rev-parse", "main~1:README.md")
        let loose = { (repository: String, id: String) in "\(repository)/.git/objects/\(id.prefix(2))/\(id.dropFirst(2))" }
        let manager = FileManager.default

        relativeAlternate = scratch.path("relative.git")
        try gitCLI("clone", "-q", "--bare", "--shared", work, relativeAlternate)
        try scratch.write("../../work/.git/objects\n", to: "relative.git/objects/info/alternates")
        absoluteAlternate = scratch.path("absolute.git")
        try gitCLI("clone", "-q", "--bare", "--shared", work, absoluteAlternate)

        // The folder holding the tip's README blob moved away, a symlink in its place.
        symlinkedFolder = scratch.path("linked")
        try gitCLI("clone", "-q", "--no-hardlinks", work, symlinkedFolder)
        let folder = "\(symlinkedFolder)/.git/objects/\(readme.prefix(2))"
        try manager.moveItem(atPath: folder, toPath: scratch.path("elsewhere"))
        try manager.createSymbolicLink(atPath: folder, withDestinationPath: scratch.path("elsewhere"))

        shallow = scratch.path("shallow.git")
        try gitCLI("clone", "-q", "--bare", "--depth", "1", "file://" + work, shallow)

        // The tip's README blob holds the older README: its content is not its id.
        corruptBlob = scratch.path("corrupt")
        try gitCLI("clone", "-q", "--no-hardlinks", work, corruptBlob)
        try manager.removeItem(atPath: loose(corruptBlob, readme))
        try manager.copyItem(atPath: loose(corruptBlob, older), toPath: loose(corruptBlob, readme))

        // HEAD detached on a commit of its own, whose one new blob is damaged; main is whole.
        corruptDetachedHead = scratch.path("detached")
        try gitCLI("clone", "-q", "--no-hardlinks", work, corruptDetachedHead)
        try gitCLI("-C", corruptDetachedHead, "checkout", "-q", "--detach")
        try scratch.write("only here\n", to: "detached/side.txt")
        try gitCLI("-C", corruptDetachedHead, "add", "side.txt")
        try gitCLI("-C", corruptDetachedHead, "commit", "-qm", "side")
        let side = try gitCLI("-C", corruptDetachedHead, "rev-parse", "HEAD:side.txt")
        try manager.removeItem(atPath: loose(corruptDetachedHead, side))
        try manager.copyItem(atPath: loose(corruptDetachedHead, older), toPath: loose(corruptDetachedHead, side))
    }

    func url(_ path: String, _ form: String) -> String {
        form == "path" ? path : "file://" + path
    }
}

import Foundation
import Git
import Testing
@testable import SpecRepo

@Suite struct GitSpecTreeTests {
    /// A small repo with pods, Specs/ beside the root files, and some junk.
    static let files = podFiles("Foo", ["1.0.0", "1.1.0"], in: "Specs")
        .merging(podFiles("Bar", ["2.0.0"], in: "Specs"))
        .merging([
            "README.md": "# specs\n",
            "Specs/Foo/1.1.0/Foo.podspec~": "backup",
            "Specs/Foo/notes.txt": "junk",
            "Specs/Bar/latest/Bar.podspec.json": jsonSpec("Bar", "latest"),
        ])

    @Test func readsEntriesAndContentsFromGitObjects() throws {
        let scratch = try TemporaryDirectory()
        let head = try #require(try makeBareRepository(at: scratch("specs.git"), files: Self.files))
        let tree = try GitSpecTree(repositoryAt: scratch("specs.git"), revision: "refs/heads/main", location: "acme")

        #expect(tree.commit == head)
        #expect(tree.location == "acme")
        #expect(tree.supportsConcurrentReads)
        #expect(try tree.entries(at: "").sorted { $0.name < $1.name }
            == [TreeEntry(name: "README.md", kind: .file), TreeEntry(name: "Specs", kind: .directory)])
        #expect(try Set(tree.entries(at: "Specs/Foo"))
            == [TreeEntry(name: "1.0.0", kind: .directory), TreeEntry(name: "1.1.0", kind: .directory),
                TreeEntry(name: "notes.txt", kind: .file)])
        #expect(String(decoding: try tree.contents(at: "Specs/Foo/1.0.0/Foo.podspec.json"), as: UTF8.self)
            == jsonSpec("Foo", "1.0.0"))
        #expect(String(decoding: try tree.contents(at: "README.md"), as: UTF8.self) == "# specs\n")

        let listing = try tree.entriesWithChildren(at: "Specs/Foo").sorted { $0.entry.name < $1.entry.name }
        #expect(listing.map(\.entry.name) == ["1.0.0", "1.1.0", "notes.txt"])
        #expect(try listing[1].children?.get().map(\.name).sorted() == ["Foo.podspec.json", "Foo.podspec~"])
        #expect(listing[2].children == nil)
    }

    @Test func reportsMissingPathsFilesAndDirectoriesPrecisely() throws {
        let scratch = try TemporaryDirectory()
        try makeBareRepository(at: scratch("specs.git"), files: Self.files)
        let tree = try GitSpecTree(repositoryAt: scratch("specs.git"), location: "acme")

        #expect(throws: SpecRepoError.noSuchPath("acme/Specs/Nope")) { try tree.entries(at: "Specs/Nope") }
        #expect(throws: SpecRepoError.notADirectory("acme/README.md")) { try tree.entries(at: "README.md") }
        #expect(throws: SpecRepoError.noSuchPath("acme/Specs/Foo/9.9.9/Foo.podspec.json")) {
            try tree.contents(at: "Specs/Foo/9.9.9/Foo.podspec.json")
        }
        #expect(throws: SpecRepoError.unreadable(path: "acme/Specs/Foo", reason: "it is a directory")) {
            try tree.contents(at: "Specs/Foo")
        }
    }

    @Test func aRevisionThatDoesNotExistIsAGitError() throws {
        let scratch = try TemporaryDirectory()
        try makeBareRepository(at: scratch("empty.git"), files: [:])
        #expect(throws: GitError.self) { try GitSpecTree(repositoryAt: scratch("empty.git")) }
    }

    @Test func listsTheSameAsADirectoryOfTheSameFiles() throws {
        let scratch = try TemporaryDirectory()
        try makeBareRepository(at: scratch("specs.git"), files: Self.files)
        try scratch.write(Self.files, under: "checkout")

        let fromGit = try SpecRepository(tree: GitSpecTree(repositoryAt: scratch("specs.git")), name: "acme")
        let fromDirectory = try SpecRepository(directory: scratch("checkout"), name: "acme")
        #expect(fromGit.listing == ["Bar\t2.0.0", "Foo\t1.1.0 1.0.0"])
        #expect(fromGit.listing == fromDirectory.listing)
        #expect(fromGit.junk == fromDirectory.junk)
        #expect(fromGit.junk == [
            "Specs/Bar/latest: directory name is not a version",
            "Specs/Foo/1.1.0/Foo.podspec~: editor backup file (*.podspec~); delete it",
            "Specs/Foo/notes.txt: file where a version directory is expected",
        ])
        #expect(try fromGit.specification(name: "Foo", version: version("1.1.0")).version == "1.1.0")
    }

    @Test func listsAShardedRepoAndLoadsSpecsFromSeveralThreads() throws {
        let layout = SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1, 1])
        var files = ["CocoaPods-version.yml": "---\nprefix_lengths:\n- 1\n- 1\n- 1\n"]
        let names = (0..<100).map { "Pod\($0)" }
        for name in names {
            for version in ["1.0.0", "1.1.0"] {
                files[layout.podPath(for: name) + "/\(version)/\(name).podspec.json"] = jsonSpec(name, version)
            }
        }
        let scratch = try TemporaryDirectory()
        try makeBareRepository(at: scratch("specs.git"), files: files)
        let repository = try SpecRepository(tree: GitSpecTree(repositoryAt: scratch("specs.git")))

        #expect(repository.layout == layout)
        #expect(repository.pods.count == 100)
        #expect(repository.junk.isEmpty)
        let loaded = Locked(0)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            if (try? repository.specification(name: names[index], version: version("1.1.0"))) != nil {
                loaded.withLock { $0 += 1 }
            }
        }
        #expect(loaded.withLock { $0 } == 100)
    }

    @Test(arguments: Corpus.specRepoBundles)
    func readsEachCorpusRepoFromObjectsExactlyAsItsCheckout(bundle: String) throws {
        try TestGit.isolate()
        let (parent, checkout) = try Corpus.clone(bundle)
        defer { parent.remove() }
        let bare = parent.path("\(bundle).git")
        try gitCLI("clone", "--quiet", "--bare", Corpus.root.appendingPathComponent("specrepos/\(bundle).bundle").path, bare)

        let fromGit = try SpecRepository(tree: GitSpecTree(repositoryAt: bare, location: checkout.path), name: bundle)
        let fromDirectory = try SpecRepository(directory: checkout.path, name: bundle)
        #expect(fromGit.layout == fromDirectory.layout)
        #expect(fromGit.listing == fromDirectory.listing)
        #expect(fromGit.junk == fromDirectory.junk)
        let expected = try Corpus.expectations(bundle)
        #expect(fromGit.listing == expected.pods)
        #expect(fromGit.junk == expected.skipped)
    }
}

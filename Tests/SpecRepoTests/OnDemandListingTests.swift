import Foundation
import SpecRepo
import Testing

/// `ListingDepth.onDemand`: a resolver reads only the pods it asks for, at the path their
/// names give, and sees the same pods, versions and junk as a full listing.
@Suite struct OnDemandListingTests {
    static let files = podFiles("Foo", ["1.0.0", "2.0.0"])
        .merging(podFiles("Bar", ["0.1.0"]))
        .merging(["Bar/.DS_Store": "", "Bar/notes.txt": "", "README.md": "# specs"])

    @Test func readsOnlyThePodsAskedFor() throws {
        let tree = CountingTree(InMemorySpecTree(location: "/repos/acme", textFiles: Self.files))
        let repo = try SpecRepository(tree: tree, depth: .onDemand)
        // Opening reads the root until a folder that is a pod, as nothing marks this a spec
        // repo (the root's listing order says which); that pod is not read again when asked.
        let first = try #require(tree.listed.last)
        #expect(tree.listed == ["", first] && ["Bar", "Foo"].contains(first))
        #expect(repo.versions(of: "Bar") == [version("0.1.0")])
        #expect(repo.versions(of: "Foo") == [version("2.0.0"), version("1.0.0")])
        #expect(repo.versions(of: "Foo") == [version("2.0.0"), version("1.0.0")])
        #expect(tree.listed == ["", first, first == "Bar" ? "Foo" : "Bar"])
        #expect(try repo.specification(name: "Foo", version: version("2.0.0")).version == "2.0.0")
    }

    @Test func aPodNotInTheRepoIsAbsentNotJunk() throws {
        let repo = try SpecRepository.test(files: Self.files, depth: .onDemand)
        #expect(repo.versions(of: "Missing").isEmpty)
        #expect(repo.versions(of: "README.md").isEmpty)
        #expect(repo.versions(of: ".git").isEmpty)
        #expect(repo.versions(of: "Foo/Core").isEmpty)
        // Opening read Bar to show that this is a spec repo; its junk is reported when Bar is
        // asked for, as any pod's.
        #expect(repo.junk == [])
        #expect(repo.versions(of: "Bar") == [version("0.1.0")])
        #expect(repo.junk == ["Bar/.DS_Store: hidden file", "Bar/notes.txt: file where a version directory is expected"])
    }

    @Test func listsTheWholeRepoLikeVersionsWhenAskedForEveryPod() throws {
        let onDemand = try SpecRepository.test(files: Self.files, depth: .onDemand)
        let full = try SpecRepository.test(files: Self.files, depth: .versions)
        #expect(onDemand.podNames() == ["Bar", "Foo"])
        #expect(onDemand.listing == full.listing)
        #expect(onDemand.junk == full.junk)
    }

    /// A pod's spec reads are kept by the version's position in its listing. Listing the
    /// whole repo later lists the pod again; if its folder changed meanwhile, the positions
    /// differ, and each read must still be found by its folder, not by its old position.
    @Test func aPodListedAgainAfterItsFolderChangedKeepsItsReads() throws {
        let scratch = try TemporaryDirectory(prefix: "compctl-relisted")
        try scratch.write(podFiles("Foo", ["1.0.0", "2.0.0"]))
        let repo = try SpecRepository(directory: scratch.path, depth: .onDemand)
        #expect(try repo.specification(name: "Foo", version: version("1.0.0")).version == "1.0.0")
        try scratch.write(podFiles("Foo", ["3.0.0", "1.5.0"]))
        #expect(repo.podNames() == ["Foo"])
        #expect(repo.versions(of: "Foo") == ["3.0.0", "2.0.0", "1.5.0", "1.0.0"].map(version))
        for text in ["1.0.0", "1.5.0", "3.0.0", "2.0.0", "1.0.0"] {
            #expect(try repo.specification(name: "Foo", version: version(text)).version == text)
            #expect(throws: Never.self) { try repo.model(name: "Foo", version: version(text)) }
        }
        #expect(repo.junk.isEmpty)
    }

    /// In a sharded repo the pod's directory comes from the MD5 of its name: no shard
    /// directory is listed to find it.
    @Test func goesStraightToTheShardOfAPod() throws {
        let layout = SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1, 1])
        let files = ["CocoaPods-version.yml": "---\nprefix_lengths:\n- 1\n- 1\n- 1\n",
                     layout.podPath(for: "Foo") + "/1.0.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0")]
        let tree = CountingTree(InMemorySpecTree(location: "/repos/trunk", textFiles: files))
        let repo = try SpecRepository(tree: tree, depth: .onDemand)
        #expect(repo.versions(of: "Foo") == [version("1.0.0")])
        #expect(tree.listed == ["", layout.podPath(for: "Foo")])
    }

    /// On disk, as a resolve opens it: without `Specs` and the metadata file, the root is read
    /// until a pod, whatever stands before it; a repository a hosting service just created
    /// (only a README, a licence, a .gitignore) is an empty spec repo; a metadata file at the
    /// root shards the root, known without a listing.
    @Test func opensOnDiskWithoutListingTheRoot() throws {
        let scratch = try TemporaryDirectory(prefix: "compctl-on-demand")
        var files: [String: String] = [:]
        for index in 0..<200 { files["plain/docs\(index)/notes.md"] = "" }
        files["plain/Zed/1.0.0/Zed.podspec.json"] = jsonSpec("Zed", "1.0.0")
        files["fresh/README.md"] = "# specs"
        files["fresh/LICENSE"] = ""
        files["fresh/.gitignore"] = ""
        let sharded = SpecRepoLayout(specsDirectory: "", prefixLengths: [1])
        files["sharded/CocoaPods-version.yml"] = "---\nprefix_lengths:\n- 1\n"
        files["sharded/" + sharded.podPath(for: "Foo") + "/1.0.0/Foo.podspec.json"] = jsonSpec("Foo", "1.0.0")
        try scratch.write(files)
        let plain = try SpecRepository(directory: scratch.path("plain"), depth: .onDemand)
        #expect(plain.versions(of: "Zed") == [version("1.0.0")])
        #expect(plain.junk.isEmpty)
        let fresh = try SpecRepository(directory: scratch.path("fresh"), depth: .onDemand)
        #expect(fresh.versions(of: "Zed").isEmpty)
        let shardedRepo = try SpecRepository(directory: scratch.path("sharded"), depth: .onDemand)
        #expect(shardedRepo.layout == sharded)
        #expect(shardedRepo.versions(of: "Foo") == [version("1.0.0")])
        try FileManager.default.removeItem(atPath: scratch.path("plain/Zed"))
        #expect(throws: SpecRepoError.notASpecRepository(scratch.path("plain"))) {
            try SpecRepository(directory: scratch.path("plain"), depth: .onDemand)
        }
        #expect(throws: SpecRepoError.repositoryNotFound(scratch.path("missing"))) {
            try SpecRepository(directory: scratch.path("missing"), depth: .onDemand)
        }
        #expect(throws: SpecRepoError.repositoryIsAFile(scratch.path("fresh/README.md"))) {
            try SpecRepository(directory: scratch.path("fresh/README.md"), depth: .onDemand)
        }
    }

    /// A metadata file that cannot be read fails the opening with the error a full listing
    /// gives (the file's own), not one that says the repo is missing or a file.
    @Test func anUnreadableMetadataFileFailsAsInAFullListing() throws {
        for target in ["nowhere.yml", "Foo/1.0.0/Foo.podspec.json/x"] {
            let scratch = try TemporaryDirectory(prefix: "compctl-on-demand")
            try scratch.write(podFiles("Foo", ["1.0.0"]))
            try FileManager.default.createSymbolicLink(atPath: scratch.path("CocoaPods-version.yml"), withDestinationPath: target)
            var full = "", onDemand = ""
            do { _ = try SpecRepository(directory: scratch.url.path, depth: .versions) } catch { full = "\(error)" }
            do { _ = try SpecRepository(directory: scratch.url.path, depth: .onDemand) } catch { onDemand = "\(error)" }
            #expect(full.contains("CocoaPods-version.yml"), "\(full)")
            #expect(onDemand == full, "\(target)")
        }
    }

    @Test func refusesADirectoryWithoutPods() throws {
        #expect(throws: SpecRepoError.notASpecRepository("/repos/acme")) {
            try SpecRepository.test(files: ["docs/guide/intro.md": "", "README.md": ""], depth: .onDemand)
        }
    }
}

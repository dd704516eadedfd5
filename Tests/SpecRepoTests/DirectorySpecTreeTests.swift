import Foundation
import Testing
@testable import SpecRepo

@Suite struct DirectorySpecTreeTests {
    /// A fresh directory holding `files` and `emptyDirectories`, removed at the end of the test.
    static func scratch(_ files: [String: String] = [:], emptyDirectories: [String] = []) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "compctl-tree")
        try directory.write(files)
        for path in emptyDirectories {
            try FileManager.default.createDirectory(atPath: directory.path(path), withIntermediateDirectories: true)
        }
        return directory
    }

    @Test func listsEntriesWithTheirKind() throws {
        let scratch = try Self.scratch(["Foo/1.0.0/Foo.podspec.json": "{}", "Foo/README": ""])
        let tree = DirectorySpecTree(path: scratch.url.path + "/")
        #expect(Set(try tree.entries(at: "Foo")) == [
            TreeEntry(name: "1.0.0", kind: .directory), TreeEntry(name: "README", kind: .file),
        ])
        #expect(try tree.contents(at: "Foo/1.0.0/Foo.podspec.json") == Data("{}".utf8))
        #expect(tree.location == scratch.url.path)
        #expect(tree.defaultName == scratch.url.lastPathComponent)
        #expect(DirectorySpecTree(path: scratch.url.path + "/Foo/..").defaultName == scratch.url.lastPathComponent)
    }

    /// More entries than one 32 KiB `getdents64` buffer holds.
    @Test func directoryLargerThanOneReadIsListedWhole() throws {
        let names = (0..<3000).map { String(format: "version-directory-name-%05d", $0) }
        let scratch = try Self.scratch([:], emptyDirectories: names.map { "Big/" + $0 })
        let tree = DirectorySpecTree(path: scratch.url.path)
        #expect(try tree.entries(at: "Big").map(\.name).sorted() == names)
        let listing = try tree.entriesWithChildren(at: "")
        #expect(listing.count == 1)
        #expect(try listing[0].children?.get().count == 3000)
    }

    @Test func symlinkToADirectoryIsADirectory() throws {
        let scratch = try Self.scratch(["Real/1.0.0/Real.podspec.json": "{}"])
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("Linked").path, withDestinationPath: "Real")
        let entries = try DirectorySpecTree(path: scratch.url.path).entries(at: "")
        #expect(entries.contains(TreeEntry(name: "Linked", kind: .directory)))
    }

    /// A spec repo beside a folder it must never read: links out of it are junk, and reading
    /// through them is refused, however the path is reached.
    @Test func symlinksLeadingOutOfTheRepoAreJunkAndNeverFollowed() throws {
        let scratch = try Self.scratch([
            "repo/Bar/1.0.0/Bar.podspec.json": jsonSpec("Bar", "1.0.0"),
            "repo/Foo/2.0.0/Foo.podspec.json": jsonSpec("Foo", "2.0.0"),
            "repo/Inner/1.0.0/Inner.podspec.json": jsonSpec("Inner", "1.0.0"),
            "outside/Evil/1.0.0/Evil.podspec.json": jsonSpec("Evil", "1.0.0"),
            "outside/Foo.podspec.json": jsonSpec("Foo", "1.0.0"),
            "outside/versions/Foo.podspec.json": jsonSpec("Foo", "3.0.0"),
        ])
        let root = scratch.url.appendingPathComponent("repo").path
        let outside = scratch.url.appendingPathComponent("outside").path
        let links = [
            "Evil": outside + "/Evil",                          // a pod folder, absolute
            "Foo/1.0.0": "../../outside",                       // a version folder, relative
            "Foo/3.0.0": outside + "/versions",
            "Foo/2.0.0/Foo.podspec": "../../../outside/Foo.podspec.json",  // a spec file
            "Inner/2.0.0": "1.0.0",                             // inside: followed
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/Bar/1.0.0/Bar.podspec", withDestinationPath: outside
            + "/Foo.podspec.json")

        let repository = try SpecRepository(directory: root, name: "acme")
        #expect(repository.listing == ["Bar\t1.0.0", "Foo\t2.0.0", "Inner\t2.0.0 1.0.0"])
        let leaves = "symbolic link that leads outside the spec repo; not followed: replace it by what it points to"
        #expect(repository.junk == [
            "Evil: \(leaves)",
            "Bar/1.0.0/Bar.podspec: \(leaves)",
            "Foo/1.0.0: \(leaves)",
            "Foo/2.0.0/Foo.podspec: \(leaves)",
            "Foo/3.0.0: \(leaves)",
        ])
        #expect(try repository.specification(name: "Foo", version: version("2.0.0")).version == "2.0.0")

        // Listed on demand, a pod is found by its path without listing the root first.
        let onDemand = try SpecRepository(directory: root, name: "acme", depth: .onDemand)
        #expect(onDemand.pod(named: "Evil") == nil)
        #expect(onDemand.versions(of: "Foo") == [version("2.0.0")])
        #expect(onDemand.junk.contains("Evil: \(leaves)"))

        // The tree itself refuses to read through such a link, whatever path leads there.
        let tree = DirectorySpecTree(path: root)
        #expect(Set(try tree.entries(at: "")).contains(TreeEntry(name: "Evil", kind: .directory, leavesTree: true)))
        #expect(Set(try tree.entries(at: "Inner")).contains(TreeEntry(name: "2.0.0", kind: .directory)))
        let refused: [(String, String)] = [("Evil", outside + "/Evil"), ("Evil/1.0.0", outside + "/Evil/1.0.0"),
                                           ("Foo/1.0.0", outside)]
        for (path, target) in refused {
            #expect(throws: SpecRepoError.leavesRepository(path: root + "/" + path, target: target)) {
                try tree.entries(at: path)
            }
            #expect(throws: SpecRepoError.leavesRepository(path: root + "/" + path, target: target)) {
                try tree.entriesWithChildren(at: path)
            }
        }
        #expect(throws: SpecRepoError.leavesRepository(path: root + "/Foo/2.0.0/Foo.podspec",
                                                       target: outside + "/Foo.podspec.json")) {
            try tree.contents(at: "Foo/2.0.0/Foo.podspec")
        }
        #expect(throws: SpecRepoError.leavesRepository(path: root + "/Evil/1.0.0/Evil.podspec.json",
                                                       target: outside + "/Evil/1.0.0/Evil.podspec.json")) {
            try tree.contents(at: "Evil/1.0.0/Evil.podspec.json")
        }
        #expect(SpecRepoError.leavesRepository(path: "/r/Evil", target: "/etc").description
            == "'/r/Evil' leads outside the spec repo (to /etc) through a symbolic link, which compctl does not "
            + "follow; replace the link by what it points to")
        #expect(try tree.contents(at: "Inner/2.0.0/Inner.podspec.json") == Data(jsonSpec("Inner", "1.0.0").utf8))
    }

    /// An absolute link to a folder inside the repo, which the kernel's check beneath the
    /// root (`openat2`) refuses, is still followed, by the full path and the `readlink` check.
    @Test func anAbsoluteLinkThatStaysInsideIsFollowed() throws {
        let scratch = try Self.scratch(["Foo/1.0.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0")])
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("Foo/2.0.0"), withDestinationPath: scratch.path("Foo/1.0.0"))
        let tree = DirectorySpecTree(path: scratch.url.path)
        #expect(try tree.entries(at: "Foo/2.0.0") == [TreeEntry(name: "Foo.podspec.json", kind: .file)])
        #expect(try tree.contents(at: "Foo/2.0.0/Foo.podspec.json") == Data(jsonSpec("Foo", "1.0.0").utf8))
    }

    /// A file is read in one call of the size `fstat` gives; empty and large files too.
    @Test func filesAreReadWholeWhateverTheirSize() throws {
        let sizes = [0, 1, 4095, 65_536, 200_001]
        var files: [String: String] = [:]
        for size in sizes { files["file-\(size)"] = String(repeating: "x", count: size) }
        let scratch = try Self.scratch(files)
        let tree = DirectorySpecTree(path: scratch.url.path)
        for size in sizes {
            #expect(try tree.contents(at: "file-\(size)") == Data(String(repeating: "x", count: size).utf8))
        }
    }

    /// A repo given by a path through a symlink (`/tmp` on macOS is one) reads as usual.
    @Test func aRootReachedThroughASymlinkIsNotOutsideItself() throws {
        let scratch = try Self.scratch(["real/Foo/1.0.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0")])
        let alias = scratch.url.appendingPathComponent("alias").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: "real")
        let repository = try SpecRepository(directory: alias, name: "acme")
        #expect(repository.listing == ["Foo\t1.0.0"])
        #expect(repository.junk.isEmpty)
        #expect(try repository.specification(name: "Foo", version: version("1.0.0")).name == "Foo")
    }

    /// Reading until an entry stops there, a small batch in: a repo opened on demand reads
    /// its root only until the first pod.
    @Test func readsAsFarAsAsked() throws {
        let names = (0..<3000).map { String(format: "Pod%05d", $0) }
        let scratch = try Self.scratch([:], emptyDirectories: names)
        let tree = DirectorySpecTree(path: scratch.url.path)
        var seen = 0
        let first = try tree.entries(at: "") { _ in
            seen += 1
            return true
        }
        #expect(first.stopped && first.entries.count == 1 && seen == 1)
        let all = try tree.entries(at: "") { _ in false }
        #expect(!all.stopped && all.entries.map(\.name).sorted() == names)
        let listed = try tree.entries(at: "")
        #expect(all.entries == listed, "the same entries in the same order as a listing")
        let found = try tree.entries(at: "") { $0.name == names[2999] }
        #expect(found.stopped && found.entries.last?.name == names[2999])
        #expect(throws: SpecRepoError.noSuchPath(scratch.url.path + "/nope")) { try tree.entries(at: "nope") { _ in true } }
    }

    /// One entry looked up by name is the entry a listing gives: its kind, a link's target's,
    /// and whether a link leaves the tree.
    @Test func anEntryLookedUpByNameIsTheListedOne() throws {
        let scratch = try Self.scratch([
            "repo/Specs/Foo/1.0.0/Foo.podspec.json": "{}", "repo/CocoaPods-version.yml": "---\n", "repo/README.md": "",
            "outside/dir/x": "",
        ])
        let root = scratch.url.appendingPathComponent("repo").path
        for (link, target) in [("Inside", "Specs"), ("Outside", scratch.url.path + "/outside/dir"), ("Dangling", "nowhere"),
                               ("FileLink", "README.md")] {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
        }
        let tree = DirectorySpecTree(path: root)
        let listed = try tree.entries(at: "")
        for entry in listed {
            #expect(try tree.entry(named: entry.name, at: "") == entry, "\(entry.name)")
        }
        #expect(listed.count == 7)
        #expect(try tree.entry(named: "Missing", at: "") == nil)
        #expect(try tree.entry(named: "Foo", at: "Specs")?.kind == .directory)
        #expect(throws: SpecRepoError.noSuchPath(root + "/nope")) { try tree.entry(named: "Specs", at: "nope") }
        #expect(throws: SpecRepoError.notADirectory(root + "/README.md")) { try tree.entry(named: "x", at: "README.md") }
    }

    @Test func missingPathsAndFilesAreErrors() throws {
        let scratch = try Self.scratch(["a.txt": "x"])
        let tree = DirectorySpecTree(path: scratch.url.path)
        #expect(throws: SpecRepoError.noSuchPath(scratch.url.path + "/nope")) { try tree.entries(at: "nope") }
        #expect(throws: SpecRepoError.notADirectory(scratch.url.path + "/a.txt")) { try tree.entries(at: "a.txt") }
        #expect(throws: SpecRepoError.noSuchPath(scratch.url.path + "/nope")) { try tree.contents(at: "nope") }
    }

    /// Enough pods to take the parallel path; the result must equal the in-memory listing.
    @Test func parallelDirectoryListingEqualsInMemoryListing() throws {
        var files: [String: String] = ["CocoaPods-version.yml": "prefix_lengths: [1, 1]\n"]
        var empty: [String] = []
        let layout = SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1])
        for index in 0..<300 {
            let name = "Pod\(index)"
            let directory = "Specs/" + layout.shards(for: name).joined(separator: "/")
            files = files.merging(podFiles(name, ["1.0.\(index % 7)", "2.0.0-rc.\(index % 3 + 1)", "0.\(index).0"], in: directory))
            if index % 50 == 0 { files["\(directory)/\(name)/.DS_Store"] = "" }
            if index % 70 == 0 { empty.append("\(directory)/\(name)/9.9.9") }
        }
        let scratch = try Self.scratch(files, emptyDirectories: empty)
        let onDisk = try SpecRepository(directory: scratch.url.path, name: "acme")
        let inMemory = try SpecRepository.test(files: files, emptyDirectories: empty)
        #expect(onDisk.pods.count == 300)
        #expect(onDisk.listing == inMemory.listing)
        #expect(onDisk.junk == inMemory.junk)
        #expect(onDisk.junk.count == 6 + 5)
    }
}

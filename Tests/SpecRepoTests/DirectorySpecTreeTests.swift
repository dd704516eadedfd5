import Foundation
import Testing
@testable import SpecRepo

@Suite struct DirectorySpecTreeTests {
    /// A fresh directory holding `files`, removed at the end of the test.
    final class Scratch {
        let url: URL

        init(_ files: [String: String] = [:], emptyDirectories: [String] = []) throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("compctl-tree-\(UUID().uuidString)")
            for (path, text) in files {
                let file = url.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
            for path in emptyDirectories {
                try FileManager.default.createDirectory(at: url.appendingPathComponent(path), withIntermediateDirectories: true)
            }
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }
    }

    @Test func listsEntriesWithTheirKind() throws {
        let scratch = try Scratch(["Foo/1.0.0/Foo.podspec.json": "{}", "Foo/README": ""])
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
        let scratch = try Scratch([:], emptyDirectories: names.map { "Big/" + $0 })
        let tree = DirectorySpecTree(path: scratch.url.path)
        #expect(try tree.entries(at: "Big").map(\.name).sorted() == names)
        let listing = try tree.entriesWithChildren(at: "")
        #expect(listing.count == 1)
        #expect(try listing[0].children?.get().count == 3000)
    }

    @Test func symlinkToADirectoryIsADirectory() throws {
        let scratch = try Scratch(["Real/1.0.0/Real.podspec.json": "{}"])
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("Linked").path, withDestinationPath: "Real")
        let entries = try DirectorySpecTree(path: scratch.url.path).entries(at: "")
        #expect(entries.contains(TreeEntry(name: "Linked", kind: .directory)))
    }

    @Test func missingPathsAndFilesAreErrors() throws {
        let scratch = try Scratch(["a.txt": "x"])
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
        let scratch = try Scratch(files, emptyDirectories: empty)
        let onDisk = try SpecRepository(directory: scratch.url.path, name: "acme")
        let inMemory = try SpecRepository.test(files: files, emptyDirectories: empty)
        #expect(onDisk.pods.count == 300)
        #expect(onDisk.listing == inMemory.listing)
        #expect(onDisk.junk == inMemory.junk)
        #expect(onDisk.junk.count == 6 + 5)
    }
}

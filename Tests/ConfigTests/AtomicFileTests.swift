import Foundation
import Testing
import TestSupport
import FileIO

@Suite struct AtomicFileTests {
    @Test func replacesContentsAndKeepsMode() throws {
        let scratch = try TemporaryDirectory()
        let directory = scratch.url
        let path = directory.appendingPathComponent("Podfile").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)

        try AtomicFile.write("new\n", to: path)

        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Podfile"])
    }

    @Test func missingDirectoryIsAPreciseError() {
        #expect(throws: FileIOError.cannotWrite(
            path: "/nonexistent-compctl/x", reason: "No such file or directory")) {
            try AtomicFile.write("x", to: "/nonexistent-compctl/x")
        }
    }

    /// `create` never replaces: the first writer of a name wins, and no temporary file stays.
    @Test func createWritesANewFileOnly() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.url.appendingPathComponent("run.json").path
        #expect(try AtomicFile.create(Data("first\n".utf8), at: path))
        #expect(try !AtomicFile.create(Data("second\n".utf8), at: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["run.json"])
        #expect(throws: FileIOError.cannotWrite(path: "/nonexistent-compctl/x", reason: "No such file or directory")) {
            try AtomicFile.create(Data(), at: "/nonexistent-compctl/x")
        }
    }
}

import Foundation
import Testing

@Suite struct InitCommandTests {
    @Test func writesAStarterFileOnceAndRefusesToOverwrite() throws {
        let directory = try TemporaryDirectory()
        let first = try compctl(["init"], in: directory.url)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr == "wrote compctl.yml; edit spec_repos and projects to match your setup\n")
        let path = directory.url.appendingPathComponent("compctl.yml").path
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("spec_repos:"))
        #expect(written.contains("check_command:"))

        try "mine: true\n".write(toFile: path, atomically: true, encoding: .utf8)
        let second = try compctl(["init"], in: directory.url)
        #expect(second.exitCode == 1, "\(second)")
        #expect(second.stderr == "error: compctl.yml already exists; edit it, or pass --force to replace it with the starter file\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine: true\n")
    }

    @Test func componentFileAndDryRun() throws {
        let directory = try TemporaryDirectory()
        let result = try compctl(["init", "--component", "--dry-run"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("# compctl.yml for a component repo"))
        #expect(!result.stdout.contains("check_command"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}

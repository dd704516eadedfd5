import Foundation
import Testing

/// With `--json`, every failure is a document on stdout, usage errors (exit 64) included:
/// a script that passes a bad version read from elsewhere still gets JSON to parse.
@Suite struct JSONFailureTests {
    struct Failure: Decodable, Equatable {
        var schemaVersion: Int
        var outcome: String
        var exitCode: Int32
        var errors: [String]
        var notes: [String]
    }

    @Test(arguments: [
        (["version", "compare", "1.0", "banana", "--json"],
         "'banana' is not a valid version: it must start with a digit; write numbers separated by dots, such as 1.2.3, "
            + "optionally followed by a prerelease part, such as 1.2.3-rc.1"),
        (["graph", "--json", "--format", "dot"], "--json and --format dot disagree; give one of them"),
        (["resolve", "--json", "--podfil", "Podfile"], "Unknown option '--podfil'. Did you mean '--podfile'?"),
        (["lint", "--format", "gitlab"], "Missing expected argument '<podspec>'"),
    ])
    func aUsageErrorIsADocumentToo(arguments: [String], error: String) throws {
        let result = try compctl(arguments)
        #expect(result.exitCode == 64, "\(result)")
        let document = try JSONDecoder().decode(Failure.self, from: Data(result.stdout.utf8))
        #expect(document == Failure(schemaVersion: 1, outcome: "error", exitCode: 64, errors: [error], notes: []))
        // stderr still says it as before, with the usage.
        #expect(result.stderr.hasPrefix("Error: \(error)\n") && result.stderr.contains("\nUsage: compctl "), "\(result)")
    }

    /// Without --json, and for --help, stdout stays as it was.
    @Test func onlyWithJSON() throws {
        let plain = try compctl(["version", "compare", "1.0", "banana"])
        #expect(plain.exitCode == 64 && plain.stdout.isEmpty, "\(plain)")
        let help = try compctl(["version", "compare", "--help", "--json"])
        #expect(help.exitCode == 0 && help.stdout.hasPrefix("OVERVIEW: "), "\(help)")
        // A command without --json does not start printing JSON because a script passed it.
        let other = try compctl(["init", "--json"])
        #expect(other.exitCode == 64 && other.stdout.isEmpty, "\(other)")
    }
}

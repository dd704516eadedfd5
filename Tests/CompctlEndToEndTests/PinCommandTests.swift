import Foundation
import Testing

@Suite struct PinCommandTests {
    private func samplePodfile() throws -> (TemporaryDirectory, String, String) {
        let directory = try TemporaryDirectory()
        let original = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("scripts/sample-app/Podfile"), encoding: .utf8)
        try directory.write(original, to: "Podfile")
        return (directory, directory.url.appendingPathComponent("Podfile").path, original)
    }

    @Test func pinsOnlyTheRequirementLiteral() throws {
        let (directory, path, original) = try samplePodfile()
        let specs = TestPaths.packageRoot.appendingPathComponent("Specs").path
        let result = try compctl(["pin", "XXLogger=1.4.1", "--podfile", path, "--source", specs], in: directory.url)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "XXLogger\t1.4.1\n")
        let pinned = try String(contentsOfFile: path, encoding: .utf8)
        let changed = zip(original.split(separator: "\n", omittingEmptySubsequences: false),
                          pinned.split(separator: "\n", omittingEmptySubsequences: false)).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first.map { $0.1.contains("'XXLogger', '1.4.1'") } == true)
    }

    @Test func anUnknownVersionChangesNothing() throws {
        let (directory, path, original) = try samplePodfile()
        let specs = TestPaths.packageRoot.appendingPathComponent("Specs").path
        let result = try compctl(["pin", "XXLogger=9.9.9", "--podfile", path, "--source", specs], in: directory.url)
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: `XXLogger` has no version 9.9.9 in the spec repos (newest: 1.4.2, 1.4.1, 1.4.0, 1.3.0); publish it first, or pick a published version\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
    }

    /// With --json a failure is a document too, on stdout, so a script never parses nothing.
    @Test func jsonFailuresPrintADocument() throws {
        let (directory, path, original) = try samplePodfile()
        let specs = TestPaths.packageRoot.appendingPathComponent("Specs").path
        struct Failure: Decodable, Equatable {
            var schemaVersion: Int
            var outcome: String
            var exitCode: Int32
            var errors: [String]
            var notes: [String]
        }
        let conflict = try compctl(["pin", "XXPay=2.0.0", "--podfile", path, "--source", specs, "--json"], in: directory.url)
        #expect(conflict.exitCode == 2, "\(conflict)")
        let document = try JSONDecoder().decode(Failure.self, from: Data(conflict.stdout.utf8))
        #expect(document.schemaVersion == 1 && document.outcome == "error" && document.exitCode == 2)
        #expect(document.errors == ["\(path) cannot be resolved:"])
        #expect(document.notes.first?.contains("XXPay") == true, "\(document)")

        let unknown = try compctl(["pin", "XXLogger=9.9.9", "--podfile", path, "--source", specs, "--json"], in: directory.url)
        #expect(unknown.exitCode == 1, "\(unknown)")
        let second = try JSONDecoder().decode(Failure.self, from: Data(unknown.stdout.utf8))
        #expect(second.errors == ["`XXLogger` has no version 9.9.9 in the spec repos (newest: 1.4.2, 1.4.1, 1.4.0, 1.3.0); "
            + "publish it first, or pick a published version"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
    }
}

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
}

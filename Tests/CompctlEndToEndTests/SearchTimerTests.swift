import Foundation
import Testing

/// `compctl-synth --time-search` (the developer tool behind scripts/bench.sh's split of a
/// resolve into CocoaPods' search and reading): it resolves, resolves again over the specs
/// already read and again from scratch with the same answer, and lists and parses what it
/// is given on one thread.
@Suite struct SearchTimerTests {
    static var synth: URL {
        Paths.compctl.deletingLastPathComponent().appendingPathComponent("compctl-synth")
    }

    static func synth(_ arguments: [String]) throws -> CommandResult {
        try ProcessRunner.run(synth, arguments, environment: ["COMPCTL_TRUNK": "off"])
    }

    /// The times a line prints, in seconds.
    static func times(_ output: String) -> [Double] {
        output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func timesTheSearchAloneAndTheReading() throws {
        let scratch = try TemporaryDirectory()
        let repo = scratch.path("repo"), podfile = scratch.path("Podfile")
        let written = try Self.synth(["--pods", "60", "--versions", "6", "--top", "5", "--out", repo, "--podfile", podfile])
        try #require(written.exitCode == 0, "\(written.stderr)")

        let timed = try Self.synth(["--time-search", podfile, "--source", repo, "--search-runs", "3"])
        #expect(timed.exitCode == 0, "\(timed.stderr)")
        let three = Self.times(timed.stdout)
        #expect(three.count == 3 && three.allSatisfy { $0 > 0 }, "\(timed.stdout)")

        // Every pod folder and every spec, as the bench takes them from strace.
        let pods = try FileManager.default.contentsOfDirectory(atPath: repo).sorted()
        var files: [String] = []
        for pod in pods {
            for version in try FileManager.default.contentsOfDirectory(atPath: repo + "/" + pod) {
                files.append("\(pod)/\(version)/\(pod).podspec.json")
            }
        }
        try (["."] + pods).joined(separator: "\n").write(toFile: scratch.path("folders"), atomically: true, encoding: .utf8)
        try files.joined(separator: "\n").write(toFile: scratch.path("files"), atomically: true, encoding: .utf8)
        let read = try Self.synth([
            "--time-search", podfile, "--source", repo, "--read-folders", scratch.path("folders"),
            "--read-files", scratch.path("files"),
        ])
        #expect(read.exitCode == 0, "\(read.stderr)")
        let four = Self.times(read.stdout)
        #expect(four.count == 4 && four.allSatisfy { $0 > 0 }, "\(read.stdout)")
    }

    @Test(arguments: [
        (["--time-search", "Podfile"], "--time-search resolves against --source"),
        (["--time-search", "Podfile", "--source", "repo", "--out", "x"], "--time-search only reads"),
        (["--time-search", "Podfile", "--source", "repo", "--read-files", "f"], "--read-folders and --read-files go together"),
        (["--source", "repo", "--out", "x"], "--source names what --time-search resolves against"),
    ])
    func refusesLinesThatMixReadingAndWriting(_ arguments: [String], _ message: String) throws {
        let result = try Self.synth(arguments)
        #expect(result.exitCode != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

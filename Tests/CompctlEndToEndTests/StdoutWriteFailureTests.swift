import Foundation
import Testing

/// Results that cannot be written (stdout on a full disk, `/dev/full` here) fail the command
/// with an `error:` line, so that a script never takes a cut-off document for success.
@Suite struct StdoutWriteFailureTests {
    /// `compctl` with `arguments` (each quoted for the shell), stdout to `/dev/full`.
    func toFullDisk(_ arguments: [String], in directory: URL? = nil) throws -> ProcessOutput {
        let quoted = ([Paths.compctl.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try ProcessRunner.run("bash", ["-c", quoted.joined(separator: " ") + " >/dev/full"], in: directory,
                                     environment: ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": nil, "COMPCTL_TRUNK": "off"])
    }

    @Test(arguments: [
        ["--version"],
        ["version", "compare", "1", "2"],
        ["version", "sort", "1.0", "0.9"],
        ["repo", "show", TestPaths.packageRoot.appendingPathComponent("Specs").path],
        ["graph", "--source", TestPaths.packageRoot.appendingPathComponent("Specs").path, "--json"],
    ])
    func aResultThatCannotBeWrittenIsAnError(arguments: [String]) throws {
        let result = try toFullDisk(arguments)
        #expect(result.exitCode == 1, "\(arguments): \(result)")
        #expect(result.stderr.hasSuffix("error: could not write the results to standard output: No space left on device\n"),
                "\(arguments): \(result)")
    }

    /// The quick resolve path and a command that fails for its own reason: the failure's
    /// code stands, with the write error after its own lines.
    @Test func aResolveToAFullDiskFailsAndAConflictKeepsItsCode() throws {
        let sample = TestPaths.packageRoot.appendingPathComponent("scripts/sample-app")
        let resolve = try toFullDisk(["resolve", "--json"], in: sample)
        #expect(resolve.exitCode == 1, "\(resolve)")
        #expect(resolve.stderr.hasSuffix("error: could not write the results to standard output: No space left on device\n"),
                "\(resolve)")
        let unsatisfied = try toFullDisk(["version", "satisfies", "-r", "~> 2.0", "1.0"])
        #expect(unsatisfied.exitCode == 1, "\(unsatisfied)")
    }
}

/// A stdout left non-blocking by the process before (as some CI runners' tools leave their
/// pipe) takes all of a long result: compctl waits for room instead of losing the rest.
@Suite struct NonBlockingStdoutTests {
    @Test func aLongResultIsWrittenWholeToANonBlockingPipeReadLate() throws {
        let versions = (0..<20_000).map { "1.\($0 % 100).\($0)" }
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting.fileDescriptor
        #expect(fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) == 0)
        let process = Process()
        process.executableURL = Paths.compctl
        process.arguments = ["version", "sort"] + versions
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.close()
        // Read only once the pipe's buffer has long been full.
        Thread.sleep(forTimeInterval: 0.5)
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == versions.count, "\(lines.count) lines of \(versions.count)")
    }
}

/// A closed stdout is a write that fails, not a free descriptor: the first file compctl
/// opened took its number before, and results meant for stdout went into that file.
@Suite struct ClosedStandardDescriptorTests {
    func run(_ shell: String, in directory: URL? = nil) throws -> ProcessOutput {
        try ProcessRunner.run("bash", ["-c", shell], in: directory,
                              environment: ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": nil, "COMPCTL_TRUNK": "off"])
    }

    @Test(arguments: [
        "version compare 1 2",
        "repo show '\(TestPaths.packageRoot.appendingPathComponent("Specs").path)'",
        "graph --source '\(TestPaths.packageRoot.appendingPathComponent("Specs").path)' --json",
    ])
    func aClosedStdoutIsReportedAsOne(arguments: String) throws {
        let result = try run("'\(Paths.compctl.path)' \(arguments) >&-")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.hasSuffix("error: could not write the results to standard output: Bad file descriptor\n"), "\(result)")
    }

    /// A `--json` command that fails before it runs (a usage error) still says that its
    /// failure document was lost, and keeps its code.
    @Test func aLostFailureDocumentIsReportedWithTheUsageError() throws {
        let result = try run("'\(Paths.compctl.path)' version bump 1.2.3 --json >/dev/full")
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("error: could not write the results to standard output: No space left on device\n"),
                "\(result)")
    }
}

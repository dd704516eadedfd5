import Foundation

/// What one run of a process produced.
public struct ProcessOutput: CustomStringConvertible, Sendable {
    public var stdout: String
    public var stderr: String
    public var exitCode: Int32

    public init(stdout: String, stderr: String, exitCode: Int32) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitCode = exitCode
    }

    public var description: String {
        "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }
}

/// A helper that could not do what a test asked of it.
public struct TestSupportError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Runs processes for tests: standard input from a string (or none), both pipes drained
/// (and the input written) concurrently, so a large output cannot stall the child.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` in `directory`; `environment` is merged over this
    /// process's environment (a `nil` value removes the variable); `input`, when given, is
    /// its standard input.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String?] = [:], input: String? = nil
    ) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let stdin = input.map { _ in Pipe() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        if let stdin, let input {
            group.enter()
            DispatchQueue.global().async {
                // A child that exits without reading gets EPIPE, not a test crash (SIGPIPE is ignored by Swift's runtime).
                try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                try? stdin.fileHandleForWriting.close()
                group.leave()
            }
        }
        nonisolated(unsafe) var outData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self),
                             exitCode: process.terminationStatus)
    }

    /// Runs `command` found on `PATH` (through `/usr/bin/env`); see `run(_:_:in:environment:input:)`.
    public static func run(
        _ command: String, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String?] = [:], input: String? = nil
    ) throws -> ProcessOutput {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, in: directory, environment: environment,
                input: input)
    }
}

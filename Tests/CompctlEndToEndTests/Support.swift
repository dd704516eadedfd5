import Foundation
import Testing
@_exported import TestSupport

/// What one run of the built `compctl` binary produced.
typealias CommandResult = ProcessOutput

/// The built binary the end-to-end tests run (the package root and the corpus are `TestPaths`).
enum Paths {
    /// The `compctl` binary that `swift test` built beside the test bundle
    /// (or `COMPCTL_BIN`).
    static var compctl: URL {
        if let override = ProcessInfo.processInfo.environment["COMPCTL_BIN"] {
            return URL(fileURLWithPath: override)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the test bundle is `…/debug/compctlPackageTests.xctest/Contents/MacOS/…`.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("compctl").path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("compctl")
    }
}

/// Runs the built `compctl` with `arguments`, in `directory`, with extra environment
/// variables, feeding it no standard input.
func compctl(
    _ arguments: [String],
    in directory: URL? = nil,
    environment: [String: String] = [:]
) throws -> CommandResult {
    // A test run inside a CI job must not append reports to the job's own summary, and no
    // test reads the real trunk: those about trunk point COMPCTL_TRUNK at 127.0.0.1.
    var env: [String: String?] = ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": nil, "COMPCTL_TRUNK": "off"]
    for (key, value) in environment { env[key] = value }
    return try ProcessRunner.run(Paths.compctl, arguments, in: directory, environment: env)
}

import Foundation
import Testing

/// What one run of the built `compctl` binary produced.
struct CommandResult: CustomStringConvertible {
    var stdout: String
    var stderr: String
    var exitCode: Int32

    var description: String {
        "exit \(exitCode)\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
    }
}

/// Paths the end-to-end tests need: the built binary, the package root, the shared corpus.
enum Paths {
    /// The package root, found from this file's location.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, beside the package root (or `COMPCTL_CORPUS`).
    static var corpus: URL {
        if let override = ProcessInfo.processInfo.environment["COMPCTL_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

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
    let process = Process()
    process.executableURL = Paths.compctl
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting, so a large output cannot fill a pipe and stall.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
        outData = out.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self),
        exitCode: process.terminationStatus
    )
}

/// A fresh temporary directory, removed when the returned handle goes away.
final class TemporaryDirectory {
    let url: URL

    init(prefix: String = "compctl-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `contents` to `relativePath` inside the directory and returns its URL.
    @discardableResult
    func write(_ contents: String, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}

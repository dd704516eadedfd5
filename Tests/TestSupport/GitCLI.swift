import Foundation

/// Runs the git CLI to set up or inspect a repository (never the code under test), with no
/// system or global configuration; returns trimmed stdout+stderr and throws on failure.
@discardableResult
public func gitCLI(_ arguments: String..., in directory: String? = nil) throws -> String {
    try gitCLI(arguments, in: directory)
}

/// Runs the git CLI with `arguments`; see `gitCLI(_:in:)`.
@discardableResult
public func gitCLI(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=CLI", "-c", "user.email=cli@example.invalid"] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
        throw TestSupportError("git \(arguments.joined(separator: " ")) failed: \(output)")
    }
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
}

import Foundation
import Git

/// Real repositories in temporary directories, made with the git CLI; libgit2 is isolated
/// from the user's and the system's git configuration.
enum TestGit {
    private static let isolation: (any Error)? = {
        do {
            try Git.isolateFromUserConfig(emptyDirectory: "")
            return nil
        } catch {
            return error
        }
    }()

    /// Call first in every test that touches git.
    static func isolate() throws {
        if let isolation { throw isolation }
    }

    /// Credentials that offer nothing and trust no ssh host.
    static let noCredentials = Credentials(knownHostsPath: "/nonexistent/known_hosts")

    /// A fixed signature, so commits and tags are reproducible.
    static let signature = Signature(name: "Alice", email: "alice@example.invalid",
                                     time: Date(timeIntervalSince1970: 1_700_000_000))
}

/// Runs the git CLI (to set up or inspect) and returns its trimmed output; fails on error.
@discardableResult
func git(_ arguments: String..., in directory: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=CLI", "-c", "user.email=cli@example.invalid"] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
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
        throw GitError.libgit2(function: "git " + arguments.joined(separator: " "), code: process.terminationStatus,
                               errorClass: 0, message: output)
    }
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
}

import Foundation
import Testing
@testable import Git

/// Every test calls `isolate()` first: this machine's /etc/gitconfig rewrites github URLs,
/// and the tests must see only what they set up.
enum TestGit {
    private static let isolationFailure: GitError? = {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("compctl-git-empty-config-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            try Git.isolateFromUserConfig(emptyDirectory: empty.path)
            return nil
        } catch let error as GitError {
            return error
        } catch {
            return GitError.notARepository(path: "\(error)")
        }
    }()

    static func isolate() throws {
        if let isolationFailure { throw isolationFailure }
    }

    /// Credentials that offer nothing and trust no ssh host, whatever the environment holds.
    static let noCredentials = Credentials(knownHostsPath: "/nonexistent/known_hosts")
}

extension Signature {
    /// A fixed signature for tests, so commits and tags are reproducible.
    static func test(name: String = "Alice", email: String = "alice@example.invalid", seconds: Double = 1_700_000_000) -> Signature {
        Signature(name: name, email: email, time: Date(timeIntervalSince1970: seconds))
    }
}

extension Data {
    init(_ text: String) {
        self = Data(text.utf8)
    }
}

extension String {
    init(_ data: Data) {
        self = String(decoding: data, as: UTF8.self)
    }
}

/// A value shared between threads, guarded by a lock (the package still deploys to macOS 13,
/// which has no `Synchronization.Mutex`).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// A fresh temporary directory, removed when the handle goes away.
final class Scratch {
    let url: URL

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("compctl-git-\(safe.prefix(40))-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        if ProcessInfo.processInfo.environment["COMPCTL_KEEP_TEMP"] == nil {
            try? FileManager.default.removeItem(at: url)
        }
    }

    func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Writes a file (creating directories) and returns its path.
    @discardableResult
    func write(_ contents: String, to relative: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

/// What a child process printed and how it ended.
struct ProcessOutput {
    var status: Int32
    var output: String
}

/// Runs a program (found on PATH) to completion, standard output and error merged.
@discardableResult
func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var env = ProcessInfo.processInfo.environment
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessOutput(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

/// Runs the git CLI (to set up or inspect what the library did) and returns its trimmed output.
@discardableResult
func git(_ arguments: String..., in directory: String? = nil) throws -> String {
    let result = try run(["git", "-c", "user.name=CLI", "-c", "user.email=cli@example.invalid"] + arguments, in: directory)
    guard result.status == 0 else {
        throw GitError.libgit2(function: "git " + arguments.joined(separator: " "), code: result.status, errorClass: 0,
                               message: result.output)
    }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Child processes started from Swift's worker threads inherit a blocked SIGTERM, so
/// they are stopped with SIGKILL, which cannot be blocked.
func stop(_ process: Process) {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
}

/// A port on 127.0.0.1 that nothing listens on right now.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw GitError.unreachable(url: "127.0.0.1", reason: "socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw GitError.unreachable(url: "127.0.0.1", reason: "bind() failed") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// `git daemon` serving every repository under `basePath` over git:// on 127.0.0.1, with
/// push enabled; stopped (and waited for) when the handle goes away.
final class GitDaemon {
    let process: Process
    let port: Int

    init(basePath: String) throws {
        var lastError = ""
        for _ in 0..<5 {
            let port = try freePort()
            let process = Process()
            // git-daemon itself, not the `git` wrapper, so that killing it leaves no child behind.
            process.executableURL = URL(fileURLWithPath: "/usr/lib/git-core/git-daemon")
            process.arguments = ["--reuseaddr", "--listen=127.0.0.1", "--port=\(port)", "--export-all",
                                 "--enable=receive-pack", "--base-path=\(basePath)", basePath]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<100 where process.isRunning {
                if Self.accepts(port: port) {
                    self.process = process
                    self.port = port
                    return
                }
                usleep(20_000)
            }
            lastError = "git daemon did not listen on port \(port)"
            stop(process)
        }
        throw GitError.unreachable(url: "git://127.0.0.1", reason: lastError)
    }

    deinit {
        stop(process)
    }

    func url(_ repository: String) -> String {
        "git://127.0.0.1:\(port)/\(repository)"
    }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}

/// A bare "remote" with one commit on main (README.md), made through the library, plus
/// the scratch directory holding it.
struct Fixture {
    let scratch: Scratch
    let remotePath: String
    let firstCommit: ObjectID

    init(_ name: String = #function) throws {
        try TestGit.isolate()
        scratch = try Scratch(name)
        remotePath = scratch.path("remote.git")
        let remote = try Repository.create(at: remotePath, bare: true)
        let tree = try remote.tree(applying: [.write(path: "README.md", contents: Data("hello\n"))], to: nil)
        firstCommit = try remote.createCommit(tree: tree, parents: [], message: "initial", author: .test(),
                                              updating: "refs/heads/main")
    }

    /// A clone of the remote (bare unless asked otherwise) in `name`.
    func clone(_ name: String, bare: Bool = true, url: String? = nil) throws -> Repository {
        try Repository.clone(from: url ?? remotePath, to: scratch.path(name), bare: bare, credentials: TestGit.noCredentials)
    }

    /// The remote's commits on main, newest first, as the git CLI sees them.
    func remoteHistory() throws -> [String] {
        try git("--git-dir", remotePath, "rev-list", "main").split(separator: "\n").map(String.init)
    }

    /// Whether the remote's history of main has no merges.
    func remoteHistoryIsLinear() throws -> Bool {
        try git("--git-dir", remotePath, "rev-list", "--min-parents=2", "main").isEmpty
    }

    /// `git fsck --strict` on the remote: its output when it complains, `nil` when clean.
    func fsckProblems() throws -> String? {
        let result = try run(["git", "--git-dir", remotePath, "fsck", "--strict", "--no-dangling"])
        return result.status == 0 ? nil : result.output
    }
}

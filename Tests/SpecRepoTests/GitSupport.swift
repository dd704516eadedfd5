import Foundation
import Git
import Testing

/// Real git repositories for the tests of `GitSpecTree`, the cache, source resolution and
/// publishing: built in temporary directories, through libgit2 or the git CLI, never on
/// the network. libgit2 is isolated from the user's and the system's git configuration
/// (this machine's /etc/gitconfig rewrites URLs).
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

    /// A fixed signature, so commits are reproducible.
    static let signature = Signature(name: "Alice", email: "alice@example.invalid",
                                     time: Date(timeIntervalSince1970: 1_700_000_000))
}

/// A temporary directory removed when the handle goes away (kept with COMPCTL_KEEP_TEMP).
final class ScratchDirectory {
    let path: String

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }.prefix(40)
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("compctl-specrepo-\(safe)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        if ProcessInfo.processInfo.environment["COMPCTL_KEEP_TEMP"] == nil {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// `path/relative`.
    func callAsFunction(_ relative: String) -> String {
        path + "/" + relative
    }

    /// Writes text files below the directory, creating directories.
    func write(_ files: [String: String], under relative: String = "") throws {
        for (file, contents) in files {
            let full = relative.isEmpty ? self(file) : self(relative + "/" + file)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }
}

/// Creates a bare repository at `path` whose `main` holds `files` in one commit (none when
/// `files` is empty), made through libgit2.
@discardableResult
func makeBareRepository(at path: String, files: [String: String], message: String = "specs") throws -> ObjectID? {
    try TestGit.isolate()
    let repository = try Repository.create(at: path, bare: true)
    guard !files.isEmpty else { return nil }
    let tree = try repository.tree(
        applying: files.sorted { $0.key < $1.key }.map { .write(path: $0.key, contents: Data($0.value.utf8)) }, to: nil)
    return try repository.createCommit(tree: tree, parents: [], message: message, author: TestGit.signature,
                                       updating: "refs/heads/main")
}

/// Adds a commit with `files` written on top of `main` in the bare repository at `path`.
@discardableResult
func commit(_ files: [String: String], to path: String, message: String = "more") throws -> ObjectID {
    let repository = try Repository.open(at: path)
    let parent = try repository.resolve("refs/heads/main")
    let base = try repository.tree(repository.commit(parent).tree)
    let tree = try repository.tree(
        applying: files.sorted { $0.key < $1.key }.map { .write(path: $0.key, contents: Data($0.value.utf8)) }, to: base)
    return try repository.createCommit(tree: tree, parents: [parent], message: message, author: TestGit.signature,
                                       updating: "refs/heads/main")
}

/// What a child process printed (stdout and stderr merged) and how it ended.
struct ProcessOutput {
    var status: Int32
    var output: String
}

/// Runs a program found on PATH to completion.
@discardableResult
func run(_ arguments: [String], in directory: String? = nil) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
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
    return ProcessOutput(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

/// Runs the git CLI (to set up or inspect) and returns its trimmed output; fails on error.
@discardableResult
func git(_ arguments: String..., in directory: String? = nil) throws -> String {
    let result = try run(["git", "-c", "user.name=CLI", "-c", "user.email=cli@example.invalid"] + arguments, in: directory)
    guard result.status == 0 else {
        throw GitError.libgit2(function: "git " + arguments.joined(separator: " "), code: result.status, errorClass: 0,
                               message: result.output)
    }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Every reference of the repository at `path` with what it points at, as the git CLI
/// lists them: the state compared before and after an operation that must change nothing.
func references(of path: String) throws -> [String] {
    try git("--git-dir", path, "for-each-ref", "--format=%(refname) %(objectname)").split(separator: "\n").map(String.init)
}

/// A port on 127.0.0.1 that nothing listens on right now.
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// `git daemon` serving the repositories under `basePath` on 127.0.0.1 with push enabled;
/// killed and waited for when the handle goes away.
final class GitDaemon {
    let process: Process
    let port: Int

    init(basePath: String) throws {
        for _ in 0..<5 {
            let port = try freePort()
            let process = Process()
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
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        throw GitError.unreachable(url: "git://127.0.0.1", reason: "git daemon did not start")
    }

    deinit {
        // Children of Swift's worker threads inherit a blocked SIGTERM: SIGKILL cannot be blocked.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    func url(_ repository: String) -> String {
        "git://127.0.0.1:\(port)/\(repository)"
    }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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

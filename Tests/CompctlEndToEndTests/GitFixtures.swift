import Foundation
import Testing

/// A temporary world for the end-to-end tests that touch git: spec repos and components
/// made with the git CLI, and `compctl` run with libgit2 isolated from the user's git
/// configuration (`COMPCTL_GIT_ISOLATE=1`), its cache in `home/` (`COMPCTL_HOME`) and a
/// `HOME` of its own.
final class GitWorld: @unchecked Sendable {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory(prefix: "compctl-git")
        try FileManager.default.createDirectory(atPath: self("user"), withIntermediateDirectories: true)
    }

    /// `directory/relative`.
    func callAsFunction(_ relative: String) -> String {
        directory.url.appendingPathComponent(relative).path
    }

    /// The environment every compctl run of this world gets.
    var environment: [String: String] {
        ["COMPCTL_GIT_ISOLATE": "1", "COMPCTL_HOME": self("home"), "HOME": self("user"), "COMPCTL_GIT_TOKEN": "",
         "SSH_AUTH_SOCK": ""]
    }

    /// Runs the built compctl in `directory` (default: the world's root).
    func compctl(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:]) throws -> CommandResult {
        try CompctlEndToEndTests.compctl(arguments, in: URL(fileURLWithPath: directory ?? self.directory.url.path),
                                         environment: environment.merging(extra) { _, new in new })
    }

    /// Writes text files below `relative`.
    func write(_ files: [String: String], under relative: String) throws {
        for (path, contents) in files {
            try directory.write(contents, to: relative + "/" + path)
        }
    }

    /// A bare spec repo `name.git` holding `files` in one commit on main (none when empty);
    /// returns its path.
    @discardableResult
    func specRepo(_ name: String = "specs", files: [String: String]) throws -> String {
        let bare = self("\(name).git")
        if files.isEmpty {
            try gitCLI("init", "-q", "--bare", "-b", "main", bare)
            return bare
        }
        let work = self("\(name)-src")
        try write(files, under: "\(name)-src")
        try gitCLI("init", "-q", "-b", "main", work)
        try gitCLI("add", "-A", in: work)
        try gitCLI("commit", "-q", "-m", "specs", in: work)
        try gitCLI("clone", "-q", "--bare", work, bare)
        try FileManager.default.removeItem(atPath: work)
        return bare
    }

    /// A component `name` at `version`: a work tree `name/` with `name.podspec` (Ruby, its
    /// source pointing at the bare `name.git`, tagged `version`), cloned from that bare repo.
    @discardableResult
    func component(_ name: String, version: String, dependencies: [String: String] = [:]) throws -> String {
        let work = self(name)
        let origin = self("\(name).git")
        let deps = dependencies.keys.sorted().map { "  s.dependency '\($0)', '\(dependencies[$0]!)'\n" }.joined()
        try write([
            "\(name).podspec": """
                Pod::Spec.new do |s|
                  s.name    = '\(name)'
                  s.version = '\(version)'
                  s.summary = 'The \(name) component.'
                  s.source  = { :git => '\(origin)', :tag => s.version.to_s }
                \(deps)end

                """,
            "README.md": "# \(name)\n",
        ], under: name)
        try gitCLI("init", "-q", "-b", "main", work)
        try gitCLI("add", "-A", in: work)
        try gitCLI("commit", "-q", "-m", "\(name) \(version)", in: work)
        try gitCLI("tag", "-a", "-m", "\(name) \(version)", version, in: work)
        try gitCLI("clone", "-q", "--bare", work, origin)
        try gitCLI("remote", "add", "origin", origin, in: work)
        try gitCLI("fetch", "-q", "origin", in: work)
        try gitCLI("branch", "-q", "-u", "origin/main", in: work)
        return work
    }

    /// Every reference of the repository at `path` with its target, and its status when it
    /// has a work tree: what must not change when a command refuses.
    func state(of path: String) throws -> String {
        let gitDirectory = FileManager.default.fileExists(atPath: path + "/.git") ? path + "/.git" : path
        var state = try gitCLI("--git-dir", gitDirectory, "for-each-ref", "--format=%(refname) %(objectname)")
        if gitDirectory != path { state += "\n" + (try gitCLI("status", "--porcelain", in: path)) }
        return state
    }

    /// The short id of `revision` in the repository at `path`.
    func short(_ revision: String, in path: String) throws -> String {
        try gitCLI("--git-dir", path, "rev-parse", "--short=7", revision)
    }

    /// The subjects of `main`'s history in the bare repository at `path`, newest first.
    func log(_ path: String) throws -> [String] {
        try gitCLI("--git-dir", path, "log", "--format=%s", "main").split(separator: "\n").map(String.init)
    }

    /// What the cache directory holds, hidden entries included.
    func cacheEntries() throws -> [String] {
        guard FileManager.default.fileExists(atPath: self("home/repos")) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: self("home/repos")).sorted()
    }
}

/// Runs the git CLI to set up or inspect; returns trimmed stdout+stderr, fails on error.
@discardableResult
func gitCLI(_ arguments: String..., in directory: String? = nil) throws -> String {
    try gitCLI(arguments, in: directory)
}

/// Runs the git CLI to set up or inspect; returns trimmed stdout+stderr, fails on error.
@discardableResult
func gitCLI(_ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:]) throws -> String {
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
    try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed: \(output)")
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// `text` with ISO 8601 times (`2025-01-02T03:04:05Z`) replaced by `<time>`.
func maskingTimes(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    let shape = Array("0000-00-00T00:00:00Z")
    while !rest.isEmpty {
        let candidate = Array(rest.prefix(shape.count))
        let matches = candidate.count == shape.count && zip(candidate, shape).allSatisfy { actual, expected in
            expected == "0" ? actual.isNumber : actual == expected
        }
        if matches {
            result += "<time>"
            rest = rest.dropFirst(shape.count)
        } else {
            result.append(rest.removeFirst())
        }
    }
    return result
}

/// A port on 127.0.0.1 that nothing listens on right now.
func freeLocalPort() throws -> Int {
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

/// An HTTP server on 127.0.0.1 that answers every request with 401 (refused credentials).
final class UnauthorizedServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        try #require(bound == 0 && listen(fd, 8) == 0, "cannot listen on 127.0.0.1")
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
    }

    private func serve() {
        defer { done.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { break }
                request += buffer[0..<count]
            }
            let response = "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"specs\"\r\n"
                + "Content-Length: 0\r\nConnection: close\r\n\r\n"
            _ = response.withCString { write(connection, $0, strlen($0)) }
            close(connection)
        }
    }
}

/// `git daemon` serving the repositories under `basePath` on 127.0.0.1 with push enabled;
/// killed and waited for when the handle goes away.
final class LocalGitDaemon {
    let process: Process
    let port: Int

    init(basePath: String) throws {
        var started: (Process, Int)?
        for _ in 0..<5 where started == nil {
            let port = try freeLocalPort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/lib/git-core/git-daemon")
            process.arguments = ["--reuseaddr", "--listen=127.0.0.1", "--port=\(port)", "--export-all",
                                 "--enable=receive-pack", "--base-path=\(basePath)", basePath]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<100 where process.isRunning && started == nil {
                if Self.accepts(port: port) { started = (process, port) } else { usleep(20_000) }
            }
            if started == nil {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        let (process, port) = try #require(started, "git daemon did not start")
        self.process = process
        self.port = port
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

/// A JSON podspec for `name` `version` whose source is `git` at tag `version`.
func jsonPodspec(_ name: String, _ version: String, git: String = "https://git.example/x.git",
                 dependencies: [String: [String]] = [:]) -> String {
    let deps = dependencies.keys.sorted().map { key in
        "\"\(key)\": [" + dependencies[key]!.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }.joined(separator: ", ")
    return """
        {"name": "\(name)", "version": "\(version)", "source": {"git": "\(git)", "tag": "\(version)"}, \
        "dependencies": {\(deps)}}
        """
}

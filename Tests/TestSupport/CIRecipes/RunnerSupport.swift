import Foundation

/// What a recipe runner does instead of a step or line that cannot run on this machine (a
/// package install, a build of compctl itself): `command` runs in its place, or nothing when
/// it is `nil`; `reason` says why. A runner matches `original` exactly against a GitHub
/// step's whole `run:` text or one GitLab script line, and records that it was used.
public struct LocalEquivalent: Sendable {
    public var original: String
    public var command: String?
    public var reason: String

    public init(original: String, command: String?, reason: String) {
        self.original = original
        self.command = command
        self.reason = reason
    }
}

/// A CI system's cache on this machine: keys map to saved copies of paths, restored by exact
/// key or, failing that, by the newest key that starts with a restore prefix.
public final class CIRunnerCache: @unchecked Sendable {
    private let directory: URL
    private var keys: [String] = []

    public init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Every key saved so far, oldest first.
    public var savedKeys: [String] { keys }

    private func folder(_ key: String, _ index: Int) -> URL {
        let safe = key.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? String($0) : "_" }.joined()
        return directory.appendingPathComponent("\(safe)/\(index)")
    }

    /// Saves `paths` under `key`. An existing key is kept as it is (GitHub's caches are
    /// immutable) unless `replacing` (GitLab saves a job's cache again after every run).
    /// Paths that do not exist are left out. Returns whether it saved.
    @discardableResult
    public func save(key: String, paths: [URL], replacing: Bool = false) throws -> Bool {
        if keys.contains(key) {
            guard replacing else { return false }
            keys.removeAll { $0 == key }
            try? FileManager.default.removeItem(at: folder(key, 0).deletingLastPathComponent())
        }
        for (index, path) in paths.enumerated() where FileManager.default.fileExists(atPath: path.path) {
            let target = folder(key, index)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try copy(path, to: target)
        }
        keys.append(key)
        return true
    }

    /// Restores `paths` from `key`, or from the newest key starting with one of
    /// `prefixes`; returns the key it restored from.
    public func restore(key: String, prefixes: [String], paths: [URL]) throws -> String? {
        let match = keys.contains(key) ? key : prefixes.lazy.compactMap { prefix in self.keys.last { $0.hasPrefix(prefix) } }.first
        guard let match else { return nil }
        for (index, path) in paths.enumerated() {
            let saved = folder(match, index)
            guard FileManager.default.fileExists(atPath: saved.path) else { continue }
            try? FileManager.default.removeItem(at: path)
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try copy(saved, to: path)
        }
        return match
    }

    /// `cp -a`: symbolic links stay links, modes stay.
    private func copy(_ source: URL, to target: URL) throws {
        let result = try ProcessRunner.run("cp", ["-a", source.path, target.path])
        guard result.exitCode == 0 else { throw TestSupportError("cp -a \(source.path) \(target.path): \(result)") }
    }
}

/// Shared pieces of the recipe runners.
enum RunnerSupport {
    /// Runs `arguments` (a shell and its script file) in `directory` with exactly
    /// `environment`; returns the exit code and stdout and stderr together.
    static func shell(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs the git CLI for a runner's own work (a checkout), with no system or user
    /// configuration; throws with its output when it fails.
    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        try gitCLI(arguments, in: directory.path)
    }

    /// The `NAME=value` and `NAME<<DELIMITER … DELIMITER` lines of a `GITHUB_ENV` or
    /// `GITHUB_OUTPUT` file.
    static func environmentFile(_ url: URL) throws -> [(String, String)] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var pairs: [(String, String)] = []
        var lines = text.components(separatedBy: "\n")[...]
        while let line = lines.popFirst() {
            if line.isEmpty { continue }
            if let marker = line.range(of: "<<"), !line[..<marker.lowerBound].contains("=") {
                let name = String(line[..<marker.lowerBound])
                let delimiter = String(line[marker.upperBound...])
                var value: [String] = []
                while let next = lines.popFirst(), next != delimiter {
                    value.append(next)
                    if lines.isEmpty { throw TestSupportError("\(url.lastPathComponent): \(name)<<\(delimiter) has no closing \(delimiter)") }
                }
                pairs.append((name, value.joined(separator: "\n")))
            } else if let equals = line.firstIndex(of: "=") {
                pairs.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
            } else {
                throw TestSupportError("\(url.lastPathComponent): a line that is neither NAME=value nor NAME<<EOF: \(line)")
            }
        }
        return pairs
    }

    /// Copies each existing path (relative to `base`, or absolute) into `target`, keeping its
    /// path relative to `base`; returns what it copied.
    static func collect(_ paths: [String], base: URL, into target: URL) throws -> [String] {
        var copied: [String] = []
        for path in paths {
            let source = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            let relative = path.hasPrefix("/") ? source.lastPathComponent : path
            let destination = target.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            let result = try ProcessRunner.run("cp", ["-a", source.path, destination.path])
            guard result.exitCode == 0 else { throw TestSupportError("cp: \(result)") }
            copied.append(path)
        }
        return copied
    }

    /// Every branch and tag of the repository at `path` with its target.
    static func references(of path: String) throws -> String {
        try gitCLI("--git-dir", path, "for-each-ref", "--format=%(refname) %(objectname)")
    }

    /// Puts the references of the repository at `path` back to `listing` (what
    /// `references(of:)` said before): a push the CI system would have refused did not land.
    static func restoreReferences(of path: String, to listing: String) throws {
        func parse(_ text: String) -> [String: String] {
            Dictionary(text.split(separator: "\n").map { line in
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        }
        let old = parse(listing)
        for (name, _) in parse(try references(of: path)) where old[name] == nil {
            try gitCLI("--git-dir", path, "update-ref", "-d", name)
        }
        for (name, target) in old { try gitCLI("--git-dir", path, "update-ref", name, target) }
    }

}

/// The PATH a recipe runner starts its steps with.
public enum CIRunnerPath {
    /// The directories of this process's `PATH` without any that holds a `compctl`: a
    /// recipe gets compctl only the way it installs it.
    public static func withoutCompctl() -> [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init).filter {
            !FileManager.default.isExecutableFile(atPath: $0 + "/compctl")
        }
    }
}

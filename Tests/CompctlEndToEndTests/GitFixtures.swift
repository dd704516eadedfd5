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

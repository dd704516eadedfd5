import Foundation
import Testing
@testable import Git
@_exported import TestSupport

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

/// A bare "remote" with one commit on main (README.md), made through the library, plus
/// the scratch directory holding it.
struct Fixture {
    let scratch: TemporaryDirectory
    let remotePath: String
    let firstCommit: ObjectID

    init(_ name: String = #function) throws {
        try TestGit.isolate()
        scratch = try TemporaryDirectory(prefix: "compctl-git", name)
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
        try gitCLI("--git-dir", remotePath, "rev-list", "main").split(separator: "\n").map(String.init)
    }

    /// Whether the remote's history of main has no merges.
    func remoteHistoryIsLinear() throws -> Bool {
        try gitCLI("--git-dir", remotePath, "rev-list", "--min-parents=2", "main").isEmpty
    }

    /// `git fsck --strict` on the remote: its output when it complains, `nil` when clean.
    func fsckProblems() throws -> String? {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"),
                                           ["git", "--git-dir", remotePath, "fsck", "--strict", "--no-dangling"],
                                           environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"])
        return result.exitCode == 0 ? nil : result.stdout + result.stderr
    }
}

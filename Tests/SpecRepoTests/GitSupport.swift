import Foundation
import Git
import Testing
@_exported import TestSupport

// Real git repositories for the tests of `GitSpecTree`, the cache, source resolution and
// publishing: built in temporary directories, through libgit2 or the git CLI (TestSupport's
// `TestGit`, `gitCLI`), never on the network.

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

/// Every reference of the repository at `path` with what it points at, as the git CLI
/// lists them: the state compared before and after an operation that must change nothing.
func references(of path: String) throws -> [String] {
    try gitCLI("--git-dir", path, "for-each-ref", "--format=%(refname) %(objectname)").split(separator: "\n").map(String.init)
}

import CLibGit2
import Foundation

/// One change to a tree: write a file, or delete a file or directory.
public enum FileChange: Sendable, Equatable {
    /// Creates or replaces the file at `path` (slash-separated, relative to the root).
    /// Missing directories are created; a directory in the way is replaced.
    case write(path: String, contents: Data, executable: Bool = false)
    /// Removes the file or directory at `path`; nothing happens if it is not there, so
    /// re-applying a change on a newer tip is harmless. Directories left empty disappear,
    /// as git stores no empty directories.
    case delete(path: String)

    /// The path the change concerns.
    public var path: String {
        switch self {
        case let .write(path, _, _), let .delete(path): return path
        }
    }
}

extension Repository {
    /// A new tree: `base` (or an empty tree) with `changes` applied in order, written with
    /// treebuilders straight into the object database. Only the directories on the changed
    /// paths are rewritten; every other entry keeps its object.
    public func tree(applying changes: [FileChange], to base: Tree?) throws(GitError) -> Tree {
        let root = EditNode()
        // libgit2 re-stamps an existing loose object on every write; write each content once.
        var blobs: [Data: ObjectID] = [:]
        for change in changes {
            let components = try Self.components(of: change.path)
            var node = root
            for component in components.dropLast() {
                if node.children[component] == nil || node.children[component]?.leaf != nil {
                    // A file (or deletion) where a directory is needed starts that directory afresh.
                    let replaced = node.children[component]?.leaf != nil
                    node.children[component] = EditNode(startsEmpty: replaced)
                }
                node = node.children[component] ?? EditNode()
            }
            let leaf: EditNode.Leaf
            switch change {
            case let .write(_, contents, executable):
                let blob: ObjectID
                if let known = blobs[contents] {
                    blob = known
                } else {
                    blob = try writeBlob(contents)
                    blobs[contents] = blob
                }
                leaf = .write(blob, executable ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB)
            case .delete:
                leaf = .delete
            }
            node.children[components[components.count - 1]] = EditNode(leaf: leaf)
        }
        guard let id = try write(root, base: base?.pointer, isRoot: true) else { return try tree(emptyTreeID()) }
        return try tree(id)
    }

    /// Builds the tree for `node` on top of `base`; `nil` when the result is empty (an
    /// empty directory is dropped by its parent), except at the root.
    private func write(_ node: EditNode, base: OpaquePointer?, isRoot: Bool) throws(GitError) -> ObjectID? {
        var builder: OpaquePointer?
        try check(git_treebuilder_new(&builder, pointer, node.startsEmpty ? nil : base), "git_treebuilder_new")
        defer { git_treebuilder_free(builder) }
        for (name, child) in node.children {
            switch child.leaf {
            case let .write(id, mode):
                var raw = id.raw
                try check(git_treebuilder_insert(nil, builder, name, &raw, mode), "git_treebuilder_insert")
            case .delete:
                try removeIfPresent(name, from: builder)
            case nil:
                let existing = child.startsEmpty ? nil : try subtreePointer(named: name, in: builder)
                defer { if let existing { git_tree_free(existing) } }
                if let id = try write(child, base: existing, isRoot: false) {
                    var raw = id.raw
                    try check(git_treebuilder_insert(nil, builder, name, &raw, GIT_FILEMODE_TREE), "git_treebuilder_insert")
                } else {
                    try removeIfPresent(name, from: builder)
                }
            }
        }
        if !isRoot, git_treebuilder_entrycount(builder) == 0 { return nil }
        var id = git_oid()
        try check(git_treebuilder_write(&id, builder), "git_treebuilder_write")
        return ObjectID(id)
    }

    private func subtreePointer(named name: String, in builder: OpaquePointer?) throws(GitError) -> OpaquePointer? {
        guard let entry = git_treebuilder_get(builder, name), git_tree_entry_type(entry) == GIT_OBJECT_TREE else {
            return nil
        }
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, pointer, git_tree_entry_id(entry)), "git_tree_lookup")
        return tree
    }

    private func removeIfPresent(_ name: String, from builder: OpaquePointer?) throws(GitError) {
        guard git_treebuilder_get(builder, name) != nil else { return }
        try check(git_treebuilder_remove(builder, name), "git_treebuilder_remove")
    }

    private func emptyTreeID() throws(GitError) -> ObjectID {
        var builder: OpaquePointer?
        try check(git_treebuilder_new(&builder, pointer, nil), "git_treebuilder_new")
        defer { git_treebuilder_free(builder) }
        var id = git_oid()
        try check(git_treebuilder_write(&id, builder), "git_treebuilder_write")
        return ObjectID(id)
    }

    /// The components of a path a tree can hold, or a precise reason why not.
    static func components(of path: String) throws(GitError) -> [String] {
        if path.isEmpty { throw GitError.invalidPath(path: path, reason: "the path is empty") }
        if path.hasPrefix("/") { throw GitError.invalidPath(path: path, reason: "paths in a tree are relative; remove the leading '/'") }
        if path.utf8.contains(0) { throw GitError.invalidPath(path: path, reason: "a path cannot contain a NUL byte") }
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for component in components {
            switch component {
            case "": throw GitError.invalidPath(path: path, reason: "it has an empty component ('//' or a trailing '/')")
            case ".", "..": throw GitError.invalidPath(path: path, reason: "'\(component)' is not allowed in a tree")
            default:
                if component.lowercased() == ".git" {
                    throw GitError.invalidPath(path: path, reason: "git does not store '.git' in a tree")
                }
            }
        }
        return components
    }
}

/// One directory of a pending tree edit: what happens to each of its children.
private final class EditNode {
    enum Leaf {
        case write(ObjectID, git_filemode_t)
        case delete
    }

    var children: [String: EditNode] = [:]
    let leaf: Leaf?
    /// The directory replaces whatever was at its path instead of editing it.
    let startsEmpty: Bool

    init(leaf: Leaf? = nil, startsEmpty: Bool = false) {
        self.leaf = leaf
        self.startsEmpty = startsEmpty
    }
}

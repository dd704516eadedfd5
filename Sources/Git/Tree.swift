import CLibGit2
import Foundation

/// The kind of object a tree entry points at.
public enum ObjectKind: Sendable, Equatable, CustomStringConvertible {
    /// A file's contents.
    case blob
    /// A directory.
    case tree
    /// A commit (in a tree: a submodule).
    case commit
    /// An annotated tag.
    case tag
    /// Anything libgit2 does not name.
    case unknown

    init(_ type: git_object_t) {
        switch type {
        case GIT_OBJECT_BLOB: self = .blob
        case GIT_OBJECT_TREE: self = .tree
        case GIT_OBJECT_COMMIT: self = .commit
        case GIT_OBJECT_TAG: self = .tag
        default: self = .unknown
        }
    }

    public var description: String {
        switch self {
        case .blob: return "file"
        case .tree: return "directory"
        case .commit: return "submodule"
        case .tag: return "tag"
        case .unknown: return "unknown object"
        }
    }

    var withArticle: String {
        self == .unknown ? "an unknown object" : "a \(description)"
    }
}

/// One entry of a tree: a name and the object it points at.
public struct TreeEntry: Sendable, Equatable {
    /// The file or directory name (one path component).
    public let name: String
    /// What the entry points at.
    public let kind: ObjectKind
    /// The id of that object.
    public let id: ObjectID
    /// The git file mode: `0o100644`, `0o100755` (executable), `0o120000` (symbolic link),
    /// `0o040000` (directory) or `0o160000` (submodule).
    public let fileMode: Int

    /// Whether the entry is an executable file.
    public var isExecutable: Bool {
        fileMode == 0o100755
    }

    init(_ entry: OpaquePointer) {
        name = String(cString: git_tree_entry_name(entry))
        kind = ObjectKind(git_tree_entry_type(entry))
        id = ObjectID(git_tree_entry_id(entry))
        fileMode = Int(git_tree_entry_filemode(entry).rawValue)
    }
}

/// A directory as git stores it, read straight from the object database: no work tree
/// and no checkout. Entries come sorted by name, as git keeps them. Indexing and
/// iterating read libgit2's parsed entries in place; only what you read is copied.
public final class Tree: RandomAccessCollection {
    let pointer: OpaquePointer
    /// The repository the tree lives in; the tree keeps it open.
    public let repository: Repository
    /// How errors name this tree: the revision it was read at and its path below the root.
    let path: String
    /// A tree looked up by id is named by that id, formatted only when an error needs it:
    /// listing a large spec repo looks up hundreds of thousands of trees.
    private let revisionName: String?
    private let revisionID: ObjectID?

    var revision: String {
        revisionName ?? revisionID?.hex ?? ""
    }

    init(owning pointer: OpaquePointer, repository: Repository, revision: String, path: String) {
        self.pointer = pointer
        self.repository = repository
        self.revisionName = revision
        self.revisionID = nil
        self.path = path
    }

    init(owning pointer: OpaquePointer, repository: Repository, revisionID: ObjectID, path: String) {
        self.pointer = pointer
        self.repository = repository
        self.revisionName = nil
        self.revisionID = revisionID
        self.path = path
    }

    deinit {
        git_tree_free(pointer)
    }

    /// The tree's object id; two trees with the same id have the same contents.
    public var id: ObjectID {
        ObjectID(git_tree_id(pointer))
    }

    /// The first entry's position: 0.
    public var startIndex: Int { 0 }

    /// One past the last entry's position: the number of entries.
    public var endIndex: Int { git_tree_entrycount(pointer) }

    /// The entry at `position`, in name order.
    public subscript(position: Int) -> TreeEntry {
        precondition(indices.contains(position), "tree entry index out of range")
        guard let entry = git_tree_entry_byindex(pointer, position) else {
            preconditionFailure("libgit2 has no entry \(position) in a tree of \(count)")
        }
        return TreeEntry(entry)
    }

    /// The entry names, in order. Cheaper than mapping the entries: no ids are copied.
    public var names: [String] {
        var names: [String] = []
        names.reserveCapacity(count)
        for position in 0..<count {
            guard let entry = git_tree_entry_byindex(pointer, position) else { continue }
            names.append(String(cString: git_tree_entry_name(entry)))
        }
        return names
    }

    /// The entry called `name` directly in this tree (a binary search), or `nil`.
    public func entry(named name: String) -> TreeEntry? {
        git_tree_entry_byname(pointer, name).map(TreeEntry.init)
    }

    /// The entry at a slash-separated `path` below this tree, or `nil` if there is none.
    public func entry(at path: String) throws(GitError) -> TreeEntry? {
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, pointer, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_tree_entry_bypath")
        let owned = try unwrap(entry, "git_tree_entry_bypath")
        defer { git_tree_entry_free(owned) }
        return TreeEntry(owned)
    }

    /// The directory at `path` below this tree (`""` is this tree itself).
    public func subtree(at path: String) throws(GitError) -> Tree {
        if path.isEmpty { return self }
        guard let entry = try entry(at: path) else {
            throw GitError.pathNotFound(path: qualified(path), revision: revision)
        }
        return try subtree(entry, path: path)
    }

    /// The directory an entry of this tree points at.
    public func subtree(_ entry: TreeEntry) throws(GitError) -> Tree {
        try subtree(entry, path: entry.name)
    }

    /// The contents of the file at `path` below this tree.
    public func blob(at path: String) throws(GitError) -> Data {
        guard let entry = try entry(at: path) else {
            throw GitError.pathNotFound(path: qualified(path), revision: revision)
        }
        guard entry.kind == .blob else {
            throw GitError.wrongKind(path: qualified(path), revision: revision, expected: .blob, actual: entry.kind)
        }
        return try repository.blob(entry.id)
    }

    private func subtree(_ entry: TreeEntry, path: String) throws(GitError) -> Tree {
        guard entry.kind == .tree else {
            throw GitError.wrongKind(path: qualified(path), revision: revision, expected: .tree, actual: entry.kind)
        }
        var tree: OpaquePointer?
        var raw = entry.id.raw
        try check(git_tree_lookup(&tree, repository.pointer, &raw), "git_tree_lookup")
        return Tree(owning: try unwrap(tree, "git_tree_lookup"), repository: repository, revision: revision,
                    path: qualified(path))
    }

    private func qualified(_ child: String) -> String {
        path.isEmpty ? child : path + "/" + child
    }
}

extension Repository {
    /// The root tree of the commit (or tag, or tree) that `revision` names, read from the
    /// object database. `revision` is anything `resolve` accepts, e.g. `refs/heads/main`.
    public func tree(at revision: String) throws(GitError) -> Tree {
        let object = try lookupRevision(revision)
        defer { git_object_free(object) }
        var tree: OpaquePointer?
        let code = git_object_peel(&tree, object, GIT_OBJECT_TREE)
        if code == GIT_EINVALIDSPEC.rawValue || code == GIT_EPEEL.rawValue {
            throw GitError.revisionNotFound(revision: revision + " (as a tree)", repository: displayPath)
        }
        try check(code, "git_object_peel")
        return Tree(owning: try unwrap(tree, "git_object_peel"), repository: self, revision: revision, path: "")
    }

    /// The tree with the given id.
    public func tree(_ id: ObjectID) throws(GitError) -> Tree {
        var tree: OpaquePointer?
        var raw = id.raw
        let code = git_tree_lookup(&tree, pointer, &raw)
        if code == GIT_ENOTFOUND.rawValue { throw GitError.revisionNotFound(revision: id.hex, repository: displayPath) }
        try check(code, "git_tree_lookup")
        return Tree(owning: try unwrap(tree, "git_tree_lookup"), repository: self, revisionID: id, path: "")
    }

    /// The contents of the file at `path` in the tree of `revision`, straight from the
    /// object database.
    public func blob(at revision: String, path: String) throws(GitError) -> Data {
        try tree(at: revision).blob(at: path)
    }

    /// The contents of the blob with the given id.
    public func blob(_ id: ObjectID) throws(GitError) -> Data {
        var blob: OpaquePointer?
        var raw = id.raw
        let code = git_blob_lookup(&blob, pointer, &raw)
        if code == GIT_ENOTFOUND.rawValue { throw GitError.revisionNotFound(revision: id.hex, repository: displayPath) }
        try check(code, "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let bytes = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: bytes, count: size)
    }

    /// Stores `contents` as a blob and returns its id (the same contents, the same id).
    public func writeBlob(_ contents: Data) throws(GitError) -> ObjectID {
        var id = git_oid()
        let code = contents.withUnsafeBytes { buffer in
            git_blob_create_from_buffer(&id, pointer, buffer.baseAddress, buffer.count)
        }
        try check(code, "git_blob_create_from_buffer")
        return ObjectID(id)
    }
}

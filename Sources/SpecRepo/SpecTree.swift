import Foundation

/// One entry of a directory in a `SpecTree`: its name and whether it is a directory.
public struct TreeEntry: Hashable, Sendable {
    /// What an entry is. Anything that is not a directory (a symlink to a file, a git
    /// submodule, a socket) counts as a file: it can never hold pods or versions.
    public enum Kind: Hashable, Sendable {
        case directory
        case file
    }

    /// The entry's name within its directory, without any `/`.
    public var name: String
    /// Whether it is a directory or a file.
    public var kind: Kind
    /// A symbolic link whose target lies outside the tree's root (`kind` is the target's):
    /// nothing is read through it, and listing reports it as junk.
    public var leavesTree: Bool

    /// An entry named `name` of kind `kind`.
    public init(name: String, kind: Kind, leavesTree: Bool = false) {
        self.name = name
        self.kind = kind
        self.leavesTree = leavesTree
    }
}

/// Read-only access to the file tree that holds a spec repo: a directory on disk today,
/// git objects read through libgit2 later. The spec-repo logic (layout, sharding, junk,
/// lazy specs) sees the storage only through this protocol.
///
/// Paths are relative to the tree's root, with `/` between components and no leading or
/// trailing `/`; the empty string is the root itself. Implementations throw
/// `SpecRepoError.noSuchPath`, `.notADirectory` or `.unreadable`.
public protocol SpecTree: Sendable {
    /// Where the tree comes from, for messages: a directory path or a URL.
    var location: String { get }

    /// The last component of `location`, used as the repo's name (as `Pod::Source#name`).
    var defaultName: String { get }

    /// Whether `entries(at:)` and `contents(at:)` may run on several threads at once,
    /// which lets listing spread over the cores.
    var supportsConcurrentReads: Bool { get }

    /// The entries of the directory at `path`, in no particular order, without `.` and `..`.
    func entries(at path: String) throws -> [TreeEntry]

    /// The bytes of the file at `path`.
    func contents(at path: String) throws -> Data

    /// The bytes of the file at `path` as an array, which the spec parser reads: a tree
    /// that reads files itself makes it without a `Data` between. Throws as `contents(at:)`.
    func bytes(at path: String) throws -> [UInt8]

    /// The entries of the directory at `path` and, for each subdirectory among them whose
    /// name does not start with `.`, its own entries. Listing a pod directory and its version
    /// directories in one call lets an implementation resolve `path` once.
    func entriesWithChildren(at path: String) throws -> [TreeListing]

    /// Whether `entry(named:at:)` and `entries(at:until:)` read less than a listing does, so
    /// that a repo read on demand opens without listing its root. False by default: the
    /// defaults below list, and a git tree's lookup by name would trust the tree object's
    /// order, which a malformed tree breaks.
    var readsNamesWithoutListing: Bool { get }

    /// The entries of the directory at `path` in listing order, read only until `stop`
    /// returns true for one (that one included), and whether it did. Throws as
    /// `entries(at:)`.
    func entries(at path: String, until stop: (TreeEntry) throws -> Bool) throws -> (entries: [TreeEntry], stopped: Bool)

    /// The entry `name` of the directory at `path` as `entries(at:)` would list it, or nil
    /// when there is none. Throws as `entries(at:)`.
    func entry(named name: String, at path: String) throws -> TreeEntry?
}

/// An entry of a directory with, for a subdirectory, what it contains (see
/// `SpecTree.entriesWithChildren(at:)`).
public struct TreeListing: Sendable {
    /// The entry itself.
    public var entry: TreeEntry
    /// The subdirectory's entries, or why they could not be read; `nil` for files and for
    /// hidden directories, which are not descended into.
    public var children: Result<[TreeEntry], SpecRepoError>?

    /// An entry and its children.
    public init(entry: TreeEntry, children: Result<[TreeEntry], SpecRepoError>?) {
        self.entry = entry
        self.children = children
    }
}

extension SpecTree {
    public var readsNamesWithoutListing: Bool { false }

    /// The file's `Data`, copied.
    public func bytes(at path: String) throws -> [UInt8] {
        [UInt8](try contents(at: path))
    }

    /// Lists the whole directory, then looks through it.
    public func entries(at path: String, until stop: (TreeEntry) throws -> Bool) throws -> (entries: [TreeEntry], stopped: Bool) {
        let all = try entries(at: path)
        guard let index = try all.firstIndex(where: stop) else { return (all, false) }
        return (Array(all[...index]), true)
    }

    /// Lists the whole directory, then looks for it.
    public func entry(named name: String, at path: String) throws -> TreeEntry? {
        try entries(at: path).first { $0.name == name }
    }

    /// The last path component of `location`, without a trailing `/` or `.git`.
    public var defaultName: String {
        var components = location.split(separator: "/", omittingEmptySubsequences: true)
        guard var last = components.popLast().map(String.init) else { return location }
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.isEmpty ? location : last
    }

    public var supportsConcurrentReads: Bool { false }

    /// `entries(at:)` of `path`, then of each non-hidden subdirectory.
    public func entriesWithChildren(at path: String) throws -> [TreeListing] {
        try entries(at: path).map { entry in
            guard entry.kind == .directory, !entry.name.hasPrefix("."), !entry.leavesTree else {
                return TreeListing(entry: entry, children: nil)
            }
            let children = Result { try entries(at: TreePath.join(path, entry.name)) }
                .mapError { $0 as? SpecRepoError ?? .unreadable(path: TreePath.join(path, entry.name), reason: "\($0)") }
            return TreeListing(entry: entry, children: children)
        }
    }
}

/// Helpers for the `/`-separated relative paths that `SpecTree` uses.
enum TreePath {
    /// `parent/child`, or `child` when `parent` is the root.
    static func join(_ parent: String, _ child: String) -> String {
        parent.isEmpty ? child : parent + "/" + child
    }

    /// `components` joined with `/`, leaving out empty ones.
    static func join(_ components: [String]) -> String {
        // Appended one by one: `joined(separator:)` looks its collection's associated types up
        // at run time on first use, some 300,000 instructions at every process's start.
        var path = ""
        for component in components where !component.isEmpty {
            if !path.isEmpty { path += "/" }
            path += component
        }
        return path
    }
}

/// Strings made in one piece from their parts' bytes: a path built by appending its parts
/// one after another grows its buffer for each.
enum UTF8Copy {
    /// Copies the UTF-8 of `text` into `buffer` from `start`; answers where it ended.
    static func copy(_ text: String, to buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            if let from = bytes.baseAddress, let to = buffer.baseAddress { (to + start).update(from: from, count: bytes.count) }
            return bytes.count
        }
        if let copied { return start + copied }
        var end = start
        for byte in text.utf8 {
            buffer[end] = byte
            end += 1
        }
        return end
    }
}

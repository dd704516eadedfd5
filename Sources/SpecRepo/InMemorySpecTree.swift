import Foundation

/// A `SpecTree` held in memory: a map from file paths to contents, with directories implied
/// by the paths. For tests (here and in the libraries that use spec repos) and for spec
/// repos assembled on the fly.
public struct InMemorySpecTree: SpecTree {
    /// A name for messages, such as `memory:acme`.
    public let location: String
    /// Immutable after `init`, so any thread may read it.
    public var supportsConcurrentReads: Bool { true }

    /// Its lookups read memory, as its listings do: it opens repos as a folder on disk does.
    public var readsNamesWithoutListing: Bool { true }

    private let files: [String: Data]
    private let directories: [String: [TreeEntry]]

    /// A tree with `files` (path to contents) and, in addition, the empty directories
    /// `emptyDirectories`. Every parent directory of a path exists implicitly.
    public init(location: String = "memory", files: [String: Data], emptyDirectories: [String] = []) {
        self.location = location
        self.files = files
        var children: [String: Set<TreeEntry>] = ["": []]
        func add(_ path: String, kind: TreeEntry.Kind) {
            let components = path.split(separator: "/").map(String.init)
            var parent = ""
            for (index, component) in components.enumerated() {
                let isLast = index == components.count - 1
                let entryKind: TreeEntry.Kind = isLast ? kind : .directory
                children[parent, default: []].insert(TreeEntry(name: component, kind: entryKind))
                parent = TreePath.join(parent, component)
                if entryKind == .directory && children[parent] == nil { children[parent] = [] }
            }
        }
        for path in files.keys { add(path, kind: .file) }
        for path in emptyDirectories { add(path, kind: .directory) }
        directories = children.mapValues { Array($0) }
    }

    /// A tree whose files hold UTF-8 text.
    public init(location: String = "memory", textFiles: [String: String], emptyDirectories: [String] = []) {
        self.init(
            location: location,
            files: textFiles.mapValues { Data($0.utf8) },
            emptyDirectories: emptyDirectories
        )
    }

    public func entries(at path: String) throws -> [TreeEntry] {
        if let entries = directories[path] { return entries }
        if files[path] != nil { throw SpecRepoError.notADirectory(describe(path)) }
        throw SpecRepoError.noSuchPath(describe(path))
    }

    public func contents(at path: String) throws -> Data {
        if let data = files[path] { return data }
        if directories[path] != nil {
            throw SpecRepoError.unreadable(path: describe(path), reason: "it is a directory")
        }
        throw SpecRepoError.noSuchPath(describe(path))
    }

    private func describe(_ path: String) -> String {
        path.isEmpty ? location : location + "/" + path
    }
}

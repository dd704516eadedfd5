import Foundation
import Git

/// A `SpecTree` over the tree of one commit in a git repository (usually a bare cache),
/// read straight from the object database through libgit2: no work tree, no checkout.
///
/// Listing a 10,000-pod repo reads some 210,000 tree objects, so every directory id seen
/// while listing is remembered (a pod's directory is found from its parent's listing, not
/// by walking from the root again), and reads may run on several threads, each with its
/// own `Repository`: libgit2 allows one thread at a time per repository handle.
public final class GitSpecTree: SpecTree, @unchecked Sendable {
    /// Where the tree comes from, for messages: the repository's path or a (redacted) URL.
    public let location: String
    /// The git directory the objects are read from.
    public let gitDirectory: String
    /// The commit whose tree this is, when the tree was found through a revision.
    public let commit: ObjectID?
    /// The root tree's id.
    public let rootTree: ObjectID

    /// Each thread borrows its own handle; the ids are shared under a lock.
    private let pool: RepositoryPool
    private let lock = NSLock()
    private var directoryIDs: [String: ObjectID] = [:]

    public var supportsConcurrentReads: Bool { true }

    /// The tree of the commit that `revision` names (`HEAD`, `refs/remotes/origin/main`, an
    /// id) in the repository at `path`. `location` names it in messages (default: `path`).
    public convenience init(repositoryAt path: String, revision: String = "HEAD", location: String? = nil) throws(GitError) {
        let repository = try Repository.open(at: path)
        let commit = try repository.resolve(revision)
        let tree = try repository.commit(commit).tree
        self.init(gitDirectory: repository.gitDirectory, commit: commit, rootTree: tree, location: location ?? path,
                  first: repository)
    }

    /// The tree with id `rootTree` in the repository whose git directory is `gitDirectory`.
    public convenience init(gitDirectory: String, rootTree: ObjectID, location: String? = nil) {
        self.init(gitDirectory: gitDirectory, commit: nil, rootTree: rootTree, location: location ?? gitDirectory,
                  first: nil)
    }

    private init(gitDirectory: String, commit: ObjectID?, rootTree: ObjectID, location: String, first: Repository?) {
        var location = location
        while location.count > 1 && location.hasSuffix("/") { location.removeLast() }
        self.location = location
        self.gitDirectory = gitDirectory
        self.commit = commit
        self.rootTree = rootTree
        pool = RepositoryPool(gitDirectory: gitDirectory, first: first)
    }

    public func entries(at path: String) throws -> [TreeEntry] {
        try pool.borrow { repository in
            let tree = try directory(at: path, in: repository)
            return list(tree, path: path)
        }
    }

    public func entriesWithChildren(at path: String) throws -> [TreeListing] {
        try pool.borrow { repository in
            let tree = try directory(at: path, in: repository)
            var listings: [TreeListing] = []
            listings.reserveCapacity(tree.count)
            for entry in tree {
                let kind: TreeEntry.Kind = entry.kind == .tree ? .directory : .file
                let item = TreeEntry(name: entry.name, kind: kind)
                guard kind == .directory, !entry.name.hasPrefix(".") else {
                    listings.append(TreeListing(entry: item, children: nil))
                    continue
                }
                let children: Result<[TreeEntry], SpecRepoError>
                do {
                    children = .success(try list(repository.tree(entry.id), path: nil))
                } catch {
                    children = .failure(.unreadable(path: describe(TreePath.join(path, entry.name)), reason: "\(error)"))
                }
                listings.append(TreeListing(entry: item, children: children))
            }
            return listings
        }
    }

    public func contents(at path: String) throws -> Data {
        try pool.borrow { repository in
            let (parent, name) = split(path)
            let tree: Tree
            do {
                tree = try directory(at: parent, in: repository)
            } catch SpecRepoError.noSuchPath, SpecRepoError.notADirectory {
                throw SpecRepoError.noSuchPath(describe(path))
            }
            guard let entry = tree.entry(named: name) else { throw SpecRepoError.noSuchPath(describe(path)) }
            guard entry.kind == .blob else {
                throw SpecRepoError.unreadable(path: describe(path), reason: "it is \(entry.kind == .tree ? "a directory" : "not a file")")
            }
            do {
                return try repository.blob(entry.id)
            } catch {
                throw SpecRepoError.unreadable(path: describe(path), reason: "\(error)")
            }
        }
    }

    // MARK: - Reading trees

    /// The entries of `tree`; when `path` is given, the ids of its subdirectories are kept
    /// so that listing them later needs no walk from the root.
    private func list(_ tree: Tree, path: String?) -> [TreeEntry] {
        var entries: [TreeEntry] = []
        entries.reserveCapacity(tree.count)
        var directories: [(String, ObjectID)] = []
        for entry in tree {
            let isDirectory = entry.kind == .tree
            entries.append(TreeEntry(name: entry.name, kind: isDirectory ? .directory : .file))
            if isDirectory, let path { directories.append((TreePath.join(path, entry.name), entry.id)) }
        }
        if !directories.isEmpty {
            lock.withLock {
                for (child, id) in directories { directoryIDs[child] = id }
            }
        }
        return entries
    }

    /// The directory at `path`: by its remembered id, else by walking from the nearest
    /// remembered ancestor (the root at worst).
    private func directory(at path: String, in repository: Repository) throws -> Tree {
        if path.isEmpty { return try load(rootTree, path: path, in: repository) }
        var ancestor = ""
        var ancestorID = rootTree
        lock.withLock {
            var candidate = Substring(path)
            while true {
                if let id = directoryIDs[String(candidate)] {
                    ancestor = String(candidate)
                    ancestorID = id
                    return
                }
                guard let slash = candidate.lastIndex(of: "/") else { return }
                candidate = candidate[..<slash]
            }
        }
        let base = try load(ancestorID, path: ancestor, in: repository)
        if ancestor == path { return base }
        let rest = ancestor.isEmpty ? path : String(path.dropFirst(ancestor.count + 1))
        let entry: (kind: ObjectKind, id: ObjectID)?
        do {
            entry = try base.entry(at: rest).map { ($0.kind, $0.id) }
        } catch {
            throw SpecRepoError.unreadable(path: describe(path), reason: "\(error)")
        }
        guard let entry else { throw SpecRepoError.noSuchPath(describe(path)) }
        guard entry.kind == .tree else { throw SpecRepoError.notADirectory(describe(path)) }
        lock.withLock { directoryIDs[path] = entry.id }
        return try load(entry.id, path: path, in: repository)
    }

    private func load(_ id: ObjectID, path: String, in repository: Repository) throws -> Tree {
        do {
            return try repository.tree(id)
        } catch {
            throw SpecRepoError.unreadable(path: describe(path), reason: "\(error)")
        }
    }

    private func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    private func describe(_ path: String) -> String {
        path.isEmpty ? location : location + "/" + path
    }
}

/// Repository handles for the threads reading one `GitSpecTree`: each call borrows one
/// that no other thread is using and returns it afterwards, opening another only when
/// all are busy.
private final class RepositoryPool: @unchecked Sendable {
    private let gitDirectory: String
    private let lock = NSLock()
    private var idle: [Repository]

    init(gitDirectory: String, first: Repository?) {
        self.gitDirectory = gitDirectory
        idle = first.map { [$0] } ?? []
    }

    func borrow<R>(_ body: (Repository) throws -> R) throws -> R {
        let repository: Repository
        if let available = lock.withLock({ idle.popLast() }) {
            repository = available
        } else {
            do {
                repository = try Repository.open(at: gitDirectory)
            } catch {
                throw SpecRepoError.unreadable(path: gitDirectory, reason: "\(error)")
            }
        }
        defer { lock.withLock { idle.append(repository) } }
        return try body(repository)
    }
}

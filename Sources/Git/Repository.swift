import CLibGit2
import Foundation

/// A git repository, bare or with a work tree. Owns its `git_repository` and frees it
/// when the last reference goes away; trees and remotes it hands out keep it alive.
///
/// Not `Sendable`: libgit2 lets any thread use a repository but never two at once, so
/// each thread or task opens its own.
public final class Repository {
    let pointer: OpaquePointer

    private init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        git_repository_free(pointer)
    }

    // MARK: opening and creating

    /// Opens the repository at `path`: a work tree, its `.git` directory, or a bare
    /// repository. With `searchingParents`, a directory inside a work tree works too.
    public static func open(at path: String, searchingParents: Bool = false) throws(GitError) -> Repository {
        try Git.ensureReady()
        var repository: OpaquePointer?
        let flags = searchingParents ? 0 : GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue
        let code = git_repository_open_ext(&repository, path, flags, nil)
        if code == GIT_ENOTFOUND.rawValue { throw GitError.notARepository(path: path) }
        try check(code, "git_repository_open_ext")
        return try Repository(owning: unwrap(repository, "git_repository_open_ext"))
    }

    /// Creates an empty repository at `path` (creating directories as needed), bare or
    /// with a work tree, whose unborn HEAD names `initialBranch`.
    public static func create(at path: String, bare: Bool, initialBranch: String = "main") throws(GitError) -> Repository {
        try Git.ensureReady()
        var options = git_repository_init_options()
        try check(git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
                  "git_repository_init_options_init")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue | (bare ? GIT_REPOSITORY_INIT_BARE.rawValue : 0)
        var repository: OpaquePointer?
        let code = initialBranch.withCString { branch in
            options.initial_head = branch
            return git_repository_init_ext(&repository, path, &options)
        }
        try check(code, "git_repository_init_ext")
        return try Repository(owning: unwrap(repository, "git_repository_init_ext"))
    }

    /// Clones `url` (a path, `file://`, `git://`, `ssh://`, `git@host:path` or `https://`)
    /// into `path`. `bare` makes a cache without a work tree; otherwise `branch` (or the
    /// remote's HEAD) is checked out. `progress` is called on this thread while objects
    /// arrive. Cloning an empty remote leaves HEAD unborn on `branch` (default `main`).
    ///
    /// A repository on this machine (a path or a `file://` URL) is first cloned by copying
    /// its object store, as `git clone` of a path does: libgit2's transport would pack every
    /// object anew, deltas included, ten times as slow as `git clone`. The copy is trusted no
    /// more than a fetch (see `keptCopy`). A copy that fails its check (a shallow
    /// or partial source, a damaged object, a store that changed while it was copied) is
    /// removed, and the repository is fetched through the transport instead, which checks
    /// each object as it indexes it and reports what is wrong. So is a source whose objects
    /// are mostly loose, whose copy would be a pack's size many times over.
    ///
    /// A `scratch` clone, one that lives for a single command and is neither kept nor pushed
    /// (integrate's staging), is the local store as libgit2 copies it, hard links included,
    /// as `git clone` of a path makes it, without the check: libgit2 still verifies each
    /// object compctl reads from it, and the check would cost each run a read of every
    /// object (1.2 s on a spec repo of 100,000 specs).
    public static func clone(
        from url: String, to path: String, bare: Bool = false, branch: String? = nil, scratch: Bool = false,
        credentials: Credentials = .fromEnvironment(), progress: ((TransferProgress) -> Void)? = nil
    ) throws(GitError) -> Repository {
        try Git.ensureReady()
        let location = RemoteLocation(url: url)
        if scratch, case .local = location {
            return try cloneOnce(from: url, to: path, bare: bare, branch: branch, local: GIT_CLONE_LOCAL,
                                 credentials: credentials, progress: progress)
        }
        if case .local(let source) = location, copyIsWorthwhile(from: source) {
            let existed = FileManager.default.fileExists(atPath: path)
            // A path may be hard-linked, as git does; a `file://` URL names a transport, so
            // its copy shares no file with a repository its owner may rewrite.
            let copy = url.hasPrefix("file://") ? GIT_CLONE_LOCAL_NO_LINKS : GIT_CLONE_LOCAL
            if let copied = try? cloneOnce(from: url, to: path, bare: bare, branch: branch, local: copy,
                                           credentials: credentials, progress: progress),
               let kept = copied.keptCopy() {
                return kept
            }
            removeClone(at: path, existed: existed)
            return try cloneOnce(from: url, to: path, bare: bare, branch: branch, local: GIT_CLONE_NO_LOCAL,
                                 credentials: credentials, progress: progress)
        }
        let local = location == .network ? GIT_CLONE_LOCAL_AUTO : GIT_CLONE_NO_LOCAL
        return try cloneOnce(from: url, to: path, bare: bare, branch: branch, local: local,
                             credentials: credentials, progress: progress)
    }

    /// Git's own threshold for a store overdue for packing (`gc.auto`).
    static let looseObjectLimit = 6_700

    /// Whether the repository at `source` is worth copying: it opens, and it holds no more
    /// than `looseObjectLimit` loose objects.
    private static func copyIsWorthwhile(from source: String) -> Bool {
        guard let repository = try? open(at: source) else { return false }
        let objects = String(cString: git_repository_commondir(repository.pointer)) + "objects/"
        var loose = 0
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: objects)) ?? [] where isHex(folder, count: 2) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: objects + folder)) ?? []
            loose += names.count { isHex($0, count: 38) }
            if loose > looseObjectLimit { return false }
        }
        return true
    }

    private static func isHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    private static func cloneOnce(
        from url: String, to path: String, bare: Bool, branch: String?, local: git_clone_local_t,
        credentials: Credentials, progress: ((TransferProgress) -> Void)?
    ) throws(GitError) -> Repository {
        var options = git_clone_options()
        try check(git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION)), "git_clone_options_init")
        options.bare = bare ? 1 : 0
        options.local = local
        // FETCH_HEAD would record the URL, credentials included, in a file nothing reads.
        options.fetch_opts.update_fetchhead = 0
        let callbacks = RemoteCallbacks(url: url, credentials: credentials, progress: progress)
        callbacks.install(into: &options.fetch_opts.callbacks)
        var repository: OpaquePointer?
        let code: Int32 = withExtendedLifetime(callbacks) {
            if let branch {
                return branch.withCString { name in
                    options.checkout_branch = name
                    return git_clone(&repository, url, path, &options)
                }
            }
            return git_clone(&repository, url, path, &options)
        }
        if code < 0 { throw callbacks.error(for: code, function: "git_clone") }
        let clone = try Repository(owning: unwrap(repository, "git_clone"))
        if git_repository_head_unborn(clone.pointer) == 1 {
            try check(git_repository_set_head(clone.pointer, "refs/heads/\(branch ?? "main")"), "git_repository_set_head")
        }
        return clone
    }

    /// Removes what a failed clone left at `path`: the folder, or only its contents when the
    /// folder was there (empty, as git_clone requires) before.
    private static func removeClone(at path: String, existed: Bool) {
        let manager = FileManager.default
        guard existed else {
            try? manager.removeItem(atPath: path)
            return
        }
        for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] {
            try? manager.removeItem(atPath: path + "/" + name)
        }
    }

    /// A clone made by copying an object store, if it may be kept once made what a fetch
    /// would have made. The store keeps only loose objects and packs with their indexes, as
    /// regular files (no commit-graph, bitmap, `.keep`, `.promisor`, alternates, leftovers
    /// or links, which nothing would check). Every object reachable from HEAD and the
    /// references must be there and match its id (libgit2 verifies the hash of each object
    /// it reads). A loose object nothing reaches is removed, and every other loose file is
    /// read on its own, so that none can stand in for a packed copy with other content.
    /// Packs are kept whole: an object in them that nothing reaches is never read, by this
    /// check or by compctl.
    ///
    /// The repository is opened again after the pruning, so that no object store it had
    /// opened (an alternate's) is read from: the kept clone is that new opening, or `nil`.
    func keptCopy() -> Repository? {
        pruneCopiedStore()
        guard let reopened = try? Repository.open(at: gitDirectory),
              let reached = try? reopened.checkReachableObjects(),
              (try? reopened.checkLooseObjects(keeping: reached)) != nil else {
            return nil
        }
        return reopened
    }

    /// Removes from the object store everything but loose objects and packs with indexes,
    /// each a regular file that is not empty.
    private func pruneCopiedStore() {
        let manager = FileManager.default
        let objects = gitDirectory + "objects/"
        func isFolder(_ path: String) -> Bool { Self.status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false }
        func isObjectFile(_ path: String) -> Bool {
            Self.status(path).map { $0.st_mode & S_IFMT == S_IFREG && $0.st_size > 0 } ?? false
        }
        for name in (try? manager.contentsOfDirectory(atPath: objects)) ?? [] {
            let folder = objects + name
            if Self.isHex(name, count: 2), isFolder(folder) {
                for file in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
                where !(Self.isHex(file, count: 38) && isObjectFile(folder + "/" + file)) {
                    try? manager.removeItem(atPath: folder + "/" + file)
                }
            } else if name == "pack", isFolder(folder) {
                let files = Set((try? manager.contentsOfDirectory(atPath: folder)) ?? [])
                for file in files {
                    let stem = file.hasSuffix(".pack") ? String(file.dropLast(5)) : file.hasSuffix(".idx") ? String(file.dropLast(4)) : ""
                    let paired = stem.hasPrefix("pack-") && Self.isHex(String(stem.dropFirst(5)), count: 40)
                        && files.contains(stem + ".pack") && files.contains(stem + ".idx")
                        && isObjectFile(folder + "/" + stem + ".pack") && isObjectFile(folder + "/" + stem + ".idx")
                    if !paired { try? manager.removeItem(atPath: folder + "/" + file) }
                }
            } else {
                // `info/` (alternates, commit-graph, packs), links, and anything else.
                try? manager.removeItem(atPath: folder)
            }
        }
    }

    /// What `lstat` says of `path` (links not followed), or nil.
    private static func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// Reads `id` from `odb`, which checks the object against its id.
    private static func read(_ id: git_oid, from odb: OpaquePointer?) throws(GitError) {
        var raw = id
        var object: OpaquePointer?
        try check(git_odb_read(&object, odb, &raw), "git_odb_read")
        git_odb_object_free(object)
    }

    /// Removes each loose object not in `reached`, and reads every other one from the loose
    /// files alone, which checks each file against its name.
    private func checkLooseObjects(keeping reached: Set<ObjectID>) throws(GitError) {
        let objects = gitDirectory + "objects"
        var odb: OpaquePointer?
        try check(git_odb_new(&odb), "git_odb_new")
        defer { git_odb_free(odb) }
        var backend: OpaquePointer?
        try check(git_odb_backend_loose(&backend, objects, -1, 0, 0, 0), "git_odb_backend_loose")
        // Owned by the object store once added; only an allocation failure keeps it out.
        try check(git_odb_add_backend(odb, backend, 1), "git_odb_add_backend")
        let manager = FileManager.default
        for folder in (try? manager.contentsOfDirectory(atPath: objects)) ?? [] where Self.isHex(folder, count: 2) {
            for file in (try? manager.contentsOfDirectory(atPath: objects + "/" + folder)) ?? [] {
                let id = try ObjectID(hex: folder + file)
                guard reached.contains(id) else {
                    try? manager.removeItem(atPath: objects + "/" + folder + "/" + file)
                    continue
                }
                try Self.read(id.raw, from: odb)
            }
        }
    }

    /// Reads every object reachable from HEAD and the references, each checked against its
    /// id, and returns their ids.
    func checkReachableObjects() throws(GitError) -> Set<ObjectID> {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var reached = Set<ObjectID>()
        var trees: [git_oid] = []
        func read(_ id: git_oid) throws(GitError) { try Self.read(id, from: odb) }
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        /// Reads the object `reference` points to and the tags on the way to what it names,
        /// then queues that: a commit for the walk, a tree for the trees, a blob read now.
        func start(from reference: OpaquePointer?) throws(GitError) {
            guard var id = git_reference_target(reference)?.pointee else { return }
            while reached.insert(ObjectID(id)).inserted {
                try read(id)
                var object: OpaquePointer?
                try check(git_object_lookup(&object, pointer, &id, GIT_OBJECT_ANY), "git_object_lookup")
                defer { git_object_free(object) }
                switch git_object_type(object) {
                case GIT_OBJECT_TAG:
                    id = git_tag_target_id(object).pointee
                    continue
                case GIT_OBJECT_COMMIT:
                    try check(git_revwalk_push(walk, &id), "git_revwalk_push")
                case GIT_OBJECT_TREE:
                    trees.append(id)
                default:
                    break
                }
                return
            }
        }

        var head: OpaquePointer?
        if git_reference_lookup(&head, pointer, "HEAD") == 0 {
            defer { git_reference_free(head) }
            var resolved: OpaquePointer?
            // A detached HEAD names a commit of its own; an unborn one names nothing yet.
            if git_reference_resolve(&resolved, head) == 0 {
                defer { git_reference_free(resolved) }
                try start(from: resolved)
            }
        }
        var iterator: OpaquePointer?
        try check(git_reference_iterator_new(&iterator, pointer), "git_reference_iterator_new")
        defer { git_reference_iterator_free(iterator) }
        while true {
            var reference: OpaquePointer?
            let code = git_reference_next(&reference, iterator)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_reference_next")
            defer { git_reference_free(reference) }
            try start(from: reference)
        }
        var commitID = git_oid()
        while true {
            let code = git_revwalk_next(&commitID, walk)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_revwalk_next")
            reached.insert(ObjectID(commitID))
            try read(commitID)
            var commit: OpaquePointer?
            try check(git_commit_lookup(&commit, pointer, &commitID), "git_commit_lookup")
            let tree = git_commit_tree_id(commit).pointee
            git_commit_free(commit)
            if reached.insert(ObjectID(tree)).inserted { trees.append(tree) }
        }
        while var treeID = trees.popLast() {
            var tree: OpaquePointer?
            try check(git_tree_lookup(&tree, pointer, &treeID), "git_tree_lookup")
            defer { git_tree_free(tree) }
            for index in 0..<git_tree_entrycount(tree) {
                guard let entry = git_tree_entry_byindex(tree, index) else { continue }
                let id = git_tree_entry_id(entry).pointee
                switch git_tree_entry_type(entry) {
                case GIT_OBJECT_TREE:
                    if reached.insert(ObjectID(id)).inserted { trees.append(id) }
                case GIT_OBJECT_BLOB:
                    if reached.insert(ObjectID(id)).inserted { try read(id) }
                default:
                    // A submodule's commit lives in another repository.
                    continue
                }
            }
        }
        return reached
    }

    // MARK: where it is

    /// The git directory (`…/.git/` or the bare repository itself), with a trailing slash.
    public var gitDirectory: String {
        String(cString: git_repository_path(pointer))
    }

    /// The work tree, with a trailing slash; `nil` for a bare repository.
    public var workDirectory: String? {
        git_repository_workdir(pointer).map { String(cString: $0) }
    }

    /// Whether the repository has no work tree.
    public var isBare: Bool {
        git_repository_is_bare(pointer) == 1
    }

    /// How errors name this repository: its work tree, or its git directory.
    var displayPath: String {
        var path = workDirectory ?? gitDirectory
        if path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    // MARK: references and commits

    /// The commit that `revision` names: a branch, tag or other reference (`main`,
    /// `origin/main`, `refs/tags/1.0.0`), an object id, or an expression like `main~1`.
    /// Tags are peeled to the commit they point at.
    public func resolve(_ revision: String) throws(GitError) -> ObjectID {
        let object = try lookupRevision(revision)
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        let code = git_object_peel(&commit, object, GIT_OBJECT_COMMIT)
        if code == GIT_EINVALIDSPEC.rawValue || code == GIT_ENOTFOUND.rawValue || code == GIT_EPEEL.rawValue {
            throw GitError.revisionNotFound(revision: revision + " (as a commit)", repository: displayPath)
        }
        try check(code, "git_object_peel")
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit))
    }

    /// The object id a reference points at (following symbolic references such as HEAD),
    /// or `nil` when the reference does not exist. `name` is a full name (`refs/heads/main`).
    public func referenceTarget(_ name: String) throws(GitError) -> ObjectID? {
        var oid = git_oid()
        let code = git_reference_name_to_id(&oid, pointer, name)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_reference_name_to_id")
        return ObjectID(oid)
    }

    /// Moves (or creates) the reference `name` to `target`, but only if it still points at
    /// `expected` (`nil`: only if it does not exist yet). The check and the write are one
    /// atomic step under the reference's lock, so concurrent writers cannot both win;
    /// the loser gets `GitError.referenceChanged`, or `GitError.locked` when it met the
    /// other's lock file (which a killed writer leaves behind).
    public func updateReference(
        _ name: String, to target: ObjectID, expecting expected: ObjectID?, message: String
    ) throws(GitError) {
        var reference: OpaquePointer?
        var newID = target.raw
        let code: Int32
        if var oldID = expected?.raw {
            code = git_reference_create_matching(&reference, pointer, name, &newID, 1, &oldID, message)
        } else {
            code = git_reference_create(&reference, pointer, name, &newID, 0, message)
        }
        git_reference_free(reference)
        if code == GIT_ELOCKED.rawValue {
            // Another writer of this reference, alive or killed: never "changed by someone else".
            let error = GitError.last(code, "git_reference_create")
            if case .locked = error { throw error }
            throw LockFile.error(for: gitDirectory + name + ".lock")
        }
        if code == GIT_EMODIFIED.rawValue || code == GIT_EEXISTS.rawValue {
            throw GitError.referenceChanged(name: name, repository: displayPath, expected: expected)
        }
        try check(code, expected == nil ? "git_reference_create" : "git_reference_create_matching")
    }

    /// Removes the reference `name`; does nothing if it does not exist.
    public func deleteReference(_ name: String) throws(GitError) {
        var reference: OpaquePointer?
        let code = git_reference_lookup(&reference, pointer, name)
        if code == GIT_ENOTFOUND.rawValue { return }
        try check(code, "git_reference_lookup")
        defer { git_reference_free(reference) }
        let deleted = git_reference_delete(reference)
        if deleted == GIT_ENOTFOUND.rawValue { return }
        try check(deleted, "git_reference_delete")
    }

    /// The full names of the references matching a glob such as `refs/heads/*`.
    public func referenceNames(matching glob: String) throws(GitError) -> [String] {
        var names = git_strarray()
        try check(git_reference_list(&names, pointer), "git_reference_list")
        defer { git_strarray_dispose(&names) }
        var result: [String] = []
        for index in 0..<names.count {
            guard let name = names.strings[index] else { continue }
            let text = String(cString: name)
            if globMatches(Array(glob.utf8), Array(text.utf8)) { result.append(text) }
        }
        return result.sorted()
    }

    /// Whether `descendant` is `ancestor` or has it in its history.
    public func isAncestor(_ ancestor: ObjectID, of descendant: ObjectID) throws(GitError) -> Bool {
        if ancestor == descendant { return true }
        var commit = descendant.raw
        var base = ancestor.raw
        return try check(git_graph_descendant_of(pointer, &commit, &base), "git_graph_descendant_of") == 1
    }

    /// What a commit records.
    public func commit(_ id: ObjectID) throws(GitError) -> Commit {
        var commit: OpaquePointer?
        var raw = id.raw
        let code = git_commit_lookup(&commit, pointer, &raw)
        if code == GIT_ENOTFOUND.rawValue { throw GitError.revisionNotFound(revision: id.hex, repository: displayPath) }
        try check(code, "git_commit_lookup")
        defer { git_commit_free(commit) }
        let parents = (0..<git_commit_parentcount(commit)).compactMap { index in
            git_commit_parent_id(commit, index).map { ObjectID($0) }
        }
        return Commit(
            id: id,
            tree: ObjectID(git_commit_tree_id(commit)),
            parents: parents,
            message: git_commit_message(commit).map { String(cString: $0) } ?? "",
            author: git_commit_author(commit).map(Signature.init) ?? .compctl,
            committer: git_commit_committer(commit).map(Signature.init) ?? .compctl)
    }

    /// Writes a commit of `tree` with `parents`. With `reference`, that reference is moved to
    /// the new commit, but only if it currently points at the first parent (or does not
    /// exist and there are no parents): libgit2 refuses otherwise.
    public func createCommit(
        tree: Tree, parents: [ObjectID], message: String,
        author: Signature? = nil, committer: Signature? = nil, updating reference: String? = nil
    ) throws(GitError) -> ObjectID {
        var parentCommits: [OpaquePointer?] = []
        defer { parentCommits.forEach { git_commit_free($0) } }
        for parent in parents {
            var commit: OpaquePointer?
            var raw = parent.raw
            let code = git_commit_lookup(&commit, pointer, &raw)
            if code == GIT_ENOTFOUND.rawValue {
                throw GitError.revisionNotFound(revision: parent.hex, repository: displayPath)
            }
            try check(code, "git_commit_lookup")
            parentCommits.append(commit)
        }
        let signature = author ?? defaultSignature()
        var id = git_oid()
        let code = try withSignatures(signature, committer ?? signature) { authorPointer, committerPointer in
            parentCommits.withUnsafeMutableBufferPointer { buffer in
                git_commit_create(&id, pointer, reference, authorPointer, committerPointer, nil,
                                  Self.terminated(message), tree.pointer, buffer.count, buffer.baseAddress)
            }
        }
        if code == GIT_EMODIFIED.rawValue, let reference {
            throw GitError.referenceChanged(name: reference, repository: displayPath, expected: parents.first)
        }
        try check(code, "git_commit_create")
        return ObjectID(id)
    }

    /// The signature git config names (`user.name`, `user.email`), or `Signature.compctl`.
    public func defaultSignature() -> Signature {
        var signature: UnsafeMutablePointer<git_signature>?
        guard git_signature_default(&signature, pointer) == 0, let signature else { return .compctl }
        defer { git_signature_free(signature) }
        var result = Signature(signature)
        result.time = nil
        return result
    }

    // MARK: work tree

    /// The paths whose work-tree or index state differs from HEAD, sorted: untracked files
    /// included unless `includingUntracked` is false, ignored ones never. Empty means the
    /// work tree is clean.
    public func uncommittedChanges(includingUntracked: Bool = true) throws(GitError) -> [String] {
        guard !isBare else { throw GitError.bareRepository(path: displayPath, operation: "check for changes") }
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
        if includingUntracked {
            options.flags |= GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
        }
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &options), "git_status_list_new")
        defer { git_status_list_free(list) }
        var paths: Set<String> = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index) else { continue }
            for delta in [entry.pointee.head_to_index, entry.pointee.index_to_workdir] {
                guard let delta else { continue }
                if let path = delta.pointee.new_file.path ?? delta.pointee.old_file.path {
                    paths.insert(String(cString: path))
                }
            }
        }
        return paths.sorted()
    }

    /// Whether `path` (relative to the work tree) is in the index: git tracks it.
    public func isTracked(_ path: String) throws(GitError) -> Bool {
        let index = try self.index()
        defer { git_index_free(index) }
        return git_index_get_bypath(index, path, 0) != nil
    }

    /// Whether the work tree and the index match HEAD, untracked files counting as changes.
    public func isWorkTreeClean() throws(GitError) -> Bool {
        try uncommittedChanges().isEmpty
    }

    /// Stages `paths` (relative to the work tree) as `git add` would: changed and new
    /// files are added, deleted ones removed from the index.
    public func stage(_ paths: [String]) throws(GitError) {
        let workDirectory = try requireWorkDirectory("stage files")
        let index = try self.index()
        defer { git_index_free(index) }
        for path in paths {
            if FileManager.default.fileExists(atPath: workDirectory + path) {
                try check(git_index_add_bypath(index, path), "git_index_add_bypath")
            } else {
                try check(git_index_remove_bypath(index, path), "git_index_remove_bypath")
            }
        }
        try write(index)
    }

    /// Stages every change in the work tree, as `git add -A`.
    public func stageAll() throws(GitError) {
        _ = try requireWorkDirectory("stage files")
        let index = try self.index()
        defer { git_index_free(index) }
        let code = withStringArray(["*"]) { pathspec in
            let added = git_index_add_all(index, pathspec, GIT_INDEX_ADD_DEFAULT.rawValue, nil, nil)
            return added < 0 ? added : git_index_update_all(index, pathspec, nil, nil)
        }
        try check(code, "git_index_add_all")
        try write(index)
    }

    /// Commits the index on the current branch (an unborn branch gets its first commit)
    /// and moves the branch, as `git commit` does.
    @discardableResult
    public func commitIndex(message: String, author: Signature? = nil, committer: Signature? = nil) throws(GitError) -> ObjectID {
        _ = try requireWorkDirectory("commit")
        let index = try self.index()
        defer { git_index_free(index) }
        var treeID = git_oid()
        try check(git_index_write_tree(&treeID, index), "git_index_write_tree")
        let tree = try self.tree(ObjectID(treeID))
        let parents = git_repository_head_unborn(pointer) == 1 ? [] : [try resolve("HEAD")]
        return try createCommit(tree: tree, parents: parents, message: message, author: author, committer: committer,
                                updating: "HEAD")
    }

    /// Writes `index` to its file. libgit2 does not name the lock a held index write meets
    /// (`the index is locked…`); this error does, as it does for a ref's lock.
    private func write(_ index: OpaquePointer) throws(GitError) {
        let code = git_index_write(index)
        if code == GIT_ELOCKED.rawValue, let path = git_index_path(index) {
            throw LockFile.error(for: String(cString: path) + ".lock")
        }
        try check(code, "git_index_write")
    }

    private func index() throws(GitError) -> OpaquePointer {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        return try unwrap(index, "git_repository_index")
    }

    private func requireWorkDirectory(_ operation: String) throws(GitError) -> String {
        guard let workDirectory else { throw GitError.bareRepository(path: displayPath, operation: operation) }
        return workDirectory
    }

    /// Fast-forwards the checked-out `branch` from `expected` to `target`, as `git merge
    /// --ff-only` would: the work tree and index get `target`'s files (a safe checkout,
    /// which refuses to overwrite local changes), then the branch moves, only if it is
    /// still at `expected`.
    public func fastForward(branch: String, from expected: ObjectID, to target: ObjectID) throws(GitError) {
        _ = try requireWorkDirectory("fast-forward")
        let object = try lookupRevision(target.hex)
        defer { git_object_free(object) }
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = GIT_CHECKOUT_SAFE.rawValue
        try check(git_checkout_tree(pointer, object, &options), "git_checkout_tree")
        try updateReference("refs/heads/\(branch)", to: target, expecting: expected, message: "fast-forward")
    }

    /// Checks out `revision` (a tag, branch or commit) with a detached HEAD, as `git checkout
    /// --detach` does, replacing the work tree's files: for a fresh clone that a build runs in.
    public func checkOutDetached(_ revision: String) throws(GitError) {
        _ = try requireWorkDirectory("check out")
        let commit = try resolve(revision)
        let object = try lookupRevision(commit.hex)
        defer { git_object_free(object) }
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = GIT_CHECKOUT_FORCE.rawValue | GIT_CHECKOUT_REMOVE_UNTRACKED.rawValue
        try check(git_checkout_tree(pointer, object, &options), "git_checkout_tree")
        var id = commit.raw
        try check(git_repository_set_head_detached(pointer, &id), "git_repository_set_head_detached")
    }

    /// Points HEAD at the local branch `branch` (`git switch` without touching the work
    /// tree: the caller makes sure the branch's tree is what the work tree holds).
    public func setHead(toBranch branch: String) throws(GitError) {
        try check(git_repository_set_head(pointer, "refs/heads/\(branch)"), "git_repository_set_head")
    }

    /// Whether `path` has what git and libgit2 require of a repository's own folder (`HEAD`,
    /// `objects` and `refs`), by looking at the files alone.
    public static func hasRepositoryLayout(at path: String) -> Bool {
        ["HEAD", "objects", "refs"].allSatisfy { FileManager.default.fileExists(atPath: path + "/" + $0) }
    }

    /// Whether `path` is a bare repository. A folder without a repository's layout is
    /// answered without libgit2, whose start loads the system's CA certificates: a plain
    /// spec folder's reading must not pay that.
    public static func isBareRepository(at path: String) -> Bool {
        guard hasRepositoryLayout(at: path) else { return false }
        return (try? open(at: path))?.isBare ?? false
    }

    /// Whether git accepts `name` as a branch name (`git check-ref-format --branch`).
    public static func isValidBranchName(_ name: String) -> Bool {
        // No other libgit2 call may have come first (a command's options are checked before
        // it opens a repository), and libgit2 refuses every name before `git_libgit2_init`.
        Git.ensureInitialized()
        var valid: Int32 = 0
        return git_branch_name_is_valid(&valid, name) == 0 && valid == 1 && !name.hasPrefix("-")
    }

    // MARK: helpers

    /// `git_revparse_single`, with a missing or malformed name reported as such.
    func lookupRevision(_ revision: String) throws(GitError) -> OpaquePointer {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, pointer, revision)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue {
            throw GitError.revisionNotFound(revision: revision, repository: displayPath)
        }
        try check(code, "git_revparse_single")
        return try unwrap(object, "git_revparse_single")
    }

    /// git ends commit and tag messages with a newline; libgit2 stores what it is given.
    static func terminated(_ message: String) -> String {
        message.hasSuffix("\n") ? message : message + "\n"
    }
}

/// A pointer libgit2 promised to fill; a missing one becomes an error instead of a crash.
func unwrap<T>(_ value: T?, _ function: String) throws(GitError) -> T {
    guard let value else {
        throw GitError.libgit2(function: function, code: -1, errorClass: 0, message: "returned no object")
    }
    return value
}

/// Lends `body` a `git_strarray` of `strings`, valid only during the call.
func withStringArray<R>(_ strings: [String], _ body: (UnsafePointer<git_strarray>) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var mutableCopies = copies
    return mutableCopies.withUnsafeMutableBufferPointer { buffer in
        var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
        return withUnsafePointer(to: &array) { body($0) }
    }
}

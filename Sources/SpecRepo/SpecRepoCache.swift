#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Git

/// One spec repo in the cache: a bare clone of its remote.
public struct CachedSpecRepo: Sendable, Equatable {
    /// The name it is cached under (`acme`).
    public var name: String
    /// The bare repository's directory.
    public var path: String
    /// The remote's URL as configured, credentials included: pass it through `Git.redact`
    /// before showing it.
    public var url: String
    /// The remote's default branch, as it was when the repo was cloned.
    public var branch: String
    /// The tip of that branch as last fetched; `nil` while the remote has no commit.
    public var head: ObjectID?
    /// When the repo was last cloned or fetched successfully.
    public var lastFetch: Date?
}

/// What a clone or fetch is doing, for progress reports.
public enum CacheActivity: Sendable, Equatable {
    /// Cloning the remote at `url` into the cache as `name`.
    case cloning(name: String, url: String)
    /// Fetching into the cached repo `name` from `url`.
    case fetching(name: String, url: String)

    /// The cached repo's name.
    public var name: String {
        switch self {
        case .cloning(let name, _), .fetching(let name, _): return name
        }
    }
}

/// How a fetch changed a cached repo's default branch.
public struct CacheUpdate: Sendable, Equatable {
    /// The repo after the fetch.
    public var repo: CachedSpecRepo
    /// The branch's tip before the fetch.
    public var previousHead: ObjectID?

    /// Whether the fetch moved the branch.
    public var changed: Bool { previousHead != repo.head }
}

/// compctl's cache of private spec repos: one bare clone per repo under
/// `$COMPCTL_HOME/repos/NAME` (default `~/.compctl/repos/NAME`), made and fetched through
/// libgit2, read from git objects with `GitSpecTree`.
///
/// The cache is safe to share between processes. A clone is made in a hidden directory
/// beside its final place and renamed into it only once it is complete and checked, so a
/// failed or interrupted clone leaves nothing behind. Fetching and publishing take an
/// exclusive `flock` on the repo's directory, so two compctl processes never update the
/// same cached repo at once; reading needs no lock, as git writes objects and references
/// atomically.
///
/// The cache is compctl's own, so it cleans up after compctl processes that were killed:
/// hidden clones and removals whose process is gone (it held a `flock` on them), and git
/// lock files in a repo it holds the `flock` of (no live writer can own them). It never
/// does so anywhere else. Its directories are private to the user (0700) and each repo's
/// `config`, which holds the remote's URL and so any credentials in it, is 0600.
///
/// The default branch is read from `refs/remotes/origin/BRANCH`, which fetches update;
/// `refs/heads/BRANCH` is kept equal to it, so the cache never holds an unpushed commit.
public struct SpecRepoCache: Sendable {
    /// The directory holding one bare repository per cached spec repo.
    public let directory: String
    /// What to offer remotes that ask who compctl is.
    public var credentials: Credentials
    /// Called on the calling thread while a clone or fetch transfers objects.
    public var progress: (@Sendable (CacheActivity, TransferProgress) -> Void)?

    /// The name of the file, inside each cached repo's git directory, that records when it
    /// was last fetched. git ignores unknown files there.
    static let lastFetchFile = "compctl-last-fetch"

    /// A cache in `directory` (created when first needed).
    public init(
        directory: String, credentials: Credentials = .fromEnvironment(),
        progress: (@Sendable (CacheActivity, TransferProgress) -> Void)? = nil
    ) {
        var directory = directory
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
        self.credentials = credentials
        self.progress = progress
    }

    /// `$COMPCTL_HOME`, else `$HOME/.compctl`: where compctl keeps its state.
    public static func homeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["COMPCTL_HOME"], !home.isEmpty { return home }
        let user = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (user as NSString).appendingPathComponent(".compctl")
    }

    /// The cache under `homeDirectory(environment:)`, i.e. `…/repos`.
    public static func standard(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        progress: (@Sendable (CacheActivity, TransferProgress) -> Void)? = nil
    ) -> SpecRepoCache {
        SpecRepoCache(
            directory: (homeDirectory(environment: environment) as NSString).appendingPathComponent("repos"),
            credentials: .fromEnvironment(environment), progress: progress)
    }

    /// Whether `name` can name a cached repo: letters, digits, `-`, `_` and `.`, not starting
    /// with `.` (hidden entries of the cache directory are compctl's own work in progress).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }

    /// The directory of the cached repo `name` (which may not exist).
    public func path(of name: String) -> String {
        directory + "/" + name
    }

    /// Whether the cache holds a repo called `name`.
    public func contains(_ name: String) -> Bool {
        guard Self.isValidName(name) else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(of: name), isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The names of the cached repos, sorted.
    public func names() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.filter { Self.isValidName($0) && contains($0) }.sorted()
    }

    /// What the cache knows about the repo `name`, without touching the network.
    public func info(_ name: String) throws -> CachedSpecRepo {
        guard contains(name) else { throw SpecRepoError.notCached(name: name, cache: directory) }
        return try describe(name: name, repository: Repository.open(at: path(of: name)))
    }

    // MARK: - Adding, updating, removing

    /// Clones `url` into the cache as `name`. With `requireSpecRepo`, a repository whose
    /// default branch has commits but no spec repo in it is refused (an empty repository
    /// is accepted: it is a spec repo with nothing published yet). Nothing is left in the
    /// cache when this throws.
    @discardableResult
    public func add(name: String, url: String, requireSpecRepo: Bool = true) throws -> CachedSpecRepo {
        guard Self.isValidName(name) else { throw SpecRepoError.invalidName(name) }
        if contains(name) {
            throw SpecRepoError.alreadyAdded(name: name, url: Git.redact((try? info(name).url) ?? url))
        }
        try createDirectory()
        removeLeftovers()
        let (staging, descriptor) = try makeStagingDirectory(for: name)
        // Runs last: the folder stays locked until it is renamed into place or deleted.
        defer { close(descriptor) }
        var kept = false
        defer { if !kept { try? FileManager.default.removeItem(atPath: staging) } }
        let activity = CacheActivity.cloning(name: name, url: url)
        let report = progress
        let repository = try Repository.clone(
            from: url, to: staging, bare: true, credentials: credentials,
            progress: report.map { report in { report(activity, $0) } })
        let branch = repository.headBranch ?? "main"
        if requireSpecRepo, let head = try tip(of: repository, branch: branch) {
            try checkIsSpecRepo(repository, head: head, url: url, branch: branch)
        }
        try recordFetch(in: repository)
        try restrictAccess(toRepositoryAt: staging)
        // rename(2) refuses to replace a non-empty directory: a concurrent `add` of the same
        // name that finished first wins, and this clone is discarded.
        guard rename(staging, path(of: name)) == 0 else {
            let code = errno
            if code == EEXIST || code == ENOTEMPTY {
                throw SpecRepoError.alreadyAdded(name: name, url: Git.redact((try? info(name).url) ?? url))
            }
            throw SpecRepoError.cacheFailure(path: path(of: name), reason: String(cString: strerror(code)))
        }
        kept = true
        return try info(name)
    }

    /// Clones `url` as `name` unless the cache already has it; returns whether it cloned.
    /// A concurrent process cloning the same repo at the same time is fine: one clone wins.
    /// A clone of `name` made from another URL is an error, never silently used.
    @discardableResult
    public func ensure(name: String, url: String, requireSpecRepo: Bool = true) throws -> Bool {
        if contains(name) {
            try checkURL(of: name, is: url)
            return false
        }
        do {
            try add(name: name, url: url, requireSpecRepo: requireSpecRepo)
            return true
        } catch SpecRepoError.alreadyAdded where contains(name) {
            try checkURL(of: name, is: url)
            return false
        }
    }

    private func checkURL(of name: String, is url: String) throws {
        let cached = try info(name).url
        guard cached == url else {
            throw SpecRepoError.cachedFromAnotherURL(name: name, cached: Git.redact(cached), configured: Git.redact(url))
        }
    }

    /// Fetches the cached repo `name` from its remote, pruning deleted branches.
    @discardableResult
    public func update(_ name: String) throws -> CacheUpdate {
        try withExclusiveAccess(to: name) { repository in
            let before = try describe(name: name, repository: repository)
            try fetch(repository, name: name, url: before.url)
            return CacheUpdate(repo: try describe(name: name, repository: repository), previousHead: before.head)
        }
    }

    /// Deletes the cached repo `name`, waiting for any compctl process using it to finish.
    public func remove(_ name: String) throws {
        guard contains(name) else { throw SpecRepoError.notCached(name: name, cache: directory) }
        let trash = directory + "/.\(name).removing-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try withExclusiveAccess(to: name) { _ in
            guard rename(path(of: name), trash) == 0 else {
                throw SpecRepoError.cacheFailure(path: path(of: name), reason: String(cString: strerror(errno)))
            }
            // Deleted while still locked, so that no other process takes it for the leftover
            // of a killed removal and deletes it at the same time.
            do {
                try FileManager.default.removeItem(atPath: trash)
            } catch {
                throw SpecRepoError.cacheFailure(path: trash, reason: "\(error)")
            }
        }
    }

    // MARK: - Reading and locking

    /// The tree of the cached repo's default branch, read from git objects; `nil` while the
    /// remote has no commit. `location` names it in messages (default: the redacted URL).
    public func tree(of name: String, location: String? = nil) throws -> GitSpecTree? {
        let repository = try Repository.open(at: path(of: name))
        let repo = try describe(name: name, repository: repository)
        guard let head = repo.head else { return nil }
        return try GitSpecTree(repositoryAt: repository.gitDirectory, revision: head.hex,
                               location: location ?? Git.redact(repo.url))
    }

    /// Runs `body` with the cached repo `name` open, holding an exclusive lock on it that
    /// other compctl processes respect (fetch, publish, remove). Before `body` runs, what
    /// killed compctl processes left is cleaned up (stale git lock files in the repo,
    /// partial clones in the cache) and the repo's permissions are made private again.
    public func withExclusiveAccess<R>(to name: String, _ body: (Repository) throws -> R) throws -> R {
        guard contains(name) else { throw SpecRepoError.notCached(name: name, cache: directory) }
        removeLeftovers()
        let descriptor = open(path(of: name), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SpecRepoError.notCached(name: name, cache: directory) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw SpecRepoError.cacheFailure(path: path(of: name), reason: "cannot lock it: \(String(cString: strerror(errno)))")
            }
        }
        // Removed (renamed away) while this process waited for the lock.
        guard contains(name), isSameDirectory(descriptor, path(of: name)) else {
            throw SpecRepoError.notCached(name: name, cache: directory)
        }
        try restrict(directory, to: 0o700)
        try restrictAccess(toRepositoryAt: path(of: name))
        removeStaleLocks(inRepositoryAt: path(of: name))
        return try body(Repository.open(at: path(of: name)))
    }

    // MARK: - Cleaning up after killed processes

    /// Removes the hidden clones (`.NAME.partial-…`) and removals (`.NAME.removing-…`) of
    /// processes that are gone. The process making one holds a `flock` on it until it is
    /// renamed into place or deleted, and the kernel drops that lock when the process dies:
    /// a folder whose lock can be taken at once has no live owner.
    func removeLeftovers() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries where entry.hasPrefix(".") && (entry.contains(".partial-") || entry.contains(".removing-")) {
            let leftover = directory + "/" + entry
            let descriptor = open(leftover, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, !Self.ownerIsAlive(entry) else { continue }
            try? FileManager.default.removeItem(atPath: leftover)
        }
    }

    /// Whether the process named in a hidden folder's name (`.NAME.partial-<pid>-<n>`) still
    /// runs: its folder is never a leftover, even in the instant before it takes the folder's
    /// flock (the 8-publisher soak lost a clone to that race).
    static func ownerIsAlive(_ entry: String) -> Bool {
        for marker in [".partial-", ".removing-"] {
            guard let range = entry.range(of: marker, options: .backwards) else { continue }
            let digits = entry[range.upperBound...].prefix { $0.isNumber }
            guard let pid = Int32(digits), pid > 0 else { return false }
            return pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
        }
        return false
    }

    /// Removes git lock files (`refs/heads/main.lock`, `packed-refs.lock`, `FETCH_HEAD.lock`,
    /// `refs/compctl/publish/….lock`) from a cached repo whose `flock` the caller holds: the
    /// cache is compctl's own and every writer of it holds that lock, so any lock file there,
    /// however young, was left by a compctl process that was killed (the kill -9 harness
    /// found locks milliseconds old that blocked the next command).
    func removeStaleLocks(inRepositoryAt path: String) {
        var candidates = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 }
        for folder in ["refs", "logs"] {
            let enumerator = FileManager.default.enumerator(atPath: path + "/" + folder)
            while let relative = enumerator?.nextObject() as? String {
                candidates.append(path + "/" + folder + "/" + relative)
            }
        }
        for candidate in candidates where candidate.hasSuffix(".lock") {
            var status = stat()
            guard lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(candidate)
        }
    }

    /// A new hidden folder for cloning `name`, private to the user and locked (`flock`) by
    /// this process, so that `removeLeftovers` in other processes leaves it alone.
    private func makeStagingDirectory(for name: String) throws -> (path: String, descriptor: Int32) {
        for _ in 0..<8 {
            let staging = directory + "/.\(name).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard mkdir(staging, 0o700) == 0 else {
                if errno == EEXIST { continue }
                throw SpecRepoError.cacheFailure(path: staging, reason: String(cString: strerror(errno)))
            }
            let descriptor = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw SpecRepoError.cacheFailure(path: staging, reason: String(cString: strerror(errno)))
            }
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            // Another process may have taken the empty folder for a leftover between mkdir
            // and flock and deleted it: then try another name.
            if isSameDirectory(descriptor, staging) { return (staging, descriptor) }
            close(descriptor)
        }
        throw SpecRepoError.cacheFailure(path: directory, reason: "cannot create a folder to clone \(name) into")
    }

    /// Makes the cached repo at `path` private: the folder 0700 and its `config` (which
    /// holds the remote's URL, credentials included) 0600. Fixes caches made before.
    private func restrictAccess(toRepositoryAt path: String) throws {
        try restrict(path, to: 0o700)
        try restrict(path + "/config", to: 0o600)
    }

    /// Sets the permissions of `path` to `mode` unless they already are.
    private func restrict(_ path: String, to mode: mode_t) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw SpecRepoError.cacheFailure(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & 0o7777 != mode else { return }
        guard chmod(path, mode) == 0 else {
            throw SpecRepoError.cacheFailure(path: path, reason: "cannot make it private to its owner: "
                + String(cString: strerror(errno)))
        }
    }

    /// Fetches `repository` (a cached repo, locked by the caller) and keeps its local branch
    /// equal to the fetched one.
    func fetch(_ repository: Repository, name: String, url: String) throws {
        let activity = CacheActivity.fetching(name: name, url: url)
        let report = progress
        try repository.fetch(from: "origin", prune: true, credentials: credentials,
                             progress: report.map { report in { report(activity, $0) } })
        try syncLocalBranch(repository)
        try recordFetch(in: repository)
    }

    /// Points `refs/heads/BRANCH` at what `refs/remotes/origin/BRANCH` says, so that the
    /// cache holds exactly the remote's state (a failed publish leaves no commit behind).
    func syncLocalBranch(_ repository: Repository) throws {
        let branch = repository.headBranch ?? "main"
        let local = "refs/heads/\(branch)"
        if let remote = try repository.referenceTarget("refs/remotes/origin/\(branch)") {
            let current = try repository.referenceTarget(local)
            if current != remote {
                try repository.updateReference(local, to: remote, expecting: current, message: "compctl: sync with origin")
            }
        } else {
            try repository.deleteReference(local)
        }
    }

    /// The tip of `branch` as last fetched, falling back to the local branch for caches
    /// made by other tools.
    func tip(of repository: Repository, branch: String) throws -> ObjectID? {
        if let remote = try repository.referenceTarget("refs/remotes/origin/\(branch)") { return remote }
        return try repository.referenceTarget("refs/heads/\(branch)")
    }

    // MARK: - Helpers

    private func describe(name: String, repository: Repository) throws -> CachedSpecRepo {
        let branch = repository.headBranch ?? "main"
        let url = (try? repository.remote(named: "origin").url) ?? ""
        return CachedSpecRepo(
            name: name, path: path(of: name), url: url, branch: branch,
            head: try tip(of: repository, branch: branch), lastFetch: lastFetch(of: repository))
    }

    private func checkIsSpecRepo(_ repository: Repository, head: ObjectID, url: String, branch: String) throws {
        let tree = GitSpecTree(gitDirectory: repository.gitDirectory, rootTree: try repository.commit(head).tree,
                               location: Git.redact(url))
        do {
            _ = try SpecRepository(tree: tree, depth: .versions)
        } catch SpecRepoError.notASpecRepository {
            throw SpecRepoError.remoteIsNotASpecRepository(url: Git.redact(url), branch: branch)
        }
    }

    private func recordFetch(in repository: Repository) throws {
        let stamp = ISO8601DateFormatter().string(from: Date()) + "\n"
        let file = repository.gitDirectory + Self.lastFetchFile
        do {
            try Data(stamp.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw SpecRepoError.cacheFailure(path: file, reason: "\(error)")
        }
    }

    private func lastFetch(of repository: Repository) -> Date? {
        guard let data = FileManager.default.contents(atPath: repository.gitDirectory + Self.lastFetchFile) else {
            return nil
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return ISO8601DateFormatter().date(from: text)
    }

    /// Creates the cache directory (0700: it holds remote URLs) or makes it private again.
    private func createDirectory() throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw SpecRepoError.cacheFailure(path: directory, reason: "\(error)")
        }
        try restrict(directory, to: 0o700)
    }

    private func isSameDirectory(_ descriptor: Int32, _ path: String) -> Bool {
        var opened = stat()
        var current = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0 else { return false }
        return opened.st_dev == current.st_dev && opened.st_ino == current.st_ino
    }
}

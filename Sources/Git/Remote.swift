import CLibGit2

/// A remote of a repository (`origin`…): fetching from it and pushing to it. Owns its
/// `git_remote` and keeps its repository open.
public final class Remote {
    let pointer: OpaquePointer
    /// The repository the remote belongs to.
    public let repository: Repository
    /// The remote's name (`origin`).
    public let name: String

    init(owning pointer: OpaquePointer, repository: Repository, name: String) {
        self.pointer = pointer
        self.repository = repository
        self.name = name
    }

    deinit {
        git_remote_free(pointer)
    }

    /// The URL as configured, credentials included: pass it through `Git.redact` before
    /// showing it.
    public var url: String {
        git_remote_url(pointer).map { String(cString: $0) } ?? ""
    }

    /// Whether the remote is a repository on this machine (a path or `file://`).
    public var isLocal: Bool {
        if case .local = RemoteLocation(url: url) { return true }
        return false
    }

    /// Downloads new objects and updates the remote-tracking references (by default
    /// `refs/remotes/<name>/*`). With `prune`, tracking references whose branch is gone
    /// from the remote are deleted. `refspecs` replaces the configured ones for this fetch.
    /// Tags pointing into fetched history come along, as with `git fetch`. `FETCH_HEAD`
    /// is not written: it would hold the URL, credentials included.
    public func fetch(
        refspecs: [String]? = nil, prune: Bool = true, credentials: Credentials = .fromEnvironment(),
        progress: ((TransferProgress) -> Void)? = nil
    ) throws(GitError) {
        var options = git_fetch_options()
        try check(git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
        options.prune = prune ? GIT_FETCH_PRUNE : GIT_FETCH_NO_PRUNE
        // FETCH_HEAD would record the URL, credentials included, in a file nothing reads.
        options.update_fetchhead = 0
        let callbacks = RemoteCallbacks(url: url, credentials: credentials, progress: progress)
        callbacks.install(into: &options.callbacks)
        let code: Int32 = withExtendedLifetime(callbacks) {
            guard let refspecs else { return git_remote_fetch(pointer, nil, &options, nil) }
            return withStringArray(refspecs) { git_remote_fetch(pointer, $0, &options, nil) }
        }
        if code < 0 { throw callbacks.error(for: code, function: "git_remote_fetch") }
    }

    /// Pushes `refspecs` (`refs/heads/main:refs/heads/main`, `refs/tags/1.0.0:refs/tags/1.0.0`).
    /// A rejection throws `GitError.pushRejected` whichever way it arrives: as libgit2's
    /// non-fast-forward return code (the remote has commits this repository lacks), or as
    /// a per-reference status from the server (a lost race, a hook) with a return code of 0.
    ///
    /// Over the local transport (a path or `file://`) libgit2 writes the remote reference
    /// without checking its old value, so two concurrent pushes can both "succeed" and one
    /// loses its commits; `Repository.publish` avoids that with a compare-and-swap.
    public func push(_ refspecs: [String], credentials: Credentials = .fromEnvironment()) throws(GitError) {
        var options = git_push_options()
        try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
        let callbacks = RemoteCallbacks(url: url, credentials: credentials)
        callbacks.install(into: &options.callbacks)
        let code: Int32 = withExtendedLifetime(callbacks) {
            withStringArray(refspecs) { git_remote_push(pointer, $0, &options) }
        }
        if code == GIT_ENONFASTFORWARD.rawValue {
            let error = GitError.last(code, "git_remote_push")
            let references = refspecs.map(Self.destination).joined(separator: ", ")
            throw GitError.pushRejected(url: url, reference: references, reason: Self.message(of: error))
        }
        if code < 0 { throw callbacks.error(for: code, function: "git_remote_push") }
        if let rejected = callbacks.rejectedReferences.first {
            throw GitError.pushRejected(url: url, reference: rejected.reference, reason: rejected.reason)
        }
    }

    /// The destination of a refspec: `+src:dst` → `dst`, `name` → `name`.
    static func destination(of refspec: String) -> String {
        let spec = refspec.hasPrefix("+") ? refspec.dropFirst() : Substring(refspec)
        if let colon = spec.lastIndex(of: ":") { return String(spec[spec.index(after: colon)...]) }
        return String(spec)
    }

    static func message(of error: GitError) -> String {
        if case let .libgit2(_, _, _, message) = error { return message }
        return error.description
    }
}

extension Repository {
    /// The configured remote called `name`.
    public func remote(named name: String = "origin") throws(GitError) -> Remote {
        var remote: OpaquePointer?
        let code = git_remote_lookup(&remote, pointer, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue {
            throw GitError.remoteNotFound(name: name, repository: displayPath)
        }
        try check(code, "git_remote_lookup")
        return Remote(owning: try unwrap(remote, "git_remote_lookup"), repository: self, name: name)
    }

    /// Adds a remote with the default fetch refspec (`+refs/heads/*:refs/remotes/<name>/*`).
    @discardableResult
    public func addRemote(named name: String, url: String) throws(GitError) -> Remote {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, pointer, name, url), "git_remote_create")
        return Remote(owning: try unwrap(remote, "git_remote_create"), repository: self, name: name)
    }

    /// Fetches from the remote called `remote`; see `Remote.fetch`.
    public func fetch(
        from remote: String = "origin", prune: Bool = true, credentials: Credentials = .fromEnvironment(),
        progress: ((TransferProgress) -> Void)? = nil
    ) throws(GitError) {
        try self.remote(named: remote).fetch(prune: prune, credentials: credentials, progress: progress)
    }

    /// Pushes `refspecs` to the remote called `remote`; see `Remote.push`.
    public func push(_ refspecs: [String], to remote: String = "origin", credentials: Credentials = .fromEnvironment()) throws(GitError) {
        try self.remote(named: remote).push(refspecs, credentials: credentials)
    }
}

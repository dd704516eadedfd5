import CLibGit2

/// One reference a remote advertises, as `git ls-remote` lists it.
public struct RemoteReference: Sendable, Equatable {
    /// The full name (`refs/heads/main`, `refs/tags/1.0.0`, `HEAD`).
    public let name: String
    /// The object it points at: for an annotated tag, the tag object.
    public let id: ObjectID
    /// For a symbolic reference the server names (`HEAD`), what it points to
    /// (`refs/heads/main`); `nil` otherwise or when the server does not say.
    public let symbolicTarget: String?
}

extension Remote {
    /// The references the repository at `url` advertises, without fetching anything and
    /// without a local repository: `git ls-remote`. Used to check that a tag exists in a
    /// component's repository. Unreachable remotes and refused credentials throw the same
    /// precise errors as `fetch`.
    public static func listReferences(
        at url: String, credentials: Credentials = .fromEnvironment()
    ) throws(GitError) -> [RemoteReference] {
        try Git.ensureReady()
        var remote: OpaquePointer?
        try check(git_remote_create_detached(&remote, url), "git_remote_create_detached")
        defer { git_remote_free(remote) }
        let callbacks = RemoteCallbacks(url: url, credentials: credentials)
        var options = git_remote_callbacks()
        try check(git_remote_init_callbacks(&options, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "git_remote_init_callbacks")
        callbacks.install(into: &options)
        var proxy = git_proxy_options()
        try check(git_proxy_options_init(&proxy, UInt32(GIT_PROXY_OPTIONS_VERSION)), "git_proxy_options_init")
        // The C callbacks reach `callbacks` through a raw payload pointer until the end.
        defer { withExtendedLifetime(callbacks) {} }
        let connected = git_remote_connect(remote, GIT_DIRECTION_FETCH, &options, &proxy, nil)
        if connected < 0 { throw callbacks.error(for: connected, function: "git_remote_connect") }
        defer { git_remote_disconnect(remote) }
        var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
        var count = 0
        let listed = git_remote_ls(&heads, &count, remote)
        if listed < 0 { throw callbacks.error(for: listed, function: "git_remote_ls") }
        var references: [RemoteReference] = []
        references.reserveCapacity(count)
        for index in 0..<count {
            guard let head = heads?[index]?.pointee, let name = head.name else { continue }
            references.append(RemoteReference(
                name: String(cString: name), id: ObjectID(head.oid),
                symbolicTarget: head.symref_target.map { String(cString: $0) }))
        }
        return references
    }
}

extension Repository {
    /// The branch HEAD names, without `refs/heads/` (`main`), also when that branch has
    /// no commit yet; `nil` when HEAD is detached or names something other than a branch.
    public var headBranch: String? {
        guard let name = try? headReferenceName(), name.hasPrefix("refs/heads/") else { return nil }
        return String(name.dropFirst("refs/heads/".count))
    }
}

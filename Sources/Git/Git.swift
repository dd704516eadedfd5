import CLibGit2

/// libgit2's start, once per process, on the first git operation: `git_libgit2_init` (it
/// must run before any other libgit2 call), then the set-up `GitSession.prepare()` asked for.
/// The init loads the system's CA certificates through mbedtls, about 50 million
/// instructions, so a command that reads only a folder or a CDN never runs it. A global `let`
/// is initialised exactly once, thread-safely. compctl never calls `git_libgit2_shutdown`:
/// objects freed in `deinit` after it would be freed twice.
private let libgit2Start: Void = {
    _ = git_libgit2_init()
    GitSession.libgit2DidStart()
}()

/// Entry points that concern libgit2 as a whole.
public enum Git {
    /// Makes sure libgit2 is initialised; cheap after the first call.
    @inline(__always)
    static func ensureInitialized() {
        _ = libgit2Start
    }

    /// `ensureInitialized`, and throws when the session's set-up failed (the operations that
    /// read git configuration call this, so that they never run without the isolation asked for).
    static func ensureReady() throws(GitError) {
        ensureInitialized()
        if let failure = GitSession.setUpFailure { throw failure }
    }

    /// The version of the linked libgit2, for `compctl --version` and bug reports.
    /// `git_libgit2_version` reads constants and needs no `git_libgit2_init`, which loads
    /// the system's CA certificates (a few milliseconds that every command would pay,
    /// since the root command's `--version` text names this).
    public static var libraryVersion: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// Whether the linked libgit2 was built with thread support, https and ssh.
    public static var supportsThreadsHTTPSAndSSH: Bool {
        ensureInitialized()
        let features = UInt32(bitPattern: git_libgit2_features())
        let needed = GIT_FEATURE_THREADS.rawValue | GIT_FEATURE_HTTPS.rawValue | GIT_FEATURE_SSH.rawValue
        return features & needed == needed
    }

    /// Makes libgit2 ignore the global, XDG and system git configuration
    /// (`~/.gitconfig`, `~/.config/git/config`, `/etc/gitconfig`), whose `url.insteadOf`
    /// rules and credential helpers would otherwise change what compctl talks to.
    /// `emptyDirectory` is where libgit2 then looks for those files: an empty string (what
    /// compctl and its tests pass) makes it look nowhere; a directory must hold no git
    /// configuration. Call it before opening any repository; the setting is process-wide.
    public static func isolateFromUserConfig(emptyDirectory: String) throws(GitError) {
        ensureInitialized()
        try setSearchPaths(emptyDirectory)
    }

    /// `isolateFromUserConfig` on a started libgit2 (also from within its start).
    static func setSearchPaths(_ emptyDirectory: String) throws(GitError) {
        for level in [GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_PROGRAMDATA] {
            try check(compctl_git_set_search_path(level, emptyDirectory), "git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH)")
        }
    }

    /// Turns libgit2's process-wide object cache on or off (it is on by default).
    public static func setObjectCaching(enabled: Bool) {
        ensureInitialized()
        _ = compctl_git_enable_caching(enabled ? 1 : 0)
    }

    /// The environment variable that asks compctl to ignore the user's and the system's
    /// git configuration (`COMPCTL_GIT_ISOLATE=1`), as the tests do.
    public static let isolateVariable = "COMPCTL_GIT_ISOLATE"

    /// Whether `environment` sets `COMPCTL_GIT_ISOLATE` to `1`, `true` or `yes`.
    static func asksForIsolation(_ environment: [String: String]) -> Bool {
        guard let value = environment[isolateVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }
}

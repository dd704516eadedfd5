import CLibGit2

/// `git_libgit2_init` is reference counted and must run before any other libgit2 call.
/// A global `let` is initialised exactly once, thread-safely, on first use. compctl never
/// calls `git_libgit2_shutdown`: objects freed in `deinit` after it would be freed twice.
private let libgit2InitCount: Int32 = git_libgit2_init()

/// Entry points that concern libgit2 as a whole.
public enum Git {
    /// Makes sure libgit2 is initialised; cheap after the first call.
    @inline(__always)
    static func ensureInitialized() {
        _ = libgit2InitCount
    }

    /// The version of the linked libgit2, for `compctl --version` and bug reports.
    public static var libraryVersion: String {
        ensureInitialized()
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }
}

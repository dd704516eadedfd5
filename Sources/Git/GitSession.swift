import CLibGit2
import Foundation

/// Process-wide libgit2 set-up: with COMPCTL_GIT_ISOLATE=1 (the tests) ~/.gitconfig and
/// /etc/gitconfig stay out, and libgit2's object cache is off. A command asks for it with
/// `prepare()` before its first git operation; it is applied when libgit2 starts (at once
/// when it already has), so that a command that never touches git never starts libgit2.
public enum GitSession {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var requested = false
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var applied = false
    nonisolated(unsafe) private static var failure: GitError?

    /// Asks for the set-up (applied once per process); throws if libgit2 has started and
    /// isolating from the user's git config failed.
    public static func prepare() throws {
        lock.withLock { requested = true }
        if let failure = setUpIfDue() { throw failure }
    }

    /// Called once, from libgit2's start.
    static func libgit2DidStart() {
        lock.withLock { started = true }
        _ = setUpIfDue()
    }

    /// Why the set-up failed, if it did.
    static var setUpFailure: GitError? {
        lock.withLock { failure }
    }

    /// Applies the set-up when it was asked for and libgit2 has started, once; returns its
    /// failure, if any.
    private static func setUpIfDue() -> GitError? {
        lock.withLock {
            if requested, started, !applied {
                applied = true
                failure = setUp()
            }
            return failure
        }
    }

    /// The set-up itself, on a started libgit2 (it runs within libgit2's start, so it must
    /// not wait for that start).
    private static func setUp() -> GitError? {
        if Git.asksForIsolation(ProcessInfo.processInfo.environment) {
            do {
                // An empty search path makes libgit2 look for global and system files nowhere.
                try Git.setSearchPaths("")
            } catch {
                return error
            }
        }
        // One compctl run reads each git object about once (a 10,000-pod listing reads
        // 210,000 trees once each), so libgit2's object cache would only cost memory and
        // time: listing a large spec repo takes about half as long without it.
        _ = compctl_git_enable_caching(0)
        return nil
    }
}

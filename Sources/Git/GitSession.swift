import Foundation

/// Process-wide libgit2 set-up, done once before the first git operation of any command.
public enum GitSession {
    private static let failure: (any Error)? = {
        do {
            // COMPCTL_GIT_ISOLATE=1 (the tests) keeps ~/.gitconfig and /etc/gitconfig out.
            try Git.isolateFromUserConfigIfRequested(environment: ProcessInfo.processInfo.environment)
        } catch {
            return error
        }
        // One compctl run reads each git object about once (a 10,000-pod listing reads
        // 210,000 trees once each), so libgit2's object cache would only cost memory and
        // time: listing a large spec repo takes about half as long without it.
        Git.setObjectCaching(enabled: false)
        return nil
    }()

    /// Applies the set-up (once per process); throws if isolating from the user's git
    /// config failed.
    public static func prepare() throws {
        if let failure { throw failure }
    }
}

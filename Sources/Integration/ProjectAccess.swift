import FileIO
import Foundation
import Git

/// A project as one writer holds it: the exclusive lock on `.compctl/lock`, taken before
/// the Podfile is read and kept until the command ends. `integrate` and `pin` are the
/// writers; only they recover a journal left by a killed integrate.
public final class ProjectAccess {
    public let root: String
    private let lock: FileLock

    /// Takes the project's lock, waiting up to `timeout` (telling the delegate) when
    /// another compctl holds it, then recovers an unfinished integrate within `scope`.
    public init(scope: JournalScope, timeout: Duration, delegate: any IntegrationDelegate) throws {
        root = scope.root
        let path = IntegrationJournal.directory(in: root) + "/lock"
        lock = try FileLock.acquire(at: path, timeout: timeout) { holder in
            delegate.integration(.waitingForLock(path: path, holder: holder, timeout: timeout))
        }
        do {
            try JournalRecovery(scope: scope, delegate: delegate).recover()
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    /// Lets the next writer in. When no journal is left, the lock file, the `.gitignore`
    /// and the folder go too, so a finished command leaves the project as it found it.
    public func release() {
        let directory = IntegrationJournal.directory(in: root)
        let journalLeft = FileManager.default.fileExists(atPath: IntegrationJournal.path(in: root))
        if !journalLeft {
            unlink(directory + "/.gitignore")
        }
        lock.release(removingFile: !journalLeft)
        if !journalLeft { rmdir(directory) }
    }
}

/// What a read-only command says about a project whose integrate did not finish: it never
/// recovers (only a writer holding the lock may), it warns and names the command that does.
public enum UnfinishedIntegrate {
    /// The warning for the project at `root`, or `nil` when there is nothing to say.
    public static func warning(root: String) -> String? {
        let journal = IntegrationJournal.path(in: root)
        var info = stat()
        guard lstat(journal, &info) == 0 else { return nil }
        let shown = DisplayPath.relative(journal)
        if case let .held(pid) = FileLock.state(at: IntegrationJournal.directory(in: root) + "/lock") {
            return "an integrate\(pid.map { " (pid \($0))" } ?? "") is running in this project (\(shown)); "
                + "its compile check may see pinned files: this answer reads them as they are now"
        }
        return "an integrate in this project did not finish (\(shown)); the Podfile may still hold its pins: "
            + "`compctl integrate --recover` restores it (or keeps pins whose specs were published)"
    }
}

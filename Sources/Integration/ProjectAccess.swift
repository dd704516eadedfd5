import FileIO
import Foundation
import Git

/// Scratch folders of `integrate` in the temp directory: `compctl-integrate.<pid>.XXXXXX`,
/// so that a later run can tell the folders of killed runs (whose pid is gone) and remove them.
public enum ScratchDirectory {
    public static let prefix = "compctl-integrate."

    /// A new scratch folder, after removing those that killed runs left behind.
    public static func make() throws -> String {
        removeStale()
        var template = Array((temporaryDirectory + "/\(prefix)\(getpid()).XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw FileIOError.cannotWrite(path: temporaryDirectory, reason: String(cString: strerror(errno)))
        }
        return String(cString: made)
    }

    /// Removes this user's scratch folders whose process is no longer running.
    public static func removeStale() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory) else { return }
        for name in names where name.hasPrefix(prefix) {
            // `isOwnScratch` holds the whole rule, the pid in the name being gone included.
            let path = temporaryDirectory + "/" + name
            guard JournalScope.isOwnScratch(path) else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static var temporaryDirectory: String {
        let path = NSTemporaryDirectory()
        return realPath(path) ?? (path as NSString).standardizingPath
    }
}

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

/// The project's manifests as compctl writes them.
public enum ProjectFiles {
    /// `realpath(3)`: `path` with every symlink resolved, or `nil` when it does not exist.
    public static func realPath(_ path: String) -> String? { Integration.realPath(path) }

    /// The main project's root for a Podfile: the directory holding it.
    public static func root(ofPodfile podfile: String) -> String {
        URL(fileURLWithPath: podfile).standardizedFileURL.deletingLastPathComponent().path
    }

    /// The path to write for the manifest at `path`: the file itself, or, when it is a
    /// symlink, the file it points to (so the link stays a link), which must lie inside the
    /// project `root`; a link out of the project is refused.
    public static func writable(_ path: String, root: String) throws(IntegrationError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard let target = realPath(path) else { throw IntegrationError.danglingLink(path) }
        let rootReal = realPath(root) ?? root
        guard target.hasPrefix(rootReal + "/") else { throw IntegrationError.linkOutOfProject(path, target: target, root: root) }
        return target
    }
}


/// Paths as messages show them.
public enum DisplayPath {
    /// `path` relative to the current directory when it lies below it, for shorter messages.
    public static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

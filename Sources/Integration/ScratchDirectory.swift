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

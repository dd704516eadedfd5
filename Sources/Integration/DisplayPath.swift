import FileIO
import Foundation
import Git

/// Paths as messages show them.
public enum DisplayPath {
    /// `path` relative to the current directory when it lies below it, for shorter messages.
    public static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

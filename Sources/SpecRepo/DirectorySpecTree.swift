#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A `SpecTree` over a directory on disk: a spec repo's work tree or any plain folder.
/// Lists with `opendir`/`readdir` and the entry type they return, so that listing
/// 200,000 version directories costs one `getdents` per directory and no `stat`.
public struct DirectorySpecTree: SpecTree {
    /// The directory as given, used in messages.
    public let location: String
    /// Directories can be read from several threads at once.
    public var supportsConcurrentReads: Bool { true }

    /// A tree rooted at `path`. Nothing is read until the first call.
    public init(path: String) {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        location = path
    }

    /// The entries of `path`, from `readdir`; symlinks and unknown types are resolved with
    /// `stat`, so a symlink to a directory counts as a directory (as Ruby's `directory?`).
    public func entries(at path: String) throws -> [TreeEntry] {
        let full = absolute(path)
        guard let directory = opendir(full) else {
            throw error(errno: errno, path: path)
        }
        defer { closedir(directory) }

        var entries: [TreeEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            let kind: TreeEntry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR):
                kind = .directory
            case Int32(DT_REG):
                kind = .file
            default:
                kind = isDirectory(full + "/" + name) ? .directory : .file
            }
            entries.append(TreeEntry(name: name, kind: kind))
        }
        return entries
    }

    /// The bytes of the file at `path`.
    public func contents(at path: String) throws -> Data {
        let full = absolute(path)
        if isDirectory(full) {
            throw SpecRepoError.unreadable(path: describe(path), reason: "it is a directory")
        }
        guard let data = FileManager.default.contents(atPath: full) else {
            throw error(errno: access(full, R_OK) == 0 ? EIO : errno, path: path)
        }
        return data
    }

    private func absolute(_ path: String) -> String {
        path.isEmpty ? location : location + "/" + path
    }

    private func describe(_ path: String) -> String {
        absolute(path)
    }

    private func isDirectory(_ full: String) -> Bool {
        var info = stat()
        guard stat(full, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    private func error(errno code: Int32, path: String) -> SpecRepoError {
        switch code {
        case ENOENT:
            return .noSuchPath(describe(path))
        case ENOTDIR:
            return .notADirectory(describe(path))
        default:
            return .unreadable(path: describe(path), reason: String(cString: strerror(code)))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why a file could not be written.
public enum FileIOError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason); check the directory exists and is writable"
        }
    }
}

/// Writes files the only way compctl writes them: a temporary file beside the target, flushed
/// to disk, then renamed over it, so a reader never sees half a file and an interrupted write
/// leaves the old file as it was.
public enum AtomicFile {
    /// Replaces (or creates) `path` with `data`, keeping an existing file's permissions.
    public static func write(_ data: Data, to path: String) throws {
        var mode: mode_t = 0o644
        var info = stat()
        if stat(path, &info) == 0 { mode = info.st_mode & 0o7777 }
        let temporary = try writeTemporary(data, beside: path, mode: mode)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileIOError.cannotWrite(path: path, reason: reason)
        }
    }

    /// Creates `path` with `data`, complete or not at all, unless a file of that name exists:
    /// then it writes nothing and returns false. Two writers racing for one name never
    /// overwrite each other (the file is linked into place, which fails on an existing name).
    public static func create(_ data: Data, at path: String) throws -> Bool {
        let temporary = try writeTemporary(data, beside: path, mode: 0o644)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw FileIOError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        return true
    }

    /// `data` in a new temporary file beside `path` (`.NAME.compctl-XXXXXX`), flushed to disk.
    private static func writeTemporary(_ data: Data, beside path: String, mode: mode_t) throws -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(base).compctl-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileIOError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        fchmod(fd, mode)
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        let reason = String(cString: strerror(errno))
        guard written, fsync(fd) == 0 else {
            close(fd)
            unlink(temporary)
            throw FileIOError.cannotWrite(path: path, reason: reason)
        }
        close(fd)
        return temporary
    }

    /// Writes `text` as UTF-8.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// The temporary files of writes of `path` that were killed before their rename:
    /// `.NAME.compctl-XXXXXX` beside it, regular files of this user. Only a caller that knows
    /// no write of `path` is under way (it holds the lock every writer of `path` takes) may
    /// remove them.
    public static func interruptedWrites(of path: String) -> [String] {
        let directory = (path as NSString).deletingLastPathComponent
        let prefix = ".\((path as NSString).lastPathComponent).compctl-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return [] }
        return names.filter { name in
            let suffix = name.dropFirst(prefix.count)
            // mkstemp's six letters and digits.
            return name.hasPrefix(prefix) && suffix.count == 6 && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }.map { (directory.isEmpty ? "." : directory) + "/" + $0 }.filter { candidate in
            var info = stat()
            return lstat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_uid == getuid()
        }
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, pointer, count)
    #else
    Darwin.write(fd, pointer, count)
    #endif
}

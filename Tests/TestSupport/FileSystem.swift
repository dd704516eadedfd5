#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Sets the modification date of `path` to `age` seconds ago, as if whatever wrote it
/// stopped then (a lock file or a scratch folder left by a killed process).
public func backdate(_ path: String, by age: TimeInterval) throws {
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
}

/// Writes `contents` to `path` (creating its folder) and dates it `age` seconds ago.
public func plantFile(_ path: String, contents: String = "", age: TimeInterval) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                            withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
    try backdate(path, by: age)
}

/// The permission bits of `path` (`0o600`…), symbolic links not followed.
public func permissions(of path: String) throws -> Int {
    var status = stat()
    guard lstat(path, &status) == 0 else {
        throw TestSupportError("cannot stat \(path): \(String(cString: strerror(errno)))")
    }
    return Int(status.st_mode) & 0o7777
}

/// An exclusive `flock` on a file or folder, held by this process until `release()` or
/// deinit: what a live process writing there holds.
public final class HeldFlock: @unchecked Sendable {
    private var descriptor: Int32

    /// Opens `path` and locks it; fails rather than waits if someone else holds the lock.
    public init(_ path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TestSupportError("cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw TestSupportError("cannot lock \(path): \(reason)")
        }
    }

    /// Releases the lock.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why a lock could not be taken.
public enum FileLockError: Error, Equatable, CustomStringConvertible {
    /// Another process held the lock for the whole wait.
    case timedOut(path: String, holder: Int32?, waited: Int)
    /// The lock file, or the directory meant to hold it, is not what compctl creates (a
    /// symlink, a file where a directory belongs): compctl will not follow or replace it.
    case notOwned(path: String, reason: String)
    /// The system refused to create or lock the file.
    case cannotLock(path: String, reason: String)

    public var description: String {
        switch self {
        case let .timedOut(path, holder, waited):
            let who = holder.map { "another compctl (pid \($0))" } ?? "another compctl"
            return "\(who) held \(path) for the whole \(waited) s wait; let it finish, or raise --lock-timeout"
        case let .notOwned(path, reason):
            return "\(path) \(reason); compctl keeps its own state there and will not follow or replace it: remove it and run again"
        case let .cannotLock(path, reason):
            return "cannot lock \(path): \(reason); check the directory is writable"
        }
    }
}

/// An exclusive `flock` on a file in a directory compctl owns, such as a project's
/// `.compctl/lock`: one writer at a time, across processes. The holder's pid is written
/// into the file for messages only; the kernel lock is the truth, so a lock whose holder
/// died is free at once, whatever the file says.
///
/// The file may be removed while the lock is held (`release(removingFile:)`); a process
/// that was waiting on the removed file notices (its descriptor no longer names the path)
/// and takes the lock again on the new file.
public final class FileLock: @unchecked Sendable {
    /// The lock file's path.
    public let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// What a look at a lock file found, without waiting.
    public enum State: Equatable, Sendable {
        /// No lock file: nobody holds it.
        case absent
        /// The file exists and nobody holds it.
        case free
        /// A live process holds it; its pid when the file names one.
        case held(pid: Int32?)
    }

    /// Whether somebody holds the lock at `path`, never creating the file.
    public static func state(at path: String) -> State {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return errno == ENOENT ? .absent : .held(pid: nil) }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return .free
        }
        return .held(pid: holderPID(fd: fd))
    }

    /// Takes the lock at `path`, creating its directory (mode 0700 when new) and file. When
    /// another process holds it, calls `waiting` once with that process's pid and polls
    /// until it is free or `timeout` has passed. Neither the directory nor the file may be
    /// a symlink.
    public static func acquire(
        at path: String, timeout: Duration, waiting: (Int32?) -> Void = { _ in }
    ) throws -> FileLock {
        let directory = (path as NSString).deletingLastPathComponent
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var told = false
        while true {
            try ensureDirectory(directory)
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else {
                let code = errno
                if code == ENOENT { continue }  // The directory went away with its last lock.
                if code == ELOOP { throw FileLockError.notOwned(path: path, reason: "is a symlink") }
                throw FileLockError.cannotLock(path: path, reason: String(cString: strerror(code)))
            }
            var owned = stat()
            if fstat(fd, &owned) == 0, owned.st_nlink > 1 || owned.st_uid != getuid() {
                // A hard link (or another user's file) would have compctl write its pid into
                // a file elsewhere.
                close(fd)
                throw FileLockError.notOwned(path: path, reason: owned.st_nlink > 1 ? "has other hard links" : "belongs to another user")
            }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                // The holder before us may have removed the file after we opened it: the
                // lock then guards nothing, so start again on the file that is there now.
                var held = stat()
                var named = stat()
                if fstat(fd, &held) == 0, lstat(path, &named) == 0,
                   held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                    let pid = "\(getpid())\n"
                    _ = ftruncate(fd, 0)
                    _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
                    return FileLock(path: path, descriptor: fd)
                }
                close(fd)
                continue
            }
            let code = errno
            guard code == EWOULDBLOCK || code == EAGAIN || code == EINTR else {
                close(fd)
                throw FileLockError.cannotLock(path: path, reason: String(cString: strerror(code)))
            }
            let holder = holderPID(fd: fd)
            close(fd)
            if !told {
                waiting(holder)
                told = true
            }
            if clock.now >= deadline {
                throw FileLockError.timedOut(path: path, holder: holder,
                                             waited: Int(timeout.components.seconds))
            }
            usleep(50_000)
        }
    }

    /// Releases the lock. With `removingFile`, the file goes first (while still held), so
    /// nothing of the lock stays on disk; a waiter then retries on a fresh file.
    public func release(removingFile: Bool = false) {
        guard descriptor >= 0 else { return }
        if removingFile { unlink(path) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    /// Creates `directory` (0700) when missing; refuses a symlink or a non-directory.
    private static func ensureDirectory(_ directory: String) throws {
        var info = stat()
        if lstat(directory, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFLNK { throw FileLockError.notOwned(path: directory, reason: "is a symlink") }
            if (info.st_mode & S_IFMT) != S_IFDIR { throw FileLockError.notOwned(path: directory, reason: "is not a directory") }
            return
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw FileLockError.cannotLock(path: directory, reason: String(cString: strerror(errno)))
        }
    }

    private static func holderPID(fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

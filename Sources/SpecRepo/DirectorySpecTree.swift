#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A `SpecTree` over a directory on disk: a spec repo's work tree or any plain folder.
///
/// Listing a 10,000-pod repo means reading some 210,000 directories, so this avoids
/// everything but the essential system calls: a directory is opened relative to its
/// already-open parent (`openat`, no path walk), read with `getdents64` where the C library
/// has it (no `fstat` as in `opendir`), and entry types come from the directory itself;
/// only symlinks and unknown types cost a `stat`.
public struct DirectorySpecTree: SpecTree {
    /// The directory as given, used in messages.
    public let location: String
    /// Directories can be read from several threads at once.
    public var supportsConcurrentReads: Bool { true }

    /// The directory's own name, also for `.` or a path ending in `..`, like the basename of
    /// `Pod::Source#repo`, which is an expanded path.
    public var defaultName: String {
        URL(fileURLWithPath: location).standardizedFileURL.lastPathComponent
    }

    /// A tree rooted at `path`. Nothing is read until the first call.
    public init(path: String) {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        location = path
    }

    public func entries(at path: String) throws -> [TreeEntry] {
        let descriptor = try openDirectory(at: path)
        defer { close(descriptor) }
        do {
            return try readEntries(of: descriptor, buffer: DirectoryBuffer())
        } catch let failure as DirectoryReadError {
            throw error(errno: failure.code, path: path)
        }
    }

    public func entriesWithChildren(at path: String) throws -> [TreeListing] {
        let descriptor = try openDirectory(at: path)
        defer { close(descriptor) }
        let buffer = DirectoryBuffer()
        let entries: [TreeEntry]
        do {
            entries = try readEntries(of: descriptor, buffer: buffer)
        } catch let failure as DirectoryReadError {
            throw error(errno: failure.code, path: path)
        }
        return entries.map { entry in
            guard entry.kind == .directory, !entry.name.hasPrefix(".") else {
                return TreeListing(entry: entry, children: nil)
            }
            let child = openat(descriptor, entry.name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard child >= 0 else {
                let code = errno
                return TreeListing(entry: entry, children: .failure(error(errno: code, path: TreePath.join(path, entry.name))))
            }
            defer { close(child) }
            do {
                return TreeListing(entry: entry, children: .success(try readEntries(of: child, buffer: buffer)))
            } catch {
                let code = (error as? DirectoryReadError)?.code ?? EIO
                return TreeListing(entry: entry, children: .failure(self.error(errno: code, path: TreePath.join(path, entry.name))))
            }
        }
    }

    /// The bytes of the file at `path`.
    public func contents(at path: String) throws -> Data {
        let full = absolute(path)
        var info = stat()
        guard stat(full, &info) == 0 else { throw error(errno: errno, path: path) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw SpecRepoError.unreadable(path: describe(path), reason: "it is a directory")
        }
        guard let data = FileManager.default.contents(atPath: full) else {
            throw SpecRepoError.unreadable(path: describe(path), reason: "the file cannot be read")
        }
        return data
    }

    // MARK: - Reading directories

    private func openDirectory(at path: String) throws -> Int32 {
        let descriptor = open(absolute(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(errno: errno, path: path) }
        return descriptor
    }

    /// The entries of the open directory `descriptor` (which stays open).
    /// Errors carry `errno` only; the caller turns them into a `SpecRepoError` with the path,
    /// so that no path is built for directories that read fine.
    private func readEntries(of descriptor: Int32, buffer: DirectoryBuffer) throws -> [TreeEntry] {
        var entries: [TreeEntry] = []
        #if os(Linux)
        if let getdents = DirectoryBuffer.getdents64 {
            while true {
                let count = getdents(descriptor, buffer.pointer, DirectoryBuffer.size)
                if count == 0 { break }
                guard count > 0 else { throw DirectoryReadError(code: errno) }
                var offset = 0
                var nextPosition: Int64 = 0
                while offset < count {
                    // struct linux_dirent64: u64 d_ino, s64 d_off, u16 d_reclen, u8 d_type, char d_name[].
                    let record = buffer.pointer + offset
                    nextPosition = record.loadUnaligned(fromByteOffset: 8, as: Int64.self)
                    let length = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                    let type = record.load(fromByteOffset: 18, as: UInt8.self)
                    let namePointer = (record + 19).assumingMemoryBound(to: UInt8.self)
                    let name = String(decoding: UnsafeBufferPointer(start: namePointer, count: strlen(record + 19)), as: UTF8.self)
                    offset += length
                    if name == "." || name == ".." { continue }
                    entries.append(TreeEntry(name: name, kind: kind(type: type, name: name, in: descriptor)))
                }
                // ext4 (hashed directories, which includes every one-block directory) marks
                // the end with the position INT64_MAX, so the call that would return 0 can be
                // skipped: that is 200,000 system calls for a 10,000-pod repo. Any other
                // position, on any file system, falls back to asking again.
                if nextPosition == Int64.max { break }
            }
            return entries
        }
        #endif
        // Without getdents64 (macOS), readdir on a duplicate that closedir may close.
        let duplicate = dup(descriptor)
        guard duplicate >= 0, let directory = fdopendir(duplicate) else {
            throw DirectoryReadError(code: errno)
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            entries.append(TreeEntry(name: name, kind: kind(type: UInt8(entry.pointee.d_type), name: name, in: descriptor)))
        }
        return entries
    }

    /// The kind from the directory entry's type; symlinks and unknown types are resolved with
    /// `fstatat`, so a symlink to a directory counts as a directory (as Ruby's `directory?`).
    private func kind(type: UInt8, name: String, in descriptor: Int32) -> TreeEntry.Kind {
        switch Int32(type) {
        case Int32(DT_DIR):
            return .directory
        case Int32(DT_REG):
            return .file
        default:
            var info = stat()
            guard fstatat(descriptor, name, &info, 0) == 0 else { return .file }
            return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
        }
    }

    private func absolute(_ path: String) -> String {
        path.isEmpty ? location : location + "/" + path
    }

    private func describe(_ path: String) -> String {
        absolute(path)
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

/// A failed read of an open directory: just `errno`.
private struct DirectoryReadError: Error {
    var code: Int32
}

/// A scratch buffer for `getdents64`, one per listing call so that threads never share it.
private final class DirectoryBuffer {
    static let size = 32 * 1024

    typealias GetDents = @convention(c) (Int32, UnsafeMutableRawPointer?, Int) -> Int

    /// glibc's `getdents64` (2.30+), which Swift's Glibc module does not import; looked up
    /// once at run time, `nil` where the C library lacks it.
    static let getdents64: GetDents? = {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getdents64") else { return nil }
        return unsafeBitCast(symbol, to: GetDents.self)
        #else
        return nil
        #endif
    }()

    let pointer = UnsafeMutableRawPointer.allocate(byteCount: DirectoryBuffer.size, alignment: 8)

    deinit {
        pointer.deallocate()
    }
}

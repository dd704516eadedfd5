import FileIO
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
///
/// Nothing is read through a symbolic link that leads out of the root: such an entry is
/// listed with `TreeEntry.leavesTree`, and every path opened is checked to lie inside the
/// root, so a path that reaches out through a link further up throws
/// `SpecRepoError.leavesRepository` too. On Linux the kernel checks it: paths are opened
/// relative to the root with `openat2(RESOLVE_BENEATH)`, which also spares the walk from `/`;
/// what that refuses (an absolute link, or a kernel without it) is opened by its full path
/// and checked with one `readlink` of the open descriptor.
public struct DirectorySpecTree: SpecTree {
    /// The directory as given, used in messages.
    public let location: String
    /// The root with every symbolic link resolved; `nil` when it did not exist at `init`.
    private let resolvedRoot: String?
    /// The root, open, for opening paths beneath it; `nil` when it could not be opened.
    private let root: RootDirectory?
    /// Directories can be read from several threads at once.
    public var supportsConcurrentReads: Bool { true }

    /// The directory's own name, also for `.` or a path ending in `..`, like the basename of
    /// `Pod::Source#repo`, which is an expanded path.
    public var defaultName: String {
        LexicalPath.components(of: location).last.map(String.init) ?? "/"
    }

    /// A tree rooted at `path`. Only the root's real path is looked up before the first call.
    public init(path: String) {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        location = path
        resolvedRoot = Self.realPath(path)
        root = resolvedRoot == nil ? nil : RootDirectory(path: path)
    }

    public func entries(at path: String) throws -> [TreeEntry] {
        try entries(at: path, buffer: DirectoryBuffer()) { _ in false }.entries
    }

    /// Reads the directory a few entries at a time (a small buffer: a `getdents` returns a
    /// few dozen), so that finding an early entry costs the kernel only those.
    public func entries(at path: String, until stop: (TreeEntry) throws -> Bool) throws -> (entries: [TreeEntry], stopped: Bool) {
        try entries(at: path, buffer: DirectoryBuffer(size: 2 * 1024), until: stop)
    }

    /// The entries of the directory at `path`, read through `buffer` until `stop` returns true.
    private func entries(at path: String, buffer: DirectoryBuffer,
                         until stop: (TreeEntry) throws -> Bool) throws -> (entries: [TreeEntry], stopped: Bool) {
        let descriptor = try openDirectory(at: path)
        defer { close(descriptor) }
        var entries: [TreeEntry] = []
        do {
            let stopped = try forEachEntry(of: descriptor, at: path, buffer: buffer) { entry in
                entries.append(entry)
                return try stop(entry)
            }
            return (entries, stopped)
        } catch let failure as DirectoryReadError {
            throw error(errno: failure.code, path: path)
        }
    }

    /// The entry `name` of the directory at `path` as listing it would give it (a link is
    /// looked at, not followed, to say whether it leaves the tree), read without listing.
    public func entry(named name: String, at path: String) throws -> TreeEntry? {
        let descriptor = try openDirectory(at: path)
        defer { close(descriptor) }
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            // A directory that can be listed but not searched (mode 744 to another user):
            // the listing still names its entries, with their kinds.
            return try entries(at: path).first { $0.name == name }
        }
        return entry(name, type: UInt8(DT_UNKNOWN), in: descriptor, at: path)
    }

    /// Looks a name up with one `fstatat`, and reads a directory in small batches.
    public var readsNamesWithoutListing: Bool { true }

    public func entriesWithChildren(at path: String) throws -> [TreeListing] {
        let descriptor = try openDirectory(at: path)
        defer { close(descriptor) }
        let buffer = DirectoryBuffer()
        let entries: [TreeEntry]
        do {
            entries = try readEntries(of: descriptor, at: path, buffer: buffer)
        } catch let failure as DirectoryReadError {
            throw error(errno: failure.code, path: path)
        }
        return entries.map { entry in
            // A real subdirectory of a directory inside the root is inside too; a link out is
            // never opened.
            guard entry.kind == .directory, !entry.name.hasPrefix("."), !entry.leavesTree else {
                return TreeListing(entry: entry, children: nil)
            }
            let child = openat(descriptor, entry.name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard child >= 0 else {
                let code = errno
                return TreeListing(entry: entry, children: .failure(error(errno: code, path: TreePath.join(path, entry.name))))
            }
            defer { close(child) }
            do {
                let childPath = TreePath.join(path, entry.name)
                return TreeListing(entry: entry, children: .success(try readEntries(of: child, at: childPath, buffer: buffer)))
            } catch {
                let code = (error as? DirectoryReadError)?.code ?? EIO
                return TreeListing(entry: entry, children: .failure(self.error(errno: code, path: TreePath.join(path, entry.name))))
            }
        }
    }

    /// The bytes of the file at `path`.
    public func contents(at path: String) throws -> Data {
        Data(try bytes(at: path))
    }

    /// The bytes of the file at `path`, read straight into an array.
    public func bytes(at path: String) throws -> [UInt8] {
        // Non-blocking, so that a FIFO planted in the repo cannot hang the read.
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        let beneath = openBeneath(path, flags: flags)
        let descriptor = beneath ?? open(absolute(path), flags)
        guard descriptor >= 0 else { throw error(errno: errno, path: path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw error(errno: errno, path: path) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw SpecRepoError.unreadable(path: describe(path), reason: "it is a directory")
        }
        if beneath == nil { try checkInsideRoot(descriptor, path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw SpecRepoError.unreadable(path: describe(path), reason: "it is not a regular file")
        }
        do {
            return try OpenFile.readToEnd(descriptor, size: Int(info.st_size), into: [UInt8].self)
        } catch {
            throw self.error(errno: error.errno, path: path)
        }
    }

    // MARK: - Staying inside the root

    private func openDirectory(at path: String) throws -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
        if let beneath = openBeneath(path, flags: flags) { return beneath }
        let descriptor = open(absolute(path), flags)
        guard descriptor >= 0 else { throw error(errno: errno, path: path) }
        do {
            try checkInsideRoot(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// `path` opened relative to the root by `openat2` with `RESOLVE_BENEATH`, which fails
    /// with `EXDEV` rather than leave the root: a descriptor that needs no `readlink` check.
    /// `nil` for the root itself and for any failure (a path that is not there, an
    /// absolute link, a kernel or filter without `openat2`): the caller then opens the full
    /// path, checks it and reports the error as before.
    private func openBeneath(_ path: String, flags: Int32) -> Int32? {
        #if os(Linux)
        guard !path.isEmpty, let root, let openat2 = RootDirectory.openat2 else { return nil }
        // struct open_how: u64 flags, u64 mode, u64 resolve.
        let how: (UInt64, UInt64, UInt64) = (UInt64(UInt32(bitPattern: flags)), 0, RootDirectory.resolveBeneath)
        let size = MemoryLayout<(UInt64, UInt64, UInt64)>.size
        let descriptor = path.withCString { name in
            withUnsafePointer(to: how) { pointer in
                openat2(RootDirectory.openat2Number, Int(root.descriptor), name, UnsafeRawPointer(pointer), size)
            }
        }
        // A path that is not there, or leaves the root, is opened again the long way, which
        // gives the error.
        return descriptor >= 0 ? Int32(descriptor) : nil
        #else
        return nil
        #endif
    }

    /// Throws `leavesRepository` when what `descriptor` opened for `path` lies outside the
    /// root: some component of the path was a symbolic link leading out. The root itself,
    /// wherever a link to it points, is inside.
    private func checkInsideRoot(_ descriptor: Int32, path: String) throws {
        guard !path.isEmpty, let root = resolvedRoot ?? Self.realPath(location) else { return }
        guard let real = Self.path(of: descriptor) ?? Self.realPath(absolute(path)) else {
            throw SpecRepoError.unreadable(path: describe(path), reason: "cannot tell where it is on disk")
        }
        if !Self.isInside(real, root: root) {
            throw SpecRepoError.leavesRepository(path: describe(path), target: real)
        }
    }

    /// Whether the symbolic link `name` in the directory at `directory` leads out of the root.
    /// A dangling link leads nowhere and reads as a file that cannot be read.
    private func leadsOutside(_ name: String, in directory: String) -> Bool {
        guard let root = resolvedRoot ?? Self.realPath(location),
              let real = Self.realPath(absolute(TreePath.join(directory, name))) else { return false }
        return !Self.isInside(real, root: root)
    }

    private static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// `path` with every symbolic link resolved, or `nil` when some part of it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where the open `descriptor` is on disk, asked of the kernel: what was opened, not
    /// what a path names now.
    private static func path(of descriptor: Int32) -> String? {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { bytes in
            readlink("/proc/self/fd/\(descriptor)", bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count - 1)
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
        #elseif canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        return nil
        #endif
    }

    // MARK: - Reading directories

    /// The entries of the open directory `descriptor` (which stays open).
    /// Errors carry `errno` only; the caller turns them into a `SpecRepoError` with the path,
    /// so that no path is built for directories that read fine.
    private func readEntries(of descriptor: Int32, at path: String, buffer: DirectoryBuffer) throws -> [TreeEntry] {
        var entries: [TreeEntry] = []
        _ = try forEachEntry(of: descriptor, at: path, buffer: buffer) { entry in
            entries.append(entry)
            return false
        }
        return entries
    }

    /// Passes each entry of the directory `descriptor` (at `path`) to `visit`, in listing
    /// order, until `visit` returns true; whether it did.
    private func forEachEntry(of descriptor: Int32, at path: String, buffer: DirectoryBuffer,
                              _ visit: (TreeEntry) throws -> Bool) throws -> Bool {
        #if os(Linux)
        if let getdents = DirectoryBuffer.getdents64 {
            while true {
                let count = getdents(descriptor, buffer.pointer, buffer.size)
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
                    let nameBytes = UnsafeBufferPointer(start: namePointer, count: strlen(record + 19))
                    offset += length
                    // `.` and `..`, told by their bytes before any string is made.
                    if nameBytes.count <= 2, nameBytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { continue }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if try visit(entry(name, type: type, in: descriptor, at: path)) { return true }
                }
                // ext4 (hashed directories, which includes every one-block directory) marks
                // the end with the position INT64_MAX, so the call that would return 0 can be
                // skipped: that is 200,000 system calls for a 10,000-pod repo. Any other
                // position, on any file system, falls back to asking again.
                if nextPosition == Int64.max { break }
            }
            return false
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
            if try visit(self.entry(name, type: UInt8(entry.pointee.d_type), in: descriptor, at: path)) { return true }
        }
        return false
    }

    /// The entry from the directory entry's type; symlinks and unknown types are resolved with
    /// `fstatat`, so a symlink to a directory counts as a directory (as Ruby's `directory?`),
    /// and a symlink is checked for leading out of the root.
    private func entry(_ name: String, type: UInt8, in descriptor: Int32, at path: String) -> TreeEntry {
        switch Int32(type) {
        case Int32(DT_DIR):
            return TreeEntry(name: name, kind: .directory)
        case Int32(DT_REG):
            return TreeEntry(name: name, kind: .file)
        default:
            var info = stat()
            var isLink = Int32(type) == Int32(DT_LNK)
            if Int32(type) == Int32(DT_UNKNOWN), fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                isLink = (info.st_mode & S_IFMT) == S_IFLNK
            }
            let leaves = isLink && leadsOutside(name, in: path)
            guard fstatat(descriptor, name, &info, 0) == 0 else { return TreeEntry(name: name, kind: .file, leavesTree: leaves) }
            return TreeEntry(name: name, kind: (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file, leavesTree: leaves)
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

/// The root directory, open for as long as a copy of the tree lives.
private final class RootDirectory: Sendable {
    let descriptor: Int32

    init?(path: String) {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// `syscall(2)`, which Swift cannot call as it is variadic; its Linux implementations
    /// only move their registers, so a fixed signature calls it correctly.
    typealias Syscall = @convention(c) (Int, Int, UnsafePointer<CChar>, UnsafeRawPointer, Int) -> Int

    static let openat2: Syscall? = {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syscall") else { return nil }
        return unsafeBitCast(symbol, to: Syscall.self)
        #else
        return nil
        #endif
    }()

    /// `SYS_openat2`, the same number on every architecture since Linux 5.6.
    static let openat2Number = 437
    /// `RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS`.
    static let resolveBeneath: UInt64 = 0x08 | 0x02
}

/// A failed read of an open directory: just `errno`.
private struct DirectoryReadError: Error {
    var code: Int32
}

/// A scratch buffer for `getdents64`, one per listing call so that threads never share it.
private final class DirectoryBuffer {
    static let size = 32 * 1024
    let size: Int

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

    let pointer: UnsafeMutableRawPointer

    init(size: Int = DirectoryBuffer.size) {
        self.size = size
        pointer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    }

    deinit {
        pointer.deallocate()
    }
}

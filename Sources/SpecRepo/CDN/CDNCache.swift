#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One file of a CDN source as compctl keeps it: the body and the `ETag` it came with, or
/// the CDN's answer that it has no such file (a shard no pod falls in), so that an offline
/// run knows it too.
public struct CDNCachedFile: Sendable, Equatable {
    public var body: Data
    /// The server's `ETag`, sent back as `If-None-Match` to revalidate the copy.
    public var etag: String?
    /// The CDN answered 404: there is no such file.
    public var isAbsent: Bool

    /// A cached file from its parts.
    public init(body: Data, etag: String?) {
        self.body = body
        self.etag = etag
        isAbsent = false
    }

    /// The CDN's "no such file".
    public static let absent: CDNCachedFile = {
        var file = CDNCachedFile(body: Data(), etag: nil)
        file.isAbsent = true
        return file
    }()
}

/// The copies of one CDN source's files under `$COMPCTL_HOME/cdn/NAME/files/`, each named
/// by the path the CDN serves it at with `/` written `%2F` (`CocoaPods-version.yml`,
/// `all_pods_versions_1_2_3.txt`, `Specs%2F1%2F2%2F3%2FFoo%2F1.0.0%2FFoo.podspec.json`): one
/// folder, so that a cold run that stores hundreds of specs makes no folder for each.
///
/// Shared safely by any number of compctl processes: a file is written whole into
/// `.tmp/` and renamed into place, so a reader sees the old copy or the new one, never a
/// mix; each copy starts with a header that gives its length, so a copy cut short (a full
/// disk, a power cut before the data reached the disk) reads as missing and is fetched
/// again instead of being believed. Temporary files of killed processes are removed by
/// the next one. Copies are not flushed to disk one by one: the cache can always be fetched
/// again, and a cold resolution writes hundreds of files.
public struct CDNCache: Sendable {
    /// The source's directory.
    public let directory: String
    /// The source's URL, recorded in `.url` for people looking at the cache.
    public let url: String

    static let magic = "compctl-cdn-cache 1"
    private static let temporaryDirectory = ".tmp"
    /// The directories this process made or found already, so that a write of a cold run
    /// (hundreds of them) does not ask the file system again.
    private let made = MadeDirectories()
    /// The names in `files/` (see `hasCopy`), shared by the copies of this value.
    private let copies = CopyNames()

    /// The cache of the CDN at `url` in `directory` (created on first write).
    public init(directory: String, url: String) {
        self.directory = directory
        self.url = url
    }

    /// The directory under `home` (`$COMPCTL_HOME`) for the CDN at `url`: `cdn/trunk` for
    /// trunk, else `cdn/HOST-HASH`, the hash telling apart two sources on one host.
    public static func directory(forURL url: String, home: String) -> String {
        let canonical = SpecRepoURL.canonical(url)
        let name: String
        if SpecRepoURL.isTrunk(url) {
            name = SpecRepoURL.trunkName
        } else {
            let host = canonical.prefix { $0 != "/" }
            let readable = String(host.unicodeScalars.map { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-.".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "-"
            })
            name = (readable.isEmpty ? "cdn" : readable) + "-" + MD5.hexDigest(canonical).prefix(8)
        }
        return (home as NSString).appendingPathComponent("cdn/" + name)
    }

    /// Whether `path` may name a cached file: relative, without `.` or `..` components,
    /// empty components or control characters, and not one of the cache's own entries.
    static func isSafe(_ path: String) -> Bool {
        // Trunk's paths are plain ASCII: judged on their bytes (a warm resolution asks
        // thousands of times), anything else by the general rule below.
        var plain = true, componentStart = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if componentStart { return false }
                componentStart = true
            } else if byte < 0x20 || byte >= 0x7F || (componentStart && byte == UInt8(ascii: ".")) {
                plain = false
                break
            } else {
                componentStart = false
            }
        }
        if plain { return !componentStart }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !path.hasPrefix("/"), !path.hasPrefix(".") else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".."
                && part.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        }
    }

    /// Where the copy of `path` is kept: `files/` and the path with `%` written `%25` and
    /// `/` written `%2F` (one name per path, and none that leaves the folder).
    func location(of path: String) -> String {
        directory + "/files/" + Self.fileName(of: path)
    }

    /// The name in `files/` of the copy of `path` (see `location(of:)`).
    static func fileName(of path: String) -> String {
        var name: [UInt8] = []
        name.reserveCapacity(path.utf8.count + 24)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"): name += Array("%25".utf8)
            case UInt8(ascii: "/"): name += Array("%2F".utf8)
            default: name.append(byte)
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The copy of `path`, or nil when there is none or it is not whole.
    public func read(_ path: String) -> CDNCachedFile? {
        guard Self.isSafe(path), let data = Self.contents(of: location(of: path)) else { return nil }
        return Self.decode(data)
    }

    /// The bytes of the file at `location`, nil when it cannot be read (read with one
    /// `open`, `fstat` and `read`: a warm resolution reads thousands of copies).
    private static func contents(of location: String) -> Data? {
        let fd = open(location, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        // A file cut short meanwhile reads as what it holds (the header then says it is not whole).
        return try? OpenFile.readToEnd(fd, size: Int(status.st_size))
    }

    /// Whether there is a copy of `path` (whole or not: it is not read), as far as this
    /// process knows: the folder is listed once, on the first question (a warm resolution
    /// asks thousands), and the copies this process writes or removes are noted. A copy
    /// another process writes meanwhile may go unseen: the answer is a hint for fetching
    /// ahead, and `read` is what counts.
    public func hasCopy(_ path: String) -> Bool {
        Self.isSafe(path) && copies.contains(Self.fileName(of: path), listing: directory + "/files")
    }

    /// Whether the cache holds any copy at all (the source was read once).
    public var exists: Bool {
        FileManager.default.fileExists(atPath: location(of: "CocoaPods-version.yml"))
    }

    /// Stores `file` as the copy of `path`, whole or not at all.
    public func write(_ file: CDNCachedFile, to path: String) throws {
        guard Self.isSafe(path) else {
            throw SpecRepoError.cacheFailure(path: directory + "/" + path, reason: "not a path compctl stores")
        }
        try store(Self.encode(file), at: location(of: path))
        copies.insert(Self.fileName(of: path))
    }

    /// Writes `bytes` to `target` through a temporary file renamed into place.
    private func store(_ bytes: Data, at target: String) throws {
        let temporaries = directory + "/" + Self.temporaryDirectory
        if made.insert(temporaries) {
            try makeDirectory(temporaries)
            try makeDirectory(directory + "/files")
            if !FileManager.default.fileExists(atPath: directory + "/.url") {
                try? Data((url + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/.url"))
            }
        }
        // One write at a time in this process: every copy is made in `.tmp/` and renamed into
        // `files/`, and concurrent creations in one folder queue on the kernel's lock of the
        // folder, spinning on it (on ext4, a third of a cold resolution's CPU time went there).
        Self.writing.lock()
        defer { Self.writing.unlock() }
        var template = Array((temporaries + "/\(getpid())-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(target) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        let closed = close(fd) == 0
        guard written, closed, rename(temporary, target) == 0 else {
            let error = failure(target)
            unlink(temporary)
            throw error
        }
    }

    /// The shard indexes the last run that recorded them read (`rememberShards`): the next
    /// run revalidates them all at once as it starts, since its resolution reads mostly the
    /// same ones. Empty when there is no whole record.
    public func rememberedShards() -> [String] {
        guard let data = FileManager.default.contents(atPath: directory + "/" + Self.shardRecord),
              let file = Self.decode(data) else { return [] }
        return String(decoding: file.body, as: UTF8.self).split(separator: "\n").map(String.init).filter(Self.isSafe)
    }

    /// Records `shards` (paths of shard indexes) for the next run, replacing the last record.
    public func rememberShards(_ shards: [String]) throws {
        let body = Data(shards.sorted().map { $0 + "\n" }.joined().utf8)
        try store(Self.encode(CDNCachedFile(body: body, etag: nil)), at: directory + "/" + Self.shardRecord)
    }

    /// Held while a file is written (see `store`).
    private static let writing = NSLock()

    /// The record of `rememberShards`, beside `files/`.
    private static let shardRecord = "shards-read"

    /// Removes the copy of `path` (the CDN no longer serves it).
    public func remove(_ path: String) {
        guard Self.isSafe(path) else { return }
        unlink(location(of: path))
        copies.remove(Self.fileName(of: path))
    }

    /// Removes what killed processes left in `.tmp/`: files of processes that are gone, and
    /// anything older than an hour.
    public func removeAbandonedWrites() {
        let temporaries = directory + "/" + Self.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporaries) else { return }
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in names {
            let path = temporaries + "/" + name
            let pid = name.split(separator: "-").first.flatMap { pid_t($0) } ?? 0
            let gone = pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]) as? Date
            if gone || (modified.map { $0 < hourAgo } ?? false) { unlink(path) }
        }
    }

    private func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SpecRepoError.cacheFailure(path: path, reason: "\(error.localizedDescription)")
        }
    }

    private func failure(_ path: String) -> SpecRepoError {
        .cacheFailure(path: path, reason: String(cString: strerror(errno)))
    }

    /// The header (magic, `etag:`, `length:`, an empty line), then the body.
    static func encode(_ file: CDNCachedFile) -> Data {
        var header = magic + "\n"
        if file.isAbsent { header += "absent: yes\n" }
        if let etag = file.etag, !etag.contains("\n") { header += "etag: \(etag)\n" }
        header += "length: \(file.body.count)\n\n"
        return Data(header.utf8) + file.body
    }

    /// The file in `data`, or nil when the header is not compctl's or the body is not whole.
    static func decode(_ data: Data) -> CDNCachedFile? {
        // The header is short: look for its end in the first bytes only.
        let newline = UInt8(ascii: "\n")
        var index = data.startIndex
        let limit = min(data.endIndex, data.startIndex + 1024)
        var headerEnd: Data.Index?
        while index + 1 < limit {
            if data[index] == newline, data[index + 1] == newline {
                headerEnd = index
                break
            }
            index += 1
        }
        guard let headerEnd else { return nil }
        let end = headerEnd..<(headerEnd + 2)
        let header = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self).split(separator: "\n")
        guard header.first == Substring(magic) else { return nil }
        var etag: String?
        var length: Int?
        var absent = false
        for line in header.dropFirst() {
            if line.hasPrefix("etag: ") { etag = String(line.dropFirst("etag: ".count)) }
            if line.hasPrefix("length: ") { length = Int(line.dropFirst("length: ".count)) }
            if line == "absent: yes" { absent = true }
        }
        let body = data[end.upperBound...]
        guard let length, body.count == length, !absent || length == 0 else { return nil }
        if absent { return .absent }
        return CDNCachedFile(body: Data(body), etag: etag)
    }
}

/// Directories already made by this process (shared by the copies of one `CDNCache`).
private final class MadeDirectories: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// Whether `path` is new here (the caller then makes it).
    func insert(_ path: String) -> Bool {
        lock.withLock { paths.insert(path).inserted }
    }
}

/// The names of the files in one folder, listed on first use, then kept up to date by
/// this process (shared by the copies of one `CDNCache`).
private final class CopyNames: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String>?

    /// Whether `name` is in the folder `folder` (listed now if it was not yet).
    func contains(_ name: String, listing folder: String) -> Bool {
        lock.withLock {
            if names == nil { names = Self.list(folder) }
            return names!.contains(name)
        }
    }

    /// Notes that `name` was written (once the folder is listed; before, the listing sees it).
    func insert(_ name: String) {
        lock.withLock { _ = names?.insert(name) }
    }

    /// Notes that `name` was removed.
    func remove(_ name: String) {
        lock.withLock { _ = names?.remove(name) }
    }

    private static func list(_ folder: String) -> Set<String> {
        var names = Set<String>()
        guard let stream = opendir(folder) else { return names }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.insert(name) }
        }
        return names
    }
}

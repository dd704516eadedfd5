#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Podspec

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

/// The copies of one CDN source's files under `$COMPCTL_HOME/cdn/NAME/`, kept in packs:
/// each file in `packs/` holds the copies one process fetched (`CocoaPods-version.yml`,
/// `all_pods_versions_1_2_3.txt`, `Specs/1/2/3/Foo/1.0.0/Foo.podspec.json`…), each under
/// the path the CDN serves it at. A cold resolution fetches thousands of small files: a
/// file on disk for each cost an inode each, up to 0.2 ms apiece on a busy ext4 volume
/// (most of a cold run's system time), and a warm run an `open` each. A pack is one of each.
///
/// Shared safely by any number of compctl processes: a pack is written whole into `.tmp/`
/// and renamed into place, and never changed after; where two packs hold a copy of one
/// path, the newer pack's is read (pack names sort in the order they were written). Each
/// copy starts with a header that gives its length, so a pack cut short (a full disk, a
/// power cut before the data reached the disk) reads up to the cut, and what is missing is
/// fetched again. Once a cache has 8 packs, the next process to write one first merges
/// them into one. Temporary files of killed processes are removed by the next one. A run's
/// packs are not flushed to disk: the cache can always be fetched again. What is in
/// `packs/` is not trusted: only regular files named as compctl names packs, of at most
/// 1 GiB and starting as a pack, are read (a FIFO, a link or a folder is skipped), and a
/// new pack sorts after the newest one even when the clock was set back since that one
/// was written.
///
/// A process keeps what it fetches in memory (`write`) and writes its pack when
/// `writePack()` is called (`CDNSource.settle()` does; `finishWrites()` for every cache),
/// when it exits, and every 4,096 copies on the way. The `CDNCache` values of one directory
/// in a process share the packs read and the copies written. A merged pack is flushed to
/// disk before the packs it replaces are removed.
public struct CDNCache: Sendable {
    /// The source's directory.
    public let directory: String
    /// The source's URL, recorded in `.url` for people looking at the cache.
    public let url: String

    static let magic = "compctl-cdn-cache 1"
    static let temporaryDirectory = ".tmp"
    /// The packs and this process's copies, shared by every value for `directory`.
    private let packs: PackStore

    /// The cache of the CDN at `url` in `directory` (created on first write).
    public init(directory: String, url: String) {
        self.directory = directory
        self.url = url
        packs = PackStore.shared(directory: directory, url: url)
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
    /// empty components or control characters.
    static func isSafe(_ path: String) -> Bool {
        // Trunk's paths are plain ASCII: judged on their bytes in place (a warm resolution
        // asks thousands of times), anything else by the general rule below.
        var path = path
        let plain = path.withUTF8 { bytes -> Bool? in
            var componentStart = true
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if componentStart { return false }
                    componentStart = true
                } else if byte < 0x20 || byte >= 0x7F || (componentStart && byte == UInt8(ascii: ".")) {
                    return nil
                } else {
                    componentStart = false
                }
            }
            return !componentStart
        }
        if let plain { return plain }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !path.hasPrefix("/"), !path.hasPrefix(".") else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".."
                && part.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        }
    }

    /// The copy of `path`, or nil when there is none or it is not whole.
    public func read(_ path: String) -> CDNCachedFile? {
        guard Self.isSafe(path), let record = packs.record(of: path) else { return nil }
        return Self.decode(record)
    }

    /// Whether there is a copy of `path` (whole or not: it is not read), in the packs this
    /// process read or among the copies it wrote.
    public func hasCopy(_ path: String) -> Bool {
        Self.isSafe(path) && packs.has(path)
    }

    /// Whether the cache holds any copy at all (the source was read once).
    public var exists: Bool {
        hasCopy(PodName.metadataFile)
    }

    /// Keeps `file` as the copy of `path`: readable at once in this process, on disk with
    /// its next pack (see the type's comment). Throws for a path the cache does not keep.
    public func write(_ file: CDNCachedFile, to path: String) throws {
        guard Self.isSafe(path) else {
            throw SpecRepoError.cacheFailure(path: directory + "/" + path, reason: "not a path compctl stores")
        }
        packs.add(Self.encode(file), at: path)
    }

    /// Writes the copies every cache of this process holds and has not written yet, each
    /// cache's as one pack. A pack that cannot be written is given up: the next run fetches
    /// its copies again.
    public static func finishWrites() {
        PackStore.flushAll()
    }

    /// Writes the copies this cache holds and has not written yet as one pack (what
    /// `finishWrites()` does for every cache of the process).
    public func writePack() {
        packs.flush()
    }

    /// The paths the packs on disk hold now (read afresh, not as this process knows them).
    public func storedPaths() -> [String] {
        var paths = Set<String>()
        for pack in PackStore.listPacks(in: directory) {
            guard let data = PackStore.contents(of: directory + "/" + PackStore.folder + "/" + pack) else { continue }
            PackStore.records(in: data) { path, _ in paths.insert(path) }
        }
        return paths.sorted()
    }

    /// This cache as the next process sees it: what this one holds is written, and the
    /// packs are read again from disk.
    public func reopened() -> CDNCache {
        writePack()
        PackStore.forget(directory: directory)
        return CDNCache(directory: directory, url: url)
    }

    /// The shard indexes the last run that recorded them read (`rememberShards`): the next
    /// run revalidates them all at once as it starts, since its resolution reads mostly the
    /// same ones. Empty when there is no whole record.
    public func rememberedShards() -> [String] {
        guard let data = PackStore.contents(of: directory + "/" + Self.shardRecord, startingWith: Self.magic + "\n"),
              let file = Self.decode(data) else { return [] }
        // Split on the bytes: a record holds some 800 lines, and a split among Characters
        // tests each of their 30,000 characters for a grapheme break.
        return file.body.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }.filter(Self.isSafe)
    }

    /// Records `shards` (paths of shard indexes) for the next run, replacing the last record.
    public func rememberShards(_ shards: [String]) throws {
        let body = Data(shards.sorted().map { $0 + "\n" }.joined().utf8)
        try packs.store(Self.encode(CDNCachedFile(body: body, etag: nil)), at: directory + "/" + Self.shardRecord)
    }

    /// The record of `rememberShards`, beside `packs/`.
    private static let shardRecord = "shards-read"

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

    /// The header (magic, `etag:`, `length:`, an empty line), then the body.
    static func encode(_ file: CDNCachedFile) -> Data {
        var header = magic + "\n"
        if file.isAbsent { header += "absent: yes\n" }
        if let etag = file.etag, isSendable(etag: etag.utf8) { header += "etag: \(etag)\n" }
        header += "length: \(file.body.count)\n\n"
        return Data(header.utf8) + file.body
    }

    /// Whether `etag` may go back to the server as `If-None-Match`: no control character
    /// (a carriage return would start another header field).
    static func isSendable(etag: some Sequence<UInt8>) -> Bool {
        etag.allSatisfy { $0 >= 0x20 && $0 != 0x7F }
    }

    /// The file in `data`, or nil when the header is not compctl's or the body is not whole.
    /// Read from the bytes: a warm resolution decodes thousands of copies.
    static func decode(_ data: Data) -> CDNCachedFile? {
        let parsed = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (etag: String?, length: Int, absent: Bool, bodyStart: Int)? in
            let newline = UInt8(ascii: "\n")
            let magicBytes = magic.utf8
            guard bytes.count > magicBytes.count, bytes.starts(with: magicBytes), bytes[magicBytes.count] == newline else {
                return nil
            }
            var etag: String?
            var length: Int?
            var absent = false
            // The header is short: its end is looked for in the first bytes only.
            let limit = min(bytes.count, 1024)
            var lineStart = magicBytes.count + 1
            while lineStart < limit {
                var lineEnd = lineStart
                while lineEnd < limit, bytes[lineEnd] != newline { lineEnd += 1 }
                guard lineEnd < limit else { return nil }
                if lineEnd == lineStart {
                    guard let length else { return nil }
                    return (etag, length, absent, lineStart + 1)
                }
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                if line.starts(with: "etag: ".utf8) {
                    let value = UnsafeRawBufferPointer(rebasing: line.dropFirst(6))
                    etag = isSendable(etag: value) ? String(decoding: value, as: UTF8.self) : nil
                } else if line.starts(with: "length: ".utf8) {
                    var value = 0
                    for byte in line.dropFirst(8) {
                        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), value < Int.max / 20 else { return nil }
                        value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    }
                    guard line.count > 8 else { return nil }
                    length = value
                } else if line.elementsEqual("absent: yes".utf8) {
                    absent = true
                }
                lineStart = lineEnd + 1
            }
            return nil
        }
        guard let parsed, data.count - parsed.bodyStart == parsed.length, !parsed.absent || parsed.length == 0 else {
            return nil
        }
        if parsed.absent { return .absent }
        let start = data.startIndex + parsed.bodyStart
        return CDNCachedFile(body: Data(data[start..<data.endIndex]), etag: parsed.etag)
    }
}

/// The packs of one cache directory as this process read them, and the copies it wrote
/// (see `CDNCache`): one per directory in a process.
final class PackStore: @unchecked Sendable {
    /// The folder of the packs, beside `.tmp/`.
    static let folder = "packs"
    /// The first line of a pack. Each copy follows as a line `PATH-LENGTH RECORD-LENGTH`,
    /// the path, and the copy as `CDNCache.encode` gives it.
    static let magic = "compctl-cdn-pack 1\n"
    /// Packs a cache may hold before the next process that writes one merges them.
    static let mergeAt = 8
    /// Copies kept in memory before they are written as a pack on the way.
    static let writeEvery = 4096

    let directory: String
    private let url: String
    private let lock = NSLock()
    /// Held while packs are written: one process's packs go out in the order of their names.
    private let writing = NSLock()
    private var loaded = false
    private var madeFolders = false
    /// The packs read, oldest first, and their bytes.
    private var packNames: [String] = []
    private var packData: [Data] = []
    /// Where the newest copy of each path is: its pack and the range of its record.
    private var index: [String: (pack: Int, range: Range<Int>)] = [:]
    /// The copies (encoded) this process wrote, and the paths of those not on disk yet.
    private var written: [String: Data] = [:]
    private var unwritten: [String] = []
    private var unwrittenPaths: Set<String> = []

    private init(directory: String, url: String) {
        self.directory = directory
        self.url = url
    }

    // MARK: - One store per directory

    private static let registry = Registry()

    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var stores: [String: PackStore] = [:]
        var waitsAtExit = false
        var packsWritten = 0
    }

    /// The store of `directory`, made on first use.
    static func shared(directory: String, url: String) -> PackStore {
        registry.lock.withLock {
            if let store = registry.stores[directory] { return store }
            let store = PackStore(directory: directory, url: url)
            registry.stores[directory] = store
            return store
        }
    }

    /// Drops the store of `directory`: the next one reads the packs again.
    static func forget(directory: String) {
        registry.lock.withLock { _ = registry.stores.removeValue(forKey: directory) }
    }

    /// Writes what every store has not written yet.
    static func flushAll() {
        for store in registry.lock.withLock({ Array(registry.stores.values) }) { store.flush() }
    }

    // MARK: - Reading

    /// The record of `path`: this process's copy, else the newest pack's.
    func record(of path: String) -> Data? {
        lock.withLock {
            loadIfNeeded()
            if let mine = written[path] { return mine }
            guard let place = index[path] else { return nil }
            return packData[place.pack][place.range]
        }
    }

    /// Whether there is a record of `path`.
    func has(_ path: String) -> Bool {
        lock.withLock {
            loadIfNeeded()
            return written[path] != nil || index[path] != nil
        }
    }

    /// Reads the packs on disk (under `lock`), once. A pack that vanishes meanwhile (merged
    /// by another process) starts the listing again.
    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        for attempt in 0..<3 {
            var names: [String] = [], datas: [Data] = [], vanished = false
            for name in Self.listPacks(in: directory) {
                if let data = Self.contents(of: directory + "/" + Self.folder + "/" + name) {
                    names.append(name)
                    datas.append(data)
                } else if errno == ENOENT {
                    // Merged away meanwhile: list again, or on the last attempt do without it
                    // (its copies are in the merged pack, or fetched again).
                    vanished = true
                    if attempt < 2 { break }
                }
            }
            if vanished, attempt < 2 { continue }
            packNames = names
            packData = datas
            index = [:]
            for (number, data) in datas.enumerated() {
                Self.records(in: data) { path, range in index[path] = (number, range) }
            }
            return
        }
    }

    /// The names in `packs/` of `directory`, oldest first.
    static func listPacks(in directory: String) -> [String] {
        var names: [String] = []
        guard let stream = opendir(directory + "/" + folder) else { return names }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if isPackName(name) { names.append(name) }
        }
        return names.sorted { PodName.bytewiseLess($0, $1) }
    }

    /// Whether `name` is one `newPackName` gives (`TIME-PID-COUNT`: 20, 10 and at least 6
    /// digits), then `.m` once per merge. Any other file in `packs/` is not read: it could
    /// sort after every pack compctl writes and win over their copies for good.
    static func isPackName(_ name: String) -> Bool {
        var base = Substring(name)
        while base.hasSuffix(".m") { base = base.dropLast(2) }
        let parts = base.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0].count == 20 && parts[1].count == 10 && parts[2].count >= 6
            && parts.allSatisfy { $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
    }

    /// The largest pack (or shard record) read: anything larger is not one compctl wrote
    /// for a resolution (a hostile or broken cache, a sparse file claiming a terabyte), and
    /// reading it whole would exhaust memory.
    static let largestFile = 1 << 30

    /// The bytes of the file at `location` when it is a regular file (not a link, a FIFO, a
    /// device or a folder) of at most `largestFile` bytes that starts with `prefix`; nil
    /// (with `errno` set: `ENOENT` only when there is no such file) otherwise.
    static func contents(of location: String, startingWith prefix: String = magic) -> Data? {
        // O_NONBLOCK: opening a FIFO does not wait for a writer; O_NOFOLLOW: no link is followed.
        let fd = open(location, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_size <= largestFile else {
            errno = EINVAL
            return nil
        }
        let expected = Array(prefix.utf8)
        var head = [UInt8](repeating: 0, count: expected.count)
        guard pread(fd, &head, head.count, 0) == head.count, head == expected else {
            errno = EINVAL
            return nil
        }
        return try? OpenFile.readToEnd(fd, size: Int(status.st_size))
    }

    /// Calls `body` with the path and the range of each record of the pack `data`, up to the
    /// first that is not whole or not well formed (a pack cut short).
    static func records(in data: Data, _ body: (String, Range<Int>) -> Void) {
        let magicBytes = Array(magic.utf8)
        guard data.count >= magicBytes.count, data.prefix(magicBytes.count).elementsEqual(magicBytes) else { return }
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var at = magicBytes.count
            while at < bytes.count {
                // `PATH-LENGTH RECORD-LENGTH\n`
                var numbers = [0, 0], which = 0, digits = 0
                var cursor = at
                while cursor < bytes.count, cursor - at < 24 {
                    let byte = bytes[cursor]
                    if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 12 {
                        numbers[which] = numbers[which] * 10 + Int(byte - UInt8(ascii: "0"))
                        digits += 1
                    } else if byte == UInt8(ascii: " "), which == 0, digits > 0 {
                        which = 1
                        digits = 0
                    } else {
                        break
                    }
                    cursor += 1
                }
                guard which == 1, digits > 0, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\n") else { return }
                let pathStart = cursor + 1
                let recordStart = pathStart + numbers[0]
                let recordEnd = recordStart + numbers[1]
                guard numbers[0] > 0, recordEnd <= bytes.count else { return }
                let path = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[pathStart..<recordStart]), as: UTF8.self)
                guard CDNCache.isSafe(path) else { return }
                body(path, (data.startIndex + recordStart)..<(data.startIndex + recordEnd))
                at = recordEnd
            }
        }
    }

    // MARK: - Writing

    /// Keeps `record` as this process's copy of `path`, written with the next pack.
    func add(_ record: Data, at path: String) {
        let count = lock.withLock { () -> Int in
            written[path] = record
            if unwrittenPaths.insert(path).inserted { unwritten.append(path) }
            return unwritten.count
        }
        if count == 1 { Self.waitAtExit() }
        if count == Self.writeEvery { DispatchQueue.global(qos: .utility).async { self.flush() } }
    }

    /// Sets the process's exit to write what is not written yet, once.
    private static func waitAtExit() {
        let first = registry.lock.withLock { () -> Bool in
            defer { registry.waitsAtExit = true }
            return !registry.waitsAtExit
        }
        if first { atexit { PackStore.flushAll() } }
    }

    /// Writes the copies not on disk yet as a pack, after merging the packs read into one
    /// when there are `mergeAt` of them. A pack that cannot be written is given up.
    func flush() {
        writing.lock()
        defer { writing.unlock() }
        let (entries, merging) = lock.withLock { () -> ([(String, Data)], (names: [String], records: [(String, Data)])?) in
            let entries = unwritten.map { ($0, written[$0]!) }
            unwritten = []
            unwrittenPaths = []
            guard !entries.isEmpty else { return (entries, nil) }
            // A run that read no copy has not read the packs: only to merge them.
            if !loaded, Self.listPacks(in: directory).count >= Self.mergeAt { loadIfNeeded() }
            guard packNames.count >= Self.mergeAt else { return (entries, nil) }
            let records = index.sorted { PodName.bytewiseLess($0.key, $1.key) }.map { path, place in
                (path, packData[place.pack][place.range])
            }
            return (entries, (packNames, records))
        }
        guard !entries.isEmpty else { return }
        let packs = directory + "/" + Self.folder + "/"
        if let merging, let newest = merging.names.last {
            // Named after the newest pack it merges: it sorts where that one did, before any
            // pack another process wrote meanwhile.
            let name = newest + ".m"
            let data = Self.pack(merging.records)
            // On disk before the packs it replaces are removed: a power cut then leaves one or
            // the others, not a cache emptied of everything but this run's copies.
            if (try? store(data, at: packs + name, durably: true)) != nil {
                for old in merging.names where old != name { unlink(packs + old) }
                lock.withLock {
                    packNames = [name]
                    packData = [data]
                    index = [:]
                    Self.records(in: data) { path, range in index[path] = (0, range) }
                }
            }
        }
        try? store(Self.pack(entries), at: packs + Self.newPackName(after: Self.listPacks(in: directory).last))
    }

    /// A pack of `records` (path, encoded copy).
    static func pack(_ records: [(String, Data)]) -> Data {
        var data = Data(magic.utf8)
        data.reserveCapacity(records.reduce(data.count) { $0 + $1.0.utf8.count + $1.1.count + 16 })
        for (path, record) in records {
            data.append(contentsOf: "\(path.utf8.count) \(record.count)\n".utf8)
            data.append(contentsOf: path.utf8)
            data.append(record)
        }
        return data
    }

    /// A name that sorts after every pack written before it: the time in nanoseconds, the
    /// process and a count, each of fixed width. The time is not before that of `newest`
    /// (the newest pack's name): a pack written while the clock ran ahead must not outrank
    /// the copies of every run after the clock is set back.
    static func newPackName(after newest: String?) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var nanoseconds = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        if let newest, newest.utf8.count >= 20, newest.utf8.prefix(20).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
           let time = UInt64(newest.prefix(20)), time >= nanoseconds {
            nanoseconds = time == .max ? time : time + 1
        }
        let number = registry.lock.withLock { () -> Int in
            registry.packsWritten += 1
            return registry.packsWritten
        }
        return String(format: "%020llu-%010d-%06d", nanoseconds, Int(getpid()), number)
    }

    /// Writes `bytes` to `target` through a temporary file in `.tmp/` renamed into place;
    /// `durably`, flushed to disk, and the rename too, before it returns.
    func store(_ bytes: Data, at target: String, durably: Bool = false) throws {
        let temporaries = directory + "/" + CDNCache.temporaryDirectory
        // Taken for made only once they are: two first writes at once both make them (a
        // folder that exists already is no failure), and one that failed is tried again.
        if !lock.withLock({ madeFolders }) {
            try makeDirectory(temporaries)
            try makeDirectory(directory + "/" + Self.folder)
            if !FileManager.default.fileExists(atPath: directory + "/.url") {
                try? Data((url + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/.url"))
            }
            lock.withLock { madeFolders = true }
        }
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
        let synced = !durably || fsync(fd) == 0
        let closed = close(fd) == 0
        guard written, synced, closed, rename(temporary, target) == 0 else {
            let error = failure(target)
            unlink(temporary)
            throw error
        }
        if durably {
            let folder = open((target as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                fsync(folder)
                close(folder)
            }
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
}

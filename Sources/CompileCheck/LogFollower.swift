#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows the check log while the command writes it, keeping only the last non-empty line.
/// Each poll reads at most `window` new bytes, so a command that floods its output costs the
/// same as a quiet one.
struct LogFollower {
    static let window = 64 * 1024
    static let maxLineLength = 512

    private let fd: Int32
    private var offset: off_t = 0
    /// The unfinished line at the end of what was read so far (capped).
    private var pending: [UInt8] = []
    /// Set after skipping ahead: the bytes up to the next line break belong to a line whose
    /// start was not read.
    private var skippingPartialLine = false
    private(set) var lastLine: String?

    /// Opens `path` for reading; a follower that cannot open it reports no lines.
    init(path: String) {
        fd = open(path, O_RDONLY | O_CLOEXEC)
    }

    /// Closes the log.
    func close() {
        if fd >= 0 { _ = closeFile(fd) }
    }

    /// Reads what was appended since the last poll and updates `lastLine`.
    mutating func poll() {
        guard fd >= 0 else { return }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return }
        let size = info.st_size
        guard size > offset else { return }
        if size - offset > off_t(Self.window) {
            offset = size - off_t(Self.window)
            pending.removeAll()
            skippingPartialLine = true
        }
        var buffer = [UInt8](repeating: 0, count: Int(size - offset))
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
        guard count > 0 else { return }
        offset += off_t(count)
        for byte in buffer[0..<count] {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if skippingPartialLine {
                    skippingPartialLine = false
                } else {
                    finishLine()
                }
                pending.removeAll(keepingCapacity: true)
            } else if !skippingPartialLine && pending.count < Self.maxLineLength * 4 {
                pending.append(byte)
            }
        }
    }

    private mutating func finishLine() {
        let line = trimmed(String(decoding: pending, as: UTF8.self))
        if !line.isEmpty { lastLine = String(line.prefix(Self.maxLineLength)) }
    }
}

/// The last `count` lines of the file at `path`, read backwards from its end in chunks so a
/// large log is never loaded whole. A line that a carriage return overwrote (a progress bar)
/// shows what a terminal would: the text after the last `\r`.
func lastLines(ofFileAt path: String, count: Int) -> [String] {
    guard count > 0 else { return [] }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return [] }
    defer { _ = closeFile(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return [] }
    let chunk = 64 * 1024
    let limit = 4 * 1024 * 1024
    var end = info.st_size
    var chunks: [[UInt8]] = []
    var newlines = 0
    var total = 0
    // Enough newlines for `count` lines, plus one for the final newline, plus one for the
    // line boundary before the first of them.
    while end > 0, total < limit, newlines <= count + 1 {
        let start = max(0, end - off_t(chunk))
        var buffer = [UInt8](repeating: 0, count: Int(end - start))
        let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, start) }
        guard read == buffer.count else { break }
        newlines += buffer.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        total += buffer.count
        chunks.append(buffer)
        end = start
    }
    let data = Array(chunks.reversed().joined())
    var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    // The first piece may be the cut-off end of an earlier line.
    if end > 0, !lines.isEmpty { lines.removeFirst() }
    return lines.suffix(count).map { line in
        let visible = line.split(separator: UInt8(ascii: "\r"), omittingEmptySubsequences: true).last ?? []
        return String(decoding: visible, as: UTF8.self)
    }
}

private func trimmed(_ text: String) -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
          let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
    return text[first...last]
}

@inline(__always)
func closeFile(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reading a whole file that is open already, as the folder source and the CDN cache read
/// thousands of small files in a resolution: one `read` of the size `fstat` gave, plus a
/// byte to see the end.
enum OpenFile {
    /// A `read` that failed, with its `errno`.
    struct ReadFailure: Error {
        let errno: Int32
    }

    /// The bytes of `descriptor` from where it stands to the end, expecting `size` of them;
    /// a file that came out shorter or grew meanwhile is read to its end. `EINTR` and
    /// `EAGAIN` are retried. Read into `Data` (the CDN's packs) or into bytes (a spec, which
    /// the parser reads as bytes: through `Data`, each spec read cost 3,000 more instructions).
    static func readToEnd<Buffer: ReadBuffer>(_ descriptor: Int32, size: Int,
                                              into _: Buffer.Type = Data.self) throws(ReadFailure) -> Buffer {
        var buffer = Buffer(zeroes: max(size, 0) + 1)
        var filled = 0
        while true {
            if filled == buffer.count { buffer.resize(to: buffer.count + max(64 * 1024, buffer.count)) }
            let asked = buffer.count - filled
            let count = buffer.withUnsafeMutableBytes { bytes in read(descriptor, bytes.baseAddress! + filled, asked) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ReadFailure(errno: errno)
            }
            filled += count
            // A short read that ends where `fstat` said the file ends is the end.
            if filled == size && count < asked { break }
        }
        buffer.resize(to: filled)
        return buffer
    }
}

/// What `OpenFile.readToEnd` reads into.
protocol ReadBuffer {
    init(zeroes count: Int)
    var count: Int { get }
    /// Cuts the buffer to `count` bytes, or adds zeroes up to it.
    mutating func resize(to count: Int)
    mutating func withUnsafeMutableBytes<Result>(_ body: (UnsafeMutableRawBufferPointer) throws -> Result) rethrows -> Result
}

extension Data: ReadBuffer {
    init(zeroes count: Int) {
        self.init(count: count)
    }

    mutating func resize(to count: Int) {
        self.count = count
    }
}

extension Array: ReadBuffer where Element == UInt8 {
    init(zeroes count: Int) {
        self.init(repeating: 0, count: count)
    }

    mutating func resize(to count: Int) {
        if count < self.count {
            removeLast(self.count - count)
        } else {
            append(contentsOf: repeatElement(0, count: count - self.count))
        }
    }
}

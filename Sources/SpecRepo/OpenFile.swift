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
    /// `EAGAIN` are retried.
    static func readToEnd(_ descriptor: Int32, size: Int) throws(ReadFailure) -> Data {
        var data = Data(count: max(size, 0) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(64 * 1024, data.count) }
            let asked = data.count - filled
            let count = data.withUnsafeMutableBytes { bytes in read(descriptor, bytes.baseAddress! + filled, asked) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ReadFailure(errno: errno)
            }
            filled += count
            // A short read that ends where `fstat` said the file ends is the end.
            if filled == size && count < asked { break }
        }
        data.count = filled
        return data
    }
}

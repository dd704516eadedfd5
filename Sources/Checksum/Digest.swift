import Foundation

/// A hash function fed in pieces: SHA-256 for the archives compctl publishes, SHA-1 for the
/// archives of older binary specs (`:sha1`) and OpenSSH's hashed host names.
public protocol Digest {
    /// A digest with nothing fed yet.
    init()
    /// Feeds `bytes`.
    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8
    /// The hash of everything fed; the digest must not be fed afterwards.
    mutating func finalize() -> [UInt8]
}

extension Digest {
    /// The hash of `bytes`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var digest = Self()
        digest.update(bytes)
        return digest.finalize()
    }

    /// The hash of `bytes`, as lower-case hexadecimal.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        Hex.encode(hash(bytes))
    }

    /// The hash of the file at `path`, read in 1 MB pieces, as lower-case hexadecimal; nil when
    /// the file cannot be read.
    public static func hex(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var digest = Self()
        while true {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 20)
            } catch {
                return nil
            }
            guard let chunk, !chunk.isEmpty else { break }
            digest.update(chunk)
        }
        return Hex.encode(digest.finalize())
    }
}

/// Lower-case hexadecimal, as checksums are written in podspecs.
public enum Hex {
    /// `bytes` as lower-case hexadecimal.
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `text` is `length` hexadecimal digits (either case).
    public static func isHex(_ text: String, length: Int) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
    }
}

/// Feeds 64-byte blocks to a compression function and pads the end as SHA-1 and SHA-256 do
/// (a 1 bit, zeros, the message length in bits as a big-endian 64-bit number).
struct BlockBuffer {
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init() {
        pending.reserveCapacity(64)
    }

    mutating func update<Bytes: Sequence>(_ bytes: Bytes, _ compress: (UnsafeBufferPointer<UInt8>) -> Void)
    where Bytes.Element == UInt8 {
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            length &+= UInt64(buffer.count)
            var index = 0
            if !pending.isEmpty {
                let take = min(64 - pending.count, buffer.count)
                pending.append(contentsOf: buffer[0..<take])
                index = take
                if pending.count == 64 {
                    pending.withUnsafeBufferPointer(compress)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            while buffer.count - index >= 64 {
                compress(UnsafeBufferPointer(rebasing: buffer[index..<index + 64]))
                index += 64
            }
            pending.append(contentsOf: buffer[index...])
        }
        guard contiguous == nil else { return }
        for byte in bytes {
            pending.append(byte)
            length &+= 1
            if pending.count == 64 {
                pending.withUnsafeBufferPointer(compress)
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    mutating func finish(_ compress: (UnsafeBufferPointer<UInt8>) -> Void) {
        let bits = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: 64) { compress(UnsafeBufferPointer(rebasing: all[start..<start + 64])) }
        }
        pending.removeAll()
    }
}

/// Reads the big-endian 32-bit word `index` of a 64-byte block.
@inline(__always)
func word(_ block: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt32 {
    let base = index * 4
    return UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8 | UInt32(block[base + 3])
}

/// The bytes of `words`, big-endian.
func bigEndianBytes(_ words: [UInt32]) -> [UInt8] {
    words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
}

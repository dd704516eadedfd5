#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// MD5 (RFC 1321), used only to find a pod's shard in a sharded spec repo, as CocoaPods
/// does with `Digest::MD5.hexdigest(name)`. Not for anything that needs a secure hash.
public enum MD5 {
    /// The 16-byte digest of `bytes`.
    public static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)

        // The message, a single 0x80 byte, zero padding to 56 mod 64, then the bit length
        // as a little-endian 64-bit number (RFC 1321, 3.1 and 3.2).
        var message = Array(bytes)
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) {
            message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }

        var words = [UInt32](repeating: 0, count: 16)
        for blockStart in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let base = blockStart + index * 4
                words[index] = UInt32(message[base])
                    | UInt32(message[base + 1]) << 8
                    | UInt32(message[base + 2]) << 16
                    | UInt32(message[base + 3]) << 24
            }
            var a = state.0, b = state.1, c = state.2, d = state.3
            for step in 0..<64 {
                let mixed: UInt32
                let wordIndex: Int
                switch step {
                case 0..<16:
                    mixed = (b & c) | (~b & d)
                    wordIndex = step
                case 16..<32:
                    mixed = (d & b) | (~d & c)
                    wordIndex = (5 * step + 1) % 16
                case 32..<48:
                    mixed = b ^ c ^ d
                    wordIndex = (3 * step + 5) % 16
                default:
                    mixed = c ^ (b | ~d)
                    wordIndex = (7 * step) % 16
                }
                let sum = a &+ mixed &+ sineTable[step] &+ words[wordIndex]
                a = d
                d = c
                c = b
                b = b &+ rotateLeft(sum, by: shifts[step])
            }
            state.0 &+= a
            state.1 &+= b
            state.2 &+= c
            state.3 &+= d
        }

        var result: [UInt8] = []
        result.reserveCapacity(16)
        for word in [state.0, state.1, state.2, state.3] {
            for shift in stride(from: 0, to: 32, by: 8) {
                result.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return result
    }

    /// The digest of the UTF-8 bytes of `string`, as 32 lower-case hex digits.
    public static func hexDigest(_ string: String) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(32)
        for byte in digest(string.utf8) {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func rotateLeft(_ value: UInt32, by amount: UInt32) -> UInt32 {
        (value << amount) | (value >> (32 - amount))
    }

    /// Per-step left rotations (RFC 1321, 3.4).
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// `floor(abs(sin(i + 1)) * 2^32)` for i in 0..<64 (RFC 1321, 3.4), computed once.
    private static let sineTable: [UInt32] = (0..<64).map { index in
        UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
    }
}

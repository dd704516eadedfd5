/// SHA-1: the checksum older binary specs carry (`:sha1`, as Artifactory's downloads list
/// it), and the hash of OpenSSH's hashed known_hosts names (with `hmac`). Not for new checksums.
public struct SHA1: Digest {
    private var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    private var buffer = BlockBuffer()
    private var schedule = [UInt32](repeating: 0, count: 80)

    public init() {}

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var buffer = self.buffer
        buffer.update(bytes) { compress($0) }
        self.buffer = buffer
    }

    public mutating func finalize() -> [UInt8] {
        var buffer = self.buffer
        buffer.finish { compress($0) }
        self.buffer = buffer
        return bigEndianBytes(state)
    }

    /// HMAC-SHA-1 of `message` under `key`.
    public static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = hash(block.map { $0 ^ 0x36 } + message)
        return hash(block.map { $0 ^ 0x5C } + inner)
    }

    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        for i in 0..<16 { schedule[i] = word(block, i) }
        for i in 16..<80 { schedule[i] = rotate(schedule[i - 3] ^ schedule[i - 8] ^ schedule[i - 14] ^ schedule[i - 16], 1) }
        var a = state[0], b = state[1], c = state[2], d = state[3], e = state[4]
        for i in 0..<80 {
            let f: UInt32
            let k: UInt32
            switch i {
            case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
            case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
            case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
            default: f = b ^ c ^ d; k = 0xCA62_C1D6
            }
            let temp = rotate(a, 5) &+ f &+ e &+ k &+ schedule[i]
            e = d
            d = c
            c = rotate(b, 30)
            b = a
            a = temp
        }
        state[0] = state[0] &+ a
        state[1] = state[1] &+ b
        state[2] = state[2] &+ c
        state[3] = state[3] &+ d
        state[4] = state[4] &+ e
    }

    @inline(__always)
    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}

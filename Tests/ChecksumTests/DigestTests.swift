import Checksum
import Foundation
import Testing

@Suite struct DigestTests {
    @Test func sha1AndHMACMatchTheStandardVectors() {
        #expect(SHA1.hex(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(SHA1.hex([UInt8]()) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(SHA1.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        // RFC 2202, test cases 2 and 6 (a key longer than the block).
        #expect(Hex.encode(SHA1.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79")
        #expect(Hex.encode(SHA1.hmac(key: [UInt8](repeating: 0xAA, count: 80),
                                     message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "aa4ae5e15272d00e95705637ce8a3b55ed402112")
    }

    @Test func sha256MatchesTheStandardVectors() {
        // FIPS 180-4 examples, and the million-'a' message.
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Array(String(repeating: "a", count: 1000).utf8))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(SHA256.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesGivesTheSameHashAsAtOnce() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for split in [0, 1, 55, 56, 63, 64, 65, 127, 128, 999, 1000] {
            var digest = SHA256()
            digest.update(bytes[..<split])
            digest.update(Data(bytes[split...]))
            #expect(Hex.encode(digest.finalize()) == SHA256.hex(bytes), "split at \(split)")
            var sha1 = SHA1()
            sha1.update(bytes[..<split].lazy.map { $0 })  // not contiguous: byte by byte
            sha1.update(bytes[split...])
            #expect(Hex.encode(sha1.finalize()) == SHA1.hex(bytes), "split at \(split)")
        }
    }

    @Test func hashesAFileAsItsBytes() throws {
        let path = NSTemporaryDirectory() + "/digest-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(SHA256.hex(ofFile: path) == SHA256.hex(bytes))
        #expect(SHA256.hex(ofFile: path + ".missing") == nil)
        #expect(Hex.isHex("00aAfF", length: 6))
        #expect(!Hex.isHex("00aAfG", length: 6))
        #expect(!Hex.isHex("00", length: 6))
    }
}

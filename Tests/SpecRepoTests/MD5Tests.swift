import Testing
@testable import SpecRepo

@Suite struct MD5Tests {
    /// The test suite of RFC 1321, appendix A.5.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (
            "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
            "57edf4a22be3c955ac49da2e2107b67a"
        ),
    ])
    func rfc1321TestSuite(input: String, digest: String) {
        #expect(MD5.hexDigest(input) == digest)
    }

    /// Messages whose padding ends exactly at, or spills over, a 64-byte block boundary.
    @Test(arguments: [
        (55, "ef1772b6dff9a122358552954ad0df65"),
        (56, "3b0c8ac703f828b04c6c197006d17218"),
        (64, "014842d480b571495a4a0363793f7367"),
    ])
    func paddingAtBlockBoundaries(length: Int, digest: String) {
        #expect(MD5.hexDigest(String(repeating: "a", count: length)) == digest)
    }

    @Test func hashesTheUTF8Bytes() {
        #expect(MD5.hexDigest("ü") == "c03410a5204b21cd8229ff754688d743")
        #expect(MD5.digest([UInt8]()).count == 16)
    }

    @Test func trunkShardsAFNetworkingUnderA75() {
        let layout = SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1, 1])
        #expect(layout.shards(for: "AFNetworking") == ["a", "7", "5"])
        #expect(layout.podPath(for: "AFNetworking") == "Specs/a/7/5/AFNetworking")
        #expect(SpecRepoLayout(prefixLengths: [2, 3]).podPath(for: "AFNetworking") == "a7/5d4/AFNetworking")
        #expect(SpecRepoLayout().podPath(for: "AFNetworking") == "AFNetworking")
    }
}

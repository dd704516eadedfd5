import Foundation
import Testing
@testable import Versioning

@Suite struct VersionTests {
    @Test func theTableHasAtLeast300Cases() {
        #expect(CocoaPodsCases.count >= 300, "\(CocoaPodsCases.count) cases")
    }

    @Test(arguments: CocoaPodsCases.comparisons)
    func comparesAsCocoaPods(_ row: ComparisonRow) throws {
        let lhs = try Version(row.lhs)
        let rhs = try Version(row.rhs)
        switch row.order {
        case "<":
            #expect(lhs < rhs)
            #expect(rhs > lhs)
            #expect(lhs != rhs)
        case ">":
            #expect(lhs > rhs)
            #expect(rhs < lhs)
            #expect(lhs != rhs)
        default:
            #expect(lhs == rhs)
            #expect(!(lhs < rhs) && !(rhs < lhs))
            #expect(lhs.hashValue == rhs.hashValue)
        }
    }

    @Test(arguments: CocoaPodsCases.cocoaPodsOrder)
    func breaksTiesByTextInCocoaPodsOrder(_ first: String, _ second: String) throws {
        let a = try Version(first), b = try Version(second)
        #expect(a == b)
        #expect(a.precedesInCocoaPodsOrder(b))
        #expect(!b.precedesInCocoaPodsOrder(a))
    }

    @Test func sortsAsCocoaPodsFromAnyStartingOrder() throws {
        let expected = CocoaPodsCases.sortedByCocoaPods
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            let shuffled = try expected.shuffled(using: &generator).map(Version.init)
            let sorted = shuffled.sorted { $0.precedesInCocoaPodsOrder($1) }
            #expect(sorted.map(\.description) == expected)
        }
    }

    @Test(arguments: CocoaPodsCases.validity)
    func acceptsWhatCocoaPodsAccepts(_ row: ValidityRow) {
        #expect(Version.isValid(row.text) == row.isValid)
    }

    @Test(arguments: CocoaPodsCases.prerelease)
    func knowsPrereleases(_ row: PrereleaseRow) throws {
        #expect(try Version(row.text).isPrerelease == row.isPrerelease)
    }

    @Test(arguments: CocoaPodsCases.components)
    func givesMajorMinorAndPatch(_ row: ComponentsRow) throws {
        let version = try Version(row.text)
        let components: [Int] = [version.major, version.minor, version.patch]
        #expect(components == [row.major, row.minor, row.patch])
    }

    @Test func keepsTheTrimmedTextAsItsDescription() throws {
        #expect(try Version("  1.0.0-rc.1+b7 \n").description == "1.0.0-rc.1+b7")
    }

    @Test func hashesEqualVersionsAlike() throws {
        let texts = ["1", "1.0", "1.0.0", "1.0.0+build.3", "1.0.0-rc.1", "1.0.0.rc.1"]
        let set = Set(try texts.map(Version.init))
        #expect(set.count == 2)
    }

    @Test func encodesAsItsString() throws {
        let data = try JSONEncoder().encode(["v": try Version("0.1.8-rc.1")])
        #expect(String(decoding: data, as: UTF8.self) == #"{"v":"0.1.8-rc.1"}"#)
        let decoded = try JSONDecoder().decode([String: Version].self, from: data)
        #expect(decoded["v"]?.description == "0.1.8-rc.1")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Version].self, from: Data(#"["v1"]"#.utf8))
        }
    }

    // CocoaPods accepts the empty text as version 0 (ANCHORED_VERSION_PATTERN repeats
    // its pattern zero or more times); compctl refuses it as bad input.
    @Test func explainsAMalformedVersion() {
        let cases: [(String, VersionError)] = [
            ("v1.0", .malformed("v1.0", reason: "it must start with a digit")),
            ("1..0", .malformed("1..0", reason: "it has an empty segment between two dots")),
            ("1.0.", .malformed("1.0.", reason: "it ends with a dot")),
            ("1.0.+b", .malformed("1.0.+b", reason: "a dot comes right before '+'")),
            ("", .malformed("", reason: "it is empty")),
            ("  ", .malformed("  ", reason: "it is empty")),
            ("1.0 beta", .malformed("1.0 beta", reason: "it contains white space")),
            ("1.0!beta", .malformed("1.0!beta", reason: "it contains '!'")),
            ("1.0-ß", .malformed("1.0-ß", reason: "it contains a character that is not ASCII")),
            ("1-rc", .malformed("1-rc", reason: "its first segment must be a plain number (a prerelease part goes after a dot, as in 1.0-rc or 1.0.0-rc.1)")),
            ("1.0+", .malformed("1.0+", reason: "the build metadata after '+' is empty")),
            ("1.0+a+b", .malformed("1.0+a+b", reason: "its build metadata is malformed (write it once, at the end, as in 1.0.0+build.5)")),
            ("1.1234567890123456789", .malformed("1.1234567890123456789", reason: "the number 1234567890123456789 is too large")),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try Version(text) }
        }
    }

    @Test func describesAMalformedVersionWithAFix() {
        let error = VersionError.malformed("v1.0", reason: "it must start with a digit")
        #expect(error.description == "'v1.0' is not a valid version: it must start with a digit; write numbers separated by dots, such as 1.2.3, optionally followed by a prerelease part, such as 1.2.3-rc.1")
    }

    // Most versions compare through four numbers packed in one integer; these cross the
    // limits of that form (a fifth number, a number of 65535 or more).
    @Test(arguments: [
        ("1.65535", ">", "1.65534"), ("1.65535", "<", "1.65536"), ("1.70000", ">", "1.9"),
        ("1.2.3.4.5", ">", "1.2.3.4"), ("1.2.3.4.5", "<", "1.2.3.5"), ("1.2.3.4.5.0", "=", "1.2.3.4.5"),
        ("65535.0", "=", "65535"), ("65535.0-rc.1", "<", "65535"), ("1.2.3.4.5-rc.2", ">", "1.2.3.4.5-rc.1"),
        ("1.2.3.4.0.0", "=", "1.2.3.4"),
    ])
    func comparesNumbersBeyondThePackedForm(_ lhs: String, _ order: String, _ rhs: String) throws {
        let a = try Version(lhs), b = try Version(rhs)
        #expect(Version.compare(a, b) == (order == "<" ? -1 : order == "=" ? 0 : 1))
        #expect(Version.compare(b, a) == (order == "<" ? 1 : order == "=" ? 0 : -1))
        if order == "=" { #expect(a.hashValue == b.hashValue) }
    }

    @Test func givesComponentsOfLargeNumbers() throws {
        let version = try Version("70000.2.3.4.5")
        let components: [Int] = [version.major, version.minor, version.patch]
        #expect(components == [70000, 2, 3])
    }

    @Test func acceptsEighteenDigitNumbers() throws {
        #expect(try Version("1.123456789012345678").minor == 123_456_789_012_345_678)
        #expect(try Version("0000000000000000000001.0").major == 1)
    }
}

/// A deterministic random source, so a shuffled test is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Which prereleases are release candidates: those whose prerelease part starts with the
/// rc label, as `bump --rc` writes them.
@Suite struct ReleaseCandidateLabelTests {
    @Test(arguments: [
        ("2.1.0-rc.2", "rc", true), ("1.0.0.rc.1", "rc", true), ("1.0.0-rc1", "rc", true), ("1.0.0-rc", "rc", true),
        ("2.3.0-xcframework", "rc", false), ("1.1.0-beta.1", "rc", false), ("1.1.0-beta.1", "beta", true),
        ("2.1.0-rc.2", "beta", false), ("1.0.0-RC.1", "rc", false), ("1.0.0-rcx.1", "rc", false), ("1.0.0", "rc", false),
        ("1.0.0-1", "rc", false), ("1.0.0-rc.1+build", "rc", true),
    ])
    func carriesTheLabel(version: String, label: String, expected: Bool) throws {
        #expect(try Version(version).isReleaseCandidate(label: label) == expected)
    }
}

@Suite struct PlainReleaseTests {
    /// The one-pass parse of plain releases must make exactly what the general parse makes,
    /// and leave every other text to it.
    @Test func aPlainReleaseIsMadeAsTheGeneralParseMakesIt() throws {
        var texts = ["0", "1", "1.0", "1.0.0", "1.0.0.0", "01.002", "2.10.3", "65534", "65534.65534.65534.65534",
                     "0.0.0.1", "10.0", "00000", "1.2.3.4"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...4, using: &generator)
            texts.append((0..<count).map { _ in String(Int.random(in: 0...70_000, using: &generator)) }.joined(separator: "."))
        }
        for text in texts {
            let general = try Version.parsedInGeneral(text)
            guard let plain = Version.plainRelease(text) else {
                // Left to the general parse: a number of 65535 or more, which does not pack.
                #expect(general.detail != nil, "\(text)")
                continue
            }
            #expect(plain.description == general.description, "\(text)")
            #expect(plain.isPrerelease == general.isPrerelease, "\(text)")
            #expect(plain.packedNumbers == general.packedNumbers, "\(text)")
            #expect(plain.hasPrereleaseSegments == general.hasPrereleaseSegments, "\(text)")
            #expect(plain.leadingNumberCount == general.leadingNumberCount, "\(text)")
            #expect(general.detail == nil && plain.detail == nil, "\(text)")
        }
        for other in ["1.0.0.0.0", "1.2.3-rc.1", "1.2.a", " 1.2", "1.2 ", "1..2", ".1", "1.", "", "+1", "-1", "1.2+build",
                      "123456", "1.65535", "1,2", "١.٢"] {
            #expect(Version.plainRelease(other) == nil, "\(other)")
        }
    }

    /// Sorting by `releaseOrderKey` must give CocoaPods' order of the versions (equal keys for
    /// equal versions such as `1.0` and `1.0.0`), and only releases have a key.
    @Test func theReleaseKeyOrdersAsCocoaPodsCompares() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["1", "1.0", "1.0.0", "0.1.8", "0.1.10", "65534.1", "1.0.0.0", "2.0.0-rc.1", "1.2.3.4.5", "70000.1"]
        for _ in 0..<500 {
            let count = Int.random(in: 1...5, using: &generator)
            texts.append((0..<count).map { _ in String(Int.random(in: 0...12, using: &generator)) }.joined(separator: "."))
        }
        let versions = try texts.map(Version.init)
        for a in versions {
            for b in versions.prefix(60) {
                guard let keyA = a.releaseOrderKey, let keyB = b.releaseOrderKey else { continue }
                #expect((keyA < keyB) == (Version.compare(a, b) < 0), "\(a) against \(b)")
                #expect((keyA == keyB) == (Version.compare(a, b) == 0), "\(a) against \(b)")
            }
        }
        #expect(try Version("2.0.0-rc.1").releaseOrderKey == nil)
        #expect(try Version("70000.1").releaseOrderKey == nil)
        #expect(try Version("1.0").releaseOrderKey == (try Version("1.0.0")).releaseOrderKey)
    }
}

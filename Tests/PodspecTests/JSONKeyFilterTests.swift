import Foundation
@testable import Podspec
import Testing
import TestSupport

/// Reading a JSON spec builds only the top-level values compctl reads
/// (`JSONPodspec.keysRead`); the others are checked but not built. Both ways must give the
/// same spec, or the same error on the same line, for every JSON spec of the corpus and for
/// damaged copies of them.
@Suite struct JSONKeyFilterTests {
    @Test func everyCorpusSpecReadsTheSameWithTheFilter() throws {
        let checkout = try CorpusCheckout()
        let files = checkout.allPodspecKeys().sorted().compactMap { key -> URL? in
            guard key.hasSuffix(".podspec.json") else { return nil }
            if let colon = key.firstIndex(of: ":") {
                return checkout.root(of: String(key[..<colon])).appendingPathComponent(String(key[key.index(after: colon)...]))
            }
            let slash = key.firstIndex(of: "/")!
            return checkout.root(of: String(key[..<slash])).appendingPathComponent(String(key[key.index(after: slash)...]))
        }
        #expect(files.count > 100, "the corpus should hold many JSON specs, found \(files.count)")
        var generator = SeededGenerator(seed: 0x5EED_1234)
        var damaged = 0
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            expectSameReading(bytes, file.lastPathComponent)
            // Damaged copies: a byte removed, replaced or inserted somewhere, three times.
            for _ in 0..<3 where !bytes.isEmpty {
                var copy = bytes
                let at = Int.random(in: 0..<copy.count, using: &generator)
                let noise: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "]"),
                                      UInt8(ascii: ","), UInt8(ascii: ":"), 0x0A, UInt8(ascii: "u"), 0xFF]
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: copy.remove(at: at)
                case 1: copy[at] = noise.randomElement(using: &generator)!
                default: copy.insert(noise.randomElement(using: &generator)!, at: at)
                }
                expectSameReading(copy, "\(file.lastPathComponent) damaged at byte \(at)")
                damaged += 1
            }
        }
        #expect(damaged > 300)
    }

    /// The dependencies under each platform key count, the key matched byte for byte; a key
    /// that only looks like one (another case, a suffix) is left out.
    @Test func everyPlatformKeyBringsItsDependencies() throws {
        for key in JSONPodspec.platformKeys + ["iOS", "ios2", "tv", "watchOS", "visionos "] {
            let text = #"{"name": "Foo", "version": "1.0", "dependencies": {"A": []}, "\#(key)": {"dependencies": {"B": ["~> 1.0"]}}}"#
            expectSameReading(Array(text.utf8), key)
            let spec = try JSONPodspec.read(bytes: Array(text.utf8), path: "Foo.podspec.json")
            let expected = JSONPodspec.platformKeys.contains(key) ? ["A", "B"] : ["A"]
            #expect(spec.dependencies.map(\.name) == expected, "under \(key)")
        }
    }

    @Test func aValueLeftOutIsStillChecked() {
        let broken = Array("""
            {
              "name": "Foo",
              "version": "1.0",
              "summary": "bad \\q escape"
            }
            """.utf8)
        expectSameReading(broken, "broken summary")
        #expect(throws: PodspecError.self) { try JSONPodspec.read(bytes: broken, path: "Foo.podspec.json") }
    }

    /// Keys are matched as decoded: a kept key written with escapes is kept, and an error
    /// after a key that is left out still names the key.
    @Test func keysWrittenWithEscapesAreMatchedAsDecoded() throws {
        let escaped = Array(#"{"na\u006de": "Foo", "versio\u006e": "1.0", "summ\u0061ry": "x", "dependencies": {"A": []}}"#.utf8)
        expectSameReading(escaped, "escaped keys")
        let spec = try JSONPodspec.read(bytes: escaped, path: "Foo.podspec.json")
        #expect(spec.name == "Foo" && spec.version == "1.0" && spec.dependencies.map(\.name) == ["A"])

        for text in [#"{"name": "Foo", "summ\u0061ry" "x"}"#, #"{"name": "Foo", "summary" "x"}"#] {
            expectSameReading(Array(text.utf8), text)
            do {
                _ = try JSONPodspec.read(bytes: Array(text.utf8), path: "Foo.podspec.json")
                Issue.record("\(text) was read")
            } catch {
                #expect(error.message.contains(#"expected ':' after the key "summary""#), "\(error)")
            }
        }
    }

    /// The tree of the kept values, the tree of the whole file and the one-pass reader (which
    /// may leave a file to the trees) give the same spec, or the trees the same error.
    private func expectSameReading(_ bytes: [UInt8], _ what: String) {
        let filtered = Result { () throws(PodspecError) in
            try JSONPodspec.read(bytes: bytes, path: "X.podspec.json", keptAtTop: JSONPodspec.keptKeys)
        }
        let whole = Result { () throws(PodspecError) in
            try JSONPodspec.read(bytes: bytes, path: "X.podspec.json", keptAtTop: nil)
        }
        if let onePass = OnePassJSONPodspec.read(bytes) {
            #expect((try? whole.get()) == onePass, "\(what): read in one pass as \(onePass), by the tree as \(whole)")
        }
        switch (filtered, whole) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "\(what)")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(what): \(a) against \(b)")
        default:
            Issue.record("\(what): \(filtered) against \(whole)")
        }
    }
}

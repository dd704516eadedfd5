import Foundation
@testable import Podspec
import Testing
import TestSupport

/// The one-pass reader gives the spec the tree of the whole file gives, or leaves the file to
/// the tree; and it does read the shape real specs have.
@Suite struct OnePassJSONPodspecTests {
    @Test func nearlyEveryCorpusSpecIsReadInOnePass() throws {
        let checkout = try CorpusCheckout()
        var read = 0, left = 0
        for key in checkout.allPodspecKeys().sorted() where key.hasSuffix(".podspec.json") {
            let separator = key.firstIndex(of: ":") ?? key.firstIndex(of: "/")!
            let file = checkout.root(of: String(key[..<separator]))
                .appendingPathComponent(String(key[key.index(after: separator)...]))
            let bytes = Array(try Data(contentsOf: file))
            guard let onePass = OnePassJSONPodspec.read(bytes) else {
                left += 1
                continue
            }
            read += 1
            #expect(try JSONPodspec.read(bytes: bytes, path: "X.podspec.json", keptAtTop: nil) == onePass, "\(key)")
        }
        #expect(read > 100)
        #expect(left * 50 < read, "\(left) corpus specs were left to the tree, \(read) read in one pass")
    }

    @Test func theKeysItActsOnAreTheKeysRead() {
        for key in JSONPodspec.keysRead {
            #expect(OnePassJSONPodspec.isKeyRead(key), "\(key)")
        }
        for key in ["Name", "names", "dependency", "ios ", "iOS", "platform", "test_specs", "", "summary"] {
            #expect(!OnePassJSONPodspec.isKeyRead(key), "\(key)")
        }
    }

    /// Shapes it reads, and shapes it leaves to the tree (nil), each against the tree.
    @Test func shapesOutsideThePlainOneAreLeftToTheTree() throws {
        let cases: [(String, Bool)] = [
            (#"{"name": "A", "version": "1.0"}"#, true),
            ("\u{FEFF}" + #"{"name": "A", "version": "1.0"}"#, true),
            (#"  {"name":"A","version":"1.0","summary":"x\ny \u00e9 \"q\"","dependencies":{"B":["~> 1.0","< 2"],"C":"1.0","D":null}}  "#, true),
            (#"{"name": "A", "version": "1.0", "dependencies": ["B", "C"]}"#, true),
            (#"{"name": "A", "version": "1.0", "dependencies": "B"}"#, true),
            (#"{"name": "A", "version": "1.0", "dependencies": {"B": ["1.0"], "B": ["2.0"], "C": []}}"#, true),
            (#"{"name": "A", "version": "1.0", "dependencies": {"Caf\#u{E9}": ["1.0"], "Cafe\#u{301}": ["2.0"]}}"#, true),
            (#"{"name": "A", "version": "1.0", "dependencies": {"B": []}, "ios": {"frameworks": "UIKit", "dependencies": {"B": ["~> 1"], "C": []}, "dependencies": {"D": []}}, "osx": "10.15", "tvos": {"dependencies": {"E": "1"}}}"#, true),
            (#"{"name": "A", "version": "1.0", "ios": {"dep": {"X": []}, "dependencies ": {"Y": []}, "dependencies": {"Z": []}}}"#, true),
            (#"{"name": "A", "version": "1.0", "platforms": {"ios": "12.0", "osx": 10.15, "tvos": null, "ios": "13.0"}}"#, true),
            (#"{"name": "A", "version": "1.0", "source": {"git": "https://x/A.git", "tag": 1.0, "branch": true, "commit": {"a": 1}, "http": null, "git": "https://y/A.git"}}"#, true),
            (#"{"name": "A", "version": "1.0", "deprecated": true, "deprecated_in_favor_of": "B"}"#, true),
            (#"{"name": "A", "version": "1.0", "deprecated": "yes", "deprecated_in_favor_of": ""}"#, true),
            (#"{"name": "A", "version": "1.0", "deprecated_in_favor_of": 3}"#, true),
            (#"{"name": "A", "version": "1.0", "default_subspec": "Core", "default_subspecs": ["UI", "Core"], "subspecs": [{"name": "Core", "source": 1, "version": 2, "deprecated": true}, {"name": "UI", "platforms": {"ios": "13.0"}, "dependencies": {"A/Core": []}, "subspecs": [{"name": "Deep", "ios": {"dependencies": {"X": []}}}]}]}"#, true),
            (#"{"name": "A", "version": "1.0", "testspecs": [{"name": "Tests", "dependencies": {"Quick": []}}], "appspecs": [{"name": "App"}]}"#, true),
            (#"{"name": "A", "version": "1.0", "default_subspec": 3, "default_subspecs": "Core", "subspecs": [{"name": "Core"}]}"#, false),
            // Left to the tree: errors, escapes where a value is kept, keys read twice, order.
            (#"{"name": "A", "version": 1.0}"#, false),
            (#"{"name": "A\u0042", "version": "1.0"}"#, false),
            (#"{"na\u006de": "A", "version": "1.0"}"#, false),
            (#"{"name": "A", "name": "B", "version": "1.0"}"#, false),
            (#"{"version": "1.0", "subspecs": [{"name": "Core"}], "name": "A"}"#, false),
            (#"{"name": "A", "subspecs": [{"name": "Core"}], "version": "1.0"}"#, false),
            (#"{"name": "A", "version": "1.0", "summary": "bad \q"}"#, false),
            (#"{"name": "A", "version": "1.0", "summary": "x"} x"#, false),
            (#"{"name": "A", "version": "1.0", "dependencies": {"B": [1]}}"#, false),
            (#"{"name": "A", "version": "1.0", "dependencies": 3}"#, false),
            (#"{"name": "A", "version": "1.0", "platforms": {"ios": true}}"#, false),
            (#"{"name": "A", "version": "1.0", "source": "https://x"}"#, false),
            (#"{"name": "A", "version": "1.0", "subspecs": [{"version": "2"}]}"#, false),
            (#"{"name": "A", "version": "1.0", "subspecs": {"name": "Core"}}"#, false),
            (#"{"name": "A", "version": "1.0",}"#, false),
            (#"{"name": "", "version": "1.0"}"#, false),
            (#"{"version": "1.0"}"#, false),
            (#"[{"name": "A", "version": "1.0"}]"#, false),
            (#"{"name": "A", "version": "1.0", "x": "#, false),
            (#"{"name": "A", "version": "1.0", "x": -}"#, false),
            (#"{"name": "A", "version": "1.0", "x": [1, 2,]}"#, false),
            (#"{"name": "A", "version": "1.0", "x": "\u12"}"#, false),
            (#"{"name": "A", "version": "1.0", "x": "line"#, false),
        ]
        for (text, readInOnePass) in cases {
            let bytes = Array(text.utf8)
            let onePass = OnePassJSONPodspec.read(bytes)
            #expect((onePass != nil) == readInOnePass, "\(text)")
            if let onePass {
                #expect(try JSONPodspec.read(bytes: bytes, path: "A.podspec.json", keptAtTop: nil) == onePass, "\(text)")
            }
        }
    }

    @Test func nestingPastItsLimitIsLeftToTheTree() {
        let deep = #"{"name": "A", "version": "1.0", "x": "# + String(repeating: "[", count: 300)
            + String(repeating: "]", count: 300) + "}"
        #expect(OnePassJSONPodspec.read(Array(deep.utf8)) == nil)
        #expect(throws: Never.self) { try JSONPodspec.read(bytes: Array(deep.utf8), path: "A.podspec.json") }
    }

    /// Random specs, right and wrong, in every order, and damaged copies of them: whatever the
    /// one-pass reader reads, the tree reads the same.
    @Test func randomSpecsReadAlike() {
        var damage = SeededGenerator(seed: 0x0DE_5EED)
        var read = 0, left = 0
        for round in 0..<4_000 {
            var maker = RandomSpecText(seed: UInt64(round))
            var text = Array(maker.specObject(depth: 0).utf8)
            if round % 3 == 0, !text.isEmpty {
                let at = Int.random(in: 0..<text.count, using: &damage)
                let noise: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "]"),
                                      UInt8(ascii: ","), UInt8(ascii: ":"), 0x0A, UInt8(ascii: "u"), 0xFF, UInt8(ascii: "1")]
                switch Int.random(in: 0..<3, using: &damage) {
                case 0: text.remove(at: at)
                case 1: text[at] = noise.randomElement(using: &damage)!
                default: text.insert(noise.randomElement(using: &damage)!, at: at)
                }
            }
            guard let onePass = OnePassJSONPodspec.read(text) else {
                left += 1
                continue
            }
            read += 1
            let tree = Result { () throws(PodspecError) in try JSONPodspec.read(bytes: text, path: "A.podspec.json", keptAtTop: nil) }
            #expect((try? tree.get()) == onePass, "\(String(decoding: text, as: UTF8.self)): \(tree)")
        }
        #expect(read > 1_000 && left > 500, "\(read) read in one pass, \(left) left to the tree")
    }
}

/// Podspec JSON made at random from a seed: mostly the plain shape, with keys in any order,
/// values of the wrong type, escapes, repeated keys and nested subspecs now and then.
private struct RandomSpecText {
    private var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &generator) < percent
    }

    private mutating func pick(_ choices: [String]) -> String {
        choices.randomElement(using: &generator)!
    }

    /// One of `good`, or now and then one of `odd`: a value the tree rejects or the one-pass
    /// reader leaves to it.
    private mutating func pick(_ good: [String], odd: [String]) -> String {
        chance(5) ? pick(odd) : pick(good)
    }

    private mutating func space() -> String {
        pick(["", " ", "\n  ", "\t", "\r\n"])
    }

    mutating func specObject(depth: Int) -> String {
        var members: [String] = []
        if chance(96) { members.append(#""name": "# + pick([#""Pod""#, #""Caf\#u{E9}""#], odd: [#""Po\u0064""#, #""""#, "7"])) }
        if depth == 0, chance(96) { members.append(#""version": "# + pick([#""1.0.0""#, #""2.1""#, #""1.0-rc.1""#], odd: ["1.5", #""""#])) }
        if chance(60) { members.append(#""summary": "# + pick([#""A pod.""#, #""Line\nbreak \"quoted\" \u00e9""#], odd: [#""bad \x""#])) }
        if chance(70) { members.append(#""dependencies": "# + dependencies()) }
        if chance(40) { members.append(#""platforms": "# + pick([#"{"ios": "12.0"}"#, #"{"ios": "12.0", "osx": 10.15}"#, #"{"tvos": null}"#], odd: [#"{"ios": false}"#, #""ios""#])) }
        if chance(40) {
            members.append(#""source": "# + pick([#"{"git": "https://x/P.git", "tag": "1.0.0"}"#, #"{"http": "https://x/p.zip", "sha256": "ab"}"#,
                                                   #"{"git": "u", "tag": 2}"#, #"{"git": ["u"]}"#], odd: [#""https://x""#]))
        }
        for platform in ["ios", "osx", "watchos", "visionos", "macos"] where chance(12) {
            members.append("\"\(platform)\": " + pick([#"{"dependencies": {"Extra": ["~> 1.0"]}}"#, #"{"frameworks": "UIKit", "dependencies": {"Pod/Core": []}}"#,
                                                       #""12.0""#, #"{"dependencies": {"A": []}, "dependencies": {"B": []}}"#], odd: [#"{"dependencies": 5}"#]))
        }
        if chance(15) { members.append(#""default_subspecs": "# + pick([#"["Core"]"#, #""Core""#, "[]"], odd: ["4"])) }
        if chance(10) { members.append(#""default_subspec": "# + pick([#""Core""#, "null"])) }
        if chance(10) { members.append(#""deprecated": "# + pick(["true", "false", #""yes""#])) }
        if chance(10) { members.append(#""deprecated_in_favor_of": "# + pick([#""Other""#, #""""#, "1"], odd: [#""Oth\u0065r""#])) }
        if chance(10) { members.append(#""license": {"type": "MIT", "text": "Line\none"}"#) }
        if depth < 2, chance(25) {
            let count = Int.random(in: 0...2, using: &generator)
            var subspecs: [String] = []
            for _ in 0..<count { subspecs.append(specObject(depth: depth + 1)) }
            members.append(#""subspecs": ["# + subspecs.joined(separator: "," + space()) + "]")
        }
        if depth == 0, chance(10) { members.append(#""testspecs": ["# + specObject(depth: 1) + "]") }
        if chance(4), let again = members.randomElement(using: &generator) { members.append(again) }
        if chance(25) { members.shuffle(using: &generator) }
        var text = "{" + space()
        for (index, member) in members.enumerated() {
            text += (index == 0 ? "" : "," + space()) + member
        }
        return text + space() + "}"
    }

    private mutating func dependencies() -> String {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return #"["A", "B"]"#
        case 1: return #""A""#
        case 2: return pick([#"{"A": []}"#], odd: ["3"])
        default:
            var entries: [String] = []
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let name = pick(["A", "B", "Pod/Core", "C/Sub", "Caf\u{E9}", "Cafe\u{301}", "\u{212A}", "K"])
                let value = pick([#"["~> 1.0"]"#, #"["~> 1.0", "< 1.5"]"#, "[]", #""1.0""#, "null"], odd: ["[2]", "{}"])
                entries.append("\"\(name)\":" + space() + value)
            }
            return "{" + entries.joined(separator: "," + space()) + "}"
        }
    }
}

import Podspec
import Testing

/// `PodName`: CocoaPods' name rules, the spec repo's reserved names, and the characters
/// that may never reach a folder name or a commit message.
@Suite struct PodNameTests {
    /// The byte-wise order Ruby sorts names in: what `utf8.lexicographicallyPrecedes` says,
    /// prefixes, case, non-ASCII and empty names included.
    @Test func bytewiseLessIsUTF8ByteOrder() {
        let names = ["", "A", "AB", "Ab", "a", "ab", "Z", "_x", "Alamofire", "AlamofireImage", "Été", "Ete", "E\u{301}te",
                     "名前", "naïve", "naive", "x\u{10FFFF}", "x\u{FFFF}", "Kit/Core", "Kit-Core", "Kit"]
        for lhs in names {
            for rhs in names {
                #expect(PodName.bytewiseLess(lhs, rhs) == lhs.utf8.lexicographicallyPrecedes(rhs.utf8), "\(lhs) < \(rhs)")
            }
        }
    }

    @Test(arguments: [
        "Foo", "Foo-Bar", "Foo_Bar", "Foo.Bar", "Foo+", "1PasswordExtension", "Spécs", "名前", "README.md",
        "SpecsKit", "Specs2", "LICENSE",
    ])
    func namesCocoaPodsTakesPass(_ name: String) {
        #expect(PodName.problem(name) == nil)
    }

    @Test func refusedNamesSayWhy() {
        let cases: [(String, PodNameProblem)] = [
            ("", .empty),
            (".Foo", .startsWithPeriod),
            (".git", .startsWithPeriod),
            ("Foo/Bar", .containsSlash),
            // A slash that a combining mark follows is still a path separator on disk.
            ("Foo/\u{338}Bar", .containsSlash),
            ("Specs", .reserved("Specs", .specsFolder)),
            ("specs", .reserved("specs", .specsFolder)),
            ("SPECS", .reserved("SPECS", .specsFolder)),
            ("CocoaPods-version.yml", .reserved("CocoaPods-version.yml", .metadataFile)),
            ("cocoapods-version.YML", .reserved("cocoapods-version.YML", .metadataFile)),
            ("Foo Bar", .whitespace(" ")),
            ("Foo\u{A0}Bar", .whitespace("\u{A0}")),
            ("Foo\tBar", .whitespace("\t")),
            ("Foo\nBar", .lineBreak("\n")),
            ("Foo\r", .lineBreak("\r")),
            ("Foo\u{2028}", .lineBreak("\u{2028}")),
            ("Foo\u{85}", .lineBreak("\u{85}")),
            ("Foo\u{0}", .controlCharacter("\u{0}")),
            ("Foo\u{1B}[31m", .controlCharacter("\u{1B}")),
            ("Foo\u{7F}", .controlCharacter("\u{7F}")),
            (String(repeating: "a", count: 243), .tooLong(bytes: 243)),
        ]
        for (name, problem) in cases {
            #expect(PodName.problem(name) == problem, "\(PodName.quoted(name))")
        }
        #expect(PodName.problem(String(repeating: "a", count: 242)) == nil)
    }

    @Test(arguments: Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F, 0x061C])
    func everyBidiControlIsRefused(_ value: Int) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let name = "Foo" + String(Character(scalar)) + "Bar"
        #expect(PodName.problem(name) == .bidiControl(scalar))
        #expect(PodName.versionProblem("1.0" + String(Character(scalar))) == .bidiControl(scalar))
        #expect(!PodName.escaped(name).unicodeScalars.contains(scalar))
    }

    @Test func subspecNamesAreCheckedPartByPart() {
        #expect(PodName.dependencyProblem("Foo/Core") == nil)
        #expect(PodName.dependencyProblem("Foo/Core/Sub") == nil)
        #expect(PodName.dependencyProblem("Foo/") == .emptySubspec)
        #expect(PodName.dependencyProblem("Foo//Core") == .emptySubspec)
        #expect(PodName.dependencyProblem("Foo/Co re") == .whitespace(" "))
        #expect(PodName.dependencyProblem("Specs/Core") == .reserved("Specs", .specsFolder))
        #expect(PodName.dependencyProblem("/Core") == .empty)
    }

    @Test func versionsAreTakenAsWrittenWithoutTrimming() throws {
        #expect(PodName.versionProblem("1.0.0") == nil)
        #expect(PodName.versionProblem("1.0.0-rc.1+build.5") == nil)
        #expect(PodName.versionProblem("") == .empty)
        #expect(PodName.versionProblem(" 1.0.0") == .whitespace(" "))
        #expect(PodName.versionProblem("1.0.0\n") == .lineBreak("\n"))
        #expect(PodName.versionProblem("1..0") == .notAVersion(reason: "it has an empty segment between two dots"))
        #expect(PodName.versionProblem("latest") == .notAVersion(reason: "it must start with a digit"))
        #expect(try PodName.checkedVersion("1.0").get().description == "1.0")
    }

    @Test func escapingLeavesOneLineThatShowsWhatTheTextHolds() {
        #expect(PodName.escaped("Foo") == "Foo")
        #expect(PodName.escaped("Foo Bar") == "Foo Bar")
        #expect(PodName.escaped("Line\nSigned-off-by: M <m@x>") == "Line\\nSigned-off-by: M <m@x>")
        #expect(PodName.escaped("a\r\tb\u{202E}c\u{0}") == "a\\r\\tb\\u{202E}c\\u{0}")
        #expect(PodName.quoted("Foo\u{2028}") == "'Foo\\u{2028}'")
        #expect(PodName.problem("Foo\u{2028}")?.description == "contains a line break (U+2028)")
    }
}

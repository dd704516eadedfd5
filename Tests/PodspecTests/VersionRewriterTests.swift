import Foundation
import Podspec
import Testing

@Suite struct VersionRewriterTests {
    @Test(arguments: [
        ("  s.version      = '1.2.3'  # keep", "  s.version      = '1.3.0'  # keep"),
        ("  s.version = \"1.2.3\"", "  s.version = \"1.3.0\""),
        ("  s.version = %q{1.2.3}", "  s.version = %q{1.3.0}"),
        ("  s.version = '1.2.3'.freeze", "  s.version = '1.3.0'.freeze"),
    ])
    func rewritesOnlyTheLiteral(line: String, expected: String) throws {
        let original = "Pod::Spec.new do |s|\n  s.name = 'Foo'\n\(line)\n  s.dependency 'Bar', '1.2.3'\nend\n"
        let rewritten = try VersionRewriter.rewrite(original, path: "Foo.podspec", to: "1.3.0")
        #expect(rewritten == "Pod::Spec.new do |s|\n  s.name = 'Foo'\n\(expected)\n  s.dependency 'Bar', '1.2.3'\nend\n")
    }

    @Test func rewritesTheLiteralALocalVariableHolds() throws {
        let original = """
            version = '0.1.7' # bumped by compctl
            Pod::Spec.new do |spec|
              spec.name = 'Foo'
              spec.version = version
              spec.source = { :git => 'https://example.com/foo.git', :tag => "v#{version}" }
              spec.dependency 'FooCore', version
            end
            """
        let rewritten = try VersionRewriter.rewrite(original, path: "Foo.podspec", to: "0.1.8-rc.1")
        #expect(rewritten == original.replacingOccurrences(of: "'0.1.7'", with: "'0.1.8-rc.1'"))
        let spec = try PodspecReader.read(string: rewritten, path: "Foo.podspec")
        #expect(spec.version == "0.1.8-rc.1")
        #expect(spec.source?.tag == "v0.1.8-rc.1")
        #expect(spec.dependencies == [Dependency(name: "FooCore", requirements: ["0.1.8-rc.1"])])
    }

    @Test func rewritesTheLastAssignmentWhenTheVersionIsSetTwice() throws {
        let original = "Pod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = '1.0'\n  s.version = '2.0'\nend\n"
        let rewritten = try VersionRewriter.rewrite(original, path: "Foo.podspec", to: "2.1")
        #expect(rewritten == "Pod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = '1.0'\n  s.version = '2.1'\nend\n")
    }

    @Test func rewritesEvenWhenAnotherPartOfTheSpecCannotBeEvaluated() throws {
        let original = "Pod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = '1.0'\n  s.dependency ENV['X']\nend\n"
        let rewritten = try VersionRewriter.rewrite(original, path: "Foo.podspec", to: "1.1")
        #expect(rewritten == original.replacingOccurrences(of: "'1.0'", with: "'1.1'"))
    }

    @Test func rewritesTheTopLevelVersionOfAJSONPodspec() throws {
        let original = """
            {
              "name": "Foo",
              "subspecs": [{ "name": "Core", "version": "9.9.9" }],
              "version":   "1.2.3",
              "dependencies": { "Bar": ["1.2.3"] }
            }

            """
        let rewritten = try VersionRewriter.rewrite(original, path: "Foo.podspec.json", to: "1.2.4")
        #expect(rewritten == original.replacingOccurrences(of: "\"version\":   \"1.2.3\"", with: "\"version\":   \"1.2.4\""))
        let range = try VersionRewriter.versionRange(in: Data(original.utf8), path: "Foo.podspec.json")
        #expect(String(decoding: Data(original.utf8)[range], as: UTF8.self) == "1.2.3")
    }

    @Test func keepsEveryOtherByteIncludingCarriageReturnsAndNoFinalNewline() throws {
        let original = Data("Pod::Spec.new do |s|\r\n\ts.name = 'Foo'\r\n\ts.version = \"3.0\"\r\nend".utf8)
        let rewritten = try VersionRewriter.rewrite(original, path: "Foo.podspec", to: "3.0.1")
        #expect(rewritten == Data("Pod::Spec.new do |s|\r\n\ts.name = 'Foo'\r\n\ts.version = \"3.0.1\"\r\nend".utf8))
    }

    @Test(arguments: [
        (
            "  s.version = `git describe`",
            "Foo.podspec:3: cannot rewrite the version: it comes from a shell command; set a literal version, "
                + "e.g. s.version = '1.2.3'"
        ),
        (
            "  s.version = \"#{base}.1\"",
            "Foo.podspec:3: cannot rewrite the version: it comes from the helper `base`, which compctl does not "
                + "evaluate; set a literal version, e.g. s.version = '1.2.3'"
        ),
        (
            "  s.version = '1.2' + '.3'",
            "Foo.podspec:3: cannot rewrite the version: it is computed, not a single string literal; write it as a "
                + "literal, e.g. s.version = '1.2.3'"
        ),
        (
            "  s.version = \"1.2.\\x33\"",
            "Foo.podspec:3: cannot rewrite the version: it is computed, not a single string literal; write it as a "
                + "literal, e.g. s.version = '1.2.3'"
        ),
        (
            "  s.version = 1.5",
            "Foo.podspec:3: cannot rewrite the version: it is computed, not a single string literal; write it as a "
                + "literal, e.g. s.version = '1.2.3'"
        ),
        (
            "  s.summary = 'no version'",
            "Foo.podspec:1: cannot rewrite the version: the spec sets none; add s.version = '1.2.3'"
        ),
    ])
    func refusesAVersionItCannotRewriteSafely(line: String, message: String) {
        let original = "Pod::Spec.new do |s|\n  s.name = 'Foo'\n\(line)\nend\n"
        let result = Result { () throws(PodspecError) in try VersionRewriter.rewrite(original, path: "Foo.podspec", to: "2.0") }
        #expect(result.errorText == message)
    }

    @Test func namesTheLineOfAVersionFromALocalVariableItCannotRewrite() {
        let original = "version = `cat VERSION`\nPod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = version\nend\n"
        let result = Result { () throws(PodspecError) in try VersionRewriter.rewrite(original, path: "Foo.podspec", to: "2.0") }
        #expect(result.errorText == "Foo.podspec:1: cannot rewrite the version (set on line 4): it comes from a shell "
            + "command; set a literal version, e.g. s.version = '1.2.3'")
    }

    @Test func refusesAJSONVersionThatIsNotAPlainString() {
        let escaped = Result { () throws(PodspecError) in
            try VersionRewriter.rewrite(#"{"name": "Foo", "version": "1.0\u002e1"}"#, path: "Foo.podspec.json", to: "2.0")
        }
        #expect(escaped.errorText == "Foo.podspec.json:1: cannot rewrite the version: its string uses escapes; write it "
            + "plainly, e.g. \"version\": \"1.2.3\"")
        let number = Result { () throws(PodspecError) in
            try VersionRewriter.rewrite("{\"name\": \"Foo\",\n\"version\": 1.0}", path: "Foo.podspec.json", to: "2.0")
        }
        #expect(number.errorText == "Foo.podspec.json:2: cannot rewrite the version: it is a number, not a string; write "
            + "\"version\": \"1.2.3\"")
    }

    @Test(arguments: ["", "1.0 beta", "1.0'", "1.0\"", "#{x}", "1.0\n"])
    func refusesANewVersionThatWouldBreakTheLiteral(newVersion: String) {
        let original = "Pod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = '1.0'\nend\n"
        let result = Result { () throws(PodspecError) in try VersionRewriter.rewrite(original, path: "Foo.podspec", to: newVersion) }
        #expect(result.errorText == "Foo.podspec:3: cannot write the version '\(newVersion)': a version holds only letters, "
            + "digits, '.', '-', '+' and '_'")
    }
}

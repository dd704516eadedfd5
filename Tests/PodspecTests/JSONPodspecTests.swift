import Foundation
import Podspec
import Testing

@Suite struct JSONPodspecTests {
    @Test func readsEverythingCompctlUses() throws {
        let spec = try readJSON("""
            {
              "name": "Foo",
              "version": "2.1.0",
              "source": { "git": "https://example.com/foo.git", "tag": "v2.1.0", "submodules": true },
              "platforms": { "ios": "12.0", "osx": null },
              "default_subspecs": "Core",
              "dependencies": { "A": [], "B": ["~> 1.0", "< 1.5"] },
              "ios": { "dependencies": { "Flutter": [], "A": ["< 3"] }, "frameworks": "UIKit" },
              "subspecs": [
                {
                  "name": "Core",
                  "dependencies": { "C": ["= 1.0"] },
                  "subspecs": [ { "name": "Deep", "dependencies": { "Foo/Core": [] } } ]
                },
                { "name": "UI", "default_subspecs": ["X", "Y"], "platforms": { "ios": "13.0" } }
              ],
              "testspecs": [ { "name": "Tests", "dependencies": { "Quick": [] } } ]
            }
            """).get()
        // The test spec is kept apart from the subspecs and the dependencies.
        #expect(spec.testSpecs == [.test(name: "Foo/Tests", version: "2.1.0", dependencies: [Dependency(name: "Quick")])])
        var withoutTestSpecs = spec
        withoutTestSpecs.testSpecs = []
        #expect(withoutTestSpecs == .test(
            name: "Foo", version: "2.1.0", source: Source(git: "https://example.com/foo.git", tag: "v2.1.0"),
            dependencies: [
                Dependency(name: "A", requirements: ["< 3"]),
                Dependency(name: "B", requirements: ["~> 1.0", "< 1.5"]),
                Dependency(name: "Flutter"),
            ],
            subspecs: [
                .test(
                    name: "Foo/Core", version: "2.1.0", dependencies: [Dependency(name: "C", requirements: ["= 1.0"])],
                    subspecs: [.test(name: "Foo/Core/Deep", version: "2.1.0", dependencies: [Dependency(name: "Foo/Core")])]),
                .test(name: "Foo/UI", version: "2.1.0", defaultSubspecs: ["X", "Y"], deploymentTargets: ["ios": "13.0"]),
            ],
            defaultSubspecs: ["Core"],
            deploymentTargets: ["ios": "12.0", "osx": ""]))
    }

    @Test func readsDependenciesAsAListOfNamesOrBareStrings() throws {
        let list = try readJSON(#"{"name": "Foo", "version": "1", "dependencies": ["A", "B"]}"#).get()
        #expect(list.dependencies == [Dependency(name: "A"), Dependency(name: "B")])
        let bare = try readJSON(#"{"name": "Foo", "version": "1", "dependencies": {"A": "~> 1.0", "B": null}}"#).get()
        #expect(bare.dependencies == [Dependency(name: "A", requirements: ["~> 1.0"]), Dependency(name: "B")])
    }

    @Test func readsEscapesAndANumericVersion() throws {
        let spec = try readJSON(#"{"name": "F\u00f6\"o", "version": 1.5, "source": {"http": "https:\/\/x/y.zip"}}"#).get()
        #expect(spec.name == "Fö\"o")
        #expect(spec.version == "1.5")
        #expect(spec.source == Source(http: "https://x/y.zip"))
    }

    /// A surrogate escape that does not pair reads as U+FFFD, and the escape after it as
    /// itself; a high surrogate before an escape that is no low surrogate used to trap.
    @Test func unpairedSurrogateEscapesReadAsReplacementCharacters() throws {
        let cases: [(escaped: String, read: String)] = [
            (#"\ud83d\ude00"#, "\u{1F600}"),
            (#"\ud83d\u0041"#, "\u{FFFD}A"),
            (#"\ud83d\ud83d\ude00"#, "\u{FFFD}\u{1F600}"),
            (#"\ud83dA"#, "\u{FFFD}A"),
            (#"\ud83d"#, "\u{FFFD}"),
            (#"\ude00\ud83d"#, "\u{FFFD}\u{FFFD}"),
            (#"\ud83d\n"#, "\u{FFFD}\n"),
        ]
        for (escaped, read) in cases {
            let spec = try readJSON(#"{"name": "Foo", "version": "1", "source": {"git": "x@ESCAPED@"}}"#
                .replacingOccurrences(of: "@ESCAPED@", with: escaped)).get()
            #expect(spec.source == Source(git: "x" + read), "\(escaped)")
        }
        // A second escape that is malformed is reported as any malformed escape is.
        #expect(throws: PodspecError.self) { try readJSON(#"{"name": "Foo", "version": "1", "summary": "\ud83d\uZZZZ"}"#).get() }
    }

    @Test(arguments: [
        (#"{"name": "Foo", "version": "1.0",}"#, "Foo.podspec.json:1: malformed JSON: expected a quoted key; fix the JSON syntax"),
        ("{\n  \"name\": \"Foo\"\n  \"version\": \"1.0\"\n}", "Foo.podspec.json:3: malformed JSON: expected ',' or '}' in an object; fix the JSON syntax"),
        ("[1, 2]", "Foo.podspec.json:1: a JSON podspec must be an object, not a list"),
        (#"{"version": "1.0"}"#, "Foo.podspec.json:1: the spec has no name; add \"name\": \"Foo\""),
        (#"{"name": "Foo"}"#, "Foo.podspec.json:1: the spec has no version; add \"version\": \"1.0.0\""),
        ("{\n\"name\": \"Foo\",\n\"version\": [\"1.0\"]\n}", "Foo.podspec.json:3: \"version\" must be a non-empty string, not a list"),
        ("{\n\"name\": 7,\n\"version\": \"1.0\"\n}", "Foo.podspec.json:2: \"name\" must be a non-empty string, not a number"),
        ("{\"name\": \"Foo\", \"version\": \"1\",\n\"dependencies\": {\"A\": [1]}}", "Foo.podspec.json:2: the requirements of the dependency A must be strings, not a number"),
        ("{\"name\": \"Foo\", \"version\": \"1\",\n\"dependencies\": {\"A\": {}}}", "Foo.podspec.json:2: the requirements of the dependency A must be a list of strings, not an object"),
        ("{\"name\": \"Foo\", \"version\": \"1\",\n\"subspecs\": {}}", "Foo.podspec.json:2: \"subspecs\" must be a list of objects, not an object"),
        ("{\"name\": \"Foo\", \"version\": \"1\", \"subspecs\": [\n{\"dependencies\": {}}]}", "Foo.podspec.json:2: a subspec of Foo has no name; add \"name\""),
        ("{\"name\": \"Foo\", \"version\": \"1\",\n\"default_subspecs\": 3}", "Foo.podspec.json:2: \"default_subspecs\" must be a string or a list of strings, not a number"),
        ("{\"name\": \"Foo\", \"version\": \"1\",\n\"platforms\": {\"ios\": [12]}}", "Foo.podspec.json:2: the deployment target for ios must be a string, not a list"),
        ("{\"name\": \"Foo\", \"version\": \"1\",\n\"source\": \"https://x\"}", "Foo.podspec.json:2: \"source\" must be an object such as {\"git\": …, \"tag\": …}, not a string"),
        ("{\"name\": \"Foo\", \"version\": \"1\"} x", "Foo.podspec.json:1: malformed JSON: unexpected text after the JSON value; fix the JSON syntax"),
        ("{\"name\": \"Fo\no\"}", "Foo.podspec.json:1: malformed JSON: a string runs past the end of the line; fix the JSON syntax"),
        ("", "Foo.podspec.json:1: malformed JSON: the JSON ends where a value was expected; fix the JSON syntax"),
    ])
    func reportsMalformedPodspecsWithTheirLine(text: String, message: String) {
        #expect(readJSON(text).errorText == message)
    }
}

import Foundation
import Testing

@Suite struct LintTests {
    /// A directory with the spec repo `acme` (Bar 1.0.0, 1.4.0, 2.0.0-rc.1) and nothing else.
    private func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Bar", ["1.0.0", "1.4.0", "2.0.0-rc.1"], repo: "acme", in: directory)
        return directory
    }

    @Test func cleanPodspecPasses() throws {
        let directory = try workspace()
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0", dependencies: ["Bar": ["~> 1.0"]]), to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json", "--source", "acme"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Foo.podspec.json: ok; dependencies satisfied by acme\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func withoutSourcesOnlySyntaxIsChecked() throws {
        let directory = try workspace()
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0", dependencies: ["Nope": ["~> 1.0"]]), to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Foo.podspec.json: ok; dependencies not checked (no --source)\n")
    }

    /// Untrusted text: a `\\u` high surrogate before an escape that is no low surrogate
    /// used to kill compctl (SIGILL) as it read the spec.
    @Test func anUnpairedSurrogateEscapeIsRead() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"name": "Foo", "version": "0.1.0", "summary": "\ud83d\u0041"}"#, to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Foo.podspec.json: ok; dependencies not checked (no --source)\n")
    }

    @Test func everyProblemIsReportedAndExitsTwo() throws {
        let directory = try workspace()
        try directory.write(SpecRepoFixtures.spec("Foo", "v1", dependencies: [
            "Bar": ["~> 2.0"],
            "Baz/Core": [],
            "Qux": ["=> 1"],
        ]), to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json", "--source", "acme"], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            error: Foo.podspec.json: version 'v1' is not a valid version; write numbers separated by dots, such as 1.2.3 or 1.2.3-rc.1
            error: Foo.podspec.json: dependency 'Bar' (~> 2.0): no version in acme satisfies it; newest is 1.4.0; loosen the requirement or publish a version that satisfies it
            error: Foo.podspec.json: dependency 'Baz/Core': no pod 'Baz' in acme; fix the name, or pass the spec repo that publishes it with --source
            error: Foo.podspec.json: dependency 'Qux': requirement '=> 1' is not valid; write an optional operator (=, !=, >, <, >=, <=, ~>) and a version, such as '~> 1.2'

            """)
    }

    @Test func prereleaseNeedsARequirementThatNamesIt() throws {
        let directory = try workspace()
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0", dependencies: ["Bar": [">= 1.5"]]), to: "Foo.podspec.json")
        try directory.write(SpecRepoFixtures.spec("Pinned", "0.1.0", dependencies: ["Bar": ["= 2.0.0-rc.1"]]), to: "Pinned.podspec.json")

        let unnamed = try compctl(["lint", "Foo.podspec.json", "--source", "acme"], in: directory.url)
        #expect(unnamed.exitCode == 2, "\(unnamed)")
        #expect(unnamed.stderr == "error: Foo.podspec.json: dependency 'Bar' (>= 1.5): no version in acme satisfies it; "
            + "newest is 1.4.0; 2.0.0-rc.1 would, but a prerelease is only taken when a requirement names one, "
            + "such as '= 2.0.0-rc.1'\n")

        let named = try compctl(["lint", "Pinned.podspec.json", "--source", "acme"], in: directory.url)
        #expect(named.exitCode == 0, "\(named)")
    }

    @Test func jsonReport() throws {
        let directory = try workspace()
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0", dependencies: ["Nope": []]), to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json", "--source", "acme", "--json"], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == """
            {
              "ok" : false,
              "podspec" : "Foo.podspec.json",
              "problems" : [
                {
                  "dependency" : "Nope",
                  "kind" : "missing-dependency",
                  "message" : "Foo.podspec.json: dependency 'Nope': no pod 'Nope' in acme; fix the name, or pass the spec repo that publishes it with --source"
                }
              ],
              "schemaVersion" : 1,
              "sources" : [
                "acme"
              ]
            }

            """)
    }

    @Test func sourcesJunkIsWarnedAboutWithTheSourceName() throws {
        let directory = try workspace()
        try directory.write("", to: "acme/Bar/.DS_Store")
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0", dependencies: ["Bar": []]), to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json", "--source", "acme"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "warning: acme: Bar/.DS_Store: hidden file\n")
    }

    /// A lint reads from a source the pods its podspec depends on, as a resolve does, not
    /// every pod of the repo (a 10,000-pod repo took over a second per podspec): junk in a
    /// pod it never reads is not its business; junk in the pods it reads is reported.
    @Test func readsOnlyThePodsItsDependenciesName() throws {
        let directory = try workspace()
        try SpecRepoFixtures.writePod("Zed", ["1.0.0"], repo: "acme", in: directory)
        try directory.write("", to: "acme/Zed/1.0.0/.DS_Store")
        try directory.write("", to: "acme/Bar/1.4.0/Bar.podspec.json~")
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0", dependencies: ["Bar": ["~> 1.0"]]), to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json", "--source", "acme"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Foo.podspec.json: ok; dependencies satisfied by acme\n")
        #expect(result.stderr == "warning: acme: Bar/1.4.0/Bar.podspec.json~: unexpected file in a version directory\n", "\(result)")
    }

    /// A version counts only when its folder holds the pod's spec, which a resolve must read:
    /// an empty folder, another pod's spec, or a link to another pod's version does not.
    @Test func aVersionWithoutThePodsSpecDoesNotSatisfy() throws {
        let directory = try workspace()
        try FileManager.default.createDirectory(atPath: directory("acme/Bar/3.0.0"), withIntermediateDirectories: true)
        try directory.write(SpecRepoFixtures.spec("Other", "3.1.0"), to: "acme/Bar/3.1.0/Other.podspec.json")
        try SpecRepoFixtures.writePod("Real", ["3.2.0"], repo: "acme", in: directory)
        try FileManager.default.createSymbolicLink(atPath: directory("acme/Bar/3.2.0"), withDestinationPath: "../Real/3.2.0")
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0", dependencies: ["Bar": [">= 3.0"]]), to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json", "--source", "acme"], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.hasSuffix("error: Foo.podspec.json: dependency 'Bar' (>= 3.0): no version in acme satisfies it; "
            + "newest is 1.4.0; loosen the requirement or publish a version that satisfies it\n"), "\(result)")
    }

    @Test func podspecThatDoesNotParseIsAProblem() throws {
        let directory = try workspace()
        try directory.write("{ \"name\": ", to: "Foo.podspec.json")

        let result = try compctl(["lint", "Foo.podspec.json"], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: Foo.podspec.json"), "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }

    @Test func missingPodspecFails() throws {
        let directory = try workspace()
        let result = try compctl(["lint", "Nope.podspec"], in: directory.url)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: no podspec at 'Nope.podspec'; pass the path of a .podspec or .podspec.json file\n")
    }

    @Test func missingSourceFails() throws {
        let directory = try workspace()
        try directory.write(SpecRepoFixtures.spec("Foo", "0.1.0"), to: "Foo.podspec.json")
        let result = try compctl(["lint", "Foo.podspec.json", "--source", "nowhere"], in: directory.url,
                                 environment: ["COMPCTL_HOME": directory.url.appendingPathComponent("home").path])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr
            == "error: no spec repo 'nowhere': it is not a name from compctl.yml or `compctl repo add` (none is "
            + "configured or added), not a git URL, and no such directory exists; pass a name, a URL or the path of a "
            + "spec repo\n")

        // `trunk` names trunk, which the tests never read.
        let trunk = try compctl(["lint", "Foo.podspec.json", "--source", "trunk"], in: directory.url,
                                environment: ["COMPCTL_HOME": directory.url.appendingPathComponent("home").path])
        #expect(trunk.exitCode == 1, "\(trunk)")
        #expect(trunk.stderr == "error: trunk is not read (COMPCTL_TRUNK=off); turn it on, or name another source\n")
    }

    @Test func missingArgumentIsAUsageError() throws {
        let result = try compctl(["lint"])
        #expect(result.exitCode == 64, "\(result)")
    }
}

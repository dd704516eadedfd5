import Foundation
import Testing

/// Spec repos for the `repo show` and `lint` tests: corpus clones and small hand-made ones.
enum SpecRepoFixtures {
    static let corpusBundles = ["artsy+Specs", "wisemen-digital+Podspecs", "zumo+zumokit-specs"]

    /// Clones the corpus bundle `name` into `directory/name` with the git CLI.
    static func clone(_ name: String, into directory: TemporaryDirectory) throws -> URL {
        let clone = directory.url.appendingPathComponent(name)
        try gitCLI("clone", "--quiet", TestPaths.corpus.appendingPathComponent("specrepos/\(name).bundle").path, clone.path)
        return clone
    }

    /// The `[pods]` and `[skipped]` lines of `Tests/SpecRepoTests/Fixtures/<name>.txt`, the
    /// expectations shared with the SpecRepo unit tests (see the comment in each file).
    static func expectations(_ name: String) throws -> (pods: [String], skipped: [String]) {
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/SpecRepoTests/Fixtures/\(name).txt")
        var pods: [String] = []
        var skipped: [String] = []
        var section = ""
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("[") {
                section = String(line)
            } else if section == "[pods]" {
                pods.append(String(line))
            } else if section == "[skipped]" {
                skipped.append(String(line))
            }
        }
        return (pods, skipped)
    }

    /// A JSON podspec saying `name` `version`, with `dependencies`.
    static func spec(_ name: String, _ version: String, dependencies: [String: [String]] = [:]) -> String {
        let entries = dependencies.keys.sorted().map { key in
            "\"\(key)\": [" + dependencies[key]!.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
        return """
            {"name": "\(name)", "version": "\(version)", "source": {"git": "https://example.com/\(name).git", "tag": "\(version)"}, \
            "dependencies": {\(entries.joined(separator: ", "))}}
            """
    }

    /// Writes pod `name` with one JSON spec per version into `repo` (a path in `directory`).
    static func writePod(_ name: String, _ versions: [String], repo: String, in directory: TemporaryDirectory) throws {
        for version in versions {
            try directory.write(spec(name, version), to: "\(repo)/\(name)/\(version)/\(name).podspec.json")
        }
    }
}

@Suite struct RepoShowTests {
    @Test(arguments: SpecRepoFixtures.corpusBundles)
    func listsEachCorpusRepoAsCocoaPodsDoes(bundle: String) throws {
        let directory = try TemporaryDirectory()
        let clone = try SpecRepoFixtures.clone(bundle, into: directory)
        let expected = try SpecRepoFixtures.expectations(bundle)

        let result = try compctl(["repo", "show", clone.path])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == expected.pods.map { $0 + "\n" }.joined())
        #expect(result.stderr == expected.skipped.map { "warning: \($0)\n" }.joined())
    }

    @Test func artsyReportsItsDSStore() throws {
        let directory = try TemporaryDirectory()
        let clone = try SpecRepoFixtures.clone("artsy+Specs", into: directory)
        let result = try compctl(["repo", "show", clone.path])
        #expect(result.stderr.contains("warning: Emission/.DS_Store: hidden file\n"), "\(result)")
    }

    @Test func printsJunkOnStderrAndPodsOnStdout() throws {
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Foo", ["1.0.0", "1.10.0", "1.2.0-rc.1"], repo: "acme", in: directory)
        try SpecRepoFixtures.writePod("Bar", ["0.1.0"], repo: "acme", in: directory)
        try directory.write("", to: "acme/Foo/.DS_Store")
        try directory.write("", to: "acme/Foo/1.0.0/Foo.podspec~")
        try directory.write("", to: "acme/Foo/latest/Foo.podspec.json")
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("acme/Bar/0.2.0"), withIntermediateDirectories: true)

        let result = try compctl(["repo", "show", "acme"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        // `Pod::Source#versions` lists every version folder, holding a podspec or not.
        #expect(result.stdout == "Bar\t0.2.0 0.1.0\nFoo\t1.10.0 1.2.0-rc.1 1.0.0\n")
        #expect(result.stderr == """
            warning: Bar/0.2.0: empty version directory
            warning: Foo/.DS_Store: hidden file
            warning: Foo/1.0.0/Foo.podspec~: editor backup file (*.podspec~); delete it
            warning: Foo/latest: directory name is not a version

            """)
    }

    @Test func listsWhatPodSourceListsAndWarnsAboutIt() throws {
        // `Pod::Source#pods` lists every pod folder and `#versions` every version folder,
        // whether or not a podspec is inside; compctl lists them too and warns.
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Foo", ["1.0.0"], repo: "acme", in: directory)
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("acme/Empty"), withIntermediateDirectories: true)
        try directory.write("notes", to: "acme/NoSpec/2.0.0/README.md")
        try directory.write("notes", to: "acme/Foo/0.9.0/README.md")

        let text = try compctl(["repo", "show", "acme"], in: directory.url)
        #expect(text.exitCode == 0, "\(text)")
        #expect(text.stdout == "Empty\t\nFoo\t1.0.0 0.9.0\nNoSpec\t2.0.0\n")
        #expect(text.stderr.contains("warning: Empty: "), "\(text.stderr)")
        #expect(text.stderr.contains("warning: NoSpec/2.0.0: "), "\(text.stderr)")
        #expect(text.stderr.contains("warning: Foo/0.9.0: "), "\(text.stderr)")

        let json = try compctl(["repo", "show", "acme", "--json"], in: directory.url)
        #expect(json.exitCode == 0, "\(json)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let pods = (document?["pods"] as? [[String: Any]])?.map { ($0["name"] as? String ?? "", $0["versions"] as? [String] ?? ["?"]) }
        #expect(pods?.map(\.0) == ["Empty", "Foo", "NoSpec"])
        #expect(pods?.map(\.1) == [[], ["1.0.0", "0.9.0"], ["2.0.0"]])
        #expect(json.stderr == text.stderr)
    }

    @Test func jsonKeepsPodOrderInAnArray() throws {
        let directory = try TemporaryDirectory()
        try directory.write("prefix_lengths: [1]\n", to: "acme/CocoaPods-version.yml")
        // MD5("Foo") starts with 1, MD5("Bar") with d.
        try SpecRepoFixtures.writePod("Foo", ["1.0.0", "2.0.0"], repo: "acme/Specs/1", in: directory)
        try SpecRepoFixtures.writePod("Bar", ["0.1.0"], repo: "acme/Specs/d", in: directory)
        try directory.write("", to: "acme/Specs/d/Bar/0.1.0/.DS_Store")

        let result = try compctl(["repo", "show", "acme", "--json"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            {
              "pods" : [
                {
                  "name" : "Bar",
                  "versions" : [
                    "0.1.0"
                  ]
                },
                {
                  "name" : "Foo",
                  "versions" : [
                    "2.0.0",
                    "1.0.0"
                  ]
                }
              ],
              "schemaVersion" : 1,
              "skipped" : [
                {
                  "path" : "Specs/d/Bar/0.1.0/.DS_Store",
                  "reason" : "hidden file"
                }
              ]
            }

            """)
        #expect(result.stderr == "warning: Specs/d/Bar/0.1.0/.DS_Store: hidden file\n")
    }

    @Test func jsonWithoutJunkAndWithCharactersToEscape() throws {
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Foo", ["1.0.0"], repo: "clean", in: directory)
        let clean = try compctl(["repo", "show", "clean", "--json"], in: directory.url)
        #expect(clean.exitCode == 0, "\(clean)")
        #expect(clean.stdout == """
            {
              "pods" : [
                {
                  "name" : "Foo",
                  "versions" : [
                    "1.0.0"
                  ]
                }
              ],
              "schemaVersion" : 1,
              "skipped" : [

              ]
            }

            """)

        try SpecRepoFixtures.writePod("Foo", ["1.0.0"], repo: "odd", in: directory)
        try directory.write("", to: "odd/Foo/notes \"draft\"\t\\1.txt")
        let odd = try compctl(["repo", "show", "odd", "--json"], in: directory.url)
        #expect(odd.stdout.contains(#""path" : "Foo/notes \"draft\"\t\\1.txt","#), "\(odd)")
        let parsed = try JSONSerialization.jsonObject(with: Data(odd.stdout.utf8)) as? [String: Any]
        let skipped = try #require(parsed?["skipped"] as? [[String: String]])
        #expect(skipped == [["path": "Foo/notes \"draft\"\t\\1.txt", "reason": "file where a version directory is expected"]])
    }

    @Test func missingDirectoryFails() throws {
        let directory = try TemporaryDirectory()
        let result = try compctl(["repo", "show", "nowhere"], in: directory.url,
                                 environment: ["COMPCTL_HOME": directory.url.appendingPathComponent("home").path])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr
            == "error: no spec repo 'nowhere': it is not a name from compctl.yml or `compctl repo add` (none is "
            + "configured or added), not a git URL, and no such directory exists; pass a name, a URL or the path of a "
            + "spec repo\n")
    }

    @Test func fileInsteadOfADirectoryFails() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{}", to: "Foo.podspec.json")
        let result = try compctl(["repo", "show", "Foo.podspec.json"], in: directory.url)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: 'Foo.podspec.json' is a file, not a spec repo; "
            + "pass the directory that holds the pod folders (or Specs/)\n")
    }

    @Test func directoryThatIsNotASpecRepoFails() throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version:6.0\n", to: "app/Package.swift")
        try directory.write("print(1)\n", to: "app/Sources/App/main.swift")
        let result = try compctl(["repo", "show", "app"], in: directory.url)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: 'app' is not a spec repo: it has no Specs/ folder, no CocoaPods-version.yml "
            + "and no pod folder with a version folder in it (Name/1.0.0/Name.podspec.json); "
            + "pass the root of a spec repo checkout\n")
    }

    @Test func malformedMetadataFails() throws {
        let directory = try TemporaryDirectory()
        try directory.write("prefix_lengths: [0]\n", to: "acme/CocoaPods-version.yml")
        let result = try compctl(["repo", "show", "acme"], in: directory.url)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: acme/CocoaPods-version.yml: prefix_lengths must be positive whole numbers "
            + "adding up to at most 32 (like [1, 1, 1]), found [0]; fix the file or delete it if the repo is not sharded\n")
    }

    @Test func missingArgumentIsAUsageError() throws {
        let result = try compctl(["repo", "show"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("Missing expected argument '<source>'"), "\(result)")
    }
}

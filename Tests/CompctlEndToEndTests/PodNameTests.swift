import Foundation
import Testing

/// Pod names and versions are checked where they enter (lint, publish, bump, pin, the
/// spec-repo scanner): a name that collides with a spec repo's layout, or carries white
/// space, control or bidirectional characters, never reaches a spec repo or a commit.
@Suite struct PodNameTests {
    /// The refusal of the name `Specs`, as every entry point words it.
    static let specsReason = "the name 'Specs' is reserved: a spec repo keeps its pods in a Specs/ folder, so where "
        + "they sit at the repo's root a pod of that name hides every other pod"

    /// A JSON podspec with any name and version (escaped as JSON needs), its source at `git`.
    private func podspec(_ name: String, _ version: String, git: String) throws -> String {
        let object: [String: Any] = ["name": name, "version": version, "source": ["git": git, "tag": version]]
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A spec repo with pods at its root (Bar 1.0.0 and Baz 2.0.0).
    private func rootLayoutWorld() throws -> (GitWorld, String) {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0"),
            "Baz/2.0.0/Baz.podspec.json": jsonPodspec("Baz", "2.0.0"),
        ])
        return (world, specs)
    }

    @Test func publishingAPodNamedSpecsIsRefusedAndTheSpecRepoKeepsItsPods() throws {
        let (world, specs) = try rootLayoutWorld()
        let component = try world.component("Specs", version: "1.0.0")
        let before = try world.state(of: specs)

        let result = try world.compctl(["publish", "Specs/Specs.podspec", "--repo", specs])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Specs/Specs.podspec: \(Self.specsReason); rename the pod\n")
        #expect(try world.state(of: specs) == before)
        #expect(try world.log(specs) == ["specs"])

        let shown = try world.compctl(["repo", "show", specs])
        #expect(shown.exitCode == 0, "\(shown)")
        #expect(shown.stdout == "Bar\t1.0.0\nBaz\t2.0.0\n")

        let lint = try world.compctl(["lint", "Specs.podspec"], in: component)
        #expect(lint.exitCode == 2, "\(lint)")
        #expect(lint.stdout == "")
        #expect(lint.stderr == "error: Specs.podspec: \(Self.specsReason); rename the pod\n")
    }

    /// A repo that already holds such a pod (pushed by another tool) keeps its other pods
    /// visible: the impostor is junk, reported on stderr.
    @Test func aPodNamedSpecsAlreadyInTheRepoIsJunkAndHidesNothing() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0", dependencies: ["Baz": ["~> 2.0"]]),
            "Baz/1.0.0/Baz.podspec.json": jsonPodspec("Baz", "1.0.0"),
            "Specs/1.0.0/Specs.podspec.json": jsonPodspec("Specs", "1.0.0"),
            "specs/1.0.0/specs.podspec.json": jsonPodspec("specs", "1.0.0"),
        ])
        let junk = """
            warning: Specs: not a pod folder: \(Self.specsReason); rename the pod
            warning: specs: not a pod folder: the name 'specs' is reserved: a spec repo keeps its pods in a Specs/ folder (file names ignore case on macOS), so where they sit at the repo's root a pod of that name hides every other pod; rename the pod

            """
        let shown = try world.compctl(["repo", "show", specs])
        #expect(shown.exitCode == 0, "\(shown)")
        #expect(shown.stdout == "Bar\t1.0.0\nBaz\t1.0.0\n")
        #expect(shown.stderr == junk)

        // The CI gate still sees the pods, and their problem.
        let check = try world.compctl(["graph", "--check", "--source", specs])
        #expect(check.exitCode == 2, "\(check)")
        #expect(check.stdout == "unsatisfiable: Bar (1.0.0) requires Baz (~> 2.0), which no version of Baz satisfies\n")
        #expect(check.stderr.hasSuffix("1 problem in the newest releases of 2 pods\n"), "\(check)")
    }

    /// The name that would forge a trailer line in a commit message.
    static let forging = "Line\nSigned-off-by: Mallory <mallory@example.invalid>"
    static let forgingShown = "'Line\\nSigned-off-by: Mallory <mallory@example.invalid>'"

    @Test func bumpRefusesANameThatWouldForgeALineOfItsCommitMessage() throws {
        let world = try GitWorld()
        let component = try world.component("Foo", version: "0.1.7")
        try gitCLI("rm", "-q", "Foo.podspec", in: component)
        try world.directory.write(try podspec(Self.forging, "0.1.7", git: world("Foo.git")), to: "Foo/Foo.podspec.json")
        try gitCLI("add", "-A", in: component)
        try gitCLI("commit", "-q", "-m", "json podspec", in: component)
        let before = try world.state(of: component)

        let result = try world.compctl(["bump", "--patch"], in: component)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Foo.podspec.json: the name \(Self.forgingShown) contains a line break "
            + "(U+000A); rename the pod; nothing was changed\n")
        #expect(try world.state(of: component) == before)
        #expect(try gitCLI("log", "-1", "--format=%B", in: component) == "json podspec")
    }

    @Test func bumpRefusesAVersionWrittenWithWhiteSpace() throws {
        let world = try GitWorld()
        let component = try world.component("Foo", version: "0.1.7")
        let path = component + "/Foo.podspec"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "'0.1.7'", with: "' 0.1.7'").write(toFile: path, atomically: true, encoding: .utf8)
        try gitCLI("commit", "-q", "-am", "spaced version", in: component)
        let before = try world.state(of: component)

        let result = try world.compctl(["bump", "--patch"], in: component)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: Foo.podspec: the current version ' 0.1.7' is not a valid version (contains "
            + "white space (U+0020), which CocoaPods refuses); fix it by hand before bumping; nothing was changed\n")
        #expect(try world.state(of: component) == before)
    }

    @Test func pinRefusesNamesAndVersionsThatCannotBeAPodsWithAPreciseUsageError() throws {
        let directory = try TemporaryDirectory()
        let podfile = "platform :ios, '13.0'\ntarget 'App' do\n  pod 'Foo', '~> 1.0'\nend\n"
        try directory.write(podfile, to: "Podfile")
        let cases: [(String, String)] = [
            ("\(Self.forging)=1.0.0", "the name \(Self.forgingShown) contains a line break (U+000A)"),
            ("Foo Bar=1.0.0", "the name 'Foo Bar' contains white space (U+0020), which CocoaPods refuses"),
            ("Foo\u{202E}raB=1.0.0", "the name 'Foo\\u{202E}raB' contains the bidirectional control character U+202E, "
                + "which makes text show in another order than it is read"),
            ("Specs=1.0.0", Self.specsReason),
            ("Foo/=1.0.0", "the name 'Foo/' has an empty subspec name (write Pod/Subspec)"),
            ("Foo=1.0.0\n", "the version '1.0.0\\n' contains a line break (U+000A)"),
            ("Foo= 1.0.0", "the version ' 1.0.0' contains white space (U+0020), which CocoaPods refuses"),
            ("Foo=1..0", "the version '1..0' is not a valid version (it has an empty segment between two dots)"),
            ("Foo", "write NAME=VERSION, such as XXLogger=1.4.1"),
        ]
        for (argument, reason) in cases {
            for command in ["pin", "integrate"] {
                let result = try compctl([command, argument], in: directory.url)
                #expect(result.exitCode == 64, "\(command) \(argument): \(result)")
                #expect(result.stderr.contains("is invalid for '<name=version>': \(reason)\n"),
                        "\(command) \(argument): \(result)")
            }
        }
        #expect(try String(contentsOf: directory.url.appendingPathComponent("Podfile"), encoding: .utf8) == podfile)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Podfile"])
    }

    @Test func lintRefusesNamesAndVersionsCocoaPodsRefusesOrThatCollideWithTheLayout() throws {
        let directory = try TemporaryDirectory()
        let cases: [(name: String, version: String, error: String)] = [
            ("Foo Bar", "1.0.0", "the name 'Foo Bar' contains white space (U+0020), which CocoaPods refuses; rename the pod"),
            ("Foo\tBar", "1.0.0", "the name 'Foo\\tBar' contains white space (U+0009), which CocoaPods refuses; rename the pod"),
            (Self.forging, "1.0.0", "the name \(Self.forgingShown) contains a line break (U+000A); rename the pod"),
            ("Evil\u{202E}gpj.exe", "1.0.0", "the name 'Evil\\u{202E}gpj.exe' contains the bidirectional control "
                + "character U+202E, which makes text show in another order than it is read; rename the pod"),
            ("Foo\u{2066}", "1.0.0", "the name 'Foo\\u{2066}' contains the bidirectional control character U+2066, "
                + "which makes text show in another order than it is read; rename the pod"),
            ("Foo\u{200F}", "1.0.0", "the name 'Foo\\u{200F}' contains the bidirectional control character U+200F, "
                + "which makes text show in another order than it is read; rename the pod"),
            ("Foo\u{7}", "1.0.0", "the name 'Foo\\u{7}' contains the control character U+0007; rename the pod"),
            (".Foo", "1.0.0", "the name '.Foo' starts with '.', which CocoaPods refuses (spec repos hide such folders); "
                + "rename the pod"),
            ("CocoaPods-version.yml", "1.0.0", "the name 'CocoaPods-version.yml' is reserved for a spec repo's metadata "
                + "file, CocoaPods-version.yml; rename the pod"),
            ("Foo", "1.0.0\n", "version '1.0.0\\n' contains a line break (U+000A); write the version alone, such as "
                + "1.2.3 or 1.2.3-rc.1"),
            ("Foo", " 1.0.0", "version ' 1.0.0' contains white space (U+0020), which CocoaPods refuses; write the "
                + "version alone, such as 1.2.3 or 1.2.3-rc.1"),
        ]
        for (index, entry) in cases.enumerated() {
            let file = "spec\(index).podspec.json"
            try directory.write(try podspec(entry.name, entry.version, git: "https://git.example/x.git"), to: file)
            let result = try compctl(["lint", file], in: directory.url)
            #expect(result.exitCode == 2, "\(entry.name): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr == "error: \(file): \(entry.error)\n", "\(entry.name)")
        }

        let json = try compctl(["lint", "spec0.podspec.json", "--json"], in: directory.url)
        #expect(json.exitCode == 2, "\(json)")
        #expect(json.stdout.contains("\"kind\" : \"invalid-name\""), "\(json)")
    }

    @Test func publishRefusesANameThatWouldForgeALineOfTheCommitMessage() throws {
        let (world, specs) = try rootLayoutWorld()
        try world.component("Foo", version: "1.0.0")
        try world.directory.write(try podspec(Self.forging, "1.0.0", git: world("Foo.git")), to: "Foo.podspec.json")
        let before = try world.state(of: specs)

        let result = try world.compctl(["publish", "Foo.podspec.json", "--repo", specs])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Foo.podspec.json: the name \(Self.forgingShown) contains a line break (U+000A); "
            + "rename the pod\n")
        #expect(try world.state(of: specs) == before)
        #expect(try world.log(specs) == ["specs"])
    }

    /// Folders a spec repo should not hold are junk, shown escaped on stderr, never pods.
    @Test func theScannerReportsFoldersWithImpossibleNamesOrVersionsAsJunk() throws {
        let directory = try TemporaryDirectory()
        for (name, versions) in [("Bar", ["1.0.0"]), ("Foo Bar", ["1.0.0"]), ("Line\nBreak", ["1.0.0"]),
                                 ("Evil\u{202E}gpj", ["1.0.0"]), ("CocoaPods-version.yml", ["1.0.0"]),
                                 ("Baz", [" 1.0.0", "2.0.0\t", "3.0.0"])] {
            for version in versions {
                try directory.write(try podspec(name, version, git: "https://git.example/x.git"),
                                    to: "acme/\(name)/\(version)/\(name).podspec.json")
            }
        }
        let result = try compctl(["repo", "show", "acme"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Bar\t1.0.0\nBaz\t3.0.0\n")
        #expect(result.stderr == """
            warning: CocoaPods-version.yml: not a pod folder: the name 'CocoaPods-version.yml' is reserved for a spec repo's metadata file, CocoaPods-version.yml; rename the pod
            warning: Evil\\u{202E}gpj: not a pod folder: the name 'Evil\\u{202E}gpj' contains the bidirectional control character U+202E, which makes text show in another order than it is read; rename the pod
            warning: Foo Bar: not a pod folder: the name 'Foo Bar' contains white space (U+0020), which CocoaPods refuses; rename the pod
            warning: Line\\nBreak: not a pod folder: the name 'Line\\nBreak' contains a line break (U+000A); rename the pod
            warning: Baz/ 1.0.0: directory name is not a version
            warning: Baz/2.0.0\\t: directory name is not a version

            """)
    }
}

import Foundation
import Testing

@Suite struct BumpCommandTests {
    @Test func rcThenReleaseCommitAndTag() throws {
        let world = try GitWorld()
        let component = try world.component("Foo", version: "0.1.7")

        let rc = try world.compctl(["bump", "--rc"], in: component)
        #expect(rc.exitCode == 0, "\(rc)")
        let head = try world.short("HEAD", in: component + "/.git")
        #expect(rc.stdout == "released Foo 0.1.8-rc.1: commit \(head) on main, tag 0.1.8-rc.1\n")
        #expect(rc.stderr == "")
        #expect(try gitCLI("log", "-1", "--format=%s", in: component) == "Release Foo 0.1.8-rc.1")
        #expect(try gitCLI("describe", "--exact-match", "HEAD", in: component) == "0.1.8-rc.1")
        #expect(try gitCLI("diff", "HEAD~1", "--", "Foo.podspec", in: component).contains("+  s.version = '0.1.8-rc.1'"))
        #expect(try gitCLI("status", "--porcelain", in: component) == "")

        let release = try world.compctl(["bump", "--release", "--json"], in: component)
        #expect(release.exitCode == 0, "\(release)")
        let commit = try gitCLI("rev-parse", "HEAD", in: component)
        #expect(release.stdout == """
            {
              "branch" : "main",
              "commit" : "\(commit)",
              "dryRun" : false,
              "from" : "0.1.8-rc.1",
              "name" : "Foo",
              "podspec" : "Foo.podspec",
              "published" : null,
              "pushed" : false,
              "schemaVersion" : 1,
              "tag" : "0.1.8",
              "version" : "0.1.8"
            }

            """)
    }

    @Test func theRcLabelAndTagFormatComeFromCompctlYml() throws {
        let world = try GitWorld()
        let component = try world.component("Foo", version: "0.1.7")
        try world.directory.write("rc_label: beta\ntag_format: \"v{version}\"\n", to: "Foo/compctl.yml")
        try gitCLI("add", "compctl.yml", in: component)
        try gitCLI("commit", "-q", "-m", "config", in: component)
        let result = try world.compctl(["bump", "--rc", "--minor"], in: component)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasSuffix("on main, tag v0.2.0-beta.1\n"), "\(result)")
    }

    @Test func pushAndPublishTheWholeFlow() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0"),
            "Foo/0.1.7/Foo.podspec.json": jsonPodspec("Foo", "0.1.7"),
        ])
        let component = try world.component("Foo", version: "0.1.7", dependencies: ["Bar": "~> 1.0"])
        try world.directory.write("spec_repos:\n  - name: acme\n    url: file://\(specs)\n", to: "compctl.yml")

        let dryRun = try world.compctl(["bump", "--rc", "--push", "--repo", "acme", "--dry-run"], in: component)
        #expect(dryRun.exitCode == 0, "\(dryRun)")
        // --publish is the old spelling of --repo (the spec repo written to), kept for scripts.
        let oldSpelling = try world.compctl(["bump", "--rc", "--push", "--publish", "acme", "--dry-run"], in: component)
        #expect(oldSpelling.stdout == dryRun.stdout && oldSpelling.exitCode == 0, "\(oldSpelling)")
        #expect(dryRun.stdout == """
            would set the version of Foo.podspec from 0.1.7 to 0.1.8-rc.1
            would commit Release Foo 0.1.8-rc.1 on main
            would tag 0.1.8-rc.1
            would push main and tag 0.1.8-rc.1 to \(world("Foo.git"))
            would publish Foo/0.1.8-rc.1/Foo.podspec to acme: [Update] Foo (0.1.8-rc.1)

            """)
        #expect(try world.log(specs) == ["specs"])

        let result = try world.compctl(["bump", "--rc", "--push", "--publish", "acme"], in: component)
        #expect(result.exitCode == 0, "\(result)")
        let commit = try world.short("HEAD", in: component + "/.git")
        #expect(result.stdout == """
            released Foo 0.1.8-rc.1: commit \(commit) on main, tag 0.1.8-rc.1
            pushed main and tag 0.1.8-rc.1 to \(world("Foo.git"))
            published Foo 0.1.8-rc.1 to acme: [Update] Foo (0.1.8-rc.1) at Foo/0.1.8-rc.1/Foo.podspec (\(try world.short("main", in: specs)))

            """)
        #expect(result.stderr == "")
        #expect(try gitCLI("--git-dir", world("Foo.git"), "rev-parse", "--short=7", "0.1.8-rc.1^{commit}") == commit)
        #expect(try world.log(specs) == ["[Update] Foo (0.1.8-rc.1)", "specs"])
        #expect(try gitCLI("--git-dir", specs, "show", "main:Foo/0.1.8-rc.1/Foo.podspec")
            == (try String(contentsOfFile: component + "/Foo.podspec", encoding: .utf8)).trimmingCharacters(in: .newlines))
    }

    @Test func aSpecThatWouldNotPublishStopsTheBumpBeforeAnyChange() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: ["Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0")])
        let component = try world.component("Foo", version: "0.1.7", dependencies: ["Bar": "~> 2.0"])
        let before = try [world.state(of: component), world.state(of: world("Foo.git")), world.state(of: specs)]
        let result = try world.compctl(["bump", "--patch", "--push", "--publish", specs], in: component)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: Foo.podspec: dependency 'Bar' (~> 2.0): no version in specs satisfies it; newest is 1.0.0; loosen the requirement or publish a version that satisfies it
            error: the spec would not publish to specs; nothing was changed

            """)
        #expect(try [world.state(of: component), world.state(of: world("Foo.git")), world.state(of: specs)] == before)
    }

    @Test func refusalsChangeNothing() throws {
        let world = try GitWorld()
        let component = try world.component("Foo", version: "0.1.7")
        let podspec = try String(contentsOfFile: component + "/Foo.podspec", encoding: .utf8)

        // A dirty work tree.
        try "changed\n".write(toFile: component + "/README.md", atomically: true, encoding: .utf8)
        var before = try world.state(of: component)
        var result = try world.compctl(["bump", "--patch"], in: component)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: the work tree \(component) has uncommitted changes (README.md); commit or stash "
            + "them first, so that the release commit holds only the version change; nothing was changed\n")
        #expect(try world.state(of: component) == before)
        try gitCLI("checkout", "--", "README.md", in: component)

        // A tag that exists on the remote only.
        try gitCLI("--git-dir", world("Foo.git"), "tag", "0.1.8", "main")
        before = try world.state(of: component)
        result = try world.compctl(["bump", "--patch"], in: component)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: tag 0.1.8 already exists on \(world("Foo.git")); that version was released "
            + "before: fetch the tags (`git fetch --tags`) and choose another bump; nothing was changed\n")
        #expect(try world.state(of: component) == before)

        // An invalid version in the podspec.
        try podspec.replacingOccurrences(of: "'0.1.7'", with: "'0.1..7'")
            .write(toFile: component + "/Foo.podspec", atomically: true, encoding: .utf8)
        try gitCLI("commit", "-q", "-am", "broken version", in: component)
        before = try world.state(of: component)
        result = try world.compctl(["bump", "--minor"], in: component)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: Foo.podspec: the current version '0.1..7' is not a valid version (it has an "
            + "empty segment between two dots); fix it by hand before bumping; nothing was changed\n", "\(result)")
        #expect(try world.state(of: component) == before)

        // A bad compctl.yml.
        try world.directory.write("rc_label: 7\n", to: "Foo/compctl.yml")
        before = try world.state(of: component)
        result = try world.compctl(["bump", "--rc"], in: component)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.hasPrefix("error: \(component)/compctl.yml:1: "), "\(result)")
        #expect(try world.state(of: component) == before)
    }

    @Test func aRejectedPushRollsTheReleaseBack() throws {
        let world = try GitWorld()
        let component = try world.component("Foo", version: "0.1.7")
        try gitCLI("clone", "-q", world("Foo.git"), world("other"))
        try "other\n".write(toFile: world("other/NOTES.md"), atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: world("other"))
        try gitCLI("commit", "-q", "-m", "other", in: world("other"))
        try gitCLI("push", "-q", "origin", "main", in: world("other"))
        let before = try [world.state(of: component), world.state(of: world("Foo.git")),
                          String(contentsOfFile: component + "/Foo.podspec", encoding: .utf8)]

        let result = try world.compctl(["bump", "--patch", "--push"], in: component)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: push of main to \(world("Foo.git")) failed: "), "\(result)")
        #expect(result.stderr.hasSuffix("; the release commit, the tag and the podspec change were rolled back, the "
            + "repository is as it was: pull, then run bump again\n"), "\(result)")
        #expect(try [world.state(of: component), world.state(of: world("Foo.git")),
                     String(contentsOfFile: component + "/Foo.podspec", encoding: .utf8)] == before)
    }

    @Test func usageErrors() throws {
        let world = try GitWorld()
        let component = try world.component("Foo", version: "0.1.7")
        let cases: [([String], String)] = [
            (["bump"], "choose one bump: --major, --minor, --patch, --rc (with --major or --minor) or --release"),
            (["bump", "--patch", "--repo", "acme"], "--repo needs --push: consumers fetch the tag from the component's remote"),
            (["bump", "--patch", "--push", "--no-tag", "--repo", "acme"],
             "--repo cannot be combined with --no-tag: the published spec names the tag"),
            (["bump", "--patch", "--push", "--repo", "acme", "--publish", "other"],
             "--publish is the old spelling of --repo; give one of them"),
            (["bump", "--release", "--rc"], "--release cannot be combined with another bump"),
        ]
        for (arguments, message) in cases {
            let result = try world.compctl(arguments, in: component)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(arguments): \(result)")
        }
    }

    /// One vocabulary: --repo names the spec repo a command writes, --source one it reads.
    @Test func helpSaysRepoNotPublish() throws {
        let help = try compctl(["bump", "--help"])
        #expect(help.stdout.contains("--repo <source>"), "\(help)")
        #expect(!help.stdout.contains("--publish"), "\(help)")
    }
}

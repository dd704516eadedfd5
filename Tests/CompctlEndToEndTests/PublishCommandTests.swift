import Foundation
import Testing

@Suite struct PublishCommandTests {
    /// A world with a spec repo (`specs.git`: Bar 1.0.0) and a component repo `Foo.git`
    /// tagged 1.0.0 and 1.1.0, which the podspecs written by `podspec` point at.
    private func world() throws -> GitWorld {
        let world = try GitWorld()
        try world.specRepo(files: ["Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0")])
        let component = try world.component("Foo", version: "1.0.0")
        try gitCLI("tag", "1.1.0", in: component)
        try gitCLI("push", "-q", "origin", "--tags", in: component)
        return world
    }

    private func podspec(_ world: GitWorld, _ version: String, dependencies: [String: [String]] = [:]) throws -> String {
        let name = "Foo-\(version).podspec.json"
        try world.directory.write(jsonPodspec("Foo", version, git: world("Foo.git"), dependencies: dependencies), to: name)
        return name
    }

    @Test func publishesAddUpdateAndFixCommits() throws {
        let world = try world()
        let specs = world("specs.git")
        let first = try world.compctl(["publish", try podspec(world, "1.0.0"), "--repo", specs])
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stdout == "published Foo 1.0.0 to specs: [Add] Foo (1.0.0) at Foo/1.0.0/Foo.podspec.json "
            + "(\(try world.short("main", in: specs)))\n")
        #expect(first.stderr == "")

        let second = try world.compctl(["publish", try podspec(world, "1.1.0", dependencies: ["Bar": ["~> 1.0"]]),
                                        "--repo", specs])
        #expect(second.exitCode == 0, "\(second)")
        let fix = try world.compctl(["publish", try podspec(world, "1.0.0", dependencies: ["Bar": []]), "--repo", specs,
                                     "--force"])
        #expect(fix.exitCode == 0, "\(fix)")
        #expect(fix.stdout.hasPrefix("published Foo 1.0.0 to specs: [Fix] Foo (1.0.0) at Foo/1.0.0/Foo.podspec.json"))
        #expect(try world.log(specs) == ["[Fix] Foo (1.0.0)", "[Update] Foo (1.1.0)", "[Add] Foo (1.0.0)", "specs"])
        #expect(try gitCLI("--git-dir", specs, "show", "main:Foo/1.0.0/Foo.podspec.json")
            == jsonPodspec("Foo", "1.0.0", git: world("Foo.git"), dependencies: ["Bar": []]))
        // The cache mirrors the remote: no commit of its own.
        #expect(try gitCLI("--git-dir", world("home/repos/specs"), "rev-parse", "refs/heads/main")
            == (try gitCLI("--git-dir", specs, "rev-parse", "main")))
    }

    @Test func publishingAnExistingVersionIsRefusedAndChangesNothing() throws {
        let world = try world()
        let specs = world("specs.git")
        try world.directory.write(jsonPodspec("Bar", "1.0", git: world("Foo.git")), to: "Bar.podspec.json")
        let before = try world.state(of: specs)
        let result = try world.compctl(["publish", "Bar.podspec.json", "--repo", specs])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Bar 1.0 is already published in specs (Bar/1.0.0); bump the version, or pass "
            + "--force to overwrite the published spec\n")
        #expect(try world.state(of: specs) == before)
    }

    @Test func lintProblemsExitWithTwoAndChangeNothing() throws {
        let world = try world()
        let specs = world("specs.git")
        let before = try world.state(of: specs)
        try world.directory.write(jsonPodspec("Foo", "1..2", git: world("Foo.git"), dependencies: ["Nope": ["~> 1.0"],
                                                                                                  "Bar": ["~> 2.0"]]),
                                  to: "Foo.podspec.json")
        let result = try world.compctl(["publish", "Foo.podspec.json", "--repo", specs, "--skip-tag-check"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: Foo.podspec.json: version '1..2' is not a valid version; write numbers separated by dots, such as 1.2.3 or 1.2.3-rc.1
            error: Foo.podspec.json: dependency 'Bar' (~> 2.0): no version in specs satisfies it; newest is 1.0.0; loosen the requirement or publish a version that satisfies it
            error: Foo.podspec.json: dependency 'Nope' (~> 1.0): no pod 'Nope' in specs; fix the name, or pass the spec repo that publishes it with --source

            """)
        #expect(try world.state(of: specs) == before)

        try world.directory.write("{\"name\": \"Foo\",", to: "Broken.podspec.json")
        let broken = try world.compctl(["publish", "Broken.podspec.json", "--repo", specs])
        #expect(broken.exitCode == 2, "\(broken)")
        #expect(broken.stderr.hasPrefix("error: Broken.podspec.json:1: "), "\(broken)")
        #expect(try world.state(of: specs) == before)
    }

    @Test func aCycleAndAMissingTagAreLintProblems() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0", dependencies: ["Foo": []]),
        ])
        try world.component("Foo", version: "1.0.0")
        try world.directory.write(jsonPodspec("Foo", "2.0.0", git: world("Foo.git"), dependencies: ["Bar": []]),
                                  to: "Foo.podspec.json")
        let before = try world.state(of: specs)
        let result = try world.compctl(["publish", "Foo.podspec.json", "--repo", specs])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr == """
            error: Foo.podspec.json: publishing Foo 2.0.0 to specs would close a dependency cycle: Foo 2.0.0 → Bar 1.0.0 → Foo; remove one of these dependencies
            error: Foo.podspec.json: tag 2.0.0 does not exist in \(world("Foo.git")); push the tag first (`compctl bump --push` does), or fix the spec's source

            """)
        #expect(try world.state(of: specs) == before)
    }

    @Test func anUnreachableComponentRepoIsAnErrorUnlessTheTagCheckIsSkipped() throws {
        let world = try world()
        let specs = world("specs.git")
        let port = try freeLocalPort()
        try world.directory.write(jsonPodspec("Foo", "1.0.0", git: "git://127.0.0.1:\(port)/Foo.git"), to: "Foo.podspec.json")
        let before = try world.state(of: specs)
        let result = try world.compctl(["publish", "Foo.podspec.json", "--repo", specs])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: Foo.podspec.json: cannot check that tag 1.0.0 exists: cannot reach "
            + "git://127.0.0.1:\(port)/Foo.git: failed to connect to 127.0.0.1: Connection refused; check the url, the "
            + "network, and that the repository exists; pass --skip-tag-check to publish without that check\n")
        #expect(try world.state(of: specs) == before)

        let skipped = try world.compctl(["publish", "Foo.podspec.json", "--repo", specs, "--skip-tag-check"])
        #expect(skipped.exitCode == 0, "\(skipped)")
        #expect(try world.log(specs).first == "[Add] Foo (1.0.0)")
    }

    @Test func dryRunShowsThePathAndTheCommitAndChangesNothing() throws {
        let world = try world()
        let specs = world("specs.git")
        let before = try world.state(of: specs)
        let result = try world.compctl(["publish", try podspec(world, "1.1.0"), "--repo", specs, "--dry-run"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "would write Foo/1.1.0/Foo.podspec.json in specs (\(specs))\nwould commit [Add] Foo (1.1.0)\n")
        #expect(try world.state(of: specs) == before)

        let json = try world.compctl(["publish", try podspec(world, "1.1.0"), "--repo", specs, "--dry-run", "--json"])
        #expect(json.stdout == """
            {
              "dryRun" : true,
              "kind" : "Add",
              "message" : "[Add] Foo (1.1.0)",
              "name" : "Foo",
              "path" : "Foo/1.1.0/Foo.podspec.json",
              "problems" : [

              ],
              "published" : false,
              "repo" : "specs",
              "schemaVersion" : 1,
              "url" : "\(specs)",
              "version" : "1.1.0"
            }

            """)
    }

    @Test func publishesIntoSpecsAndTheRightShardOfANamedRepo() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "CocoaPods-version.yml": "prefix_lengths: [1, 1, 1]\n",
            // MD5("Bar") = ddc35f88…
            "Specs/d/d/c/Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0"),
        ])
        try world.component("Foo", version: "1.0.0")
        try world.directory.write("spec_repos:\n  - name: acme\n    url: file://\(specs)\n", to: "compctl.yml")
        try world.directory.write(jsonPodspec("Foo", "1.0.0", git: world("Foo.git")), to: "Foo.podspec.json")
        let result = try world.compctl(["publish", "Foo.podspec.json", "--repo", "acme"])
        #expect(result.exitCode == 0, "\(result)")
        // MD5("Foo") = 1356c67d…
        #expect(result.stdout.hasPrefix("published Foo 1.0.0 to acme: [Add] Foo (1.0.0) at Specs/1/3/5/Foo/1.0.0/Foo.podspec.json"))
        #expect(try gitCLI("--git-dir", specs, "ls-tree", "-r", "--name-only", "main").split(separator: "\n")
            .contains("Specs/1/3/5/Foo/1.0.0/Foo.podspec.json"))
    }

    @Test func aPlainDirectoryCannotBePublishedTo() throws {
        let world = try world()
        try world.write(["Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0")], under: "plain")
        let result = try world.compctl(["publish", try podspec(world, "1.0.0"), "--repo", "plain"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: cannot publish to 'plain': it is a plain directory, not a git repository; pass "
            + "the spec repo's name in compctl.yml, its git URL or a bare repository\n")
    }
}

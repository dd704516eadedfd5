import Foundation
import Testing

@Suite struct RepoCommandTests {
    static let specs = [
        "Foo/1.0.0/Foo.podspec.json": jsonPodspec("Foo", "1.0.0"),
        "Foo/1.1.0/Foo.podspec.json": jsonPodspec("Foo", "1.1.0"),
        "Bar/2.0.0/Bar.podspec.json": jsonPodspec("Bar", "2.0.0"),
        "README.md": "# specs\n",
    ]

    @Test func addListShowUpdateRemove() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: Self.specs)
        let url = "file://" + bare
        let head = try world.short("main", in: bare)

        let added = try world.compctl(["repo", "add", "acme", url])
        #expect(added.exitCode == 0, "\(added)")
        #expect(added.stdout == "added acme (\(url)): main at \(head), 2 pods\n")
        #expect(added.stderr == "")
        #expect(try world.cacheEntries() == ["acme"])

        let list = try world.compctl(["repo", "list"])
        let urlColumn = "URL".padding(toLength: url.count, withPad: " ", startingAt: 0)
        #expect(maskingTimes(list.stdout) == """
            NAME  \(urlColumn)  BRANCH  HEAD     LAST FETCH
            acme  \(url)  main    \(head)  <time>

            """, "\(list)")

        let json = try world.compctl(["repo", "list", "--json"])
        #expect(maskingTimes(json.stdout) == """
            {
              "repos" : [
                {
                  "branch" : "main",
                  "head" : "\(head)",
                  "lastFetch" : "<time>",
                  "name" : "acme",
                  "origin" : "added",
                  "state" : "cached",
                  "url" : "\(url)"
                }
              ],
              "schemaVersion" : 1
            }

            """)

        let show = try world.compctl(["repo", "show", "acme"])
        #expect(show.stdout == "Bar\t2.0.0\nFoo\t1.1.0 1.0.0\n", "\(show)")
        #expect(show.stderr == "")

        let upToDate = try world.compctl(["repo", "update", "acme"])
        #expect(upToDate.stdout == "acme: up to date, main at \(head)\n", "\(upToDate)")
        try gitCLI("clone", "-q", bare, world("push-clone"))
        try world.write(["Baz/0.1.0/Baz.podspec.json": jsonPodspec("Baz", "0.1.0")], under: "push-clone")
        try gitCLI("add", "-A", in: world("push-clone"))
        try gitCLI("commit", "-q", "-m", "[Add] Baz (0.1.0)", in: world("push-clone"))
        try gitCLI("push", "-q", "origin", "main", in: world("push-clone"))
        let newHead = try world.short("main", in: bare)
        let updated = try world.compctl(["repo", "update"])
        #expect(updated.stdout == "acme: main \(head) → \(newHead)\n", "\(updated)")
        #expect(try world.compctl(["repo", "show", "acme", "--no-fetch"]).stdout == "Bar\t2.0.0\nBaz\t0.1.0\nFoo\t1.1.0 1.0.0\n")

        let removed = try world.compctl(["repo", "remove", "acme"])
        #expect(removed.stdout == "removed acme (\(url))\n", "\(removed)")
        #expect(try world.cacheEntries().isEmpty)
        let empty = try world.compctl(["repo", "list"])
        #expect(empty.stdout == "")
        #expect(empty.stderr == "no spec repos: list them in compctl.yml (spec_repos), or add one with `compctl repo add NAME URL`\n")
    }

    @Test func dryRunsAskTheRemoteButChangeNothing() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: Self.specs)
        let head = try world.short("main", in: bare)
        let add = try world.compctl(["repo", "add", "acme", bare, "--dry-run"])
        #expect(add.exitCode == 0, "\(add)")
        #expect(add.stdout == "would clone \(bare) into \(world("home/repos/acme")) as acme: main at \(head)\n")
        #expect(try world.cacheEntries().isEmpty)
        let port = try freeLocalPort()
        let unreachable = try world.compctl(["repo", "add", "acme", "git://127.0.0.1:\(port)/specs.git", "--dry-run"])
        #expect(unreachable.exitCode == 1)
        #expect(unreachable.stderr.hasPrefix("error: cannot reach git://127.0.0.1:\(port)/specs.git: "), "\(unreachable)")

        #expect(try world.compctl(["repo", "add", "acme", bare]).exitCode == 0)
        try gitCLI("clone", "-q", bare, world("push-clone"))
        try world.write(["Baz/0.1.0/Baz.podspec.json": jsonPodspec("Baz", "0.1.0")], under: "push-clone")
        try gitCLI("add", "-A", in: world("push-clone"))
        try gitCLI("commit", "-q", "-m", "[Add] Baz (0.1.0)", in: world("push-clone"))
        try gitCLI("push", "-q", "origin", "main", in: world("push-clone"))
        let before = try world.state(of: world("home/repos/acme"))
        let update = try world.compctl(["repo", "update", "--dry-run"])
        #expect(update.stdout == "acme: would fetch main \(head) → \(try world.short("main", in: bare))\n", "\(update)")
        #expect(try world.state(of: world("home/repos/acme")) == before)

        let remove = try world.compctl(["repo", "remove", "acme", "--dry-run"])
        #expect(remove.stdout == "would remove acme (\(bare)) at \(world("home/repos/acme"))\n", "\(remove)")
        #expect(try world.cacheEntries() == ["acme"])
    }

    @Test func showReadsEverySourceFormTheSame() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: Self.specs)
        try world.write(Self.specs, under: "plain")
        try gitCLI("clone", "-q", bare, world("checkout"))
        try world.directory.write("""
            spec_repos:
              - name: acme
                url: file://\(bare)

            """, to: "compctl.yml")
        let expected = "Bar\t2.0.0\nFoo\t1.1.0 1.0.0\n"

        for source in ["acme", "file://" + bare, bare, "specs.git", "plain", "checkout", "./checkout"] {
            let result = try world.compctl(["repo", "show", source])
            #expect(result.exitCode == 0, "\(source): \(result)")
            #expect(result.stdout == expected, "\(source): \(result)")
            #expect(result.stderr == "", "\(source): \(result)")
        }
        // A work tree is read as files: an uncommitted spec shows.
        try world.write(["Foo/1.2.0/Foo.podspec.json": jsonPodspec("Foo", "1.2.0")], under: "checkout")
        #expect(try world.compctl(["repo", "show", "checkout"]).stdout == "Bar\t2.0.0\nFoo\t1.2.0 1.1.0 1.0.0\n")
        // The URL and the configured name share one cached clone.
        #expect(try world.cacheEntries() == ["acme"])
    }

    @Test(arguments: SpecRepoFixtures.corpusBundles)
    func showsEachCorpusRepoFromABareCloneAsFromItsCheckout(bundle: String) throws {
        let world = try GitWorld()
        let bare = world("\(bundle).git")
        try gitCLI("clone", "-q", "--bare", TestPaths.corpus.appendingPathComponent("specrepos/\(bundle).bundle").path, bare)
        let expected = try SpecRepoFixtures.expectations(bundle)

        let result = try world.compctl(["repo", "show", bare])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == expected.pods.map { $0 + "\n" }.joined())
        #expect(result.stderr == expected.skipped.map { "warning: \($0)\n" }.joined())
    }

    @Test func anEmptyRepoIsAddedAndShownAsEmpty() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: [:])
        let added = try world.compctl(["repo", "add", "fresh", bare])
        #expect(added.stdout == "added fresh (\(bare)): main is empty, nothing is published yet\n", "\(added)")
        let show = try world.compctl(["repo", "show", "fresh"])
        #expect(show.exitCode == 0)
        #expect(show.stdout == "")
        #expect(show.stderr == "note: \(bare) has no commit yet: no pods\n")
    }

    @Test func badInputIsAPreciseErrorAndLeavesNothing() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: Self.specs)
        let component = try world.component("Comp", version: "1.0.0")
        let port = try freeLocalPort()
        let cases: [([String], String)] = [
            (["repo", "add", "acme", "git://127.0.0.1:\(port)/specs.git"],
             "error: cannot reach git://127.0.0.1:\(port)/specs.git: failed to connect to 127.0.0.1: Connection refused; "
                + "check the url, the network, and that the repository exists\n"),
            (["repo", "add", "acme", world("missing.git")],
             "error: cannot reach \(world("missing.git")): \(world("missing.git")) does not exist; check the url, the "
                + "network, and that the repository exists\n"),
            (["repo", "add", "comp", component + ".git"],
             "error: \(component).git is not a spec repo: its main branch has no Specs/ folder, no CocoaPods-version.yml "
                + "and no pod folder with a version folder in it (Name/1.0.0/Name.podspec.json); check the URL: it must "
                + "be the spec repo, not a component's repository\n"),
            (["repo", "update", "nope"],
             "error: no spec repo called 'nope' in \(world("home/repos")); see `compctl repo list`, or add it with "
                + "`compctl repo add nope URL`\n"),
            (["repo", "remove", "nope"],
             "error: no spec repo called 'nope' in \(world("home/repos")); see `compctl repo list`, or add it with "
                + "`compctl repo add nope URL`\n"),
            (["repo", "show", "nope"],
             "error: no spec repo 'nope': it is not a name from compctl.yml or `compctl repo add` (none is configured "
                + "or added), not a git URL, and no such directory exists; pass a name, a URL or the path of a spec repo\n"),
        ]
        for (arguments, stderr) in cases {
            let result = try world.compctl(arguments)
            #expect(result.exitCode == 1, "\(arguments): \(result)")
            #expect(result.stdout == "", "\(arguments): \(result)")
            #expect(result.stderr == stderr, "\(arguments): \(result)")
            #expect(!result.stderr.contains("s3cret"))
            #expect(try world.cacheEntries().isEmpty, "\(arguments)")
        }

        // Refused credentials: the token is offered once, refused, and never printed.
        let server = try LoopbackHTTPServer.refusing()
        let refused = try world.compctl(["repo", "add", "acme", "http://127.0.0.1:\(server.port)/specs.git"],
                                        environment: ["COMPCTL_GIT_TOKEN": "s3cret"])
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderr == "error: authentication to http://127.0.0.1:\(server.port)/specs.git was refused; check "
            + "COMPCTL_GIT_TOKEN: it must be a valid token with access to this repository\n")
        let inURL = try world.compctl(["repo", "show", "http://x-access-token:s3cret@127.0.0.1:\(server.port)/specs.git"])
        #expect(inURL.exitCode == 1, "\(inURL)")
        #expect(inURL.stderr == "error: authentication to http://***@127.0.0.1:\(server.port)/specs.git is required; set "
            + "COMPCTL_GIT_TOKEN to a token with access to this repository\n")
        #expect(!(refused.stderr + inURL.stderr).contains("s3cret"))
        #expect(try world.cacheEntries().isEmpty)

        #expect(try world.compctl(["repo", "add", "acme", bare]).exitCode == 0)
        let again = try world.compctl(["repo", "add", "acme", "file:///elsewhere.git"])
        #expect(again.exitCode == 1)
        #expect(again.stderr == "error: a spec repo called 'acme' is already added (\(bare)); use it as it is, "
            + "or remove it first with `compctl repo remove acme`\n")
        #expect(try world.cacheEntries() == ["acme"])

        let badName = try world.compctl(["repo", "add", ".hidden", bare])
        #expect(badName.exitCode == 64)
        #expect(badName.stderr.hasPrefix("Error: '.hidden' cannot name a spec repo: use letters, digits, '-', '_' and '.', "
            + "not starting with '.'\n"))
    }

    @Test func aBadConfigurationIsAnErrorNamingTheLine() throws {
        let world = try GitWorld()
        try world.directory.write("spec_repos:\n  - name: acme\n    uri: https://h/specs.git\n", to: "compctl.yml")
        for arguments in [["repo", "list"], ["repo", "show", "acme"], ["repo", "add", "x", "https://h/x.git"]] {
            let result = try world.compctl(arguments)
            #expect(result.exitCode == 1, "\(arguments): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("error: \(world("compctl.yml")):3: "), "\(arguments): \(result)")
            #expect(try world.cacheEntries().isEmpty)
        }
    }

    @Test func listShowsConfiguredReposBeforeAddedOnes() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: Self.specs)
        try world.write(Self.specs, under: "plain")
        try world.directory.write("""
            spec_repos:
              - name: remote
                url: https://x-access-token:s3cret@git.example/specs.git
              - name: local
                url: plain

            """, to: "compctl.yml")
        _ = try world.compctl(["repo", "add", "acme", bare])
        let head = try world.short("main", in: bare)
        let list = try world.compctl(["repo", "list"])
        #expect(list.exitCode == 0, "\(list)")
        let url = "https://***@git.example/specs.git"
        let width = max(url.count, bare.count, world("plain").count)
        func pad(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        #expect(maskingTimes(list.stdout) == """
            NAME    \(pad("URL"))  BRANCH  HEAD     LAST FETCH
            remote  \(pad(url))  -       -        not cloned
            local   \(pad(world("plain")))  -       -        in place
            acme    \(pad(bare))  main    \(head)  <time>

            """)
        #expect(!list.stdout.contains("s3cret"))
    }
}

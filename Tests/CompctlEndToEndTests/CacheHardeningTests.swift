import Foundation
import Testing

/// What a killed or concurrent git process leaves behind (lock files, half-made clones) and
/// where credentials could leak (query strings, file modes): compctl cleans its own cache,
/// never a user's repository, and names what it cannot clean.
@Suite struct CacheHardeningTests {
    /// Two hours: far older than any live git process holds a lock.
    static let stale: TimeInterval = 7200

    /// Commits a new spec into the bare repo at `bare` from a scratch clone, as another
    /// publisher would; returns the new short head.
    @discardableResult
    private func pushSpec(_ name: String, into bare: String, world: GitWorld) throws -> String {
        let work = world("push-\(name)")
        try gitCLI("clone", "-q", bare, work)
        try world.write(["\(name)/0.1.0/\(name).podspec.json": jsonPodspec(name, "0.1.0")], under: "push-\(name)")
        try gitCLI("add", "-A", in: work)
        try gitCLI("commit", "-q", "-m", "[Add] \(name) (0.1.0)", in: work)
        try gitCLI("push", "-q", "origin", "main", in: work)
        return try world.short("main", in: bare)
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    // MARK: - Defect 6: leftover ref locks

    @Test func aStaleRefLockInTheCacheIsRemovedAndRepoUpdateProceeds() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: RepoCommandTests.specs)
        let head = try world.short("main", in: bare)
        #expect(try world.compctl(["repo", "add", "acme", bare]).exitCode == 0)
        let newHead = try pushSpec("Baz", into: bare, world: world)
        let lock = world("home/repos/acme/refs/heads/main.lock")
        try plantFile(lock, age: Self.stale)

        let updated = try world.compctl(["repo", "update", "acme"])
        #expect(updated.exitCode == 0, "\(updated)")
        #expect(updated.stdout == "acme: main \(head) → \(newHead)\n")
        #expect(updated.stderr == "")
        #expect(!exists(lock))
        #expect(try gitCLI("--git-dir", world("home/repos/acme"), "rev-parse", "refs/heads/main")
            == (try gitCLI("--git-dir", bare, "rev-parse", "main")))
    }

    /// Every writer of the cache holds its flock, so even a lock made a moment ago was left
    /// by a killed compctl (the kill -9 harness found such locks blocking the next command).
    @Test func aFreshRefLockInTheCacheIsRemovedToo() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: RepoCommandTests.specs)
        #expect(try world.compctl(["repo", "add", "acme", bare]).exitCode == 0)
        try pushSpec("Baz", into: bare, world: world)
        let lock = world("home/repos/acme/refs/heads/main.lock")
        try plantFile(lock, age: 0)

        let updated = try world.compctl(["repo", "update", "acme"])
        #expect(updated.exitCode == 0, "\(updated)")
        #expect(!exists(lock))
    }

    @Test func aStaleRefLockInTheCacheIsRemovedAndPublishProceeds() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: ["Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0")])
        try world.directory.write(jsonPodspec("Foo", "1.0.0"), to: "Foo-1.0.0.podspec.json")
        try world.directory.write(jsonPodspec("Foo", "1.1.0"), to: "Foo-1.1.0.podspec.json")
        let first = try world.compctl(["publish", "Foo-1.0.0.podspec.json", "--repo", specs, "--skip-tag-check"])
        #expect(first.exitCode == 0, "\(first)")
        // The cache is behind (someone else published) and a killed run left its lock.
        try pushSpec("Baz", into: specs, world: world)
        let lock = world("home/repos/specs/refs/heads/main.lock")
        try plantFile(lock, age: Self.stale)

        let second = try world.compctl(["publish", "Foo-1.1.0.podspec.json", "--repo", specs, "--skip-tag-check"])
        #expect(second.exitCode == 0, "\(second)")
        #expect(second.stdout.hasPrefix("published Foo 1.1.0 to specs: [Update] Foo (1.1.0) at Foo/1.1.0/Foo.podspec.json"),
                "\(second)")
        #expect(second.stderr == "")
        #expect(!exists(lock))
        #expect(try world.log(specs).prefix(2) == ["[Update] Foo (1.1.0)", "[Add] Baz (0.1.0)"])
        #expect(try gitCLI("--git-dir", world("home/repos/specs"), "rev-parse", "refs/heads/main")
            == (try gitCLI("--git-dir", specs, "rev-parse", "main")))
    }

    @Test func aStaleRefLockInASharedBareRepoIsNamedAtOnceAndKept() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: ["Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0")])
        try world.directory.write(jsonPodspec("Foo", "1.0.0"), to: "Foo.podspec.json")
        let lock = specs + "/refs/heads/main.lock"
        try plantFile(lock, age: Self.stale)
        let before = try world.state(of: specs)

        let started = Date()
        let result = try world.compctl(["publish", "Foo.podspec.json", "--repo", specs, "--skip-tag-check"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(lock) is 2 hours old: a git process is updating \(specs)/refs/heads/main, "
            + "or one was killed while it did and left the lock behind; if no git process is using that repository, "
            + "remove the lock (`rm \(lock)`) and run the command again\n")
        // Not the 12 attempts with backoff of a lost race (about 10 s).
        #expect(elapsed < 5, "took \(elapsed) s")
        // Not compctl's to remove: a user's or a team's repository.
        #expect(exists(lock))
        #expect(try world.state(of: specs) == before)
    }

    // MARK: - Partial clones left by killed runs

    @Test func partialClonesOfDeadProcessesAreRemovedAndLiveOnesKept() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: RepoCommandTests.specs)
        #expect(try world.compctl(["repo", "add", "acme", bare]).exitCode == 0)
        // What a clone or a remove killed half-way leaves: a bare repository under a hidden name.
        let dead = world("home/repos/.acme.partial-999999-12345")
        try gitCLI("init", "-q", "--bare", dead)
        let trash = world("home/repos/.gone.removing-999999-6789")
        try gitCLI("init", "-q", "--bare", trash)
        // A clone in progress: its process (here a stand-in) runs and holds the lock on the folder.
        let owner = Process()
        owner.executableURL = URL(fileURLWithPath: "/bin/sleep")
        owner.arguments = ["30"]
        try owner.run()
        defer { if owner.isRunning { owner.terminate() } }
        let live = ".acme.partial-\(owner.processIdentifier)-777"
        try FileManager.default.createDirectory(atPath: world("home/repos/" + live), withIntermediateDirectories: false)
        let held = try HeldFlock(world("home/repos/" + live))

        let updated = try world.compctl(["repo", "update", "acme"])
        #expect(updated.exitCode == 0, "\(updated)")
        #expect(try world.cacheEntries() == [live, "acme"])

        // Its owner dies: the lock goes with it, and the folder is a leftover.
        held.release()
        owner.terminate()
        owner.waitUntilExit()
        let again = try world.compctl(["repo", "update", "acme"])
        #expect(again.exitCode == 0, "\(again)")
        #expect(try world.cacheEntries() == ["acme"])
    }

    // MARK: - Credentials in query strings and in files

    @Test func queryStringTokensAreHiddenInListsAndErrors() throws {
        let world = try GitWorld()
        try world.directory.write("""
            spec_repos:
              - name: remote
                url: https://git.example/specs.git?private_token=s3cret

            """, to: "compctl.yml")
        let json = try world.compctl(["repo", "list", "--json"])
        #expect(json.exitCode == 0, "\(json)")
        #expect(json.stdout.contains("\"url\" : \"https://git.example/specs.git?private_token=***\""), "\(json)")
        let table = try world.compctl(["repo", "list"])
        #expect(table.stdout.contains("https://git.example/specs.git?private_token=***"), "\(table)")
        #expect(!(json.stdout + table.stdout).contains("s3cret"))

        let port = try freeLocalPort()
        let unreachable = try world.compctl(["repo", "add", "acme", "git://127.0.0.1:\(port)/specs.git?access_token=s3cret"])
        #expect(unreachable.exitCode == 1, "\(unreachable)")
        #expect(unreachable.stderr == "error: cannot reach git://127.0.0.1:\(port)/specs.git?access_token=***: failed to "
            + "connect to 127.0.0.1: Connection refused; check the url, the network, and that the repository exists\n")

        let server = try LoopbackHTTPServer.refusing()
        let refused = try world.compctl(["repo", "show", "http://127.0.0.1:\(server.port)/specs.git?Token=s3cret"])
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderr == "error: authentication to http://127.0.0.1:\(server.port)/specs.git?Token=*** is "
            + "required; set COMPCTL_GIT_TOKEN to a token with access to this repository\n")

        try world.directory.write(jsonPodspec("Foo", "1.0.0"), to: "Foo.podspec.json")
        let publish = try world.compctl(["publish", "Foo.podspec.json", "--skip-tag-check",
                                         "--repo", "git://127.0.0.1:\(port)/specs.git?private_token=s3cret"])
        #expect(publish.exitCode == 1, "\(publish)")
        #expect(!(unreachable.stderr + refused.stderr + publish.stdout + publish.stderr).contains("s3cret"), "\(publish)")
        #expect(try world.cacheEntries().allSatisfy { !$0.contains("s3cret") })
    }

    @Test func specShowHidesCredentialsInTheSpecsSource() throws {
        let world = try GitWorld()
        try world.directory.write(jsonPodspec("Foo", "1.0.0", git: "https://bot:s3cret@git.example/foo.git?private_token=s3cret"),
                                  to: "Foo.podspec.json")
        let text = try world.compctl(["spec", "show", "Foo.podspec.json"])
        #expect(text.exitCode == 0, "\(text)")
        #expect(text.stdout.contains("source: https://***@git.example/foo.git?private_token=*** (tag 1.0.0)\n"), "\(text)")
        let json = try world.compctl(["spec", "show", "Foo.podspec.json", "--json"])
        #expect(json.exitCode == 0, "\(json)")
        #expect(json.stdout.contains("\"git\" : \"https://***@git.example/foo.git?private_token=***\""), "\(json)")
        #expect(!(text.stdout + json.stdout).contains("s3cret"))
    }

    @Test func theCacheKeepsItsRemoteURLsToTheUser() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: RepoCommandTests.specs)
        let url = "file://" + bare
        #expect(try world.compctl(["repo", "add", "acme", url]).exitCode == 0)
        let repos = world("home/repos")
        let acme = world("home/repos/acme")

        func checkModes(_ context: String) throws {
            #expect(try permissions(of: repos) == 0o700, "\(context)")
            #expect(try permissions(of: acme) == 0o700, "\(context)")
            #expect(try permissions(of: acme + "/config") == 0o600, "\(context)")
            // The URL (credentials included, when it has any) is in no other file.
            #expect(try filesMentioning(url, under: acme) == ["config"], "\(context)")
        }
        try checkModes("after repo add")

        // A cache made by an earlier compctl is fixed by the next write.
        chmod(repos, 0o755)
        chmod(acme, 0o755)
        chmod(acme + "/config", 0o644)
        try pushSpec("Baz", into: bare, world: world)
        let updated = try world.compctl(["repo", "update", "acme"])
        #expect(updated.exitCode == 0, "\(updated)")
        try checkModes("after repo update")
    }

    /// The files below `directory` (objects excluded) whose bytes contain `text`, relative.
    private func filesMentioning(_ text: String, under directory: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.hasPrefix("objects") else { continue }
            let path = directory + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: path)
            else { continue }
            if String(decoding: data, as: UTF8.self).contains(text) { found.append(relative) }
        }
        return found.sorted()
    }
}

/// The 8-publisher soak lost a clone to another publisher's leftover sweep.
@Suite struct CacheLeftoverRaceTests {
    /// A brand-new clone folder whose process runs is kept even before it is locked.
    @Test func anUnlockedFolderOfALiveProcessIsNotALeftover() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: RepoCommandTests.specs)
        #expect(try world.compctl(["repo", "add", "acme", bare]).exitCode == 0)
        let young = ".acme.partial-\(getpid())-4242"
        try FileManager.default.createDirectory(atPath: world("home/repos/" + young), withIntermediateDirectories: false)
        let updated = try world.compctl(["repo", "update", "acme"])
        #expect(updated.exitCode == 0, "\(updated)")
        #expect(try world.cacheEntries() == [young, "acme"])
    }
}

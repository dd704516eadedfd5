import Foundation
import Testing

/// A spec repo, two component repos (Foo and Bar, each released at 1.0.0 and 1.1.0 with
/// only 1.0.0 published) and a main project `app` (a clone of `app.git`) pinning both at 1.0.0.
/// More components (`Baz`, `Qux`) get a `pod 'Name', '~> 1.0'` line each.
final class IntegrateWorld {
    let world: GitWorld

    init(components: [String] = ["Foo", "Bar"]) throws {
        world = try GitWorld()
        for name in components {
            try world.component(name, version: "1.0.0")
            try release(name, "1.1.0")
        }
        var specs: [String: String] = [:]
        for name in components { specs["\(name)/1.0.0/\(name).podspec.json"] = jsonPodspec(name, "1.0.0", git: world("\(name).git")) }
        try world.specRepo(files: specs)
        let extra = components.filter { $0 != "Foo" && $0 != "Bar" }.map { "  pod '\($0)', '~> 1.0'\n" }.joined()
        try world.write([
            "Podfile": "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Foo', '1.0.0'\n  pod 'Bar', '~> 1.0' # keep\n\(extra)end\n",
            "compctl.yml": "spec_repos:\n  - name: specs\n    url: \(world("specs.git"))\nprojects:\n  - name: App\n    podfile: Podfile\n    kind: main\n",
            ".gitignore": ".compctl/\n",
        ], under: "app-src")
        try gitCLI("init", "-q", "-b", "main", world("app-src"))
        try gitCLI("add", "-A", in: world("app-src"))
        try gitCLI("commit", "-q", "-m", "app", in: world("app-src"))
        try gitCLI("clone", "-q", "--bare", world("app-src"), world("app.git"))
        try gitCLI("clone", "-q", world("app.git"), world("app"))
        try gitCLI("config", "user.name", "CI", in: world("app"))
        try gitCLI("config", "user.email", "ci@example.invalid", in: world("app"))
    }

    /// Rewrites the component's podspec version, commits, tags and pushes.
    func release(_ name: String, _ version: String) throws {
        let path = world("\(name)/\(name).podspec")
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #"s.version = '1.0.0'"#, with: "s.version = '\(version)'")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try gitCLI("commit", "-q", "-am", "\(name) \(version)", in: world(name))
        try gitCLI("tag", "-a", "-m", "\(name) \(version)", version, in: world(name))
        try gitCLI("push", "-q", "origin", "main", version, in: world(name))
    }

    func integrate(_ arguments: [String], in directory: String = "app") throws -> CommandResult {
        try world.compctl(["integrate"] + arguments, in: world(directory))
    }

    /// Every file's bytes under the spec repo, the component repos and the main project
    /// (the kept build logs live under COMPCTL_HOME), plus every ref: what a failed integrate must not change.
    func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let roots = ["specs.git", "Foo.git", "Bar.git", "app", "app.git"]
            + (FileManager.default.fileExists(atPath: world("other")) ? ["other"] : [])
        for root in roots {
            let base = world(root)
            let enumerator = FileManager.default.enumerator(atPath: base)
            while let relative = enumerator?.nextObject() as? String {
                // The index's stat cache is refreshed by `git status` itself; its entries are compared below.
                if relative == ".git/index" { continue }
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory)
                if isDirectory.boolValue { result[root + "/" + relative + "/"] = Data(); continue }
                result[root + "/" + relative] = FileManager.default.contents(atPath: base + "/" + relative)
            }
            result[root + " refs"] = Data(try world.state(of: base).utf8)
            if root == "app" || root == "other" { result[root + " index"] = Data(try gitCLI("ls-files", "-s", in: base).utf8) }
        }
        return result
    }

    func podfile(_ project: String = "app") throws -> String { try String(contentsOfFile: world("\(project)/Podfile"), encoding: .utf8) }

    /// A second main project `other` (another clone of `app.git` whose Podfile says
    /// `# fails here`), listed after App in app/compctl.yml, which is committed there.
    func addOtherMainProject() throws {
        try gitCLI("clone", "-q", world("app.git"), world("other"))
        try gitCLI("config", "user.name", "CI", in: world("other"))
        try gitCLI("config", "user.email", "ci@example.invalid", in: world("other"))
        try (podfile("other") + "# fails here\n").write(toFile: world("other/Podfile"), atomically: true, encoding: .utf8)
        try gitCLI("commit", "-qam", "other", in: world("other"))
        try "spec_repos:\n  - name: specs\n    url: \(world("specs.git"))\nprojects:\n  - name: App\n    podfile: Podfile\n    kind: main\n  - name: Other\n    podfile: ../other/Podfile\n    kind: main\n"
            .write(toFile: world("app/compctl.yml"), atomically: true, encoding: .utf8)
        try gitCLI("commit", "-qam", "two main projects", in: world("app"))
    }

    /// Starts `compctl integrate` without waiting for it; its stdout and stderr go to
    /// `output` when given.
    func start(_ arguments: [String], output: String? = nil, environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = Paths.compctl
        process.arguments = ["integrate"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: world("app"))
        process.environment = ProcessInfo.processInfo.environment.merging(world.environment) { _, new in new }
            .merging(extra) { _, new in new }
        if let output {
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardOutput = handle
            process.standardError = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Starts `integrate Foo=1.1.0`, waits until its compile check runs (the Podfile pinned,
    /// the journal written) and kills it with SIGKILL; returns its pid.
    func integrateKilledDuringTheCheck(environment: [String: String] = [:]) throws -> Int32 {
        let marker = world("started")
        let process = try start(["Foo=1.1.0", "--check-command", "touch '\(marker)'; exec sleep 30"], environment: environment)
        try waitFor(marker)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// Waits until `path` exists (the check has started), up to 30 s.
    func waitFor(_ path: String) throws {
        for _ in 0..<300 {
            if FileManager.default.fileExists(atPath: path) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("\(path) never appeared")
    }
}

@Suite(.serialized) struct IntegrateCommandTests {
    @Test func aPassingCheckPublishesPinsAndCommits() throws {
        let fixture = try IntegrateWorld()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "test \"$COMPCTL_COMPONENTS\" = Foo=1.1.0 && grep -q \"'Foo', '1.1.0'\" \"$COMPCTL_PODFILE\""])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "integrated Foo=1.1.0 into Podfile\n")
        #expect(try fixture.podfile() == "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Foo', '1.1.0'\n  pod 'Bar', '~> 1.0' # keep\nend\n")
        #expect(try gitCLI("log", "-1", "--format=%s", in: fixture.world("app")) == "Integrate Foo 1.1.0")
        #expect(try gitCLI("status", "--porcelain", in: fixture.world("app")) == "")
        #expect(try fixture.world.log(fixture.world("specs.git")).first == "[Update] Foo (1.1.0)")
        #expect(!FileManager.default.fileExists(atPath: fixture.world("app/.compctl/integrate.journal")))
    }

    @Test func aFailingCheckChangesNothing() throws {
        let fixture = try IntegrateWorld()
        let before = try fixture.snapshot()
        defer { if let after = try? fixture.snapshot() { for key in Set(before.keys).union(after.keys) where before[key] != after[key] { Issue.record("changed: \(key)") } } }
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "echo compiling; echo 'Foo.c:1: error: boom'; exit 3"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("error: the compile check failed with exit code 3; nothing was published and the Podfile was restored\ncompiling\nFoo.c:1: error: boom\nfull log: "))
        #expect(try fixture.snapshot() == before)
    }

    @Test func sigtermDuringTheCheckRestoresEverything() throws {
        let fixture = try IntegrateWorld()
        let before = try fixture.snapshot()
        let marker = fixture.world("started")
        let process = try fixture.start(["Foo=1.1.0", "--check-command", "touch '\(marker)'; sleep 30"])
        try fixture.waitFor(marker)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(try fixture.snapshot() == before)
    }

    /// Only a writer (holding the project's lock) recovers; readers warn (IntegrateHardeningTests).
    @Test(arguments: [["integrate", "--recover"], ["pin", "Foo=1.0.0"]])
    func afterASigkillTheNextWriterRestores(next: [String]) throws {
        let fixture = try IntegrateWorld()
        let before = try fixture.snapshot()
        let killed = try fixture.integrateKilledDuringTheCheck()
        #expect(try fixture.podfile().contains("'Foo', '1.1.0'"))
        let result = try fixture.world.compctl(next, in: fixture.world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.hasPrefix("an earlier integrate of Foo=1.1.0 (pid \(killed)) did not finish; restored "))
        #expect(try fixture.snapshot() == before)
    }

    @Test func aMovedBranchRequeuesTheCheck() throws {
        let fixture = try IntegrateWorld()
        let moved = fixture.world("moved")
        let check = "[ -f '\(moved)' ] || { touch '\(moved)'; echo hi > NOTES; git add NOTES; git commit -qm moved; }"
        let result = try fixture.integrate(["Foo=1.1.0", "--max-requeues", "2", "--check-command", check])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the main project's branch moved during the check; re-applying the pins on "))
        #expect(try gitCLI("log", "--format=%s", in: fixture.world("app")) == "Integrate Foo 1.1.0\nmoved\napp")
        #expect(try fixture.podfile().contains("'Foo', '1.1.0'"))
    }

    @Test func aMovedRemoteBranchRequeuesTheCheckOnTheNewTip() throws {
        let fixture = try IntegrateWorld()
        try gitCLI("clone", "-q", fixture.world("app.git"), fixture.world("elsewhere"))
        try gitCLI("config", "user.name", "Other", in: fixture.world("elsewhere"))
        try gitCLI("config", "user.email", "other@example.invalid", in: fixture.world("elsewhere"))
        let runs = fixture.world("runs")
        // The first run pushes a commit from another clone; each run records whether it sees NOTES.
        let check = "if [ -f NOTES ]; then echo notes >> '\(runs)'; else echo bare >> '\(runs)'; "
            + "cd '\(fixture.world("elsewhere"))' && echo hi > NOTES && git add NOTES && git commit -qm moved && git push -q origin main; fi"
        let result = try fixture.integrate(["Foo=1.1.0", "--push", "--max-requeues", "2", "--check-command", check])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("origin/main moved during the check; re-applying the pins on "), "\(result.stderr)")
        #expect(try String(contentsOfFile: runs, encoding: .utf8) == "bare\nnotes\n")
        #expect(try gitCLI("--git-dir", fixture.world("app.git"), "log", "--format=%s", "main") == "Integrate Foo 1.1.0\nmoved\napp")
        #expect(try gitCLI("rev-parse", "HEAD", in: fixture.world("app")) == gitCLI("--git-dir", fixture.world("app.git"), "rev-parse", "main"))
        #expect(try gitCLI("status", "--porcelain", in: fixture.world("app")) == "")
        #expect(try fixture.podfile().contains("pod 'Foo', '1.1.0'"))
    }

    @Test func aMovedRemoteBranchPastMaxRequeuesIsPinnedWithoutANewCheck() throws {
        let fixture = try IntegrateWorld()
        try gitCLI("clone", "-q", fixture.world("app.git"), fixture.world("elsewhere"))
        try gitCLI("config", "user.name", "Other", in: fixture.world("elsewhere"))
        try gitCLI("config", "user.email", "other@example.invalid", in: fixture.world("elsewhere"))
        let runs = fixture.world("runs")
        let check = "echo run >> '\(runs)'; cd '\(fixture.world("elsewhere"))' && date +%s%N > NOTES && git add NOTES && git commit -qm moved && git push -q origin main"
        let result = try fixture.integrate(["Foo=1.1.0", "--push", "--max-requeues", "1", "--check-command", check])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: runs, encoding: .utf8) == "run\nrun\n")
        #expect(try gitCLI("--git-dir", fixture.world("app.git"), "log", "--format=%s", "main") == "Integrate Foo 1.1.0\nmoved\nmoved\napp")
    }

    @Test func packageSwiftFollowsThePodfile() throws {
        let fixture = try IntegrateWorld()
        let manifest = { (foo: String) in
            "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"App\",\n    dependencies: [\n"
                + "        .package(url: \"\(fixture.world("Foo.git"))\", exact: \"\(foo)\"),  // Foo\n"
                + "        .package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\"),\n    ]\n)\n"
        }
        try manifest("1.0.0").write(toFile: fixture.world("app/Package.swift"), atomically: true, encoding: .utf8)
        try "spec_repos:\n  - name: specs\n    url: \(fixture.world("specs.git"))\nprojects:\n  - name: App\n    podfile: Podfile\n    package_swift: Package.swift\n    kind: main\n"
            .write(toFile: fixture.world("app/compctl.yml"), atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: fixture.world("app"))
        try gitCLI("commit", "-qm", "package", in: fixture.world("app"))

        let before = try fixture.snapshot()
        let failed = try fixture.integrate(["Foo=1.1.0", "--check-command", "grep -q '\"1.1.0\"' Package.swift && exit 3"])
        #expect(failed.exitCode == 1)
        #expect(failed.stderr.contains("error: the compile check failed with exit code 3; nothing was published and the Podfile was restored\n"), "\(failed.stderr)")
        #expect(try fixture.snapshot() == before)

        let passed = try fixture.integrate(["Foo=1.1.0", "--check-command", "grep -q 'exact: \"1.1.0\"),  // Foo' Package.swift"])
        #expect(passed.exitCode == 0, "\(passed.stderr)")
        #expect(try String(contentsOfFile: fixture.world("app/Package.swift"), encoding: .utf8) == manifest("1.1.0"))
        #expect(try gitCLI("show", "--name-only", "--format=", "HEAD", in: fixture.world("app")) == "Package.swift\nPodfile")
        #expect(try gitCLI("status", "--porcelain", in: fixture.world("app")) == "")

        let rollback = try fixture.world.compctl(["pin", "Foo=1.0.0"], in: fixture.world("app"))
        #expect(rollback.exitCode == 0, "\(rollback.stderr)")
        #expect(rollback.stderr == "pinned 1 pod in Podfile and Package.swift\n")
        #expect(try String(contentsOfFile: fixture.world("app/Package.swift"), encoding: .utf8) == manifest("1.0.0"))
        #expect(try fixture.podfile().contains("pod 'Foo', '1.0.0'"))
    }

    @Test func twoIntegratesAtOnceBothLand() throws {
        let fixture = try IntegrateWorld()
        try gitCLI("clone", "-q", fixture.world("app.git"), fixture.world("app2"))
        let first = try fixture.start(["Foo=1.1.0", "--push", "--check-command", "sleep 1"])
        let second = Process()
        second.executableURL = Paths.compctl
        second.arguments = ["integrate", "Bar=1.1.0", "--push", "--check-command", "sleep 1"]
        second.currentDirectoryURL = URL(fileURLWithPath: fixture.world("app2"))
        second.environment = ProcessInfo.processInfo.environment.merging(fixture.world.environment) { _, new in new }
        second.standardOutput = FileHandle.nullDevice
        second.standardError = FileHandle.nullDevice
        try second.run()
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.terminationStatus == 0)
        let podfile = try gitCLI("--git-dir", fixture.world("app.git"), "show", "main:Podfile")
        #expect(podfile.contains("pod 'Foo', '1.1.0'") && podfile.contains("pod 'Bar', '1.1.0' # keep"))
        let specs = try gitCLI("--git-dir", fixture.world("specs.git"), "ls-tree", "-r", "--name-only", "main")
        #expect(specs.contains("Foo/1.1.0/Foo.podspec") && specs.contains("Bar/1.1.0/Bar.podspec"))
    }

    @Test(arguments: [
        (["Nope=1.0.0", "--check-command", "true"], "error: unknown component `Nope`: spec repo 'specs' has no version of it; check the name, or pass --podspec\n"),
        (["Foo=9.0.0", "--check-command", "true"], "error: `Foo` 9.0.0: no tag 9.0.0 in "),
        (["Foo=1.1.0"], "error: no compile check to run: pass --check-command CMD, or set check_command in compctl.yml\n"),
        (["Foo=1.1.0", "--timeout", "1", "--check-command", "sleep 20"], "error: the compile check timed out after 1 s; nothing was published and the Podfile was restored\n"),
    ])
    func badInputChangesNothing(arguments: [String], message: String) throws {
        let fixture = try IntegrateWorld()
        let before = try fixture.snapshot()
        let result = try fixture.integrate(arguments)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try fixture.snapshot() == before)
    }

    @Test func aPodfileLineItCannotEditIsRefused() throws {
        let fixture = try IntegrateWorld()
        try "target 'App' do\n  pod 'Foo', :git => 'https://x.example/Foo.git'\n  pod 'Bar', '1.0.0'\nend\n"
            .write(toFile: fixture.world("app/Podfile"), atomically: true, encoding: .utf8)
        try gitCLI("commit", "-qam", "git pod", in: fixture.world("app"))
        let before = try fixture.snapshot()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains(":2: `Foo` comes from :git `https://x.example/Foo.git`, not from a spec repo"), "\(result.stderr)")
        #expect(try fixture.snapshot() == before)
    }

    static let failsOnOther = "! grep -q 'fails here' \"$COMPCTL_PODFILE\""

    @Test func severalMainProjectsEachGetTheirTurn() throws {
        let fixture = try IntegrateWorld()
        try fixture.addOtherMainProject()
        let otherBefore = try fixture.snapshot().filter { $0.key.hasPrefix("other") }
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", Self.failsOnOther])
        #expect(result.exitCode == 1)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.map { $0.prefix(2) } == [["PROJECT", "OUTCOME"], ["App", "passed"], ["Other", "failed"]])
        #expect(rows.dropFirst().allSatisfy { $0.count == 3 && $0[2].contains("/logs/") }, "\(result.stdout)")
        #expect(result.stderr.contains("error: Other: the compile check failed with exit code 1; the Podfile of Other was restored\n"), "\(result.stderr)")
        #expect(try fixture.podfile().contains("pod 'Foo', '1.1.0'"))
        #expect(try gitCLI("log", "-1", "--format=%s", in: fixture.world("app")) == "Integrate Foo 1.1.0")
        #expect(try fixture.world.log(fixture.world("specs.git")).first == "[Update] Foo (1.1.0)")
        #expect(try fixture.snapshot().filter { $0.key.hasPrefix("other") } == otherBefore)
    }

    @Test func allOrNothingRevertsThePassedProjectAndPublishesNothing() throws {
        let fixture = try IntegrateWorld()
        try fixture.addOtherMainProject()
        let before = try fixture.snapshot()
        defer { if let after = try? fixture.snapshot() { for key in Set(before.keys).union(after.keys) where before[key] != after[key] { Issue.record("changed: \(key)") } } }
        let result = try fixture.integrate(["Foo=1.1.0", "--all-or-nothing", "--check-command", Self.failsOnOther])
        #expect(result.exitCode == 1)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).map(String.init) }
        #expect(rows == [["PROJECT", "OUTCOME"], ["App", "restored"], ["Other", "failed"]])
        #expect(result.stderr.contains("--all-or-nothing: nothing was published or committed; every Podfile is as it was\n"), "\(result.stderr)")
        #expect(try fixture.snapshot() == before)
    }

    @Test func severalMainProjectsAsJSON() throws {
        let fixture = try IntegrateWorld()
        try fixture.addOtherMainProject()
        let result = try fixture.integrate(["Foo=1.1.0", "--all-or-nothing", "--json", "--check-command", Self.failsOnOther])
        #expect(result.exitCode == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["published"] as? [String] == [])
        let projects = try #require(document["projects"] as? [[String: String]])
        #expect(projects.map { [$0["project"], $0["outcome"]] } == [["App", "restored"], ["Other", "failed"]])
        #expect(projects.allSatisfy { $0["log"]?.contains("/logs/") == true })
    }

    @Test func twoMainProjectsInOneDirectoryAreRefused() throws {
        let fixture = try IntegrateWorld()
        try "target 'Ext' do\n  pod 'Foo', '1.0.0'\nend\n".write(toFile: fixture.world("app/Extension.podfile"), atomically: true, encoding: .utf8)
        try "spec_repos:\n  - name: specs\n    url: \(fixture.world("specs.git"))\nprojects:\n  - name: App\n    podfile: Podfile\n    kind: main\n  - name: Ext\n    podfile: Extension.podfile\n    kind: main\n"
            .write(toFile: fixture.world("app/compctl.yml"), atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: fixture.world("app"))
        try gitCLI("commit", "-qm", "two in one", in: fixture.world("app"))
        let before = try fixture.snapshot()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 1)
        let root = URL(fileURLWithPath: fixture.world("app")).standardizedFileURL.path
        #expect(result.stderr == "error: main projects App and Ext have their Podfiles in one directory (\(root)); give each main project its own directory in compctl.yml, or integrate one with --podfile\n")
        #expect(try fixture.snapshot() == before)
    }

    @Test func allOrNothingPublishesOnceWhenEveryProjectPasses() throws {
        let fixture = try IntegrateWorld()
        try fixture.addOtherMainProject()
        let result = try fixture.integrate(["Foo=1.1.0", "--all-or-nothing", "--check-command", "true"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).map(String.init) }
        #expect(rows == [["PROJECT", "OUTCOME"], ["App", "passed"], ["Other", "passed"]])
        #expect(try fixture.podfile("app").contains("pod 'Foo', '1.1.0'") && fixture.podfile("other").contains("pod 'Foo', '1.1.0'"))
        #expect(try fixture.world.log(fixture.world("specs.git")).filter { $0 == "[Update] Foo (1.1.0)" }.count == 1)
    }
}

/// Errors that said the wrong thing (issue 12): each names what happened and what to do.
@Suite struct IntegrateErrorMessageTests {
    /// An unreachable component host is not a missing tag.
    @Test func anUnreachableComponentRepoIsNotAMissingTag() throws {
        let fixture = try IntegrateWorld()
        let port = try freeLocalPort()
        let work = fixture.world("specs-edit")
        try gitCLI("clone", "-q", fixture.world("specs.git"), work)
        try jsonPodspec("Foo", "1.0.0", git: "git://127.0.0.1:\(port)/Foo.git")
            .write(toFile: work + "/Foo/1.0.0/Foo.podspec.json", atomically: true, encoding: .utf8)
        try gitCLI("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qam", "moved", in: work)
        try gitCLI("push", "-q", "origin", "main", in: work)
        let before = try fixture.snapshot()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.hasPrefix("error: `Foo` 1.1.0: cannot fetch tag 1.1.0 from git://127.0.0.1:\(port)/Foo.git ("), "\(result)")
        #expect(result.stderr.contains("); check that this machine can reach it (network, credentials), or pass --podspec\n"),
                "\(result)")
        #expect(!result.stderr.contains("tag and push the release first"), "\(result)")
        #expect(try fixture.snapshot() == before)
    }

    /// A spec repo configured as a plain directory: the message names compctl.yml's url, not
    /// the name (which is right); a misspelt component is reported as such first.
    @Test func aPlainDirectorySpecRepoAndAMisspeltComponent() throws {
        let fixture = try IntegrateWorld()
        try gitCLI("clone", "-q", fixture.world("specs.git"), fixture.world("specs-plain"))
        try FileManager.default.removeItem(atPath: fixture.world("specs-plain/.git"))
        let config = "spec_repos:\n  - name: specs\n    url: \(fixture.world("specs-plain"))\n"
        try config.write(toFile: fixture.world("app/compctl.yml"), atomically: true, encoding: .utf8)
        try gitCLI("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qam", "plain", in: fixture.world("app"))

        let misspelt = try fixture.integrate(["Fooo=1.1.0", "--check-command", "true"])
        #expect(misspelt.exitCode == 1)
        #expect(misspelt.stderr == "error: unknown component `Fooo`: spec repo 'specs' has no version of it; "
            + "check the name, or pass --podspec\n")

        let plain = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(plain.exitCode == 1)
        #expect(plain.stderr == "error: cannot publish to 'specs': compctl.yml gives its url as \(fixture.world("specs-plain")), "
            + "a plain directory, not a git repository; set its url in compctl.yml to the spec repo's git URL or a bare repository\n")
    }
}

/// Protected branches: `--push-branch NAME` lands the checked pins on a branch of their own
/// and pushes it, for a pull or merge request; origin's main is never touched.
@Suite struct IntegratePushBranchTests {
    @Test func landsThePinsOnABranchOfTheirOwn() throws {
        let fixture = try IntegrateWorld()
        let mainBefore = try gitCLI("--git-dir", fixture.world("app.git"), "rev-parse", "main")
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true", "--push-branch", "compctl/foo-1.1.0"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("pushed branch compctl/foo-1.1.0; open a pull request from it"), "\(result)")
        // origin's main is as it was; the new branch holds the pins on top of it.
        #expect(try gitCLI("--git-dir", fixture.world("app.git"), "rev-parse", "main") == mainBefore)
        let podfile = try gitCLI("--git-dir", fixture.world("app.git"), "show", "compctl/foo-1.1.0:Podfile")
        #expect(podfile.contains("pod 'Foo', '1.1.0'"), "\(podfile)")
        #expect(try gitCLI("--git-dir", fixture.world("app.git"), "rev-parse", "compctl/foo-1.1.0^") == mainBefore)
        // The checkout is on the new branch, clean; the spec is published.
        #expect(try gitCLI("rev-parse", "--abbrev-ref", "HEAD", in: fixture.world("app")) == "compctl/foo-1.1.0")
        #expect(try gitCLI("status", "--porcelain", in: fixture.world("app")) == "")
        let specs = try gitCLI("--git-dir", fixture.world("specs.git"), "ls-tree", "-r", "--name-only", "main")
        #expect(specs.contains("Foo/1.1.0/Foo.podspec"))
    }

    @Test func aBranchOriginAlreadyHasIsRefusedBeforeAnyChange() throws {
        let fixture = try IntegrateWorld()
        try gitCLI("push", "-q", "origin", "main:refs/heads/taken", in: fixture.world("app"))
        let before = try fixture.snapshot()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true", "--push-branch", "taken"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: origin already has a branch taken; compctl never overwrites a branch: "
            + "pick another --push-branch name, or delete that branch first\n")
        #expect(try fixture.snapshot() == before)
    }

    @Test(arguments: [
        (["Foo=1.1.0", "--push", "--push-branch", "x"], "--push pushes to the checked-out branch and --push-branch to a new one; give one"),
        (["Foo=1.1.0", "--push-branch", "bad..name"], "--push-branch: 'bad..name' is not a valid branch name"),
    ])
    func badPushBranchUsage(arguments: [String], message: String) throws {
        let fixture = try IntegrateWorld()
        let result = try fixture.integrate(arguments + ["--check-command", "true"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }
}

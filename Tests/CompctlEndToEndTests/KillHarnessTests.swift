import Foundation
import Testing

/// Issue 9: `kill -9` at seeded random moments of `compctl integrate` and `compctl publish`,
/// each followed by the next command a user would run, then the invariants: every repo
/// passes `git fsck`; the Podfile is the original bytes, or pinned to a version that is
/// published and committed; a second identical integrate or publish succeeds or says it
/// is done; no scratch folder, partial clone or journal is left; nothing published is lost.
/// A git lock a kill leaves in a user's repository must be named by the next command, which
/// then counts as done once the harness removed it as a user would (compctl never does).
///
/// `COMPCTL_KILL_TRIALS` (default 32) scales it, `COMPCTL_KILL_SEED` (default below) picks
/// the kill points, `COMPCTL_KILL_ONLY=N` runs trial N alone (its kill point is drawn from the
/// same sequence, as a fraction of the measured span), `COMPCTL_KILL_AT_MS` then overrides its
/// delay. Every failure names the seed, the trial and the kill delay. Each trial kills a
/// command measured beforehand (once per run) at a delay drawn uniformly over its span;
/// the first of each command is killed at ~0, the second just past its end.
@Suite(.serialized) struct KillHarnessTests {
    static let defaultSeed: UInt64 = 0x0C0F_FEE9

    @Test func randomKillsLeaveEveryRepoWhole() async throws {
        // Off Swift concurrency's threads: the trials block for most of a minute.
        let failures = try await onOwnThread { try Self.trials() }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// Runs the trials and returns one message per invariant that did not hold.
    private static func trials() throws -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["COMPCTL_KILL_SEED"].flatMap { text in
            text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        } ?? defaultSeed
        let trials = HarnessReport.count("COMPCTL_KILL_TRIALS", default: 32)
        let only = environment["COMPCTL_KILL_ONLY"].flatMap { Int($0) }
        let forcedDelay = environment["COMPCTL_KILL_AT_MS"].flatMap { Int($0) }.map { Duration.milliseconds($0) }
        let shownSeed = "0x" + String(seed, radix: 16)
        let started = ContinuousClock.now

        // How long each command takes when nobody kills it: the span kill delays are drawn
        // from. The shortest of three runs, so that few kills land after the command ended.
        var spans: [KillTarget: Duration] = [:]
        for target in KillTarget.allCases {
            spans[target] = try (0..<3).map { _ in try KillTrial(target).measure() }.min()
        }

        var random = SeededGenerator(seed: seed)
        var perTarget: [KillTarget: Int] = [:]
        var phases: [String: Int] = [:]
        var failures: [String] = []
        var ran = 0
        var locksRemoved: [String] = []
        for index in 0..<trials {
            let target = KillTarget.allCases[index % KillTarget.allCases.count]
            let ordinal = perTarget[target, default: 0]
            perTarget[target] = ordinal + 1
            let span = spans[target]!
            // The first kill of each command lands at ~0, the second just past its end, the
            // others anywhere in between.
            let fraction: Double
            switch ordinal {
            case 0: fraction = Double.random(in: 0...0.005, using: &random)
            case 1: fraction = Double.random(in: 1.0...1.15, using: &random)
            default: fraction = Double.random(in: 0...1, using: &random)
            }
            if let only, only != index { continue }
            let delay = only != nil ? forcedDelay ?? span * fraction : span * fraction
            let trial = try KillTrial(target)
            let outcome = try trial.run(killingAfter: delay)
            ran += 1
            phases["\(target.command) \(outcome.phase)", default: 0] += 1
            locksRemoved += outcome.locksRemoved.map { "trial \(index): \($0)" }
            let context = "seed \(shownSeed) trial \(index) (\(target.rawValue), kill at \(delay.milliseconds) ms "
                + "of \(span.milliseconds) ms, phase \(outcome.phase))"
            for violation in outcome.violations {
                failures.append("\(context): \(violation)\n  reproduce: COMPCTL_KILL_SEED=\(shownSeed) COMPCTL_KILL_TRIALS=\(trials) "
                    + "COMPCTL_KILL_ONLY=\(index) [COMPCTL_KILL_AT_MS=\(delay.milliseconds)] swift test --skip-build --filter KillHarnessTests")
            }
        }
        let elapsed = ContinuousClock.now - started
        let failedTrials = Set(failures.map { $0.prefix(while: { $0 != "(" }) }).count
        print("kill -9 harness: seed \(shownSeed), \(ran) trials in \(elapsed.milliseconds / 1000) s, "
            + "spans " + KillTarget.allCases.map { "\($0.rawValue) \(spans[$0]!.milliseconds) ms" }.joined(separator: ", ")
            + "; kills by phase: " + phases.keys.sorted().map { "\($0) \(phases[$0]!)" }.joined(separator: ", ")
            + "; locks in the user's repos that compctl named and the harness removed: "
            + (locksRemoved.isEmpty ? "none" : locksRemoved.joined(separator: ", ")) + "; \(failedTrials) failed")
        HarnessReport.record(attack: "kill -9 integrate/publish", trials: ran, failures: failedTrials)
        return failures
    }
}

/// What a trial kills.
enum KillTarget: String, CaseIterable {
    case integrateFile = "integrate, file:// spec repo"
    case integrateGit = "integrate, git:// spec repo"
    case publishFile = "publish, file:// spec repo"
    case publishGit = "publish, git:// spec repo"

    var command: String { isIntegrate ? "integrate" : "publish" }
    var isIntegrate: Bool { self == .integrateFile || self == .integrateGit }
    var overGitDaemon: Bool { self == .integrateGit || self == .publishGit }
}

/// One trial's world, fresh each time: its own spec repo, components, main project, temp
/// directory (`TMPDIR`) and compctl home, so that whatever is left over is this trial's.
final class KillTrial {
    let target: KillTarget
    let world: GitWorld
    private let integrateWorld: IntegrateWorld?
    private let daemon: LocalGitDaemon?
    private let specURL: String
    /// The spec repo's files before the trial: none may go missing.
    private let specFilesBefore: Set<String>
    private let podfileBefore: Data
    private var locksRemoved: [String] = []

    private static let pinnedFoo = "pod 'Foo', '1.1.0'"

    init(_ target: KillTarget) throws {
        self.target = target
        if target.isIntegrate {
            let fixture = try IntegrateWorld()
            integrateWorld = fixture
            world = fixture.world
        } else {
            integrateWorld = nil
            world = try GitWorld()
            try world.specRepo(files: [
                "README.md": "# specs\n",
                "Foo/1.0.0/Foo.podspec.json": jsonPodspec("Foo", "1.0.0"),
                "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0", dependencies: ["Foo": ["~> 1.0"]]),
            ])
            try world.write(["Foo.podspec.json": jsonPodspec("Foo", "1.1.0")], under: "work")
        }
        try FileManager.default.createDirectory(atPath: world("tmp"), withIntermediateDirectories: true)
        if target.overGitDaemon {
            let daemon = try LocalGitDaemon(basePath: world.directory.url.path)
            self.daemon = daemon
            specURL = daemon.url("specs.git")
        } else {
            daemon = nil
            specURL = "file://" + world("specs.git")
        }
        if target.isIntegrate {
            try "spec_repos:\n  - name: specs\n    url: \(specURL)\nprojects:\n  - name: App\n    podfile: Podfile\n    kind: main\n"
                .write(toFile: world("app/compctl.yml"), atomically: true, encoding: .utf8)
            try gitCLI("commit", "-qam", "spec repo at \(specURL)", in: world("app"))
            podfileBefore = FileManager.default.contents(atPath: world("app/Podfile")) ?? Data()
        } else {
            podfileBefore = Data()
        }
        specFilesBefore = Set(try Self.files(of: world("specs.git")))
    }

    /// The command under test.
    private var command: (arguments: [String], directory: String) {
        target.isIntegrate
            ? (["integrate", "Foo=1.1.0", "--check-command", "true"], world("app"))
            : (["publish", "work/Foo.podspec.json", "--repo", specURL, "--skip-tag-check"], world.directory.url.path)
    }

    /// Every compctl run of the trial: the world's variables, this trial's temp directory.
    private var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(world.environment) { _, new in new }
            .merging(["TMPDIR": world("tmp"), "NO_COLOR": "1"]) { _, new in new }
    }

    /// Runs the command to its end and returns how long it took; throws when it fails.
    func measure() throws -> Duration {
        let start = ContinuousClock.now
        let child = try ChildProcess(Paths.compctl.path, command.arguments, in: command.directory, environment: environment,
                                     output: world("measure.log"))
        let termination = child.wait()
        let span = ContinuousClock.now - start
        guard termination == .exited(0) else {
            throw TestSupportError("\(target.rawValue), unkilled: \(termination)\n\(log("measure.log"))")
        }
        return span
    }

    /// What a trial found: where the kill landed and each invariant that did not hold.
    struct Outcome {
        var phase: String
        var violations: [String]
        /// Lock files in a user's repository that a command named and the harness removed.
        var locksRemoved: [String]
    }

    /// Starts the command, kills it with SIGKILL after `delay` (a no-op if it has ended),
    /// runs the next commands and checks the invariants.
    func run(killingAfter delay: Duration) throws -> Outcome {
        let child = try ChildProcess(Paths.compctl.path, command.arguments, in: command.directory, environment: environment,
                                     output: world("killed.log"))
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        child.kill(SIGKILL)
        let termination = child.wait()
        var violations: [String] = []
        if case let .exited(code) = termination, code != 0 {
            violations.append("the command itself failed (exit \(code)) before the kill:\n\(log("killed.log"))")
        }
        let phase = try self.phase(termination)
        if target.isIntegrate {
            violations += try checkIntegrate()
        } else {
            violations += try checkPublish()
        }
        return Outcome(phase: phase, violations: violations, locksRemoved: locksRemoved)
    }

    // MARK: - Where the kill landed

    /// `completed` when the command ended first; else for integrate the journal's step (or
    /// `preparing` before it, `finishing` after it), for publish `cloning` (no cached
    /// clone yet), `before push` or `after push` (the spec is on the remote).
    private func phase(_ termination: ChildProcess.Termination) throws -> String {
        guard termination == .signalled(SIGKILL) else { return "completed" }
        let published = try isPublished()
        if target.isIntegrate {
            if let data = FileManager.default.contents(atPath: world("app/.compctl/integrate.journal")),
               let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               let step = object["step"] as? String {
                return step == "publishing" ? "publishing (\(published ? "landed" : "not landed"))" : step
            }
            return try committedPodfile().contains(Self.pinnedFoo) ? "finishing" : "preparing"
        }
        if published { return "after push" }
        return FileManager.default.fileExists(atPath: world("home/repos/specs")) ? "before push" : "cloning"
    }

    // MARK: - Invariants

    private func checkIntegrate() throws -> [String] {
        var violations: [String] = []
        let recovered = try next(["integrate", "--recover"], in: world("app"))
        if recovered.exitCode != 0 { violations.append("`integrate --recover` failed: \(recovered)") }
        if FileManager.default.fileExists(atPath: world("app/.compctl/integrate.journal")) {
            violations.append("app/.compctl/integrate.journal is left after `integrate --recover`")
        }
        violations += try podfileInvariant(after: "integrate --recover")
        // Recovery never writes the spec repo: a lock the kill left there is named by the next
        // command that writes it (the second integrate below), which the harness then checks.
        violations += leftovers(after: "integrate --recover", cacheUsed: false, unwritten: [world("specs.git")])
        violations += fsck(after: "integrate --recover")

        let again = try next(command.arguments, in: world("app"))
        let done = ["integrated Foo=1.1.0 into Podfile\n", "Foo=1.1.0 already integrated into Podfile\n"]
        if again.exitCode != 0 || !done.contains(again.stdout) {
            violations.append("a second identical integrate did not succeed: \(again)")
        } else {
            let podfile = String(decoding: FileManager.default.contents(atPath: world("app/Podfile")) ?? Data(), as: UTF8.self)
            if !podfile.contains(Self.pinnedFoo) { violations.append("after a second integrate the Podfile is not pinned:\n\(podfile)") }
            if try !committedPodfile().contains(Self.pinnedFoo) { violations.append("after a second integrate HEAD:Podfile is not pinned") }
        }
        violations += try publishedOnce(after: "a second integrate")
        violations += leftovers(after: "a second integrate", cacheUsed: true)
        violations += fsck(after: "a second integrate")
        return violations
    }

    private func checkPublish() throws -> [String] {
        var violations: [String] = []
        // `repo update` is a next command that fits when the kill left a cached clone.
        if FileManager.default.fileExists(atPath: world("home/repos/specs")) {
            let updated = try next(["repo", "update", "specs"])
            if updated.exitCode != 0 { violations.append("`repo update specs` failed: \(updated)") }
        }
        let again = try next(command.arguments)
        let landed = again.exitCode == 0
            && (again.stdout.hasPrefix("published Foo 1.1.0 to specs: ") || again.stdout.hasPrefix("specs already has this exact spec"))
        let done = again.exitCode == 1 && again.stderr.contains("Foo 1.1.0 is already published in specs")
        if !landed && !done { violations.append("a second identical publish neither published nor found it published: \(again)") }
        violations += try publishedOnce(after: "a second publish")
        violations += leftovers(after: "a second publish", cacheUsed: true)
        violations += fsck(after: "a second publish")
        return violations
    }

    /// The Podfile is its original bytes (and the spec was not published: undoing a live
    /// publish is issue 9's item 5), or pinned to Foo 1.1.0, published and committed.
    private func podfileInvariant(after step: String) throws -> [String] {
        let current = FileManager.default.contents(atPath: world("app/Podfile")) ?? Data()
        let published = try isPublished()
        let status = try gitCLI("status", "--porcelain", in: world("app"))
        if current == podfileBefore {
            var found: [String] = []
            if published { found.append("after \(step) the Podfile is the original although Foo 1.1.0 is published: a live publish was undone") }
            if !status.isEmpty { found.append("after \(step) the Podfile is the original but the work tree is not clean:\n\(status)") }
            return found
        }
        let text = String(decoding: current, as: UTF8.self)
        guard text.contains(Self.pinnedFoo) else {
            return ["after \(step) the Podfile is neither the original nor pinned to Foo 1.1.0:\n\(text)"]
        }
        var found: [String] = []
        if !published { found.append("after \(step) the Podfile pins Foo 1.1.0, which the spec repo does not have") }
        if try !committedPodfile().contains(Self.pinnedFoo) { found.append("after \(step) the pin of Foo 1.1.0 is not committed (HEAD:Podfile)") }
        if !status.isEmpty { found.append("after \(step) the work tree is not clean:\n\(status)") }
        return found
    }

    /// Foo 1.1.0 is in the spec repo exactly once, by one commit, and nothing it had is gone.
    private func publishedOnce(after step: String) throws -> [String] {
        var found: [String] = []
        let files = try Self.files(of: world("specs.git"))
        let missing = specFilesBefore.subtracting(files)
        if !missing.isEmpty { found.append("after \(step) the spec repo lost \(missing.sorted())") }
        let foo = files.filter { $0.hasPrefix("Foo/1.1.0/") }
        if foo.count != 1 { found.append("after \(step) the spec repo has \(foo) for Foo 1.1.0, not one spec") }
        let commits = try gitCLI("--git-dir", world("specs.git"), "log", "--format=%s", "main", "--", "Foo/1.1.0")
        if commits != "[Update] Foo (1.1.0)" { found.append("after \(step) Foo 1.1.0's history in the spec repo is \(commits.debugDescription)") }
        if try !gitCLI("--git-dir", world("specs.git"), "rev-list", "--min-parents=2", "main").isEmpty {
            found.append("after \(step) the spec repo's history has a merge")
        }
        return found
    }

    /// No scratch folder in the trial's temp directory and no lock file left in a user's
    /// repository; when the step used compctl's cache (`cacheUsed`), no partial clone and no
    /// lock file there either: compctl cleans its cache when it next uses it, and
    /// `integrate --recover` does not. Repositories in `unwritten` are ones the step does not
    /// write, so it cannot be expected to name their locks.
    private func leftovers(after step: String, cacheUsed: Bool, unwritten: [String] = []) -> [String] {
        var found: [String] = []
        let scratch = ((try? FileManager.default.contentsOfDirectory(atPath: world("tmp"))) ?? []).filter { $0.hasPrefix("compctl-integrate.") }
        if !scratch.isEmpty { found.append("after \(step) scratch folders are left in TMPDIR: \(scratch.sorted())") }
        if cacheUsed {
            let cache = (try? FileManager.default.contentsOfDirectory(atPath: world("home/repos"))) ?? []
            let partial = cache.filter { $0.hasPrefix(".") && $0.contains(".partial-") }
            if !partial.isEmpty { found.append("after \(step) partial clones are left in COMPCTL_HOME/repos: \(partial.sorted())") }
        }
        for repository in repositories() where (cacheUsed || !repository.hasPrefix(world("home") + "/"))
            && !unwritten.contains(repository) {
            let locks = lockFiles(in: repository)
            if !locks.isEmpty { found.append("after \(step) lock files are left: \(locks.sorted())") }
        }
        return found
    }

    /// `git fsck` of every repository of the trial.
    private func fsck(after step: String) -> [String] {
        repositories().compactMap { repository in
            do {
                try gitCLI("--git-dir", gitDirectory(of: repository), "fsck", "--no-progress")
                return nil
            } catch {
                return "after \(step) git fsck of \(relative(repository)) failed: \(error)"
            }
        }
    }

    // MARK: - Helpers

    /// Runs a next command. A kill inside a git write may leave a lock file in one of the
    /// user's repositories (`app/.git/refs/heads/main.lock`), which compctl must never remove
    /// but must name: when the command failed naming such a lock, the harness does what a
    /// user would, removes it and runs the command again. Locks in compctl's own cache are
    /// compctl's to handle and stay.
    private func next(_ arguments: [String], in directory: String? = nil) throws -> CommandResult {
        let result = try world.compctl(arguments, in: directory, environment: environment)
        guard result.exitCode != 0 else { return result }
        let named = repositories().filter { !$0.hasPrefix(world("home") + "/") }.flatMap { lockFiles(in: $0) }
            .filter { result.stderr.contains(world($0)) }
        guard !named.isEmpty else { return result }
        for lock in named { try FileManager.default.removeItem(atPath: world(lock)) }
        locksRemoved += named
        return try world.compctl(arguments, in: directory, environment: environment)
    }

    /// The spec repo, the components and their work trees, the main project and its
    /// origin, and each clone in compctl's cache.
    private func repositories() -> [String] {
        var paths = [world("specs.git")]
        if target.isIntegrate {
            paths += ["Foo.git", "Bar.git", "Foo", "Bar", "app", "app.git"].map { world($0) }
        }
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: world("home/repos"))) ?? []
        paths += cache.filter { !$0.hasPrefix(".") }.sorted().map { world("home/repos/" + $0) }
        return paths
    }

    private func gitDirectory(of repository: String) -> String {
        FileManager.default.fileExists(atPath: repository + "/.git") ? repository + "/.git" : repository
    }

    /// `*.lock` files git or libgit2 leave when killed while writing (`refs/heads/main.lock`,
    /// `index.lock`, `packed-refs.lock`, `config.lock`…).
    private func lockFiles(in repository: String) -> [String] {
        let base = gitDirectory(of: repository)
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let entry = enumerator?.nextObject() as? String {
            if entry.hasPrefix("objects/") { enumerator?.skipDescendants(); continue }
            if entry.hasSuffix(".lock") { found.append(relative(base + "/" + entry)) }
        }
        return found
    }

    private func relative(_ path: String) -> String {
        let root = world.directory.url.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    private func isPublished() throws -> Bool {
        try Self.files(of: world("specs.git")).contains { $0.hasPrefix("Foo/1.1.0/") }
    }

    private func committedPodfile() throws -> String {
        (try? gitCLI("show", "HEAD:Podfile", in: world("app"))) ?? ""
    }

    private func log(_ name: String) -> String {
        (try? String(contentsOfFile: world(name), encoding: .utf8)) ?? ""
    }

    /// The files on `main` of the bare repository at `path`.
    private static func files(of path: String) throws -> [String] {
        try gitCLI("--git-dir", path, "ls-tree", "-r", "--name-only", "main").split(separator: "\n").map(String.init)
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

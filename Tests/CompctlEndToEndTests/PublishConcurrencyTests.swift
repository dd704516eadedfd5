import Foundation
import Testing

/// 8 `compctl publish` processes at once, 10 publishes each, into one spec repo: the pods
/// `Pod0`…`Pod9`, each published by every worker at its own version (`1.0.<worker>`), so
/// that every pod is raced for: exactly one `[Add]` wins per pod and the other seven must
/// be re-planned as `[Update]`. Workers 0-3 share one compctl home (one cache, serialised by
/// its lock), workers 4-7 have one each, like separate CI machines racing at the remote.
/// The spec repo is named by its path, by a `file://` URL, or served by `git daemon`.
/// `COMPCTL_PUBLISH_ROUNDS` (default 1) races each that many times (scripts/soak.sh).
@Suite(.serialized) struct PublishConcurrencyTests {
    static let workers = 8
    static let specsPerWorker = 10

    @Test(arguments: ["path", "file://"])
    func eightLocalPublishersAllLand(spelling: String) async throws {
        let failures = try await onOwnThread {
            try Self.rounds("8 publishers at once, \(spelling) spec repo") { world, specs in
                (spelling == "path" ? specs : "file://" + specs, nil)
            }
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test func eightPublishersThroughGitDaemonAllLand() async throws {
        let failures = try await onOwnThread {
            try Self.rounds("8 publishers at once, git:// spec repo") { world, _ in
                let daemon = try LocalGitDaemon(basePath: world.directory.url.path)
                return (daemon.url("specs.git"), daemon)
            }
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// Races `COMPCTL_PUBLISH_ROUNDS` times, each in a new world whose spec repo `serve`
    /// names (keeping alive what it returns for the round), writes the harness line and
    /// returns what went wrong. Runs off Swift concurrency's threads (`onOwnThread`): the
    /// workers block for many seconds.
    private static func rounds(_ attack: String, serve: (GitWorld, String) throws -> (String, AnyObject?)) throws -> [String] {
        let count = HarnessReport.count("COMPCTL_PUBLISH_ROUNDS", default: 1)
        var failedRounds = 0
        var all: [String] = []
        for round in 0..<count {
            let world = try GitWorld()
            let specs = try world.specRepo(files: ["README.md": "# specs\n", "Specs/.keep": ""])
            let (url, server) = try serve(world, specs)
            let failures = try race(world, url: url) + check(world, bare: specs)
            withExtendedLifetime(server) {}
            if !failures.isEmpty { failedRounds += 1 }
            all += failures.map { "round \(round): \($0)" }
        }
        HarnessReport.record(attack: attack, trials: count, failures: failedRounds)
        return all
    }

    private static func race(_ world: GitWorld, url: String) throws -> [String] {
        for worker in 0..<Self.workers {
            for pod in 0..<Self.specsPerWorker {
                try world.directory.write(jsonPodspec("Pod\(pod)", "1.0.\(worker)"), to: "w\(worker)/Pod\(pod).podspec.json")
            }
        }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: Self.workers) { worker in
            let home = worker < 4 ? world("home-shared") : world("home-\(worker)")
            for pod in 0..<Self.specsPerWorker {
                do {
                    let result = try world.compctl(
                        ["publish", "w\(worker)/Pod\(pod).podspec.json", "--repo", url, "--skip-tag-check"],
                        environment: ["COMPCTL_HOME": home])
                    if result.exitCode != 0 || !result.stdout.hasPrefix("published Pod\(pod) 1.0.\(worker) to specs: ") {
                        failures.add("worker \(worker), Pod\(pod): \(result)")
                    }
                } catch {
                    failures.add("worker \(worker), Pod\(pod): \(error)")
                }
            }
        }
        return failures.all
    }

    /// All 80 specs landed, history is linear, each commit adds exactly the spec its message
    /// names and says `[Add]` exactly when its parent lacked the pod, and fsck is clean.
    private static func check(_ world: GitWorld, bare: String) throws -> [String] {
        var found: [String] = []
        let files = try gitCLI("--git-dir", bare, "ls-tree", "-r", "--name-only", "main").split(separator: "\n")
        let expected = (0..<Self.workers).flatMap { worker in
            (0..<Self.specsPerWorker).map { "Specs/Pod\($0)/1.0.\(worker)/Pod\($0).podspec.json" }
        }
        let missing = Set(expected + ["README.md", "Specs/.keep"]).subtracting(files.map(String.init))
        if !missing.isEmpty { found.append("lost: \(missing.sorted())") }
        if files.count != expected.count + 2 { found.append("\(files.count) files, not \(expected.count + 2)") }
        if try !gitCLI("--git-dir", bare, "rev-list", "--min-parents=2", "main").isEmpty { found.append("a merge in main's history") }
        let history = try gitCLI("--git-dir", bare, "log", "--format=%H %P %s", "main").split(separator: "\n")
        if history.count != Self.workers * Self.specsPerWorker + 1 { found.append("\(history.count) commits, not \(Self.workers * Self.specsPerWorker + 1)") }
        for line in history.dropLast() {
            let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            let (commit, parent, message) = (fields[0], fields[1], fields[2])
            let changed = try gitCLI("--git-dir", bare, "diff-tree", "--no-commit-id", "--name-only", "-r", commit)
            let path = changed.split(separator: "/")
            guard path.count == 4 else {
                found.append("\(commit) changes \(changed)")
                continue
            }
            let (pod, version) = (String(path[1]), String(path[2]))
            let parentHasPod = try gitCLI("--git-dir", bare, "ls-tree", parent, "Specs/\(pod)") != ""
            if message != "[\(parentHasPod ? "Update" : "Add")] \(pod) (\(version))" { found.append("\(commit) says \(message)") }
        }
        let adds = history.filter { $0.contains(" [Add] ") }.count
        if adds != Self.specsPerWorker { found.append("\(adds) [Add] commits, not \(Self.specsPerWorker)") }
        let fsck = try gitCLI("--git-dir", bare, "fsck", "--strict", "--no-dangling")
        if !fsck.isEmpty { found.append("git fsck: \(fsck)") }
        return found
    }
}

/// Failure messages collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var all: [String] {
        lock.withLock { messages }
    }
}

import Foundation
import Testing

/// 8 `compctl publish` processes at once, 10 publishes each, into one spec repo: the pods
/// `Pod0`…`Pod9`, each published by every worker at its own version (`1.0.<worker>`), so
/// that every pod is raced for: exactly one `[Add]` wins per pod and the other seven must
/// be re-planned as `[Update]`. Workers 0-3 share one compctl home (one cache, serialised by
/// its lock), workers 4-7 have one each, like separate CI machines racing at the remote.
@Suite(.serialized) struct PublishConcurrencyTests {
    static let workers = 8
    static let specsPerWorker = 10

    @Test func eightLocalPublishersAllLand() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: ["README.md": "# specs\n", "Specs/.keep": ""])
        try race(world, url: specs)
        try check(world, bare: specs)
    }

    @Test func eightPublishersThroughGitDaemonAllLand() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: ["README.md": "# specs\n", "Specs/.keep": ""])
        let daemon = try LocalGitDaemon(basePath: world.directory.url.path)
        try race(world, url: daemon.url("specs.git"))
        try check(world, bare: specs)
    }

    private func race(_ world: GitWorld, url: String) throws {
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
        #expect(failures.all.isEmpty, "\(failures.all.joined(separator: "\n"))")
    }

    /// All 80 specs landed, history is linear, each commit adds exactly the spec its message
    /// names and says `[Add]` exactly when its parent lacked the pod, and fsck is clean.
    private func check(_ world: GitWorld, bare: String) throws {
        let files = try gitCLI("--git-dir", bare, "ls-tree", "-r", "--name-only", "main").split(separator: "\n")
        let expected = (0..<Self.workers).flatMap { worker in
            (0..<Self.specsPerWorker).map { "Specs/Pod\($0)/1.0.\(worker)/Pod\($0).podspec.json" }
        }
        let missing = Set(expected + ["README.md", "Specs/.keep"]).subtracting(files.map(String.init))
        #expect(missing.isEmpty, "missing: \(missing.sorted())")
        #expect(files.count == expected.count + 2)
        #expect(try gitCLI("--git-dir", bare, "rev-list", "--min-parents=2", "main") == "")
        let history = try gitCLI("--git-dir", bare, "log", "--format=%H %P %s", "main").split(separator: "\n")
        #expect(history.count == Self.workers * Self.specsPerWorker + 1)
        for line in history.dropLast() {
            let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            let (commit, parent, message) = (fields[0], fields[1], fields[2])
            let changed = try gitCLI("--git-dir", bare, "diff-tree", "--no-commit-id", "--name-only", "-r", commit)
            let path = changed.split(separator: "/")
            try #require(path.count == 4, "\(commit) changes \(changed)")
            let (pod, version) = (String(path[1]), String(path[2]))
            let parentHasPod = try gitCLI("--git-dir", bare, "ls-tree", parent, "Specs/\(pod)") != ""
            #expect(message == "[\(parentHasPod ? "Update" : "Add")] \(pod) (\(version))", "\(commit)")
        }
        #expect(history.filter { $0.contains(" [Add] ") }.count == Self.specsPerWorker)
        #expect(try gitCLI("--git-dir", bare, "fsck", "--strict", "--no-dangling").isEmpty)
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

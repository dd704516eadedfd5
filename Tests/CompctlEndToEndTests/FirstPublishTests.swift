import Foundation
import Testing

/// The first publishes into a spec repo a team has just created: what hosting services make
/// (no commit, one empty commit, or only a README, a LICENSE and a .gitignore) takes
/// CocoaPods' layout (`Name/1.0.0/Name.podspec.json` at the root), as `pod repo push` does,
/// even with publishers racing. A repo holding anything else is still no spec repo.
@Suite(.serialized) struct FirstPublishTests {
    static let workers = 8

    @Test(arguments: ["no commit", "an empty commit", "README, LICENSE and .gitignore"])
    func concurrentFirstPublishesAllLand(shape: String) async throws {
        let failures = try await onOwnThread { () -> [String] in
            let world = try GitWorld()
            let specs = try Self.newRepo(world, shape: shape)
            for worker in 0..<Self.workers {
                try world.directory.write(jsonPodspec("Pod\(worker)", "1.0.0"), to: "w\(worker)/Pod\(worker).podspec.json")
            }
            let failures = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: Self.workers) { worker in
                do {
                    let result = try world.compctl(
                        ["publish", "w\(worker)/Pod\(worker).podspec.json", "--repo", specs, "--skip-tag-check"],
                        environment: ["COMPCTL_HOME": world("home-\(worker)")])
                    if result.exitCode != 0 || !result.stdout.hasPrefix("published Pod\(worker) 1.0.0 to specs: [Add] Pod\(worker) (1.0.0) "
                        + "at Pod\(worker)/1.0.0/Pod\(worker).podspec.json") {
                        failures.withLock { $0.append("worker \(worker): \(result)") }
                    }
                } catch {
                    failures.withLock { $0.append("worker \(worker): \(error)") }
                }
            }
            var all = failures.withLock { $0 }
            let files = try gitCLI("--git-dir", specs, "ls-tree", "-r", "--name-only", "main").split(separator: "\n")
            for worker in 0..<Self.workers where !files.contains("Pod\(worker)/1.0.0/Pod\(worker).podspec.json"[...]) {
                all.append("Pod\(worker) is not in the spec repo: \(files)")
            }
            let show = try world.compctl(["repo", "show", specs])
            let expected = (0..<Self.workers).map { "Pod\($0)\t1.0.0\n" }.joined()
            if show.exitCode != 0 || show.stdout != expected { all.append("repo show: \(show)") }
            return all
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test func aRepoHoldingSomethingElseIsStillRefused() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: ["README.md": "# app\n", "src/main.c": "int main(void) { return 0; }\n"])
        try world.directory.write(jsonPodspec("Foo", "1.0.0"), to: "Foo.podspec.json")
        let before = try world.state(of: specs)
        let result = try world.compctl(["publish", "Foo.podspec.json", "--repo", specs, "--skip-tag-check"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("is not a spec repo"), "\(result)")
        #expect(try world.state(of: specs) == before)
    }

    /// A bare `specs.git` as a hosting service creates it.
    private static func newRepo(_ world: GitWorld, shape: String) throws -> String {
        switch shape {
        case "no commit":
            return try world.specRepo(files: [:])
        case "an empty commit":
            let work = world("specs-src")
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            try gitCLI("init", "-q", "-b", "main", work)
            try gitCLI("commit", "-q", "--allow-empty", "-m", "Initial commit", in: work)
            try gitCLI("clone", "-q", "--bare", work, world("specs.git"))
            return world("specs.git")
        default:
            return try world.specRepo(files: ["README.md": "# specs\n", "LICENSE": "MIT\n", ".gitignore": ".DS_Store\n"])
        }
    }
}

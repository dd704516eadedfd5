import Foundation
import Git
import Podspec
import Testing
@testable import SpecRepo

extension PodspecFile {
    /// A JSON podspec file for `name` `version` with `dependencies`, whose source names `tag`.
    static func test(
        _ name: String = "Foo", _ version: String = "1.0.0", dependencies: [String: [String]] = [:],
        tag: String? = nil, path: String? = nil
    ) throws -> PodspecFile {
        let deps = dependencies.keys.sorted().map { key in
            "\"\(key)\": [" + dependencies[key]!.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }.joined(separator: ", ")
        let text = """
            {"name": "\(name)", "version": "\(version)", \
            "source": {"git": "https://git.example/\(name).git", "tag": "\(tag ?? version)"}, \
            "dependencies": {\(deps)}}
            """
        let file = path ?? "\(name).podspec.json"
        return PodspecFile(path: file, contents: Data(text.utf8), spec: try PodspecReader.read(string: text, path: file))
    }
}

@Suite struct SpecPublisherTests {
    /// A publisher whose tag check sees `tags` in every component repository.
    private func publisher(_ fixture: CacheFixture, tags: Set<String> = ["1.0.0", "1.1.0", "2.0.0"]) -> SpecPublisher {
        var publisher = SpecPublisher(cache: fixture.cache, policy: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(5)))
        publisher.listTags = { _ in tags }
        return publisher
    }

    private func log(_ remote: String) throws -> [String] {
        try gitCLI("--git-dir", remote, "log", "--format=%s", "main").split(separator: "\n").map(String.init)
    }

    @Test func addsANewPodThenUpdatesItThenFixesAVersionWithForce() throws {
        let fixture = try CacheFixture(files: podFiles("Bar", ["1.0.0"]))
        let publisher = publisher(fixture)

        let added = try publisher.publish(.test("Foo", "1.0.0"), to: "acme", url: fixture.remote)
        guard case .published(let plan, let commit, let attempts, let changed) = added else {
            Issue.record("expected a publish, got \(added)")
            return
        }
        #expect(plan.message == "[Add] Foo (1.0.0)")
        #expect(plan.path == "Foo/1.0.0/Foo.podspec.json")
        #expect(attempts == 1)
        #expect(changed)
        #expect(commit?.hex == (try gitCLI("--git-dir", fixture.remote, "rev-parse", "main")))

        _ = try publisher.publish(.test("Foo", "1.1.0"), to: "acme", url: fixture.remote)
        let fixed = try publisher.publish(.test("Foo", "1.0.0", dependencies: ["Bar": ["~> 1.0"]]), to: "acme",
                                          url: fixture.remote, force: true)
        guard case .published(let fix, _, _, true) = fixed else {
            Issue.record("expected a fix, got \(fixed)")
            return
        }
        #expect(fix.kind == .fix)
        #expect(fix.replacedDirectory == "Foo/1.0.0")
        #expect(try log(fixture.remote) == ["[Fix] Foo (1.0.0)", "[Update] Foo (1.1.0)", "[Add] Foo (1.0.0)", "specs"])
        let published = try gitCLI("--git-dir", fixture.remote, "show", "main:Foo/1.0.0/Foo.podspec.json")
        #expect(published.contains("\"Bar\": [\"~> 1.0\"]"))
    }

    @Test func aCommitMessageIsOneLineWhateverTheNameHolds() {
        let plan = PublishPlan(name: "Line\nSigned-off-by: Mallory <m@example.invalid>", version: "1.0.0\r\n",
                               kind: .add, path: "x")
        #expect(plan.message == "[Add] Line\\nSigned-off-by: Mallory <m@example.invalid> (1.0.0\\r\\n)")
        #expect(plan.message.split(whereSeparator: \.isNewline).count == 1)
    }

    @Test func anExistingVersionIsRefusedWithoutForceAndNothingChanges() throws {
        let fixture = try CacheFixture()
        let before = try references(of: fixture.remote)
        let error = SpecRepoError.alreadyPublished(name: "Foo", version: "1.0", repository: "acme", path: "Foo/1.0.0")
        #expect(throws: error) {
            try publisher(fixture).publish(.test("Foo", "1.0"), to: "acme", url: fixture.remote)
        }
        #expect(error.description == "Foo 1.0 is already published in acme (Foo/1.0.0); bump the version, "
            + "or pass --force to overwrite the published spec")
        #expect(try references(of: fixture.remote) == before)
        let remoteHead = try gitCLI("--git-dir", fixture.remote, "rev-parse", "main")
        #expect(try gitCLI("--git-dir", fixture.scratch("home/repos/acme"), "rev-parse", "refs/heads/main") == remoteHead)
    }

    @Test func writesUnderSpecsAndIntoTheRightShard() throws {
        let layout = SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1, 1])
        let fixture = try CacheFixture(files: [
            "CocoaPods-version.yml": "prefix_lengths: [1, 1, 1]\n",
            layout.podPath(for: "Bar") + "/1.0.0/Bar.podspec.json": jsonSpec("Bar", "1.0.0"),
        ])
        let result = try publisher(fixture).publish(.test("Foo", "1.0.0"), to: "acme", url: fixture.remote)
        guard case .published(let plan, _, _, _) = result else {
            Issue.record("expected a publish, got \(result)")
            return
        }
        #expect(plan.path == layout.podPath(for: "Foo") + "/1.0.0/Foo.podspec.json")
        #expect(plan.path.hasPrefix("Specs/"))
        #expect(try gitCLI("--git-dir", fixture.remote, "ls-tree", "-r", "--name-only", "main").contains(plan.path))
    }

    @Test func theFirstSpecOfAnEmptyRepoGoesToTheRoot() throws {
        let fixture = try CacheFixture(files: [:])
        let result = try publisher(fixture).publish(.test("Foo", "1.0.0"), to: "acme", url: fixture.remote)
        #expect(result == .published(
            PublishPlan(name: "Foo", version: "1.0.0", kind: .add, path: "Foo/1.0.0/Foo.podspec.json"),
            commit: try ObjectID(hex: gitCLI("--git-dir", fixture.remote, "rev-parse", "main")), attempts: 1, changed: true))
    }

    @Test func dryRunPlansWithoutWriting() throws {
        let fixture = try CacheFixture()
        let before = try references(of: fixture.remote)
        let result = try publisher(fixture).publish(.test("Foo", "1.1.0"), to: "acme", url: fixture.remote, dryRun: true)
        #expect(result == .planned(PublishPlan(name: "Foo", version: "1.1.0", kind: .update, path: "Foo/1.1.0/Foo.podspec.json")))
        #expect(try references(of: fixture.remote) == before)
    }

    @Test func lintProblemsACycleAndAMissingTagAreReportedTogetherAndNothingIsWritten() throws {
        let fixture = try CacheFixture(files: podFiles("Foo", ["1.0.0"])
            .merging(["Bar/1.0.0/Bar.podspec.json": #"{"name": "Bar", "version": "1.0.0", "dependencies": {"Foo": []}}"#]))
        let before = try references(of: fixture.remote)
        let spec = try PodspecFile.test("Foo", "1.1.0", dependencies: ["Bar": ["~> 1.0"], "Missing": []])
        let result = try publisher(fixture, tags: []).publish(spec, to: "acme", url: fixture.remote)
        guard case .problems(let problems) = result else {
            Issue.record("expected problems, got \(result)")
            return
        }
        #expect(problems.map(\.kind) == [.missingDependency, .dependencyCycle, .missingTag])
        #expect(problems[1].message == "Foo.podspec.json: publishing Foo 1.1.0 to acme would close a dependency cycle: "
            + "Foo 1.1.0 → Bar 1.0.0 → Foo; remove one of these dependencies")
        #expect(problems[2].message == "Foo.podspec.json: tag 1.1.0 does not exist in https://git.example/Foo.git; "
            + "push the tag first (`compctl bump --push` does), or fix the spec's source")
        #expect(try references(of: fixture.remote) == before)
    }

    @Test func anUnreachableComponentRepoIsAnErrorThatSuggestsSkippingTheTagCheck() throws {
        let fixture = try CacheFixture()
        var publisher = publisher(fixture)
        publisher.listTags = { url in throw GitError.unreachable(url: url, reason: "connection refused") }
        #expect(throws: SpecRepoError.tagCheckFailed(
            file: "Foo.podspec.json", tag: "1.1.0",
            reason: "cannot reach https://git.example/Foo.git: connection refused; check the url, the network, "
                + "and that the repository exists")) {
            try publisher.publish(.test("Foo", "1.1.0"), to: "acme", url: fixture.remote)
        }
        let skipped = try publisher.publish(.test("Foo", "1.1.0"), to: "acme", url: fixture.remote, skipTagCheck: true)
        guard case .published = skipped else {
            Issue.record("expected a publish, got \(skipped)")
            return
        }
    }

    @Test func theTagCheckAsksTheComponentRepositoryThroughLibgit2() throws {
        let fixture = try CacheFixture()
        try makeBareRepository(at: fixture.scratch("Foo.git"), files: ["README.md": "foo\n"])
        try gitCLI("--git-dir", fixture.scratch("Foo.git"), "tag", "1.1.0", "main")
        let publisher = SpecPublisher(cache: fixture.cache)
        let text = #"{"name": "Foo", "version": "1.1.0", "source": {"git": "\#(fixture.scratch("Foo.git"))", "tag": "1.1.0"}}"#
        let file = PodspecFile(path: "Foo.podspec.json", contents: Data(text.utf8),
                               spec: try PodspecReader.read(string: text, path: "Foo.podspec.json"))
        #expect(try publisher.tagProblem(of: file) == nil)
        var other = file
        other.spec.source?.tag = "9.9.9"
        #expect(try publisher.tagProblem(of: other)?.kind == .missingTag)
    }

    @Test func aRejectedPushLeavesTheCacheAsTheRemoteIs() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        try makeBareRepository(at: scratch("served/specs.git"), files: podFiles("Bar", ["1.0.0"]))
        let hook = scratch("served/specs.git/hooks/pre-receive")
        try "#!/bin/sh\necho 'specs are frozen' >&2\nexit 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let daemon = try LocalGitDaemon(basePath: scratch("served"))
        let cache = SpecRepoCache(directory: scratch("home/repos"), credentials: TestGit.noCredentials)
        var publisher = SpecPublisher(cache: cache, policy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(5)))
        publisher.listTags = { _ in ["1.0.0"] }
        let before = try references(of: scratch("served/specs.git"))

        #expect(throws: GitError.self) {
            try publisher.publish(.test("Foo", "1.0.0"), to: "acme", url: daemon.url("specs.git"))
        }
        #expect(try references(of: scratch("served/specs.git")) == before)
        let remoteHead = try gitCLI("--git-dir", scratch("served/specs.git"), "rev-parse", "main")
        let cached = scratch("home/repos/acme")
        // Every reference of the cache points at the remote's commit: no unpushed commit is kept.
        for line in try references(of: cached) {
            #expect(line.hasSuffix(remoteHead), "\(line)")
        }
    }
}

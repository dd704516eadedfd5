import Foundation
import Testing
@testable import Git

/// Adds `file` (its own name as contents) and appends `line` to `shared.log`: the second
/// change conflicts with every other publisher's, so it only lands if re-applied on the tip.
func addingFileAndLogLine(_ file: String, line: String, in repository: Repository) -> (Tree?) throws -> PublishChange? {
    { tip in
        let log = (try? tip?.blob(at: "shared.log")) ?? Data()
        let tree = try repository.tree(applying: [
            .write(path: file, contents: Data(file + "\n")),
            .write(path: "shared.log", contents: log + Data(line + "\n")),
        ], to: tip)
        return PublishChange(tree: tree, message: line)
    }
}

/// A policy with short pauses, so that tests stay fast.
extension RetryPolicy {
    static func test(maxAttempts: Int = 8) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, initialDelay: .milliseconds(5), maxDelay: .milliseconds(80))
    }
}

@Suite struct PublishTests {
    @Test func publishesOnTheFirstAttemptWhenNobodyRaces() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        let result = try cache.publish(branch: "main", policy: .test(), author: .test(), credentials: TestGit.noCredentials,
                                       change: addingFileAndLogLine("a.txt", line: "[Add] A (1.0.0)", in: cache))
        #expect(result.attempts == 1)
        #expect(result.changed)
        let remote = try Repository.open(at: fixture.remotePath)
        #expect(try remote.resolve("main") == result.commit)
        #expect(try remote.blob(at: "main", path: "a.txt") == Data("a.txt\n"))
        #expect(try remote.commit(#require(result.commit)).message == "[Add] A (1.0.0)\n")
        #expect(try cache.resolve("refs/remotes/origin/main") == result.commit)
        #expect(try fixture.fsckProblems() == nil)
    }

    @Test(arguments: ["path", "file", "git"])
    func retriesWhenAnotherPublisherWinsTheRace(transport: String) throws {
        let fixture = try Fixture()
        let daemon = transport == "git" ? try LocalGitDaemon(basePath: fixture.scratch.url.path) : nil
        let url = daemon?.url("remote.git") ?? (transport == "file" ? "file://" + fixture.remotePath : fixture.remotePath)
        let cache = try fixture.clone("cache", url: url)
        let rival = try fixture.clone("rival")
        var calls = 0
        let ours = addingFileAndLogLine("ours.txt", line: "ours", in: cache)
        let result = try cache.publish(branch: "main", policy: .test(), author: .test(), credentials: TestGit.noCredentials) { tip in
            calls += 1
            if calls == 1 {
                // The rival lands between our fetch and our push.
                let rivalResult = try rival.publish(branch: "main", policy: .test(), credentials: TestGit.noCredentials,
                                                    change: addingFileAndLogLine("rival.txt", line: "rival", in: rival))
                #expect(rivalResult.attempts == 1)
            }
            return try ours(tip)
        }
        #expect(result.attempts == 2)
        #expect(calls == 2)
        #expect(try cache.resolve("refs/remotes/origin/main") == result.commit)
        #expect(try cache.referenceNames(matching: "refs/compctl/*").isEmpty)
        let remote = try Repository.open(at: fixture.remotePath)
        #expect(try remote.blob(at: "main", path: "shared.log") == Data("rival\nours\n"))
        #expect(try remote.tree(at: "main").names == ["README.md", "ours.txt", "rival.txt", "shared.log"])
        #expect(try fixture.remoteHistory().count == 3)
        #expect(try fixture.remoteHistoryIsLinear())
        #expect(try fixture.fsckProblems() == nil)
    }

    @Test func aRejectionInThePushReportIsRetriedToo() throws {
        let fixture = try Fixture()
        let daemon = try LocalGitDaemon(basePath: fixture.scratch.url.path)
        let cache = try fixture.clone("cache", url: daemon.url("remote.git"))
        let remote = try Repository.open(at: fixture.remotePath)
        let sneakyTree = try remote.tree(applying: [.write(path: "shared.log", contents: Data("sneaky\n"))],
                                         to: remote.tree(at: "main"))
        let sneaky = try remote.createCommit(tree: sneakyTree, parents: [fixture.firstCommit], message: "sneaky", author: .test())
        // Moves main once, after receive-pack advertised it: a race lost on the server side.
        try fixture.scratch.write("""
            #!/bin/sh
            unset GIT_QUARANTINE_PATH
            if [ ! -e "$GIT_DIR/raced" ]; then touch "$GIT_DIR/raced"; git update-ref refs/heads/main \(sneaky.hex); fi
            """, to: "remote.git/hooks/pre-receive")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.remotePath + "/hooks/pre-receive")
        let result = try cache.publish(branch: "main", policy: .test(), author: .test(), credentials: TestGit.noCredentials,
                                       change: addingFileAndLogLine("ours.txt", line: "ours", in: cache))
        #expect(result.attempts == 2)
        #expect(try remote.blob(at: "main", path: "shared.log") == Data("sneaky\nours\n"))
        #expect(try fixture.remoteHistoryIsLinear())
        #expect(try cache.referenceNames(matching: "refs/compctl/*").isEmpty)
    }

    @Test func givesUpAfterTheLastAttemptWithAPreciseError() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        let rival = try fixture.clone("rival")
        var rivalCount = 0
        let error = try #require(throws: GitError.self) {
            try cache.publish(branch: "main", policy: .test(maxAttempts: 3), author: .test(), credentials: TestGit.noCredentials) { tip in
                rivalCount += 1
                _ = try rival.publish(branch: "main", policy: .test(), credentials: TestGit.noCredentials,
                                      change: addingFileAndLogLine("rival\(rivalCount).txt", line: "rival", in: rival))
                return try addingFileAndLogLine("ours.txt", line: "ours", in: cache)(tip)
            }
        }
        #expect(rivalCount == 3)
        #expect(error == .publishGaveUp(url: fixture.remotePath, reference: "refs/heads/main", attempts: 3,
                                        lastRejection: "refs/heads/main moved since it was fetched"))
        #expect(error.description == "gave up publishing refs/heads/main to \(fixture.remotePath) after 3 attempts:"
            + " other publishers kept moving it first (last rejection: refs/heads/main moved since it was fetched);"
            + " run the command again")
        #expect(try fixture.remoteHistory().count == 4)
    }

    @Test func nothingIsPublishedWhenTheTipAlreadyHasTheChange() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        let same = try cache.publish(branch: "main", policy: .test(), credentials: TestGit.noCredentials) { tip in
            PublishChange(tree: try #require(tip), message: "no-op")
        }
        #expect(same == PublishResult(commit: fixture.firstCommit, attempts: 1, changed: false))
        let declined = try cache.publish(branch: "main", policy: .test(), credentials: TestGit.noCredentials) { _ in nil }
        #expect(declined == PublishResult(commit: fixture.firstCommit, attempts: 1, changed: false))
        #expect(try fixture.remoteHistory().count == 1)
    }

    @Test func errorsFromTheChangeEndThePublishUntouched() throws {
        struct AlreadyPublished: Error, Equatable {}
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        #expect(throws: AlreadyPublished()) {
            try cache.publish(branch: "main", policy: .test(), credentials: TestGit.noCredentials) { _ in throw AlreadyPublished() }
        }
        #expect(try fixture.remoteHistory().count == 1)
    }

    @Test(arguments: ["path", "git"])
    func publishesTheFirstCommitOfAnEmptyRemote(transport: String) throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        _ = try Repository.create(at: scratch.path("empty.git"), bare: true)
        let daemon = transport == "git" ? try LocalGitDaemon(basePath: scratch.url.path) : nil
        let cache = try Repository.clone(from: daemon?.url("empty.git") ?? scratch.path("empty.git"), to: scratch.path("cache"),
                                         bare: true, credentials: TestGit.noCredentials)
        var sawTip = true
        let result = try cache.publish(branch: "main", policy: .test(), author: .test(), credentials: TestGit.noCredentials) { tip in
            sawTip = tip != nil
            return try addingFileAndLogLine("first.txt", line: "first", in: cache)(tip)
        }
        #expect(!sawTip)
        #expect(result.attempts == 1)
        #expect(try Repository.open(at: scratch.path("empty.git")).resolve("main") == result.commit)
    }

    @Test func refusesToMoveABranchCheckedOutInALocalWorkTree() throws {
        let fixture = try Fixture()
        let checkedOut = fixture.scratch.path("checked-out")
        try gitCLI("clone", "-q", fixture.remotePath, checkedOut)
        let cache = try Repository.clone(from: checkedOut, to: fixture.scratch.path("cache"), bare: true,
                                         credentials: TestGit.noCredentials)
        #expect(throws: GitError.pushRejected(url: checkedOut, reference: "refs/heads/main",
                                              reason: "the branch is checked out in that repository's work tree")) {
            try cache.publish(branch: "main", policy: .test(), credentials: TestGit.noCredentials,
                              change: addingFileAndLogLine("x.txt", line: "x", in: cache))
        }
    }

    /// Several threads, each with its own cache clone and Repository objects, publish at
    /// once; every change must land exactly once, in a linear history.
    @Test(arguments: ["path", "git"])
    func concurrentPublishersFromSeveralThreadsLoseNothing(transport: String) throws {
        let fixture = try Fixture()
        let daemon = transport == "git" ? try LocalGitDaemon(basePath: fixture.scratch.url.path) : nil
        let url = daemon?.url("remote.git") ?? fixture.remotePath
        let (writers, perWriter) = transport == "git" ? (3, 3) : (4, 5)
        let cachePaths = (0..<writers).map { fixture.scratch.path("cache\($0)") }
        for path in cachePaths {
            _ = try Repository.clone(from: url, to: path, bare: true, credentials: TestGit.noCredentials)
        }
        let failures = Locked<[String]>([])
        let attempts = Locked<[Int]>([])
        // Real threads released together, so that the publishes overlap.
        let ready = Locked(0)
        let finished = DispatchGroup()
        for writer in 0..<writers {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                ready.withLock { $0 += 1 }
                while ready.withLock({ $0 }) < writers { usleep(100) }
                do {
                    let cache = try Repository.open(at: cachePaths[writer])
                    for item in 0..<perWriter {
                        let line = "writer\(writer) item\(item)"
                        let result = try cache.publish(
                            branch: "main", policy: .test(maxAttempts: 30), author: .test(name: "writer\(writer)"),
                            credentials: TestGit.noCredentials,
                            change: addingFileAndLogLine("w\(writer)/\(item).txt", line: line, in: cache))
                        attempts.withLock { $0.append(result.attempts) }
                    }
                } catch {
                    failures.withLock { $0.append("writer \(writer): \(error)") }
                }
            }
        }
        finished.wait()
        #expect(failures.withLock { $0 } == [])
        let remote = try Repository.open(at: fixture.remotePath)
        let log = String(try remote.blob(at: "main", path: "shared.log")).split(separator: "\n")
        #expect(log.count == writers * perWriter)
        #expect(Set(log).count == writers * perWriter)
        #expect(try fixture.remoteHistory().count == 1 + writers * perWriter)
        #expect(try fixture.remoteHistoryIsLinear())
        #expect(try fixture.fsckProblems() == nil)
        let total = attempts.withLock { $0.reduce(0, +) }
        print("[\(transport)] \(writers)×\(perWriter) threaded publishes took \(total) attempts")
    }
}

@Suite struct RetryPolicyTests {
    @Test func backoffDoublesUpToTheCap() {
        let policy = RetryPolicy(maxAttempts: 8, initialDelay: .milliseconds(50), maxDelay: .milliseconds(300))
        #expect(policy.delayCap(afterFailedAttempts: 0) == .zero)
        #expect(policy.delayCap(afterFailedAttempts: 1) == .milliseconds(50))
        #expect(policy.delayCap(afterFailedAttempts: 2) == .milliseconds(100))
        #expect(policy.delayCap(afterFailedAttempts: 3) == .milliseconds(200))
        #expect(policy.delayCap(afterFailedAttempts: 4) == .milliseconds(300))
        #expect(policy.delayCap(afterFailedAttempts: 100) == .milliseconds(300))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }

    @Test func jitterStaysWithinTheCapAndVaries() {
        let policy = RetryPolicy.standard
        var generator = SystemRandomNumberGenerator()
        let delays = (0..<200).map { _ in policy.delay(afterFailedAttempts: 3, using: &generator) }
        #expect(delays.allSatisfy { $0 >= .zero && $0 <= .milliseconds(200) })
        #expect(Set(delays).count > 100)
    }
}

#if os(Linux)
/// Several processes publish to one local bare remote at once. Each process is this test
/// binary running only `publishWorkerProcess`, so no extra executable is needed.
@Suite struct MultiProcessPublishTests {
    private static let workerVariable = "COMPCTL_GIT_PUBLISH_WORKER"

    @Test func concurrentPublishersFromSeveralProcessesLoseNothing() throws {
        let fixture = try Fixture()
        let (workers, perWorker) = (3, 4)
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var running: [(Process, Pipe)] = []
        for worker in 0..<workers {
            let cache = try fixture.clone("cache\(worker)")
            let process = Process()
            process.executableURL = testBinary
            process.arguments = ["--testing-library", "swift-testing", "--filter", "publishWorkerProcess"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.workerVariable] = "\(cache.gitDirectory)|\(worker)|\(perWorker)"
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            running.append((process, pipe))
        }
        var published: [String] = []
        for (process, pipe) in running {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(output)")
            published += output.split(separator: "\n").filter { $0.hasPrefix("PUBLISHED ") }.map(String.init)
        }
        #expect(published.count == workers * perWorker)
        let attempts = published.compactMap { $0.split(separator: "=").last.flatMap { Int($0) } }.reduce(0, +)
        print("[processes] \(workers)×\(perWorker) publishes took \(attempts) attempts")
        let remote = try Repository.open(at: fixture.remotePath)
        let tip = try remote.resolve("main")
        for line in published {
            let commit = try ObjectID(hex: String(line.split(separator: " ")[1]))
            #expect(try remote.isAncestor(commit, of: tip), "lost \(line)")
        }
        let log = String(try remote.blob(at: "main", path: "shared.log")).split(separator: "\n")
        #expect(Set(log).count == workers * perWorker)
        #expect(try fixture.remoteHistory().count == 1 + workers * perWorker)
        #expect(try fixture.remoteHistoryIsLinear())
        #expect(try fixture.fsckProblems() == nil)
    }

    /// The body of one worker process; skipped unless started by the test above.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[workerVariable] != nil))
    func publishWorkerProcess() throws {
        try TestGit.isolate()
        let settings = try #require(ProcessInfo.processInfo.environment[Self.workerVariable]).split(separator: "|")
        let (cachePath, worker, count) = (String(settings[0]), String(settings[1]), try #require(Int(settings[2])))
        let cache = try Repository.open(at: cachePath)
        for item in 0..<count {
            let line = "process\(worker) item\(item)"
            let result = try cache.publish(branch: "main", policy: .test(maxAttempts: 40), author: .test(name: "process\(worker)"),
                                           credentials: TestGit.noCredentials,
                                           change: addingFileAndLogLine("p\(worker)/\(item).txt", line: line, in: cache))
            print("PUBLISHED \(try #require(result.commit).hex) attempts=\(result.attempts)")
        }
    }
}
#endif

import Foundation
import Testing
import TestSupport
@testable import Git

/// A git lock file (`refs/heads/main.lock`) left by a killed process: named with its path and
/// age, never mistaken for a lost race, never retried for long.
@Suite struct LockFileTests {
    /// Two hours: far older than any live git process holds a lock.
    static let stale: TimeInterval = 7200

    /// libgit2 says only "the index is locked": a kill inside a commit leaves `index.lock`,
    /// and the next command must name it for the user to remove.
    @Test func aLockedIndexIsNamedWithItsLockFileAndAge() throws {
        let directory = try TemporaryDirectory(prefix: "lockfile")
        let root = directory.url.path + "/work"
        try gitCLI("init", "-q", "-b", "main", root)
        try "a\n".write(toFile: root + "/a.txt", atomically: true, encoding: .utf8)
        let repository = try Repository.open(at: root)
        let lock = repository.gitDirectory + "index.lock"
        try plantFile(lock, age: Self.stale)

        let error = try #require(throws: GitError.self) { try repository.stage(["a.txt"]) }
        guard case let .locked(file, age) = error else {
            Issue.record("expected .locked, got \(error)")
            return
        }
        #expect(file == lock)
        #expect((7200...7260).contains(age ?? -1))
        #expect(FileManager.default.fileExists(atPath: lock))
        #expect(try gitCLI("ls-files", in: root).isEmpty)
    }

    @Test func aLockedReferenceIsNamedWithItsLockFileAndAge() throws {
        let fixture = try Fixture()
        let remote = try Repository.open(at: fixture.remotePath)
        let tree = try remote.tree(at: "main")
        let second = try remote.createCommit(tree: tree, parents: [fixture.firstCommit], message: "second", author: .test())
        let lock = remote.gitDirectory + "refs/heads/main.lock"
        try plantFile(lock, age: Self.stale)

        let error = try #require(throws: GitError.self) {
            try remote.updateReference("refs/heads/main", to: second, expecting: fixture.firstCommit, message: "test")
        }
        guard case let .locked(file, age) = error else {
            Issue.record("expected .locked, got \(error)")
            return
        }
        #expect(file == lock)
        #expect((7200...7260).contains(age ?? -1))
        #expect(FileManager.default.fileExists(atPath: lock))
        #expect(try remote.resolve("main") == fixture.firstCommit)
    }

    @Test func descriptionsGiveThePathTheAgeAndTheCommand() {
        #expect(GitError.locked(lockFile: "/r/specs.git/refs/heads/main.lock", age: 7200).description
            == "/r/specs.git/refs/heads/main.lock is 2 hours old: a git process is updating /r/specs.git/refs/heads/main, "
            + "or one was killed while it did and left the lock behind; if no git process is using that repository, "
            + "remove the lock (`rm /r/specs.git/refs/heads/main.lock`) and run the command again")
        #expect(GitError.locked(lockFile: "/my specs/packed-refs.lock", age: 61).description
            == "/my specs/packed-refs.lock is 1 minute old: a git process is updating /my specs/packed-refs, "
            + "or one was killed while it did and left the lock behind; if no git process is using that repository, "
            + "remove the lock (`rm '/my specs/packed-refs.lock'`) and run the command again")
        #expect(GitError.locked(lockFile: "/r/x.git/config.lock", age: nil).description
            == "/r/x.git/config was locked by another git process (/r/x.git/config.lock); run the command again")
        let ages = [0: "0 seconds", 1: "1 second", 59: "59 seconds", 60: "1 minute", 3599: "59 minutes", 3600: "1 hour",
                    47 * 3600: "47 hours", 3 * 86400 + 5: "3 days"]
        for (seconds, text) in ages {
            #expect(LockFile.describe(age: seconds) == text)
        }
    }

    @Test func publishingToALocalRemoteWithAStaleLockFailsAtOnce() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        let lock = fixture.remotePath + "/refs/heads/main.lock"
        try plantFile(lock, age: Self.stale)
        var calls = 0
        let error = try #require(throws: GitError.self) {
            try cache.publish(branch: "main", policy: .test(), author: .test(), credentials: TestGit.noCredentials) { tip in
                calls += 1
                return try addingFileAndLogLine("ours.txt", line: "ours", in: cache)(tip)
            }
        }
        #expect(calls == 1)
        guard case let .locked(file, _) = error else {
            Issue.record("expected .locked, got \(error)")
            return
        }
        #expect(file == lock)
        #expect(FileManager.default.fileExists(atPath: lock))
        #expect(try fixture.remoteHistory() == [fixture.firstCommit.hex])
    }

    @Test func publishingWaitsOutTheFreshLockOfALiveWriter() throws {
        let fixture = try Fixture()
        let cache = try fixture.clone("cache")
        let lock = fixture.remotePath + "/refs/heads/main.lock"
        try plantFile(lock, age: 0)
        // The other writer finishes 150 ms later.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
            try? FileManager.default.removeItem(atPath: lock)
            done.signal()
        }
        let result = try cache.publish(branch: "main", policy: RetryPolicy(maxAttempts: 30, initialDelay: .milliseconds(50),
                                                                          maxDelay: .milliseconds(200)),
                                       author: .test(), credentials: TestGit.noCredentials,
                                       change: addingFileAndLogLine("ours.txt", line: "ours", in: cache))
        done.wait()
        #expect(result.changed)
        #expect(result.attempts > 1)
        #expect(try fixture.remoteHistory().count == 2)
    }
}

import Foundation
import Testing
@testable import Git

@Suite struct PushTests {
    /// A commit on top of `parent` in `repository` that adds `file`, not on any branch.
    private func commit(_ file: String, on parent: ObjectID, in repository: Repository) throws -> ObjectID {
        let tree = try repository.tree(applying: [.write(path: file, contents: Data(file + "\n"))],
                                       to: repository.tree(repository.commit(parent).tree))
        return try repository.createCommit(tree: tree, parents: [parent], message: "add \(file)", author: .test())
    }

    @Test func pushesABranchToABareRemote() throws {
        let fixture = try Fixture()
        let work = try fixture.clone("work", bare: false)
        try fixture.scratch.write("a\n", to: "work/a.txt")
        try work.stageAll()
        let commit = try work.commitIndex(message: "add a", author: .test())
        try work.push(["refs/heads/main:refs/heads/main"], credentials: TestGit.noCredentials)
        #expect(try Repository.open(at: fixture.remotePath).resolve("main") == commit)
        #expect(try work.resolve("refs/remotes/origin/main") == commit)
        #expect(try fixture.fsckProblems() == nil)
    }

    @Test func nonFastForwardIsARejectionThroughTheReturnCodeOverALocalPath() throws {
        let fixture = try Fixture()
        let winner = try fixture.clone("winner")
        let loser = try fixture.clone("loser")
        let won = try commit("winner.txt", on: fixture.firstCommit, in: winner)
        try winner.updateReference("refs/heads/main", to: won, expecting: fixture.firstCommit, message: "test")
        try winner.push(["refs/heads/main:refs/heads/main"], credentials: TestGit.noCredentials)

        let lost = try commit("loser.txt", on: fixture.firstCommit, in: loser)
        try loser.updateReference("refs/heads/main", to: lost, expecting: fixture.firstCommit, message: "test")
        let error = try #require(throws: GitError.self) {
            try loser.push(["refs/heads/main:refs/heads/main"], credentials: TestGit.noCredentials)
        }
        #expect(error == .pushRejected(url: fixture.remotePath, reference: "refs/heads/main", reason:
            "cannot push because a reference that you are trying to update on the remote contains commits that are not present locally."))
        #expect(error.description == "push of refs/heads/main to \(fixture.remotePath) was rejected: cannot push because a"
            + " reference that you are trying to update on the remote contains commits that are not present locally;"
            + " fetch, re-apply the change on the new tip, and push again")
        #expect(try Repository.open(at: fixture.remotePath).resolve("main") == won)
    }

    @Test func rejectionsOverGitDaemonArriveThroughBothChannels() throws {
        let fixture = try Fixture()
        let daemon = try LocalGitDaemon(basePath: fixture.scratch.url.path)
        let url = daemon.url("remote.git")
        let loser = try fixture.clone("loser", url: url)

        // Channel 1: the remote advertises a tip this repository does not have: libgit2
        // refuses before sending and git_remote_push returns GIT_ENONFASTFORWARD.
        let winner = try fixture.clone("winner")
        let won = try commit("winner.txt", on: fixture.firstCommit, in: winner)
        try winner.updateReference("refs/heads/main", to: won, expecting: fixture.firstCommit, message: "test")
        try winner.push(["refs/heads/main:refs/heads/main"], credentials: TestGit.noCredentials)
        let stale = try commit("stale.txt", on: fixture.firstCommit, in: loser)
        try loser.updateReference("refs/heads/main", to: stale, expecting: fixture.firstCommit, message: "test")
        let returnCode = try #require(throws: GitError.self) {
            try loser.push(["refs/heads/main:refs/heads/main"], credentials: TestGit.noCredentials)
        }
        guard case .pushRejected(url, "refs/heads/main", _) = returnCode else {
            Issue.record("expected a rejection through the return code, got \(returnCode)")
            return
        }

        // Channel 2: the ref moves on the server after it was advertised (a pre-receive hook
        // plays the concurrent pusher), so receive-pack refuses the update in its report
        // while git_remote_push returns 0.
        try loser.fetch(credentials: TestGit.noCredentials)
        let onTop = try commit("on-top.txt", on: won, in: loser)
        try loser.updateReference("refs/heads/main", to: onTop, expecting: stale, message: "test")
        let remote = try Repository.open(at: fixture.remotePath)
        let sneaky = try commit("sneaky.txt", on: won, in: remote)
        try fixture.scratch.write("#!/bin/sh\nunset GIT_QUARANTINE_PATH\ngit update-ref refs/heads/main \(sneaky.hex)\n", to: "remote.git/hooks/pre-receive")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.remotePath + "/hooks/pre-receive")
        let status = try #require(throws: GitError.self) {
            try loser.push(["refs/heads/main:refs/heads/main"], credentials: TestGit.noCredentials)
        }
        #expect(status == .pushRejected(url: url, reference: "refs/heads/main", reason: "failed to update ref"))
        #expect(try remote.resolve("main") == sneaky)
        #expect(try fixture.fsckProblems() == nil)
    }
}

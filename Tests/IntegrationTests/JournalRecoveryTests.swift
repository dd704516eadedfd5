import Foundation
@testable import Integration
import Testing
import TestSupport

/// Recovery from every step a killed integrate's journal can be at.
@Suite struct JournalRecoveryTests {
    let publishing = IntegrationJournal.Publishing(url: "/nonexistent/specs.git", branch: "main",
                                                   commits: [String(repeating: "b", count: 40)])

    private func recover(_ project: ProjectFixture, landed: @escaping (IntegrationJournal.Publishing) throws -> Bool = { _ in
        Issue.record("the remote was asked")
        return false
    }) throws -> RecordingDelegate {
        let delegate = RecordingDelegate()
        try JournalRecovery(scope: project.scope, delegate: delegate, askRemote: landed).recover()
        return delegate
    }

    @Test func checkingRestoresTheFiles() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .checking)
        let delegate = try recover(project)
        #expect(project.podfileText == ProjectFixture.podfile)
        #expect(!project.journalExists)
        #expect(delegate.notes.count == 1 && delegate.notes[0].contains("did not finish; restored"))
    }

    @Test func publishingThatLandedKeepsAndCommitsThePins() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .publishing, publishing: publishing)
        let delegate = try recover(project) { asked in
            #expect(asked.commits == self.publishing.commits)
            return true
        }
        #expect(try project.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(try project.headMessage().hasPrefix("Integrate Foo 1.2.0"))
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.contains("kept its pins and committed them") == true)
    }

    @Test func publishingThatDidNotLandRestores() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .publishing, publishing: publishing)
        _ = try recover(project) { _ in false }
        #expect(project.podfileText == ProjectFixture.podfile)
        #expect(try project.headMessage().hasPrefix("Initial"))
        #expect(!project.journalExists)
    }

    @Test func publishingWithTheRemoteUnreachableChangesNothing() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .publishing, publishing: publishing)
        let pinned = project.podfileText
        #expect {
            _ = try recover(project) { _ in throw TestSupportError("connection refused") }
        } throws: { error in
            guard case let .cannotAskRemote(journal, url, reason)? = error as? IntegrationError else { return false }
            return journal.hasSuffix(".compctl/integrate.journal") && url == "/nonexistent/specs.git" && reason == "connection refused"
        }
        #expect(project.podfileText == pinned)
        #expect(project.journalExists)
    }

    @Test func publishedCommitsThePinsTheRemoteConfirms() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .published, publishing: publishing)
        let delegate = try recover(project) { _ in true }
        #expect(try project.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.contains("published its specs but was stopped before it ended; kept its pins") == true)
    }

    /// A journal is no proof of a publish: without the remote's word the files go back.
    @Test func publishedThatTheRemoteDeniesIsRestored() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .published, publishing: publishing)
        _ = try recover(project) { _ in false }
        #expect(try !project.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(!project.podfileText.contains("pod 'Foo', '1.2.0'"))
        #expect(!project.journalExists)
    }

    @Test func publishedWhoseCommitIsInPlaceDoesNothing() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .published)
        try gitCLI("commit", "-q", "-am", "Integrate Foo 1.2.0", in: project.root)
        let head = try gitCLI("rev-parse", "HEAD", in: project.root)
        let delegate = try recover(project)
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == head)
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.hasSuffix("its commit \(head.prefix(8)) is in place; nothing to do") == true)
    }

    /// The kill-harness failure (seed 0xc0ffee9, trial 13, phase `published`): the integrate
    /// was killed inside its commit, after libgit2 moved the branch to the pin commit and
    /// before it wrote the index. HEAD and the work tree have the pins, the index still has
    /// the original Podfile, so `git status` shows it changed both ways. Recovery finishes
    /// what the commit would have done: it stages the pinned files, and commits nothing.
    @Test func publishedKilledBetweenItsCommitAndItsIndexStagesThePins() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .published, publishing: publishing)
        try gitCLI("commit", "-q", "-am", "Integrate Foo 1.2.0", in: project.root)
        try gitCLI("read-tree", "HEAD~1", in: project.root)
        #expect(try gitCLI("status", "--porcelain", in: project.root) == "MM Podfile")
        let head = try gitCLI("rev-parse", "HEAD", in: project.root)
        let delegate = try recover(project)
        #expect(try gitCLI("status", "--porcelain", in: project.root) == "")
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == head)
        #expect(try gitCLI("show", ":Podfile", in: project.root).contains("pod 'Foo', '1.2.0'"))
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.hasSuffix("its commit \(head.prefix(8)) is in place; staged Podfile to match it") == true)
    }

    /// The same kill in an integrate that published nothing (the version was in the spec
    /// repo already): its journal says `published` without a push to ask about. HEAD with
    /// the pins is finished; HEAD without them (killed before the branch moved) goes back.
    @Test func publishedWithoutAPushFinishesACommitHEADHasAndElseRestores() throws {
        let committed = try ProjectFixture()
        try committed.leaveJournal(step: .published)
        try gitCLI("commit", "-q", "-am", "Integrate Foo 1.2.0", in: committed.root)
        try gitCLI("read-tree", "HEAD~1", in: committed.root)
        _ = try recover(committed)
        #expect(try gitCLI("status", "--porcelain", in: committed.root) == "")
        #expect(try committed.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(!committed.journalExists)

        let uncommitted = try ProjectFixture()
        try uncommitted.leaveJournal(step: .published)
        _ = try recover(uncommitted)
        #expect(uncommitted.podfileText == ProjectFixture.podfile)
        #expect(try gitCLI("status", "--porcelain", in: uncommitted.root) == "")
        #expect(try uncommitted.headMessage().hasPrefix("Initial"))
        #expect(!uncommitted.journalExists)
    }

    // MARK: - Killed while pushing the pins (`--push`, `--push-branch`)

    /// `--push`, killed after origin's branch took the pin commit and before the local
    /// branch followed it: recovery must not commit the pins a second time (the local
    /// branch would diverge from origin) but fast-forward to the pushed commit. With or
    /// without specs published in the same run.
    @Test(arguments: [true, false])
    func pushKilledAfterOriginTookTheCommitFastForwardsToIt(specsPublished: Bool) throws {
        let project = try ProjectFixture()
        let origin = try project.addOrigin()
        let base = try gitCLI("rev-parse", "HEAD", in: project.root)
        try project.leaveJournal(step: .published, publishing: specsPublished ? publishing : nil)
        let pushed = try project.pushPinCommitLeavingTheCheckoutBehind()
        try project.recordPushing(branch: "main", newBranch: false, commits: [pushed])
        let delegate = try recover(project) { _ in specsPublished }
        #expect(try gitCLI("rev-parse", "main", in: project.root) == pushed)
        #expect(try gitCLI("rev-parse", "main", in: origin) == pushed)
        #expect(try gitCLI("rev-parse", "HEAD~1", in: project.root) == base)
        #expect(try gitCLI("status", "--porcelain", in: project.root) == "")
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.contains("origin/main already has its commit \(pushed.prefix(8)); fast-forwarded main to it") == true,
                "\(delegate.notes)")
    }

    /// The same kill when origin's branch had moved before the push: the pushed commit does
    /// not sit on the checkout, which is left as a finished push leaves it, with no commit.
    @Test func pushKilledAfterOriginTookTheCommitOnAMovedBranchCommitsNothing() throws {
        let project = try ProjectFixture()
        let origin = try project.addOrigin()
        let base = try gitCLI("rev-parse", "HEAD", in: project.root)
        try project.leaveJournal(step: .published, publishing: publishing)
        let pushed = try project.pushPinCommitLeavingTheCheckoutBehind(onAMovedOrigin: true)
        try project.recordPushing(branch: "main", newBranch: false, commits: [pushed])
        let delegate = try recover(project) { _ in true }
        #expect(try gitCLI("rev-parse", "main", in: project.root) == base)
        #expect(try gitCLI("rev-parse", "main", in: origin) == pushed)
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.contains("origin/main already has its commit \(pushed.prefix(8)); pull to update this checkout") == true,
                "\(delegate.notes)")
    }

    /// An origin that cannot be asked whether the push landed stops recovery before it
    /// changes anything: committing the pins again could diverge from it. A journal naming
    /// no valid branch is refused the same way.
    @Test func pushJournalWithOriginUnreachableOrABadBranchChangesNothing() throws {
        let project = try ProjectFixture()
        let origin = try project.addOrigin()
        try project.leaveJournal(step: .published, publishing: publishing)
        let pushed = try project.pushPinCommitLeavingTheCheckoutBehind()
        try project.recordPushing(branch: "main", newBranch: false, commits: [pushed])
        try FileManager.default.moveItem(atPath: origin, toPath: origin + ".gone")
        let head = try gitCLI("rev-parse", "HEAD", in: project.root)
        let pinned = project.podfileText
        #expect {
            _ = try recover(project) { _ in true }
        } throws: { error in
            guard case let .cannotAskOrigin(journal, url, branch, _)? = error as? IntegrationError else { return false }
            return journal.hasSuffix(".compctl/integrate.journal") && url == origin && branch == "main"
        }
        try project.recordPushing(branch: "-bad..name", newBranch: true, commits: [])
        #expect {
            _ = try recover(project) { _ in true }
        } throws: { error in
            guard case let .badPushBranch(_, branch)? = error as? IntegrationError else { return false }
            return branch == "-bad..name"
        }
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == head)
        #expect(project.podfileText == pinned)
        #expect(project.journalExists)
    }

    /// `--push-branch`, killed after the new branch's commit was made and before HEAD
    /// switched to it: recovery switches to that branch and leaves the old one as it was.
    @Test func pushBranchKilledBeforeTheSwitchMovesToTheNewBranch() throws {
        let project = try ProjectFixture()
        _ = try project.addOrigin()
        let base = try gitCLI("rev-parse", "HEAD", in: project.root)
        try project.leaveJournal(step: .published, publishing: publishing)
        try project.recordPushing(branch: "pins/foo", newBranch: true, commits: [])
        try gitCLI("branch", "pins/foo", in: project.root)
        try gitCLI("symbolic-ref", "HEAD", "refs/heads/pins/foo", in: project.root)
        try gitCLI("commit", "-q", "-am", "Integrate Foo 1.2.0", in: project.root)
        let commit = try gitCLI("rev-parse", "HEAD", in: project.root)
        try gitCLI("symbolic-ref", "HEAD", "refs/heads/main", in: project.root)
        try gitCLI("reset", "-q", in: project.root)
        let delegate = try recover(project) { _ in true }
        #expect(try gitCLI("rev-parse", "main", in: project.root) == base)
        #expect(try gitCLI("rev-parse", "pins/foo", in: project.root) == commit)
        #expect(try gitCLI("symbolic-ref", "HEAD", in: project.root) == "refs/heads/pins/foo")
        #expect(try gitCLI("status", "--porcelain", in: project.root) == "")
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.contains("switched to pins/foo") == true, "\(delegate.notes)")
    }

    /// `--push-branch`, killed before the new branch was made: recovery makes it with the
    /// pins and switches to it; the checked-out branch gets no commit.
    @Test func pushBranchKilledBeforeItsCommitCommitsOnTheNewBranch() throws {
        let project = try ProjectFixture()
        _ = try project.addOrigin()
        let base = try gitCLI("rev-parse", "HEAD", in: project.root)
        try project.leaveJournal(step: .published, publishing: publishing)
        try project.recordPushing(branch: "pins/foo", newBranch: true, commits: [])
        let delegate = try recover(project) { _ in true }
        #expect(try gitCLI("rev-parse", "main", in: project.root) == base)
        #expect(try gitCLI("symbolic-ref", "HEAD", in: project.root) == "refs/heads/pins/foo")
        #expect(try gitCLI("rev-parse", "pins/foo~1", in: project.root) == base)
        #expect(try project.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(try gitCLI("status", "--porcelain", in: project.root) == "")
        #expect(!project.journalExists)
        #expect(delegate.notes.first?.contains("pins/foo") == true, "\(delegate.notes)")
    }
}

extension ProjectFixture {
    /// A bare `origin` beside the project holding its `main`; returns its path.
    func addOrigin() throws -> String {
        let origin = (root as NSString).deletingLastPathComponent + "/origin.git"
        try gitCLI("init", "-q", "--bare", "-b", "main", origin, in: root)
        try gitCLI("remote", "add", "origin", origin, in: root)
        try gitCLI("push", "-q", "origin", "main", in: root)
        return origin
    }

    /// What `--push` leaves when killed after origin took the pin commit and before the local
    /// branch and index followed: the commit (made in this repository, as libgit2 does) is
    /// on origin's `main`, the checkout is where it was with the pinned Podfile in its work
    /// tree. `onAMovedOrigin`: someone pushed to origin first, so the commit sits on theirs.
    func pushPinCommitLeavingTheCheckoutBehind(onAMovedOrigin: Bool = false) throws -> String {
        let base = try gitCLI("rev-parse", "HEAD", in: root)
        if onAMovedOrigin {
            try "other\n".write(toFile: root + "/Other.txt", atomically: true, encoding: .utf8)
            try gitCLI("add", "Other.txt", in: root)
            try gitCLI("commit", "-q", "-m", "Someone else's", in: root)
        }
        try gitCLI("commit", "-q", "-m", "Integrate Foo 1.2.0", "--", "Podfile", in: root)
        let pushed = try gitCLI("rev-parse", "HEAD", in: root)
        try gitCLI("push", "-q", "origin", "main", in: root)
        try gitCLI("reset", "-q", "--mixed", base, in: root)
        if onAMovedOrigin { try FileManager.default.removeItem(atPath: root + "/Other.txt") }
        return pushed
    }

    /// Adds to the journal the push a killed `--push` or `--push-branch` had under way.
    func recordPushing(branch: String, newBranch: Bool, commits: [String]) throws {
        var journal = try IntegrationJournal.read(in: root)
        journal.pushing = IntegrationJournal.Pushing(branch: branch, newBranch: newBranch, commits: commits)
        try journal.save(in: root)
    }
}

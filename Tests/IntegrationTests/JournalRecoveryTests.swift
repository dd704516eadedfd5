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
}

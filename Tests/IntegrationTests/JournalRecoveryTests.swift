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
}

import CompileCheck
import Foundation
@testable import Integration
import Testing
import TestSupport

@Suite struct IntegratorTests {
    @Test func passPinsPublishesAndCommits() async throws {
        let project = try ProjectFixture()
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        publisher.root = project.root
        let plan = try project.plan()
        let outcome = try await integrator(check, publisher, delegate, logs: project.directory).integrate(plan)
        guard case let .passed(landed) = outcome else { Issue.record("expected a pass, got \(outcome)"); return }
        #expect(landed.published == ["Foo=1.2.0"])
        #expect(publisher.published == ["Foo 1.2.0"])
        // The journal said `publishing` when the spec was offered, so a kill there is recoverable.
        #expect(publisher.journalsAtPush == [.publishing])
        #expect(await check.podfilesSeen.first?.contains("pod 'Foo', '1.2.0'") == true)
        #expect(try project.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(try project.headMessage().hasPrefix("Integrate Foo 1.2.0"))
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == landed.commit.hex)
        #expect(!project.journalExists)
        #expect(!FileManager.default.fileExists(atPath: plan.scratch))
    }

    @Test func failRestoresByteForByteAndPublishesNothing() async throws {
        let project = try ProjectFixture()
        let before = try Data(contentsOf: URL(fileURLWithPath: project.podfile))
        let head = try gitCLI("rev-parse", "HEAD", in: project.root)
        let (check, publisher, delegate) = (FakeCheck([.failed(exitCode: 1)]), FakePublisher(), RecordingDelegate())
        let outcome = try await integrator(check, publisher, delegate, logs: project.directory).integrate(try project.plan())
        guard case let .failed(failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(failure.word == "failed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.podfile)) == before)
        #expect(publisher.published.isEmpty)
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == head)
        #expect(!project.journalExists)
        #expect(delegate.failedChecks == [nil])
    }

    @Test func branchMovedDuringTheCheckRunsItAgainOnTheNewHead() async throws {
        let project = try ProjectFixture()
        let root = project.root
        // Someone commits a new pod line while the first check runs (a merge queue's case).
        let check = FakeCheck([.passed]) { run in
            guard run == 1 else { return }
            let moved = ProjectFixture.podfile.replacingOccurrences(of: "end\n", with: "  pod 'Bar', '~> 2.0'\nend\n")
            try moved.write(toFile: root + "/Podfile.moved", atomically: true, encoding: .utf8)
            try gitCLI("show", "HEAD:Podfile", in: root)
            try gitCLI("hash-object", "-w", "Podfile.moved", in: root)
            let blob = try gitCLI("hash-object", "Podfile.moved", in: root)
            try gitCLI("update-index", "--cacheinfo", "100644,\(blob),Podfile", in: root)
            try gitCLI("commit", "-q", "-m", "Add Bar", in: root)
            try FileManager.default.removeItem(atPath: root + "/Podfile.moved")
        }
        let (publisher, delegate) = (FakePublisher(), RecordingDelegate())
        let outcome = try await integrator(check, publisher, delegate, logs: project.directory).integrate(try project.plan())
        guard case .passed = outcome else { Issue.record("expected a pass, got \(outcome)"); return }
        #expect(await check.runs == 2)
        // The second check saw the moved branch's Podfile with the pins applied.
        #expect(await check.podfilesSeen.last?.contains("pod 'Bar', '~> 2.0'") == true)
        #expect(await check.podfilesSeen.last?.contains("pod 'Foo', '1.2.0'") == true)
        let committed = try project.committed()
        #expect(committed.contains("pod 'Bar', '~> 2.0'") && committed.contains("pod 'Foo', '1.2.0'"))
        #expect(delegate.notes.contains { $0.hasPrefix("the main project's branch moved during the check; re-applying the pins on ") && $0.hasSuffix("(1/3)") })
    }

    @Test func originMovedDuringTheCheckWithPushFollowsItChecksAgainAndPushes() async throws {
        let project = try ProjectFixture()
        let origin = project.directory.path("origin.git")
        let other = project.directory.path("other")
        try gitCLI("init", "-q", "--bare", "-b", "main", origin)
        try gitCLI("remote", "add", "origin", origin, in: project.root)
        try gitCLI("push", "-q", "origin", "main", in: project.root)
        try gitCLI("clone", "-q", origin, other)
        // A colleague's merge lands on origin while the first check runs.
        let check = FakeCheck([.passed]) { run in
            guard run == 1 else { return }
            let moved = ProjectFixture.podfile.replacingOccurrences(of: "end\n", with: "  pod 'Bar', '~> 2.0'\nend\n")
            try moved.write(toFile: other + "/Podfile", atomically: true, encoding: .utf8)
            try gitCLI("commit", "-q", "-am", "Add Bar", in: other)
            try gitCLI("push", "-q", "origin", "main", in: other)
        }
        let (publisher, delegate) = (FakePublisher(), RecordingDelegate())
        var integrator = integrator(check, publisher, delegate, logs: project.directory)
        integrator.options.push = true
        let outcome = try await integrator.integrate(try project.plan())
        guard case let .passed(landed) = outcome else { Issue.record("expected a pass, got \(outcome)"); return }
        #expect(await check.runs == 2)
        #expect(await check.podfilesSeen.last?.contains("pod 'Bar', '~> 2.0'") == true)
        let pushed = try gitCLI("--git-dir", origin, "show", "main:Podfile")
        #expect(pushed.contains("pod 'Bar', '~> 2.0'") && pushed.contains("pod 'Foo', '1.2.0'"))
        // The checkout followed: its branch is the pushed commit.
        #expect(try gitCLI("--git-dir", origin, "rev-parse", "main") == landed.commit.hex)
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == landed.commit.hex)
        #expect(delegate.notes.contains { $0.hasPrefix("origin/main moved during the check; re-applying the pins on ") && $0.hasSuffix("(1/3)") })
    }

    @Test func originMovedAfterTheCheckGetsThePinsReappliedOnItsTip() async throws {
        let project = try ProjectFixture()
        let origin = project.directory.path("origin.git")
        let other = project.directory.path("other")
        try gitCLI("init", "-q", "--bare", "-b", "main", origin)
        try gitCLI("remote", "add", "origin", origin, in: project.root)
        try gitCLI("push", "-q", "origin", "main", in: project.root)
        try gitCLI("clone", "-q", origin, other)
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        publisher.onPublish = {
            let moved = ProjectFixture.podfile.replacingOccurrences(of: "end\n", with: "  pod 'Bar', '~> 2.0'\nend\n")
            try moved.write(toFile: other + "/Podfile", atomically: true, encoding: .utf8)
            try gitCLI("commit", "-q", "-am", "Add Bar", in: other)
            try gitCLI("push", "-q", "origin", "main", in: other)
        }
        var integrator = integrator(check, publisher, delegate, logs: project.directory)
        integrator.options.push = true
        let before = try gitCLI("rev-parse", "HEAD", in: project.root)
        guard case .passed = try await integrator.integrate(try project.plan()) else { Issue.record("expected a pass"); return }
        #expect(await check.runs == 1)
        let pushed = try gitCLI("--git-dir", origin, "show", "main:Podfile")
        #expect(pushed.contains("pod 'Bar', '~> 2.0'") && pushed.contains("pod 'Foo', '1.2.0'"))
        // The checkout is not moved under the user: they pull.
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == before)
        #expect(delegate.notes.contains("origin/main had moved: the pins were re-applied on it and pushed; pull to update this checkout"))
        #expect(!project.journalExists)
    }

    /// What recovery needs after a kill while pushing the pins: the journal names the branch
    /// (and whether it is new) before the commit, and each commit before it is offered.
    @Test(arguments: [nil, "pins/foo"])
    func aPushJournalsItsBranchAndEachCommitBeforeOfferingIt(pushBranch: String?) async throws {
        let project = try ProjectFixture()
        let origin = try project.addOrigin()
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        var integrator = integrator(check, publisher, delegate, logs: project.directory)
        integrator.options.push = pushBranch == nil
        integrator.options.pushBranch = pushBranch
        let seen = JournalsSeen()
        let root = project.root
        integrator.openProject = { root in
            var watched = CommitFailingProject(real: try GitProject(at: root), fails: false)
            watched.onCommit = { seen.append(try? IntegrationJournal.read(in: root), offered: nil) }
            watched.onPush = { seen.append(try? IntegrationJournal.read(in: root), offered: $0.hex) }
            return watched
        }
        guard case let .passed(landed) = try await integrator.integrate(try project.plan()) else { Issue.record("expected a pass"); return }
        let journals = seen.all
        #expect(journals.count == 1)
        let journal = try #require(journals.first?.journal)
        #expect(journal.step == .published)
        #expect(journal.pushing?.branch == (pushBranch ?? "main"))
        #expect(journal.pushing?.newBranch == (pushBranch != nil))
        if let offered = journals.first?.offered { #expect(journal.pushing?.commits == [offered]) }
        #expect(try gitCLI("--git-dir", origin, "rev-parse", pushBranch ?? "main") == landed.commit.hex)
        #expect(!FileManager.default.fileExists(atPath: IntegrationJournal.path(in: root)))
    }

    @Test func publishFailureRestoresTheFiles() async throws {
        let project = try ProjectFixture()
        let before = project.podfileText
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        publisher.failure = "the spec repo said no"
        await #expect(throws: IntegrationError.self) {
            _ = try await integrator(check, publisher, delegate, logs: project.directory).integrate(try project.plan())
        }
        #expect(project.podfileText == before)
        #expect(!project.journalExists)
    }

    @Test func allOrNothingRestoresEveryProjectWhenOneFails() async throws {
        let first = try ProjectFixture(name: "First")
        let second = try ProjectFixture(name: "Second")
        let check = FakeCheck([.passed, .failed(exitCode: 2)])
        let (publisher, delegate) = (FakePublisher(), RecordingDelegate())
        let plans = ["First": try first.plan(), "Second": try second.plan()]
        let result = try await integrator(check, publisher, delegate, logs: first.directory)
            .integrateEach(["First", "Second"], allOrNothing: true) { .ready(plans[$0]!) }
        #expect(result.failed)
        #expect(result.rows.map(\.outcome) == ["restored", "failed"])
        #expect(result.published.isEmpty && publisher.published.isEmpty)
        #expect(first.podfileText == ProjectFixture.podfile && second.podfileText == ProjectFixture.podfile)
        #expect(!first.journalExists && !second.journalExists)
        #expect(try first.headMessage().hasPrefix("Initial"))
        #expect(delegate.notes.contains("--all-or-nothing: nothing was published or committed; every Podfile is as it was"))
    }

    @Test func allOrNothingPublishesOnceAndCommitsEveryProjectWhenAllPass() async throws {
        let first = try ProjectFixture(name: "First")
        let second = try ProjectFixture(name: "Second")
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        let plans = ["First": try first.plan(), "Second": try second.plan()]
        let result = try await integrator(check, publisher, delegate, logs: first.directory)
            .integrateEach(["First", "Second"], allOrNothing: true) { .ready(plans[$0]!) }
        #expect(!result.failed)
        #expect(result.rows.map(\.outcome) == ["passed", "passed"])
        #expect(publisher.published == ["Foo 1.2.0"])
        #expect(try first.committed().contains("'1.2.0'") && second.committed().contains("'1.2.0'"))
    }

    @Test func allOrNothingPublishFailureRestoresEveryProject() async throws {
        let first = try ProjectFixture(name: "First")
        let second = try ProjectFixture(name: "Second")
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        publisher.failure = "the spec repo said no"
        let plans = ["First": try first.plan(), "Second": try second.plan()]
        await #expect {
            _ = try await integrator(check, publisher, delegate, logs: first.directory)
                .integrateEach(["First", "Second"], allOrNothing: true) { .ready(plans[$0]!) }
        } throws: { error in
            (error as? IntegrationError)?.errors == ["the spec repo said no"]
        }
        #expect(first.podfileText == ProjectFixture.podfile && second.podfileText == ProjectFixture.podfile)
        #expect(!first.journalExists && !second.journalExists)
        #expect(try first.headMessage().hasPrefix("Initial") && second.headMessage().hasPrefix("Initial"))
    }

    @Test func allOrNothingCommitFailureKeepsEarlierProjectsAndSaysSo() async throws {
        let first = try ProjectFixture(name: "First")
        let second = try ProjectFixture(name: "Second")
        let third = try ProjectFixture(name: "Third")
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        var integrator = integrator(check, publisher, delegate, logs: first.directory)
        let failing = second.root
        integrator.openProject = { root in CommitFailingProject(real: try GitProject(at: root), fails: root == failing) }
        let plans = ["First": try first.plan(), "Second": try second.plan(), "Third": try third.plan()]
        await #expect {
            _ = try await integrator.integrateEach(["First", "Second", "Third"], allOrNothing: true) { .ready(plans[$0]!) }
        } throws: { error in
            guard let error = error as? IntegrationError, error.errors.count == 2 else { return false }
            // As before the move, this does not say that the specs were published.
            return error.errors[0] == "committing the Podfile failed: index.lock exists; commit it by hand"
                && error.errors[1].hasPrefix("already committed: First ")
                && error.errors[1].hasSuffix("; compctl never force-pushes: revert by hand if needed")
        }
        #expect(publisher.published == ["Foo 1.2.0"])
        #expect(try first.committed().contains("'1.2.0'"))
        // The project after the failing one goes back; nothing is left half-done.
        #expect(third.podfileText == ProjectFixture.podfile)
        #expect(try third.headMessage().hasPrefix("Initial"))
        #expect(!first.journalExists && !second.journalExists && !third.journalExists)
    }

    /// The commit is made but the index cannot be written (another git process holds
    /// index.lock): the error must say that the pins are committed and only the index is
    /// behind, naming the lock, not ask for a commit by hand that would duplicate it.
    @Test func aHeldIndexLockAfterTheCommitSaysTheCommitIsInPlace() async throws {
        let project = try ProjectFixture()
        let lock = project.root + "/.git/index.lock"
        // Taken while the check runs, as a git process the user started would.
        let check = FakeCheck([.passed]) { _ in _ = FileManager.default.createFile(atPath: lock, contents: Data()) }
        let (publisher, delegate) = (FakePublisher(), RecordingDelegate())
        await #expect {
            _ = try await integrator(check, publisher, delegate, logs: project.directory).integrate(try project.plan())
        } throws: { error in
            let message = (error as? IntegrationError)?.errors.joined(separator: "\n") ?? "\(error)"
            let head = (try? gitCLI("rev-parse", "--short=8", "HEAD", in: project.root)) ?? "?"
            let ok = message.contains("the pins are committed (\(head) on main)") && message.contains(lock)
                && message.contains("git reset -q -- Podfile") && !message.contains("commit it by hand")
            if !ok { Issue.record("message: \(message)") }
            return ok
        }
        try FileManager.default.removeItem(atPath: lock)
        #expect(try project.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(try gitCLI("rev-list", "--count", "HEAD", in: project.root) == "2")
        #expect(!project.journalExists)
    }

    @Test func eachInTurnKeepsGoingAfterAFailure() async throws {
        let first = try ProjectFixture(name: "First")
        let second = try ProjectFixture(name: "Second")
        let check = FakeCheck([.failed(exitCode: 1), .passed])
        let (publisher, delegate) = (FakePublisher(), RecordingDelegate())
        let plans = ["First": try first.plan(), "Second": try second.plan()]
        let result = try await integrator(check, publisher, delegate, logs: first.directory)
            .integrateEach(["First", "Second"], allOrNothing: false) { .ready(plans[$0]!) }
        #expect(result.failed)
        #expect(result.rows.map(\.outcome) == ["failed", "passed"])
        #expect(first.podfileText == ProjectFixture.podfile)
        #expect(try second.committed().contains("'1.2.0'"))
        #expect(delegate.failedChecks == ["First"])
        #expect(delegate.notes.contains { $0.hasPrefix("Second: integrated Foo=1.2.0; committed ") })
    }

    @Test func alreadyIntegratedWhenPublishedAndPinned() async throws {
        let project = try ProjectFixture(podfile: ProjectFixture.podfile.replacingOccurrences(of: "'~> 1.0'", with: "'1.2.0'"))
        let integrator = integrator(FakeCheck([.passed]), FakePublisher(), RecordingDelegate(), logs: project.directory)
        #expect(try integrator.isAlreadyIntegrated(try project.plan(published: true)))
        #expect(try !integrator.isAlreadyIntegrated(try project.plan(published: false)))
        #expect(try !integrator.isAlreadyIntegrated(try project.plan(["Foo=1.3.0"], published: true)))
    }

    /// An integrate of a version already in the spec repo publishes nothing, but its commit
    /// can be killed as surely: libgit2 moves the branch before it writes the index. The
    /// journal must say `published` by then, so that recovery finishes a commit HEAD has (a
    /// `checking` journal would put the original Podfile back under the pin commit).
    @Test func aCommitOfAlreadyPublishedPinsIsJournalledAsPublished() async throws {
        let project = try ProjectFixture()
        let (check, publisher, delegate) = (FakeCheck([.passed]), FakePublisher(), RecordingDelegate())
        var integrator = integrator(check, publisher, delegate, logs: project.directory)
        let seen = StepsSeen()
        let journal = IntegrationJournal.path(in: project.root)
        integrator.openProject = { root in
            CommitFailingProject(real: try GitProject(at: root), fails: false) {
                let data = FileManager.default.contents(atPath: journal) ?? Data()
                seen.steps.append((try? JSONDecoder().decode(IntegrationJournal.self, from: data))?.step)
            }
        }
        let outcome = try await integrator.integrate(try project.plan(published: true))
        guard case .passed = outcome else { Issue.record("expected a pass, got \(outcome)"); return }
        #expect(publisher.published.isEmpty)
        #expect(seen.steps == [.published])
        #expect(try project.committed().contains("pod 'Foo', '1.2.0'"))
        #expect(!project.journalExists)
    }

    /// A second identical integrate (a retried CI job) runs no check and commits nothing.
    @Test func integrateOfWhatIsAlreadyIntegratedRunsNothing() async throws {
        let project = try ProjectFixture(podfile: ProjectFixture.podfile.replacingOccurrences(of: "'~> 1.0'", with: "'1.2.0'"))
        let head = try gitCLI("rev-parse", "HEAD", in: project.root)
        let (check, publisher) = (FakeCheck([.passed]), FakePublisher())
        let outcome = try await integrator(check, publisher, RecordingDelegate(), logs: project.directory)
            .integrate(try project.plan(published: true))
        guard case .alreadyIntegrated = outcome else { Issue.record("expected nothing to do, got \(outcome)"); return }
        #expect(await check.runs == 0)
        #expect(publisher.published.isEmpty)
        #expect(try gitCLI("rev-parse", "HEAD", in: project.root) == head)
        #expect(!project.journalExists)
    }
}

/// The journal steps a commit found on disk.
private final class StepsSeen {
    var steps: [IntegrationJournal.Step?] = []
}

/// The journals a watched project found on disk, with the commit being offered.
final class JournalsSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [(journal: IntegrationJournal?, offered: String?)] = []

    func append(_ journal: IntegrationJournal?, offered: String?) { lock.withLock { seen.append((journal, offered)) } }
    var all: [(journal: IntegrationJournal?, offered: String?)] { lock.withLock { seen } }
}

extension IntegrationJournal {
    /// The journal on disk under `root`.
    static func read(in root: String) throws -> IntegrationJournal {
        try JSONDecoder().decode(IntegrationJournal.self, from: Data(contentsOf: URL(fileURLWithPath: path(in: root))))
    }
}

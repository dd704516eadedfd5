import CompileCheck
import Foundation
import Git
@testable import Integration
import Podspec
import SpecRepo
import TestSupport

/// Collects the integrate's events.
/// `recorded` is only touched under `lock`.
final class RecordingDelegate: IntegrationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [IntegrationEvent] = []

    func integration(_ event: IntegrationEvent) { lock.withLock { recorded.append(event) } }

    var notes: [String] {
        lock.withLock { recorded.compactMap { if case let .note(text) = $0 { return text } else { return nil } } }
    }

    var failedChecks: [String?] {
        lock.withLock { recorded.compactMap { if case let .checkFailed(_, project) = $0 { return .some(project) } else { return nil } } }
    }
}

/// A compile check that ends with the scripted statuses in turn (the last one repeats),
/// records the Podfile each run saw, and runs `during` while "checking".
actor FakeCheck: CompileChecking {
    private var statuses: [CheckStatus]
    private let during: @Sendable (Int) throws -> Void
    private(set) var podfilesSeen: [String] = []

    init(_ statuses: [CheckStatus], during: @escaping @Sendable (Int) throws -> Void = { _ in }) {
        self.statuses = statuses
        self.during = during
    }

    var runs: Int { podfilesSeen.count }

    func run(_ invocation: CheckInvocation, progress: @escaping @Sendable (CheckProgress) -> Void) async throws -> CheckOutcome {
        let podfile = invocation.environment[CheckEnvironment.podfile] ?? ""
        podfilesSeen.append((try? String(contentsOfFile: podfile, encoding: .utf8)) ?? "")
        try during(podfilesSeen.count)
        let status = statuses.count > 1 ? statuses.removeFirst() : statuses[0]
        progress(CheckProgress(elapsed: .seconds(1), lastLine: "building"))
        return CheckOutcome(status: status, duration: .seconds(1), logPath: invocation.logPath,
                            tail: status == .passed ? [] : ["error: something broke"])
    }
}

/// A spec publisher that records what it was asked and offers one made-up commit per spec.
final class FakePublisher: SpecPublishing {
    var published: [String] = []
    var journalsAtPush: [IntegrationJournal.Step] = []
    var failure: String?
    var root: String?
    /// Runs as each spec is published (after the check).
    var onPublish: () throws -> Void = {}

    func publishChecked(_ podspec: PodspecFile, to target: SpecRepoTarget,
                        willPush: (ObjectID, String) throws -> Void) throws -> PublishOutcome {
        if let failure { throw TestSupportError(failure) }
        try onPublish()
        let commit = try ObjectID(hex: String(repeating: "a", count: 39) + "\(published.count)")
        try willPush(commit, "main")
        if let root, let data = FileManager.default.contents(atPath: IntegrationJournal.path(in: root)),
           let journal = try? JSONDecoder().decode(IntegrationJournal.self, from: data) {
            journalsAtPush.append(journal.step)
        }
        published.append("\(podspec.spec.name) \(podspec.spec.version)")
        let plan = try SpecPublisher.plan(for: podspec, in: nil, force: false, repository: target.name)
        return .published(plan, commit: commit, attempts: 1, changed: true)
    }
}

/// A main project in a real temporary git repository, with a Podfile naming Foo.
struct ProjectFixture {
    static let podfile = "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Foo', '~> 1.0'\nend\n"

    let directory: TemporaryDirectory
    let root: String
    var podfile: String { root + "/Podfile" }

    init(name: String = "App", podfile: String = Self.podfile) throws {
        directory = try TemporaryDirectory(prefix: "integration")
        root = ProjectFiles.realPath(directory.url.path)! + "/" + name
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try gitCLI("init", "-q", "-b", "main", in: root)
        try podfile.write(toFile: self.podfile, atomically: true, encoding: .utf8)
        try gitCLI("add", "Podfile", in: root)
        try gitCLI("commit", "-q", "-m", "Initial", in: root)
    }

    var podfileText: String { (try? String(contentsOfFile: podfile, encoding: .utf8)) ?? "" }

    func committed(_ path: String = "Podfile") throws -> String { try gitCLI("show", "HEAD:\(path)", in: root) }

    func headMessage() throws -> String { try gitCLI("log", "-1", "--format=%B", in: root) }

    var journalExists: Bool { FileManager.default.fileExists(atPath: IntegrationJournal.path(in: root)) }

    /// A plan integrating `pins` (each spec new to the spec repo unless `published`).
    func plan(_ pins: [String] = ["Foo=1.2.0"], published: Bool = false) throws -> IntegrationPlan {
        let scratch = try ScratchDirectory.make()
        let candidates = try pins.map { text -> IntegrationCandidate in
            let pin = try ComponentPin.parse(text)
            let json = #"{"name": "\#(pin.name)", "version": "\#(pin.version)"}"#
            let spec = try PodspecReader.read(string: json, path: "\(pin.name).podspec.json")
            let file = PodspecFile(path: "\(pin.name).podspec.json", contents: Data(json.utf8), spec: spec)
            return IntegrationCandidate(pin: pin, podspec: published ? nil : file)
        }
        return IntegrationPlan(root: root, podfile: podfile, candidates: candidates,
                               target: SpecRepoTarget(name: "specs", url: "/nonexistent/specs.git"),
                               check: .shell("true"), stagedSpecRepo: scratch + "/staged-specs.git", scratch: scratch)
    }

    /// Writes a journal at `step` as a killed integrate of Foo=1.2.0 would have left it, the
    /// Podfile pinned.
    func leaveJournal(step: IntegrationJournal.Step, publishing: IntegrationJournal.Publishing? = nil) throws {
        var journal = IntegrationJournal.begin(pins: ["Foo=1.2.0"], files: [podfile, root + "/Podfile.lock"], root: root,
                                               stagedDirectory: nil)
        journal.step = step
        journal.publishing = publishing
        try journal.save(in: root)
        try Self.podfile.replacingOccurrences(of: "'~> 1.0'", with: "'1.2.0'").write(toFile: podfile, atomically: true, encoding: .utf8)
    }

    var scope: JournalScope {
        JournalScope(root: root, podfile: podfile, packageManifest: nil, remotes: ["/nonexistent/specs.git"])
    }
}

func integrator(_ check: FakeCheck, _ publisher: FakePublisher, _ delegate: RecordingDelegate,
                allOrNothing: Bool = false, logs: TemporaryDirectory) -> Integrator {
    Integrator(options: IntegrationOptions(logDirectory: logs.path("logs")), delegate: delegate,
               checker: check, publisher: publisher)
}

/// The real project git, except that committing fails when `fails`; `onCommit` runs as a
/// commit starts and `onPush` as a commit is offered to origin (what a kill there would
/// find on disk).
struct CommitFailingProject: ProjectGit {
    let real: GitProject
    let fails: Bool
    var onCommit: () -> Void = {}
    var onPush: (ObjectID) -> Void = { _ in }

    var workDirectory: String { real.workDirectory }
    var branch: String { real.branch }
    func head() -> ObjectID? { real.head() }
    func remoteTip(of branch: String) -> ObjectID? { real.remoteTip(of: branch) }
    func isAncestor(_ ancestor: ObjectID, of descendant: ObjectID) -> Bool { real.isAncestor(ancestor, of: descendant) }
    func fastForward(branch: String, from expected: ObjectID, to target: ObjectID) throws {
        try real.fastForward(branch: branch, from: expected, to: target)
    }
    func file(_ path: String, at commit: ObjectID) -> Data? { real.file(path, at: commit) }
    func commit(_ paths: [String], message: String) throws -> ObjectID {
        onCommit()
        if fails { throw TestSupportError("index.lock exists") }
        return try real.commit(paths, message: message)
    }
    func push(branch: String, message: String, staging paths: [String], willPush: (ObjectID) throws -> Void,
              change: (_ readAtTip: (String) throws -> Data) throws -> [FileChange]) throws -> PushedPins {
        try real.push(branch: branch, message: message, staging: paths, willPush: { commit in
            try willPush(commit)
            onPush(commit)
        }, change: change)
    }
    func pushNewBranch(_ name: String, message: String, staging paths: [String]) throws -> ObjectID {
        onCommit()
        if fails { throw TestSupportError("index.lock exists") }
        return try real.pushNewBranch(name, message: message, staging: paths)
    }
}

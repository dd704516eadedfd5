import BinaryChannel
import CompileCheck
import FileIO
import Foundation
import Git
import Manifest
import SpecRepo

/// Executes planned integrates: pins the project's files, runs the compile check (again
/// when the branch moved during it), and lands a pass: publishes the specs with the
/// journal's `publishing` step, commits the pins, and with `push` pushes them, re-applied
/// on a moved remote branch. A failure puts every file back byte for byte. It reports
/// through its delegate and never prints.
public struct Integrator {
    /// What the command line asked for.
    public var options: IntegrationOptions
    /// Hears notes, the check's progress and its failures.
    public var delegate: any IntegrationDelegate
    /// Runs the compile check.
    public var checker: any CompileChecking
    /// Publishes the new specs.
    public var publisher: any SpecPublishing
    /// Opens the main project's repository at a root.
    public var openProject: (String) throws -> any ProjectGit

    /// An integrator with the real compile check, publisher and git by default.
    public init(
        options: IntegrationOptions, delegate: any IntegrationDelegate,
        checker: any CompileChecking = InterruptibleCompileCheck(),
        publisher: any SpecPublishing = SpecPublisher(cache: .standard()),
        openProject: @escaping (String) throws -> any ProjectGit = { try GitProject(at: $0) }
    ) {
        self.options = options
        self.delegate = delegate
        self.checker = checker
        self.publisher = publisher
        self.openProject = openProject
    }

    /// Whether there is nothing left to do: every version is published and the Podfile
    /// (and Package.swift) already pin them (the files were checked committed).
    public func isAlreadyIntegrated(_ plan: IntegrationPlan) throws -> Bool {
        guard plan.candidates.allSatisfy({ $0.podspec == nil }) else { return false }
        let contents = try plan.pinnedContents(reading: Self.read)
        return contents.allSatisfy { $0.pinned == nil || $0.pinned == $0.current }
    }

    /// A file's bytes, or nil when it does not exist.
    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Checks and lands one project; a failed check restores its files and is returned. A
    /// project that already has every pin, all of them published, is left alone.
    public func integrate(_ plan: IntegrationPlan, label: String? = nil) async throws -> IntegrateOutcome {
        if try isAlreadyIntegrated(plan) { return .alreadyIntegrated }
        switch try await check(plan, label: label) {
        case let .failed(failed): return .failed(failed)
        case let .passed(checked): return .passed(try land(checked, publishing: true))
        }
    }

    // MARK: - Checking

    /// Where the check started: HEAD, and with `push` origin's tip.
    private struct Base {
        var local: ObjectID?
        var remote: ObjectID?
    }

    /// How the branch moved while the check ran.
    private enum Move {
        /// Origin's branch moved ahead of an unmoved checkout (`--push`, a merge queue).
        case remote(from: ObjectID, to: ObjectID)
        /// The local branch moved.
        case local(ObjectID?)
    }

    /// Pins the files and runs the compile check, re-checking when the branch moved
    /// during it (up to `maxRequeues`). A failure restores the files and is returned.
    public func check(_ plan: IntegrationPlan, label: String?) async throws -> CheckResult {
        var journal = IntegrationJournal.begin(pins: plan.pins.map(\.text), files: plan.journalledFiles,
                                               root: plan.root, stagedDirectory: plan.scratch)
        try journal.save(in: plan.root)
        let project = try openProject(plan.root)
        let branch = project.branch
        var base = Base(local: project.head(), remote: options.push ? project.remoteTip(of: branch) : nil)
        var requeues = 0
        while true {
            let written: [(path: String, bytes: Data?)]
            do {
                written = try pin(plan)
            } catch {
                try? journal.restore(in: plan.root)
                throw error
            }
            let outcome = try await runCheck(plan)
            guard case .passed = outcome.status else {
                try? journal.restore(in: plan.root)
                delegate.integration(.checkFailed(outcome, project: label))
                return .failed(FailedCheck(outcome: outcome))
            }
            let moved = requeues < options.maxRequeues ? movement(of: project, branch: branch, since: base) : nil
            guard let move = moved else {
                // The check may change Podfile.lock; anything else it changed would ride along
                // in the integrate commit unreviewed.
                if let changed = written.first(where: { FileManager.default.contents(atPath: $0.path) != $0.bytes }) {
                    try? journal.restore(in: plan.root)
                    throw IntegrationError.checkChangedManifest(DisplayPath.relative(changed.path))
                }
                do {
                    try dropPrebuilt(plan, journal: journal)
                } catch {
                    try? journal.restore(in: plan.root)
                    throw error
                }
                return .passed(CheckedProject(plan: plan, log: outcome.logPath, journal: journal, project: project, branch: branch))
            }
            requeues += 1
            let count = "(\(requeues)/\(options.maxRequeues))"
            switch move {
            case let .remote(start, tip):
                delegate.integration(.note("origin/\(branch) moved during the check; re-applying the pins on \(tip.hex.prefix(8)) and checking again \(count)"))
                try follow(tip, from: start, branch: branch, plan: plan, project: project, journal: &journal)
                base = Base(local: tip, remote: tip)
            case let .local(head):
                delegate.integration(.note("the main project's branch moved during the check; re-applying the pins on \(head?.hex.prefix(8) ?? "?") and checking again \(count)"))
                try takeOriginals(at: head, plan: plan, project: project, journal: &journal)
                base.local = head
            }
        }
    }

    /// How the branch moved since `base`, or `nil` when the check stands. With `push`, an
    /// unmoved checkout whose origin moved follows origin when that is a fast-forward;
    /// otherwise landing re-applies the pins on the tip without a new check.
    private func movement(of project: any ProjectGit, branch: String, since base: Base) -> Move? {
        let head = project.head()
        if options.push, head == base.local, let start = base.local,
           let tip = project.remoteTip(of: branch), tip != base.remote {
            return project.isAncestor(start, of: tip) ? .remote(from: start, to: tip) : nil
        }
        return head != base.local ? .local(head) : nil
    }

    /// Moves the checkout to origin's new tip: the originals go back, the branch
    /// fast-forwards, and the tip's files become the originals.
    private func follow(_ tip: ObjectID, from start: ObjectID, branch: String, plan: IntegrationPlan,
                        project: any ProjectGit, journal: inout IntegrationJournal) throws {
        do {
            for file in journal.files {
                if let original = file.original {
                    try AtomicFile.write(original, to: IntegrationJournal.absolute(file.path, root: plan.root))
                }
            }
            try project.fastForward(branch: branch, from: start, to: tip)
            for path in plan.pinnedPaths {
                journal.setOriginal(FileManager.default.contents(atPath: path), of: path, root: plan.root)
            }
            try journal.save(in: plan.root)
        } catch {
            try? journal.restore(in: plan.root)
            throw IntegrationError.cannotFollowRemote(branch: branch, tip: tip.hex, reason: "\(error)")
        }
    }

    /// Takes the moved HEAD's Podfile and Package.swift as the originals (and puts them in
    /// the work tree), so the pins are applied to them next.
    private func takeOriginals(at head: ObjectID?, plan: IntegrationPlan, project: any ProjectGit,
                               journal: inout IntegrationJournal) throws {
        guard let head else { return }
        for path in plan.pinnedPaths {
            let committed = project.file(String(path.dropFirst(project.workDirectory.count)), at: head)
            if let committed { try AtomicFile.write(committed, to: path) }
            journal.setOriginal(committed, of: path, root: plan.root)
        }
        try journal.save(in: plan.root)
    }

    /// The pods the check takes prebuilt, as `:source` requests for the Podfile editor.
    static func prebuiltSources(_ plan: IntegrationPlan) -> [PodSource] {
        plan.binaryCheck.map { check in check.pods.map { PodSource(name: $0.name, source: check.address) } } ?? []
    }

    /// Pins the plan's files as they are now, and gives the check's prebuilt pods their
    /// `:source` in the Podfile; returns each file's bytes after pinning.
    private func pin(_ plan: IntegrationPlan) throws -> [(path: String, bytes: Data?)] {
        var written: [(path: String, bytes: Data?)] = []
        let prebuilt = Self.prebuiltSources(plan)
        for entry in try plan.pinnedContents(reading: Self.read) {
            var pinned = entry.pinned
            if entry.path == plan.podfile, !prebuilt.isEmpty, let bytes = pinned {
                pinned = try PodfileEditor.setSources(prebuilt, in: bytes, path: entry.path).bytes
            }
            if let pinned, pinned != entry.current {
                // A first Package.resolved of an Xcode project may need its folder.
                try Self.makeFolder(of: entry.path, inside: plan.root)
                try AtomicFile.write(Data(pinned), to: entry.path)
            }
            written.append((entry.path, (pinned ?? entry.current).map { Data($0) }))
        }
        return written
    }

    /// After a check with binaries passed: the Podfile becomes its original with the pins
    /// (the check's `:source` options go, as the journal would restore them), and Podfile.lock
    /// goes back to the original, since the check resolved the prebuilt pods from the binary
    /// repo; the commit then carries the pins only.
    private func dropPrebuilt(_ plan: IntegrationPlan, journal: IntegrationJournal) throws {
        guard !Self.prebuiltSources(plan).isEmpty, let podfile = plan.podfile,
              let file = plan.pinnedFiles.first(where: { $0.path == podfile }) else { return }
        let original = journal.file(at: podfile, root: plan.root)?.original.map { [UInt8]($0) }
        if let pinned = try file.pin(original, [:]) { try AtomicFile.write(Data(pinned), to: podfile) }
        if let lockPath = plan.podfileLock, let lock = journal.file(at: lockPath, root: plan.root),
           FileManager.default.contents(atPath: lockPath) != lock.original {
            if let bytes = lock.original {
                try AtomicFile.write(bytes, to: lockPath)
            } else {
                try FileManager.default.removeItem(atPath: lockPath)
            }
            delegate.integration(.note("Podfile.lock is left as it was: the check took prebuilt pods from the binary repo, "
                + "so its lock is not the app's; run pod install to update it"))
        }
    }

    /// Makes the folder `path` goes in when it is missing and lies inside `root`.
    static func makeFolder(of path: String, inside root: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !FileManager.default.fileExists(atPath: folder), folder.hasPrefix(root + "/") else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Runs the compile check in the project's root, its log under `logDirectory`.
    private func runCheck(_ plan: IntegrationPlan) async throws -> CheckOutcome {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        // Logs live under compctl's home, not in the project: a failed integrate must leave
        // the main project exactly as it was, and the log must outlive it.
        let project = (plan.root as NSString).lastPathComponent
        let log = (options.logDirectory as NSString).appendingPathComponent("\(project)/integrate-\(stamp)-\(getpid()).log")
        let invocation = CheckInvocation(
            command: plan.check, workingDirectory: plan.root,
            environment: CheckEnvironment.variables(
                components: plan.pins.map { ($0.name, $0.version) }, stagedSpecRepo: plan.stagedSpecRepo, podfile: plan.podfile),
            logPath: log, timeout: options.timeout, terminationGrace: options.terminationGrace)
        let delegate = delegate
        let start = ContinuousClock.now
        do {
            let outcome = try await checker.run(invocation) { delegate.integration(.checkProgress($0)) }
            delegate.integration(.checkEnded(outcome.status, elapsed: ContinuousClock.now - start))
            return outcome
        } catch {
            delegate.integration(.checkEnded(nil, elapsed: ContinuousClock.now - start))
            throw error
        }
    }

    // MARK: - Landing

    /// Publishes (when `publishing`) and commits a checked project, closing its journal.
    public func land(_ checked: CheckedProject, publishing: Bool) throws -> Landed {
        let plan = checked.plan
        var journal = checked.journal
        // Publish, then commit: from here the spec repo has changed, so a crash keeps the pins.
        var published: [String] = []
        if publishing {
            published = try publishSpecs(plan, willPush: { commit, branch in
                try Self.record(commit, branch: branch, target: plan.target.url, in: &journal, root: plan.root)
            }, failed: { try? journal.restore(in: plan.root) })
        }
        // Every spec the pins name is in the spec repo now (published here, by `landAll`, or
        // before): a kill inside the commit is finished by recovery when HEAD has the pins
        // (libgit2 moves the branch before it writes the index), else the files go back.
        // With a push, the branch it goes to is journalled too: recovery commits on a new
        // branch there, and follows a push that landed instead of committing again.
        let pushing = options.pushBranch.map { IntegrationJournal.Pushing(branch: $0, newBranch: true, commits: []) }
            ?? (options.push ? IntegrationJournal.Pushing(branch: checked.branch, newBranch: false, commits: []) : nil)
        if journal.step != .published || pushing != nil {
            journal.step = .published
            journal.pushing = pushing
            try journal.save(in: plan.root)
        }
        let commit: ObjectID
        do {
            commit = try commitPins(checked, journal: &journal)
        } catch {
            journal.finish(in: plan.root)
            if case IntegrationError.indexNotUpdated = error { throw error }
            throw IntegrationError.commitFailed(specsPublished: !published.isEmpty, reason: "\(error)")
        }
        journal.finish(in: plan.root)
        return Landed(published: published, commit: commit, log: checked.log)
    }

    /// Puts a checked project's files back, byte for byte.
    public func restore(_ checked: CheckedProject) {
        try? checked.journal.restore(in: checked.plan.root)
    }

    /// Writes the journal's `publishing` step naming `commit` before it is pushed, so that a
    /// kill from here on is recovered by asking the spec repo whether the commit landed.
    static func record(_ commit: ObjectID, branch: String, target url: String, in journal: inout IntegrationJournal,
                       root: String) throws {
        journal.step = .publishing
        var publishing = journal.publishing ?? IntegrationJournal.Publishing(url: url, branch: branch, commits: [])
        publishing.branch = branch
        publishing.commits.append(commit.hex)
        journal.publishing = publishing
        try journal.save(in: root)
    }

    /// Publishes the plan's new specs, calling `willPush` before each push; on an error,
    /// calls `failed` (which puts the Podfiles back: a Podfile never pins a version that did
    /// not reach the spec repo) and throws `publishFailed`.
    func publishSpecs(_ plan: IntegrationPlan, willPush: (ObjectID, String) throws -> Void, failed: () -> Void) throws -> [String] {
        var published: [String] = []
        for candidate in plan.candidates {
            guard let podspec = candidate.podspec else { continue }
            let result: PublishOutcome
            do {
                result = try publisher.publishChecked(podspec, to: plan.target, willPush: willPush)
            } catch {
                failed()
                throw IntegrationError.publishFailed(errors: ["\(error)"], alreadyPublished: published)
            }
            if case let .problems(problems) = result {
                failed()
                throw IntegrationError.publishFailed(errors: problems.map(\.message), alreadyPublished: published)
            }
            published.append(candidate.pin.text)
        }
        return published
    }

    /// Commits the pinned files (the Podfile, Package.swift and Podfile.lock when they
    /// changed): locally, or with `push` on top of the remote branch, re-applying the pins
    /// when it moved.
    private func commitPins(_ checked: CheckedProject, journal: inout IntegrationJournal) throws -> ObjectID {
        let plan = checked.plan
        let project = checked.project
        let work = project.workDirectory.isEmpty ? plan.root + "/" : project.workDirectory
        let relative = { (path: String) in String(path.dropFirst(work.count)) }
        let originals = journal
        let changed = { (path: String) in
            originals.file(at: path, root: plan.root).map { FileManager.default.contents(atPath: path) != $0.original } ?? false
        }
        let lockChanged = plan.podfileLock.map(changed) ?? false
        // The Podfile is always named (the commit is its pins); the other files when they changed.
        var files = plan.pinnedPaths.filter { $0 == plan.podfile || changed($0) }.map(relative)
        if lockChanged, let lock = plan.podfileLock { files.append(relative(lock)) }
        let message = IntegrationJournal.commitMessage(pins: plan.candidates.map { ($0.pin.name, $0.pin.version) },
                                                       packages: plan.packagePins.map { ($0.name, $0.version) })
        if let name = options.pushBranch { return try project.pushNewBranch(name, message: message, staging: files) }
        guard options.push else { return try project.commit(files, message: message) }
        let lock = lockChanged ? plan.podfileLock.flatMap { path in FileManager.default.contents(atPath: path).map { (relative(path), $0) } } : nil
        let pushed = try project.push(branch: checked.branch, message: message, staging: files, willPush: { commit in
            // Before it is offered: a kill from here on is recovered by asking origin for it.
            journal.pushing?.commits.append(commit.hex)
            try journal.save(in: plan.root)
        }) { readAtTip in
            try Self.pinsAtTip(plan, relative: relative, lock: lock, readAtTip: readAtTip)
        }
        guard let commit = pushed.commit else { throw IntegrationError.notAGitProject(plan.root) }
        if pushed.changed && !pushed.followed {
            delegate.integration(.note("origin/\(checked.branch) had moved: the pins were re-applied on it and pushed; pull to update this checkout"))
        }
        return commit
    }

    /// The pins re-applied on the remote tip's files: each pinned file of the plan pinned
    /// again (the Podfile must be there; another file is pinned when the tip has it or its
    /// pin makes it), and the checked Podfile.lock.
    private static func pinsAtTip(_ plan: IntegrationPlan, relative: (String) -> String, lock: (String, Data)?,
                                  readAtTip: (String) throws -> Data) throws -> [FileChange] {
        var earlier: [String: [UInt8]] = [:]
        var changes: [FileChange] = []
        for file in plan.pinnedFiles {
            let path = relative(file.path)
            let current = file.path == plan.podfile ? [UInt8](try readAtTip(path)) : (try? readAtTip(path)).map { [UInt8]($0) }
            guard let pinned = try file.pin(current, earlier) else { continue }
            earlier[file.path] = pinned
            changes.append(.write(path: path, contents: Data(pinned)))
        }
        if let (path, bytes) = lock { changes.append(.write(path: path, contents: bytes)) }
        return changes
    }
}

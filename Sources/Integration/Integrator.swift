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
        let podfile = [UInt8](FileManager.default.contents(atPath: plan.podfile) ?? Data())
        guard try Self.pinnedPodfile(plan, podfile) == podfile else { return false }
        if let manifest = plan.packageManifest, let bytes = FileManager.default.contents(atPath: manifest) {
            if try plan.pinPackageManifest([UInt8](bytes), manifest) != [UInt8](bytes) { return false }
        }
        return true
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
        var journal = IntegrationJournal.begin(pins: plan.pins.map(\.text), files: [plan.podfile, plan.podfileLock] + (plan.packageManifest.map { [$0] } ?? []),
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
            for path in plan.pinnedFiles {
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
        for path in plan.pinnedFiles {
            let committed = project.file(String(path.dropFirst(project.workDirectory.count)), at: head)
            if let committed { try AtomicFile.write(committed, to: path) }
            journal.setOriginal(committed, of: path, root: plan.root)
        }
        try journal.save(in: plan.root)
    }

    /// The Podfile's bytes with the plan's pins.
    static func pinnedPodfile(_ plan: IntegrationPlan, _ bytes: [UInt8]) throws -> [UInt8] {
        try PodfileEditor.pin(plan.pins.map { PodPin(name: $0.name, version: $0.version) }, in: bytes, path: plan.podfile).bytes
    }

    /// The pods the check takes prebuilt, as `:source` requests for the Podfile editor.
    static func prebuiltSources(_ plan: IntegrationPlan) -> [PodSource] {
        plan.binaryCheck.map { check in check.pods.map { PodSource(name: $0.name, source: check.address) } } ?? []
    }

    /// Pins the Podfile and Package.swift as they are now, and gives the check's prebuilt
    /// pods their `:source`; returns each file's bytes as written.
    private func pin(_ plan: IntegrationPlan) throws -> [(path: String, bytes: Data?)] {
        let current = [UInt8](FileManager.default.contents(atPath: plan.podfile) ?? Data())
        var pinned = try Self.pinnedPodfile(plan, current)
        let prebuilt = Self.prebuiltSources(plan)
        if !prebuilt.isEmpty { pinned = try PodfileEditor.setSources(prebuilt, in: pinned, path: plan.podfile).bytes }
        if pinned != current { try AtomicFile.write(Data(pinned), to: plan.podfile) }
        var written: [(path: String, bytes: Data?)] = [(plan.podfile, Data(pinned))]
        if let manifest = plan.packageManifest, let bytes = FileManager.default.contents(atPath: manifest) {
            let pinned = try plan.pinPackageManifest([UInt8](bytes), manifest)
            if pinned != [UInt8](bytes) { try AtomicFile.write(Data(pinned), to: manifest) }
            written.append((manifest, Data(pinned)))
        }
        return written
    }

    /// After a check with binaries passed: the Podfile becomes its original with the pins
    /// (the check's `:source` options go, as the journal would restore them), and Podfile.lock
    /// goes back to the original, since the check resolved the prebuilt pods from the binary
    /// repo; the commit then carries the pins only.
    private func dropPrebuilt(_ plan: IntegrationPlan, journal: IntegrationJournal) throws {
        guard !Self.prebuiltSources(plan).isEmpty else { return }
        let original = [UInt8](journal.file(at: plan.podfile, root: plan.root)?.original ?? Data())
        try AtomicFile.write(Data(try Self.pinnedPodfile(plan, original)), to: plan.podfile)
        if let lock = journal.file(at: plan.podfileLock, root: plan.root),
           FileManager.default.contents(atPath: plan.podfileLock) != lock.original {
            if let bytes = lock.original {
                try AtomicFile.write(bytes, to: plan.podfileLock)
            } else {
                try FileManager.default.removeItem(atPath: plan.podfileLock)
            }
            delegate.integration(.note("Podfile.lock is left as it was: the check took prebuilt pods from the binary repo, "
                + "so its lock is not the app's; run pod install to update it"))
        }
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
            if !published.isEmpty {
                journal.step = .published
                try journal.save(in: plan.root)
            }
        }
        let commit: ObjectID
        do {
            commit = try commitPins(checked, journal: journal)
        } catch {
            journal.finish(in: plan.root)
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
    private func commitPins(_ checked: CheckedProject, journal: IntegrationJournal) throws -> ObjectID {
        let plan = checked.plan
        let project = checked.project
        let work = project.workDirectory.isEmpty ? plan.root + "/" : project.workDirectory
        let relative = { (path: String) in String(path.dropFirst(work.count)) }
        let changed = { (path: String) in
            journal.file(at: path, root: plan.root).map { FileManager.default.contents(atPath: path) != $0.original } ?? false
        }
        let lockChanged = changed(plan.podfileLock)
        var files = [relative(plan.podfile)]
        if lockChanged { files.append(relative(plan.podfileLock)) }
        if let manifest = plan.packageManifest,
           FileManager.default.contents(atPath: manifest) != journal.file(at: manifest, root: plan.root)?.original {
            files.append(relative(manifest))
        }
        let message = IntegrationJournal.commitMessage(pins: plan.pins.map { ($0.name, $0.version) })
        if let name = options.pushBranch { return try project.pushNewBranch(name, message: message, staging: files) }
        guard options.push else { return try project.commit(files, message: message) }
        let lock = lockChanged ? FileManager.default.contents(atPath: plan.podfileLock).map { (relative(plan.podfileLock), $0) } : nil
        let pushed = try project.push(branch: checked.branch, message: message, staging: files) { readAtTip in
            try Self.pinsAtTip(plan, podfile: relative(plan.podfile), lock: lock,
                               manifest: plan.packageManifest.map { ($0, relative($0)) }, readAtTip: readAtTip)
        }
        guard let commit = pushed.commit else { throw IntegrationError.notAGitProject(plan.root) }
        if pushed.changed && !pushed.followed {
            delegate.integration(.note("origin/\(checked.branch) had moved: the pins were re-applied on it and pushed; pull to update this checkout"))
        }
        return commit
    }

    /// The pins re-applied on the remote tip's files: its Podfile pinned, the checked
    /// Podfile.lock, its Package.swift pinned (when it has one).
    private static func pinsAtTip(_ plan: IntegrationPlan, podfile: String, lock: (String, Data)?,
                                  manifest: (absolute: String, relative: String)?,
                                  readAtTip: (String) throws -> Data) throws -> [FileChange] {
        let pins = plan.pins.map { PodPin(name: $0.name, version: $0.version) }
        let edit = try PodfileEditor.pin(pins, in: [UInt8](try readAtTip(podfile)), path: podfile)
        var changes: [FileChange] = [.write(path: podfile, contents: Data(edit.bytes))]
        if let (path, bytes) = lock { changes.append(.write(path: path, contents: bytes)) }
        if let manifest, let bytes = try? readAtTip(manifest.relative) {
            let pinned = try plan.pinPackageManifest([UInt8](bytes), manifest.absolute)
            changes.append(.write(path: manifest.relative, contents: Data(pinned)))
        }
        return changes
    }
}

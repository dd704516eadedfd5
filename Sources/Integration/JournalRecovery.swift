import Config
import FileIO
import Foundation
import Git
import SpecRepo

/// Finishes, for a writer holding the project's lock, an integrate that did not end
/// (killed with SIGKILL, the machine stopped). Everything in the journal is checked against
/// the scope first; then the step decides:
/// - `checking`: the files go back byte for byte;
/// - `publishing`: the spec repo is asked whether one of the offered commits landed; if so
///   the pins are kept and committed, if not the files go back;
/// - `published`: the pins are kept and committed (or found already committed). A journal
///   of `--push` whose commit origin's branch holds fast-forwards to it instead of committing
///   again; one of `--push-branch` commits on (or switches to) the new branch it names.
public struct JournalRecovery {
    /// What recovery may touch.
    public var scope: JournalScope
    /// Hears what recovery did.
    public var delegate: any IntegrationDelegate
    /// Whether one of the commits of a `publishing` journal reached the spec repo;
    /// `JournalRecovery.landed` asks the remote by default.
    public var askRemote: (IntegrationJournal.Publishing) throws -> Bool

    /// Recovery within `scope`, reporting to `delegate`.
    public init(scope: JournalScope, delegate: any IntegrationDelegate,
                askRemote: @escaping (IntegrationJournal.Publishing) throws -> Bool = {
                    try JournalRecovery.landed($0, credentials: .fromEnvironment())
                }) {
        self.scope = scope
        self.delegate = delegate
        self.askRemote = askRemote
    }

    /// Recovers the project's journal, if there is one; tells the delegate what it did.
    public func recover() throws {
        let root = scope.root
        let path = IntegrationJournal.path(in: root)
        let shown = DisplayPath.relative(path)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            removeInterruptedWrites()
            ScratchDirectory.removeStale()
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw IntegrationError.journalNotARegularFile(shown) }
        let project = try? Repository.open(at: root, searchingParents: true)
        let journal = try trustedJournal(at: path, shown: shown, project: project)
        let earlier = "an earlier integrate of \(journal.pins.joined(separator: " ")) (pid \(journal.pid))"
        if let pushing = journal.pushing, !Repository.isValidBranchName(pushing.branch) {
            throw IntegrationError.badPushBranch(journal: shown, branch: pushing.branch)
        }
        let pushed = journal.step == .published ? try pushedCommit(of: journal, project: project, shown: shown) : nil
        switch try settledStep(of: journal, shown: shown, pushed: pushed != nil, project: project) {
        case .checking, .publishing:
            try journal.restore(in: root)
            delegate.integration(.note("\(earlier) did not finish; restored "
                + journal.files.map { DisplayPath.relative(IntegrationJournal.absolute($0.path, root: root)) }
                    .joined(separator: ", ") + " as they were"))
        case .published:
            let outcome = try finishLanding(journal, pushed: pushed, project: project)
            journal.finish(in: root)
            delegate.integration(.note("\(earlier) published its specs but was stopped before it ended; \(outcome)"))
        }
        removeInterruptedWrites()
        ScratchDirectory.removeStale()
    }

    /// The journal at `path`, once it is known not to come from a commit, to read whole, and
    /// to name only what `scope` allows.
    private func trustedJournal(at path: String, shown: String, project: Repository?) throws -> IntegrationJournal {
        if let project, let work = project.workDirectory {
            let folder = IntegrationJournal.relative(IntegrationJournal.directory(in: scope.root), to: String(work.dropLast()))
            // A submodule (a gitlink at `.compctl`) or a repository of its own there brings
            // the journal from a commit as surely as a tracked file does.
            if (try? project.isTracked(IntegrationJournal.relative(path, to: String(work.dropLast())))) == true
                || (try? project.isTracked(folder)) == true
                || FileManager.default.fileExists(atPath: IntegrationJournal.directory(in: scope.root) + "/.git") {
                throw IntegrationError.trackedJournal(shown)
            }
        }
        guard let data = FileManager.default.contents(atPath: path),
              let journal = try? JSONDecoder().decode(IntegrationJournal.self, from: data) else {
            throw IntegrationError.unreadableJournal(shown)
        }
        try scope.validate(journal, at: shown)
        // The remote is asked at the address the project configures, never at the journal's
        // spelling of it, which names the same repository but may take another transport.
        var checked = journal
        if let url = checked.publishing?.url, let configured = scope.remotes.first(where: { SpecRepoURL.same($0, url) }) {
            checked.publishing?.url = configured
        }
        return checked
    }

    /// The step to act on: a `publishing` journal becomes `published` when one of its
    /// commits reached the spec repo, else `checking`; a remote that cannot be asked stops
    /// recovery before anything changes.
    private func settledStep(of journal: IntegrationJournal, shown: String, pushed: Bool,
                             project: Repository?) throws -> IntegrationJournal.Step {
        guard journal.step != .checking else { return .checking }
        // A `published` step is checked like `publishing`: a journal is not proof that a
        // version reached the spec repo, and a pin of an unpublished version must not be
        // committed. A pin commit on origin, or on the new branch, is: it is made only after
        // the publish.
        if journal.step == .published, pushed || pinsAreCommitted(journal) || newBranchCommit(of: journal, project: project) != nil {
            return .published
        }
        guard let publishing = journal.publishing else { return .checking }
        do {
            return try askRemote(publishing) ? .published : .checking
        } catch {
            throw IntegrationError.cannotAskRemote(journal: shown, url: Git.redact(publishing.url), reason: "\(error)")
        }
    }

    /// Removes the temporary files of atomic writes that a killed compctl left beside the
    /// files an integrate writes and beside the journal (`.Podfile.compctl-XXXXXX`): the
    /// caller holds the project's lock, so none of them is a write under way. Only folders
    /// inside the project are looked in.
    private func removeInterruptedWrites() {
        let rootReal = realPath(scope.root) ?? scope.root
        let written = scope.files + [IntegrationJournal.path(in: scope.root), IntegrationJournal.directory(in: scope.root) + "/.gitignore"]
        // A symlinked manifest is written where it points.
        var paths = Set(written + written.compactMap { realPath($0) })
        paths = Set(paths.compactMap { path in
            guard let folder = realPath((path as NSString).deletingLastPathComponent),
                  folder == rootReal || folder.hasPrefix(rootReal + "/") else { return nil }
            return folder + "/" + (path as NSString).lastPathComponent
        })
        for path in paths {
            for leftover in AtomicFile.interruptedWrites(of: path) { unlink(leftover) }
        }
    }

    /// Whether HEAD already holds the journal's files as they are now (the integrate was
    /// killed after its commit): then there is nothing to undo or to commit.
    private func pinsAreCommitted(_ journal: IntegrationJournal) -> Bool {
        guard let project = try? Repository.open(at: scope.root, searchingParents: true),
              let head = try? project.resolve("HEAD") else { return false }
        return holdsTheFiles(journal, commit: head, project: project)
    }

    /// Whether `commit` has the journal's files as the work tree has them now.
    private func holdsTheFiles(_ journal: IntegrationJournal, commit: ObjectID, project: Repository) -> Bool {
        guard project.workDirectory != nil, let paths = try? changedPaths(journal, project: project, comparedTo: commit) else {
            return false
        }
        return paths.changed.isEmpty
    }

    /// The commit of a `--push` journal that origin's branch holds now (its tip, or in its
    /// history), fetched afresh; `nil` when none of them reached it or the journal is not
    /// of `--push` on the checked-out branch. An origin that cannot be asked stops recovery
    /// before anything changes: committing the pins again could diverge from it.
    private func pushedCommit(of journal: IntegrationJournal, project: Repository?, shown: String) throws -> ObjectID? {
        guard let project, let pushing = journal.pushing, !pushing.newBranch, project.headBranch == pushing.branch else { return nil }
        // Only commits this repository made can be the integrate's: libgit2 made them here.
        let offered = pushing.commits.compactMap { try? ObjectID(hex: $0) }.filter { (try? project.commit($0)) != nil }
        guard !offered.isEmpty else { return nil }
        let tracking = "refs/remotes/origin/\(pushing.branch)"
        var url = "origin"
        let tip: ObjectID?
        do {
            let remote = try project.remote(named: "origin")
            url = Git.redact(remote.url)
            try remote.fetch(refspecs: ["+refs/heads/\(pushing.branch):\(tracking)"], prune: false)
            tip = try project.referenceTarget(tracking)
        } catch {
            throw IntegrationError.cannotAskOrigin(journal: shown, url: url, branch: pushing.branch, reason: "\(error)")
        }
        guard let tip else { return nil }
        return offered.first { (try? project.isAncestor($0, of: tip)) == true }
    }

    /// The tip of the new branch a `--push-branch` journal names when it is the integrate's
    /// commit: right on HEAD, with the pinned files as the work tree has them.
    private func newBranchCommit(of journal: IntegrationJournal, project: Repository?) -> ObjectID? {
        guard let project, let pushing = journal.pushing, pushing.newBranch, project.headBranch != pushing.branch,
              let tip = (try? project.referenceTarget("refs/heads/\(pushing.branch)")) ?? nil,
              let commit = try? project.commit(tip) else { return nil }
        let head = try? project.resolve("HEAD")
        guard commit.parents == (head.map { [$0] } ?? []), holdsTheFiles(journal, commit: tip, project: project) else { return nil }
        return tip
    }

    /// Finishes a landing the journal says was under way: follows a push that reached
    /// origin, commits on (or switches to) a `--push-branch` branch, else commits the pins.
    private func finishLanding(_ journal: IntegrationJournal, pushed: ObjectID?, project: Repository?) throws -> String {
        guard let project, let pushing = journal.pushing else { return try commitKeptPins(journal, project: project) }
        if pushing.newBranch, project.headBranch != pushing.branch {
            return try commitOnNewBranch(pushing.branch, journal: journal, project: project)
        }
        guard let pushed else { return try commitKeptPins(journal, project: project) }
        let head = try? project.resolve("HEAD")
        // The local branch followed before the kill: only the index may be left to update.
        if let head, (try? project.isAncestor(pushed, of: head)) == true { return try commitKeptPins(journal, project: project) }
        let branch = pushing.branch
        let landed = "origin/\(branch) already has its commit \(pushed.hex.prefix(8))"
        guard let head, try project.commit(pushed).parents == [head], holdsTheFiles(journal, commit: pushed, project: project) else {
            // Origin had moved: as a finished push, the checkout is left to a pull.
            return landed + "; pull to update this checkout"
        }
        try project.fastForward(branch: branch, from: head, to: pushed)
        return landed + "; fast-forwarded \(branch) to it"
    }

    /// Commits the kept pins on the new branch `name` (or finds them there) and switches
    /// to it; the branch that was checked out is left as it was.
    private func commitOnNewBranch(_ name: String, journal: IntegrationJournal, project: Repository) throws -> String {
        let old = project.headBranch.map { "\($0) is left as it was" } ?? "the detached HEAD is left as it was"
        let push = "push it when ready: git push origin \(name)"
        let reference = "refs/heads/\(name)"
        if let tip = newBranchCommit(of: journal, project: project) {
            try project.stage(changedPaths(journal, project: project, comparedTo: nil).all)
            try project.setHead(toBranch: name)
            return "its commit \(tip.hex.prefix(8)) is on \(name); switched to \(name) (\(old)); \(push)"
        }
        guard try project.referenceTarget(reference) == nil else {
            return "the pinned files are kept, uncommitted: branch \(name) exists and does not hold its commit; review and commit them"
        }
        let changed = try changedPaths(journal, project: project, comparedTo: try? project.resolve("HEAD")).changed
        let commit = try project.commitOnly(changed, message: commitMessage(journal), updating: reference)
        try project.setHead(toBranch: name)
        return "kept its pins and committed them on the new branch \(name) (\(commit.hex.prefix(8))), switched to it (\(old)); \(push)"
    }

    /// The journal's files relative to the work tree (`all`), and those whose work-tree
    /// bytes differ from `commit`'s (`changed`).
    private func changedPaths(_ journal: IntegrationJournal, project: Repository,
                              comparedTo commit: ObjectID?) throws -> (all: [String], changed: [String]) {
        guard let work = project.workDirectory else { return ([], []) }
        let tree = try commit.map { try project.tree(project.commit($0).tree) }
        var all: [String] = []
        var changed: [String] = []
        for file in journal.files {
            let absolute = IntegrationJournal.absolute(file.path, root: scope.root)
            let relative = IntegrationJournal.relative(absolute, to: String(work.dropLast()))
            all.append(relative)
            if FileManager.default.contents(atPath: absolute) != (try? tree?.blob(at: relative)) { changed.append(relative) }
        }
        return (all, changed)
    }

    /// The message of the journal's pin commit.
    private func commitMessage(_ journal: IntegrationJournal) -> String {
        IntegrationJournal.commitMessage(pins: journal.pins.compactMap { ComponentPin(text: $0) }.map { ($0.name, $0.version) })
    }

    /// Commits the pinned files the journal kept, unless HEAD already has them, and stages
    /// them as the integrate's commit would have.
    private func commitKeptPins(_ journal: IntegrationJournal, project: Repository?) throws -> String {
        guard let project, project.workDirectory != nil else {
            return "the pinned files are kept: review and commit them"
        }
        let head = try? project.resolve("HEAD")
        let (paths, changed) = try changedPaths(journal, project: project, comparedTo: head)
        guard changed.isEmpty else {
            let commit = try project.commitOnly(changed, message: commitMessage(journal))
            return "kept its pins and committed them (\(commit.hex.prefix(8))); push when ready"
        }
        let inPlace = "its commit \(head.map { String($0.hex.prefix(8)) } ?? "?") is in place"
        // libgit2 moves the branch, then writes the index: a kill between the two leaves the
        // pins committed and in the work tree, and the index with the files as they were.
        let stale = try Set(project.uncommittedChanges(includingUntracked: false)).intersection(paths).sorted()
        guard !stale.isEmpty else { return inPlace + "; nothing to do" }
        try project.stage(stale)
        return inPlace + "; staged " + stale.joined(separator: ", ") + " to match it"
    }

    /// Whether one of the commits offered in `publishing` is on the remote branch now.
    public static func landed(_ publishing: IntegrationJournal.Publishing, credentials: Credentials) throws -> Bool {
        let offered = Set(publishing.commits)
        let references = try Remote.listReferences(at: publishing.url, credentials: credentials)
        guard let tip = references.first(where: { $0.name == "refs/heads/\(publishing.branch)" })?.id else { return false }
        if offered.contains(tip.hex) { return true }
        // Someone published on top since: fetch the branch and look for the commits in it.
        let scratch = try ScratchDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let repository = try Repository.create(at: scratch + "/probe.git", bare: true)
        let remote = try repository.addRemote(named: "origin", url: publishing.url)
        try remote.fetch(refspecs: ["+refs/heads/\(publishing.branch):refs/remotes/origin/\(publishing.branch)"],
                         prune: false, credentials: credentials)
        for hex in offered {
            guard let id = try? ObjectID(hex: hex), (try? repository.commit(id)) != nil else { continue }
            if (try? repository.isAncestor(id, of: tip)) == true { return true }
        }
        return false
    }
}

extension IntegrationPlanner {
    /// `integrate --recover` for the project whose Podfile is `podfile`: takes its lock,
    /// which recovers a journal a killed integrate left, and lets it go. Returns whether
    /// there was a journal to recover.
    public static func recover(podfile: String, configuration: Configuration, timeout: Duration,
                               delegate: any IntegrationDelegate) throws -> Bool {
        try PodfileInputs.requireFile(podfile)
        let absolute = URL(fileURLWithPath: podfile).standardizedFileURL.path
        let root = ProjectFiles.root(ofPodfile: absolute)
        let hadJournal = FileManager.default.fileExists(atPath: IntegrationJournal.path(in: root))
        let access = try ProjectAccess(scope: scope(root: root, podfile: absolute, configuration: configuration),
                                       timeout: timeout, delegate: delegate)
        access.release()
        return hadJournal
    }
}

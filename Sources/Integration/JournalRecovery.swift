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
/// - `published`: the pins are kept and committed (or found already committed).
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
        switch try settledStep(of: journal, shown: shown) {
        case .checking, .publishing:
            try journal.restore(in: root)
            delegate.integration(.note("\(earlier) did not finish; restored "
                + journal.files.map { DisplayPath.relative(IntegrationJournal.absolute($0.path, root: root)) }
                    .joined(separator: ", ") + " as they were"))
        case .published:
            let outcome = try commitKeptPins(journal, project: project)
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
    private func settledStep(of journal: IntegrationJournal, shown: String) throws -> IntegrationJournal.Step {
        guard journal.step != .checking else { return .checking }
        // A `published` step is checked like `publishing`: a journal is not proof that a
        // version reached the spec repo, and a pin of an unpublished version must not be committed.
        if journal.step == .published, pinsAreCommitted(journal) { return .published }
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
        guard let project = try? Repository.open(at: scope.root, searchingParents: true), let work = project.workDirectory,
              let head = try? project.resolve("HEAD"), let tree = try? project.tree(project.commit(head).tree) else { return false }
        return journal.files.allSatisfy { file in
            let absolute = IntegrationJournal.absolute(file.path, root: scope.root)
            let current = FileManager.default.contents(atPath: absolute)
            return current == (try? tree.blob(at: IntegrationJournal.relative(absolute, to: String(work.dropLast()))))
        }
    }

    /// Commits the pinned files the journal kept, unless HEAD already has them, and stages
    /// them as the integrate's commit would have.
    private func commitKeptPins(_ journal: IntegrationJournal, project: Repository?) throws -> String {
        guard let project, let work = project.workDirectory else {
            return "the pinned files are kept: review and commit them"
        }
        var changed: [String] = []
        let head = try? project.resolve("HEAD")
        let headTree = try head.map { try project.tree(project.commit($0).tree) }
        var paths: [String] = []
        for file in journal.files {
            let absolute = IntegrationJournal.absolute(file.path, root: scope.root)
            let relative = IntegrationJournal.relative(absolute, to: String(work.dropLast()))
            paths.append(relative)
            let current = FileManager.default.contents(atPath: absolute)
            let committed = try? headTree?.blob(at: relative)
            if current != committed { changed.append(relative) }
        }
        guard changed.isEmpty else {
            let pins = journal.pins.compactMap { ComponentPin(text: $0) }.map { ($0.name, $0.version) }
            let commit = try project.commitOnly(changed, message: IntegrationJournal.commitMessage(pins: pins))
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

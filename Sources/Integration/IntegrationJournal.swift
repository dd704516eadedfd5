import FileIO
import Foundation
import Git
import Podspec
import SpecRepo

/// What an integrate changed in a main project, written atomically to
/// `.compctl/integrate.journal` before the first change, so that a later compctl run can
/// undo (or finish) an integrate that was killed with SIGKILL.
///
/// The journal is read back as untrusted input: anyone who can open a pull request can
/// plant a file there. Recovery therefore checks it whole before touching anything (see
/// `JournalScope`), refuses a journal that git tracks, and only a writer holding the
/// project's lock recovers.
public struct IntegrationJournal: Codable, Sendable {
    /// Where the integrate had got to.
    public enum Step: String, Codable, Sendable {
        /// Files were staged and the compile check may be running: restore them.
        case checking
        /// The specs are being pushed to the spec repo (the commits in `publishing`): whether
        /// they landed decides between restoring and keeping the pins.
        case publishing
        /// The specs reached the spec repo (or were there before) and the pins are being
        /// committed: the pinned files are kept and committed (and staged, when the commit
        /// was made but the index not written). Without a push to ask about and without the
        /// commit, the files go back.
        case published
    }

    /// One file as it was before the integrate; `original == nil`: it did not exist.
    public struct File: Codable, Sendable {
        /// The path relative to the project root.
        public var path: String
        public var original: Data?
    }

    /// The spec-repo push under way: which remote and branch, and every commit offered.
    public struct Publishing: Codable, Sendable {
        public var url: String
        public var branch: String
        public var commits: [String]
    }

    /// The main project's commit under way with `--push` or `--push-branch`: the branch it
    /// goes on, whether that branch is new (made for a pull request), and every commit
    /// offered to origin, so that recovery follows a push that landed instead of committing
    /// the pins again, and commits on the new branch instead of the checked-out one.
    public struct Pushing: Codable, Sendable {
        public var branch: String
        public var newBranch: Bool
        public var commits: [String]
    }

    public var step: Step
    public var pins: [String]
    public var files: [File]
    public var stagedDirectory: String?
    public var pid: Int32
    public var publishing: Publishing?
    /// `nil` for a local commit (and in journals written before it was recorded).
    public var pushing: Pushing?

    /// `.compctl/integrate.journal` under `root`.
    public static func path(in root: String) -> String { root + "/.compctl/integrate.journal" }

    /// The project's state directory, `.compctl/` under `root`.
    public static func directory(in root: String) -> String { root + "/.compctl" }

    /// The journal for `files` (absolute paths inside `root`, read now) at step `.checking`.
    public static func begin(pins: [String], files paths: [String], root: String, stagedDirectory: String?) -> IntegrationJournal {
        IntegrationJournal(
            step: .checking, pins: pins,
            files: paths.map { File(path: relative($0, to: root), original: FileManager.default.contents(atPath: $0)) },
            stagedDirectory: stagedDirectory, pid: getpid(), publishing: nil, pushing: nil)
    }

    /// The original bytes of the file at `absolute`, if the journal holds it.
    public func file(at absolute: String, root: String) -> File? {
        let wanted = Self.relative(absolute, to: root)
        return files.first { $0.path == wanted }
    }

    /// Sets the original of the file at `absolute` (a moved branch's new version).
    public mutating func setOriginal(_ data: Data?, of absolute: String, root: String) {
        let wanted = Self.relative(absolute, to: root)
        for index in files.indices where files[index].path == wanted { files[index].original = data }
    }

    /// Writes the journal atomically, with `.compctl/.gitignore` keeping the folder out of git.
    public func save(in root: String) throws {
        let directory = Self.directory(in: root)
        try ensureStateDirectory(directory)
        let ignore = directory + "/.gitignore"
        if FileManager.default.contents(atPath: ignore) != Data("*\n".utf8) { try AtomicFile.write("*\n", to: ignore) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: Self.path(in: root))
    }

    /// Puts every file back byte for byte (removing those that did not exist), removes the
    /// staged spec repo and the journal. Only for a journal this process wrote or one that
    /// `JournalScope.validate` accepted.
    public func restore(in root: String) throws {
        for file in files {
            let path = Self.absolute(file.path, root: root)
            if let original = file.original {
                if FileManager.default.contents(atPath: path) != original {
                    try AtomicFile.write(original, to: path)
                }
            } else if FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
            }
        }
        finish(in: root)
    }

    /// Removes the staged spec repo and the journal.
    public func finish(in root: String) {
        if let stagedDirectory { try? FileManager.default.removeItem(atPath: stagedDirectory) }
        try? FileManager.default.removeItem(atPath: Self.path(in: root))
    }

    /// The commit message of an integrate of `pins` (pods) and `packages` (Swift packages,
    /// `identity` and version each).
    public static func commitMessage(pins: [(name: String, version: String)],
                                     packages: [(name: String, version: String)] = []) -> String {
        "Integrate " + (pins + packages).map { PodName.escaped("\($0.name) \($0.version)") }.joined(separator: ", ")
            + "\n\nPins:\n" + pins.map { "  pod '\($0.name)', '\($0.version)'\n" }.joined()
            + packages.map { "  .package(\(PodName.escaped($0.name)), exact: \"\($0.version)\")\n" }.joined()
    }

    /// `path` relative to `root` when it lies inside it, else `path` unchanged.
    public static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `path` (relative to `root`, or absolute) as a standardized absolute path.
    public static func absolute(_ path: String, root: String) -> String {
        let joined = path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    private func ensureStateDirectory(_ directory: String) throws {
        var info = stat()
        if lstat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw FileLockError.notOwned(path: directory, reason: "is not a directory compctl made")
            }
            return
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
    }
}


/// What recovery may touch for one project: the files an integrate of it writes, the spec
/// repos it may have pushed to. Built from the command's own inputs (the Podfile it was
/// given, compctl.yml), never from the journal.
public struct JournalScope: Sendable {
    /// The project root (the Podfile's directory), standardized.
    public var root: String
    /// Absolute paths recovery may restore: the Podfile, Podfile.lock, and the project's
    /// Package.swift and Package.resolved.
    public var files: [String]
    /// The spec repos' URLs from compctl.yml, the only remotes recovery asks.
    public var remotes: [String]

    public init(root: String, podfile: String, packageManifest: String?, remotes: [String]) {
        let standardRoot = (root as NSString).standardizingPath
        var files = [podfile, (podfile as NSString).deletingLastPathComponent + "/Podfile.lock"]
        if let packageManifest {
            files += [packageManifest, (packageManifest as NSString).deletingLastPathComponent + "/Package.resolved"]
        }
        self.root = standardRoot
        self.files = files.map { IntegrationJournal.absolute($0, root: standardRoot) }
        self.remotes = remotes
    }

    /// Checks every path, the staged folder and the remote of `journal` before anything is
    /// touched; throws a located error for the first that is not this project's.
    public func validate(_ journal: IntegrationJournal, at journalPath: String) throws {
        let rootReal = realPath(root) ?? root
        for file in journal.files {
            let absolute = IntegrationJournal.absolute(file.path, root: root)
            guard files.contains(absolute) else {
                throw IntegrationError.foreignFile(journal: journalPath, entry: file.path,
                                               allowed: files.map { IntegrationJournal.relative($0, to: root) })
            }
            // Neither the file nor a folder on its way may lead out of the project.
            let parent = (absolute as NSString).deletingLastPathComponent
            let resolved = realPath(absolute) ?? realPath(parent).map { $0 + "/" + (absolute as NSString).lastPathComponent }
            guard let resolved, resolved == rootReal || resolved.hasPrefix(rootReal + "/") else {
                throw IntegrationError.outsideProject(journal: journalPath, entry: file.path, root: root)
            }
        }
        if let staged = journal.stagedDirectory, !Self.isOwnScratch(staged) {
            throw IntegrationError.foreignScratch(journal: journalPath, entry: staged)
        }
        if let publishing = journal.publishing,
           !remotes.contains(where: { SpecRepoURL.same($0, publishing.url) }) {
            throw IntegrationError.foreignRemote(journal: journalPath, url: Git.redact(publishing.url))
        }
        for pin in journal.pins where ComponentPin(text: pin) == nil {
            throw IntegrationError.badPin(journal: journalPath, pin: pin)
        }
    }

    /// Whether `path` is a scratch folder compctl's integrate made: directly in the temp
    /// directory, named `compctl-integrate.<pid>.*` for a pid that is gone, a real folder (or
    /// gone) owned by this user.
    public static func isOwnScratch(_ path: String) -> Bool {
        let temporary = realPath(NSTemporaryDirectory()) ?? (NSTemporaryDirectory() as NSString).standardizingPath
        let name = (path as NSString).lastPathComponent
        let parent = (path as NSString).deletingLastPathComponent
        guard !path.hasSuffix("/"), name.hasPrefix(ScratchDirectory.prefix), !name.contains("/"),
              (realPath(parent) ?? parent) == temporary else { return false }
        // Named `compctl-integrate.<pid>.XXXXXX`: a folder whose process still runs is that
        // integrate's, whatever a journal says.
        let fields = name.dropFirst(ScratchDirectory.prefix.count).split(separator: ".")
        guard fields.count == 2, let pid = Int32(fields[0]), pid > 0,
              pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { return false }
        var info = stat()
        if lstat(path, &info) != 0 { return errno == ENOENT }
        return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid()
    }
}

/// `realpath(3)`: the path with every symlink resolved, or `nil` when it does not exist.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

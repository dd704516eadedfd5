import FileIO
import Foundation

/// What an integrate changed in a main project, written atomically to
/// `.compctl/integrate.journal` before the first change, so that a later compctl run can
/// undo (or finish) an integrate that was killed with SIGKILL.
struct IntegrationJournal: Codable {
    /// Where the integrate had got to.
    enum Step: String, Codable {
        /// Files were staged and the compile check may be running: restore them.
        case checking
        /// The specs reached the spec repo: the pinned files match what was published, so
        /// they are kept for the user to commit.
        case published
    }

    /// One file as it was before the integrate; `original == nil`: it did not exist.
    struct File: Codable {
        var path: String
        var original: Data?
    }

    var step: Step
    var pins: [String]
    var files: [File]
    var stagedDirectory: String?
    var pid: Int32

    /// `.compctl/integrate.journal` under `root`.
    static func path(in root: String) -> String { root + "/.compctl/integrate.journal" }

    /// The journal for `files` (read now) at step `.checking`.
    static func begin(pins: [String], files paths: [String], stagedDirectory: String?) -> IntegrationJournal {
        IntegrationJournal(
            step: .checking, pins: pins,
            files: paths.map { File(path: $0, original: FileManager.default.contents(atPath: $0)) },
            stagedDirectory: stagedDirectory, pid: getpid())
    }

    /// Writes the journal atomically.
    func save(in root: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/.compctl", withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: Self.path(in: root))
    }

    /// Puts every file back byte for byte (removing those that did not exist), removes the
    /// staged spec repo and the journal.
    func restore(in root: String) throws {
        for file in files {
            if let original = file.original {
                if FileManager.default.contents(atPath: file.path) != original {
                    try AtomicFile.write(original, to: file.path)
                }
            } else if FileManager.default.fileExists(atPath: file.path) {
                try FileManager.default.removeItem(atPath: file.path)
            }
        }
        finish(in: root)
    }

    /// Removes the staged spec repo and the journal.
    func finish(in root: String) {
        if let stagedDirectory { try? FileManager.default.removeItem(atPath: stagedDirectory) }
        try? FileManager.default.removeItem(atPath: Self.path(in: root))
        // The directory goes too when the journal was all it held, so the project is as before.
        let directory = root + "/.compctl"
        if (try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// Finds a journal left by an integrate that did not end (killed with SIGKILL, the
    /// machine stopped) and restores the project, or keeps the pinned files when the specs
    /// were already published, with a note on stderr. A journal of a process that is still
    /// running is another integrate at work: an error.
    static func recoverIfNeeded(in root: String) throws {
        let path = Self.path(in: root)
        guard let data = FileManager.default.contents(atPath: path) else { return }
        guard let journal = try? JSONDecoder().decode(IntegrationJournal.self, from: data) else {
            throw JournalError.unreadable(path)
        }
        if journal.pid != getpid(), kill(journal.pid, 0) == 0 {
            throw JournalError.busy(path, pid: journal.pid)
        }
        switch journal.step {
        case .checking:
            try journal.restore(in: root)
            Console.note("an earlier integrate of \(journal.pins.joined(separator: " ")) (pid \(journal.pid)) did not finish; "
                + "restored \(journal.files.map { PodfileInputs.relativeToCurrentDirectory($0.path) }.joined(separator: ", ")) as they were")
        case .published:
            journal.finish(in: root)
            Console.note("an earlier integrate of \(journal.pins.joined(separator: " ")) (pid \(journal.pid)) published its specs "
                + "but did not commit; the pinned files are kept: review and commit them")
        }
    }
}

/// A journal that stops a command.
enum JournalError: Error, CustomStringConvertible {
    case unreadable(String)
    case busy(String, pid: Int32)

    var description: String {
        switch self {
        case let .unreadable(path):
            return "\(path) is not an integrate journal compctl can read; restore the project's files from git and delete it"
        case let .busy(path, pid):
            return "another integrate (pid \(pid)) is running in this project (\(path)); wait for it to end"
        }
    }
}

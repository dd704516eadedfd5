import Foundation
import Git
import Versioning

/// The publish dates of a git spec repo: the commit time of the commit that added each
/// version's directory, found by walking first parents back from the commit being read
/// (spec repos grow by one `[Add]`/`[Update]` commit per publish). The history is read once,
/// on first use, under a lock: the report may ask from several threads.
public final class GitPublishDates: @unchecked Sendable {
    /// The spec repo whose versions are dated.
    public let repository: SpecRepository
    /// The git directory the repo is read from.
    public let gitDirectory: String
    /// The commit being read.
    public let head: ObjectID
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var history: [Commit]?

    /// Dates for `repository`, read from `gitDirectory` at `head`.
    public init(repository: SpecRepository, gitDirectory: String, head: ObjectID) {
        self.repository = repository
        self.gitDirectory = gitDirectory
        self.head = head
    }

    /// When `version` of `pod` was added, or nil when the repo does not hold it.
    public func publishDate(of pod: String, version: Version) -> Date? {
        guard let entry = repository.pod(named: pod)?.versions.first(where: { $0.version == version }),
              let git = try? Repository.open(at: gitDirectory),
              let commits = firstParentHistory(in: git) else { return nil }
        let path = entry.directoryPath
        var added: Commit?
        for commit in commits {
            guard let tree = try? git.tree(commit.tree), (try? tree.entry(at: path)) != nil else { break }
            added = commit
        }
        return added?.committer.time
    }

    private func firstParentHistory(in git: Repository) -> [Commit]? {
        lock.lock()
        defer { lock.unlock() }
        if let history { return history }
        var commits: [Commit] = []
        var next: ObjectID? = head
        while let id = next, let commit = try? git.commit(id) {
            commits.append(commit)
            next = commit.parents.first
        }
        history = commits
        return commits
    }
}

import CompileCheck
import Foundation
import Git
import SpecRepo

/// Runs one compile check. `InterruptibleCompileCheck` is the real one.
public protocol CompileChecking: Sendable {
    /// Runs `invocation` to its end, calling `progress` now and then.
    func run(_ invocation: CheckInvocation, progress: @escaping @Sendable (CheckProgress) -> Void) async throws -> CheckOutcome
}

/// The compile check as `integrate` runs it: `CompileCheckRunner`, stopped (and reported
/// `.cancelled`) on SIGINT or SIGTERM.
public struct InterruptibleCompileCheck: CompileChecking {
    /// The real compile check.
    public init() {}

    public func run(_ invocation: CheckInvocation, progress: @escaping @Sendable (CheckProgress) -> Void) async throws -> CheckOutcome {
        let runner = CompileCheckRunner()
        let trap = TerminationSignalTrap { _ in runner.cancel() }
        defer { trap.restore() }
        return try await runner.run(invocation, progress: progress)
    }
}

/// Publishes one checked spec to the spec repo. `SpecPublisher` is the real one.
public protocol SpecPublishing {
    /// Publishes `podspec` to `target` without asking for its tag (integrate found the spec
    /// at the tag), calling `willPush` with each commit and branch before it is offered.
    func publishChecked(_ podspec: PodspecFile, to target: SpecRepoTarget,
                        willPush: (ObjectID, String) throws -> Void) throws -> PublishOutcome
}

extension SpecPublisher: SpecPublishing {
    public func publishChecked(_ podspec: PodspecFile, to target: SpecRepoTarget,
                               willPush: (ObjectID, String) throws -> Void) throws -> PublishOutcome {
        try publish(podspec, to: target.name, url: target.url, skipTagCheck: true, willPush: willPush)
    }
}

/// How a push of the pins ended.
public struct PushedPins: Sendable, Equatable {
    /// The remote branch's tip: the new commit, or the tip that already had the pins.
    public var commit: ObjectID?
    /// Whether a new commit was pushed.
    public var changed: Bool
    /// Whether the local branch moved to the pushed commit (it sat right on it).
    public var followed: Bool

    /// A push's outcome.
    public init(commit: ObjectID?, changed: Bool, followed: Bool) {
        self.commit = commit
        self.changed = changed
        self.followed = followed
    }
}

/// The main project's git operations an integrate uses. `GitProject` is the real one.
public protocol ProjectGit {
    /// The work tree, ending in `/`.
    var workDirectory: String { get }
    /// The checked-out branch (`main` when HEAD is unborn or detached).
    var branch: String { get }
    /// The commit HEAD points at, if any.
    func head() -> ObjectID?
    /// The tip of origin's `branch` after fetching it, or `nil` when it cannot be fetched.
    func remoteTip(of branch: String) -> ObjectID?
    /// Whether `ancestor` is `descendant` or one of its ancestors.
    func isAncestor(_ ancestor: ObjectID, of descendant: ObjectID) -> Bool
    /// Moves `branch` and the work tree from `expected` to `target`, a fast-forward.
    func fastForward(branch: String, from expected: ObjectID, to target: ObjectID) throws
    /// The bytes of `path` (relative to the work tree) in `commit`, or `nil`.
    func file(_ path: String, at commit: ObjectID) -> Data?
    /// Stages `paths` (relative) and commits the index on the current branch.
    func commit(_ paths: [String], message: String) throws -> ObjectID
    /// Commits on top of origin's `branch` what `change` makes of its tip (given a reader
    /// of the tip's files; `nil` when the branch does not exist) and pushes it, retrying
    /// when it moved, calling `willPush` with each commit before it is offered. The local
    /// branch follows when the pushed commit sits right on it, and then `paths` are staged
    /// to match.
    func push(branch: String, message: String, staging paths: [String], willPush: (ObjectID) throws -> Void,
              change: (_ readAtTip: (String) throws -> Data) throws -> [FileChange]) throws -> PushedPins
    /// Commits `paths` on top of HEAD as a new local branch `name`, switches to it and
    /// pushes it to origin as a new branch (never over an existing one).
    func pushNewBranch(_ name: String, message: String, staging paths: [String]) throws -> ObjectID
}

/// The main project's repository through libgit2.
public struct GitProject: ProjectGit {
    /// The repository.
    public let repository: Repository

    /// The repository holding `root` (searching its parents).
    public init(at root: String) throws {
        repository = try Repository.open(at: root, searchingParents: true)
    }

    public var workDirectory: String { repository.workDirectory ?? "" }
    public var branch: String { repository.headBranch ?? "main" }
    public func head() -> ObjectID? { try? repository.resolve("HEAD") }

    public func remoteTip(of branch: String) -> ObjectID? {
        let tracking = "refs/remotes/origin/\(branch)"
        guard (try? repository.remote(named: "origin").fetch(refspecs: ["+refs/heads/\(branch):\(tracking)"], prune: false)) != nil
        else { return nil }
        return (try? repository.referenceTarget(tracking)) ?? nil
    }

    public func isAncestor(_ ancestor: ObjectID, of descendant: ObjectID) -> Bool {
        (try? repository.isAncestor(ancestor, of: descendant)) == true
    }

    public func fastForward(branch: String, from expected: ObjectID, to target: ObjectID) throws {
        try repository.fastForward(branch: branch, from: expected, to: target)
    }

    public func file(_ path: String, at commit: ObjectID) -> Data? {
        guard let tree = try? repository.tree(at: commit.hex) else { return nil }
        return try? tree.blob(at: path)
    }

    public func commit(_ paths: [String], message: String) throws -> ObjectID {
        try repository.commitOnly(paths, message: message)
    }

    public func push(branch: String, message: String, staging paths: [String], willPush: (ObjectID) throws -> Void,
                     change: (_ readAtTip: (String) throws -> Data) throws -> [FileChange]) throws -> PushedPins {
        let repository = repository
        let result = try repository.publish(branch: branch, to: "origin", willPush: willPush) { tipTree in
            guard let tipTree else { return nil }
            let changes = try change { path in try tipTree.blob(at: path) }
            return PublishChange(tree: try repository.tree(applying: changes, to: tipTree), message: message)
        }
        guard let commit = result.commit else { return PushedPins(commit: nil, changed: result.changed, followed: false) }
        let local = try repository.referenceTarget("refs/heads/\(branch)")
        guard result.changed, let local, try repository.commit(commit).parents == [local] else {
            return PushedPins(commit: commit, changed: result.changed, followed: false)
        }
        try repository.updateReference("refs/heads/\(branch)", to: commit, expecting: local, message: "compctl integrate")
        try repository.stage(paths, committed: commit, on: branch)
        return PushedPins(commit: commit, changed: true, followed: true)
    }
}

extension GitProject {
    public func pushNewBranch(_ name: String, message: String, staging paths: [String]) throws -> ObjectID {
        let reference = "refs/heads/\(name)"
        if try repository.referenceTarget(reference) != nil { throw IntegrationError.localBranchExists(name) }
        let commit = try repository.commitOnly(paths, message: message, updating: reference)
        try repository.setHead(toBranch: name)
        // Without `+`: a branch that appeared on origin meanwhile is not overwritten.
        try repository.push(["\(reference):\(reference)"], to: "origin")
        return commit
    }
}

extension Repository {
    /// Commits `paths` (relative to the work tree) as they are in the work tree on top of
    /// HEAD, and nothing else: whatever else is staged stays staged and out of the commit.
    /// The commit moves `reference` (HEAD's branch by default).
    func commitOnly(_ paths: [String], message: String, updating reference: String = "HEAD") throws -> ObjectID {
        guard let work = workDirectory else { throw GitError.bareRepository(path: gitDirectory, operation: "commit") }
        let head = try? resolve("HEAD")
        let base = try head.map { try tree(commit($0).tree) }
        let changes: [FileChange] = paths.map { path in
            FileManager.default.contents(atPath: work + path).map { .write(path: path, contents: $0) } ?? .delete(path: path)
        }
        let id = try createCommit(tree: try tree(applying: changes, to: base), parents: head.map { [$0] } ?? [],
                                  message: message, updating: reference)
        let branch = reference == "HEAD" ? headBranch ?? "HEAD" : String(reference.dropFirst("refs/heads/".count))
        try stage(paths, committed: id, on: branch)
        return id
    }

    /// Stages `paths` after `commit` moved `branch`: a failure (a held `index.lock`) leaves
    /// the commit in place, and the error says that only the index is behind.
    func stage(_ paths: [String], committed commit: ObjectID, on branch: String) throws {
        do {
            try stage(paths)
        } catch {
            let reason: String
            if case let .locked(lockFile, _) = error {
                reason = "\(lockFile) is held by another git process, or was left by one that was killed"
            } else {
                reason = "\(error)"
            }
            throw IntegrationError.indexNotUpdated(commit: commit.hex, branch: branch, paths: paths, reason: reason)
        }
    }
}

/// Opens spec repos by SOURCE for planning. `SourceLocator` is the real one; the command
/// passes its own, which also ends the clone and fetch progress line.
public protocol SpecSourceReading {
    /// The name and URL that publishing into `source` pushes to.
    func publishTarget(_ source: String) throws -> (name: String, url: String)
    /// Opens `source`, listed to `depth`.
    func open(_ source: String, depth: ListingDepth) throws -> OpenedSource
    /// The spec repos `arguments` name, in order.
    func sources(_ arguments: [String], depth: ListingDepth) throws -> [SpecRepoSource]
}

extension SourceLocator: SpecSourceReading {}

import CLibGit2
import Foundation

/// How often `publish` tries again after a rejection, and how long it waits in between:
/// exponential backoff with full jitter, so racing publishers spread out instead of
/// colliding again in lockstep.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The longest pause after the first rejection; it doubles after each further one.
    public var initialDelay: Duration
    /// The longest pause ever.
    public var maxDelay: Duration

    /// A policy; `maxAttempts` below 1 counts as 1.
    public init(maxAttempts: Int = 8, initialDelay: Duration = .milliseconds(50), maxDelay: Duration = .seconds(2)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// 8 attempts, pauses of up to 50 ms, 100 ms, 200 ms … capped at 2 s.
    public static let standard = RetryPolicy()

    /// The longest pause after `failedAttempts` rejections in a row:
    /// `initialDelay × 2^(failedAttempts − 1)`, at most `maxDelay`.
    public func delayCap(afterFailedAttempts failedAttempts: Int) -> Duration {
        guard failedAttempts > 0 else { return .zero }
        let doublings = min(failedAttempts - 1, 30)
        let cap = initialDelay * (1 << doublings)
        return cap < maxDelay ? cap : maxDelay
    }

    /// A random pause between zero and `delayCap(afterFailedAttempts:)`.
    public func delay(afterFailedAttempts failedAttempts: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let cap = delayCap(afterFailedAttempts: failedAttempts)
        guard cap > .zero else { return .zero }
        return cap * Double.random(in: 0...1, using: &generator)
    }
}

/// What the change given to `publish` produced from the tip: the new tree and the
/// commit message.
public struct PublishChange {
    /// The tree to commit, usually made with `Repository.tree(applying:to:)`.
    public var tree: Tree
    /// The commit message, e.g. `[Add] Foo (0.1.8)`.
    public var message: String

    /// The tree and message of the commit to publish.
    public init(tree: Tree, message: String) {
        self.tree = tree
        self.message = message
    }
}

/// How a publish ended.
public struct PublishResult: Sendable, Equatable {
    /// The branch's tip afterwards: the new commit, or the tip that already had the
    /// change; `nil` only if the branch does not exist and there was nothing to publish.
    public let commit: ObjectID?
    /// How many times the change was applied and offered to the remote (1 when nobody
    /// raced it).
    public let attempts: Int
    /// Whether a new commit was published; `false` when the tip already had the change.
    public let changed: Bool
}

extension Repository {
    /// Commits a change on top of a remote branch and pushes it, retrying when another
    /// publisher got there first. Each attempt fetches the branch, calls `change` with the
    /// tip's tree (`nil` if the branch does not exist yet), commits what it returns on top
    /// of the tip and pushes. A rejection, from either channel, leads to a jittered pause
    /// and a new attempt on the new tip, up to `policy.maxAttempts`; then
    /// `GitError.publishGaveUp`. A lock file in the way is waited for while it is young
    /// enough to be a live writer's; one older than `LockFile.staleAge` (a killed writer's)
    /// throws `GitError.locked` at once, and is never removed. `change` returning `nil`, or
    /// the tip's own tree, means the tip already has the change: nothing is pushed. Errors
    /// thrown by `change` end the publish and are rethrown as they are.
    ///
    /// A local remote (a path or `file://`) gets a compare-and-swap instead of libgit2's
    /// local push, which would overwrite a concurrent publisher's commit: the new objects
    /// are written as a pack into the remote's object database, then the remote branch is
    /// moved with `git_reference_create_matching` from the tip this attempt built on. The
    /// remote's hooks do not run on that path.
    public func publish(
        branch: String,
        to remoteName: String = "origin",
        policy: RetryPolicy = .standard,
        author: Signature? = nil,
        credentials: Credentials = .fromEnvironment(),
        willPush: (ObjectID) throws -> Void = { _ in },
        change: (Tree?) throws -> PublishChange?
    ) throws -> PublishResult {
        let remote = try self.remote(named: remoteName)
        let trackingReference = "refs/remotes/\(remoteName)/\(branch)"
        let remoteReference = "refs/heads/\(branch)"
        var generator = SystemRandomNumberGenerator()
        var lastRejection = ""
        var lastLock: String?
        for attempt in 1...policy.maxAttempts {
            if attempt > 1 {
                let pause = policy.delay(afterFailedAttempts: attempt - 1, using: &generator)
                Thread.sleep(forTimeInterval: pause.seconds)
            }
            lastLock = nil
            if let busy = try fetchTip(of: remoteReference, into: trackingReference, from: remote, credentials: credentials) {
                (lastRejection, lastLock) = busy
                continue
            }
            let tip = try referenceTarget(trackingReference)
            let tipTree = try tip.map { id throws(GitError) in try self.tree(self.commit(id).tree) }
            guard let proposal = try change(tipTree), proposal.tree.id != tipTree?.id else {
                return PublishResult(commit: tip, attempts: attempt, changed: false)
            }
            let newCommit = try createCommit(tree: proposal.tree, parents: tip.map { [$0] } ?? [],
                                             message: proposal.message, author: author)
            try willPush(newCommit)
            do {
                if case let .local(path) = RemoteLocation(url: remote.url) {
                    if let busy = try compareAndSwap(newCommit, expected: tip, reference: remoteReference, remote: remote,
                                                     remotePath: path, trackingReference: trackingReference) {
                        (lastRejection, lastLock) = busy
                        continue
                    }
                } else if let rejection = try pushThroughScratchReference(newCommit, to: remoteReference, remote: remote,
                                                                          credentials: credentials,
                                                                          trackingReference: trackingReference) {
                    lastRejection = rejection
                    continue
                }
            } catch {
                // The connection may have dropped after the server applied the push (an
                // `early EOF`): ask the remote before calling the publish failed.
                if landed(newCommit, reference: remoteReference, trackingReference: trackingReference, remote: remote,
                          credentials: credentials) {
                    return PublishResult(commit: newCommit, attempts: attempt, changed: true)
                }
                throw error
            }
            return PublishResult(commit: newCommit, attempts: attempt, changed: true)
        }
        // A lock that outlived every attempt is no race lost to other publishers: name it.
        if let lastLock, LockFile.age(of: lastLock) != nil { throw LockFile.error(for: lastLock) }
        throw GitError.publishGaveUp(url: remote.url, reference: remoteReference, attempts: policy.maxAttempts,
                                     lastRejection: lastRejection)
    }

    /// Whether `commit` is on the remote branch now (its tip, or in the tip's history),
    /// fetched afresh; `false` when the remote cannot be asked.
    private func landed(
        _ commit: ObjectID, reference: String, trackingReference: String, remote: Remote, credentials: Credentials
    ) -> Bool {
        do {
            if try fetchTip(of: reference, into: trackingReference, from: remote, credentials: credentials) != nil { return false }
        } catch {
            return false
        }
        guard let tip = (try? referenceTarget(trackingReference)) ?? nil else { return false }
        return (try? isAncestor(commit, of: tip)) == true
    }

    /// A reason to try again when `error` is a lock file young enough to belong to a live
    /// writer (another publisher); the lock's path comes along. A lock older than
    /// `LockFile.staleAge` was left by a killed process: waiting cannot help, so it is
    /// rethrown at once, naming the file.
    private func retryReason(for error: GitError) throws(GitError) -> (reason: String, lock: String) {
        guard case let .locked(lockFile, _) = error else { throw error }
        if LockFile.isStale(lockFile) { throw LockFile.error(for: lockFile) }
        return ("\(lockFile) was held by another writer", lockFile)
    }

    /// Fetches the remote branch into its tracking reference; returns a reason to retry
    /// when another process sharing this repository holds that reference's lock.
    private func fetchTip(
        of reference: String, into trackingReference: String, from remote: Remote, credentials: Credentials
    ) throws(GitError) -> (reason: String, lock: String?)? {
        do {
            try remote.fetch(refspecs: ["+\(reference):\(trackingReference)"], prune: true, credentials: credentials)
            return nil
        } catch {
            let busy = try retryReason(for: error)
            return (busy.reason, busy.lock)
        }
    }

    /// Pushes `commit` to `reference` on a network remote; returns the rejection reason, or
    /// `nil` when the remote took it. libgit2 pushes only from references, hence the
    /// short-lived, uniquely named one.
    private func pushThroughScratchReference(
        _ commit: ObjectID, to reference: String, remote: Remote, credentials: Credentials, trackingReference: String
    ) throws(GitError) -> String? {
        let scratch = "refs/compctl/publish/\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try updateReference(scratch, to: commit, expecting: nil, message: "compctl publish")
        defer { try? deleteReference(scratch) }
        do {
            try remote.push(["\(scratch):\(reference)"], credentials: credentials)
        } catch {
            guard case let .pushRejected(_, _, reason) = error else { throw error }
            return reason
        }
        try moveTrackingReference(trackingReference, to: commit)
        return nil
    }

    /// Publishes `commit` into a repository on this machine: writes the objects the remote
    /// lacks as a pack into its object database, then moves its branch from `expected` to
    /// `commit` atomically. Returns the rejection reason when the branch moved meanwhile, or
    /// when another publisher holds its lock (with the lock's path); a stale lock throws.
    private func compareAndSwap(
        _ commit: ObjectID, expected: ObjectID?, reference: String, remote: Remote, remotePath: String,
        trackingReference: String
    ) throws(GitError) -> (reason: String, lock: String?)? {
        let target: Repository
        do {
            target = try Repository.open(at: remotePath)
        } catch {
            throw GitError.unreachable(url: remote.url, reason: "no git repository at \(remotePath)")
        }
        if !target.isBare, try target.headReferenceName() == reference {
            throw GitError.pushRejected(url: remote.url, reference: reference,
                                        reason: "the branch is checked out in that repository's work tree")
        }
        try writePack(of: commit, excluding: expected, into: target.gitDirectory + "objects/pack")
        do {
            try target.updateReference(reference, to: commit, expecting: expected, message: "compctl publish")
        } catch {
            if case .referenceChanged = error { return ("\(reference) moved since it was fetched", nil) }
            let busy = try retryReason(for: error)
            return (busy.reason, busy.lock)
        }
        try moveTrackingReference(trackingReference, to: commit)
        return nil
    }

    /// Records what the remote branch now is, as a fetch would.
    private func moveTrackingReference(_ name: String, to commit: ObjectID) throws(GitError) {
        var raw = commit.raw
        var tracking: OpaquePointer?
        try check(git_reference_create(&tracking, pointer, name, &raw, 1, "compctl publish"), "git_reference_create")
        git_reference_free(tracking)
    }

    /// Writes the objects reachable from `commit` but not from `excluded` as one pack into
    /// `directory`. The pack and its index appear by rename, so readers never see half a pack.
    private func writePack(of commit: ObjectID, excluding excluded: ObjectID?, into directory: String) throws(GitError) {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        var start = commit.raw
        try check(git_revwalk_push(walk, &start), "git_revwalk_push")
        if var hidden = excluded?.raw { try check(git_revwalk_hide(walk, &hidden), "git_revwalk_hide") }
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), "git_packbuilder_new")
        defer { git_packbuilder_free(builder) }
        try check(git_packbuilder_insert_walk(builder, walk), "git_packbuilder_insert_walk")
        guard git_packbuilder_object_count(builder) > 0 else { return }
        try check(git_packbuilder_write(builder, directory, 0, nil, nil), "git_packbuilder_write")
    }

    /// The branch HEAD names (`refs/heads/main`), or `nil` when HEAD is detached.
    func headReferenceName() throws(GitError) -> String? {
        var head: OpaquePointer?
        try check(git_reference_lookup(&head, pointer, "HEAD"), "git_reference_lookup")
        defer { git_reference_free(head) }
        return git_reference_symbolic_target(head).map { String(cString: $0) }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

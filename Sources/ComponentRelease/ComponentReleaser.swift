import FileIO
import Foundation
import Git
import Podspec
import Versioning

/// What `compctl bump` was asked for.
public struct BumpRequest: Sendable, Equatable {
    /// Which part of the version to raise.
    public var kind: BumpKind
    /// The podspec, relative to the working directory; `nil` finds the only one at the
    /// repository's root.
    public var podspec: String?
    /// The prerelease label of release candidates (`rc`).
    public var rcLabel: String
    /// How a version becomes a tag: `{version}` or `v{version}`.
    public var tagFormat: String
    /// Whether to create the annotated tag.
    public var createsTag: Bool
    /// Whether the branch and the tag will be pushed (checks the remote before anything changes).
    public var push: Bool

    /// A request; the defaults are compctl.yml's.
    public init(
        kind: BumpKind, podspec: String? = nil, rcLabel: String = "rc", tagFormat: String = "{version}",
        createsTag: Bool = true, push: Bool = false
    ) {
        self.kind = kind
        self.podspec = podspec
        self.rcLabel = rcLabel
        self.tagFormat = tagFormat
        self.createsTag = createsTag
        self.push = push
    }
}

/// Everything a bump will do, decided and checked before anything changes.
public struct BumpPlan: Sendable, Equatable {
    /// The component's work tree, with a trailing `/`.
    public var workTree: String
    /// The podspec as the user sees it (relative to the working directory when found there).
    public var podspecDisplayPath: String
    /// The podspec's absolute path.
    public var podspecPath: String
    /// The podspec relative to the work tree, as git stages it.
    public var podspecRelativePath: String
    /// The pod's name.
    public var name: String
    /// The version before, as written.
    public var from: String
    /// The version after.
    public var to: Version
    /// The podspec's bytes before the bump.
    public var originalContents: Data
    /// The podspec's bytes after the bump; only the version literal differs.
    public var newContents: Data
    /// `Release Foo 0.1.8-rc.1`: the commit's and the tag's message.
    public var message: String
    /// The tag to create, if any.
    public var tag: String?
    /// The branch the release is committed on.
    public var branch: String
    /// The branch's tip before the release.
    public var head: ObjectID
    /// The remote to push to.
    public var remoteName: String
    /// The remote's URL, credentials included (redact before showing); `nil` without one.
    public var remoteURL: String?
    /// Things that did not stop the bump but deserve a line on stderr.
    public var warnings: [String]
}

/// What a bump did.
public struct BumpResult: Sendable, Equatable {
    /// The plan carried out.
    public var plan: BumpPlan
    /// The release commit.
    public var commit: ObjectID
    /// Whether the branch and the tag were pushed.
    public var pushed: Bool
}

/// Releases a component from its work tree: rewrites the podspec's version (only that
/// literal), commits `Release Foo 0.1.8`, creates the annotated tag, and optionally pushes
/// the branch and then the tag. `plan` checks everything first and changes nothing;
/// `apply` undoes its local steps when a later one fails (the branch goes back to its old
/// commit, the tag is deleted, the podspec and the index are restored).
public struct ComponentReleaser {
    /// Where the command runs; the repository is found from here.
    public var workingDirectory: String
    /// What to offer the remote.
    public var credentials: Credentials
    /// The remote to check and push to.
    public var remoteName: String
    /// Who signs the commit and the tag; `nil` uses git config (`user.name`, `user.email`).
    public var signature: Signature?
    /// Lists a remote's tags; `Remote.listReferences` by default.
    public var listRemoteTags: (String) throws -> Set<String>

    /// A releaser for the component around `workingDirectory`.
    public init(
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        credentials: Credentials = .fromEnvironment(), remoteName: String = "origin", signature: Signature? = nil
    ) {
        self.workingDirectory = workingDirectory
        self.credentials = credentials
        self.remoteName = remoteName
        self.signature = signature
        self.listRemoteTags = { url in
            let references = try Remote.listReferences(at: url, credentials: credentials)
            return Set(references.lazy.map(\.name).filter { $0.hasPrefix("refs/tags/") }.map { String($0.dropFirst(10)) })
        }
    }

    // MARK: - Planning

    /// Decides the release and checks that it can happen; changes nothing. Throws a
    /// `ReleaseError` for every refusal: a dirty work tree, an existing tag (locally or on
    /// the remote when there is one), a version that would go backwards, a podspec that
    /// cannot be rewritten safely.
    public func plan(_ request: BumpRequest) throws -> BumpPlan {
        let repository = try openRepository()
        guard let workTree = repository.workDirectory else {
            throw ReleaseError.bareRepository(path: repository.gitDirectory)
        }
        let shownWorkTree = String(workTree.dropLast())
        let (podspecPath, displayPath) = try locatePodspec(request.podspec, workTree: workTree)

        guard let branch = repository.headBranch else { throw ReleaseError.detachedHead(workTree: shownWorkTree) }
        guard let head = try repository.referenceTarget("refs/heads/\(branch)") else {
            throw ReleaseError.noCommit(workTree: shownWorkTree, branch: branch)
        }
        // Untracked files cannot get into the release commit, which holds only the podspec;
        // CI jobs keep caches and reports in the checkout.
        let changes = try repository.uncommittedChanges(includingUntracked: false)
        guard changes.isEmpty else { throw ReleaseError.dirtyWorkTree(workTree: shownWorkTree, paths: changes) }

        let (original, spec, current) = try readCurrentRelease(podspecPath, displayPath: displayPath)
        let next: Version
        do {
            next = try current.bumped(request.kind, rcLabel: request.rcLabel)
        } catch let error as VersionError {
            throw ReleaseError.cannotBump(path: displayPath, reason: error.description)
        }
        let rewritten: Data
        do {
            rewritten = try Self.rewrite(original, path: displayPath, name: spec.name, to: next)
        } catch let error as PodspecError {
            throw ReleaseError.cannotRewrite(error)
        }

        var tag: String?
        if request.createsTag {
            let name = Self.tag(for: next.description, format: request.tagFormat)
            if try repository.referenceTarget("refs/tags/\(name)") != nil {
                throw ReleaseError.tagExists(tag: name, workTree: shownWorkTree)
            }
            tag = name
        }
        try checkNotBackwards(next, repository: repository, head: head, format: request.tagFormat)

        let remote = try? repository.remote(named: remoteName)
        if request.push && remote == nil {
            throw ReleaseError.noRemote(name: remoteName, workTree: shownWorkTree)
        }
        let warnings = try remote.map { try checkRemoteTag(tag, at: $0.url, push: request.push) } ?? []

        return BumpPlan(
            workTree: workTree, podspecDisplayPath: displayPath, podspecPath: podspecPath,
            podspecRelativePath: String(podspecPath.dropFirst(workTree.count)), name: spec.name, from: spec.version,
            to: next, originalContents: original, newContents: rewritten,
            message: "Release \(PodName.escaped(spec.name)) \(next.description)", tag: tag, branch: branch, head: head,
            remoteName: remoteName, remoteURL: remote?.url, warnings: warnings)
    }

    /// The podspec's bytes, its spec and its current version; the name and version follow
    /// the rules of every entry point, since both go into the commit and tag messages.
    private func readCurrentRelease(_ podspecPath: String, displayPath: String) throws -> (Data, Specification, Version) {
        guard let original = FileManager.default.contents(atPath: podspecPath) else {
            throw ReleaseError.podspecMissing(path: displayPath)
        }
        let spec: Specification
        do {
            spec = try PodspecReader.read(data: original, path: displayPath)
        } catch {
            throw ReleaseError.unreadablePodspec(error)
        }
        if let problem = PodName.problem(spec.name) {
            throw ReleaseError.invalidName(path: displayPath, name: spec.name, problem: problem)
        }
        switch PodName.checkedVersion(spec.version) {
        case .success(let version):
            return (original, spec, version)
        case .failure(.notAVersion(let reason)):
            throw ReleaseError.invalidCurrentVersion(path: displayPath, version: spec.version, reason: reason)
        case .failure(let problem):
            let reason = problem == .empty ? "it is empty" : problem.description
            throw ReleaseError.invalidCurrentVersion(path: displayPath, version: spec.version, reason: reason)
        }
    }

    /// Refuses a `tag` the remote at `url` already has. An unreachable remote is an error
    /// when the release will be pushed, else a warning (returned).
    private func checkRemoteTag(_ tag: String?, at url: String, push: Bool) throws -> [String] {
        guard let tag else { return [] }
        do {
            if try listRemoteTags(url).contains(tag) {
                throw ReleaseError.tagExistsOnRemote(tag: tag, url: Git.redact(url))
            }
        } catch let error as ReleaseError {
            throw error
        } catch {
            guard !push else { throw ReleaseError.remoteUnreachable(url: Git.redact(url), reason: "\(error)") }
            return ["could not check whether tag \(tag) exists on \(Git.redact(url)): \(error)"]
        }
        return []
    }

    // MARK: - Applying

    /// Carries out `plan`: writes the podspec (atomically), commits, tags, and with `push`
    /// pushes the branch, then the tag. A failure before the branch reaches the remote
    /// undoes every local step; the error says so.
    public func apply(_ plan: BumpPlan, push: Bool) throws -> BumpResult {
        let repository = try Repository.open(at: plan.workTree)
        var done = Steps()
        let commit: ObjectID
        do {
            done.step = "writing \(plan.podspecDisplayPath)"
            try AtomicFile.write(plan.newContents, to: plan.podspecPath)
            done.wroteFile = true
            done.step = "committing"
            try repository.stage([plan.podspecRelativePath])
            commit = try repository.commitIndex(message: plan.message, author: signature)
            done.commit = commit
            if let tag = plan.tag {
                done.step = "creating tag \(tag)"
                try repository.createTag(tag, target: commit, message: plan.message, tagger: signature)
                done.tagged = true
            }
        } catch {
            let failure = ReleaseError.stepFailed(step: done.step, reason: "\(error)")
            try rollBack(done, plan: plan, repository: repository, after: failure)
            throw failure
        }
        guard push else { return BumpResult(plan: plan, commit: commit, pushed: false) }

        let url = Git.redact(plan.remoteURL ?? plan.remoteName)
        do {
            try repository.push(["refs/heads/\(plan.branch):refs/heads/\(plan.branch)"], to: plan.remoteName,
                                credentials: credentials)
        } catch {
            let failure = ReleaseError.pushFailed(branch: plan.branch, url: url, reason: "\(error)")
            try rollBack(done, plan: plan, repository: repository, after: failure)
            throw failure
        }
        if let tag = plan.tag {
            do {
                try repository.push(["refs/tags/\(tag):refs/tags/\(tag)"], to: plan.remoteName, credentials: credentials)
            } catch {
                let failure = ReleaseError.tagPushFailed(tag: tag, commit: commit.shortHex, url: url, reason: "\(error)")
                do {
                    try repository.deleteReference("refs/tags/\(tag)")
                } catch let cleanup {
                    throw ReleaseError.rollbackFailed(original: failure.description, reason: "\(cleanup)")
                }
                throw failure
            }
        }
        return BumpResult(plan: plan, commit: commit, pushed: true)
    }

    /// What `apply` has done so far, to undo it.
    private struct Steps {
        var step = ""
        var wroteFile = false
        var commit: ObjectID?
        var tagged = false
    }

    private func rollBack(_ done: Steps, plan: BumpPlan, repository: Repository, after failure: ReleaseError) throws {
        do {
            if done.tagged, let tag = plan.tag {
                try repository.deleteReference("refs/tags/\(tag)")
            }
            if let commit = done.commit {
                try repository.updateReference("refs/heads/\(plan.branch)", to: plan.head, expecting: commit,
                                               message: "compctl: roll back \(plan.message)")
            }
            if done.wroteFile {
                try AtomicFile.write(plan.originalContents, to: plan.podspecPath)
                // Staging the restored file puts the old blob back in the index too.
                try repository.stage([plan.podspecRelativePath])
            }
        } catch {
            throw ReleaseError.rollbackFailed(original: failure.description, reason: "\(error)")
        }
    }

    // MARK: - Helpers

    /// The tag for `version` in `format` (`{version}` → `0.1.8`, `v{version}` → `v0.1.8`).
    public static func tag(for version: String, format: String) -> String {
        format.replacingOccurrences(of: "{version}", with: version)
    }

    /// The podspec's absolute path and how to show it.
    private func locatePodspec(_ given: String?, workTree: String) throws -> (path: String, display: String) {
        if let given {
            let path = URL(fileURLWithPath: given, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true))
                .standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw ReleaseError.podspecMissing(path: given)
            }
            let resolvedWorkTree = URL(fileURLWithPath: workTree).resolvingSymlinksInPath().path + "/"
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard resolved.hasPrefix(resolvedWorkTree) else {
                throw ReleaseError.podspecOutsideRepository(path: given, workTree: String(workTree.dropLast()))
            }
            return (workTree + resolved.dropFirst(resolvedWorkTree.count), given)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: workTree)) ?? [])
            .filter { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }
            .filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: workTree + name, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            .sorted()
        guard let name = names.first else { throw ReleaseError.noPodspec(directory: String(workTree.dropLast())) }
        guard names.count == 1 else {
            throw ReleaseError.severalPodspecs(directory: String(workTree.dropLast()), names: names)
        }
        let path = workTree + name
        let here = URL(fileURLWithPath: workingDirectory).standardizedFileURL.resolvingSymlinksInPath().path + "/"
        let resolvedWorkTree = URL(fileURLWithPath: workTree).resolvingSymlinksInPath().path + "/"
        return (path, here == resolvedWorkTree ? name : path)
    }

    /// Refuses a version that a tag in HEAD's history already reached or passed: the
    /// podspec was set back, and releasing would go backwards on this line of history. A
    /// tag on another branch (a later release, while this is a hotfix branch) is fine.
    private func checkNotBackwards(_ next: Version, repository: Repository, head: ObjectID, format: String) throws {
        let marker = "{version}"
        guard let range = format.range(of: marker) else { return }
        let prefix = String(format[..<range.lowerBound])
        let suffix = String(format[range.upperBound...])
        var highest: (tag: String, version: Version)?
        for name in try repository.tagNames() where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let text = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard let version = try? Version(String(text)), next <= version else { continue }
            if let highest, version <= highest.version { continue }
            guard let tag = try? repository.tag(named: name), try repository.isAncestor(tag.commit, of: head) else {
                continue
            }
            highest = (name, version)
        }
        if let highest {
            throw ReleaseError.versionGoesBackwards(version: next.description, tag: highest.tag,
                                                    tagVersion: highest.version.description)
        }
    }

    private func openRepository() throws -> Repository {
        do {
            return try Repository.open(at: workingDirectory, searchingParents: true)
        } catch .notARepository {
            throw ReleaseError.notAGitRepository(path: workingDirectory)
        }
    }

    /// The podspec with its version set to `version`, checked by reading it back.
    private static func rewrite(_ contents: Data, path: String, name: String, to version: Version) throws -> Data {
        let rewritten = try VersionRewriter.rewrite(contents, path: path, to: version.description)
        let reread = try PodspecReader.read(data: rewritten, path: path)
        guard reread.version == version.description, reread.name == name else {
            throw PodspecError(file: path, line: nil,
                               message: "cannot rewrite the version: the rewritten file does not read back as "
                                   + "\(name) \(version.description)")
        }
        return rewritten
    }
}

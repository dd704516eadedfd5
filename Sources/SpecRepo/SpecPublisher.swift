import Foundation
import Git
import Graph
import Podspec
import Versioning

/// What publishing a spec writes into a spec repo, decided against the repo's current tip.
public struct PublishPlan: Sendable, Equatable {
    /// The three commits `publish` makes, as CocoaPods' `pod repo push` names them
    /// (`[Fix]` being compctl's own, for an overwrite with `--force`).
    public enum Kind: String, Sendable, Equatable {
        /// The pod is new to the repo.
        case add = "Add"
        /// A new version of a pod the repo has.
        case update = "Update"
        /// A published version overwritten with `--force`.
        case fix = "Fix"
    }

    /// The pod's name.
    public var name: String
    /// The version, as the spec writes it.
    public var version: String
    /// Which kind of commit.
    public var kind: Kind
    /// The spec file's path in the repo, e.g. `Specs/a/b/c/Foo/1.0.0/Foo.podspec.json`.
    public var path: String
    /// A version directory `--force` replaces because it spells the version differently
    /// (`1.0` for `1.0.0`), or holds the spec in the other format.
    public var replacedDirectory: String?

    /// The commit message: `[Add] Foo (0.1.8)`. Always one line: a line break or another
    /// control character in the name or version is written as an escape.
    public var message: String {
        "[\(kind.rawValue)] \(PodName.escaped(name)) (\(PodName.escaped(version)))"
    }

    /// The edit that makes the plan real.
    public func changes(contents: Data) -> [FileChange] {
        var changes: [FileChange] = []
        if let replacedDirectory { changes.append(.delete(path: replacedDirectory)) }
        changes.append(.write(path: path, contents: contents))
        return changes
    }
}

/// How `SpecPublisher.publish` ended.
public enum PublishOutcome: Sendable, Equatable {
    /// The checks found problems (lint, a cycle, a missing tag): nothing was written.
    case problems([LintProblem])
    /// `--dry-run`: what would be written, decided against the fetched tip.
    case planned(PublishPlan)
    /// Pushed. `commit` is the new tip; `changed` is false when the repo already had
    /// exactly this file (only possible with `--force`).
    case published(PublishPlan, commit: ObjectID?, attempts: Int, changed: Bool)
}

/// Publishes a podspec into a spec repo the way `pod repo push` does, but safely: lint and
/// a cycle check against the fetched repo, the tag check, then a commit made on the fresh
/// tip and pushed with `Repository.publish` (fetch, re-apply, retry with jittered backoff;
/// compare-and-swap for a repo on this machine). The plan is decided again on every
/// attempt, so a concurrent publisher adding the same pod turns `[Add]` into `[Update]`.
///
/// It works on a cached clone, under the cache's lock. If the push never succeeds, the
/// clone's branches are put back to the remote's state: no unpushed commit stays behind.
public struct SpecPublisher {
    /// Where the target repo is cloned.
    public var cache: SpecRepoCache
    /// How often to retry after a rejection.
    public var policy: RetryPolicy
    /// Extra sources dependencies may come from (e.g. trunk's pods in a local mirror).
    public var extraSources: [any SpecProvider]
    /// Lists the tags of a component's repository; `Remote.listReferences` by default.
    public var listTags: (String) throws -> Set<String>

    /// A publisher through `cache`.
    public init(cache: SpecRepoCache, policy: RetryPolicy = .standard, extraSources: [any SpecProvider] = []) {
        self.cache = cache
        self.policy = policy
        self.extraSources = extraSources
        let credentials = cache.credentials
        self.listTags = { url in
            let references = try Remote.listReferences(at: url, credentials: credentials)
            return Set(references.lazy.map(\.name).filter { $0.hasPrefix("refs/tags/") }.map { String($0.dropFirst(10)) })
        }
    }

    /// Publishes `podspec` into the cached repo `name` (cloned from `url` if missing).
    /// `force` overwrites a published version; `skipTagCheck` skips asking the component's
    /// repository for the tag; `dryRun` fetches and plans but writes nothing.
    /// Returns the problems found instead of publishing when there are any.
    public func publish(
        _ podspec: PodspecFile, to name: String, url: String,
        force: Bool = false, skipTagCheck: Bool = false, dryRun: Bool = false,
        willPush: (ObjectID, _ branch: String) throws -> Void = { _, _ in }
    ) throws -> PublishOutcome {
        try run(podspec, to: name, url: url, force: force, checksTag: !skipTagCheck, writes: !dryRun, willPush: willPush)
    }

    /// The checks `publish` makes before writing, except the tag check (for a spec whose
    /// tag is not pushed yet, as `bump --publish` has): `.problems`, or `.planned` with
    /// what publishing would write. Throws `alreadyPublished` like `publish`.
    public func precheck(_ podspec: PodspecFile, to name: String, url: String, force: Bool = false) throws -> PublishOutcome {
        try run(podspec, to: name, url: url, force: force, checksTag: false, writes: false, willPush: { _, _ in })
    }

    private func run(
        _ podspec: PodspecFile, to name: String, url: String, force: Bool, checksTag: Bool, writes: Bool,
        willPush: (ObjectID, String) throws -> Void
    ) throws -> PublishOutcome {
        // A name or version that cannot enter a spec repo never makes a plan (which builds
        // paths from them); lint reports it with every other problem.
        let validIdentity = SpecLinter.identityProblems(of: podspec.spec, file: podspec.path).isEmpty
        try cache.ensure(name: name, url: url)
        return try cache.withExclusiveAccess(to: name) { repository in
            defer { try? cache.syncLocalBranch(repository) }
            try cache.fetch(repository, name: name, url: url)
            let display = Git.redact(url)
            let branch = repository.headBranch ?? "main"
            let tip = try cache.tip(of: repository, branch: branch)
            let tree = try tip.map { GitSpecTree(gitDirectory: repository.gitDirectory,
                                                 rootTree: try repository.commit($0).tree, location: display) }

            // An existing version is refused first: it is decisive, and costs no network call.
            let plan = validIdentity ? try Self.plan(for: podspec, in: tree, force: force, repository: name) : nil
            var problems = try self.problems(of: podspec, against: tree, name: name, url: display, branch: branch)
            if checksTag, let missing = try tagProblem(of: podspec) { problems.append(missing) }
            guard problems.isEmpty, let plan else { return .problems(problems) }
            if !writes { return .planned(plan) }

            var lastPlan = plan
            let result = try repository.publish(branch: branch, to: "origin", policy: policy,
                                                credentials: cache.credentials,
                                                willPush: { try willPush($0, branch) }) { tipTree in
                let (plan, change) = try Self.change(publishing: podspec, onto: tipTree, in: repository,
                                                     location: display, force: force, repository: name)
                lastPlan = plan
                return change
            }
            return .published(lastPlan, commit: result.commit, attempts: result.attempts, changed: result.changed)
        }
    }

    /// The commit `publish` offers on top of the tip whose tree is `tipTree` (`nil`: an
    /// empty repo): the plan, decided against that tip, applied to it, and verified by
    /// listing the repo before and after (`verifyListing`). Throws what `plan` throws and
    /// `publishWouldLosePods`; nothing is pushed then.
    static func change(
        publishing podspec: PodspecFile, onto tipTree: Tree?, in repository: Repository, location: String,
        force: Bool, repository name: String
    ) throws -> (PublishPlan, PublishChange) {
        let current = tipTree.map { GitSpecTree(gitDirectory: repository.gitDirectory, rootTree: $0.id, location: location) }
        let plan = try plan(for: podspec, in: current, force: force, repository: name)
        let tree = try repository.tree(applying: plan.changes(contents: podspec.contents), to: tipTree)
        let after = GitSpecTree(gitDirectory: repository.gitDirectory, rootTree: tree.id, location: location)
        try verifyListing(before: current, after: after, publishing: plan, repository: name)
        return (plan, PublishChange(tree: tree, message: plan.message))
    }

    /// Checks that the spec repo in `after` lists every pod version it listed in `before`
    /// (`nil`: an empty repo) and the spec `plan` publishes, filed where CocoaPods reads it.
    /// Whatever made a change hide pods (a name that collides with the layout, a path that
    /// shadows another), the spec repo is never pushed in that state.
    public static func verifyListing(
        before: (any SpecTree)?, after: any SpecTree, publishing plan: PublishPlan, repository: String
    ) throws {
        struct Key: Hashable {
            var name: String
            var version: Version
        }
        func listing(_ tree: (any SpecTree)?) throws -> (keys: Set<Key>, ordered: [Key], repository: SpecRepository?) {
            guard let tree else { return ([], [], nil) }
            let listed: SpecRepository
            do {
                listed = try SpecRepository(tree: tree, name: repository, depth: .versions)
            } catch SpecRepoError.notASpecRepository {
                return ([], [], nil)
            }
            let ordered = listed.pods.flatMap { pod in pod.versions.map { Key(name: pod.name, version: $0.version) } }
            return (Set(ordered), ordered, listed)
        }
        let old = try listing(before)
        let new = try listing(after)
        let vanished = old.ordered.filter { !new.keys.contains($0) }.map { "\($0.name) \($0.version)" }

        var listsNewSpec = false
        if let version = try? Version(plan.version), new.keys.contains(Key(name: plan.name, version: version)),
           let entry = new.repository?.pod(named: plan.name)?.versions.first(where: { $0.version == version }) {
            // The version's folder must hold the published file as the spec CocoaPods reads there.
            let files = (try? after.entries(at: entry.directoryPath)) ?? []
            listsNewSpec = entry.filePath(SpecRepoScanner.specFile(in: files, pod: plan.name) ?? "")
                == plan.path
        }
        guard vanished.isEmpty && listsNewSpec else {
            throw SpecRepoError.publishWouldLosePods(
                name: plan.name, version: plan.version, repository: repository, path: plan.path,
                vanished: vanished, listsNewSpec: listsNewSpec)
        }
    }

    /// Lint problems of `podspec` against the repo in `tree` (and the extra sources), plus
    /// the dependency cycle it would close there.
    public func problems(
        of podspec: PodspecFile, against tree: (any SpecTree)?, name: String, url: String, branch: String
    ) throws -> [LintProblem] {
        let target: any SpecProvider
        if let tree {
            do {
                target = try SpecRepository(tree: tree, name: name, depth: .versions)
            } catch SpecRepoError.notASpecRepository {
                throw SpecRepoError.remoteIsNotASpecRepository(url: url, branch: branch)
            }
        } else {
            target = EmptySpecProvider(name: name)
        }
        var problems = SpecLinter(sources: [target] + extraSources).lint(podspec.spec, file: podspec.path)
        if let cycle = try DependencyCycleFinder(source: target).problem(for: podspec.spec, file: podspec.path) {
            problems.append(cycle)
        }
        return problems
    }

    /// The missing-tag problem when the spec's `source` names a git repository and a tag
    /// that repository lacks; `nil` when the tag exists or the spec names no tag.
    /// An unreachable repository is an error that suggests `--skip-tag-check`.
    public func tagProblem(of podspec: PodspecFile) throws -> LintProblem? {
        guard let git = podspec.spec.source?.git, let tag = podspec.spec.source?.tag else { return nil }
        let tags: Set<String>
        do {
            tags = try listTags(git)
        } catch {
            throw SpecRepoError.tagCheckFailed(file: podspec.path, tag: tag, reason: "\(error)")
        }
        guard !tags.contains(tag) else { return nil }
        return LintProblem(
            kind: .missingTag,
            message: "\(podspec.path): tag \(tag) does not exist in \(Git.redact(git)); push the tag first "
                + "(`compctl bump --push` does), or fix the spec's source")
    }

    /// Where and how `podspec` goes into the repo in `tree` (`nil`: an empty repo, laid
    /// out with pods at the root). Throws `alreadyPublished` when the repo has the version
    /// and `force` is off.
    public static func plan(
        for podspec: PodspecFile, in tree: (any SpecTree)?, force: Bool, repository: String
    ) throws -> PublishPlan {
        let spec = podspec.spec
        var layout = SpecRepoLayout()
        var versionDirectories: [String] = []
        var podExists = false
        if let tree {
            layout = try SpecRepoLayout.detect(in: tree, rootEntries: tree.entries(at: ""))
            try checkNoFileInTheWay(of: layout.podPath(for: spec.name) + "/" + spec.version, in: tree, spec: spec,
                                    repository: repository)
            do {
                let entries = try tree.entries(at: layout.podPath(for: spec.name))
                podExists = true
                versionDirectories = entries.filter { $0.kind == .directory }.map(\.name)
            } catch SpecRepoError.noSuchPath {
                podExists = false
            }
        }
        let podPath = layout.podPath(for: spec.name)
        let version = try? Version(spec.version)
        // `1.0` and `1.0.0` are the same version to CocoaPods: either spelling is "published".
        let existing = versionDirectories.first { directory in
            directory == spec.version || (version != nil && (try? Version(directory)) == version)
        }
        var plan = PublishPlan(
            name: spec.name, version: spec.version, kind: podExists ? .update : .add,
            path: podPath + "/" + spec.version + "/" + podspec.publishedFileName)
        if let existing {
            guard force else {
                throw SpecRepoError.alreadyPublished(
                    name: spec.name, version: spec.version, repository: repository, path: podPath + "/" + existing)
            }
            plan.kind = .fix
            plan.replacedDirectory = podPath + "/" + existing
        }
        return plan
    }

    /// Throws `pathTakenByFile` when a file of the repo (a README at the root of a repo
    /// that keeps its pods there, say) sits where `path` needs a folder: writing the spec
    /// would replace it.
    private static func checkNoFileInTheWay(
        of path: String, in tree: any SpecTree, spec: Specification, repository: String
    ) throws {
        var parent = ""
        for component in path.split(separator: "/").map(String.init) {
            let entries: [TreeEntry]
            do {
                entries = try tree.entries(at: parent)
            } catch SpecRepoError.noSuchPath {
                return
            }
            guard let entry = entries.first(where: { $0.name == component }) else { return }
            let entryPath = TreePath.join(parent, component)
            guard entry.kind == .directory else {
                throw SpecRepoError.pathTakenByFile(name: spec.name, version: spec.version, repository: repository,
                                                   path: entryPath)
            }
            parent = entryPath
        }
    }
}

/// The source a spec repo without any commit stands for: no pods at all.
final class EmptySpecProvider: SpecProvider {
    let name: String

    init(name: String) {
        self.name = name
    }

    func podNames() -> [String] { [] }

    func versions(of name: String) -> [Version] { [] }

    func specification(name: String, version: Version) throws -> Specification {
        throw SpecRepoError.noSuchPod(name: name, repository: self.name)
    }
}

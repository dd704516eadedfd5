import CompileCheck
import Config
import Foundation
import Git
import Graph
import Podspec
import SpecRepo
import Versioning

/// What the command line asks of one integrate, before anything is read.
public struct IntegrationRequest: Sendable {
    /// The components, as given.
    public var pins: [ComponentPin]
    /// The candidate podspec (`--podspec`, one component only).
    public var podspec: String?
    /// The compile check (`--check-command`), else compctl.yml's.
    public var checkCommand: String?
    /// The spec repo to publish into (`--repo`), else compctl.yml's first by priority.
    public var repo: String?
    /// Whether the pins will be pushed (`--push`): the checkout must then be at origin's tip.
    public var push: Bool
    /// The new branch the pins land on and are pushed to (`--push-branch`).
    public var pushBranch: String?
    /// Whether release candidates may be integrated (`--allow-rc`).
    public var allowRC: Bool
    /// How long to wait for another writer of the project (`--lock-timeout`).
    public var lockTimeout: Duration

    /// A request for `pins`.
    public init(pins: [ComponentPin], podspec: String? = nil, checkCommand: String? = nil, repo: String? = nil,
                push: Bool = false, pushBranch: String? = nil, allowRC: Bool = false, lockTimeout: Duration = .seconds(900)) {
        self.pins = pins
        self.podspec = podspec
        self.checkCommand = checkCommand
        self.repo = repo
        self.push = push
        self.pushBranch = pushBranch
        self.allowRC = allowRC
        self.lockTimeout = lockTimeout
    }
}

/// Plans integrates: takes the project's lock, checks the request against the project, finds
/// each candidate spec (given, or at the version's tag in the component's repo), stages the
/// specs in a scratch clone of the spec repo and reads the Podfile against it. Nothing in the
/// project changes here; the plan is what `Integrator` executes.
public struct IntegrationPlanner {
    /// What the command line asked.
    public var request: IntegrationRequest
    /// compctl.yml.
    public var configuration: Configuration
    /// Opens the spec repos.
    public var sources: any SpecSourceReading
    /// Hears the wait for the project's lock.
    public var delegate: any IntegrationDelegate

    /// A planner for `request`.
    public init(request: IntegrationRequest, configuration: Configuration, sources: any SpecSourceReading,
                delegate: any IntegrationDelegate) {
        self.request = request
        self.configuration = configuration
        self.sources = sources
        self.delegate = delegate
    }

    /// Plans the integrate into the project whose Podfile is `podfile` (an absolute path).
    /// The plan holds the project's lock and a scratch folder until it is released.
    public func plan(podfile: String) throws -> PreparedIntegration {
        try PodfileInputs.requireFile(podfile)
        let root = ProjectFiles.root(ofPodfile: podfile)
        let packageManifest = PackageSwiftPins.manifest(for: podfile, configuration: configuration)
        let access = try ProjectAccess(scope: Self.scope(root: root, podfile: podfile, configuration: configuration),
                                       timeout: request.lockTimeout, delegate: delegate)
        let podfile = try ProjectFiles.writable(podfile, root: root)
        let check = try checkCommand()
        for pin in request.pins where !request.allowRC && ((try? Version(pin.version))?.isPrerelease ?? false) {
            throw IntegrationError.rcNeedsFlag(pin.text)
        }
        // The binary repo holds twins of the source specs: never the target, never another source.
        let sourceRepos = configuration.specRepos.filter { $0.name != configuration.binary.repo }
        guard let repoSource = request.repo ?? sourceRepos.enumerated()
            .sorted(by: { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }).first?.element.name
        else { throw IntegrationError.noSpecRepo }
        guard let project = try? Repository.open(at: root, searchingParents: true) else {
            throw IntegrationError.notAGitProject(root)
        }
        try ProjectCheckout.requireCommitted(project, files: Self.committedFiles(podfile: podfile, manifest: packageManifest))
        if request.push { try ProjectCheckout.requireInStepWithOrigin(project) }
        if let name = request.pushBranch { try ProjectCheckout.requireNewBranch(name, in: project) }

        let opened = try sources.open(repoSource, depth: .versions)
        let scratch = try ScratchDirectory.make()
        do {
            guard let repository = opened.repository else { throw IntegrationError.noSpecRepo }
            let finder = CandidateFinder(repository: repository, repoName: opened.name, podspec: request.podspec,
                                         tagFormat: configuration.tagFormat, scratch: scratch)
            // In a project with a Package.swift too, a name the spec repo lacks is a Swift package.
            let podPins = request.pins.filter { packageManifest == nil || !repository.versions(of: $0.root).isEmpty }
            let packagePins = request.pins.filter { pin in !podPins.contains(pin) }
            // The components first: a misspelt name is the first thing to hear of.
            let candidates = try podPins.map(finder.candidate(for:))
            let located = try sources.publishTarget(repoSource)
            let target = SpecRepoTarget(name: located.name, url: located.url)
            let staged = scratch + "/staged-specs.git"
            try SpecStaging.stage(candidates.compactMap(\.podspec), from: target.url, into: staged, name: target.name)

            let others = sourceRepos.map(\.name).filter { $0 != repoSource && $0 != opened.name }
            let stagedSources = try sources.sources([staged] + others, depth: .onDemand)
            let originalSources = try sources.sources([repoSource] + others, depth: .onDemand)
            let inputs = try PodfileInputs(path: podfile, sources: stagedSources)
            let catalog = PodCatalog(providers: stagedSources.map(\.provider))
            let problems = try PinPlanner.versionProblems(podPins, catalog: catalog)
            if !problems.isEmpty { throw IntegrationError.pinProblems(problems) }
            let edit = try PinPlanner.edit(podPins, podfile: podfile, addTo: nil)
            if let packageManifest, let bytes = FileManager.default.contents(atPath: packageManifest) {
                // Refused now, before anything changes, if the manifest cannot take the pins.
                _ = try PackageSwiftPins.pinned(podPins, manifest: [UInt8](bytes), path: packageManifest,
                                                sources: stagedSources)
            }
            var plan = IntegrationPlan(
                root: root, podfile: podfile, packageManifest: packageManifest, candidates: candidates, target: target,
                check: check, stagedSpecRepo: staged, scratch: scratch,
                pinPackageManifest: { [pins = podPins] bytes, path in
                    try PackageSwiftPins.pinned(pins, manifest: bytes, path: path, sources: stagedSources)
                },
                access: access)
            var packageProblems: [GraphProblem] = []
            if let packageManifest, !packagePins.isEmpty {
                packageProblems = try addPackagePins(packagePins, manifest: packageManifest, to: &plan, project: project)
            }
            return PreparedIntegration(plan: plan, configuration: configuration, inputs: inputs, edit: edit,
                                       stagedSources: stagedSources, originalSources: originalSources,
                                       packageProblems: packageProblems)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
    }

    /// The compile check: `--check-command`, else compctl.yml's.
    private func checkCommand() throws -> CompileCheck.CheckCommand {
        if let text = request.checkCommand { return .shell(text) }
        guard let configured = configuration.checkCommand else { throw IntegrationError.noCheckCommand }
        return configured
    }

    /// What recovery may touch in the project at `root`: its Podfile, Podfile.lock, and
    /// Package.swift with Package.resolved; the remotes are compctl.yml's spec repos.
    public static func scope(root: String, podfile: String, configuration: Configuration) -> JournalScope {
        JournalScope(root: root, podfile: URL(fileURLWithPath: podfile).standardizedFileURL.path,
                     packageManifest: PackageSwiftPins.manifest(for: podfile, configuration: configuration),
                     remotes: configuration.specRepos.map { configuration.resolve(path: $0.url) })
    }

    /// The files an integrate of the project may commit: the Podfile, Podfile.lock and the
    /// project's Package.swift.
    static func committedFiles(podfile: String, manifest: String?) -> [String] {
        [podfile, (podfile as NSString).deletingLastPathComponent + "/Podfile.lock"] + (manifest.map { [$0] } ?? [])
    }
}

/// Finds the spec to publish for a pin: the given podspec, or `Name.podspec[.json]` at the
/// version's tag in the git repo that the component's newest published spec names.
struct CandidateFinder {
    var repository: SpecRepository
    var repoName: String
    var podspec: String?
    var tagFormat: TagFormat
    var scratch: String

    /// The candidate for `pin`, with no spec when the spec repo already has the version.
    func candidate(for pin: ComponentPin) throws -> IntegrationCandidate {
        let version = try Version(pin.version)
        let published = repository.versions(of: pin.root)
        if let podspec {
            let file = try PodspecFile.read(podspec)
            guard file.spec.name == pin.root, (try? Version(file.spec.version)) == version else {
                throw IntegrationError.podspecMismatch(path: podspec, expected: "\(pin.root) \(pin.version)",
                                                       found: "\(file.spec.name) \(file.spec.version)")
            }
            return IntegrationCandidate(pin: pin, podspec: published.contains(version) ? nil : file)
        }
        if published.contains(version) { return IntegrationCandidate(pin: pin, podspec: nil) }
        guard let newest = published.filter({ !$0.isPrerelease }).max() ?? published.max() else {
            throw IntegrationError.unknownComponent(pin.root, repo: repoName)
        }
        let newestSpec = try repository.specification(name: pin.root, version: newest)
        guard let url = newestSpec.source?.git else { throw IntegrationError.noGitSource(pin.root, version: pin.version) }
        return IntegrationCandidate(pin: pin, podspec: try podspecAtTag(of: pin, version: version, url: url))
    }

    /// Fetches only the version's tag from `url` into a scratch bare repo and reads the
    /// podspec in its tree.
    private func podspecAtTag(of pin: ComponentPin, version: Version, url: String) throws -> PodspecFile {
        let tag = tagFormat.tag(for: pin.version)
        let component = try Repository.create(at: scratch + "/component-\(pin.root).git", bare: true)
        let remote = try component.addRemote(named: "origin", url: url)
        do {
            try remote.fetch(refspecs: ["+refs/tags/\(tag):refs/tags/\(tag)"], prune: false)
        } catch {
            throw IntegrationError.componentUnreachable(pin.root, version: pin.version, tag: tag, url: Git.redact(url),
                                                        reason: "\(error)")
        }
        guard (try? component.referenceTarget("refs/tags/\(tag)")) ?? nil != nil else {
            throw IntegrationError.noTag(pin.root, version: pin.version, tag: tag, url: Git.redact(url),
                                         reason: "the repository has no such tag")
        }
        let tree = try component.tree(at: "refs/tags/\(tag)")
        for file in ["\(pin.root).podspec.json", "\(pin.root).podspec"] where tree.entry(named: file) != nil {
            let contents = try tree.blob(at: file)
            let path = "\(Git.redact(url))@\(tag):\(file)"
            let spec = try PodspecReader.read(data: contents, path: path)
            guard (try? Version(spec.version)) == version else {
                throw IntegrationError.podspecMismatch(path: path, expected: "\(pin.root) \(pin.version)",
                                                       found: "\(spec.name) \(spec.version)")
            }
            return PodspecFile(path: path, contents: contents, spec: spec)
        }
        throw IntegrationError.noPodspecAtTag(pin.root, tag: tag, url: Git.redact(url))
    }
}

/// The staged spec repo the compile check reads (`COMPCTL_STAGED_SPEC_REPO`).
enum SpecStaging {
    /// Clones the spec repo into `staged` (bare) and commits the candidate specs there,
    /// without pushing. The clone is scratch: it lives for this integrate only.
    static func stage(_ podspecs: [PodspecFile], from url: String, into staged: String, name: String) throws {
        let repository = try Repository.clone(from: url, to: staged, bare: true, scratch: true)
        let branch = repository.headBranch ?? "main"
        let reference = "refs/heads/\(branch)"
        var tip = try repository.referenceTarget(reference)
        for podspec in podspecs {
            let tipTree = try tip.map { try repository.tree(repository.commit($0).tree) }
            let specTree = tipTree.map { GitSpecTree(gitDirectory: repository.gitDirectory, rootTree: $0.id, location: staged) }
            let plan = try SpecPublisher.plan(for: podspec, in: specTree, force: false, repository: name)
            let tree = try repository.tree(applying: plan.changes(contents: podspec.contents), to: tipTree)
            tip = try repository.createCommit(tree: tree, parents: tip.map { [$0] } ?? [], message: plan.message,
                                              updating: reference)
        }
    }
}

/// What the main project's checkout must be before an integrate begins.
enum ProjectCheckout {
    /// Refuses when one of `files` has staged or unstaged changes: the integrate commit must
    /// hold the pins and nothing a person has not reviewed.
    static func requireCommitted(_ project: Repository, files: [String]) throws {
        guard let work = project.workDirectory else { return }
        let changed = Set(try project.uncommittedChanges())
        let workReal = ProjectFiles.realPath(String(work.dropLast())) ?? work
        let dirty = files.map { IntegrationJournal.relative(ProjectFiles.realPath($0) ?? $0, to: workReal) }
            .filter { changed.contains($0) }
        if !dirty.isEmpty { throw IntegrationError.uncommittedManifests(dirty) }
    }

    /// Refuses `--push` from a checkout that is not at origin's tip: local commits would be
    /// pushed unchecked alongside the pins, or origin's commits would land unchecked.
    static func requireInStepWithOrigin(_ project: Repository) throws {
        let branch = project.headBranch ?? "main"
        // Asked without fetching, so that a refusal leaves the checkout's refs as they were.
        guard let head = try? project.resolve("HEAD"), let url = try? project.remote(named: "origin").url,
              let references = try? Remote.listReferences(at: url),
              let tip = references.first(where: { $0.name == "refs/heads/\(branch)" })?.id, head != tip else { return }
        if (try? project.commit(tip)) != nil, (try? project.isAncestor(tip, of: head)) == true {
            throw IntegrationError.aheadOfOrigin(branch: branch, count: commitsAhead(project, from: head, to: tip))
        }
        throw IntegrationError.behindOrigin(branch: branch)
    }

    /// Refuses a `--push-branch` name the checkout or origin already has: compctl never
    /// overwrites a branch. Origin is asked without fetching.
    static func requireNewBranch(_ name: String, in project: Repository) throws {
        if try project.referenceTarget("refs/heads/\(name)") != nil { throw IntegrationError.localBranchExists(name) }
        let url = try project.remote(named: "origin").url
        if try Remote.listReferences(at: url).contains(where: { $0.name == "refs/heads/\(name)" }) {
            throw IntegrationError.remoteBranchExists(name)
        }
    }

    /// How many first-parent commits lead from `tip` to `head` (at most 1,000).
    private static func commitsAhead(_ project: Repository, from head: ObjectID, to tip: ObjectID) -> Int {
        var count = 0
        var cursor: ObjectID? = head
        while let current = cursor, current != tip, count < 1000 {
            count += 1
            cursor = try? project.commit(current).parents.first
        }
        return count
    }
}

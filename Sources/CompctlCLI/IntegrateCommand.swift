import ArgumentParser
import CompileCheck
import Config
import FileIO
import Foundation
import Git
import Graph
import Manifest
import Podspec
import SpecRepo
import Versioning

/// Why an integrate stopped before changing anything.
enum IntegrateError: Error, CustomStringConvertible {
    case noCheckCommand
    case noSpecRepo
    case rcNeedsFlag(String)
    case unknownComponent(String, repo: String)
    case noGitSource(String, version: String)
    case noTag(String, version: String, tag: String, url: String, reason: String)
    case noPodspecAtTag(String, tag: String, url: String)
    case podspecMismatch(path: String, expected: String, found: String)
    case notAGitProject(String)
    case uncommittedManifests([String])
    case aheadOfOrigin(branch: String, count: Int)
    case behindOrigin(branch: String)

    var description: String {
        switch self {
        case .noCheckCommand:
            return "no compile check to run: pass --check-command CMD, or set check_command in compctl.yml"
        case .noSpecRepo:
            return "no spec repo to integrate into: pass --repo SOURCE, or list spec_repos in compctl.yml"
        case let .rcNeedsFlag(pin):
            return "\(pin) is a release candidate; integrate it with --allow-rc, or integrate its release"
        case let .unknownComponent(name, repo):
            return "unknown component `\(name)`: spec repo '\(repo)' has no version of it; check the name, or pass --podspec"
        case let .noGitSource(name, version):
            return "`\(name)`'s newest published spec has no source :git, so compctl cannot find \(version)'s podspec; pass --podspec"
        case let .noTag(name, version, tag, url, reason):
            return "`\(name)` \(version): no tag \(tag) in \(url) (\(reason)); tag and push the release first (compctl bump --push)"
        case let .noPodspecAtTag(name, tag, url):
            return "no \(name).podspec or \(name).podspec.json at tag \(tag) of \(url); pass --podspec"
        case let .podspecMismatch(path, expected, found):
            return "\(path) is \(found), not \(expected); pass the podspec of the version being integrated"
        case let .notAGitProject(root):
            return "\(root) is not in a git repository, so compctl cannot commit the pins; run git init there first"
        case let .uncommittedManifests(paths):
            return "\(paths.joined(separator: ", ")) \(paths.count == 1 ? "has" : "have") uncommitted changes, which the integrate "
                + "commit would carry along; commit or stash them first"
        case let .aheadOfOrigin(branch, count):
            return "\(branch) has \(count == 1 ? "a commit" : "\(count) commits") that origin/\(branch) does not; --push would publish "
                + "a tree other than the one checked: push \(count == 1 ? "it" : "them") first, or integrate without --push"
        case let .behindOrigin(branch):
            return "origin/\(branch) has commits this checkout lacks; pull them first, so the check runs on what --push lands"
        }
    }
}

/// One component being integrated: the spec to publish, or `nil` when the version is
/// already in the spec repo.
struct Candidate {
    var pin: PinArgument
    var podspec: PodspecFile?
}

/// `compctl integrate NAME=VERSION…`: the gated flow of DESIGN.md. A version reaches the
/// spec repo and the main Podfile only after the main project compiled with it.
struct IntegrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "integrate",
        abstract: "Integrate released components into the main project, gated by its compile check.",
        discussion: """
            Finds each candidate spec (--podspec, else Name.podspec[.json] at the version's tag \
            in the component's git repo), resolves the main Podfile with the candidates and \
            stops (exit 2) on a new cycle, skew, layer breach or rc leak. Then it stages the \
            specs in a local copy of the spec repo, pins the Podfile (the original kept in \
            .compctl/integrate.journal), and runs the compile check in the project's root with \
            COMPCTL_COMPONENTS, COMPCTL_STAGED_SPEC_REPO and COMPCTL_PODFILE set, its output in \
            $COMPCTL_HOME/logs/<project>/. On a pass it publishes the specs and commits the Podfile (and \
            Podfile.lock when the check changed it); --push pushes, re-applying the pins on a \
            moved remote branch. On a failure nothing is published and the files are restored \
            byte for byte (exit 1). SIGINT or SIGTERM stops the check and restores; after a \
            SIGKILL the next compctl run in the project restores from the journal.

            With several `kind: main` projects in compctl.yml (and no --podfile) it integrates \
            into each in turn and prints a table: project, outcome, log. The specs are \
            published once, after the first project passes. --all-or-nothing checks every \
            project first and, if any fails, restores them all and publishes nothing; JSON: \
            {"schemaVersion": 1, "projects": [{"project", "outcome", "log"}], "published": [...]}.

            JSON: {"schemaVersion": 1, "outcome": "passed|failed|…", "pins": {…}, \
            "published": [...], "commit": "id or null", "log": "path"}.
            """
    )

    @Argument(help: ArgumentHelp("The components to integrate, as NAME=VERSION.", valueName: "name=version"),
              transform: PinArgument.parse)
    var pins: [PinArgument] = []

    @Option(help: ArgumentHelp(
        "The main Podfile (default: the main project's in compctl.yml, else ./Podfile).", valueName: "path"))
    var podfile: String?

    @Option(help: ArgumentHelp("The candidate podspec (one component only).", valueName: "path"))
    var podspec: String?

    @Option(name: .customLong("check-command"), help: ArgumentHelp(
        "The compile check, run with /bin/sh -c (default: check_command in compctl.yml).", valueName: "cmd"))
    var checkCommand: String?

    @Option(help: ArgumentHelp(
        "The spec repo to publish into (default: the first spec repo of compctl.yml).", valueName: "source"))
    var repo: String?

    @Flag(help: "Push the main project's commit to its origin.")
    var push = false

    @Flag(name: .customLong("allow-rc"), help: "Allow release candidates.")
    var allowRC = false

    @Option(help: ArgumentHelp("Stop the compile check after this many seconds.", valueName: "seconds"))
    var timeout: Int?

    @Option(name: .customLong("max-requeues"), help: ArgumentHelp(
        "How often to re-run the check when the main branch moved during it.", valueName: "n"))
    var maxRequeues = 3

    @Flag(name: .customLong("all-or-nothing"), help: "With several main projects: commit and publish only if every project passes.")
    var allOrNothing = false

    @Flag(name: .customLong("dry-run"), help: "Print the plan; change nothing.")
    var dryRun = false

    @Option(name: .customLong("lock-timeout"), help: ArgumentHelp(
        "How long to wait for another compctl writing the same project.", valueName: "seconds"))
    var lockTimeout = 900

    @Flag(help: "Only recover an integrate that was killed in this project, then stop.")
    var recover = false

    @Flag(help: "Print one JSON document with the outcome.")
    var json = false

    @OptionGroup var config: ConfigOptions

    func validate() throws {
        if recover {
            if !pins.isEmpty { throw ValidationError("--recover takes no NAME=VERSION") }
            return
        }
        if pins.isEmpty { throw ValidationError("give at least one NAME=VERSION to integrate, or --recover") }
        if podspec != nil && pins.count != 1 { throw ValidationError("--podspec goes with exactly one NAME=VERSION") }
        if let timeout, timeout <= 0 { throw ValidationError("--timeout must be a positive number of seconds") }
        if maxRequeues < 0 { throw ValidationError("--max-requeues must be 0 or more") }
        if lockTimeout < 0 { throw ValidationError("--lock-timeout must be 0 or more seconds") }
    }

    func run() async throws {
        let configuration = try reportingErrors { try config.load() }
        if recover {
            try recoverProjects(configuration: configuration)
            return
        }
        let mains = podfile == nil ? configuration.projects.filter { $0.kind == .main && $0.podfile != nil } : []
        if mains.count > 1 {
            try await integrateProjects(mains, configuration: configuration)
            return
        }
        let podfilePath = URL(fileURLWithPath: PodfileInputs.defaultPath(explicit: podfile, configuration: configuration))
            .standardizedFileURL.path
        let plan = try reportingErrors { try prepare(podfilePath: podfilePath, configuration: configuration) }
        defer { try? FileManager.default.removeItem(atPath: plan.scratch) }
        let problems = try plan.newProblems()
        if !problems.isEmpty {
            for problem in problems { Console.error("new \(problem)") }
            Console.note("nothing was changed: the integrate would add \(problems.count) problem\(problems.count == 1 ? "" : "s") to \(plan.podfilePath)")
            throw Exit.problems
        }
        if dryRun {
            printPlan(plan)
            return
        }
        if try plan.isAlreadyIntegrated() {
            // A second identical integrate (a retried CI job, a run after a recovery) is done.
            if json {
                try JSONOutput.print(IntegrateDocument(outcome: "already-integrated", plan: plan, published: [], commit: nil, log: nil))
            } else {
                Console.out("\(plan.candidates.map(\.pin.text).joined(separator: " ")) already integrated into "
                    + PodfileInputs.relativeToCurrentDirectory(plan.podfilePath))
                Console.note("every version is published in \(plan.target.name) and pinned in the committed Podfile; nothing to do")
            }
            return
        }
        let result = try await execute(plan, publishing: true, label: nil)
        guard result.passed else {
            if json { try? JSONOutput.print(IntegrateDocument(outcome: result.outcome, plan: plan, published: [], commit: nil, log: result.log)) }
            throw Exit.failure
        }
        if json {
            try JSONOutput.print(IntegrateDocument(outcome: "passed", plan: plan, published: result.published,
                                                   commit: result.commit?.hex, log: result.log))
            return
        }
        Console.out("integrated \(plan.candidates.map(\.pin.text).joined(separator: " ")) into \(PodfileInputs.relativeToCurrentDirectory(plan.podfilePath))")
        Console.note(result.published.isEmpty ? "every version was already published" : "published \(result.published.joined(separator: " ")) to \(plan.target.name)")
        Console.note("committed \(result.commit.map { String($0.hex.prefix(8)) } ?? "?")\(push ? " and pushed" : ""); log: \(result.log ?? "-")")
    }

    // MARK: - Preparing (nothing in the project changes here)

    /// Everything decided before the first change.
    struct Plan {
        var configuration: Configuration
        var podfilePath: String
        var root: String
        var check: Config.CheckCommand
        var candidates: [Candidate]
        var target: (name: String, url: String)
        var staged: String
        var scratch: String
        var sources: SpecSources
        var stagedSources: [SpecRepoSource]
        var originalSources: [SpecRepoSource]
        var edit: ManifestEdit
        var inputs: PodfileInputs
        /// The project's `package_swift`, pinned along with the Podfile.
        var packageManifest: String?
        /// The project's lock, held until the command ends.
        var access: ProjectAccess

        /// Whether there is nothing left to do: every version is published and the Podfile
        /// (and Package.swift) already pin them, committed (the files were checked clean).
        func isAlreadyIntegrated() throws -> Bool {
            guard candidates.allSatisfy({ $0.podspec == nil }),
                  edit.bytes == [UInt8](FileManager.default.contents(atPath: podfilePath) ?? Data()) else { return false }
            if let packageManifest, let bytes = FileManager.default.contents(atPath: packageManifest) {
                let pinned = try PackageSwiftPins.pinned(candidates.map(\.pin), manifest: [UInt8](bytes), path: packageManifest,
                                                         sources: stagedSources)
                if pinned != [UInt8](bytes) { return false }
            }
            return true
        }

        /// Problems of the graph checks with the pins that the Podfile did not have before.
        func newProblems() throws -> [GraphProblem] {
            let checkerFor = { (catalog: PodCatalog) in
                GraphChecker(catalog: catalog, layers: GraphCommand.layerRules(configuration),
                             interfaceSuffix: GraphCommand.interfaceSuffix(configuration))
            }
            let originalCatalog = PodCatalog(providers: originalSources.map(\.repository))
            let before: Set<String>
            do {
                let original = try Resolver(catalog: originalCatalog).resolve(inputs.request)
                before = Set(try checkerFor(originalCatalog).problems(in: original.graph).map(\.description))
            } catch let error as GraphError where error.isUnreadableSource {
                throw error
            } catch {
                before = []
            }
            let catalog = PodCatalog(providers: stagedSources.map(\.repository))
            var pinned = inputs
            pinned.request = PinPlanner.applying(candidates.map(\.pin), to: inputs.request, addTo: nil)
            let resolution = try pinned.resolve(against: catalog, sources: stagedSources)
            return try checkerFor(catalog).problems(in: resolution.graph).filter { !before.contains($0.description) }
        }
    }

    private func prepare(podfilePath: String, configuration: Configuration) throws -> Plan {
        try PodfileInputs.requireFile(podfilePath)
        let root = PinCommand.projectRoot(of: podfilePath)
        let packageManifest = PackageSwiftPins.manifest(for: podfilePath, configuration: configuration)
        let access = try ProjectAccess(scope: Self.scope(root: root, podfile: podfilePath, configuration: configuration),
                                       timeout: .seconds(lockTimeout), configuration: configuration)
        let podfilePath = try ProjectFiles.writable(podfilePath, root: root)

        let check: Config.CheckCommand
        if let checkCommand {
            check = .shell(checkCommand)
        } else if let configured = configuration.checkCommand {
            check = configured
        } else {
            throw IntegrateError.noCheckCommand
        }
        for pin in pins where !allowRC && ((try? Version(pin.version))?.isPrerelease ?? false) {
            throw IntegrateError.rcNeedsFlag(pin.text)
        }
        guard let repoSource = repo ?? configuration.specRepos.enumerated()
            .sorted(by: { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }).first?.element.name
        else { throw IntegrateError.noSpecRepo }
        guard let project = try? Repository.open(at: root, searchingParents: true) else {
            throw IntegrateError.notAGitProject(root)
        }
        try Self.requireCommittedManifests(project, files: Self.committedFiles(podfile: podfilePath, manifest: packageManifest))
        if push { try requireInStepWithOrigin(project) }

        let sources = try SpecSources(configuration: configuration)
        let target = try sources.locator.publishTarget(repoSource)
        let opened = try sources.open(repoSource, depth: .versions)
        let scratch = try ScratchDirectory.make()
        do {
            guard let repository = opened.repository else { throw IntegrateError.noSpecRepo }
            var candidates: [Candidate] = []
            for pin in pins {
                candidates.append(try candidate(for: pin, in: repository, repoName: opened.name,
                                                configuration: configuration, scratch: scratch))
            }
            let staged = scratch + "/staged-specs.git"
            try Self.stage(candidates.compactMap(\.podspec), from: target.url, into: staged, name: target.name)

            let others = configuration.specRepos.map(\.name).filter { $0 != repoSource && $0 != opened.name }
            let stagedSources = try sources.sources([staged] + others)
            let originalSources = try sources.sources([repoSource] + others)
            let inputs = try PodfileInputs(path: podfilePath, sources: stagedSources, warnsOfUnfinishedIntegrate: false)
            let catalog = PodCatalog(providers: stagedSources.map(\.repository))
            let problems = try PinPlanner.versionProblems(candidates.map(\.pin), catalog: catalog)
            if !problems.isEmpty { throw PinProblems(messages: problems) }
            let edit = try PinPlanner.edit(candidates.map(\.pin), podfile: podfilePath, addTo: nil)
            if let packageManifest, let bytes = FileManager.default.contents(atPath: packageManifest) {
                // Refused now, before anything changes, if the manifest cannot take the pins.
                _ = try PackageSwiftPins.pinned(candidates.map(\.pin), manifest: [UInt8](bytes), path: packageManifest,
                                                sources: stagedSources)
            }
            return Plan(configuration: configuration, podfilePath: podfilePath, root: root, check: check,
                        candidates: candidates, target: target, staged: staged, scratch: scratch, sources: sources,
                        stagedSources: stagedSources, originalSources: originalSources, edit: edit, inputs: inputs,
                        packageManifest: packageManifest, access: access)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
    }

    /// The spec to publish for `pin`, or none when the spec repo already has the version.
    private func candidate(
        for pin: PinArgument, in repository: SpecRepository, repoName: String,
        configuration: Configuration, scratch: String
    ) throws -> Candidate {
        let version = try Version(pin.version)
        let published = repository.versions(of: pin.root)
        if let podspec {
            let file = try PodspecFile.read(podspec)
            guard file.spec.name == pin.root, (try? Version(file.spec.version)) == version else {
                throw IntegrateError.podspecMismatch(path: podspec, expected: "\(pin.root) \(pin.version)",
                                                     found: "\(file.spec.name) \(file.spec.version)")
            }
            return Candidate(pin: pin, podspec: published.contains(version) ? nil : file)
        }
        if published.contains(version) { return Candidate(pin: pin, podspec: nil) }
        guard let newest = published.filter({ !$0.isPrerelease }).max() ?? published.max() else {
            throw IntegrateError.unknownComponent(pin.root, repo: repoName)
        }
        let newestSpec = try repository.specification(name: pin.root, version: newest)
        guard let url = newestSpec.source?.git else { throw IntegrateError.noGitSource(pin.root, version: pin.version) }
        let tag = configuration.tagFormat.tag(for: pin.version)
        let component = try Repository.create(at: scratch + "/component-\(pin.root).git", bare: true)
        let remote = try component.addRemote(named: "origin", url: url)
        do {
            try remote.fetch(refspecs: ["+refs/tags/\(tag):refs/tags/\(tag)"], prune: false)
        } catch {
            throw IntegrateError.noTag(pin.root, version: pin.version, tag: tag, url: Git.redact(url), reason: "\(error)")
        }
        guard (try? component.referenceTarget("refs/tags/\(tag)")) ?? nil != nil else {
            throw IntegrateError.noTag(pin.root, version: pin.version, tag: tag, url: Git.redact(url),
                                       reason: "the repository has no such tag")
        }
        let tree = try component.tree(at: "refs/tags/\(tag)")
        for file in ["\(pin.root).podspec.json", "\(pin.root).podspec"] where tree.entry(named: file) != nil {
            let contents = try tree.blob(at: file)
            let path = "\(Git.redact(url))@\(tag):\(file)"
            let spec = try PodspecReader.read(data: contents, path: path)
            guard (try? Version(spec.version)) == version else {
                throw IntegrateError.podspecMismatch(path: path, expected: "\(pin.root) \(pin.version)",
                                                     found: "\(spec.name) \(spec.version)")
            }
            return Candidate(pin: pin, podspec: PodspecFile(path: path, contents: contents, spec: spec))
        }
        throw IntegrateError.noPodspecAtTag(pin.root, tag: tag, url: Git.redact(url))
    }

    /// Clones the spec repo into `staged` (bare) and commits the candidate specs there,
    /// without pushing.
    static func stage(_ podspecs: [PodspecFile], from url: String, into staged: String, name: String) throws {
        let repository = try Repository.clone(from: url, to: staged, bare: true)
        let branch = repository.headBranch ?? "main"
        let reference = "refs/heads/\(branch)"
        var tip = try repository.referenceTarget(reference)
        for podspec in podspecs {
            let tipTree = try tip.map { try repository.tree(repository.commit($0).tree) }
            let specTree = try tipTree.map { GitSpecTree(gitDirectory: repository.gitDirectory, rootTree: $0.id, location: staged) }
            let plan = try SpecPublisher.plan(for: podspec, in: specTree, force: false, repository: name)
            let tree = try repository.tree(applying: plan.changes(contents: podspec.contents), to: tipTree)
            tip = try repository.createCommit(tree: tree, parents: tip.map { [$0] } ?? [], message: plan.message,
                                              updating: reference)
        }
    }

    /// What recovery may touch in the project at `root`: its Podfile, Podfile.lock, and
    /// Package.swift with Package.resolved; the remotes are compctl.yml's spec repos.
    static func scope(root: String, podfile: String, configuration: Configuration) -> JournalScope {
        JournalScope(root: root, podfile: URL(fileURLWithPath: podfile).standardizedFileURL.path,
                     packageManifest: PackageSwiftPins.manifest(for: podfile, configuration: configuration),
                     remotes: configuration.specRepos.map { configuration.resolve(path: $0.url) })
    }

    /// The files an integrate of the project may commit: the Podfile, Podfile.lock and the
    /// project's Package.swift.
    static func committedFiles(podfile: String, manifest: String?) -> [String] {
        [podfile, (podfile as NSString).deletingLastPathComponent + "/Podfile.lock"] + (manifest.map { [$0] } ?? [])
    }

    /// Refuses when one of `files` has staged or unstaged changes: the integrate commit must
    /// hold the pins and nothing a person has not reviewed.
    static func requireCommittedManifests(_ project: Repository, files: [String]) throws {
        guard let work = project.workDirectory else { return }
        let changed = Set(try project.uncommittedChanges())
        let dirty = files.map { IntegrationJournal.relative(realPath($0) ?? $0, to: realPath(String(work.dropLast())) ?? work) }
            .filter { changed.contains($0) }
        if !dirty.isEmpty { throw IntegrateError.uncommittedManifests(dirty) }
    }

    /// Refuses `--push` from a checkout that is not at origin's tip: local commits would be
    /// pushed unchecked alongside the pins, or origin's commits would land unchecked.
    private func requireInStepWithOrigin(_ project: Repository) throws {
        let branch = project.headBranch ?? "main"
        // Asked without fetching, so that a refusal leaves the checkout's refs as they were.
        guard let head = try? project.resolve("HEAD"), let url = try? project.remote(named: "origin").url,
              let references = try? Remote.listReferences(at: url),
              let tip = references.first(where: { $0.name == "refs/heads/\(branch)" })?.id, head != tip else { return }
        if (try? project.commit(tip)) != nil, (try? project.isAncestor(tip, of: head)) == true {
            var count = 0
            var cursor: ObjectID? = head
            while let current = cursor, current != tip, count < 1000 {
                count += 1
                cursor = try? project.commit(current).parents.first
            }
            throw IntegrateError.aheadOfOrigin(branch: branch, count: count)
        }
        throw IntegrateError.behindOrigin(branch: branch)
    }

    /// `integrate --recover`: takes each main project's lock and recovers its journal.
    private func recoverProjects(configuration: Configuration) throws {
        var podfiles = [PodfileInputs.defaultPath(explicit: podfile, configuration: configuration)]
        if podfile == nil {
            let mains = configuration.projects.filter { $0.kind == .main }.compactMap(\.podfile).map { configuration.resolve(path: $0) }
            if !mains.isEmpty { podfiles = mains }
        }
        for path in podfiles {
            try reportingErrors {
                try PodfileInputs.requireFile(path)
                let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                let root = PinCommand.projectRoot(of: absolute)
                let hadJournal = FileManager.default.fileExists(atPath: IntegrationJournal.path(in: root))
                let access = try ProjectAccess(scope: Self.scope(root: root, podfile: absolute, configuration: configuration),
                                               timeout: .seconds(lockTimeout), configuration: configuration)
                access.release()
                if !hadJournal { Console.note("\(PodfileInputs.relativeToCurrentDirectory(absolute)): no unfinished integrate; nothing to recover") }
            }
        }
    }

    private func printPlan(_ plan: Plan) {
        Console.out("integrate into \(plan.podfilePath) (dry run, nothing changed):")
        for candidate in plan.candidates {
            let action = candidate.podspec == nil ? "already published in \(plan.target.name)" : "publish \(candidate.podspec!.path) to \(plan.target.name)"
            Console.out("  \(candidate.pin.name) \(candidate.pin.version): \(action)")
        }
        Console.out("  pin the Podfile (\(plan.edit.changes.count) change\(plan.edit.changes.count == 1 ? "" : "s")), run the compile check, then "
            + (push ? "commit and push" : "commit"))
    }

    // MARK: - Executing

    /// How one project's integrate ended.
    struct Integrated {
        var outcome: String
        var log: String?
        var published: [String] = []
        var commit: ObjectID?

        var passed: Bool { outcome == "passed" }
    }

    /// A project whose compile check passed: its Podfile is pinned and its journal open,
    /// until `land` commits it or `journal.restore` puts it back.
    struct Checked {
        var plan: Plan
        var journal: IntegrationJournal
        var project: Repository
        var branch: String
        var log: String
    }

    /// Pins, checks, publishes when `publishing`, and commits one project. A failed check
    /// restores the files and returns its outcome; errors after the check are printed and
    /// end the command.
    private func execute(_ plan: Plan, publishing: Bool, label: String?) async throws -> Integrated {
        switch try await check(plan, label: label) {
        case let .failure(failed): return failed.integrated
        case let .success(checked): return try land(checked, publishing: publishing)
        }
    }

    /// Pins the Podfile and runs the compile check, re-checking when the branch moved
    /// during it. A failure restores the files and says so.
    private func check(_ plan: Plan, label: String?) async throws -> Result<Checked, IntegratedFailure> {
        let lockPath = URL(fileURLWithPath: plan.podfilePath).deletingLastPathComponent().appendingPathComponent("Podfile.lock").path
        let pinTexts = plan.candidates.map(\.pin.text)
        var journal = IntegrationJournal.begin(pins: pinTexts, files: [plan.podfilePath, lockPath] + (plan.packageManifest.map { [$0] } ?? []),
                                               root: plan.root, stagedDirectory: plan.scratch)
        try reportingErrors { try journal.save(in: plan.root) }
        let project = try reportingErrors { try Repository.open(at: plan.root, searchingParents: true) }
        let branch = project.headBranch ?? "main"
        var base = try? project.resolve("HEAD")
        var remoteBase = push ? remoteTip(of: branch, in: project) : nil
        var requeues = 0
        var outcome: CheckOutcome
        while true {
            do {
                let current = FileManager.default.contents(atPath: plan.podfilePath) ?? Data()
                let edit = try PodfileEditor.pin(plan.candidates.map { PodPin(name: $0.pin.name, version: $0.pin.version) },
                                                 in: [UInt8](current), path: plan.podfilePath)
                if edit.bytes != [UInt8](current) { try AtomicFile.write(Data(edit.bytes), to: plan.podfilePath) }
                if let manifest = plan.packageManifest, let bytes = FileManager.default.contents(atPath: manifest) {
                    let pinned = try PackageSwiftPins.pinned(plan.candidates.map(\.pin), manifest: [UInt8](bytes), path: manifest,
                                                             sources: plan.stagedSources)
                    if pinned != [UInt8](bytes) { try AtomicFile.write(Data(pinned), to: manifest) }
                }
            } catch {
                try? journal.restore(in: plan.root)
                Console.error("\(error)")
                throw Exit.failure
            }
            outcome = try await runCheck(plan)
            guard case .passed = outcome.status else { break }
            let head = try? project.resolve("HEAD")
            if push, head == base, requeues < maxRequeues, let start = base,
               let tip = remoteTip(of: branch, in: project), tip != remoteBase {
                // The remote branch moved while the check ran (a merge queue's case): the pins
                // go onto the new tip and the check runs again there. The checkout follows the
                // tip only when that is a fast-forward; otherwise `commitPins` re-applies the
                // pins on the tip without a new check, as before.
                guard (try? project.isAncestor(start, of: tip)) == true else { break }
                requeues += 1
                Console.note("origin/\(branch) moved during the check; re-applying the pins on \(tip.hex.prefix(8)) and checking again (\(requeues)/\(maxRequeues))")
                do {
                    for file in journal.files {
                        if let original = file.original {
                            try AtomicFile.write(original, to: IntegrationJournal.absolute(file.path, root: plan.root))
                        }
                    }
                    try project.fastForward(branch: branch, from: start, to: tip)
                    for path in [plan.podfilePath] + (plan.packageManifest.map { [$0] } ?? []) {
                        journal.setOriginal(FileManager.default.contents(atPath: path), of: path, root: plan.root)
                    }
                    try journal.save(in: plan.root)
                } catch {
                    try? journal.restore(in: plan.root)
                    Console.error("could not move the checkout to origin/\(branch) (\(tip.hex.prefix(8))): \(error); nothing was published and the Podfile was restored")
                    throw Exit.failure
                }
                (base, remoteBase) = (tip, tip)
                continue
            }
            guard head != base, requeues < maxRequeues else { break }
            // The branch moved while the check ran (like a merge queue): take the new head's
            // files as the originals and check again with the pins applied to them.
            requeues += 1
            Console.note("the main project's branch moved during the check; re-applying the pins on \(head?.hex.prefix(8) ?? "?") and checking again (\(requeues)/\(maxRequeues))")
            if let head, let tree = try? project.tree(at: head.hex) {
                let relative = String(plan.podfilePath.dropFirst((project.workDirectory ?? "").count))
                if let bytes = try? tree.blob(at: relative) { try AtomicFile.write(bytes, to: plan.podfilePath) }
                journal.setOriginal(try? tree.blob(at: relative), of: plan.podfilePath, root: plan.root)
                if let manifest = plan.packageManifest {
                    let manifestRelative = String(manifest.dropFirst((project.workDirectory ?? "").count))
                    if let bytes = try? tree.blob(at: manifestRelative) { try AtomicFile.write(bytes, to: manifest) }
                    journal.setOriginal(try? tree.blob(at: manifestRelative), of: manifest, root: plan.root)
                }
                try journal.save(in: plan.root)
            }
            base = head
        }
        guard case .passed = outcome.status else {
            try? journal.restore(in: plan.root)
            let what = label.map { "the Podfile of \($0) was restored" } ?? "nothing was published and the Podfile was restored"
            if case .cancelled = outcome.status {
                Console.error("integrate interrupted: the compile check was stopped; \(what)")
            } else {
                Console.error("\(label.map { "\($0): " } ?? "")the compile check \(outcome.status); \(what)")
                if !outcome.tail.isEmpty { FileHandle.standardError.write(Data((outcome.tail.joined(separator: "\n") + "\n").utf8)) }
                Console.note("full log: \(outcome.logPath)")
            }
            let word: String
            switch outcome.status {
            case .passed: word = "passed"
            case .failed: word = "failed"
            case .signalled: word = "killed"
            case .timedOut: word = "timed-out"
            case .cancelled: word = "cancelled"
            }
            return .failure(IntegratedFailure(integrated: Integrated(outcome: "\(outcome.status)", log: outcome.logPath), word: word))
        }
        return .success(Checked(plan: plan, journal: journal, project: project, branch: branch, log: outcome.logPath))
    }

    /// The remote branch's tip after fetching it, or `nil` when it cannot be fetched (the
    /// push then reports the problem).
    private func remoteTip(of branch: String, in project: Repository) -> ObjectID? {
        let tracking = "refs/remotes/origin/\(branch)"
        guard (try? project.remote(named: "origin").fetch(refspecs: ["+refs/heads/\(branch):\(tracking)"], prune: false)) != nil
        else { return nil }
        return (try? project.referenceTarget(tracking)) ?? nil
    }

    /// Publishes (when `publishing`) and commits a checked project, closing its journal.
    private func land(_ checked: Checked, publishing: Bool) throws -> Integrated {
        let plan = checked.plan
        var journal = checked.journal
        // Publish, then commit: from here the spec repo has changed, so a crash keeps the pins.
        var published: [String] = []
        if publishing {
            published = try publishSpecs(plan, willPush: { commit, branch in
                try Self.record(commit, branch: branch, target: plan.target.url, in: &journal, root: plan.root)
            }, failed: { try? journal.restore(in: plan.root) })
            if !published.isEmpty {
                journal.step = .published
                try journal.save(in: plan.root)
            }
        }

        let commit: ObjectID
        do {
            commit = try commitPins(plan, project: checked.project, branch: checked.branch, journal: journal)
        } catch {
            Console.error("\(published.isEmpty ? "" : "the specs are published, but ")committing the Podfile failed: \(error); commit it by hand")
            journal.finish(in: plan.root)
            throw Exit.failure
        }
        journal.finish(in: plan.root)
        return Integrated(outcome: "passed", log: checked.log, published: published, commit: commit)
    }

    /// Writes the journal's `publishing` step naming `commit` before it is pushed, so that a
    /// kill from here on is recovered by asking the spec repo whether the commit landed.
    static func record(_ commit: ObjectID, branch: String, target url: String, in journal: inout IntegrationJournal,
                       root: String) throws {
        journal.step = .publishing
        var publishing = journal.publishing ?? IntegrationJournal.Publishing(url: url, branch: branch, commits: [])
        publishing.branch = branch
        publishing.commits.append(commit.hex)
        journal.publishing = publishing
        try journal.save(in: root)
    }

    /// Publishes the plan's new specs to its spec repo, calling `willPush` before each push;
    /// on an error, calls `failed` (which puts the Podfiles back: a Podfile never pins a
    /// version that did not reach the spec repo), prints the error and ends the command.
    private func publishSpecs(
        _ plan: Plan, willPush: (ObjectID, String) throws -> Void, failed: () -> Void
    ) throws -> [String] {
        var published: [String] = []
        let publisher = SpecPublisher(cache: plan.sources.cache)
        for candidate in plan.candidates {
            guard let podspec = candidate.podspec else { continue }
            let result: PublishOutcome
            do {
                result = try publisher.publish(podspec, to: plan.target.name, url: plan.target.url, skipTagCheck: true,
                                               willPush: willPush)
            } catch {
                failed()
                Console.error("\(error)")
                if !published.isEmpty { Console.note("already published: \(published.joined(separator: " ")); the Podfile was restored") }
                throw Exit.failure
            }
            if case let .problems(problems) = result {
                failed()
                problems.forEach { Console.error($0.message) }
                if !published.isEmpty { Console.note("already published: \(published.joined(separator: " ")); the Podfile was restored") }
                throw Exit.failure
            }
            published.append(candidate.pin.text)
        }
        return published
    }

    // MARK: - Several main projects

    /// Integrates into each main project in turn, then prints the summary table. Without
    /// `--all-or-nothing` each project is checked and committed in turn, and the specs are
    /// published after the first project passes (the next projects find them published).
    /// With it, every project is checked first, keeping its pinned Podfile; a failure
    /// restores them all and publishes nothing; when all pass, the specs are published and
    /// each project is committed (and pushed).
    private func integrateProjects(_ projects: [Project], configuration: Configuration) async throws {
        // Each project's journal lives in its Podfile's directory; two projects there would share it.
        let roots = projects.map { PinCommand.projectRoot(of: configuration.resolve(path: $0.podfile ?? "Podfile")) }
        if let shared = roots.first(where: { root in roots.filter { $0 == root }.count > 1 }) {
            let names = zip(projects, roots).filter { $0.1 == shared }.map(\.0.name)
            Console.error("main projects \(names.joined(separator: " and ")) have their Podfiles in one directory (\(shared)); "
                + "give each main project its own directory in compctl.yml, or integrate one with --podfile")
            throw Exit.failure
        }
        var rows: [ProjectOutcome] = []
        var checked: [(label: String, checked: Checked)] = []
        var scratches: [String] = []
        defer { for scratch in scratches { try? FileManager.default.removeItem(atPath: scratch) } }
        var published: [String] = []
        var target: String?
        var failed = false
        for project in projects {
            let label = project.name
            let plan: Plan
            do {
                plan = try prepare(podfilePath: configuration.resolve(path: project.podfile ?? "Podfile"), configuration: configuration)
            } catch {
                Console.error("\(label): \(error)")
                rows.append(ProjectOutcome(project: label, outcome: "error", log: nil))
                failed = true
                if allOrNothing { break } else { continue }
            }
            scratches.append(plan.scratch)
            let problems = try plan.newProblems()
            if !problems.isEmpty {
                for problem in problems { Console.error("\(label): new \(problem)") }
                rows.append(ProjectOutcome(project: label, outcome: "problems", log: nil))
                failed = true
                if allOrNothing { break } else { continue }
            }
            if dryRun {
                printPlan(plan)
                continue
            }
            switch try await check(plan, label: label) {
            case let .failure(failure):
                rows.append(ProjectOutcome(project: label, outcome: failure.word,
                                           log: failure.integrated.log.map(PodfileInputs.relativeToCurrentDirectory)))
                failed = true
            case let .success(passed):
                rows.append(ProjectOutcome(project: label, outcome: "passed", log: PodfileInputs.relativeToCurrentDirectory(passed.log)))
                if allOrNothing {
                    checked.append((label, passed))
                } else {
                    let result = try land(passed, publishing: true)
                    if !result.published.isEmpty { (published, target) = (result.published, plan.target.name) }
                    Console.note("\(label): integrated \(plan.candidates.map(\.pin.text).joined(separator: " ")); committed \(result.commit.map { String($0.hex.prefix(8)) } ?? "?")\(push ? " and pushed" : "")")
                }
            }
            if allOrNothing && failed { break }
        }
        if dryRun { return }
        if allOrNothing && failed {
            for entry in checked { try? entry.checked.journal.restore(in: entry.checked.plan.root) }
            for row in rows.indices where rows[row].outcome == "passed" { rows[row].outcome = "restored" }
            for project in projects where !rows.contains(where: { $0.project == project.name }) {
                rows.append(ProjectOutcome(project: project.name, outcome: "skipped", log: nil))
            }
            Console.note("--all-or-nothing: nothing was published or committed; every Podfile is as it was")
        } else if allOrNothing, let first = checked.first?.checked {
            published = try publishSpecs(first.plan, willPush: { commit, branch in
                for index in checked.indices {
                    try Self.record(commit, branch: branch, target: first.plan.target.url,
                                    in: &checked[index].checked.journal, root: checked[index].checked.plan.root)
                }
            }, failed: {
                for entry in checked { try? entry.checked.journal.restore(in: entry.checked.plan.root) }
            })
            if !published.isEmpty {
                for index in checked.indices {
                    checked[index].checked.journal.step = .published
                    try checked[index].checked.journal.save(in: checked[index].checked.plan.root)
                }
            }
            target = first.plan.target.name
            var landed: [String] = []
            for entry in checked {
                do {
                    let result = try land(entry.checked, publishing: false)
                    landed.append("\(entry.label) \(result.commit.map { String($0.hex.prefix(8)) } ?? "?")")
                } catch {
                    // Earlier projects are committed (and pushed) already: compctl never
                    // rewrites or force-pushes them.
                    for later in checked.dropFirst(landed.count + 1) {
                        try? later.checked.journal.restore(in: later.checked.plan.root)
                    }
                    if !landed.isEmpty {
                        Console.error("already \(push ? "pushed" : "committed"): \(landed.joined(separator: ", ")); compctl never force-pushes: revert by hand if needed")
                    }
                    throw Exit.failure
                }
            }
        }
        if !published.isEmpty, let target {
            Console.note("published \(published.joined(separator: " ")) to \(target)")
        }
        if json {
            try JSONOutput.print(ProjectsDocument(projects: rows, published: published))
        } else {
            let table = [["PROJECT", "OUTCOME", "LOG"]] + rows.map { [$0.project, $0.outcome, $0.log ?? "-"] }
            let widths = (0..<2).map { column in table.map { $0[column].count }.max() ?? 0 }
            Console.outRaw(table.map { row in
                row[0] + String(repeating: " ", count: widths[0] - row[0].count + 2)
                    + row[1] + String(repeating: " ", count: widths[1] - row[1].count + 2) + row[2] + "\n"
            }.joined())
        }
        if failed { throw Exit.failure }
    }

    /// Runs the compile check with the progress line, stopping it on SIGINT or SIGTERM.
    private func runCheck(_ plan: Plan) async throws -> CheckOutcome {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        // Logs live under compctl's home, not in the project: a failed integrate must leave
        // the main project exactly as it was, and the log must outlive it.
        let project = (plan.root as NSString).lastPathComponent
        let log = (SpecRepoCache.homeDirectory() as NSString)
            .appendingPathComponent("logs/\(project)/integrate-\(stamp)-\(getpid()).log")
        let command: CompileCheck.CheckCommand
        switch plan.check {
        case .shell(let text): command = .shell(text)
        case .arguments(let arguments): command = .arguments(arguments)
        }
        let invocation = CheckInvocation(
            command: command, workingDirectory: plan.root,
            environment: CheckEnvironment.variables(
                components: plan.candidates.map { ($0.pin.name, $0.pin.version) },
                stagedSpecRepo: plan.staged, podfile: plan.podfilePath),
            logPath: log, timeout: timeout.map { .seconds($0) }, terminationGrace: .seconds(2))
        let runner = CompileCheckRunner()
        let trap = TerminationSignalTrap { _ in runner.cancel() }
        defer { trap.restore() }
        let line = ProgressLine()
        let start = ContinuousClock.now
        do {
            let outcome = try await runner.run(invocation) { progress in
                line.update("compile check \(Int(progress.elapsed.components.seconds)) s: \(progress.lastLine ?? "")")
            }
            line.finish("compile check \(outcome.status) after \(Int((ContinuousClock.now - start).components.seconds)) s")
            return outcome
        } catch {
            line.finish("compile check could not run")
            throw error
        }
    }

    /// Commits the pinned files (the Podfile, and Podfile.lock when the check changed it):
    /// locally, or with `--push` on top of the remote branch, re-applying the pins when it
    /// moved, with the same fetch, re-apply and retry as publishing a spec.
    private func commitPins(_ plan: Plan, project: Repository, branch: String, journal: IntegrationJournal) throws -> ObjectID {
        let work = project.workDirectory ?? plan.root + "/"
        let lockPath = (plan.podfilePath as NSString).deletingLastPathComponent + "/Podfile.lock"
        var files = [String(plan.podfilePath.dropFirst(work.count))]
        let lockChanged = journal.file(at: lockPath, root: plan.root).map { FileManager.default.contents(atPath: lockPath) != $0.original } ?? false
        if lockChanged { files.append(String(lockPath.dropFirst(work.count))) }
        let manifestRelative = plan.packageManifest.map { String($0.dropFirst(work.count)) }
        if let manifest = plan.packageManifest, let manifestRelative,
           FileManager.default.contents(atPath: manifest) != journal.file(at: manifest, root: plan.root)?.original {
            files.append(manifestRelative)
        }
        let message = IntegrationJournal.commitMessage(pins: plan.candidates.map { ($0.pin.name, $0.pin.version) })
        guard push else {
            try project.stage(files)
            return try project.commitIndex(message: message)
        }
        let pins = plan.candidates.map { PodPin(name: $0.pin.name, version: $0.pin.version) }
        let lockRelative = lockChanged ? String(lockPath.dropFirst(work.count)) : nil
        let lockBytes = lockChanged ? FileManager.default.contents(atPath: lockPath) : nil
        let result = try project.publish(branch: branch, to: "origin") { tipTree in
            guard let tipTree else { return nil }
            let podfile = try tipTree.blob(at: files[0])
            let edit = try PodfileEditor.pin(pins, in: [UInt8](podfile), path: files[0])
            var changes: [FileChange] = [.write(path: files[0], contents: Data(edit.bytes))]
            if let lockRelative, let lockBytes { changes.append(.write(path: lockRelative, contents: lockBytes)) }
            if let manifestRelative, let manifest = plan.packageManifest, let bytes = try? tipTree.blob(at: manifestRelative) {
                let pinned = try PackageSwiftPins.pinned(plan.candidates.map(\.pin), manifest: [UInt8](bytes), path: manifest,
                                                         sources: plan.stagedSources)
                changes.append(.write(path: manifestRelative, contents: Data(pinned)))
            }
            return PublishChange(tree: try project.tree(applying: changes, to: tipTree), message: message)
        }
        guard let commit = result.commit else { throw IntegrateError.notAGitProject(plan.root) }
        // The local branch follows when the pushed commit sits right on it; else the user pulls.
        let local = try project.referenceTarget("refs/heads/\(branch)")
        if result.changed, let local, try project.commit(commit).parents == [local] {
            try project.updateReference("refs/heads/\(branch)", to: commit, expecting: local, message: "compctl integrate")
            try project.stage(files)
        } else if result.changed {
            Console.note("origin/\(branch) had moved: the pins were re-applied on it and pushed; pull to update this checkout")
        }
        return commit
    }
}

/// Problems with pins found before anything changed, reported together.
struct PinProblems: Error, CustomStringConvertible {
    var messages: [String]
    var description: String { messages.joined(separator: "\nerror: ") }
}

/// A compile check that did not pass (the files already restored).
struct IntegratedFailure: Error {
    var integrated: IntegrateCommand.Integrated
    /// One word for the summary table: `failed`, `timed-out`, `killed`, `cancelled`.
    var word: String
}

/// One row of the several-projects summary.
struct ProjectOutcome: Encodable {
    var project: String
    var outcome: String
    var log: String?
}

/// The `integrate --json` document with several main projects.
struct ProjectsDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var projects: [ProjectOutcome]
    var published: [String]
}

/// The `integrate --json` document.
struct IntegrateDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var outcome: String
    var pins: [String: String]
    var published: [String]
    var commit: String?
    var log: String?

    init(outcome: String, plan: IntegrateCommand.Plan, published: [String], commit: String?, log: String?) {
        self.outcome = outcome
        pins = Dictionary(plan.candidates.map { ($0.pin.name, $0.pin.version) }, uniquingKeysWith: { a, _ in a })
        self.published = published
        self.commit = commit
        self.log = log
    }
}

import ArgumentParser
import CompileCheck
import Config
import Foundation
import Git
import Graph
import Integration
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
        let integrator = makeIntegrator(cache: plan.sources.cache)
        let integration = plan.integration
        if try integrator.isAlreadyIntegrated(integration) {
            // A second identical integrate (a retried CI job, a run after a recovery) is done.
            try reportAlreadyIntegrated(plan)
            return
        }
        try report(try await reportingIntegrationErrors { try await integrator.integrate(integration) }, of: plan)
    }

    /// Says that `plan` has nothing left to do.
    private func reportAlreadyIntegrated(_ plan: Plan) throws {
        if json {
            try JSONOutput.print(IntegrateDocument(outcome: "already-integrated", plan: plan, published: [], commit: nil, log: nil))
        } else {
            Console.out("\(plan.pinTexts) already integrated into \(DisplayPath.relative(plan.podfilePath))")
            Console.note("every version is published in \(plan.target.name) and pinned in the committed Podfile; nothing to do")
        }
    }

    /// Prints how one project's integrate ended (the failure's lines are printed already)
    /// and exits 1 when its check did not pass.
    private func report(_ outcome: IntegrateOutcome, of plan: Plan) throws {
        switch outcome {
        case let .failed(failure):
            if json {
                try? JSONOutput.print(IntegrateDocument(outcome: "\(failure.outcome.status)", plan: plan, published: [], commit: nil,
                                                        log: failure.outcome.logPath))
            }
            throw Exit.failure
        case let .passed(landed):
            if json {
                try JSONOutput.print(IntegrateDocument(outcome: "passed", plan: plan, published: landed.published,
                                                       commit: landed.commit.hex, log: landed.log))
                return
            }
            Console.out("integrated \(plan.pinTexts) into \(DisplayPath.relative(plan.podfilePath))")
            Console.note(landed.published.isEmpty ? "every version was already published" : "published \(landed.published.joined(separator: " ")) to \(plan.target.name)")
            Console.note("committed \(landed.commit.hex.prefix(8))\(push ? " and pushed" : ""); log: \(landed.log)")
        }
    }

    /// The integrator for this command line, publishing through `cache`.
    private func makeIntegrator(cache: SpecRepoCache) -> Integrator {
        Integrator(options: IntegrationOptions(push: push, maxRequeues: maxRequeues, timeout: timeout.map { .seconds($0) }),
                   delegate: ConsoleIntegrationDelegate(), publisher: SpecPublisher(cache: cache))
    }

    // MARK: - Preparing (nothing in the project changes here)

    /// Everything decided before the first change.
    struct Plan {
        var configuration: Configuration
        var podfilePath: String
        var root: String
        var check: Config.CheckCommand
        var candidates: [IntegrationCandidate]
        var target: SpecRepoTarget
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

        /// The pins as `PinPlanner` and `PackageSwiftPins` take them.
        var pinArguments: [PinArgument] { candidates.map { PinArgument(name: $0.pin.name, version: $0.pin.version) } }
        /// `NAME=VERSION …`, as given.
        var pinTexts: String { candidates.map(\.pin.text).joined(separator: " ") }

        /// What the Integration library executes: the plan's files, check and specs, with
        /// Package.swift pinned through the staged sources.
        var integration: IntegrationPlan {
            let command: CompileCheck.CheckCommand
            switch check {
            case .shell(let text): command = .shell(text)
            case .arguments(let arguments): command = .arguments(arguments)
            }
            let (pins, sources) = (pinArguments, stagedSources)
            return IntegrationPlan(
                root: root, podfile: podfilePath, packageManifest: packageManifest, candidates: candidates,
                target: target, check: command, stagedSpecRepo: staged, scratch: scratch,
                pinPackageManifest: { bytes, path in try PackageSwiftPins.pinned(pins, manifest: bytes, path: path, sources: sources) },
                access: access)
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
            pinned.request = PinPlanner.applying(pinArguments, to: inputs.request, addTo: nil)
            let resolution = try pinned.resolve(against: catalog, sources: stagedSources)
            return try checkerFor(catalog).problems(in: resolution.graph).filter { !before.contains($0.description) }
        }
    }

    private func prepare(podfilePath: String, configuration: Configuration) throws -> Plan {
        try PodfileInputs.requireFile(podfilePath)
        let root = PinCommand.projectRoot(of: podfilePath)
        let packageManifest = PackageSwiftPins.manifest(for: podfilePath, configuration: configuration)
        let access = try ProjectAccess(scope: Self.scope(root: root, podfile: podfilePath, configuration: configuration),
                                       timeout: .seconds(lockTimeout), delegate: ConsoleIntegrationDelegate())
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
            throw IntegrationError.notAGitProject(root)
        }
        try Self.requireCommittedManifests(project, files: Self.committedFiles(podfile: podfilePath, manifest: packageManifest))
        if push { try requireInStepWithOrigin(project) }

        let sources = try SpecSources(configuration: configuration)
        let located = try sources.locator.publishTarget(repoSource)
        let target = SpecRepoTarget(name: located.name, url: located.url)
        let opened = try sources.open(repoSource, depth: .versions)
        let scratch = try ScratchDirectory.make()
        do {
            guard let repository = opened.repository else { throw IntegrateError.noSpecRepo }
            var candidates: [IntegrationCandidate] = []
            for pin in pins {
                candidates.append(try candidate(for: pin.pin, in: repository, repoName: opened.name,
                                                configuration: configuration, scratch: scratch))
            }
            let staged = scratch + "/staged-specs.git"
            try Self.stage(candidates.compactMap(\.podspec), from: target.url, into: staged, name: target.name)

            let others = configuration.specRepos.map(\.name).filter { $0 != repoSource && $0 != opened.name }
            let stagedSources = try sources.sources([staged] + others)
            let originalSources = try sources.sources([repoSource] + others)
            let inputs = try PodfileInputs(path: podfilePath, sources: stagedSources, warnsOfUnfinishedIntegrate: false)
            let catalog = PodCatalog(providers: stagedSources.map(\.repository))
            let problems = try PinPlanner.versionProblems(pins, catalog: catalog)
            if !problems.isEmpty { throw PinProblems(messages: problems) }
            let edit = try PinPlanner.edit(pins, podfile: podfilePath, addTo: nil)
            if let packageManifest, let bytes = FileManager.default.contents(atPath: packageManifest) {
                // Refused now, before anything changes, if the manifest cannot take the pins.
                _ = try PackageSwiftPins.pinned(pins, manifest: [UInt8](bytes), path: packageManifest,
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
        for pin: ComponentPin, in repository: SpecRepository, repoName: String,
        configuration: Configuration, scratch: String
    ) throws -> IntegrationCandidate {
        let version = try Version(pin.version)
        let published = repository.versions(of: pin.root)
        if let podspec {
            let file = try PodspecFile.read(podspec)
            guard file.spec.name == pin.root, (try? Version(file.spec.version)) == version else {
                throw IntegrateError.podspecMismatch(path: podspec, expected: "\(pin.root) \(pin.version)",
                                                     found: "\(file.spec.name) \(file.spec.version)")
            }
            return IntegrationCandidate(pin: pin, podspec: published.contains(version) ? nil : file)
        }
        if published.contains(version) { return IntegrationCandidate(pin: pin, podspec: nil) }
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
            return IntegrationCandidate(pin: pin, podspec: PodspecFile(path: path, contents: contents, spec: spec))
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
            let specTree = tipTree.map { GitSpecTree(gitDirectory: repository.gitDirectory, rootTree: $0.id, location: staged) }
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
        let dirty = files.map { IntegrationJournal.relative(ProjectFiles.realPath($0) ?? $0, to: ProjectFiles.realPath(String(work.dropLast())) ?? work) }
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
                                               timeout: .seconds(lockTimeout), delegate: ConsoleIntegrationDelegate())
                access.release()
                if !hadJournal { Console.note("\(DisplayPath.relative(absolute)): no unfinished integrate; nothing to recover") }
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

    // MARK: - Several main projects

    /// Integrates into each main project in turn (the Integration library's policies),
    /// planning each here, then prints the summary table.
    private func integrateProjects(_ projects: [Project], configuration: Configuration) async throws {
        // Each project's journal lives in its Podfile's directory; two projects there would share it.
        let roots = projects.map { PinCommand.projectRoot(of: configuration.resolve(path: $0.podfile ?? "Podfile")) }
        if let shared = roots.first(where: { root in roots.filter { $0 == root }.count > 1 }) {
            let names = zip(projects, roots).filter { $0.1 == shared }.map(\.0.name)
            Console.error("main projects \(names.joined(separator: " and ")) have their Podfiles in one directory (\(shared)); "
                + "give each main project its own directory in compctl.yml, or integrate one with --podfile")
            throw Exit.failure
        }
        var scratches: [String] = []
        defer { for scratch in scratches { try? FileManager.default.removeItem(atPath: scratch) } }
        let podfiles = Dictionary(projects.map { ($0.name, configuration.resolve(path: $0.podfile ?? "Podfile")) }, uniquingKeysWith: { a, _ in a })
        // Plans one project, or prints why it cannot be integrated and says how it stopped.
        let planProject = { (label: String) throws -> (plan: Plan?, stopped: String) in
            let plan: Plan
            do {
                plan = try prepare(podfilePath: podfiles[label] ?? "Podfile", configuration: configuration)
            } catch {
                Console.error("\(label): \(error)")
                return (nil, "error")
            }
            scratches.append(plan.scratch)
            let problems = try plan.newProblems()
            for problem in problems { Console.error("\(label): new \(problem)") }
            return problems.isEmpty ? (plan, "") : (nil, "problems")
        }
        if dryRun {
            for project in projects {
                if let plan = try planProject(project.name).plan { printPlan(plan) } else if allOrNothing { break }
            }
            return
        }
        let sources = try reportingErrors { try SpecSources(configuration: configuration) }
        let result = try await reportingIntegrationErrors {
            try await makeIntegrator(cache: sources.cache).integrateEach(projects.map(\.name), allOrNothing: allOrNothing) { label in
                let (plan, stopped) = try planProject(label)
                return plan.map { .ready($0.integration) } ?? .stopped(outcome: stopped)
            }
        }
        try printSummary(result)
        if result.failed { throw Exit.failure }
    }

    /// What was published, then the table (or JSON) of the projects' outcomes.
    private func printSummary(_ result: SeveralProjectsResult) throws {
        if !result.published.isEmpty, let target = result.target {
            Console.note("published \(result.published.joined(separator: " ")) to \(target)")
        }
        if json {
            try JSONOutput.print(ProjectsDocument(projects: result.rows, published: result.published))
            return
        }
        let table = [["PROJECT", "OUTCOME", "LOG"]] + result.rows.map { [$0.project, $0.outcome, $0.log ?? "-"] }
        let widths = (0..<2).map { column in table.map { $0[column].count }.max() ?? 0 }
        Console.outRaw(table.map { row in
            row[0] + String(repeating: " ", count: widths[0] - row[0].count + 2)
                + row[1] + String(repeating: " ", count: widths[1] - row[1].count + 2) + row[2] + "\n"
        }.joined())
    }
}

/// Runs an integrate's `body`, printing an `IntegrationError`'s lines (errors, then notes)
/// and other errors as `error:` lines, with exit code 1. A compile check that cannot start
/// is left to ArgumentParser, as before.
func reportingIntegrationErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as IntegrationError {
        error.errors.forEach(Console.error)
        error.notes.forEach { Console.note($0) }
        throw Exit.failure
    } catch let error as CompileCheckError {
        throw error
    } catch let error as ExitCode {
        throw error
    } catch {
        Console.error("\(error)")
        throw Exit.failure
    }
}

/// Problems with pins found before anything changed, reported together.
struct PinProblems: Error, CustomStringConvertible {
    var messages: [String]
    var description: String { messages.joined(separator: "\nerror: ") }
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

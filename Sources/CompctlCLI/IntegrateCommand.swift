import ArgumentParser
import CompileCheck
import Config
import Foundation
import Git
import Graph
import Integration
import SpecRepo
import TextFormat

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

            With binary_repo in compctl.yml, the check builds the candidates and the pods under \
            development (dev_pods, --dev-pods) from source and takes every other private pod \
            whose version has a binary prebuilt: those `pod` lines get `:source => binary repo` \
            for the check only (kept in the journal and restored like the pins; the commit \
            carries the pins only, and Podfile.lock stays as it was). Each archive is downloaded \
            and its checksum compared with its spec first: a mismatch stops the integrate \
            before anything changes. --all-from-source builds every pod from source.

            With a binary channel in compctl.yml (binary_command, artifact_store, binary_repo), \
            each spec it published gets its binary once the integrate has landed, as `publish \
            --binary` builds, stores and publishes it (an rc gets none); a binary that cannot \
            be published is a warning, and the integrate stands. With several main projects, \
            every pod builds from source and no binary is published.

            With several `kind: main` projects in compctl.yml (and no --podfile) it integrates \
            into each in turn and prints a table: project, outcome, log. The specs are \
            published once, after the first project passes. --all-or-nothing checks every \
            project first and, if any fails, restores them all and publishes nothing; JSON: \
            {"schemaVersion": 1, "projects": [{"project", "outcome", "log"}], "published": [...]}.

            JSON: {"schemaVersion": 1, "outcome": "passed|failed|…", "pins": {…}, \
            "published": [...], "commit": "id or null", "log": "path"}.

            Swift packages: in a project that takes them (--package, package_swift in \
            compctl.yml, or ./Package.swift when there is no Podfile), NAME=VERSION names a \
            package by its identity at a tagged version. The project is resolved with the pins \
            as SwiftPM resolves it (a conflict exits 2), the package checks must find nothing \
            new, then the manifest gets `exact: "x.y.z"` and Package.resolved is rewritten from \
            the whole resolution (format 3 with originHash), journalled like the Podfile, and the \
            compile check runs (with COMPCTL_COMPONENTS set; a real `swift build` is a good \
            one). A pass commits both files; a failure restores them byte for byte (exit 1). \
            Nothing is published: a package's release is its tag.
            """ + CommandExamples.section("integrate")
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

    @Option(name: .customLong("push-branch"), help: ArgumentHelp(
        "Commit the pins on this new branch and push it, for a pull request (protected main branches).",
        valueName: "name"))
    var pushBranch: String?

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

    @Flag(name: .customLong("all-from-source"), help: "With a binary channel: build every pod from source in the check.")
    var allFromSource = false

    @OptionGroup var devPods: DevPodsOption
    @OptionGroup var packageOptions: PackageOptions
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
        if push && pushBranch != nil {
            throw ValidationError("--push pushes to the checked-out branch and --push-branch to a new one; give one")
        }
        if let pushBranch, !Repository.isValidBranchName(pushBranch) {
            throw ValidationError("--push-branch: '\(pushBranch)' is not a valid branch name")
        }
    }

    func run() async throws {
        let configuration = try reportingErrors { try config.load() }
        if recover {
            if let project = try packageOnlyProject(configuration) {
                try recoverPackages(project, configuration: configuration)
            } else {
                try recoverProjects(configuration: configuration)
            }
            return
        }
        if let project = try packageOnlyProject(configuration) {
            try await integratePackages(into: project, configuration: configuration)
            return
        }
        let mains = podfile == nil ? IntegrationPlanner.mainProjects(of: configuration) : []
        if mains.count > 1 {
            try await integrateProjects(mains, configuration: configuration)
            return
        }
        let (planner, sources) = try reportingErrors { try makePlanner(configuration) }
        var prepared = try explainingPackageConflicts {
            try planner.plan(podfile: IntegrationPlanner.podfile(explicit: podfile, configuration: configuration))
        }
        defer { try? FileManager.default.removeItem(atPath: prepared.plan.scratch) }
        let problems = try newProblems(of: prepared)
        if !problems.isEmpty {
            for problem in problems { Console.error("new \(problem)") }
            Console.note("nothing was changed: the integrate would add \(problems.count) problem\(problems.count == 1 ? "" : "s") "
                + "to \(prepared.plan.mainManifest)")
            throw Exit.problems
        }
        try reportingErrors { try prepareBinaryCheck(&prepared, configuration: configuration) }
        if dryRun {
            printPlan(prepared)
            return
        }
        let integrator = makeIntegrator(cache: sources.cache)
        let outcome = try await reportingIntegrationErrors { try await integrator.integrate(prepared.plan) }
        try report(outcome, of: prepared)
        if case let .passed(landed) = outcome {
            await publishBinaries(of: prepared.plan, published: landed.published, configuration: configuration)
        }
    }

    /// The planner for this command line, and the spec repos it reads.
    private func makePlanner(_ configuration: Configuration) throws -> (IntegrationPlanner, SpecSources) {
        let sources = try SpecSources(configuration: configuration)
        let request = IntegrationRequest(
            pins: pins.map(\.pin), podspec: podspec, checkCommand: checkCommand, repo: repo, push: push,
            pushBranch: pushBranch, allowRC: allowRC, lockTimeout: .seconds(lockTimeout))
        return (IntegrationPlanner(request: request, configuration: configuration, sources: sources,
                                   delegate: ConsoleIntegrationDelegate()), sources)
    }

    /// The graph checks' problems that the pins add; a conflict is explained and exits 2.
    private func newProblems(of prepared: PreparedIntegration) throws -> [GraphProblem] {
        try explainingConflicts(of: prepared.inputs.path, sources: prepared.stagedSources) { try prepared.newProblems() }
    }

    /// Prints how one project's integrate ended (a failure's lines are printed already)
    /// and exits 1 when its check did not pass.
    private func report(_ outcome: IntegrateOutcome, of prepared: PreparedIntegration) throws {
        if json { try IntegrateDocument.print(outcome, pins: prepared.pins) }
        let (pins, podfile, target) = (prepared.pinTexts, DisplayPath.relative(prepared.plan.mainManifest), prepared.plan.target.name)
        switch outcome {
        case .failed:
            throw Exit.failure
        case .alreadyIntegrated where !json:
            Console.out("\(pins) already integrated into \(podfile)")
            Console.note("every version is published in \(target) and pinned in the committed Podfile; nothing to do")
        case let .passed(landed) where !json:
            Console.out("integrated \(pins) into \(podfile)")
            Console.note(landed.published.isEmpty ? "every version was already published"
                : "published \(landed.published.joined(separator: " ")) to \(target)")
            let commit = landed.commit.hex.prefix(8)
            Console.note((pushBranch.map { "committed \(commit) on \($0) and pushed branch \($0); open a pull request from it" }
                ?? "committed \(commit)\(push ? " and pushed" : "")") + "; log: \(landed.log)")
        case .alreadyIntegrated, .passed:
            break
        }
    }

    /// The integrator for this command line, publishing through `cache`.
    private func makeIntegrator(cache: SpecRepoCache) -> Integrator {
        Integrator(options: IntegrationOptions(push: push, pushBranch: pushBranch, maxRequeues: maxRequeues,
                                               timeout: timeout.map { .seconds($0) }),
                   delegate: ConsoleIntegrationDelegate(), publisher: SpecPublisher(cache: cache))
    }

    /// `integrate --recover`: takes each main project's lock and recovers its journal.
    private func recoverProjects(configuration: Configuration) throws {
        for path in IntegrationPlanner.podfilesToRecover(explicit: podfile, configuration: configuration) {
            try reportingErrors {
                let hadJournal = try IntegrationPlanner.recover(podfile: path, configuration: configuration,
                                                                timeout: .seconds(lockTimeout), delegate: ConsoleIntegrationDelegate())
                if !hadJournal { Console.note("\(DisplayPath.relative(path)): no unfinished integrate; nothing to recover") }
            }
        }
    }

    private func printPlan(_ prepared: PreparedIntegration) {
        let (plan, changes) = (prepared.plan, prepared.edit.changes.count)
        Console.out("integrate into \(plan.mainManifest) (dry run, nothing changed):")
        for candidate in plan.candidates {
            let action = candidate.podspec.map { "publish \($0.path) to \(plan.target.name)" } ?? "already published in \(plan.target.name)"
            Console.out("  \(candidate.pin.name) \(candidate.pin.version): \(action)")
        }
        Console.out("  pin the Podfile (\(changes) change\(changes == 1 ? "" : "s")), run the compile check, then "
            + (pushBranch.map { "commit on a new branch \($0) and push it" } ?? (push ? "commit and push" : "commit")))
    }

    // MARK: - Several main projects

    /// Integrates into each main project in turn (the Integration library's policies),
    /// printing why a project cannot be planned or what new problems it would have, then
    /// prints the summary table.
    private func integrateProjects(_ projects: [Project], configuration: Configuration) async throws {
        let (planner, sources) = try reportingErrors { try makePlanner(configuration) }
        let plans = try reportingErrors { try SeveralProjectsPlanner(projects, configuration: configuration, planner: planner) }
        defer { plans.removeScratches() }
        let planProject = { (name: String) throws -> (prepared: PreparedIntegration?, planning: ProjectPlanning) in
            switch plans.plan(name) {
            case let .unplannable(errors, notes):
                errors.forEach { Console.error("\(name): \($0)") }
                notes.forEach { Console.note($0) }
                return (nil, .unplanned)
            case let .planned(prepared):
                let problems = try newProblems(of: prepared)
                for problem in problems { Console.error("\(name): new \(problem)") }
                return problems.isEmpty ? (prepared, .ready(prepared.plan)) : (nil, .addsProblems)
            }
        }
        if dryRun {
            for project in projects {
                if let prepared = try planProject(project.name).prepared { printPlan(prepared) } else if allOrNothing { break }
            }
            return
        }
        let result = try await reportingIntegrationErrors {
            try await makeIntegrator(cache: sources.cache).integrateEach(projects.map(\.name), allOrNothing: allOrNothing) {
                try planProject($0).planning
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
        Console.outRaw(TextTable([["PROJECT", "OUTCOME", "LOG"]] + result.rows.map { [$0.project, $0.outcome, $0.log ?? "-"] })
            .plainText())
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import BinaryChannel
import Config
import Graph
import Integration
import SpecRepo
import SwiftPackages

extension GraphFormat: ExpressibleByArgument {}

/// `compctl graph [--podfile PATH] [--source SOURCE…] [--format F] [--check] [--affected NAME]`:
/// the dependency graph, its problems, and what a change affects.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print, check or query the dependency graph of the spec repos or of a Podfile.",
        discussion: """
            Without --podfile the graph holds the newest release of every pod in the spec \
            repos; with it, the pods the Podfile resolves to and the Podfile's targets. Swift \
            packages are in it too: the newest release of every component package (compctl.yml's \
            packages and what the main projects' Package.swift names), or with --package the \
            packages a Package.swift resolves to. Their checks follow SwiftPM's rules: a \
            prerelease counts only where a bound names one, and an rc leaks when a project gets \
            it through a component that names it.

            --check lists every problem, one a line as `kind: explanation`, by kind: cycles \
            (with one concrete path), unsatisfiable requirements, version skew (naming both \
            consumers), layer breaches (the layers of compctl.yml), rc leaks, interface-rule \
            breaches and pods shadowed by another source. Exit 2 when there is any problem, \
            else a one-line OK and exit 0. Unmanaged (public) pods never cause a problem.

            --affected NAME prints the pods that depend on NAME, directly or not, in waves: a \
            wave depends on NAME only through earlier waves, so the pods of one wave can be \
            rebuilt in parallel; wave 0 is NAME itself. --format github-matrix prints them as a GitHub Actions matrix.

            Formats: text, dot (Graphviz: compctl graph --format dot | dot -Tsvg -o graph.svg), \
            mermaid, json ({"schemaVersion": 1, "scope", "pods", "edges", "problems", \
            "affected", "warnings"}; the graph itself is left out with --check or --affected) \
            and github-matrix ({"include": [{"wave": 0, "pods": [NAME]}, {"wave": 1, "pods": […]}, …]}, with --affected). \
            With dot, mermaid and github-matrix the problems of --check go to stderr.
            """ + CommandExamples.section("graph")
    )

    @Option(help: ArgumentHelp("Graph what this Podfile resolves to instead of the spec repos' newest releases.",
                               valueName: "path"))
    var podfile: String?

    @OptionGroup var packageOptions: PackageOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var devPods: DevPodsOption
    @OptionGroup var config: ConfigOptions

    @Option(help: ArgumentHelp(
        "text, dot, mermaid, github-matrix (with --affected), or github or gitlab (CI findings, with --check); "
            + "JSON is --json, as in every command (--format json is its old spelling).",
        valueName: "format"))
    var format: GraphFormat?

    @Flag(help: "Print one JSON document.")
    var json = false

    @Flag(help: "List every problem of the graph; exit 2 when there is any.")
    var check = false

    @Option(help: ArgumentHelp("Print the pods that depend on this pod, in waves.", valueName: "name"))
    var affected: String?

    func validate() throws {
        if json, let format, format != .json {
            throw ValidationError("--json and --format \(format.rawValue) disagree; give one of them")
        }
        if outputFormat == .github || outputFormat == .gitlab, !check {
            throw ValidationError("--format \(outputFormat.rawValue) lists the problems of --check; add --check")
        }
        if outputFormat == .githubMatrix, affected == nil {
            throw ValidationError("--format github-matrix lists the waves of --affected NAME; add --affected")
        }
        if affected != nil, outputFormat == .dot || outputFormat == .mermaid {
            throw ValidationError("--affected prints waves, which \(outputFormat.rawValue) cannot show; "
                + "use --format text, json or github-matrix")
        }
    }

    private var outputFormat: GraphFormat {
        json ? .json : format ?? .text
    }

    /// The package side of the graph: its graph, its problems, and how to name it.
    private struct PackageSide {
        var graph: DependencyGraph
        var problems: [GraphProblem]
        var description: String
    }

    func run() throws {
        let configuration = try reportingErrors { try config.load() }
        let packageSide = try packages(configuration)
        // A project that takes only packages reads no spec repo.
        let readsPods = podfile != nil || packageOptions.path == nil
            && (!configuration.specRepos.isEmpty || !sourceOptions.sources.isEmpty || packageSide == nil)
        if !readsPods, let packageSide {
            try finish(graph: packageSide.graph, warnings: [], problems: check ? packageSide.problems : nil,
                       inputs: nil, described: packageSide.description, configuration: configuration)
            return
        }
        let specSources = try reportingErrors { () throws -> SpecSources in
            if let podfile { try PodfileInputs.requireFile(podfile) }
            return try SpecSources(configuration: configuration, offline: sourceOptions.offline)
        }
        // With a Podfile, its sources as `resolve` reads them; without, the private sources
        // only: the newest releases of their pods, never a walk through trunk.
        let inputs = try podfile.map { path in
            try reportingErrors {
                try PodfileInputs.read(path: path, specSources: specSources, commandLine: sourceOptions.sources,
                                       revalidatesInBackground: true)
            }
        }
        let sources = try inputs?.sources ?? reportingErrors {
            try specSources.privateSources(
                sourceOptions.sources, podfile: PodfileInputs.defaultPath(explicit: nil, configuration: configuration))
        }
        inputs?.warnings.forEach(Console.warning)

        let catalog = PodCatalog(providers: sources.map(\.provider))
        var graph: DependencyGraph
        let warnings: [GraphWarning]
        if let inputs {
            let resolution = try inputs.resolve(against: catalog, sources: sources)
            graph = resolution.graph
            warnings = resolution.warnings
            ResolutionWarnings.printUnmanaged(resolution.unmanaged, fallback: inputs.trunkFallback)
            graph = try withChannels(graph, resolution: resolution, sources: sources, configuration: configuration)
        } else {
            (graph, warnings) = try reportingErrors { try catalog.newestReleaseGraph() }
        }
        let twins = BinaryChannelView.twinNames(configuration: configuration, sources: sources)
        ResolutionWarnings.printWarnings(warnings, inputs: inputs, sources: sources, twins: twins)

        if check {
            // Layers of compctl.yml that the spec repos' pods show to be mistaken.
            let pods = sources.compactMap(\.repository).flatMap { $0.podNames() }
            configuration.layerWarnings(pods: pods).forEach { Console.warning($0.description) }
        }
        var problems = check
            ? try reportingErrors {
                var checker = GraphChecker(catalog: catalog, configuration: configuration)
                checker.twinSources = twins
                return try checker.problems(in: graph)
            }
            : nil
        if check, inputs == nil {
            problems? += try trunkShadowing(of: graph, specSources: specSources)
        }
        var described = describe(graph, inputs: inputs)
        if inputs == nil, let packageSide {
            described = "the newest releases of \(Self.count(graph.nodes.count, "pod")) and \(packageSide.description.dropFirst("the newest releases of ".count))"
            graph = DependencyGraph(scope: .repository, nodes: graph.nodes + packageSide.graph.nodes,
                                    edges: graph.edges + packageSide.graph.edges)
            problems = problems.map { $0 + packageSide.problems }
        }
        try finish(graph: graph, warnings: warnings, problems: problems, inputs: inputs, described: described,
                   configuration: configuration)
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// The Swift packages to graph: with --package that project's resolution, else (without
    /// --podfile) the newest releases of the component packages; nil when there are none.
    private func packages(_ configuration: Configuration) throws -> PackageSide? {
        guard podfile == nil else { return nil }
        let provider = try reportingErrors { try PackageCommands.provider() }
        let checker = PackageCommands.checker(configuration)
        if let path = packageOptions.path {
            let project = try reportingErrors { try MainManifests.load(path) }
            let resolution = try PackageCommands.resolve(project, provider: provider)
            let root = try reportingErrors { try project.root() }
            let declarer = PackageCommands.declarer(project)
            let graph = PackageGraphs.resolved(resolution, root: root, declarer: declarer)
            let problems = check ? try reportingErrors { try checker.problems(resolution: resolution, root: root, declarer: declarer) } : []
            return PackageSide(graph: graph, problems: problems,
                               description: "the resolved graph of \(project.displayPath) (\(Self.count(graph.nodes.count, "package")))")
        }
        guard let components = try reportingErrors({ try PackageCommands.components(configuration, provider: provider) }) else {
            return nil
        }
        let problems = check ? try reportingErrors { try checker.problems(newest: components) } : []
        return PackageSide(graph: PackageGraphs.newestReleases(components), problems: problems,
                           description: "the newest releases of \(Self.count(components.components.count, "package"))")
    }

    /// Finds the waves of --affected and prints the report; exit 2 with problems.
    private func finish(graph: DependencyGraph, warnings: [GraphWarning], problems: [GraphProblem]?, inputs: PodfileInputs?,
                        described: String, configuration: Configuration) throws {
        let waves = try affected.map { name in
            try reportingErrors {
                do {
                    // A package is named by its identity, in any case (`Net` is `net`).
                    let known = graph.node(named: name) != nil ? name : graph.nodes.first { $0.name == name.lowercased() }?.name ?? name
                    return try graph.affected(by: known)
                } catch GraphError.unknownPod {
                    throw CommandError.unknownPod(name, graph: described)
                }
            }
        }
        if let waves, waves.waves.isEmpty {
            Console.note("note: nothing depends on \(waves.pod); only \(waves.pod) itself is affected")
        }
        var report = GraphReport(
            graph: graph, includesGraph: !check && affected == nil, problems: problems, affected: waves,
            warnings: warnings)
        report.checkedFile = podfile ?? packageOptions.path ?? DisplayPath.relative(config.path ?? configuration.directory + "/compctl.yml")
        try reportingErrors { try write(report, described: described) }
        if let problems, !problems.isEmpty { throw Exit.problems }
    }

    /// `graph` with each private pod's channel, as `resolve` says it, when compctl.yml names
    /// a binary repo; the pods that come from source only because their version has no binary
    /// are named on stderr, as `resolve` names them.
    private func withChannels(_ graph: DependencyGraph, resolution: Resolution, sources: [SpecRepoSource],
                              configuration: Configuration) throws -> DependencyGraph {
        let reported = try reportingErrors {
            try BinaryChannelView.reportedChannels(
                of: resolution, configuration: configuration, sources: sources, devPods: devPods.pods(configuration),
                offline: sourceOptions.offline, notes: true)
        }
        guard let channels = reported else { return graph }
        let byPod = Dictionary(channels.map { ($0.pod, $0.text) }, uniquingKeysWith: { first, _ in first })
        var graph = graph
        for index in graph.nodes.indices {
            graph.nodes[index].channel = byPod[graph.nodes[index].name]
        }
        return graph
    }

    /// The private pods of `graph` that trunk holds too, when trunk is read: any Podfile that
    /// reads trunk may get trunk's pod of that name instead (dependency confusion).
    private func trunkShadowing(of graph: DependencyGraph, specSources: SpecSources) throws -> [GraphProblem] {
        guard case let .on(url) = specSources.trunk else { return [] }
        let opened = try reportingErrors {
            try specSources.locator.sources(SourcePlan(sources: [PlannedSource(argument: url, isTrunk: true)]))
        }
        guard let trunk = opened.sources.first else {
            Console.note("note: trunk cannot be read (\(opened.trunkUnread ?? "unknown")), so the check does not know "
                + "which private pods trunk also holds")
            return []
        }
        return try reportingErrors { try GraphChecker.trunkShadowing(in: graph, trunk: trunk.provider) }
    }

    /// Prints the report in the chosen format; `--check` in text is printed here, one
    /// problem a line, with a one-line OK when there is none.
    private func write(_ report: GraphReport, described: String) throws {
        switch outputFormat {
        case .text:
            var text = ""
            if let problems = report.problems {
                if problems.isEmpty {
                    text += "OK: no problems in \(described)\n"
                } else {
                    for problem in problems {
                        text += Console.paint(problem.kind.rawValue + ":", .red, fd: STDOUT_FILENO) + " " + problem.message + "\n"
                    }
                    Console.note("\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(described)")
                }
            }
            var rest = report
            rest.problems = nil
            text += try TextGraphFormatter().format(rest)
            Console.outRaw(text)
        case .json:
            Console.outRaw(try JSONGraphFormatter().format(report))
        case .github, .gitlab:
            Console.outRaw(try outputFormat.formatter.format(report))
        case .dot, .mermaid, .githubMatrix:
            Console.outRaw(try outputFormat.formatter.format(report))
            for problem in report.problems ?? [] {
                Console.error(problem.description)
            }
        }
    }

    /// `the newest releases of 25 pods` or `the resolved graph of Podfile (26 pods)`.
    private func describe(_ graph: DependencyGraph, inputs: PodfileInputs?) -> String {
        let count = "\(graph.nodes.count) pod\(graph.nodes.count == 1 ? "" : "s")"
        if let inputs { return "the resolved graph of \(inputs.path) (\(count))" }
        return "the newest releases of \(count)"
    }
}

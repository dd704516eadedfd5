#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Config
import Graph
import Integration
import SpecRepo

extension GraphFormat: ExpressibleByArgument {}

/// `compctl graph [--podfile PATH] [--source SOURCE…] [--format F] [--check] [--affected NAME]`:
/// the dependency graph, its problems, and what a change affects.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print, check or query the dependency graph of the spec repos or of a Podfile.",
        discussion: """
            Without --podfile the graph holds the newest release of every pod in the spec \
            repos; with it, the pods the Podfile resolves to and the Podfile's targets.

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

    @OptionGroup var sourceOptions: SourceOptions
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

    func run() throws {
        let (configuration, specSources) = try reportingErrors { () throws -> (Configuration, SpecSources) in
            let configuration = try config.load()
            if let podfile { try PodfileInputs.requireFile(podfile) }
            return (configuration, try SpecSources(configuration: configuration, offline: sourceOptions.offline))
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
        let graph: DependencyGraph
        let warnings: [GraphWarning]
        if let inputs {
            let resolution = try inputs.resolve(against: catalog, sources: sources)
            graph = resolution.graph
            warnings = resolution.warnings
            ResolutionWarnings.printUnmanaged(resolution.unmanaged, fallback: inputs.trunkFallback)
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
        let waves = try affected.map { name in
            try reportingErrors {
                do {
                    return try graph.affected(by: name)
                } catch GraphError.unknownPod {
                    throw CommandError.unknownPod(name, graph: describe(graph, inputs: inputs))
                }
            }
        }
        if let waves, waves.waves.isEmpty {
            Console.note("note: nothing depends on \(waves.pod); only \(waves.pod) itself is affected")
        }
        var report = GraphReport(
            graph: graph, includesGraph: !check && affected == nil, problems: problems, affected: waves,
            warnings: warnings)
        report.checkedFile = podfile ?? DisplayPath.relative(config.path ?? configuration.directory + "/compctl.yml")
        try reportingErrors { try write(report, graph: graph, inputs: inputs) }
        if let problems, !problems.isEmpty { throw Exit.problems }
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
    private func write(_ report: GraphReport, graph: DependencyGraph, inputs: PodfileInputs?) throws {
        switch outputFormat {
        case .text:
            var text = ""
            if let problems = report.problems {
                if problems.isEmpty {
                    text += "OK: no problems in \(describe(graph, inputs: inputs))\n"
                } else {
                    for problem in problems {
                        text += Console.paint(problem.kind.rawValue + ":", .red, fd: STDOUT_FILENO) + " " + problem.message + "\n"
                    }
                    Console.note("\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(describe(graph, inputs: inputs))")
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

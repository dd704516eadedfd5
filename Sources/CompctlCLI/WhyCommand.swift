import ArgumentParser
import Graph
import Integration

/// `compctl why NAME [--podfile PATH] [--source SOURCE…] [--json]`: every path from the main
/// project's targets to a pod.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show every path from the Podfile's targets to a pod, with each requirement.",
        discussion: """
            Resolves the Podfile, then prints one line per path from a target to NAME, e.g. \
            `target 'AcmeApp' → XXCart (= 1.2.1) → XXPay (~> 2.0)`: each step names the pod \
            depended on and the requirement stated for it. A path visits a pod at most once; \
            after 1,000 paths the rest are counted, not printed.

            JSON: {"schemaVersion": 1, "scope": "podfile", "why": {"pod", "version", \
            "paths": [{"start", "steps": [{"to", "dependency", "requirements"}]}], "truncated"}, \
            "warnings": […]}.
            """ + CommandExamples.section("why")
    )

    @Argument(help: ArgumentHelp("The pod (a root name; Foo/Bar means Foo).", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp(
        "The Podfile (default: the main project's in compctl.yml, else ./Podfile).", valueName: "path"))
    var podfile: String?

    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    func validate() throws {
        if name.isEmpty || name.hasPrefix("/") {
            throw ValidationError("'\(name)' is not a pod name")
        }
    }

    func run() throws {
        let (inputs, sources, _) = try reportingErrors {
            try PodfileInputs.load(podfile: podfile, sources: sourceOptions, config: config, revalidatesInBackground: true)
        }
        inputs.warnings.forEach(Console.warning)

        let resolution = try inputs.resolve(against: PodCatalog(providers: sources.map(\.provider)), sources: sources)
        ResolutionWarnings.printWarnings(resolution.warnings, inputs: inputs, sources: sources)
        let pod = name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
        let why = try reportingErrors {
            do {
                return try resolution.graph.why(pod)
            } catch GraphError.unknownPod {
                let count = resolution.graph.nodes.count
                throw CommandError.unknownPod(
                    pod, graph: "the resolved graph of \(inputs.path) (\(count) pod\(count == 1 ? "" : "s"))")
            }
        }
        let report = GraphReport(graph: resolution.graph, includesGraph: false, why: why, warnings: resolution.warnings)
        let formatter: any GraphFormatter = json ? JSONGraphFormatter() : TextGraphFormatter()
        Console.outRaw(try reportingErrors { try formatter.format(report) })
    }
}

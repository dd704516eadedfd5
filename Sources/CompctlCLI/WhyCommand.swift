import ArgumentParser
import Graph
import Integration
import SwiftPackages

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

            In a project that takes Swift packages (--package, package_swift, or ./Package.swift \
            when there is no Podfile), NAME may be a package, named by its identity in any case: \
            `package 'app' → net (from 1.0.0) → core (from 1.0.0)`.
            """ + CommandExamples.section("why")
    )

    @Argument(help: ArgumentHelp("The pod (a root name; Foo/Bar means Foo).", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp(
        "The Podfile (default: the main project's in compctl.yml, else ./Podfile).", valueName: "path"))
    var podfile: String?

    @OptionGroup var packageOptions: PackageOptions
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
        let manifests = try reportingErrors {
            try MainManifests.choose(podfile: podfile, package: packageOptions.path, configuration: try config.load())
        }
        // A project with a Podfile too: NAME is a pod first, and a package when the Podfile's
        // graph has no such pod.
        if manifests.podfile != nil, try whyPod(podfile: manifests.podfile, fallingBack: manifests.package != nil) {
            return
        }
        guard let project = manifests.package else { return }
        let provider = try reportingErrors { try PackageCommands.provider() }
        let resolution = try PackageCommands.resolve(project, provider: provider)
        let identity = PackageIdentity(name: name)
        let root = try reportingErrors { try project.root() }
        let graph = PackageGraphs.resolved(resolution, root: root, declarer: PackageCommands.declarer(project))
        let why = try reportingErrors {
            do {
                return try graph.why(identity.description)
            } catch GraphError.unknownPod {
                throw CommandError("no package '\(name)' in the resolved graph of \(project.displayPath) "
                    + "(\(graph.nodes.count) package\(graph.nodes.count == 1 ? "" : "s")); give a package identity, such as the last part of its URL")
            }
        }
        let report = GraphReport(graph: graph, includesGraph: false, why: why, warnings: [])
        let formatter: any GraphFormatter = json ? JSONGraphFormatter() : TextGraphFormatter()
        Console.outRaw(try reportingErrors { try formatter.format(report) })
    }

    /// Prints every path to the pod NAME in the Podfile's graph; returns false (printing
    /// nothing) when the graph has no such pod and `fallingBack` (the packages are asked next).
    private func whyPod(podfile: String?, fallingBack: Bool) throws -> Bool {
        let (inputs, sources, _) = try reportingErrors {
            try PodfileInputs.load(podfile: podfile, sources: sourceOptions, config: config, revalidatesInBackground: true)
        }
        inputs.warnings.forEach(Console.warning)

        let resolution = try inputs.resolve(against: PodCatalog(providers: sources.map(\.provider)), sources: sources)
        ResolutionWarnings.printWarnings(resolution.warnings, inputs: inputs, sources: sources)
        let pod = name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
        if fallingBack, resolution.graph.node(named: pod) == nil { return false }
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
        return true
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Graph
import Integration
import TextFormat

/// `compctl resolve [--podfile PATH] [--source SOURCE…] [--json]`: the version of every pod
/// the Podfile needs, or why there is none.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a Podfile against its sources (spec repos, CDN sources, trunk).",
        discussion: """
            Prints `Name<TAB>version` for every pod the Podfile needs, sorted by name (aligned \
            with spaces on a terminal), as CocoaPods would resolve it (highest allowed version; \
            an rc only when a requirement names one; subspecs; the Podfile's platform), against \
            the sources `pod install` reads: the Podfile's `source` lines (trunk when it names \
            none) as compctl.yml maps them, or --source. When trunk cannot be read (trunk: off, \
            COMPCTL_TRUNK=off, offline or unreachable without a cached copy), public pods are \
            unmanaged: taken at the version of the Podfile.lock beside the Podfile, with a \
            warning. A private pod the resolution would take from trunk is an error (exit 2).

            On a conflict it explains which requirements clash and who states each one, and \
            exits 2. Lines of the Podfile it cannot evaluate are warnings that name the line.

            JSON: {"schemaVersion": 1, "pods": {"Name": "version"}, \
            "unmanaged": {"Name": "locked version or null"}}; on a conflict also \
            "conflict": "the explanation".
            """ + CommandExamples.section("resolve")
    )

    @Option(help: ArgumentHelp(
        "The Podfile (default: the main project's in compctl.yml, else ./Podfile).", valueName: "path"))
    var podfile: String?

    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    func run() throws {
        let (inputs, sources, _) = try reportingErrors {
            try PodfileInputs.load(podfile: podfile, sources: sourceOptions, config: config, revalidatesInBackground: true)
        }
        inputs.warnings.forEach(Console.warning)

        let resolution = try inputs.resolve(against: PodCatalog(providers: sources.map(\.provider)), sources: sources) { explanation in
            if json { try? JSONOutput.print(ResolveDocument(conflict: explanation)) }
        }
        ResolutionWarnings.printWarnings(resolution.warnings, inputs: inputs, sources: sources)
        ResolutionWarnings.printUnmanaged(resolution.unmanaged, fallback: inputs.trunkFallback, notes: !json)
        if json {
            try JSONOutput.print(ResolveDocument(resolution))
            return
        }
        // Scripts get `Name<TAB>version`; a person at a terminal gets aligned columns.
        if isatty(STDOUT_FILENO) == 1 {
            Console.outRaw(TextTable(resolution.pods.map { [$0.name, "\($0.version)"] }).plainText())
        } else {
            Console.outRaw(resolution.pods.map { "\($0.name)\t\($0.version)\n" }.joined())
        }
    }
}

/// The `resolve --json` document.
struct ResolveDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var pods: [String: String]
    var unmanaged: [String: String?]
    var conflict: String?

    init(_ resolution: Resolution) {
        pods = Dictionary(uniqueKeysWithValues: resolution.pods.map { ($0.name, $0.version.description) })
        unmanaged = Dictionary(uniqueKeysWithValues: resolution.unmanaged.map { ($0.name, $0.lockedVersion?.description) })
    }

    init(conflict: String) {
        pods = [:]
        unmanaged = [:]
        self.conflict = conflict
    }
}

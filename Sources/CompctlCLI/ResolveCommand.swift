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
        abstract: "Resolve a Podfile against the private spec repos.",
        discussion: """
            Prints `Name<TAB>version` for every pod the Podfile needs from the spec repos, \
            sorted by name (aligned with spaces on a terminal): the versions `pod install` \
            resolves, with CocoaPods' own search (its decision order, newest first, an rc only \
            when a requirement names one, subspecs, the Podfile's platform, no cycles). The \
            Podfile.lock beside the Podfile is honoured as `pod install` honours it: locked pods \
            keep their versions unless their Podfile dependency changed. `--update` answers \
            `pod update` instead: every pod moves, or only the pods named after it (with the \
            dependencies only they use).

            Pods the Podfile.lock records that no spec repo compctl reads holds (public pods, \
            while compctl reads no trunk) are unmanaged: taken at their locked version with \
            their locked dependencies, listed on stderr. Other pods no spec repo holds are \
            unmanaged too when the Podfile names a source compctl does not read; otherwise \
            they fail the resolution, as in `pod install`.

            On a conflict, a cycle or a missing pod it explains why and exits 2. Lines of the \
            Podfile it cannot evaluate are warnings that name the line.

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

    @Flag(help: "Resolve as `pod update` does: every locked pod may move, or only the PODs given.")
    var update = false

    @Argument(help: ArgumentHelp("With --update, the pods to update (`pod update POD…`); none means all.", valueName: "pod"))
    var pods: [String] = []

    func validate() throws {
        if !pods.isEmpty && !update {
            throw ValidationError("pod names (\(pods.joined(separator: ", "))) go with --update: compctl resolve --update \(pods.joined(separator: " "))")
        }
    }

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    func run() throws {
        var (inputs, sources, _) = try reportingErrors {
            try PodfileInputs.load(podfile: podfile, sources: sourceOptions, config: config)
        }
        if update { inputs.request.update = pods.isEmpty ? .all : .pods(pods) }
        inputs.warnings.forEach(Console.warning)

        let resolution = try inputs.resolve(against: PodCatalog(providers: sources.map(\.repository)), sources: sources) { explanation in
            if json { try? JSONOutput.print(ResolveDocument(conflict: explanation)) }
        }
        ResolutionWarnings.printWarnings(resolution.warnings, inputs: inputs, sources: sources)
        if json {
            try JSONOutput.print(ResolveDocument(resolution))
            return
        }
        ResolutionWarnings.printUnmanaged(resolution.unmanaged)
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

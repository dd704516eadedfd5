#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import BinaryChannel
import Graph
import Integration
import SwiftPackages
import TextFormat

/// `compctl resolve [--podfile PATH] [--source SOURCE…] [--json]`: the version of every pod
/// the Podfile needs, or why there is none.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a Podfile against its sources (spec repos, CDN sources, trunk).",
        discussion: """
            Prints `Name<TAB>version` for every pod the Podfile needs, sorted by name (aligned \
            with spaces on a terminal): the versions `pod install` resolves, with CocoaPods' own \
            search (its decision order, newest first, an rc only when a requirement names one, \
            subspecs, the Podfile's platform, no cycles), against the sources `pod install` \
            reads: the Podfile's `source` lines (trunk when it names none) as compctl.yml maps \
            them, or --source. The Podfile.lock beside the Podfile is honoured as `pod install` \
            honours it: locked pods keep their versions unless their Podfile dependency changed. \
            `--update` answers `pod update` instead: every pod moves, or only the pods named \
            after it (with the dependencies only they use).

            When trunk cannot be read (trunk: off, COMPCTL_TRUNK=off, offline or unreachable \
            without a cached copy), public pods are unmanaged: taken at the version of the \
            Podfile.lock with its locked dependencies, listed on stderr with the reason; other \
            pods no source read holds are unmanaged too then. When every source is read, a pod \
            none of them holds fails the resolution, as in `pod install`. A private pod the \
            resolution would take from trunk is an error (exit 2).

            On a conflict, a cycle or a missing pod it explains why and exits 2. Lines of the \
            Podfile it cannot evaluate are warnings that name the line.

            With a binary channel (binary_repo in compctl.yml), a third column says where each \
            private pod comes from: `binary` (its :source names the binary repo), or `source` \
            with why: `dev pod` (dev_pods, --dev-pods), `no binary of VERSION`, or `binary \
            available`. A pod under development that still comes from the binary repo is a \
            warning, and the pods without a binary are named on stderr.

            A main project that takes Swift packages (--package, the package_swift of \
            compctl.yml, or ./Package.swift when there is no Podfile) is resolved as \
            `swift package resolve` resolves it, from the packages' git tags read through \
            libgit2: `identity<TAB>version` for every package, the versions Package.resolved \
            pins kept while still allowed. Parts of a package's manifest that compctl cannot \
            read as literals are warnings naming the line.

            JSON: {"schemaVersion": 1, "pods": {"Name": "version"}, \
            "unmanaged": {"Name": "locked version or null"}, "packages": {"identity": "version"}}, \
            with a binary channel also "channels": {"Name": {"channel": "binary|source", \
            "chosen": "binary|source", "devPod": false, "hasBinary": true}}; on a conflict also \
            "conflict": "the explanation".
            """ + CommandExamples.section("resolve")
    )

    @Option(help: ArgumentHelp(
        "The Podfile (default: the main project's in compctl.yml, else ./Podfile).", valueName: "path"))
    var podfile: String?

    @OptionGroup var packageOptions: PackageOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var devPods: DevPodsOption
    @OptionGroup var config: ConfigOptions

    @Flag(help: "Resolve as `pod update` does: every locked pod may move, or only the PODs given.")
    var update = false

    @Argument(help: ArgumentHelp("With --update, the pods to update (`pod update POD…`); none means all.", valueName: "pod"))
    var pods: [String] = []

    @Flag(name: .customLong("channels"), help: ArgumentHelp(
        "With a binary channel, add each pod's channel as a third column when the output is no terminal "
            + "(a terminal always shows it; scripts otherwise get `Name<TAB>version`)."))
    var showsChannels = false

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    func run() throws {
        try Self.run(ResolveLine(self))
    }

    /// Runs the command line `line` says. `QuickPath` calls it without making the command:
    /// making it runs its property wrappers' initializers, whose name sets the runtime
    /// instantiates from their mangled names (0.6 M of an empty Podfile's 7.5 M
    /// instructions, issue 14).
    static func run(_ line: ResolveLine) throws {
        let pods = line.pods, update = line.update, json = line.json
        // Checked here, not in `validate()`: ArgumentParser validates before it reports an
        // unknown option, whose words would otherwise read as pod names (`--podfil Podfile`).
        if !pods.isEmpty && !update {
            throw ValidationError("pod names (\(pods.joined(separator: ", "))) go with --update: compctl resolve --update \(pods.joined(separator: " "))")
        }
        let configuration = try reportingErrors { try ConfigOptions.load(path: line.config) }
        let manifests = try reportingErrors {
            try MainManifests.choose(podfile: line.podfile, package: line.package, configuration: configuration)
        }
        var document = ResolveDocument()
        if let podfilePath = manifests.podfile {
            var inputs = try reportingErrors {
                try PodfileInputs.load(podfile: podfilePath, sources: line.sources, offline: line.offline,
                                       configuration: configuration, revalidatesInBackground: true)
            }
            let sources = inputs.sources
            if update { inputs.request.update = pods.isEmpty ? .all : .pods(pods) }
            inputs.warnings.forEach(Console.warning)

            let catalog = PodCatalog(providers: sources.map(\.provider))
            ProcessLifetime.keep((inputs, sources, catalog))
            let resolution = try inputs.resolve(against: catalog, sources: sources) { explanation in
                if json { try? JSONOutput.print(ResolveDocument(conflict: explanation)) }
            }
            ResolutionWarnings.printWarnings(resolution.warnings, inputs: inputs, sources: sources,
                                             twins: BinaryChannelView.twinNames(configuration: configuration, sources: sources))
            ResolutionWarnings.printUnmanaged(resolution.unmanaged, fallback: inputs.trunkFallback, notes: !json)
            let channels = try reportingErrors {
                try BinaryChannelView.reportedChannels(
                    of: resolution, configuration: configuration, sources: sources,
                    devPods: DevPodsOption.pods(line.devPods, configuration), offline: line.offline, notes: !json)
            }
            document.add(resolution)
            document.channels = channels.map(ResolveDocument.channels)
            if !json {
                // Scripts get `Name<TAB>version` (the command's contract), with `<TAB>channel` only
                // when they ask with --channels; a person at a terminal gets aligned columns, the
                // channel among them.
                let terminal = isatty(STDOUT_FILENO) == 1
                let byPod = Dictionary((channels ?? []).map { ($0.pod, $0.text) }, uniquingKeysWith: { first, _ in first })
                let rows = resolution.pods.map { pod in
                    [pod.name, "\(pod.version)"] + (channels == nil || !(terminal || line.showsChannels) ? [] : [byPod[pod.name] ?? "—"])
                }
                if terminal {
                    Console.outRaw(TextTable(rows).plainText())
                } else {
                    // Appended cell by cell: the generic `joined(separator:)` looks its
                    // collection's associated types up at run time on first use, some 300,000
                    // instructions, a tenth of an empty resolve.
                    var text = ""
                    for row in rows {
                        for (index, cell) in row.enumerated() {
                            if index > 0 { text += "\t" }
                            text += cell
                        }
                        text += "\n"
                    }
                    Console.outRaw(text)
                }
            }
        }
        if let project = manifests.package {
            let provider = try reportingErrors { try PackageCommands.provider() }
            let resolution = try PackageCommands.resolve(project, provider: provider) { explanation in
                if json { try? JSONOutput.print(ResolveDocument(conflict: explanation)) }
            }
            document.add(resolution)
            if !json { PackageCommands.printVersions(resolution) }
        }
        if json { try JSONOutput.print(document) }
    }
}

/// A `resolve` command line as plain values: what `ResolveCommand` runs, whether
/// ArgumentParser or `QuickPath` read the line.
struct ResolveLine: Equatable {
    var podfile: String?
    var package: String?
    var sources: [String] = []
    var offline = false
    var devPods: String?
    var config: String?
    var update = false
    var pods: [String] = []
    var showsChannels = false
    var json = false

    init() {}

    /// The line ArgumentParser read into `command`.
    init(_ command: ResolveCommand) {
        podfile = command.podfile
        package = command.packageOptions.path
        sources = command.sourceOptions.sources
        offline = command.sourceOptions.offline
        devPods = command.devPods.devPods
        config = command.config.path
        update = command.update
        pods = command.pods
        showsChannels = command.showsChannels
        json = command.json
    }
}

/// The `resolve --json` document.
struct ResolveDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var pods: [String: String] = [:]
    var unmanaged: [String: String?] = [:]
    /// Swift packages by identity; absent when the project takes no packages.
    var packages: [String: String]?
    /// Parts of package manifests compctl could not read.
    var flagged: [String]?
    var conflict: String?
    /// With a binary channel: each private pod's channel.
    var channels: [String: Channel]?

    struct Channel: Encodable {
        var channel: String
        var chosen: String
        var devPod: Bool
        var hasBinary: Bool
    }

    static func channels(_ channels: [PodChannel]) -> [String: Channel] {
        Dictionary(channels.map { ($0.pod, Channel(channel: $0.channel.rawValue, chosen: $0.chosen.rawValue,
                                                     devPod: $0.isDevPod, hasBinary: $0.hasBinary)) },
                   uniquingKeysWith: { first, _ in first })
    }

    init() {}

    init(_ resolution: Resolution) {
        add(resolution)
    }

    init(conflict: String) {
        self.conflict = conflict
    }

    mutating func add(_ resolution: Resolution) {
        pods = Dictionary(uniqueKeysWithValues: resolution.pods.map { ($0.name, $0.version.description) })
        unmanaged = Dictionary(uniqueKeysWithValues: resolution.unmanaged.map { ($0.name, $0.lockedVersion?.description) })
    }

    mutating func add(_ resolution: PackageResolution) {
        packages = Dictionary(uniqueKeysWithValues: resolution.packages.map { ($0.identity.description, $0.state.label) })
        if !resolution.flagged.isEmpty { flagged = resolution.flagged.map(\.description) }
    }
}

import ArgumentParser
import Config
import Foundation
import Graph
import Integration
import Manifest
import Podspec
import SwiftPackages
import Versioning

/// `compctl pin NAME=VERSION…`: pins pods exactly in the Podfile (also a rollback), after
/// checking that the Podfile still resolves with the pins.
struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Pin pods to exact versions in the Podfile (also a rollback).",
        discussion: """
            Resolves the Podfile with the pins applied first and refuses a pin that makes \
            resolution fail (exit 2, the conflict explained, the file untouched). Only the \
            requirement literals of the pinned `pod` lines change; the file is replaced \
            atomically. --all pins every pod the Podfile names to its resolved version.

            --channel NAME=binary|source switches a pod between the binary channel and source \
            (binary_repo in compctl.yml): `binary` writes `:source => 'binary repo url'` on its \
            `pod` lines, `source` removes that option, and nothing else changes. The Podfile is \
            resolved as edited first: a pod the binary repo has no binary of, or a pod under \
            development (dev_pods, --dev-pods) asked onto binary, is refused (exit 1), and so is \
            a switch that would change the pod's version (exit 2).


            Prints `Name<TAB>version` for each pin. JSON: {"schemaVersion": 1, \
            "podfile": "path", "pins": {"Name": "version"}, "changed": true, "dryRun": false}.

            In a project that takes Swift packages (--package, package_swift in compctl.yml, \
            or ./Package.swift when there is no Podfile), NAME may be a package the manifest \
            declares, by its identity in any case: its requirement becomes `exact: "x.y.z"` \
            (nothing else in the file changes) and Package.resolved is rewritten from the \
            whole resolution with the pins, as SwiftPM writes it (format 3 with originHash). \
            --all pins every declared package to its resolved version. JSON has "package" \
            instead of "podfile".
            """ + CommandExamples.section("pin")
    )

    @Argument(help: ArgumentHelp("The pods to pin, as NAME=VERSION.", valueName: "name=version"),
              transform: PinArgument.parse)
    var pins: [PinArgument] = []

    @Option(help: ArgumentHelp(
        "The Podfile (default: the main project's in compctl.yml, else ./Podfile).", valueName: "path"))
    var podfile: String?

    @Option(name: .customLong("add-to"), help: ArgumentHelp(
        "Add a pod the Podfile does not name to this target.", valueName: "target"))
    var addTo: String?

    @Flag(help: "Pin every pod the Podfile names to its resolved version.")
    var all = false

    @Option(name: .customLong("channel"), help: ArgumentHelp(
        "Switch a pod between the binary channel and source, as NAME=binary or NAME=source; repeat for several.",
        valueName: "name=channel"), transform: ChannelArgument.parse)
    var channels: [ChannelArgument] = []

    @Flag(name: .customLong("dry-run"), help: "Print the pins without writing the Podfile.")
    var dryRun = false

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @Option(name: .customLong("lock-timeout"), help: ArgumentHelp(
        "How long to wait for another compctl writing the same project.", valueName: "seconds"))
    var lockTimeout = 900

    @OptionGroup var packageOptions: PackageOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var devPods: DevPodsOption
    @OptionGroup var config: ConfigOptions

    func validate() throws {
        if !channels.isEmpty && (all || !pins.isEmpty) {
            throw ValidationError("--channel switches channels only; pin versions in another run")
        }
        if all && !pins.isEmpty { throw ValidationError("give NAME=VERSION pins or --all, not both") }
        if !all && pins.isEmpty && channels.isEmpty {
            throw ValidationError("give at least one NAME=VERSION pin, --all, or --channel NAME=binary|source")
        }
        if lockTimeout < 0 { throw ValidationError("--lock-timeout must be 0 or more seconds") }
    }

    func run() throws {
        let loaded = try reportingErrors { try config.load() }
        let manifests = try reportingErrors {
            try MainManifests.choose(podfile: podfile, package: packageOptions.path, configuration: loaded)
        }
        // A project with a Podfile too: NAME is a package when no spec repo has such a pod.
        var podPins = pins
        var packagePins: [PinArgument] = []
        // --channel is about the Podfile's pods only.
        if let project = manifests.package, channels.isEmpty {
            if manifests.podfile == nil {
                try pinPackages(project, pins: pins, configuration: loaded, lock: true)
                return
            }
            if !all {
                packagePins = pins.filter { !isPod($0.name, configuration: loaded) }
                podPins = pins.filter { pin in !packagePins.contains(pin) }
                if json && !podPins.isEmpty && !packagePins.isEmpty {
                    try reportingErrors {
                        throw CommandError("--json prints one document: pin the pods and the Swift packages in two commands")
                    }
                }
                if podPins.isEmpty {
                    try pinPackages(project, pins: packagePins, configuration: loaded, lock: true)
                    return
                }
            }
        }
        // A writer takes the project's lock before reading the Podfile, and recovers a
        // journal left by a killed integrate; a dry run only reads, and warns of one.
        var access: ProjectAccess?
        if !dryRun {
            try reportingErrors {
                let configuration = try config.load()
                let path = PodfileInputs.defaultPath(explicit: podfile, configuration: configuration)
                try PodfileInputs.requireFile(path)
                let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                access = try ProjectAccess(
                    scope: IntegrationPlanner.scope(root: ProjectFiles.root(ofPodfile: absolute), podfile: absolute,
                                                    configuration: configuration),
                    timeout: .seconds(lockTimeout), delegate: ConsoleIntegrationDelegate())
            }
        }
        defer { access?.release() }
        let (inputs, sources, configuration) = try reportingErrors {
            try PodfileInputs.load(podfile: podfile, sources: sourceOptions, config: config, warnsOfUnfinishedIntegrate: dryRun)
        }
        inputs.warnings.forEach(Console.warning)
        if !channels.isEmpty {
            try switchChannels(inputs: inputs, sources: sources, configuration: configuration)
            return
        }
        let catalog = PodCatalog(providers: sources.map(\.provider))

        var wanted = podPins.map(\.pin)
        if all {
            let resolution = try inputs.resolve(against: catalog, sources: sources)
            let versions = Dictionary(resolution.pods.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
            let unmanaged = Set(resolution.unmanaged.map(\.name))
            wanted = inputs.podfile.pinnableRootNames.compactMap { name in
                guard !unmanaged.contains(name), let version = versions[name] else { return nil }
                return ComponentPin(name: name, version: version.description)
            }
        } else {
            let problems = try reportingErrors { try PinPlanner.versionProblems(wanted, catalog: catalog) }
            if !problems.isEmpty {
                problems.forEach(Console.error)
                throw Exit.failure
            }
        }
        let edit = try reportingErrors { try PinPlanner.edit(wanted, podfile: inputs.path, addTo: addTo) }
        var pinned = inputs
        pinned.request = PinPlanner.applying(wanted, to: inputs.request, addTo: addTo)
        _ = try pinned.resolve(against: catalog, sources: sources)

        // The project's Package.swift follows the Podfile: both are edited before either is written.
        let change = try reportingErrors {
            try ProjectPins(podfile: inputs.path, edit: edit, pins: wanted, configuration: configuration, sources: sources)
        }
        if change.changed && !dryRun { try reportingErrors { try change.write() } }
        if json {
            try JSONOutput.print(PinDocument(
                podfile: inputs.path, package: nil,
                pins: Dictionary(wanted.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a }),
                changed: change.changed, dryRun: dryRun))
            return
        }
        Console.outRaw(wanted.map { "\($0.name)\t\($0.version)\n" }.joined())
        let verb = dryRun ? "would pin" : "pinned"
        Console.note(change.changed
            ? "\(verb) \(wanted.count) pod\(wanted.count == 1 ? "" : "s") in \(inputs.path)"
                + (change.manifestChanged ? " and \(DisplayPath.relative(change.manifest ?? ""))" : "")
            : "\(inputs.path) already pins \(wanted.count == 1 ? "this version" : "these versions"); nothing to change")
        // The Swift packages of the same project, under the lock this command already holds.
        if let project = manifests.package, !packagePins.isEmpty {
            try pinPackages(project, pins: packagePins, configuration: configuration, lock: false)
        }
    }
}

extension PinCommand {
    /// Whether a spec repo of compctl.yml (or --source) has a pod called `name`.
    private func isPod(_ name: String, configuration: Configuration) -> Bool {
        guard !configuration.specRepos.isEmpty || !sourceOptions.sources.isEmpty,
              let sources = try? SpecSources(configuration: configuration).sources(sourceOptions.sources) else { return false }
        let root = name.split(separator: "/").first.map(String.init) ?? name
        return sources.contains { (try? $0.provider.contains(root)) == true }
    }

    /// Pins Swift packages of `project`: exact in its manifest, Package.resolved rewritten.
    private func pinPackages(_ project: any PackageMainProject, pins: [PinArgument], configuration: Configuration, lock: Bool) throws {
        var access: ProjectAccess?
        if !dryRun && lock {
            access = try reportingErrors {
                try ProjectAccess(scope: PackageProjectPins.scope(of: project, configuration: configuration),
                                  timeout: .seconds(lockTimeout), delegate: ConsoleIntegrationDelegate())
            }
        } else if let warning = UnfinishedIntegrate.warning(root: PackageProjectPins.root(of: project)) {
            Console.warning(warning)
        }
        defer { access?.release() }
        let provider = try reportingErrors { try PackageCommands.provider() }
        var wanted: [(identity: PackageIdentity, version: SemanticVersion)] = []
        if all {
            let resolution = try PackageCommands.resolve(project, provider: provider)
            let root = try reportingErrors { try project.root() }
            wanted = root.dependencies.compactMap { declaration in
                resolution.package(declaration.identity)?.state.version.map { (declaration.identity, $0) }
            }
        } else {
            wanted = try reportingErrors {
                try pins.map { pin in
                    guard let version = SemanticVersion(pin.version) else {
                        throw CommandError("`\(pin.version)` is not a version SwiftPM accepts for package '\(pin.name)'; give major.minor.patch, such as 1.2.0")
                    }
                    return (PackageIdentity(name: pin.name), version)
                }
            }
        }
        let pinning: PackagePinning
        do {
            pinning = try PackagePinning(project: project, pins: wanted, provider: provider)
        } catch let PackageError.conflict(explanation) {
            Console.error("\(project.displayPath) cannot be resolved with the pins:")
            Console.note(explanation)
            if json { try? JSONOutput.print(ResolveDocument(conflict: explanation)) }
            throw Exit.problems
        } catch {
            Console.error(String(describing: error))
            throw Exit.failure
        }
        for flagged in pinning.resolution.flagged { Console.warning(flagged.description) }
        if pinning.changed && !dryRun { try reportingErrors { try PackageProjectPins.write(pinning) } }
        if json {
            try JSONOutput.print(PinDocument(
                podfile: nil, package: project.displayPath,
                pins: Dictionary(wanted.map { ($0.identity.description, $0.version.description) }, uniquingKeysWith: { a, _ in a }),
                changed: pinning.changed, dryRun: dryRun))
            return
        }
        Console.outRaw(wanted.map { "\($0.identity)\t\($0.version)\n" }.joined())
        let verb = dryRun ? "would pin" : "pinned"
        let resolved = DisplayPath.relative(project.resolvedPath)
        Console.note(pinning.changed
            ? "\(verb) \(wanted.count) package\(wanted.count == 1 ? "" : "s") in \(project.displayPath) and \(resolved)"
            : "\(project.displayPath) already pins \(wanted.count == 1 ? "this version" : "these versions"); nothing to change")
    }
}

/// The `pin --json` document.
struct PinDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var podfile: String?
    /// The package project's manifest, when packages were pinned.
    var package: String?
    var pins: [String: String]?
    /// With --channel: each pod's channel after the switch.
    var channels: [String: String]?
    var changed: Bool
    var dryRun: Bool

    init(podfile: String? = nil, package: String? = nil, pins: [String: String]? = nil, channels: [String: String]? = nil,
         changed: Bool, dryRun: Bool) {
        self.podfile = podfile
        self.package = package
        self.pins = pins
        self.channels = channels
        self.changed = changed
        self.dryRun = dryRun
    }
}

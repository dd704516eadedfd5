import ArgumentParser
import Config
import FileIO
import Foundation
import Graph
import Integration
import Manifest
import Podspec
import Versioning

/// One `NAME=VERSION` argument of `pin` and `integrate`: ArgumentParser's side of the
/// Integration library's `ComponentPin`.
struct PinArgument: ExpressibleByArgument, Equatable {
    var name: String
    var version: String

    init?(argument: String) {
        guard let pin = try? Self.parse(argument) else { return nil }
        self = pin
    }

    /// The argument's pod and version, or why they cannot be a pod's name (`Foo` or
    /// `Foo/Core`) and version (`PodName`): the command's `transform`, so that the usage
    /// error says what is wrong.
    @Sendable static func parse(_ argument: String) throws -> PinArgument {
        do {
            let pin = try ComponentPin.parse(argument)
            return PinArgument(name: pin.name, version: pin.version)
        } catch {
            throw PinArgumentError(error.description)
        }
    }

    init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// The library's pin.
    var pin: ComponentPin { ComponentPin(name: name, version: version) }
    var root: String { pin.root }
    var text: String { pin.text }
}

/// Why a `NAME=VERSION` argument was refused; ArgumentParser shows it after the value.
struct PinArgumentError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

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

            Prints `Name<TAB>version` for each pin. JSON: {"schemaVersion": 1, \
            "podfile": "path", "pins": {"Name": "version"}, "changed": true, "dryRun": false}.
            """
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

    @Flag(name: .customLong("dry-run"), help: "Print the pins without writing the Podfile.")
    var dryRun = false

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @Option(name: .customLong("lock-timeout"), help: ArgumentHelp(
        "How long to wait for another compctl writing the same project.", valueName: "seconds"))
    var lockTimeout = 900

    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var config: ConfigOptions

    func validate() throws {
        if all && !pins.isEmpty { throw ValidationError("give NAME=VERSION pins or --all, not both") }
        if !all && pins.isEmpty { throw ValidationError("give at least one NAME=VERSION pin, or --all") }
        if lockTimeout < 0 { throw ValidationError("--lock-timeout must be 0 or more seconds") }
    }

    func run() throws {
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
        let catalog = PodCatalog(providers: sources.map(\.repository))

        var wanted = pins.map(\.pin)
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

        // The project's Package.swift follows the Podfile: both are edited before either is
        // written, and the Podfile goes back if the second write fails.
        let root = ProjectFiles.root(ofPodfile: inputs.path)
        let podfileTarget = try reportingErrors { try ProjectFiles.writable(inputs.path, root: root) }
        let manifestPath = try reportingErrors {
            try PackageSwiftPins.manifest(for: inputs.path, configuration: configuration).map { try ProjectFiles.writable($0, root: root) }
        }
        let manifestOriginal = manifestPath.flatMap { FileManager.default.contents(atPath: $0) }.map { [UInt8]($0) }
        let manifestPinned = try reportingErrors { () throws -> [UInt8]? in
            guard let manifestPath, let manifestOriginal else { return nil }
            return try PackageSwiftPins.pinned(wanted, manifest: manifestOriginal, path: manifestPath, sources: sources)
        }
        let original = FileManager.default.contents(atPath: inputs.path).map { [UInt8]($0) }
        let manifestChanged = manifestPinned != nil && manifestPinned != manifestOriginal
        let changed = edit.bytes != original || manifestChanged
        if changed && !dryRun {
            try reportingErrors {
                if edit.bytes != original { try AtomicFile.write(Data(edit.bytes), to: podfileTarget) }
                if manifestChanged, let manifestPath, let manifestPinned {
                    do {
                        try AtomicFile.write(Data(manifestPinned), to: manifestPath)
                    } catch {
                        if let original { try? AtomicFile.write(Data(original), to: podfileTarget) }
                        throw error
                    }
                }
            }
        }
        if json {
            try JSONOutput.print(PinDocument(
                podfile: inputs.path, pins: Dictionary(wanted.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a }),
                changed: changed, dryRun: dryRun))
            return
        }
        Console.outRaw(wanted.map { "\($0.name)\t\($0.version)\n" }.joined())
        let verb = dryRun ? "would pin" : "pinned"
        Console.note(changed
            ? "\(verb) \(wanted.count) pod\(wanted.count == 1 ? "" : "s") in \(inputs.path)"
                + (manifestChanged ? " and \(DisplayPath.relative(manifestPath ?? ""))" : "")
            : "\(inputs.path) already pins \(wanted.count == 1 ? "this version" : "these versions"); nothing to change")
    }
}

/// The `pin --json` document.
struct PinDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var podfile: String
    var pins: [String: String]
    var changed: Bool
    var dryRun: Bool
}

import ArgumentParser
import Config
import Foundation
import Git
import Graph
import Integration
import Manifest
import Podspec
import SpecRepo
import Versioning

/// A Podfile with what compctl reads beside it, turned into a resolution request: the work
/// `resolve`, `graph --podfile` and `why` share.
struct PodfileInputs {
    /// The Podfile's path as the user gave it (or as the configuration names it).
    var path: String
    var podfile: Podfile
    /// `Podfile.lock` beside the Podfile, when there is one that reads.
    var lock: PodfileLock?
    /// Problems with the inputs that do not stop the resolution, for stderr.
    var warnings: [String]
    /// External pods whose spec could not be read (already in `warnings`).
    var externalsWithoutSpec: Set<String> = []
    var request: ResolveRequest

    /// What `resolve`, `why` and `pin` start from: the configuration, the Podfile (`--podfile`,
    /// else the main project's, else `./Podfile`; a missing one is reported before any source
    /// is opened) and the sources (`--source`, else compctl.yml's spec repos).
    static func load(
        podfile: String?, sources sourceOptions: SourceOptions, config: ConfigOptions,
        warnsOfUnfinishedIntegrate: Bool = true
    ) throws -> (inputs: PodfileInputs, sources: [SpecRepoSource], configuration: Configuration) {
        let configuration = try config.load()
        let path = defaultPath(explicit: podfile, configuration: configuration)
        try requireFile(path)
        let sources = try SpecSources(configuration: configuration).sources(sourceOptions.sources)
        return (try PodfileInputs(path: path, sources: sources, warnsOfUnfinishedIntegrate: warnsOfUnfinishedIntegrate),
                sources, configuration)
    }

    /// The Podfile to read: `explicit` when given, else the configuration's main project's,
    /// else `./Podfile`.
    static func defaultPath(explicit: String?, configuration: Configuration) -> String {
        if let explicit { return explicit }
        if let project = configuration.projects.first(where: { $0.kind == .main && $0.podfile != nil }),
           let podfile = project.podfile {
            return relativeToCurrentDirectory(configuration.resolve(path: podfile))
        }
        return "Podfile"
    }

    /// Reads the Podfile at `path`, the lock beside it and the specs of its `:path` and
    /// `:podspec` pods, for a resolution against `sources`. Throws when the Podfile cannot be
    /// read at all.
    /// Reads the Podfile at `path`. With `warnsOfUnfinishedIntegrate` (the read-only
    /// commands), a journal left by an integrate that did not finish is reported as a
    /// warning; only a writer holding the project's lock (`integrate`, `pin`) recovers it.
    init(path: String, sources: [SpecRepoSource], warnsOfUnfinishedIntegrate: Bool = true) throws {
        try Self.requireFile(path)
        if warnsOfUnfinishedIntegrate, let warning = UnfinishedIntegrate.warning(root: PinCommand.projectRoot(of: path)) {
            Console.warning(warning)
        }
        self.path = path
        podfile = try Podfile(contentsOf: path)
        warnings = podfile.warnings.map { "\(path):\($0.line): \($0.message)" }

        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let lockPath = directory.appendingPathComponent("Podfile.lock").path
        if FileManager.default.fileExists(atPath: lockPath) {
            do {
                lock = try PodfileLock(contentsOf: lockPath)
            } catch {
                warnings.append("\(error); unmanaged pods are shown without a version")
            }
        }

        var requirements: [RootRequirement] = []
        var externals: [String: ExternalPod] = [:]
        var externalOrder: [String] = []
        for declaration in podfile.declarations {
            let names = declaration.options.subspecs.map { $0.map { "\(declaration.name)/\($0)" } } ?? [declaration.name]
            // A `:source` that is not one of ours (trunk, usually) leaves the pod to the
            // sources compctl has: unmanaged when none holds it.
            let source = declaration.options.source.flatMap { address in
                sources.first { $0.isNamed(by: address) }?.repository.name
            }
            for use in declaration.uses {
                for name in names {
                    requirements.append(RootRequirement(
                        name: name, requirements: declaration.requirements,
                        declaredBy: Self.declarer(use.target), source: source))
                }
            }
            if let external = declaration.options.externalSource, externals[declaration.rootName] == nil {
                let (pod, warning) = Self.externalPod(
                    declaration.rootName, external, podfileDirectory: directory, line: "\(path):\(declaration.line)")
                externals[declaration.rootName] = pod
                externalOrder.append(declaration.rootName)
                if let warning {
                    warnings.append(warning)
                    externalsWithoutSpec.insert(declaration.rootName)
                }
            }
        }

        var locked: [String: Version] = [:]
        for pod in lock?.pods ?? [] {
            let root = pod.name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? pod.name
            if locked[root] == nil, let version = try? Version(pod.version) { locked[root] = version }
        }
        request = ResolveRequest(
            requirements: requirements, platform: Self.platform(of: podfile),
            externalPods: externalOrder.map { externals[$0]! }, lockedVersions: locked, rootName: "the Podfile")
    }

    /// Throws unless `path` is a file, so that a missing Podfile is reported before the
    /// spec repos are read.
    static func requireFile(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PodfileInputError.missing(path)
        }
        guard !isDirectory.boolValue else { throw PodfileInputError.isDirectory(path) }
    }

    /// Resolves the request against `catalog`, which reads `sources`. A conflict is
    /// explained on stderr, after the junk found in the sources (after `onConflict` has seen
    /// it), and exits 2; bad input exits 1.
    func resolve(against catalog: PodCatalog, sources: [SpecRepoSource], onConflict: (String) -> Void = { _ in })
        throws -> Resolution
    {
        do {
            return try Resolver(catalog: catalog).resolve(request)
        } catch let GraphError.conflict(explanation) {
            onConflict(explanation)
            ResolutionReport.printJunk(of: sources)
            Console.error("\(path) cannot be resolved:")
            Console.note(explanation)
            throw Exit.problems
        } catch {
            Console.error(String(describing: error))
            throw Exit.failure
        }
    }

    /// Who states a requirement, in explanations: `target 'AcmeApp'`, or the Podfile itself
    /// for pods outside any target block.
    static func declarer(_ target: String) -> String {
        target == PodfileTarget.rootName ? "the Podfile" : "target '\(target)'"
    }

    /// The platform to resolve for: the Podfile's own `platform` line, else the lowest
    /// deployment target its targets name when they all name one platform. A platform
    /// without a version filters nothing (CocoaPods would take the Xcode project's target).
    static func platform(of podfile: Podfile) -> Platform? {
        func convert(_ platform: PodfilePlatform) -> Platform? {
            guard let text = platform.version, let version = try? Version(text) else { return nil }
            // The Podfile DSL accepts `:macos` for what podspecs call `osx`.
            return Platform(name: platform.name == "macos" ? "osx" : platform.name, deploymentTarget: version)
        }
        if let root = podfile.platform { return convert(root) }
        let platforms = podfile.targets.compactMap(\.platform).compactMap(convert)
        guard let first = platforms.first, platforms.allSatisfy({ $0.name == first.name }) else { return nil }
        return platforms.min { $0.deploymentTarget < $1.deploymentTarget }
    }

    /// The pod an external source provides, with its spec when it is a local podspec; and a
    /// warning when that spec could not be read.
    static func externalPod(_ name: String, _ source: PodExternalSource, podfileDirectory: URL, line: String)
        -> (ExternalPod, String?)
    {
        let origin = ":\(source.kind.rawValue) => '\(Git.redact(source.value))'"
        let location: String
        switch source.kind {
        case .git:
            return (ExternalPod(name: name, origin: origin), nil)
        case .path, .podspec:
            if source.value.contains("://") { return (ExternalPod(name: name, origin: origin), nil) }
            location = source.value.hasPrefix("/")
                ? source.value : podfileDirectory.appendingPathComponent(source.value).standardizedFileURL.path
        }
        var isDirectory: ObjCBool = false
        var file = location
        guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
            return (ExternalPod(name: name, origin: origin),
                    "\(line): \(name) comes from \(origin), but '\(location)' does not exist; "
                        + "\(name)'s dependencies are not resolved")
        }
        if isDirectory.boolValue {
            let candidates = ["\(name).podspec.json", "\(name).podspec"].map { location + "/" + $0 }
            guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                return (ExternalPod(name: name, origin: origin),
                        "\(line): no \(name).podspec or \(name).podspec.json in '\(location)' (\(origin)); "
                            + "\(name)'s dependencies are not resolved")
            }
            file = found
        }
        do {
            let spec = try PodspecReader.read(contentsOf: file)
            return (ExternalPod(name: name, origin: origin, specification: spec), nil)
        } catch {
            return (ExternalPod(name: name, origin: origin),
                    "\(line): cannot read the spec of \(name) (\(origin)): \(error); its dependencies are not resolved")
        }
    }

    /// `path` relative to the current directory when it lies below it, for shorter messages.
    static func relativeToCurrentDirectory(_ path: String) -> String { DisplayPath.relative(path) }
}

/// Why the Podfile of a command could not be read.
enum PodfileInputError: Error, CustomStringConvertible {
    case missing(String)
    case isDirectory(String)

    var description: String {
        switch self {
        case let .missing(path):
            return "no Podfile at '\(path)'; pass --podfile PATH, or name the main project's podfile in compctl.yml"
        case let .isDirectory(path):
            return "'\(path)' is a directory; pass the Podfile inside it with --podfile \(path)/Podfile"
        }
    }
}

/// What the resolving commands print around their results.
enum ResolutionReport {
    /// Each spec repo's junk found so far: in the pod directories read, and the specs that
    /// could not be loaded (which is why Graph's `unreadableSpec` warnings are not printed).
    static func printJunk(of sources: [SpecRepoSource]) {
        for source in sources {
            for junk in source.repository.skipped {
                Console.warning("\(source.repository.name): \(junk)")
            }
        }
    }

    /// The junk of `sources`, then the warnings of the resolution or graph, except what the
    /// junk or `inputs` already said.
    static func printWarnings(_ warnings: [GraphWarning], inputs: PodfileInputs?, sources: [SpecRepoSource]) {
        printJunk(of: sources)
        let reported = inputs?.externalsWithoutSpec ?? []
        for warning in warnings {
            switch warning {
            case let .externalWithoutSpec(pod, _) where reported.contains(pod): continue
            case .unreadableSpec: continue
            default: Console.warning(warning.description)
            }
        }
    }

    /// The unmanaged pods, as one note: the sources do not have them, so they are taken at
    /// the lock's version and never resolved or checked.
    static func printUnmanaged(_ pods: [UnmanagedPod]) {
        guard !pods.isEmpty else { return }
        let list = pods.map { pod in pod.lockedVersion.map { "\(pod.name) \($0)" } ?? pod.name }
        Console.note("note: \(pods.count) unmanaged pod\(pods.count == 1 ? "" : "s"), in no configured source "
            + "(never resolved; shown at the version Podfile.lock records): \(list.joined(separator: ", "))")
    }
}

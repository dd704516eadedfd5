import Config
import Foundation
import Git
import Graph
import Manifest
import Podspec
import SpecRepo
import Versioning

/// A Podfile with what compctl reads beside it, turned into a resolution request: the work
/// `resolve`, `graph --podfile` and `why` share.
public struct PodfileInputs {
    /// The Podfile's path as the user gave it (or as the configuration names it).
    public var path: String
    public var podfile: Podfile
    /// `Podfile.lock` beside the Podfile, when there is one that reads.
    public var lock: PodfileLock?
    /// Problems with the inputs that do not stop the resolution, for stderr.
    public var warnings: [String]
    /// External pods whose spec could not be read (already in `warnings`).
    public var externalsWithoutSpec: Set<String> = []
    public var request: ResolveRequest

    /// The Podfile to read: `explicit` when given, else the configuration's main project's,
    /// else `./Podfile`.
    public static func defaultPath(explicit: String?, configuration: Configuration) -> String {
        if let explicit { return explicit }
        if let project = configuration.projects.first(where: { $0.kind == .main && $0.podfile != nil }),
           let podfile = project.podfile {
            return DisplayPath.relative(configuration.resolve(path: podfile))
        }
        return "Podfile"
    }

    /// Reads the Podfile at `path`, the lock beside it and the specs of its `:path` and
    /// `:podspec` pods, for a resolution against `sources`. Throws when the Podfile cannot be
    /// read at all.
    public init(path: String, sources: [SpecRepoSource]) throws {
        try Self.requireFile(path)
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
    public static func requireFile(_ path: String) throws(IntegrationError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noPodfile(path)
        }
        guard !isDirectory.boolValue else { throw .podfileIsDirectory(path) }
    }

    /// Who states a requirement, in explanations: `target 'AcmeApp'`, or the Podfile itself
    /// for pods outside any target block.
    public static func declarer(_ target: String) -> String {
        target == PodfileTarget.rootName ? "the Podfile" : "target '\(target)'"
    }

    /// The platform to resolve for: the Podfile's own `platform` line, else the lowest
    /// deployment target its targets name when they all name one platform. A platform
    /// without a version filters nothing (CocoaPods would take the Xcode project's target).
    public static func platform(of podfile: Podfile) -> Platform? {
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
}

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

        var externals: [String: ExternalPod] = [:]
        var externalOrder: [String] = []
        for declaration in podfile.declarations {
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
        let resolutionLock = lock.map(Self.resolutionLock)
        request = ResolveRequest(
            requirements: Self.requirements(of: podfile, sources: sources), platform: Self.platform(of: podfile),
            externalPods: externalOrder.map { externals[$0]! }, lockedVersions: locked, rootName: "the Podfile",
            lock: resolutionLock,
            unmanagedPods: Self.unmanagedPods(lock: resolutionLock, sources: sources, externals: Set(externalOrder)),
            missingPodsAreUnmanaged: Self.namesAnUnreadSource(podfile, sources: sources))
    }

    /// Whether the Podfile takes pods from a source compctl does not read: trunk (named, or
    /// implied by naming none) or a spec repo that no configured source stands for. Then a pod
    /// that no source compctl reads holds may come from it, and is left out as unmanaged
    /// rather than failing the resolution as it would fail `pod install`.
    static func namesAnUnreadSource(_ podfile: Podfile, sources: [SpecRepoSource]) -> Bool {
        if podfile.sources.isEmpty { return true }
        return podfile.sources.contains { address in !sources.contains { $0.isNamed(by: address) } }
    }

    /// The Podfile's dependencies in the order CocoaPods hands them to its resolver: target by
    /// target (the implicit root target first, then in file order), each target's own `pod`
    /// lines in the order it runs them, helper methods included.
    static func requirements(of podfile: Podfile, sources: [SpecRepoSource]) -> [RootRequirement] {
        var entries: [(target: Int, position: [Int], requirement: RootRequirement)] = []
        let targetIndex = Dictionary(podfile.targets.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for declaration in podfile.declarations {
            let names = declaration.options.subspecs.map { $0.map { "\(declaration.name)/\($0)" } } ?? [declaration.name]
            // A `:source` that is not one of ours (trunk, usually) leaves the pod to the
            // sources compctl has.
            let source = declaration.options.source.flatMap { address in
                sources.first { $0.isNamed(by: address) }?.repository.name
            }
            let external = declaration.options.externalSource.map(Self.lockForm)
            for use in declaration.uses {
                for name in names {
                    entries.append((
                        targetIndex[use.target] ?? Int.max, use.callLines + [declaration.line],
                        RootRequirement(name: name, requirements: declaration.requirements,
                                        declaredBy: Self.declarer(use.target), source: source, externalSource: external)))
                }
            }
        }
        return entries.enumerated().sorted { left, right in
            if left.element.target != right.element.target { return left.element.target < right.element.target }
            if left.element.position != right.element.position {
                return left.element.position.lexicographicallyPrecedes(right.element.position)
            }
            return left.offset < right.offset
        }.map(\.element.requirement)
    }

    /// An external source as Podfile.lock's `EXTERNAL SOURCES` records it.
    static func lockForm(_ source: PodExternalSource) -> [String: String] {
        var result = [source.kind.rawValue: source.value]
        if let branch = source.branch { result["branch"] = branch }
        if let tag = source.tag { result["tag"] = tag }
        if let commit = source.commit { result["commit"] = commit }
        return result
    }

    /// What the resolver keeps from Podfile.lock: its pods with their dependencies, and the
    /// Podfile dependencies it was written for.
    static func resolutionLock(_ lock: PodfileLock) -> ResolutionLock {
        let pods = lock.pods.compactMap { pod -> ResolutionLock.Pod? in
            guard let version = try? Version(pod.version) else { return nil }
            return ResolutionLock.Pod(name: pod.name, version: version, dependencies: pod.dependencies.map {
                SpecDependency(name: $0.name, requirements: $0.requirements)
            })
        }
        let dependencies = lock.dependencies.map { dependency in
            let root = dependency.name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? dependency.name
            return ResolutionLock.Dependency(
                name: dependency.name, requirements: dependency.requirements,
                externalSource: dependency.externalSource == nil ? nil : lock.externalSources[root])
        }
        return ResolutionLock(pods: pods, dependencies: dependencies)
    }

    /// The pods taken unmanaged from Podfile.lock: those of the lock that none of `sources`
    /// holds, public pods while compctl reads no trunk. Any other pod no source holds is
    /// left out as unmanaged (`missingPodsAreUnmanaged`).
    static func unmanagedPods(lock: ResolutionLock?, sources: [SpecRepoSource], externals: Set<String>) -> [LockedUnmanagedPod] {
        guard let lock else { return [] }
        return lock.podNames.sorted().compactMap { name in
            guard !externals.contains(name),
                  !sources.contains(where: { $0.repository.contains(name) }) else { return nil }
            return LockedUnmanagedPod(name: name, lock: lock)
        }
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

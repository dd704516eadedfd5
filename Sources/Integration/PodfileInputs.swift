import Config
import FileIO
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
    /// trunk is one of the Podfile's sources but cannot be read: why, and the public pods
    /// taken as Podfile.lock records them instead; nil when trunk is read or not a source.
    public var trunkFallback: TrunkFallback?
    /// The sources the request reads, for the checks after a resolution.
    public var sources: [SpecRepoSource] = []

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

    /// Reads the Podfile at `path` (unless `podfile` is the one already read from it), the
    /// lock beside it and the specs of its `:path` and `:podspec` pods, for a resolution
    /// against `sources`; `trunkUnread`, when trunk is a source of the Podfile that cannot be
    /// read, says why. Throws when the Podfile cannot be read at all.
    public init(path: String, sources: [SpecRepoSource], trunkUnread: String? = nil, podfile: Podfile? = nil) throws {
        try Self.requireFile(path)
        self.path = path
        self.podfile = try podfile ?? Podfile(contentsOf: path)
        let podfile = self.podfile
        self.sources = sources
        warnings = podfile.warnings.map { "\(path):\($0.line): \($0.message)" }

        let lockPath = Self.lockPath(besidePodfile: path)
        if FileManager.default.fileExists(atPath: lockPath) {
            do {
                lock = try PodfileLock(contentsOf: lockPath)
            } catch {
                warnings.append("\(error); unmanaged pods are shown without a version")
            }
        }

        var externals: [String: ExternalPod] = [:]
        var externalOrder: [String] = []
        // Made once, and only for a Podfile with `:path` or `:podspec` pods.
        lazy var podfileDirectory = URL(fileURLWithPath: path).deletingLastPathComponent()
        for declaration in podfile.declarations {
            if let external = declaration.options.externalSource, externals[declaration.rootName] == nil {
                let (pod, warning) = Self.externalPod(
                    declaration.rootName, external, podfileDirectory: podfileDirectory, line: "\(path):\(declaration.line)")
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
            lock: resolutionLock)
        request.lockedSources = Self.lockedSources(lock: lock, podfile: podfile, sources: sources)
        Self.announce(request, to: sources)
        if Self.namesAnUnreadSource(podfile, sources: sources) {
            // trunk (or another source of the Podfile) is not read: the public pods come from
            // the lock, with the lock's dependencies, and a pod no read source holds is left
            // out as unmanaged rather than failing the resolution.
            let publicPods = Self.publicPods(podfile: podfile, lock: lock, sources: sources)
            request.missingPodsAreUnmanaged = true
            request.unmanagedPods = resolutionLock.map { resolutionLock in
                publicPods.compactMap { pod in
                    externals[pod.name] == nil ? LockedUnmanagedPod(name: pod.name, lock: resolutionLock) : nil
                }
            } ?? []
            if let trunkUnread { trunkFallback = TrunkFallback(reason: trunkUnread, pods: publicPods) }
        }
    }

    /// Starts reading ahead the Podfile's pods in the local sources, on another core, while
    /// this thread reads the rest of the inputs (the public pods list the same folders): the
    /// resolver announces them again, which then costs nothing. A CDN source hears of them
    /// from the resolver only, which leaves out the pods it will not look for.
    private static func announce(_ request: ResolveRequest, to sources: [SpecRepoSource]) {
        let pods = request.requirements.filter { $0.externalSource == nil }
            .map { SpecDependency(name: rootName($0.name), requirements: $0.requirements) }
        guard !pods.isEmpty else { return }
        for source in sources where source.cdn == nil { source.provider.prefetch(pods) }
    }

    /// The sources of the Podfile `podfile`, as CocoaPods reads them, with compctl.yml's
    /// mapping and additions and the command line's `--source` (see `SourcePlan.forPodfile`);
    /// `binaryRepo` is read only when the Podfile names it.
    public static func sourcePlan(for podfile: Podfile, commandLine: [String], configured: [ConfiguredSpecRepo],
                                  trunk: TrunkSetting, binaryRepo: String? = nil) -> SourcePlan {
        let declared = podfile.declarations.filter { $0.options.externalSource == nil }
        return SourcePlan.forPodfile(
            sourceLines: podfile.sources, podSources: declared.compactMap(\.options.source),
            everyPodHasSource: !declared.isEmpty && declared.allSatisfy { $0.options.source != nil },
            hasPods: !podfile.declarations.isEmpty, commandLine: commandLine, configured: configured, trunk: trunk,
            readOnlyWhenNamed: Set(binaryRepo.map { [$0] } ?? []))
    }

    /// Pod → the source `SPEC REPOS` of Podfile.lock took it from: CocoaPods looks a pod
    /// that stays locked up only there (`LockingDependencyAnalyzer` gives each locked
    /// dependency its `podspec_repo`); the resolver applies it to the pods that stay locked.
    /// A pod with its own `:source`, or whose recorded source is not read, is left out.
    static func lockedSources(lock: PodfileLock?, podfile: Podfile, sources: [SpecRepoSource]) -> [String: String] {
        guard let lock else { return [:] }
        let explicit = Set(podfile.declarations.filter { $0.options.source != nil || $0.options.externalSource != nil }
            .map(\.rootName))
        var result: [String: String] = [:]
        for entry in lock.specRepos {
            guard let source = sources.first(where: { $0.isNamed(by: entry.repo) }) else { continue }
            for pod in entry.pods.map(rootName) where !explicit.contains(pod) {
                if result[pod] == nil { result[pod] = source.name }
            }
        }
        return result
    }

    /// The pods trunk would give when it cannot be read: those Podfile.lock's `SPEC REPOS`
    /// takes from trunk (or, in a lock without that section, the locked pods no readable
    /// source holds), and the Podfile's own pods no readable source holds; each with the
    /// version and the dependencies on other pods the lock records.
    static func publicPods(podfile: Podfile, lock: PodfileLock?, sources: [SpecRepoSource]) -> [LockedPod] {
        func heldByReadable(_ pod: String) -> Bool {
            sources.contains { (try? $0.provider.contains(pod)) ?? false }
        }
        var names: [String] = []
        func add(_ name: String) { if !names.contains(name) { names.append(name) } }
        if let lock {
            if lock.specRepos.isEmpty {
                for pod in lock.pods.map({ rootName($0.name) })
                where lock.externalSources[pod] == nil && !heldByReadable(pod) {
                    add(pod)
                }
            } else {
                for entry in lock.specRepos where SpecRepoURL.isTrunk(entry.repo) { entry.pods.map(rootName).forEach(add) }
            }
        }
        for declaration in podfile.declarations where declaration.options.externalSource == nil {
            let root = declaration.rootName
            let named = declaration.options.source.map { address in sources.contains { $0.isNamed(by: address) } } ?? false
            if !names.contains(root), !named, !heldByReadable(root) { add(root) }
        }
        return names.map { name in
            let entries = lock?.pods.filter { rootName($0.name) == name } ?? []
            var dependencies: [SpecDependency] = []
            for entry in entries {
                for dependency in entry.dependencies where rootName(dependency.name) != name {
                    let wanted = SpecDependency(name: dependency.name, requirements: dependency.requirements)
                    if !dependencies.contains(wanted) { dependencies.append(wanted) }
                }
            }
            return LockedPod(name: name, version: lock?.version(of: name).flatMap { try? Version($0) },
                             dependencies: dependencies)
        }
    }

    /// The pods `resolution` takes from trunk although a private source holds them too: as
    /// CocoaPods would (a higher version on trunk wins, CocoaPods issue #10539), which lets
    /// anyone who publishes that name on trunk into the app. A pod whose `:source` names trunk
    /// is not one.
    public func dependencyConfusion(in resolution: Resolution) -> [DependencyConfusion] {
        guard let trunk = sources.first(where: \.isTrunk) else { return [] }
        let explicit = Set(request.requirements.filter { $0.source == trunk.name }.map { rootName($0.name) })
        return resolution.pods.compactMap { pod in
            guard pod.source == trunk.name, !pod.isExternal, !explicit.contains(pod.name) else { return nil }
            let privates = sources.filter { !$0.isTrunk && ((try? $0.provider.contains(pod.name)) ?? false) }
            guard let first = privates.first else { return nil }
            let address = first.addresses.first { SourceLocator.isURL($0) } ?? first.name
            return DependencyConfusion(pod: pod.name, version: pod.version, privateSource: first.name,
                                       privateAddress: Git.redact(address))
        }
    }

    /// Whether the Podfile takes pods from a source compctl does not read: trunk (named, or
    /// implied by naming none) or a spec repo that no configured source stands for. Then a pod
    /// that no source compctl reads holds may come from it, and is left out as unmanaged
    /// rather than failing the resolution as it would fail `pod install`.
    static func namesAnUnreadSource(_ podfile: Podfile, sources: [SpecRepoSource]) -> Bool {
        // The Podfile's sources as `sourcePlan(for:…)` lists them.
        let declared = podfile.declarations.filter { $0.options.externalSource == nil }
        let podSources = declared.compactMap(\.options.source)
        let addresses = !declared.isEmpty && declared.allSatisfy({ $0.options.source != nil }) ? podSources
            : podfile.sources.isEmpty ? [SpecRepoURL.trunkName] + podSources : podfile.sources + podSources
        return addresses.contains { address in
            !sources.contains { $0.isNamed(by: address) || ($0.isTrunk && SpecRepoURL.isTrunk(address)) }
        }
    }

    /// The Podfile's dependencies in the order CocoaPods hands them to its resolver: target by
    /// target (the implicit root target first, then in file order), each target's own `pod`
    /// lines in the order it runs them, helper methods included.
    static func requirements(of podfile: Podfile, sources: [SpecRepoSource]) -> [RootRequirement] {
        var entries: [(target: Int, position: [Int], requirement: RootRequirement)] = []
        let targetIndex = Dictionary(podfile.targets.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for declaration in podfile.declarations {
            let names = declaration.options.subspecs.map { $0.map { "\(declaration.name)/\($0)" } } ?? [declaration.name]
            // A `:source` that is not read (trunk turned off, usually) leaves the pod to the
            // sources compctl has: unmanaged when none holds it.
            let source = declaration.options.source.flatMap { address in
                sources.first { $0.isNamed(by: address) }?.name
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

    /// `Podfile.lock` in the folder of the Podfile at `path`, as CocoaPods finds it
    /// (`Pathname#dirname` + `Podfile.lock`): absolute, with the working directory before a
    /// relative path, `.` and empty components dropped, and `..` kept, so that after a
    /// symbolic link it leads where the kernel takes the Podfile's own path. Joined as text:
    /// the first `URL` a resolve built cost it 0.45 M instructions, a twentieth of an empty
    /// Podfile's whole run (issue 14).
    static func lockPath(besidePodfile path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components = absolute.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        _ = components.popLast()
        components.append("Podfile.lock")
        return LexicalPath.joined(components)
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

/// trunk is one of a Podfile's sources but cannot be read: why, and the public pods taken
/// as Podfile.lock records them instead.
public struct TrunkFallback: Sendable, Equatable {
    /// Why trunk is not read (`trunk: off` in compctl.yml, offline, unreachable).
    public var reason: String
    /// The pods trunk would give, with what Podfile.lock says of them.
    public var pods: [LockedPod]
}

/// A pod as Podfile.lock records it: its version, and its dependencies on other pods.
public struct LockedPod: Sendable, Equatable {
    public var name: String
    /// nil when the lock does not have the pod (a pod new in the Podfile).
    public var version: Version?
    public var dependencies: [SpecDependency]

    /// A locked pod from its parts.
    public init(name: String, version: Version?, dependencies: [SpecDependency] = []) {
        self.name = name
        self.version = version
        self.dependencies = dependencies
    }
}

/// A private pod a resolution would take from trunk (CocoaPods issue #10539).
public struct DependencyConfusion: Sendable, Equatable, CustomStringConvertible {
    public var pod: String
    /// The version trunk would give.
    public var version: Version
    /// The private source that holds the pod too, and the address a `:source` names it by.
    public var privateSource: String
    public var privateAddress: String

    public var description: String {
        "\(pod) \(version) would come from trunk, but \(pod) is also a private pod of \(privateSource): CocoaPods "
            + "takes trunk's when trunk has a higher version, so whoever publishes \(pod) on trunk gets into the app "
            + "(dependency confusion, CocoaPods issue #10539); pin it to your source with "
            + "`pod '\(pod)', :source => '\(privateAddress)'` in the Podfile, or rename the private pod"
    }
}

/// `Foo` for `Foo/Bar`.
private func rootName(_ name: String) -> String {
    name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
}

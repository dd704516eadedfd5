import Versioning

/// What Podfile.lock records, as a resolution uses it: every resolved spec (`PODS`) with the
/// dependencies it resolved with, and what the Podfile asked for (`DEPENDENCIES`). With it,
/// a resolution keeps the pods `pod install` keeps.
public struct ResolutionLock: Sendable, Hashable {
    /// A `PODS` entry: `XXUIKit/Core (2.4.1)` and its dependencies.
    public struct Pod: Sendable, Hashable {
        /// The spec name, subspecs included.
        public var name: String
        public var version: Version
        public var dependencies: [SpecDependency]

        /// The entry `name (version)` with its dependencies.
        public init(name: String, version: Version, dependencies: [SpecDependency] = []) {
            self.name = name
            self.version = version
            self.dependencies = dependencies
        }
    }

    /// A `DEPENDENCIES` entry: a Podfile dependency as the last install saw it.
    public struct Dependency: Sendable, Hashable {
        public var name: String
        public var requirements: [String]
        /// Its external source (`EXTERNAL SOURCES`): option → value, `path`, `git`, `branch`….
        public var externalSource: [String: String]?

        /// The dependency `name` with `requirements`, from `externalSource` when it has one.
        public init(name: String, requirements: [String] = [], externalSource: [String: String]? = nil) {
            self.name = name
            self.requirements = requirements
            self.externalSource = externalSource
        }
    }

    public var pods: [Pod]
    public var dependencies: [Dependency]

    /// A lock with these `PODS` and `DEPENDENCIES` entries.
    public init(pods: [Pod], dependencies: [Dependency]) {
        self.pods = pods
        self.dependencies = dependencies
    }

    /// The root names of the pods the lock records.
    public var podNames: Set<String> { Set(pods.map { PodName.root(of: $0.name) }) }
}

/// Which locked pods a resolution may move: none (`pod install`), all (`pod update`), or the
/// named pods (`pod update NAME…`).
public enum LockUpdate: Sendable, Hashable {
    case none
    case all
    case pods([String])
}

/// A pod taken as Podfile.lock records it, without reading any source: the case of a public
/// pod when trunk cannot be read. Its version is the lock's, and each of its specs brings
/// the dependencies the lock lists for it, which the resolution checks like any others.
public struct LockedUnmanagedPod: Sendable, Hashable {
    /// The root name.
    public var name: String
    public var version: Version
    /// Each spec of the pod the lock lists (`Firebase`, `Firebase/Core`), with its
    /// dependencies as the lock records them.
    public var specs: [String: [SpecDependency]]

    /// The pod `name` at `version`, its specs with their dependencies.
    public init(name: String, version: Version, specs: [String: [SpecDependency]]) {
        self.name = name
        self.version = version
        self.specs = specs
    }

    /// The pod `name` as `lock` records it, nil when the lock has no entry for it.
    public init?(name: String, lock: ResolutionLock) {
        let entries = lock.pods.filter { PodName.root(of: $0.name) == name }
        guard let first = entries.first else { return nil }
        var specs: [String: [SpecDependency]] = [:]
        for entry in entries where entry.version == first.version { specs[entry.name] = entry.dependencies }
        self.init(name: name, version: first.version, specs: specs)
    }
}

/// Which specs stay at their Podfile.lock version, as CocoaPods' analyzer decides it:
/// `Lockfile#detect_changes_with_podfile` marks a pod changed when its Podfile dependency no
/// longer accepts the locked version (or its external source changed, or it left the
/// Podfile), and `LockingDependencyAnalyzer` unlocks the changed pods and the pods updated,
/// with those of their dependencies that nothing else locked depends on.
struct LockAnalysis {
    /// The locked version of each spec that stays locked, by spec name.
    var locked: [String: Version] = [:]

    init(lock: ResolutionLock?, requirements: [RootRequirement], update: LockUpdate, catalog: Catalog) {
        guard let lock, update != .all else { return }
        let changed = Self.changedRoots(lock: lock, requirements: requirements, catalog: catalog)
        var unlock = changed
        if case let .pods(names) = update { unlock.formUnion(names.map { PodName.root(of: $0) }) }
        var graph = LockGraph(lock: lock)
        let lowercased = Set(unlock.map { $0.lowercased() })
        for name in graph.names where lowercased.contains(PodName.root(of: name).lowercased()) {
            graph.detach(name)
        }
        locked = graph.payloads
    }

    /// `detect_changes_with_podfile`, by root name: changed or removed pods.
    private static func changedRoots(lock: ResolutionLock, requirements: [RootRequirement], catalog: Catalog) -> Set<String> {
        func version(of name: String) -> Version? {
            if let exact = lock.pods.first(where: { $0.name == name }) { return exact.version }
            let root = PodName.root(of: name)
            return lock.pods.first { PodName.root(of: $0.name) == root }?.version
        }
        var installed: [String: (version: Version?, external: [String: String]?)] = [:]
        var order: [String] = []
        for dependency in lock.dependencies where installed[dependency.name] == nil {
            installed[dependency.name] = (version(of: dependency.name), dependency.externalSource)
            order.append(dependency.name)
        }
        var podfile: [String: RootRequirement] = [:]
        for requirement in requirements where podfile[requirement.name] == nil {
            podfile[requirement.name] = requirement
        }
        var changed = Set<String>()
        for name in order {
            guard let (lockedVersion, external) = installed[name] else { continue }
            guard let current = podfile[name] else {
                changed.insert(PodName.root(of: name))
                continue
            }
            // `Dependency#compatible?`: the same external source, and the Podfile's
            // requirement accepts the locked version.
            var compatible = current.externalSource == external
            if compatible, let lockedVersion {
                compatible = current.requirements.allSatisfy { text in
                    (try? catalog.requirement(text).get())?.isSatisfied(by: lockedVersion) ?? false
                }
            }
            if !compatible { changed.insert(PodName.root(of: name)) }
        }
        return changed
    }
}

/// The dependency graph `LockingDependencyAnalyzer` builds from Podfile.lock: a vertex per
/// `PODS` entry (its payload the locked version) with edges to the dependencies it lists,
/// plus a root vertex per `DEPENDENCIES` entry, which it names by the whole entry
/// (`Dependency.new(string)`), so that only an entry without requirement or source shares
/// its name with a pod.
private struct LockGraph {
    private var payload: [String: Version] = [:]
    private var roots: Set<String> = []
    private var outgoing: [String: [String]] = [:]
    private var incoming: [String: [String]] = [:]
    /// Vertex names in insertion order.
    private(set) var names: [String] = []
    private var present: Set<String> = []

    init(lock: ResolutionLock) {
        for dependency in lock.dependencies where dependency.requirements.isEmpty && dependency.externalSource == nil {
            add(dependency.name)
            roots.insert(dependency.name)
        }
        for pod in lock.pods {
            add(pod.name)
            if payload[pod.name] == nil { payload[pod.name] = pod.version }
            for dependency in pod.dependencies {
                add(dependency.name)
                outgoing[pod.name, default: []].append(dependency.name)
                incoming[dependency.name, default: []].append(pod.name)
            }
        }
    }

    private mutating func add(_ name: String) {
        if present.insert(name).inserted { names.append(name) }
    }

    /// `detach_vertex_named`: removes the vertex, and each dependency left with no other
    /// dependent that is not a Podfile dependency.
    mutating func detach(_ name: String) {
        guard present.remove(name) != nil else { return }
        for destination in outgoing[name] ?? [] {
            incoming[destination]?.removeAll { $0 == name }
            if !roots.contains(destination), incoming[destination]?.isEmpty ?? true { detach(destination) }
        }
        for origin in incoming[name] ?? [] { outgoing[origin]?.removeAll { $0 == name } }
        outgoing[name] = nil
        incoming[name] = nil
    }

    /// The locked version of every vertex still in the graph.
    var payloads: [String: Version] {
        var result: [String: Version] = [:]
        for name in present { if let version = payload[name] { result[name] = version } }
        return result
    }
}

import Podspec
import Versioning

/// The spec sources a resolution or a graph reads, in priority order (the first that has a
/// version of a pod wins, as the first `source` line of a Podfile does), with everything
/// loaded from them kept for the next resolution or check.
public final class PodCatalog {
    let catalog: Catalog

    /// A catalog over `providers`, highest priority first.
    public init(providers: [any SpecProvider]) {
        catalog = Catalog(providers: providers)
    }

    /// The sources' names, in priority order.
    public var sourceNames: [String] { catalog.providers.map(\.name) }

    /// Forgets what was read from the sources, for a resolution that must read them again
    /// (a CDN source revalidating in the background found that a file it gave had changed).
    public func forget() {
        catalog.forget()
    }

    /// The versions of `pod` in the sources, lowest first (empty when none has it). Throws
    /// `GraphError.unreadableSource` when a source cannot tell.
    public func versions(of pod: String) throws -> [Version] {
        let versions = catalog.universe(of: pod)?.versions ?? []
        try catalog.checkSources()
        return versions
    }

    /// How many specs have been read from the sources so far (each is read once).
    public var specsRead: Int { catalog.loadedSpecs }

    /// The names of the sources that hold `pod`, in priority order. Throws
    /// `GraphError.unreadableSource` when a source cannot tell.
    public func sources(holding pod: String) throws -> [String] {
        let names = catalog.universe(of: pod)?.holders.map { catalog.providers[$0].name } ?? []
        try catalog.checkSources()
        return names
    }
}

/// One requirement the root states: a `pod` line of a Podfile target.
public struct RootRequirement: Hashable, Sendable {
    /// The pod or subspec, as written (`XXUIKit/Core`).
    public var name: String
    /// Its requirement strings (none: any version).
    public var requirements: [String]
    /// Who states it, for explanations: `target 'AcmeApp'`.
    public var declaredBy: String
    /// The one source to take the pod from (a Podfile's `:source`), by source name.
    public var source: String?

    /// `pod name, requirements…` as `declaredBy` states it, optionally from one source.
    public init(name: String, requirements: [String] = [], declaredBy: String, source: String? = nil) {
        self.name = name
        self.requirements = requirements
        self.declaredBy = declaredBy
        self.source = source
    }
}

/// A pod that an external source (`:path`, `:git`, `:podspec`) provides, out of the spec
/// repos: with its spec it is resolved at exactly that version (its dependencies count, and
/// requirements on it must hold); without a spec it is left out of the resolution.
public struct ExternalPod: Sendable {
    /// The pod's root name.
    public var name: String
    /// Where it comes from, as messages show it: `:path => '../XXCart'`.
    public var origin: String
    /// Its spec, when the caller could read it.
    public var specification: Specification?

    /// The pod `name` from `origin`, with its spec when it could be read.
    public init(name: String, origin: String, specification: Specification? = nil) {
        self.name = name
        self.origin = origin
        self.specification = specification
    }
}

/// What to resolve: the root requirements, the platform, external pods, and the versions a
/// `Podfile.lock` records (used only for pods no source holds).
public struct ResolveRequest: Sendable {
    public var requirements: [RootRequirement]
    /// The platform of the targets; specs that need a higher deployment target are skipped.
    public var platform: Platform?
    public var externalPods: [ExternalPod]
    /// Versions from `Podfile.lock`, by root name: the version an unmanaged pod is taken at.
    public var lockedVersions: [String: Version]
    /// Pod (root name) → the source name `SPEC REPOS` of Podfile.lock took it from: a locked
    /// pod is looked up only there, as CocoaPods gives each locked dependency the lock's
    /// `podspec_repo`. A pod's own `:source` wins over it.
    public var lockedSources: [String: String] = [:]
    /// What explanations call the root when no target is meant.
    public var rootName: String

    /// A request; only `requirements` is needed.
    public init(requirements: [RootRequirement], platform: Platform? = nil, externalPods: [ExternalPod] = [],
                lockedVersions: [String: Version] = [:], rootName: String = "the Podfile") {
        self.requirements = requirements
        self.platform = platform
        self.externalPods = externalPods
        self.lockedVersions = lockedVersions
        self.rootName = rootName
    }
}

/// A pod the resolution chose.
public struct ResolvedPod: Hashable, Sendable, Codable {
    public var name: String
    public var version: Version
    /// The source it comes from, or the external origin.
    public var source: String
    /// The subspecs in use, full names, sorted (`XXUIKit/Core`).
    public var subspecs: [String]
    public var isExternal: Bool

    /// A resolved pod from its parts.
    public init(name: String, version: Version, source: String, subspecs: [String] = [], isExternal: Bool = false) {
        self.name = name
        self.version = version
        self.source = source
        self.subspecs = subspecs
        self.isExternal = isExternal
    }
}

/// A pod no configured source holds (a public pod from trunk): compctl does not resolve it.
public struct UnmanagedPod: Hashable, Sendable, Codable {
    public var name: String
    /// The version `Podfile.lock` records, if any.
    public var lockedVersion: Version?

    /// The unmanaged pod `name`, at `lockedVersion` when `Podfile.lock` has one.
    public init(name: String, lockedVersion: Version?) {
        self.name = name
        self.lockedVersion = lockedVersion
    }
}

/// Something a resolution or a graph noticed that does not stop it.
public enum GraphWarning: Hashable, Sendable, CustomStringConvertible {
    /// The pod is in more than one source; the first one's versions win where they overlap.
    case shadowed(pod: String, sources: [String])
    /// A spec could not be read; that version was skipped.
    case unreadableSpec(pod: String, version: Version, message: String)
    /// An external pod came without a spec, so nothing it depends on was resolved.
    case externalWithoutSpec(pod: String, origin: String)

    public var description: String {
        switch self {
        case let .shadowed(pod, sources):
            return "\(pod) is in more than one source (\(sources.joined(separator: ", "))); "
                + "\(sources[0]) comes first, so a pod of the same name elsewhere can shadow it: "
                + "give the pod a `:source` in the Podfile or rename one of them"
        case let .unreadableSpec(pod, version, message):
            return "\(pod) (\(version)) was skipped because its spec cannot be read: \(message)"
        case let .externalWithoutSpec(pod, origin):
            return "\(pod) comes from \(origin) and its spec was not given, so its dependencies were not resolved"
        }
    }
}

/// The result of a resolution: the pods and versions, the pods left alone, and the graph.
public struct Resolution: Sendable {
    /// The resolved pods, by name.
    public var pods: [ResolvedPod]
    /// Pods no source holds, by name.
    public var unmanaged: [UnmanagedPod]
    public var warnings: [GraphWarning]
    /// The resolved graph: the root's requirements and every selected spec's dependencies.
    public var graph: DependencyGraph

    /// The version chosen for `pod`.
    public func version(of pod: String) -> Version? {
        pods.first { $0.name == pod }?.version
    }
}

/// Resolves root requirements against the sources as CocoaPods does: the highest allowed
/// version wins; every requirement on a pod holds; a prerelease is a candidate only when some
/// requirement on that pod names a prerelease; all subspecs of a pod share its version; specs
/// that need a higher deployment target are skipped. Conflicts are found and explained with
/// PubGrub.
public struct Resolver {
    public let catalog: PodCatalog

    /// A resolver over the sources of `catalog`, sharing what it has read.
    public init(catalog: PodCatalog) {
        self.catalog = catalog
    }

    /// A resolver over fresh sources.
    public init(providers: [any SpecProvider]) {
        self.init(catalog: PodCatalog(providers: providers))
    }

    /// Resolves `request`. Throws `GraphError.conflict` with the explanation when no
    /// solution exists, `GraphError` for bad input (a malformed requirement, an unknown
    /// `:source`), and `GraphError.unreadableSource` when a source fails to list a pod.
    public func resolve(_ request: ResolveRequest) throws -> Resolution {
        let catalog = self.catalog.catalog
        var sources: [String: Int] = [:]
        var problems: [GraphError] = []
        for requirement in request.requirements {
            for text in requirement.requirements {
                if case let .failure(error) = catalog.requirement(text) {
                    problems.append(.malformedRequirement(
                        pod: requirement.name, declaredBy: requirement.declaredBy, error.description))
                }
            }
            if let source = requirement.source {
                if let index = catalog.providerIndex(named: source) {
                    let root = PodName.root(of: requirement.name)
                    sources[root] = index
                    if catalog.universe(of: root, source: index) == nil,
                       !request.externalPods.contains(where: { $0.name == root }) {
                        problems.append(.notInSource(source, pod: requirement.name, declaredBy: requirement.declaredBy))
                    }
                } else {
                    problems.append(.unknownSource(source, pod: requirement.name, known: catalog.providers.map(\.name)))
                }
            }
        }
        for (pod, source) in request.lockedSources where sources[pod] == nil {
            if let index = catalog.providerIndex(named: source) { sources[pod] = index }
        }
        for external in request.externalPods {
            if let spec = external.specification, (try? Version(spec.version)) == nil {
                problems.append(.malformedExternalSpec(pod: external.name, origin: external.origin, version: spec.version))
            }
        }
        try catalog.checkSources()
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw GraphError.several(problems) }
        catalog.setExternals(request.externalPods)

        let roots = request.requirements.map {
            RootDependency(dependency: SpecDependency(name: $0.name, requirements: $0.requirements), declarer: $0.declaredBy)
        }
        let solver = PubGrubSolver(
            catalog: catalog, platform: request.platform, sources: sources, rootName: request.rootName, roots: roots)
        do {
            try solver.solve()
        } catch let failure as SolverFailure {
            // A conflict found without a source's answer is no conflict: the failure is the error.
            try catalog.checkSources()
            var explainer = Explainer(solver: solver)
            throw GraphError.conflict(explainer.explain(failure.incompatibility))
        }
        let resolution = ResolutionBuilder(solver: solver, request: request).build()
        try catalog.checkSources()
        return resolution
    }
}

/// Turns a solved solver into a `Resolution`.
private struct ResolutionBuilder {
    let solver: PubGrubSolver
    let request: ResolveRequest

    func build() -> Resolution {
        let catalog = solver.catalog
        var chosen: [String: (universe: PodUniverse, version: Int, paths: [String])] = [:]
        var packageOfPod: [Int: String] = [:]
        for (id, package) in solver.packages.enumerated() where solver.decided[id] >= 0 {
            if case let .pod(universe) = package.kind {
                chosen[universe.name] = (universe, solver.decided[id], [])
                packageOfPod[id] = universe.name
            }
        }
        for (id, package) in solver.packages.enumerated() where solver.decided[id] >= 0 {
            if case let .subspec(pod, path) = package.kind, let name = packageOfPod[pod] {
                chosen[name]?.paths.append(path)
            }
        }

        var pods: [ResolvedPod] = []
        var nodes: [DependencyGraph.Node] = []
        var edges: [DependencyGraph.Edge] = []
        var warnings: [GraphWarning] = []
        var unmanaged: Set<String> = []
        var externalsWithoutSpec: [ExternalPod] = []

        func note(_ dependency: SpecDependency) {
            let root = dependency.rootName
            if chosen[root] == nil {
                if let external = request.externalPods.first(where: { $0.name == root }), external.specification == nil {
                    if !externalsWithoutSpec.contains(where: { $0.name == root }) { externalsWithoutSpec.append(external) }
                } else if solver.universe(of: root) == nil {
                    unmanaged.insert(root)
                }
            }
        }

        for requirement in request.requirements {
            let dependency = SpecDependency(name: requirement.name, requirements: requirement.requirements)
            note(dependency)
            edges.append(DependencyGraph.Edge(
                from: requirement.declaredBy, isRoot: true, to: dependency.rootName, dependency: dependency.name,
                requirements: dependency.requirements, via: nil))
        }
        for name in chosen.keys.sorted() {
            let (universe, version, paths) = chosen[name]!
            let subspecs = paths.filter { !$0.isEmpty }.map { PodName.join(name, $0) }.sorted()
            let source = universe.external?.origin ?? catalog.providers[universe.providers[version]].name
            pods.append(ResolvedPod(name: name, version: universe.versions[version], source: source,
                                    subspecs: subspecs, isExternal: universe.external != nil))
            nodes.append(DependencyGraph.Node(
                name: name, version: universe.versions[version], source: source,
                kind: universe.external != nil ? .external : .managed, subspecs: subspecs))
            if universe.external == nil, universe.holders.count > 1, solver.sources[name] == nil {
                warnings.append(.shadowed(pod: name, sources: universe.holders.map { catalog.providers[$0].name }))
            }
            guard let model = catalog.spec(universe, version).model else { continue }
            var seen = Set<SpecDependency>()
            let features = [(nil as String?, model.rootFeature)]
                + paths.sorted().compactMap { path in model.feature(at: path).map { (path.isEmpty ? nil : PodName.join(name, path), $0) } }
            for (via, feature) in features {
                for dependency in feature.dependencies where seen.insert(dependency).inserted {
                    note(dependency)
                    edges.append(DependencyGraph.Edge(
                        from: name, isRoot: false, to: dependency.rootName, dependency: dependency.name,
                        requirements: dependency.requirements, via: via))
                }
            }
        }
        for name in unmanaged.sorted() {
            nodes.append(DependencyGraph.Node(
                name: name, version: request.lockedVersions[name], source: nil, kind: .unmanaged, subspecs: []))
        }
        for external in externalsWithoutSpec.sorted(by: { $0.name < $1.name }) {
            nodes.append(DependencyGraph.Node(
                name: external.name, version: nil, source: external.origin, kind: .external, subspecs: []))
            warnings.append(.externalWithoutSpec(pod: external.name, origin: external.origin))
        }
        for failure in catalog.failures where chosen[failure.pod] != nil || solver.universe(of: failure.pod) != nil {
            let warning = GraphWarning.unreadableSpec(pod: failure.pod, version: failure.version, message: failure.message)
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        return Resolution(
            pods: pods,
            unmanaged: unmanaged.sorted().map { UnmanagedPod(name: $0, lockedVersion: request.lockedVersions[$0]) },
            warnings: warnings,
            graph: DependencyGraph(scope: .podfile, nodes: nodes, edges: edges))
    }
}

import Podspec
import Versioning

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
        var builder = ResolutionBuilder(solver: solver, request: request)
        let resolution = builder.build()
        try catalog.checkSources()
        return resolution
    }
}

/// Turns a solved solver into a `Resolution`: the chosen pods, the graph's nodes and edges,
/// and the warnings (shadowed pods, externals without a spec, unreadable specs).
private struct ResolutionBuilder {
    let solver: PubGrubSolver
    let request: ResolveRequest
    /// Each chosen pod's universe, version index and chosen subspec paths.
    private let chosen: [String: (universe: PodUniverse, version: Int, paths: [String])]
    private var pods: [ResolvedPod] = []
    private var nodes: [DependencyGraph.Node] = []
    private var edges: [DependencyGraph.Edge] = []
    private var warnings: [GraphWarning] = []
    private var unmanaged: Set<String> = []
    private var externalsWithoutSpec: [ExternalPod] = []

    init(solver: PubGrubSolver, request: ResolveRequest) {
        self.solver = solver
        self.request = request
        self.chosen = Self.chosenPods(solver)
    }

    mutating func build() -> Resolution {
        for requirement in request.requirements {
            let dependency = SpecDependency(name: requirement.name, requirements: requirement.requirements)
            note(dependency)
            edges.append(DependencyGraph.Edge(
                from: requirement.declaredBy, isRoot: true, to: dependency.rootName, dependency: dependency.name,
                requirements: dependency.requirements, via: nil))
        }
        for name in chosen.keys.sorted() { addChosenPod(name) }
        addPodsOutsideTheSources()
        return Resolution(
            pods: pods,
            unmanaged: unmanaged.sorted().map { UnmanagedPod(name: $0, lockedVersion: request.lockedVersions[$0]) },
            warnings: warnings,
            graph: DependencyGraph(scope: .podfile, nodes: nodes, edges: edges))
    }

    /// The decided pods with the subspec paths decided for each.
    private static func chosenPods(_ solver: PubGrubSolver) -> [String: (universe: PodUniverse, version: Int, paths: [String])] {
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
        return chosen
    }

    /// Remembers a dependency on a pod nothing chose: an external pod without a spec, or
    /// one no source holds (unmanaged).
    private mutating func note(_ dependency: SpecDependency) {
        let root = dependency.rootName
        guard chosen[root] == nil else { return }
        if let external = request.externalPods.first(where: { $0.name == root }), external.specification == nil {
            if !externalsWithoutSpec.contains(where: { $0.name == root }) { externalsWithoutSpec.append(external) }
        } else if solver.universe(of: root) == nil {
            unmanaged.insert(root)
        }
    }

    /// A chosen pod: its node, a warning when several sources hold it, and the edges of
    /// its root spec and chosen subspecs.
    private mutating func addChosenPod(_ name: String) {
        let catalog = solver.catalog
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
        guard let model = catalog.spec(universe, version).model else { return }
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

    /// The unmanaged pods and the externals without a spec as nodes, and the specs that
    /// could not be read as warnings.
    private mutating func addPodsOutsideTheSources() {
        for name in unmanaged.sorted() {
            nodes.append(DependencyGraph.Node(
                name: name, version: request.lockedVersions[name], source: nil, kind: .unmanaged, subspecs: []))
        }
        for external in externalsWithoutSpec.sorted(by: { $0.name < $1.name }) {
            nodes.append(DependencyGraph.Node(
                name: external.name, version: nil, source: external.origin, kind: .external, subspecs: []))
            warnings.append(.externalWithoutSpec(pod: external.name, origin: external.origin))
        }
        for failure in solver.catalog.failures where chosen[failure.pod] != nil || solver.universe(of: failure.pod) != nil {
            let warning = GraphWarning.unreadableSpec(pod: failure.pod, version: failure.version, message: failure.message)
            if !warnings.contains(warning) { warnings.append(warning) }
        }
    }
}

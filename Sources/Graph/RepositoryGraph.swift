import Podspec
import Versioning

extension PodCatalog {
    /// The graph of the newest release of every pod in the sources (`compctl graph` without
    /// a Podfile): each pod's dependencies from its root spec and from every subspec, since
    /// any of them may be used. A pod with only prereleases is taken at its newest one; a
    /// newest release whose spec cannot be read is skipped for the next one, with a warning.
    /// Throws `GraphError.unreadableSource` when a source fails to list its pods or versions.
    public func newestReleaseGraph() throws -> (graph: DependencyGraph, warnings: [GraphWarning]) {
        var nodes: [DependencyGraph.Node] = []
        var edges: [DependencyGraph.Edge] = []
        var warnings: [GraphWarning] = []
        let names = catalog.allPodNames()
        try catalog.checkSources()
        // Each pod's first choice is read ahead, spread over the cores, while the loop below
        // takes them in order; a source that reads one spec at a time ignores the hint.
        for name in names {
            guard let universe = catalog.universe(of: name), let first = newestFirst(universe).first else { continue }
            catalog.prefetchSpecs(universe, [first])
        }
        for name in names {
            guard let universe = catalog.universe(of: name) else { continue }
            var candidates = newestFirst(universe)
            var chosen: (index: Int, model: SpecModel)?
            while !candidates.isEmpty, chosen == nil {
                let index = candidates.removeFirst()
                switch catalog.spec(universe, index) {
                case let .loaded(model): chosen = (index, model)
                case let .failed(message):
                    warnings.append(.unreadableSpec(pod: name, version: universe.versions[index], message: message))
                }
            }
            guard let (index, model) = chosen else { continue }
            nodes.append(DependencyGraph.Node(
                name: name, version: universe.versions[index], source: catalog.providers[universe.providers[index]].name,
                kind: .managed))
            var seen = Set<SpecDependency>()
            for path in model.nodes.keys.sorted(by: { Podspec.PodName.bytewiseLess($0, $1) }) {
                for dependency in model.nodes[path]!.dependencies
                where dependency.rootName != name && seen.insert(dependency).inserted {
                    edges.append(DependencyGraph.Edge(
                        from: name, isRoot: false, to: dependency.rootName, dependency: dependency.name,
                        requirements: dependency.requirements, via: path.isEmpty ? nil : PodName.join(name, path)))
                }
            }
        }
        let known = Set(nodes.map(\.name))
        var unmanaged: [String] = []
        for edge in edges where !known.contains(edge.to) && !unmanaged.contains(edge.to) {
            unmanaged.append(edge.to)
        }
        for name in unmanaged {
            nodes.append(DependencyGraph.Node(name: name, version: nil, source: nil, kind: .unmanaged))
        }
        try catalog.checkSources()
        return (DependencyGraph(scope: .repository, nodes: nodes, edges: edges), warnings)
    }

    /// The versions of `universe` in the order the graph tries them: releases newest first,
    /// then prereleases newest first.
    private func newestFirst(_ universe: PodUniverse) -> [Int] {
        universe.releases.indices.reversed() + universe.all.subtracting(universe.releases).indices.reversed()
    }
}

import Graph
import Versioning

/// Swift packages as `Graph`'s dependency graphs, so that `graph`, `why`, `--affected` and
/// every output format work on them: nodes are package identities, edges carry the
/// requirement as a short label (`from 1.2.0`).
public enum PackageGraphs {
    /// A package version in Graph's terms (CocoaPods' `Version` reads SwiftPM's versions).
    static func graphVersion(_ version: SemanticVersion?) -> Versioning.Version? {
        version.flatMap { try? Versioning.Version($0.description) }
    }

    private static func edge(from: String, isRoot: Bool, _ dependency: PackageDependencyDeclaration) -> DependencyGraph.Edge {
        DependencyGraph.Edge(from: from, isRoot: isRoot, to: dependency.identity.description,
                             dependency: dependency.identity.description,
                             requirements: [dependency.requirement?.label ?? "path \(dependency.location)"], via: nil)
    }

    /// The graph of a project's resolution: `declarer` (`package 'App'`) and the packages
    /// with their versions and their dependencies at those versions.
    public static func resolved(_ resolution: PackageResolution, root: RootPackage, declarer: String) -> DependencyGraph {
        var edges = root.dependencies.map { edge(from: declarer, isRoot: true, $0) }
        for package in resolution.packages {
            edges += package.dependencies.map { edge(from: package.identity.description, isRoot: false, $0) }
        }
        let nodes = resolution.packages.map { package in
            DependencyGraph.Node(name: package.identity.description, version: graphVersion(package.state.version),
                                 source: package.location, kind: .managed)
        }
        return DependencyGraph(scope: .podfile, nodes: nodes, edges: edges)
    }

    /// The newest release of every component package and what it depends on.
    public static func newestReleases(_ components: ComponentPackages) -> DependencyGraph {
        let nodes = components.components.map { component in
            DependencyGraph.Node(name: component.identity.description, version: graphVersion(component.newest?.version),
                                 source: component.location, kind: .managed)
        }
        let edges = components.components.flatMap { component in
            component.dependencies.map { edge(from: component.identity.description, isRoot: false, $0) }
        }
        return DependencyGraph(scope: .repository, nodes: nodes, edges: edges)
    }
}

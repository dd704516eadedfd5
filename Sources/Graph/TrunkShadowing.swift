import Versioning

extension GraphChecker {
    /// The pods of `graph` taken from a private source that `trunk` holds too: a Podfile that
    /// reads trunk gets trunk's pod of that name when trunk has a higher version (CocoaPods
    /// issue #10539, dependency confusion). Asks `trunk` for each pod's versions, never for a
    /// listing. Throws `GraphError.unreadableSource` when trunk cannot tell.
    public static func trunkShadowing(in graph: DependencyGraph, trunk: any SpecProvider) throws -> [GraphProblem] {
        let managed = graph.nodes.filter { $0.kind == .managed && $0.source != trunk.name }
        trunk.prefetch(managed.map { SpecDependency(name: $0.name) })
        var problems: [GraphProblem] = []
        for node in managed {
            let versions: [Version]
            do {
                versions = try trunk.versions(of: node.name)
            } catch {
                throw GraphError.unreadableSource(source: trunk.name, pod: node.name, message: String(describing: error))
            }
            guard let highest = versions.max() else { continue }
            problems.append(GraphProblem(
                kind: .shadowing,
                message: "\(node.name) is a private pod of \(node.source ?? "a private source") that \(trunk.name) also holds "
                    + "(up to \(highest)): a Podfile that reads \(trunk.name) takes its \(node.name) when that version is "
                    + "higher (dependency confusion, CocoaPods issue #10539); give the pod a `:source` in the Podfile, "
                    + "or rename it",
                pods: [node.name]))
        }
        return problems
    }
}

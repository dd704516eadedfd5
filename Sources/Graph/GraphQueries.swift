import Podspec

/// One path through the graph to a pod: where it starts (a Podfile target, or a pod nothing
/// depends on) and the requirement of each edge taken.
public struct DependencyPath: Hashable, Sendable, Codable, CustomStringConvertible {
    public var start: String
    public var edges: [DependencyGraph.Edge]

    /// A path from `start` along `edges`.
    public init(start: String, edges: [DependencyGraph.Edge]) {
        self.start = start
        self.edges = edges
    }

    /// `target 'AcmeApp' → XXCart (= 1.2.1) → XXPay (~> 2.0)`.
    public var description: String {
        ([start] + edges.map(\.requirementLabel)).joined(separator: " → ")
    }
}

/// `compctl why NAME`: every path from the roots to a pod.
public struct WhyResult: Sendable, Equatable {
    public var pod: DependencyGraph.Node
    public var paths: [DependencyPath]
    /// Whether there were more paths than the limit.
    public var isTruncated: Bool

    /// The paths found to `pod`.
    public init(pod: DependencyGraph.Node, paths: [DependencyPath], isTruncated: Bool) {
        self.pod = pod
        self.paths = paths
        self.isTruncated = isTruncated
    }
}

/// `compctl graph --affected NAME`: the pods that depend on a pod, directly or not, in
/// waves a CI matrix can run in order: a pod of wave n depends on the changed pod only
/// through pods of earlier waves (pods depending on each other share a wave).
public struct AffectedWaves: Sendable, Equatable, Codable {
    public var pod: String
    /// Each wave's pods, sorted by name; wave 1 first.
    public var waves: [[String]]

    /// The waves of the pods affected by `pod`.
    public init(pod: String, waves: [[String]]) {
        self.pod = pod
        self.waves = waves
    }

    /// The waves as the outputs number them: wave 0 is the changed pod itself, so that even
    /// a pod nothing depends on has a wave (a CI matrix is never empty), then wave 1 on.
    public var numbered: [(wave: Int, pods: [String])] {
        ([[pod]] + waves).enumerated().map { (wave: $0.offset, pods: $0.element) }
    }
}

extension DependencyGraph {
    /// Every path from the roots to `name`: from each Podfile target in a Podfile graph, from
    /// each pod that nothing depends on in the repository graph. Paths never visit a pod
    /// twice; at most `limit` are returned.
    public func why(_ name: String, limit: Int = 1000) throws -> WhyResult {
        guard let target = node(named: name) else { throw GraphError.unknownPod(name) }
        var outgoing: [String: [Edge]] = [:]
        var incoming: [String: [Edge]] = [:]
        for edge in edges {
            outgoing[edge.from, default: []].append(edge)
            incoming[edge.to, default: []].append(edge)
        }
        // Only what can reach the pod is explored, so the search does not wander.
        var reaches: Set<String> = [name]
        var queue = [name]
        while let current = queue.popLast() {
            for edge in incoming[current] ?? [] where reaches.insert(edge.from).inserted {
                queue.append(edge.from)
            }
        }
        let starts: [String]
        switch scope {
        case .podfile:
            starts = declarers
        case .repository:
            let depended = Set(edges.map(\.to))
            starts = nodes.map(\.name).filter { !depended.contains($0) && $0 != name }
        }
        var paths: [DependencyPath] = []
        var truncated = false
        for start in starts where reaches.contains(start) {
            var path: [Edge] = []
            var visited: Set<String> = [start]
            func visit(_ current: String) {
                if truncated { return }
                var seen = Set<String>()
                for edge in outgoing[current] ?? [] where reaches.contains(edge.to) && !visited.contains(edge.to) {
                    // One edge per pod pair: a pod depending on another through several
                    // subspecs is one step.
                    guard seen.insert(edge.to).inserted else { continue }
                    path.append(edge)
                    if edge.to == name {
                        if paths.count == limit {
                            truncated = true
                        } else {
                            paths.append(DependencyPath(start: start, edges: path))
                        }
                    } else {
                        visited.insert(edge.to)
                        visit(edge.to)
                        visited.remove(edge.to)
                    }
                    path.removeLast()
                }
            }
            visit(start)
        }
        return WhyResult(pod: target, paths: paths, isTruncated: truncated)
    }

    /// The pods that depend on `name`, directly or through others, in topological waves.
    public func affected(by name: String) throws -> AffectedWaves {
        guard node(named: name) != nil else { throw GraphError.unknownPod(name) }
        var dependents: [String: [String]] = [:]
        var dependencies: [String: [String]] = [:]
        for edge in edges where !edge.isRoot {
            dependents[edge.to, default: []].append(edge.from)
            dependencies[edge.from, default: []].append(edge.to)
        }
        var affected = Set<String>()
        var queue = [name]
        while let current = queue.popLast() {
            for dependent in dependents[current] ?? [] where dependent != name && affected.insert(dependent).inserted {
                queue.append(dependent)
            }
        }
        // Components of the affected pods with the changed pod left out: cycles through it
        // are broken there, the rest condense into a DAG whose longest path to the changed
        // pod is the wave.
        let subgraph = DependencyGraph(
            scope: scope,
            nodes: nodes.filter { affected.contains($0.name) },
            edges: edges.filter { !$0.isRoot && affected.contains($0.from) && affected.contains($0.to) })
        let components = subgraph.stronglyConnectedComponents()
        var componentOf: [String: Int] = [:]
        for (index, component) in components.enumerated() {
            for member in component { componentOf[member] = index }
        }
        // Tarjan emits a component only after every component it depends on.
        var wave = Array(repeating: 1, count: components.count)
        for (index, component) in components.enumerated() {
            for member in component {
                for dependency in dependencies[member] ?? [] {
                    guard let other = componentOf[dependency], other != index else { continue }
                    wave[index] = max(wave[index], wave[other] + 1)
                }
            }
        }
        var waves: [[String]] = Array(repeating: [], count: wave.max() ?? 0)
        for (index, component) in components.enumerated() { waves[wave[index] - 1] += component }
        return AffectedWaves(pod: name, waves: waves.map { $0.sorted { Podspec.PodName.bytewiseLess($0, $1) } })
    }
}

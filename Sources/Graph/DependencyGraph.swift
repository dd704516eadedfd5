import Podspec
import Versioning

/// A dependency graph of pods: either the newest release of every pod in the sources, or the
/// pods a Podfile resolves to together with the Podfile's own requirements. The checks,
/// `why`, `affected` and every output format work on it.
public struct DependencyGraph: Sendable, Equatable {
    /// Which graph this is.
    public enum Scope: String, Sendable, Codable {
        /// The newest release of every pod in the sources.
        case repository
        /// What a Podfile resolves to.
        case podfile
    }

    /// One pod.
    public struct Node: Hashable, Sendable, Codable {
        /// Where a pod comes from.
        public enum Kind: String, Hashable, Sendable, Codable {
            /// From a configured source.
            case managed
            /// No source holds it (a public pod): not resolved, never a problem.
            case unmanaged
            /// From an external source (`:path`, `:git`, `:podspec`).
            case external
        }

        public var name: String
        /// The version in the graph; nil for an unmanaged pod without a lock, or an external
        /// pod without a spec.
        public var version: Version?
        /// The source name or external origin.
        public var source: String?
        public var kind: Kind
        /// The subspecs in use (Podfile scope), full names.
        public var subspecs: [String]
        /// With a binary channel, where the pod comes from and why (`binary`,
        /// `source (dev pod)`, `source (no binary of 1.0.0)`); nil without one.
        public var channel: String?

        /// A node from its parts.
        public init(name: String, version: Version?, source: String?, kind: Kind, subspecs: [String] = [],
                    channel: String? = nil) {
            self.name = name
            self.version = version
            self.source = source
            self.kind = kind
            self.subspecs = subspecs
            self.channel = channel
        }

        /// `XXCart (1.2.1)`, or the bare name without a version.
        public var label: String {
            version.map { "\(name) (\($0))" } ?? name
        }
    }

    /// One requirement: a pod (or a Podfile target) depends on a pod.
    public struct Edge: Hashable, Sendable, Codable {
        /// The depending pod, or the declarer of a root requirement (`target 'AcmeApp'`).
        public var from: String
        /// Whether `from` is a declarer of the Podfile rather than a pod.
        public var isRoot: Bool
        /// The pod depended on (a root name).
        public var to: String
        /// The dependency as written, `XXUIKit/Core` for a subspec.
        public var dependency: String
        /// Its requirement strings as written.
        public var requirements: [String]
        /// The subspec of `from` that states it, when not the root spec.
        public var via: String?

        /// An edge from its parts.
        public init(from: String, isRoot: Bool, to: String, dependency: String, requirements: [String], via: String?) {
            self.from = from
            self.isRoot = isRoot
            self.to = to
            self.dependency = dependency
            self.requirements = requirements
            self.via = via
        }

        /// `XXPay (~> 2.0)` or `XXLogger`: the dependency with its requirements.
        public var requirementLabel: String {
            requirements.isEmpty ? dependency : "\(dependency) (\(requirements.map(Self.display).joined(separator: ", ")))"
        }

        /// A requirement as CocoaPods prints it (`= 1.0` for `1.0`).
        static func display(_ text: String) -> String {
            (try? Requirement(text))?.description ?? text
        }
    }

    public var scope: Scope
    /// Pods, sorted by name.
    public var nodes: [Node]
    /// Edges, in the order the depending specs list them, pods sorted by name.
    public var edges: [Edge]

    /// A graph of `nodes` (sorted here by name) and `edges` (kept in order).
    public init(scope: Scope, nodes: [Node], edges: [Edge]) {
        self.scope = scope
        self.nodes = nodes.sorted { Podspec.PodName.bytewiseLess($0.name, $1.name) }
        self.edges = edges
    }

    /// The node called `name`.
    public func node(named name: String) -> Node? {
        nodes.first { $0.name == name }
    }

    /// The declarers of root requirements (Podfile scope), in order of appearance.
    public var declarers: [String] {
        var seen = Set<String>()
        return edges.filter { $0.isRoot && seen.insert($0.from).inserted }.map(\.from)
    }
}

extension DependencyGraph {
    /// The strongly connected components of the pod graph (Tarjan's algorithm, iterative so
    /// that long chains cannot overflow the stack), each sorted by name,
    /// a component always after the components it depends on.
    func stronglyConnectedComponents() -> [[String]] {
        let names = nodes.map(\.name)
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var successors = Array(repeating: [Int](), count: names.count)
        for edge in edges where !edge.isRoot {
            if let from = index[edge.from], let to = index[edge.to] { successors[from].append(to) }
        }
        var order = Array(repeating: -1, count: names.count)
        var low = Array(repeating: 0, count: names.count)
        var onStack = Array(repeating: false, count: names.count)
        var stack: [Int] = []
        var counter = 0
        var components: [[String]] = []
        for start in names.indices where order[start] < 0 {
            var work: [(node: Int, next: Int)] = [(start, 0)]
            order[start] = counter
            low[start] = counter
            counter += 1
            stack.append(start)
            onStack[start] = true
            while let (node, next) = work.last {
                if next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = successors[node][next]
                    if order[successor] < 0 {
                        order[successor] = counter
                        low[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        low[node] = min(low[node], order[successor])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last { low[parent.node] = min(low[parent.node], low[node]) }
                    if low[node] == order[node] {
                        var component: [String] = []
                        while true {
                            let member = stack.removeLast()
                            onStack[member] = false
                            component.append(names[member])
                            if member == node { break }
                        }
                        components.append(component.sorted { Podspec.PodName.bytewiseLess($0, $1) })
                    }
                }
            }
        }
        return components
    }

}

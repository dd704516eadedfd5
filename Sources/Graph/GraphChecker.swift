import Podspec
import Versioning

/// One architecture layer for the layer check, lowest first in the list: a pod may depend
/// only on pods of lower layers, and on pods of its own layer when `allowSameLayer` is set.
public struct LayerRule: Sendable {
    public var name: String
    /// Whether a pod (a root name) belongs to the layer; the first layer that contains a
    /// pod is its layer.
    public var contains: @Sendable (String) -> Bool
    public var allowSameLayer: Bool

    /// A layer called `name` holding the pods `contains` accepts.
    public init(name: String, allowSameLayer: Bool, contains: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.contains = contains
        self.allowSameLayer = allowSameLayer
    }
}

/// The checks of `compctl graph --check`: cycles, unsatisfiable requirements, version skew,
/// layer breaches, rc leaks, interface-rule breaches and shadowed pods. Every problem is
/// listed; pods no source holds (unmanaged) never cause one.
public struct GraphChecker {
    public let catalog: PodCatalog
    public var layers: [LayerRule]
    /// The suffix of interface pods (`Protocols`); nil turns the interface rule off.
    public var interfaceSuffix: String?
    /// The prerelease label of release candidates (compctl.yml's `rc_label`).
    public var rcLabel = "rc"
    /// Sources whose pods are twins of another source's (the binary spec repo): a pod held
    /// by one other source and such a twin is not shadowed, unless the twin comes first.
    public var twinSources: Set<String> = []

    /// Checks over graphs of `catalog`'s pods, with `layers` lowest first and the interface
    /// rule for pods ending in `interfaceSuffix`.
    public init(catalog: PodCatalog, layers: [LayerRule] = [], interfaceSuffix: String? = nil) {
        self.catalog = catalog
        self.layers = layers
        self.interfaceSuffix = interfaceSuffix
    }

    /// Every problem in `graph`, by kind, then by pod. Throws `GraphError.unreadableSource`
    /// when a source fails to list a pod the checks look up.
    public func problems(in graph: DependencyGraph) throws -> [GraphProblem] {
        let context = CheckContext(graph: graph, catalog: catalog.catalog)
        var problems = cycles(context)
        if graph.scope == .repository { problems += unsatisfiable(context) }
        problems += skew(context)
        problems += layerBreaches(context)
        problems += rcLeaks(context)
        problems += interfaceBreaches(context)
        problems += shadowing(context)
        try catalog.catalog.checkSources()
        return problems
    }

    // MARK: - Cycles

    /// Each strongly connected component of pods, with one concrete cycle through it.
    func cycles(_ context: CheckContext) -> [GraphProblem] {
        var problems: [GraphProblem] = []
        for component in context.stronglyConnectedComponents() {
            let members = Set(component)
            guard members.count > 1 || context.edges(from: component[0]).contains(where: { $0.to == component[0] }) else {
                continue
            }
            let start = component.min { Podspec.PodName.bytewiseLess($0, $1) }!
            let path = context.shortestCycle(from: start, within: members)
            var text = context.label(start)
            for edge in path { text += " → " + context.requirementLabel(edge) }
            let onPath = Set(path.map(\.to))
            let others = members.subtracting(onPath).sorted { Podspec.PodName.bytewiseLess($0, $1) }
            if !others.isEmpty {
                text += " (\(context.list(others)) \(others.count == 1 ? "is" : "are") in the same cycle)"
            }
            problems.append(GraphProblem(
                kind: .cycle, message: text, pods: Array(members),
                links: path.map { GraphProblem.Link(from: $0.from, to: $0.to) }))
        }
        return problems.sorted { Podspec.PodName.bytewiseLess($0.message, $1.message) }
    }

    // MARK: - Unsatisfiable requirements

    /// Requirements of the newest releases that no version meets, or that cannot hold
    /// together: several requirements of one pod on one pod with no version in common.
    func unsatisfiable(_ context: CheckContext) -> [GraphProblem] {
        var problems: [GraphProblem] = []
        let catalog = context.catalog
        for node in context.graph.nodes where node.kind != .unmanaged {
            var byTarget: [String: [(edge: DependencyGraph.Edge, versions: VersionSet)]] = [:]
            var targets: [String] = []
            for edge in context.edges(from: node.name) {
                guard let universe = context.universe(edge.to) else { continue }
                let who = "\(node.label) requires \(context.requirementLabel(edge))"
                guard case let .success(raw) = catalog.matching(universe, edge.requirements) else {
                    problems.append(GraphProblem(
                        kind: .unsatisfiable, message: "\(who), which is not a valid requirement; fix the podspec",
                        pods: [node.name, edge.to]))
                    continue
                }
                let versions = catalog.namesPrerelease(edge.requirements) ? raw : raw.intersection(universe.releases)
                if versions.isEmpty {
                    let reason = raw.isEmpty
                        ? "which no version of \(edge.to) satisfies"
                        : "which only pre-release versions of \(edge.to) satisfy, and it names none"
                    problems.append(GraphProblem(kind: .unsatisfiable, message: "\(who), \(reason)", pods: [node.name, edge.to]))
                    continue
                }
                let path = PodName.subspecPath(of: edge.dependency)
                if !path.isEmpty, !versions.indices.reversed().contains(where: { catalog.spec(universe, $0).model?.feature(at: path) != nil }) {
                    problems.append(GraphProblem(
                        kind: .unsatisfiable,
                        message: "\(who), but no version of \(edge.to) it allows has the subspec \(edge.dependency)",
                        pods: [node.name, edge.to]))
                    continue
                }
                if byTarget[edge.to] == nil { targets.append(edge.to) }
                byTarget[edge.to, default: []].append((edge, versions))
            }
            for target in targets where byTarget[target]!.count > 1 {
                let entries = byTarget[target]!
                let common = entries.dropFirst().reduce(entries[0].versions) { $0.intersection($1.versions) }
                if common.isEmpty {
                    let labels = entries.map { context.requirementLabel($0.edge) }
                    problems.append(GraphProblem(
                        kind: .unsatisfiable,
                        message: "\(node.label) requires \(context.list(labels)), which cannot hold together: "
                            + "no version of \(target) satisfies all of them",
                        pods: [node.name, target]))
                }
            }
        }
        return problems
    }

    // MARK: - Skew

    /// Consumers of one pod whose requirements have no version in common.
    func skew(_ context: CheckContext) -> [GraphProblem] {
        var problems: [GraphProblem] = []
        let catalog = context.catalog
        for target in context.graph.nodes where target.kind != .unmanaged {
            guard let universe = context.universe(target.name) else { continue }
            // Each consumer's requirements on the target together, grouped by the versions they allow.
            var consumers: [(name: String, label: String, text: String, versions: VersionSet)] = []
            for (from, edges) in context.edges(to: target.name) {
                var versions = universe.all
                var texts: [String] = []
                for edge in edges {
                    guard case let .success(raw) = catalog.matching(universe, edge.requirements) else { continue }
                    versions = versions.intersection(raw)
                    if !edge.requirements.isEmpty { texts.append(catalog.display(edge.requirements)) }
                }
                if versions.isEmpty { continue }
                consumers.append((from, context.label(from), texts.isEmpty ? "any version" : texts.joined(separator: ", "), versions))
            }
            var groups: [(versions: VersionSet, members: [(name: String, label: String, text: String)])] = []
            for consumer in consumers {
                if let index = groups.firstIndex(where: { $0.versions == consumer.versions }) {
                    groups[index].members.append((consumer.name, consumer.label, consumer.text))
                } else {
                    groups.append((consumer.versions, [(consumer.name, consumer.label, consumer.text)]))
                }
            }
            for first in groups.indices {
                for second in groups.indices where second > first && groups[first].versions.isDisjoint(with: groups[second].versions) {
                    func side(_ members: [(name: String, label: String, text: String)]) -> String {
                        let verb = members.count == 1 ? "requires" : "require"
                        return "\(context.list(members.map(\.label))) \(verb) \(members[0].text)"
                    }
                    let (a, b) = (groups[first].members, groups[second].members)
                    problems.append(GraphProblem(
                        kind: .skew,
                        message: "\(target.name): \(side(a)) but \(side(b)); no version of \(target.name) satisfies both",
                        pods: [target.name] + a.map(\.name).filter { !context.isDeclarer($0) } + b.map(\.name).filter { !context.isDeclarer($0) }))
                }
            }
        }
        return problems
    }

    // MARK: - Layers

    /// Pods depending on a higher layer, or on their own layer where it is not allowed.
    func layerBreaches(_ context: CheckContext) -> [GraphProblem] {
        guard !layers.isEmpty else { return [] }
        var problems: [GraphProblem] = []
        var layerOf: [String: Int?] = [:]
        func layer(_ pod: String) -> Int? {
            if let known = layerOf[pod] { return known }
            let found = layers.firstIndex { $0.contains(pod) }
            layerOf[pod] = found
            return found
        }
        for node in context.graph.nodes where node.kind != .unmanaged {
            guard let from = layer(node.name) else { continue }
            var seen = Set<String>()
            for edge in context.edges(from: node.name) where edge.to != node.name && seen.insert(edge.to).inserted {
                guard context.node(edge.to)?.kind != .unmanaged, let to = layer(edge.to) else { continue }
                let subject = "\(node.label) in layer \(layers[from].name) depends on \(context.requirementLabel(edge))"
                let link = [GraphProblem.Link(from: node.name, to: edge.to)]
                if from < to {
                    problems.append(GraphProblem(
                        kind: .layer, message: "\(subject) in the higher layer \(layers[to].name)", pods: [node.name, edge.to],
                        links: link))
                } else if from == to && !layers[from].allowSameLayer {
                    problems.append(GraphProblem(
                        kind: .layer,
                        message: "\(subject) in the same layer, which does not allow dependencies within it",
                        pods: [node.name, edge.to], links: link))
                }
            }
        }
        return problems
    }

    // MARK: - rc leaks

    /// A prerelease one consumer asks for by name that others, which asked only for a
    /// release range, get too (or would get, in the repository graph). Every prerelease
    /// leaks by the resolver's rule; only one with the rc label is called a release candidate.
    func rcLeaks(_ context: CheckContext) -> [GraphProblem] {
        var problems: [GraphProblem] = []
        let catalog = context.catalog
        let resolved = context.graph.scope == .podfile
        for target in context.graph.nodes where target.kind == .managed {
            guard let universe = context.universe(target.name) else { continue }
            let incoming = context.edges(to: target.name)
            var askers: [(name: String, text: String)] = []
            var leaked: [(name: String, text: String)] = []
            var rc: Version?
            func entry(_ from: String, _ texts: [String]) -> (name: String, text: String) {
                (from, texts.isEmpty ? "any version" : catalog.display(texts))
            }
            if resolved {
                guard let version = target.version, version.isPrerelease else { continue }
                rc = version
                for (from, edges) in incoming {
                    let texts = edges.flatMap(\.requirements)
                    if catalog.namesPrerelease(texts) { askers.append(entry(from, texts)) } else { leaked.append(entry(from, texts)) }
                }
            } else {
                // The rc consumers name; the others whose ranges hold it would get it too.
                for (from, edges) in incoming {
                    let texts = edges.flatMap(\.requirements)
                    guard catalog.namesPrerelease(texts), case let .success(raw) = catalog.matching(universe, texts),
                          let highest = raw.subtracting(universe.releases).last else { continue }
                    if rc == nil || universe.versions[highest] > rc! { rc = universe.versions[highest] }
                    askers.append(entry(from, texts))
                }
                guard let named = rc, let index = universe.index(of: named) else { continue }
                for (from, edges) in incoming {
                    let texts = edges.flatMap(\.requirements)
                    guard !catalog.namesPrerelease(texts), case let .success(raw) = catalog.matching(universe, texts),
                          raw.contains(index) else { continue }
                    leaked.append(entry(from, texts))
                }
            }
            guard let rc, !askers.isEmpty, !leaked.isEmpty else { continue }
            let asking = context.list(askers.map { "\(context.label($0.name)) with \($0.text)" })
            let getting = context.list(leaked.map { "\(context.label($0.name)) with \($0.text)" })
            let one = leaked.count == 1
            problems.append(GraphProblem(
                kind: .rcLeak,
                message: "\(target.name) \(rc) is a \(rc.isReleaseCandidate(label: rcLabel) ? "release candidate" : "prerelease"): \(asking) \(askers.count == 1 ? "asks" : "ask") for it by name, "
                    + "and \(getting) \(resolved ? (one ? "gets" : "get") : "would get") it too although "
                    + "\(one ? "it asks" : "they ask") only for a release range",
                pods: [target.name] + (askers + leaked).map(\.name).filter { !context.isDeclarer($0) }))
        }
        return problems
    }

    // MARK: - Interface rule

    /// Interface pods (`<Implementation><suffix>`) with another major version than their
    /// implementation, or with a patch release.
    func interfaceBreaches(_ context: CheckContext) -> [GraphProblem] {
        guard let suffix = interfaceSuffix, !suffix.isEmpty else { return [] }
        var problems: [GraphProblem] = []
        for node in context.graph.nodes where node.kind != .unmanaged && node.name.hasSuffix(suffix) && node.name.count > suffix.count {
            guard let version = node.version else { continue }
            let implementationName = String(node.name.dropLast(suffix.count))
            if let implementation = context.node(implementationName), let other = implementation.version,
               other.major != version.major {
                problems.append(GraphProblem(
                    kind: .interface,
                    message: "\(node.label) is the interface of \(implementation.label) and must share its major version \(other.major)",
                    pods: [node.name, implementationName]))
            }
            if version.patch != 0 {
                problems.append(GraphProblem(
                    kind: .interface,
                    message: "\(node.label) is an interface pod, which has no patch releases: "
                        + "adding an interface bumps the minor, changing one the major",
                    pods: [node.name]))
            }
        }
        return problems
    }

    // MARK: - Shadowing

    /// Pods that more than one source holds: the first source's versions win, so a public
    /// pod can shadow a private one of the same name.
    func shadowing(_ context: CheckContext) -> [GraphProblem] {
        context.graph.nodes.compactMap { node in
            guard node.kind == .managed, let universe = context.universe(node.name), universe.holders.count > 1 else { return nil }
            let names = universe.holders.map { context.catalog.providers[$0].name }
            if !twinSources.contains(names[0]), names.filter({ !twinSources.contains($0) }).count <= 1 { return nil }
            return GraphProblem(
                kind: .shadowing,
                message: "\(node.name) is in more than one source (\(names.joined(separator: ", "))); "
                    + "\(names[0]) comes first and shadows the others",
                pods: [node.name])
        }
    }
}

/// The graph indexed for the checks and queries.
struct CheckContext {
    let graph: DependencyGraph
    let catalog: Catalog
    private let outgoing: [String: [DependencyGraph.Edge]]
    private let incoming: [String: [(from: String, edges: [DependencyGraph.Edge])]]
    private let declarerSet: Set<String>
    private let nodesByName: [String: DependencyGraph.Node]

    init(graph: DependencyGraph, catalog: Catalog) {
        self.graph = graph
        self.catalog = catalog
        var outgoing: [String: [DependencyGraph.Edge]] = [:]
        var incoming: [String: [(from: String, edges: [DependencyGraph.Edge])]] = [:]
        for edge in graph.edges {
            outgoing[edge.from, default: []].append(edge)
            if let index = incoming[edge.to]?.firstIndex(where: { $0.from == edge.from }) {
                incoming[edge.to]![index].edges.append(edge)
            } else {
                incoming[edge.to, default: []].append((edge.from, [edge]))
            }
        }
        self.outgoing = outgoing
        self.incoming = incoming
        declarerSet = Set(graph.edges.filter(\.isRoot).map(\.from))
        nodesByName = Dictionary(graph.nodes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func isDeclarer(_ name: String) -> Bool { declarerSet.contains(name) }

    /// The pod edges from `pod`.
    func edges(from pod: String) -> [DependencyGraph.Edge] {
        (outgoing[pod] ?? []).filter { !$0.isRoot }
    }

    /// The consumers of `pod` (pods and declarers), each with its edges to it.
    func edges(to pod: String) -> [(from: String, edges: [DependencyGraph.Edge])] {
        incoming[pod] ?? []
    }

    func node(_ name: String) -> DependencyGraph.Node? { nodesByName[name] }

    /// The versions the catalog knows for a managed pod of the graph.
    func universe(_ name: String) -> PodUniverse? {
        guard let node = nodesByName[name], node.kind == .managed else { return nil }
        return catalog.universe(of: name)
    }

    /// `XXCart (1.2.1)` for a pod, the declarer itself for a Podfile target.
    func label(_ name: String) -> String {
        nodesByName[name]?.label ?? name
    }

    /// `XXPay (~> 2.0)`, requirements as CocoaPods prints them.
    func requirementLabel(_ edge: DependencyGraph.Edge) -> String {
        edge.requirements.isEmpty ? edge.dependency : "\(edge.dependency) (\(catalog.display(edge.requirements)))"
    }

    /// `A`, `A and B`, `A, B and C`.
    func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    func stronglyConnectedComponents() -> [[String]] {
        graph.stronglyConnectedComponents()
    }

    /// The shortest cycle from `start` back to it, staying within `members`.
    func shortestCycle(from start: String, within members: Set<String>) -> [DependencyGraph.Edge] {
        var previous: [String: DependencyGraph.Edge] = [:]
        var queue = [start]
        var position = 0
        while position < queue.count {
            let current = queue[position]
            position += 1
            for edge in edges(from: current) where members.contains(edge.to) {
                if edge.to == start {
                    var path = [edge]
                    var node = current
                    while node != start, let step = previous[node] {
                        path.insert(step, at: 0)
                        node = step.from
                    }
                    return path
                }
                if previous[edge.to] == nil {
                    previous[edge.to] = edge
                    queue.append(edge.to)
                }
            }
        }
        return []
    }
}

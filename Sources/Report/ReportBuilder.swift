import Foundation
import Graph
import Versioning

/// Makes the skew report: resolves each project, checks the newest-release graph and every
/// project's graph, and gathers the state table, stale constraints, skew, rcs and unused
/// components.
public struct ReportBuilder {
    public let input: ReportInput

    /// A builder over `input`.
    public init(input: ReportInput) {
        self.input = input
    }

    /// The report. Throws `GraphError.unreadableSource` when a source fails to list its pods
    /// or a pod's versions: a report without them would be wrong, not partial.
    public func build() throws -> SkewReport {
        var warnings: [String] = input.warnings
        let newest = try newestReleases(warnings: &warnings)
        var problems = ProblemCollector()
        var checker = GraphChecker(catalog: newest.catalog, layers: input.layers, interfaceSuffix: input.interfaceSuffix)
        checker.rcLabel = input.rcLabel
        problems.add(try checker.problems(in: newest.graph), scope: Problem.newestReleases, graph: newest.graph)
        var consumers = ConsumerCollector()
        consumers.add(newest.graph, scope: Problem.newestReleases, project: nil)

        let projectStates = try input.projects.map { try checkProject($0, problems: &problems, consumers: &consumers, warnings: &warnings) }
        var (components, candidates) = try componentStates(newest, projectStates: projectStates)
        let projectOrder = input.projects.map(\.name)
        var staleConstraints = consumers.staleConstraints(index: newest.index, projectOrder: projectOrder)
        var rangeSkew = consumers.rangeSkew(index: newest.index, projectOrder: projectOrder)
        var unused = unusedComponents(newest, projectStates: projectStates)
        var drawn = newest.graph
        if let packages = input.packages {
            let section = PackageSection(packages: packages, rcPolicy: rcPolicy, projectOrder: projectOrder)
            section.addProblems(to: &problems)
            components += section.components()
            candidates += section.candidates()
            staleConstraints += section.staleConstraints()
            rangeSkew += section.rangeSkew()
            // A pod that is also a package a main project uses (one component, published both ways) is used.
            let reached = section.reachedByMainProjects()
            unused = unused.filter { !reached.contains($0.name.lowercased()) } + section.unused()
            drawn = DependencyGraph(scope: .repository, nodes: drawn.nodes + packages.newestGraph.nodes,
                                    edges: drawn.edges + packages.newestGraph.edges)
        }
        let skew = Skew(pins: pinSkew(components), ranges: rangeSkew)
        let problemList = problems.sorted()
        let packageCount = input.packages.map { $0.newestGraph.nodes.count } ?? 0

        let summary = Summary(
            components: newest.pods.count + packageCount, projects: input.projects.count, problems: problemList.count,
            skew: skew.pins.count + skew.ranges.count, staleConstraints: staleConstraints.count,
            staleRCs: candidates.filter { $0.state == .stale }.count,
            pendingRCs: candidates.filter { $0.state == .pending }.count,
            pinsBehind: components.reduce(0) { $0 + $1.pins.filter { $0.behind > 0 }.count },
            unused: unused.count)

        return SkewReport(
            generatedAt: Self.timestamp(input.now), sources: input.providers.map(\.name) + (packageCount > 0 ? ["Swift packages"] : []),
            projects: projectStates.map { state in
                var summary = state.summary(managed: newest.podSet)
                if let packages = input.packages?.projects.first(where: { $0.name == state.input.name }) {
                    summary.resolved = (summary.resolved || state.input.request == nil) && packages.graph != nil
                    summary.pods += packages.used.count
                }
                return summary
            }, staleRCDays: input.staleRCDays,
            summary: summary, verdict: Verdict(summary: summary, failOn: input.failOn), components: components,
            staleConstraints: staleConstraints, skew: skew, problems: problemList, unused: unused,
            releaseCandidates: candidates,
            graph: drawingGraph(drawn, problems: problemList, layers: input.layers.map(\.name)),
            warnings: warnings)
    }

    // MARK: - Sections

    /// The newest-release graph of the spec repos and the versions of its managed pods.
    private struct NewestReleases {
        var catalog: PodCatalog
        var graph: DependencyGraph
        /// The managed pods, in the graph's order.
        var pods: [String]
        var podSet: Set<String>
        var versions: [String: [Version]]
        var index: VersionIndex
    }

    /// The newest-release graph, from a catalog of its own: a resolution's external pods
    /// (`:path`) replace the sources' pod in the catalog that resolved them.
    private func newestReleases(warnings: inout [String]) throws -> NewestReleases {
        let catalog = PodCatalog(providers: input.providers)
        let (graph, graphWarnings) = try catalog.newestReleaseGraph()
        warnings += graphWarnings.map(\.description)
        let pods = graph.nodes.filter { $0.kind == .managed }.map(\.name)
        var versions: [String: [Version]] = [:]
        for pod in pods { versions[pod] = try catalog.versions(of: pod) }
        return NewestReleases(catalog: catalog, graph: graph, pods: pods, podSet: Set(pods), versions: versions,
                              index: VersionIndex(versions: versions))
    }

    /// One project: resolved, its graph checked, and what it uses noted.
    private func checkProject(_ project: ProjectInput, problems: inout ProblemCollector, consumers: inout ConsumerCollector,
                              warnings: inout [String]) throws -> ProjectState {
        var state = ProjectState(input: project)
        guard let request = project.request else {
            if let failure = project.failure {
                warnings.append("\(project.name): \(failure)")
            }
            return state
        }
        let catalog = PodCatalog(providers: input.providers)
        do {
            let resolution = try Resolver(catalog: catalog).resolve(request)
            state.resolution = resolution
            warnings += resolution.warnings.map { "\(project.name): \($0)" }
            var projectChecker = GraphChecker(catalog: catalog, layers: input.layers, interfaceSuffix: input.interfaceSuffix)
            projectChecker.rcLabel = input.rcLabel
            problems.add(try projectChecker.problems(in: resolution.graph), scope: project.name, graph: resolution.graph)
            consumers.add(resolution.graph, scope: project.name, project: project.name)
        } catch let GraphError.conflict(explanation) {
            problems.addConflict(project: project.name, explanation: explanation)
            consumers.add(request.requirements, scope: project.name, project: project.name)
        } catch let error as GraphError where error.isUnreadableSource {
            throw error
        } catch {
            problems.addConflict(project: project.name, explanation: String(describing: error))
            consumers.add(request.requirements, scope: project.name, project: project.name)
        }
        return state
    }

    /// The state table (each component's newest release and rc, and every project's pin of
    /// it) and every rc.
    private func componentStates(_ newest: NewestReleases, projectStates: [ProjectState]) throws
        -> (components: [ComponentState], candidates: [ReleaseCandidate]) {
        var pinsByPod: [String: [Pin]] = [:]
        for state in projectStates {
            for (pod, pin) in state.pins(index: newest.index, managed: newest.podSet) {
                pinsByPod[pod, default: []].append(pin)
            }
        }
        var candidates: [ReleaseCandidate] = []
        var components: [ComponentState] = []
        for pod in newest.pods {
            let podCandidates = rcPolicy.candidates(of: pod, among: newest.index.versions(of: pod))
            candidates += podCandidates
            let release = newest.index.newestRelease(of: pod)
            components.append(ComponentState(
                name: pod, layer: layer(of: pod), newestRelease: release,
                newestRC: podCandidates.last, pins: pinsByPod[pod] ?? [],
                newestReleaseHasBinary: try release.flatMap { try hasBinary(pod, $0) }))
        }
        return (components, candidates)
    }

    /// Whether the binary spec repo has `pod` at `version`; nil without a binary channel.
    /// A binary repo that cannot tell is an error, as any unreadable source is.
    private func hasBinary(_ pod: String, _ version: Version) throws -> Bool? {
        guard let binaries = input.binaries else { return nil }
        do {
            return try binaries.versions(of: pod).contains(version)
        } catch {
            throw GraphError.unreadableSource(source: binaries.name, pod: pod, message: String(describing: error))
        }
    }

    /// The components no main project reaches; only meaningful when there is a main project.
    private func unusedComponents(_ newest: NewestReleases, projectStates: [ProjectState]) -> [UnusedComponent] {
        let mains = projectStates.filter { $0.input.kind == .main }
        guard !mains.isEmpty else { return [] }
        let reached = mains.reduce(into: Set<String>()) { $0.formUnion($1.usedPods) }
        return newest.pods.filter { !reached.contains($0) }.map { pod in
            UnusedComponent(name: pod, layer: layer(of: pod),
                            newestVersion: newest.index.newestRelease(of: pod) ?? newest.versions[pod]?.last)
        }
    }

    // MARK: - Parts

    private var rcPolicy: ReleaseCandidatePolicy {
        ReleaseCandidatePolicy(label: input.rcLabel, staleAfterDays: input.staleRCDays, publishDates: input.publishDates,
                               now: input.now)
    }

    private func layer(of pod: String) -> String? {
        input.layers.first { $0.contains(pod) }?.name ?? input.packages?.layers[pod]
    }

    private func pinSkew(_ components: [ComponentState]) -> [Skew.PinSkew] {
        components.compactMap { component in
            let distinct = component.pins.reduce(into: [Version]()) { list, pin in
                if !list.contains(pin.version) { list.append(pin.version) }
            }
            return distinct.count > 1 ? Skew.PinSkew(pod: component.name, pins: component.pins) : nil
        }
    }

    /// The newest-release graph with one edge per pair of pods, highlighted where a problem
    /// seen in it is about the edge.
    private func drawingGraph(_ graph: DependencyGraph, problems: [Problem], layers: [String]) -> ReportGraph {
        var highlight: [GraphProblem.Link: String] = [:]
        var troubled = Set<String>()
        // Cycles over layer breaches over rc leaks, when an edge has several.
        let precedence = ["cycle", "layer", "rc-leak"]
        for problem in problems where problem.occurrences.contains(where: { $0.scope == Problem.newestReleases }) {
            troubled.formUnion(problem.pods)
            guard let rank = precedence.firstIndex(of: problem.kind) else { continue }
            for link in problem.links {
                if let current = highlight[link], let currentRank = precedence.firstIndex(of: current), currentRank <= rank {
                    continue
                }
                highlight[link] = problem.kind
            }
        }
        var order: [GraphProblem.Link] = []
        var labels: [GraphProblem.Link: [String]] = [:]
        for edge in graph.edges where !edge.isRoot {
            let link = GraphProblem.Link(from: edge.from, to: edge.to)
            if labels[link] == nil { order.append(link) }
            labels[link, default: []].append(edge.requirementLabel)
        }
        return ReportGraph(
            layers: layers,
            nodes: graph.nodes.map { node in
                ReportGraph.Node(name: node.name, version: node.version, layer: layer(of: node.name),
                                 hasProblem: troubled.contains(node.name))
            },
            edges: order.map { link in
                ReportGraph.Edge(from: link.from, to: link.to, label: labels[link]!.joined(separator: ", "),
                                 highlight: highlight[link])
            })
    }

    /// `2025-06-15T12:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

/// Each pod's versions, lowest first, and its releases.
struct VersionIndex {
    private let all: [String: [Version]]

    init(versions: [String: [Version]]) {
        all = versions
    }

    func versions(of pod: String) -> [Version] {
        all[pod] ?? []
    }

    func newestRelease(of pod: String) -> Version? {
        all[pod]?.last { !$0.isPrerelease }
    }

    /// Whether `version` is a published version of `pod` above its newest release (an rc
    /// pinned before its release); a version the sources do not hold is not ahead.
    func isAhead(_ version: Version, of pod: String) -> Bool {
        guard let newest = newestRelease(of: pod) else { return false }
        return version > newest && versions(of: pod).contains(version)
    }

    /// How many releases of `pod` are higher than `version`.
    func releases(of pod: String, above version: Version) -> Int {
        (all[pod] ?? []).reduce(0) { $0 + ($1.isPrerelease || !($1 > version) ? 0 : 1) }
    }
}

/// One project while the report is made: its input and what resolving it gave.
private struct ProjectState {
    let input: ProjectInput
    var resolution: Resolution?

    init(input: ProjectInput) {
        self.input = input
    }

    /// The pods it uses: what it resolved to, or when it did not resolve, what its Podfile
    /// names and its lock records.
    var usedPods: Set<String> {
        guard let request = input.request else { return [] }
        var used = Set(request.requirements.map { Self.root(of: $0.name) })
        if let resolution {
            used.formUnion(resolution.pods.map(\.name))
        } else {
            used.formUnion(request.lockedVersions.keys)
        }
        return used
    }

    /// The version of each pod of the sources it uses: the Podfile's exact requirement, else
    /// `Podfile.lock`'s version, else the resolution's.
    func pins(index: VersionIndex, managed: Set<String>) -> [(String, Pin)] {
        guard let request = input.request else { return [] }
        var exact: [String: Version] = [:]
        for requirement in request.requirements {
            let root = Self.root(of: requirement.name)
            guard exact[root] == nil, requirement.requirements.count == 1,
                  let parsed = try? Requirement(requirement.requirements[0]), parsed.op == .equal else { continue }
            exact[root] = parsed.version
        }
        return usedPods.filter(managed.contains).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { pod in
            let found: (Version, Pin.Origin)?
            if let version = exact[pod] {
                found = (version, .podfile)
            } else if let version = request.lockedVersions[pod] {
                found = (version, .lock)
            } else if let version = resolution?.version(of: pod) {
                found = (version, .resolution)
            } else {
                found = nil
            }
            guard let (version, origin) = found else { return nil }
            return (pod, Pin(project: input.name, version: version, origin: origin,
                             behind: index.releases(of: pod, above: version),
                             ahead: index.isAhead(version, of: pod)))
        }
    }

    func summary(managed: Set<String>) -> ProjectSummary {
        ProjectSummary(
            name: input.name, kind: input.kind, podfile: input.podfile, resolved: resolution != nil,
            pods: usedPods.filter(managed.contains).count)
    }

    static func root(of name: String) -> String {
        name.firstIndex(of: "/").map { String(name[..<$0]) } ?? name
    }
}

/// Problems of several graphs, each once with every graph it shows in.
struct ProblemCollector {
    private struct Key: Hashable {
        var kind: String
        var pods: [String]
    }

    private var problems: [Problem] = []
    private var positions: [Key: Int] = [:]

    /// The problems `graph --check` found in `graph`, seen in `scope`. Skew has its own
    /// section of the report.
    mutating func add(_ found: [GraphProblem], scope: String, graph: DependencyGraph) {
        for problem in found where problem.kind != .skew {
            let links = problem.kind == .rcLeak ? Self.rcLeakLinks(problem, graph: graph) : problem.links
            add(kind: problem.kind.rawValue, pods: problem.pods, links: links,
                occurrence: Problem.Occurrence(scope: scope, message: problem.message))
        }
    }

    /// A project whose Podfile does not resolve.
    mutating func addConflict(project: String, explanation: String) {
        add(kind: "conflict", pods: [project], links: [],
            occurrence: Problem.Occurrence(scope: project, message: explanation))
    }

    private mutating func add(kind: String, pods: [String], links: [GraphProblem.Link], occurrence: Problem.Occurrence) {
        let key = Key(kind: kind, pods: pods)
        if let position = positions[key] {
            problems[position].occurrences.append(occurrence)
            for link in links where !problems[position].links.contains(link) { problems[position].links.append(link) }
        } else {
            positions[key] = problems.count
            problems.append(Problem(kind: kind, pods: pods, links: links, occurrences: [occurrence]))
        }
    }

    /// By kind, in `graph --check`'s order, then in the order they were found.
    func sorted() -> [Problem] {
        let order = GraphProblem.Kind.allCases.map(\.rawValue) + ["conflict"]
        return problems.enumerated().sorted { a, b in
            let (left, right) = (order.firstIndex(of: a.element.kind) ?? order.count, order.firstIndex(of: b.element.kind) ?? order.count)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }

    /// The edges an rc leak is about: from each consumer named in it to the pod whose rc
    /// leaks. `GraphChecker` gives rc leaks no links; its message starts with that pod's name.
    static func rcLeakLinks(_ problem: GraphProblem, graph: DependencyGraph) -> [GraphProblem.Link] {
        let targets = problem.pods.filter { problem.message.hasPrefix($0 + " ") }
        guard let target = targets.max(by: { $0.count < $1.count }) else { return [] }
        let consumers = Set(problem.pods)
        var links: [GraphProblem.Link] = []
        for edge in graph.edges where !edge.isRoot && edge.to == target && consumers.contains(edge.from) {
            let link = GraphProblem.Link(from: edge.from, to: edge.to)
            if !links.contains(link) { links.append(link) }
        }
        return links
    }
}

/// Every consumer of every pod, over the newest releases and every project, each once with
/// the graphs it shows in.
private struct ConsumerCollector {
    private struct Key: Hashable {
        var dependency: String
        var name: String
        var version: Version?
        var kind: Consumer.Kind
        var requirements: [String]
    }

    private var entries: [(key: Key, scopes: [String])] = []
    private var positions: [Key: Int] = [:]

    /// The consumers in `graph`; a Podfile's targets count as the project `project`.
    mutating func add(_ graph: DependencyGraph, scope: String, project: String?) {
        var grouped: [(from: String, version: Version?, kind: Consumer.Kind, to: String, requirements: [String])] = []
        var positions: [String: Int] = [:]
        let versions = Dictionary(graph.nodes.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        for edge in graph.edges {
            let kind: Consumer.Kind = edge.isRoot ? .project : .pod
            let from = edge.isRoot ? (project ?? edge.from) : edge.from
            let key = "\(kind.rawValue) \(from) \(edge.to)"
            if let position = positions[key] {
                for requirement in edge.requirements where !grouped[position].requirements.contains(requirement) {
                    grouped[position].requirements.append(requirement)
                }
            } else {
                positions[key] = grouped.count
                grouped.append((from, edge.isRoot ? nil : versions[edge.from] ?? nil, kind, edge.to, edge.requirements))
            }
        }
        for entry in grouped {
            add(Key(dependency: entry.to, name: entry.from, version: entry.version, kind: entry.kind,
                    requirements: entry.requirements), scope: scope)
        }
    }

    /// The root requirements of a project whose Podfile did not resolve.
    mutating func add(_ requirements: [RootRequirement], scope: String, project: String) {
        let edges = requirements.map {
            DependencyGraph.Edge(from: $0.declaredBy, isRoot: true, to: ProjectState.root(of: $0.name),
                                 dependency: $0.name, requirements: $0.requirements, via: nil)
        }
        add(DependencyGraph(scope: .podfile, nodes: [], edges: edges), scope: scope, project: project)
    }

    private mutating func add(_ key: Key, scope: String) {
        if let position = positions[key] {
            if !entries[position].scopes.contains(scope) { entries[position].scopes.append(scope) }
        } else {
            positions[key] = entries.count
            entries.append((key, [scope]))
        }
    }

    /// The consumers of each pod of the sources, with their parsed requirements; consumers
    /// with a malformed requirement are left out (the checks report those).
    private func byDependency(index: VersionIndex) -> [(pod: String, consumers: [(Consumer, [Requirement])])] {
        var order: [String] = []
        var grouped: [String: [(Consumer, [Requirement])]] = [:]
        for (key, scopes) in entries where !index.versions(of: key.dependency).isEmpty {
            guard let parsed = try? key.requirements.map({ try Requirement($0) }) else { continue }
            let text = parsed.isEmpty ? "any version" : parsed.map(\.description).joined(separator: ", ")
            let consumer = Consumer(name: key.name, version: key.version, kind: key.kind, requirement: text, scopes: scopes)
            if grouped[key.dependency] == nil { order.append(key.dependency) }
            grouped[key.dependency, default: []].append((consumer, parsed))
        }
        return order.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { ($0, grouped[$0]!) }
    }

    /// Projects in configuration order, then pods by name and version.
    private static func ordered(_ consumers: [Consumer], projectOrder: [String]) -> [Consumer] {
        consumers.sorted { precedes($0, $1, projectOrder: projectOrder) }
    }

    private static func precedes(_ a: Consumer, _ b: Consumer, projectOrder: [String]) -> Bool {
        if a.kind != b.kind { return a.kind == .project }
        if a.kind == .project {
            return (projectOrder.firstIndex(of: a.name) ?? .max) < (projectOrder.firstIndex(of: b.name) ?? .max)
        }
        if a.name != b.name { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
        guard let left = a.version, let right = b.version else { return a.version == nil && b.version != nil }
        return left < right
    }

    /// Pods whose newest release some consumer's requirements exclude.
    func staleConstraints(index: VersionIndex, projectOrder: [String]) -> [StaleConstraint] {
        byDependency(index: index).compactMap { pod, consumers in
            guard let newest = index.newestRelease(of: pod) else { return nil }
            let all = index.versions(of: pod)
            var holders: [StaleConstraint.Holder] = []
            for (consumer, requirements) in consumers where !Requirement.allSatisfied(requirements, by: newest) {
                let highest = all.last { PrereleaseRule.admits($0, under: requirements) }
                // A consumer that asks for something above the newest release (`= 2.1.0-rc.2`
                // over 2.0.2) is ahead of it, not holding it back.
                if let highest, highest > newest { continue }
                holders.append(StaleConstraint.Holder(consumer: consumer, highestAllowed: highest))
            }
            guard !holders.isEmpty else { return nil }
            return StaleConstraint(
                pod: pod, newestRelease: newest,
                heldBackBy: holders.sorted { Self.precedes($0.consumer, $1.consumer, projectOrder: projectOrder) })
        }
    }

    /// Groups of consumers of one pod whose requirements have no version in common, by the
    /// plain requirement test (prereleases included), as `graph --check`'s skew check.
    func rangeSkew(index: VersionIndex, projectOrder: [String]) -> [Skew.RangeSkew] {
        var result: [Skew.RangeSkew] = []
        for (pod, consumers) in byDependency(index: index) {
            let all = index.versions(of: pod)
            var groups: [(allowed: [Bool], members: [Consumer])] = []
            for (consumer, requirements) in consumers {
                let allowed = all.map { Requirement.allSatisfied(requirements, by: $0) }
                guard allowed.contains(true) else { continue }
                if let position = groups.firstIndex(where: { $0.allowed == allowed }) {
                    groups[position].members.append(consumer)
                } else {
                    groups.append((allowed, [consumer]))
                }
            }
            for first in groups.indices {
                for second in groups.indices where second > first {
                    let overlap = zip(groups[first].allowed, groups[second].allowed).contains { $0 && $1 }
                    guard !overlap else { continue }
                    result.append(Skew.RangeSkew(
                        pod: pod, first: Self.ordered(groups[first].members, projectOrder: projectOrder),
                        second: Self.ordered(groups[second].members, projectOrder: projectOrder)))
                }
            }
        }
        return result
    }
}

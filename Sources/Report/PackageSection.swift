import Graph
import Versioning

/// The Swift packages' part of the report, from `PackageReportInput`.
struct PackageSection {
    let packages: PackageReportInput
    let rcPolicy: ReleaseCandidatePolicy
    let projectOrder: [String]

    private var names: [String] { packages.newestGraph.nodes.map(\.name) }

    /// The rc rule, with the packages' tag dates for ages.
    private var policy: ReleaseCandidatePolicy {
        var policy = rcPolicy
        policy.publishDates = packages.publishDates
        return policy
    }

    private func versions(_ name: String) -> [Version] { packages.versions[name] ?? [] }

    private func newestRelease(_ name: String) -> Version? { versions(name).last { !$0.isPrerelease } }

    /// The checks' problems in the newest releases and in each project, and projects whose
    /// packages do not resolve.
    func addProblems(to collector: inout ProblemCollector) {
        collector.add(packages.newestProblems, scope: Problem.newestReleases, graph: packages.newestGraph)
        for project in packages.projects {
            if let conflict = project.conflict {
                collector.addConflict(project: project.name, explanation: conflict)
            } else if let graph = project.graph {
                collector.add(project.problems, scope: project.name, graph: graph)
            }
        }
    }

    /// One row per package, with every project's pin of it.
    func components() -> [ComponentState] {
        names.map { name in
            let pins = projectOrder.compactMap { projectName -> Pin? in
                guard let project = packages.projects.first(where: { $0.name == projectName }),
                      let pin = project.pins.first(where: { $0.package == name }) else { return nil }
                let newest = newestRelease(name)
                return Pin(project: projectName, version: pin.version, origin: pin.origin,
                           behind: versions(name).filter { !$0.isPrerelease && $0 > pin.version }.count,
                           ahead: newest.map { pin.version > $0 && versions(name).contains(pin.version) } ?? false)
            }
            return ComponentState(name: name, layer: packages.layers[name], newestRelease: newestRelease(name),
                                  newestRC: policy.candidates(of: name, among: versions(name)).last, pins: pins)
        }
    }

    func candidates() -> [ReleaseCandidate] {
        names.flatMap { policy.candidates(of: $0, among: versions($0)) }
    }

    /// Consumers whose requirements exclude the newest release of a package.
    func staleConstraints() -> [StaleConstraint] {
        var result: [StaleConstraint] = []
        for name in names.sorted() {
            let all = versions(name)
            guard let newest = newestRelease(name), let newestIndex = all.firstIndex(of: newest) else { continue }
            var holders: [StaleConstraint.Holder] = []
            for entry in packages.consumers where entry.package == name && entry.allowed.count == all.count && !entry.allowed[newestIndex] {
                let highest = zip(all, entry.allowed).filter(\.1).map(\.0).last
                if let highest, highest > newest { continue }
                holders.append(StaleConstraint.Holder(consumer: entry.consumer, highestAllowed: highest))
            }
            if !holders.isEmpty { result.append(StaleConstraint(pod: name, newestRelease: newest, heldBackBy: holders)) }
        }
        return result
    }

    /// Groups of consumers of one package that allow no version in common.
    func rangeSkew() -> [Skew.RangeSkew] {
        var result: [Skew.RangeSkew] = []
        for name in names.sorted() {
            var groups: [(allowed: [Bool], members: [Consumer])] = []
            for entry in packages.consumers where entry.package == name && entry.allowed.contains(true) {
                if let index = groups.firstIndex(where: { $0.allowed == entry.allowed }) {
                    groups[index].members.append(entry.consumer)
                } else {
                    groups.append((entry.allowed, [entry.consumer]))
                }
            }
            for first in groups.indices {
                for second in groups.indices where second > first
                    && !zip(groups[first].allowed, groups[second].allowed).contains(where: { $0 && $1 }) {
                    result.append(Skew.RangeSkew(pod: name, first: groups[first].members, second: groups[second].members))
                }
            }
        }
        return result
    }

    /// The packages (and pods of the same name) some main project uses.
    func reachedByMainProjects() -> Set<String> {
        packages.projects.filter { $0.kind == .main }.reduce(into: Set<String>()) { $0.formUnion($1.used) }
    }

    /// The packages no main project uses; none when there is no main project.
    func unused() -> [UnusedComponent] {
        guard packages.projects.contains(where: { $0.kind == .main }) else { return [] }
        let reached = reachedByMainProjects()
        return names.filter { !reached.contains($0) }.map { name in
            UnusedComponent(name: name, layer: packages.layers[name], newestVersion: newestRelease(name) ?? versions(name).last)
        }
    }
}

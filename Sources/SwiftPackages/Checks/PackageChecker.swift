import Graph
import Versioning

/// `graph --check` for Swift packages: cycles, layer breaches and the interface rule as for
/// pods (Graph's checker), and with SwiftPM's own rules the checks whose answer depends on
/// them: unsatisfiable requirements, skew between consumers, and release candidates that
/// reach a project that never asked for one.
public struct PackageChecker {
    /// The layers of compctl.yml, matching package identities.
    public var layers: [LayerRule]
    public var interfaceSuffix: String?
    /// compctl.yml's `rc_label`: only prereleases with it are called release candidates.
    public var rcLabel: String

    /// A checker with `layers` (lowest first).
    public init(layers: [LayerRule] = [], interfaceSuffix: String? = nil, rcLabel: String = "rc") {
        self.layers = layers
        self.interfaceSuffix = interfaceSuffix
        self.rcLabel = rcLabel
    }

    private func structural(_ graph: DependencyGraph) throws -> [GraphProblem] {
        try GraphChecker(catalog: PodCatalog(providers: []), layers: layers, interfaceSuffix: interfaceSuffix).problems(in: graph)
    }

    private func label(_ identity: PackageIdentity, _ version: SemanticVersion?) -> String {
        version.map { "\(identity) (\($0))" } ?? identity.description
    }

    private func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    private func word(_ version: SemanticVersion) -> String {
        version.prerelease.first == rcLabel ? "release candidate" : "prerelease"
    }

    /// Every problem of the newest releases of `components`.
    public func problems(newest components: ComponentPackages) throws -> [GraphProblem] {
        var problems = try structural(PackageGraphs.newestReleases(components))
        var consumers: [PackageIdentity: [(name: String, requirement: PackageRequirement, allowed: [Bool])]] = [:]
        var targets: [PackageIdentity] = []
        for component in components.components {
            let who = label(component.identity, component.newest?.version)
            for dependency in component.dependencies {
                guard let requirement = dependency.requirement, let set = requirement.versionSet,
                      let target = components.component(dependency.identity) else { continue }
                let allowed = target.versions.map { set.contains($0.version) }
                if !allowed.contains(true) {
                    problems.append(GraphProblem(
                        kind: .unsatisfiable,
                        message: "\(who) requires \(target.identity) (\(requirement.label)), which no version of \(target.identity) satisfies (SwiftPM takes a prerelease only when a bound names one)",
                        pods: [component.identity.description, target.identity.description]))
                    continue
                }
                if consumers[target.identity] == nil { targets.append(target.identity) }
                consumers[target.identity, default: []].append((who, requirement, allowed))
                // A release whose requirement resolves to a prerelease hands it to every consumer.
                if let newest = component.newest?.version, !newest.isPrerelease, requirement.namesPrerelease,
                   let highest = Array(zip(target.versions, allowed)).last(where: { $0.1 })?.0.version, highest.isPrerelease {
                    problems.append(GraphProblem(
                        kind: .rcLeak,
                        message: "\(target.identity) \(highest) is a \(word(highest)): \(who), a release, asks for it by name (\(requirement.label)), so every project that takes \(component.identity) \(newest) gets it too",
                        pods: [target.identity.description, component.identity.description],
                        links: [GraphProblem.Link(from: component.identity.description, to: target.identity.description)]))
                }
            }
        }
        for target in targets {
            let entries = consumers[target]!
            for first in entries.indices {
                for second in entries.indices where second > first {
                    let (a, b) = (entries[first], entries[second])
                    guard !zip(a.allowed, b.allowed).contains(where: { $0 && $1 }) else { continue }
                    problems.append(GraphProblem(
                        kind: .skew,
                        message: "\(target): \(a.name) requires \(a.requirement.label) but \(b.name) requires \(b.requirement.label); no version of \(target) satisfies both",
                        pods: [target.description] + [a.name, b.name].map { String($0.split(separator: " ")[0]) }))
                }
            }
        }
        return Self.ordered(problems)
    }

    /// Every problem of a project's resolved packages: the structural checks, and each
    /// prerelease the project gets although neither it nor a requirement of its own names one.
    public func problems(resolution: PackageResolution, root: RootPackage, declarer: String) throws -> [GraphProblem] {
        var problems = try structural(PackageGraphs.resolved(resolution, root: root, declarer: declarer))
        for package in resolution.packages {
            guard let version = package.state.version, version.isPrerelease else { continue }
            let own = root.dependencies.filter { $0.identity == package.identity }
            if own.contains(where: { $0.requirement?.namesPrerelease ?? false }) { continue }
            var askers: [String] = []
            for other in resolution.packages {
                for dependency in other.dependencies where dependency.identity == package.identity && (dependency.requirement?.namesPrerelease ?? false) {
                    askers.append("\(label(other.identity, other.state.version)) with \(dependency.requirement!.label)")
                }
            }
            guard !askers.isEmpty else { continue }
            let why = own.isEmpty ? "never asks for \(package.identity)" : "asks only for releases (\(own.compactMap { $0.requirement?.label }.joined(separator: ", ")))"
            problems.append(GraphProblem(
                kind: .rcLeak,
                message: "\(package.identity) \(version) is a \(word(version)): \(list(askers)) \(askers.count == 1 ? "asks" : "ask") for it by name, and \(declarer) gets it although it \(why)",
                pods: [package.identity.description] + resolution.packages.filter { other in
                    other.dependencies.contains { $0.identity == package.identity && ($0.requirement?.namesPrerelease ?? false) }
                }.map(\.identity.description)))
        }
        return Self.ordered(problems)
    }

    /// By kind in `graph --check`'s order, then by message.
    static func ordered(_ problems: [GraphProblem]) -> [GraphProblem] {
        let order = GraphProblem.Kind.allCases
        return problems.enumerated().sorted { a, b in
            let (left, right) = (order.firstIndex(of: a.element.kind)!, order.firstIndex(of: b.element.kind)!)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}

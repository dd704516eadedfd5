import Foundation
import Manifest

/// A dependency as a manifest (or an Xcode project) declares it.
public struct PackageDependencyDeclaration: Hashable, Sendable {
    public var identity: PackageIdentity
    /// An absolute path or a URL.
    public var location: String
    /// The requirement; nil for a `path:` (local) package.
    public var requirement: PackageRequirement?
    /// Where it is declared (`Package.swift:12`), for messages.
    public var file: String?
    public var line: Int?

    public init(identity: PackageIdentity, location: String, requirement: PackageRequirement?, file: String? = nil, line: Int? = nil) {
        self.identity = identity
        self.location = location
        self.requirement = requirement
        self.file = file
        self.line = line
    }

    /// `Package.swift:12`, or the file alone.
    public var place: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }
}

/// A part of a manifest compctl could not read: the package and version it belongs to and
/// the problem, with its line. The resolution used what it could read.
public struct FlaggedManifest: Hashable, Sendable, CustomStringConvertible {
    public var identity: PackageIdentity
    /// The version, or nil for the root or a local package.
    public var version: String?
    public var issue: FileIssueText

    public var description: String { issue.text }
}

/// A `FileIssue` as text, kept Hashable for the resolution's value type.
public struct FileIssueText: Hashable, Sendable {
    public var text: String
}

/// What the resolver starts from: the root package (a Package.swift or an Xcode project)
/// and what it depends on.
public struct RootPackage: Sendable {
    /// How messages name the root: `root package 'app'` or `Xcode project 'Acme'`.
    public var displayName: String
    /// The root's own identity (dependencies on it are ignored, as SwiftPM ignores them).
    public var identity: PackageIdentity?
    public var dependencies: [PackageDependencyDeclaration]
    /// Local (`path:`) packages, by identity: their own dependencies, read from disk.
    public var localPackages: [PackageIdentity: [PackageDependencyDeclaration]]
    /// Problems in the root's manifest.
    public var flagged: [FlaggedManifest]

    public init(displayName: String, identity: PackageIdentity?, dependencies: [PackageDependencyDeclaration],
                localPackages: [PackageIdentity: [PackageDependencyDeclaration]] = [:], flagged: [FlaggedManifest] = []) {
        self.displayName = displayName
        self.identity = identity
        self.dependencies = dependencies
        self.localPackages = localPackages
        self.flagged = flagged
    }
}

/// How a package was resolved.
public enum ResolvedState: Hashable, Sendable {
    case version(SemanticVersion, tag: String)
    case branch(String, revision: String)
    case revision(String)
    case local(path: String)

    /// `1.2.0`, `main (abc1234)`, `abc1234`, `local`.
    public var label: String {
        switch self {
        case let .version(v, _): return v.description
        case let .branch(name, revision): return "\(name) (\(revision.prefix(7)))"
        case let .revision(revision): return String(revision.prefix(7))
        case .local: return "local"
        }
    }

    public var version: SemanticVersion? {
        if case let .version(v, _) = self { return v }
        return nil
    }
}

/// One package the resolution chose, with what it depends on at that version.
public struct ResolvedPackage: Hashable, Sendable {
    public var identity: PackageIdentity
    public var location: String
    public var state: ResolvedState
    /// Its dependencies at the chosen version (for graphs and `why`).
    public var dependencies: [PackageDependencyDeclaration]
}

/// A resolved package universe: every package with its version, sorted by identity.
public struct PackageResolution: Sendable {
    public var packages: [ResolvedPackage]
    /// Parts of manifests compctl could not read (the resolution used the rest).
    public var flagged: [FlaggedManifest]

    /// The package called `identity`.
    public func package(_ identity: PackageIdentity) -> ResolvedPackage? {
        packages.first { $0.identity == identity }
    }
}

/// SwiftPM's PubGrub resolver (`PubGrubDependencyResolver`) over git repositories read
/// through libgit2: the same algorithm and the same choices, so that `compctl resolve`
/// picks what `swift package resolve` writes to Package.resolved. It decides first the
/// package with the fewest versions left (packages whose requirements allow prereleases
/// after the others), takes the highest version allowed (the pinned one when still
/// allowed), and learns from each conflict as pub's solver does.
public final class PackageResolver {
    public let provider: any PackageContainerProvider
    /// Versions Package.resolved records, preferred while still allowed (`swift package resolve`).
    public var pins: [PackageIdentity: SemanticVersion]
    public var toolsVersion: PackageDeclaration.ToolsVersion

    /// A resolver reading packages through `provider`, preferring `pins`.
    public init(provider: any PackageContainerProvider, pins: [PackageIdentity: SemanticVersion] = [:],
                toolsVersion: PackageDeclaration.ToolsVersion = SwiftToolsVersion.current) {
        self.provider = provider
        self.pins = pins
        self.toolsVersion = toolsVersion
    }

    // MARK: - Packages

    /// One package of the run, its container and what was read from it.
    final class Node {
        let identity: PackageIdentity
        var location: String
        var container: (any PackageContainer)?
        var versionsDescending: [TaggedVersion]?
        var dependencies: [String: VersionDependencies] = [:]

        init(identity: PackageIdentity, location: String) {
            self.identity = identity
            self.location = location
        }
    }

    /// What a version's manifest says for resolution.
    struct VersionDependencies {
        var toolsVersion: PackageDeclaration.ToolsVersion?
        var dependencies: [PackageDependencyDeclaration]
        var flagged: [FlaggedManifest]
    }

    private(set) var nodes: [Node] = []
    private var nodeIndex: [PackageIdentity: Int] = [:]
    private var rootName = "the root package"
    private var flagged: [FlaggedManifest] = []
    private var flaggedSeen: Set<String> = []

    static let root = 0

    private func node(for identity: PackageIdentity, location: String) throws -> Int {
        if let index = nodeIndex[identity] {
            // A dependency on the root itself is ignored, wherever it points.
            if index == Self.root { return index }
            let known = nodes[index].location
            if PackageLocation.canonical(known) != PackageLocation.canonical(location) {
                throw PackageError.identityConflict(identity: identity, first: known, second: location)
            }
            return index
        }
        nodes.append(Node(identity: identity, location: location))
        nodeIndex[identity] = nodes.count - 1
        return nodes.count - 1
    }

    private func container(_ node: Int) throws -> any PackageContainer {
        if let container = nodes[node].container { return container }
        let container = try provider.container(for: nodes[node].location, identity: nodes[node].identity)
        nodes[node].container = container
        return container
    }

    /// The node's versions, highest first.
    private func versionsDescending(_ node: Int) throws -> [TaggedVersion] {
        if let known = nodes[node].versionsDescending { return known }
        let versions = Array(try container(node).versions().reversed())
        nodes[node].versionsDescending = versions
        return versions
    }

    private func dependencies(of node: Int, at version: TaggedVersion) throws -> VersionDependencies {
        if let known = nodes[node].dependencies[version.version.description + "+" + version.tag] { return known }
        let file = try container(node).manifest(at: version, toolsVersion: toolsVersion)
        let read = try ManifestDependencies.read(file, identity: nodes[node].identity, version: version.version.description,
                                                 packageLocation: nodes[node].location, isRoot: false)
        nodes[node].dependencies[version.version.description + "+" + version.tag] = read
        for item in read.flagged where flaggedSeen.insert(item.issue.text).inserted { flagged.append(item) }
        return read
    }

    private func isToolsVersionCompatible(_ tools: PackageDeclaration.ToolsVersion?) -> Bool {
        guard let tools else { return false }
        return tools >= SwiftToolsVersion.minimum && tools <= toolsVersion
    }

    // MARK: - Solving

    private var incompatibilities: [Int: [Incompatibility]] = [:]
    private var solution = PartialSolution()
    private var overridden: [Int: ResolvedState] = [:]

    private func add(_ incompatibility: Incompatibility) {
        for term in incompatibility.terms {
            if let list = incompatibilities[term.node] {
                if !list.contains(incompatibility) { incompatibilities[term.node]!.append(incompatibility) }
            } else {
                incompatibilities[term.node] = [incompatibility]
            }
        }
    }

    /// Resolves `root`. Throws `PackageError.conflict` with the explanation when no set of
    /// versions satisfies every requirement.
    public func resolve(_ root: RootPackage) throws -> PackageResolution {
        nodes = [Node(identity: root.identity ?? PackageIdentity(name: "<root>"), location: "")]
        nodeIndex = root.identity.map { [$0: 0] } ?? [:]
        rootName = root.displayName
        flagged = root.flagged
        flaggedSeen = Set(flagged.map(\.issue.text))
        incompatibilities = [:]
        solution = PartialSolution()
        overridden = [:]

        let rootIncompatibilities = try processInputs(root)
        solution.decide(Self.root, at: SemanticVersion(1, 0, 0))
        add(Incompatibility(terms: [Term(Self.root, .exact(SemanticVersion(1, 0, 0)), positive: false)], cause: .root))
        for incompatibility in rootIncompatibilities { add(incompatibility) }

        var next: Int? = Self.root
        while let current = next {
            try propagate(from: current)
            next = try makeDecision()
        }

        var packages: [ResolvedPackage] = []
        for (node, version) in solution.decisions where node != Self.root {
            guard let tagged = try versionsDescending(node).first(where: { $0.version.isLiterallyEqual(to: version) })
                ?? versionsDescending(node).first(where: { $0.version == version }) else { continue }
            packages.append(ResolvedPackage(identity: nodes[node].identity, location: nodes[node].location,
                                            state: .version(version, tag: tagged.tag),
                                            dependencies: try dependencies(of: node, at: tagged).dependencies))
        }
        for (node, state) in overridden where node != Self.root {
            packages.append(ResolvedPackage(identity: nodes[node].identity, location: nodes[node].location, state: state,
                                            dependencies: overriddenDependencies[node] ?? []))
        }
        return PackageResolution(packages: packages.sorted { $0.identity < $1.identity }, flagged: flagged)
    }

    private var overriddenDependencies: [Int: [PackageDependencyDeclaration]] = [:]

    /// The root's requirements as incompatibilities, after local and branch packages were
    /// taken as they are (SwiftPM's `processInputs`).
    private func processInputs(_ root: RootPackage) throws -> [Incompatibility] {
        overridden[Self.root] = .local(path: "")
        overriddenDependencies[Self.root] = root.dependencies
        // Version-based constraints, grouped by who states them, in the order met.
        var groups: [(node: Int, constraints: [PackageDependencyDeclaration])] = [(Self.root, [])]
        func addConstraint(_ declaration: PackageDependencyDeclaration, from node: Int) {
            if let index = groups.firstIndex(where: { $0.node == node }) {
                groups[index].constraints.append(declaration)
            } else {
                groups.append((node, [declaration]))
            }
        }
        // Local packages first: they override everything, with their own dependencies.
        var unversioned: [(declaration: PackageDependencyDeclaration, from: Int)] = []
        var revisions: [(declaration: PackageDependencyDeclaration, from: Int)] = []
        for declaration in root.dependencies {
            switch declaration.requirement {
            case nil: unversioned.append((declaration, Self.root))
            case .branch?, .revision?: revisions.append((declaration, Self.root))
            default: addConstraint(declaration, from: Self.root)
            }
        }
        while !unversioned.isEmpty {
            let (declaration, _) = unversioned.removeFirst()
            let node = try node(for: declaration.identity, location: declaration.location)
            if overridden[node] != nil { continue }
            overridden[node] = .local(path: declaration.location)
            let dependencies = root.localPackages[declaration.identity] ?? []
            overriddenDependencies[node] = dependencies
            for dependency in dependencies {
                switch dependency.requirement {
                case nil: unversioned.append((dependency, node))
                case .branch?, .revision?: revisions.append((dependency, node))
                default: addConstraint(dependency, from: node)
                }
            }
        }
        while !revisions.isEmpty {
            let (declaration, _) = revisions.removeFirst()
            let node = try node(for: declaration.identity, location: declaration.location)
            let reference: String
            switch declaration.requirement {
            case let .branch(name)?: reference = name
            case let .revision(id)?: reference = id
            default: continue
            }
            if let existing = overridden[node] {
                switch existing {
                case .local: continue
                case let .branch(name, _) where name == reference: continue
                case let .revision(id) where id == reference: continue
                default:
                    throw PackageError.conflict("\(declaration.identity) is required using two different revision-based requirements (\(existing.label) and \(reference)), which is not supported")
                }
            }
            guard let revisionContainer = try container(node) as? any RevisionReading else {
                throw PackageError.conflict("\(declaration.identity) is required at \(reference), which compctl cannot read for this package")
            }
            let (commit, file) = try revisionContainer.manifest(atReference: reference, toolsVersion: toolsVersion)
            if case .branch = declaration.requirement {
                overridden[node] = .branch(reference, revision: commit)
            } else {
                overridden[node] = .revision(commit)
            }
            let read = try ManifestDependencies.read(file, identity: declaration.identity, version: nil,
                                                     packageLocation: nodes[node].location, isRoot: false)
            for item in read.flagged where flaggedSeen.insert(item.issue.text).inserted { flagged.append(item) }
            overriddenDependencies[node] = read.dependencies
            for dependency in read.dependencies {
                switch dependency.requirement {
                case nil:
                    throw PackageError.conflict("package '\(declaration.identity)' at \(reference) depends on the local package '\(dependency.identity)', which a branch or revision dependency may not")
                case .branch?, .revision?: revisions.append((dependency, node))
                default: addConstraint(dependency, from: node)
                }
            }
        }
        var result: [Incompatibility] = []
        for group in groups {
            for declaration in group.constraints {
                let node = try node(for: declaration.identity, location: declaration.location)
                if overridden[node] != nil { continue }
                guard let set = declaration.requirement?.versionSet else { continue }
                result.append(Incompatibility(
                    [Term(Self.root, .exact(SemanticVersion(1, 0, 0))), Term(node, set, positive: false)], root: Self.root,
                    cause: .dependency(node: group.node, declaration: declaration.requirement.map(Declaration.init))))
            }
        }
        return result
    }

    private func positiveIncompatibilities(for node: Int) -> [Incompatibility] {
        (incompatibilities[node] ?? []).filter { incompatibility in
            incompatibility.terms.first { $0.node == node }!.isPositive
        }
    }

    private enum Propagation {
        case conflict
        case almostSatisfied(Int)
        case none
    }

    private func propagate(from start: Int) throws {
        var changed = [start]
        while !changed.isEmpty {
            let package = changed.removeFirst()
            for incompatibility in positiveIncompatibilities(for: package).reversed() {
                switch propagate(incompatibility) {
                case .conflict:
                    let rootCause = try resolveConflict(incompatibility)
                    guard case let .almostSatisfied(node) = propagate(rootCause) else {
                        throw PackageError.conflict("internal error: a learnt incompatibility does not almost satisfy the solution")
                    }
                    changed = [node]
                case let .almostSatisfied(node):
                    if !changed.contains(node) { changed.append(node) }
                    continue
                case .none:
                    continue
                }
                break
            }
        }
    }

    private func propagate(_ incompatibility: Incompatibility) -> Propagation {
        var unsatisfied: Term?
        for term in incompatibility.terms {
            switch solution.relation(with: term) {
            case .disjoint: return .none
            case .overlap:
                if unsatisfied != nil { return .none }
                unsatisfied = term
            case .subset: break
            }
        }
        guard let unsatisfied else { return .conflict }
        solution.derive(unsatisfied.inverse, cause: incompatibility)
        return .almostSatisfied(unsatisfied.node)
    }

    private func isCompleteFailure(_ incompatibility: Incompatibility) -> Bool {
        incompatibility.terms.isEmpty || (incompatibility.terms.count == 1 && incompatibility.terms[0].node == Self.root)
    }

    /// pub's conflict resolution, step for step as SwiftPM runs it.
    private func resolveConflict(_ conflict: Incompatibility) throws -> Incompatibility {
        var incompatibility = conflict
        var created = false
        var iterations = 0
        while !isCompleteFailure(incompatibility) {
            var mostRecentTerm: Term?
            var mostRecentSatisfier: Int?
            var difference: Term?
            var previousSatisfierLevel = 0
            for term in incompatibility.terms {
                guard let satisfier = solution.satisfier(for: term) else {
                    throw PackageError.conflict("internal error: the term \(term) is not satisfied")
                }
                if let recent = mostRecentSatisfier {
                    if recent < satisfier {
                        previousSatisfierLevel = max(previousSatisfierLevel, solution.assignments[recent].decisionLevel)
                        mostRecentTerm = term
                        mostRecentSatisfier = satisfier
                        difference = nil
                    } else {
                        previousSatisfierLevel = max(previousSatisfierLevel, solution.assignments[satisfier].decisionLevel)
                    }
                } else {
                    mostRecentTerm = term
                    mostRecentSatisfier = satisfier
                }
                if mostRecentTerm == term {
                    difference = mostRecentSatisfier.flatMap { solution.assignments[$0].term.difference(with: term) }
                    if let difference, let inverseSatisfier = solution.satisfier(for: difference.inverse) {
                        previousSatisfierLevel = max(previousSatisfierLevel, solution.assignments[inverseSatisfier].decisionLevel)
                    }
                }
            }
            guard let satisfierIndex = mostRecentSatisfier else {
                throw PackageError.conflict("internal error: no satisfier")
            }
            let satisfier = solution.assignments[satisfierIndex]
            if previousSatisfierLevel < satisfier.decisionLevel || satisfier.cause == nil {
                solution.backtrack(to: previousSatisfierLevel)
                if created { add(incompatibility) }
                return incompatibility
            }
            let prior = satisfier.cause!
            var terms = incompatibility.terms.filter { $0 != mostRecentTerm }
            terms += prior.terms.filter { $0.node != satisfier.term.node }
            if let difference, difference.inverse != mostRecentTerm { terms.append(difference.inverse) }
            var unique: [Term] = []
            for term in terms where !unique.contains(term) { unique.append(term) }
            incompatibility = Incompatibility(unique, root: Self.root, cause: .conflict(incompatibility, prior))
            created = true
            iterations += 1
            if iterations >= 1000 { break }
        }
        var explainer = ConflictExplainer(resolver: self)
        throw PackageError.conflict(explainer.explain(incompatibility))
    }

    private func versionCount(_ node: Int, _ set: VersionSet) throws -> Int {
        if let pinned = pins[nodes[node].identity], set.contains(pinned) { return 1 }
        return try versionsDescending(node).filter { set.contains($0.version) }.count
    }

    private func bestVersion(_ node: Int, _ term: Term) throws -> TaggedVersion? {
        let versions = try versionsDescending(node)
        if let pinned = pins[nodes[node].identity], term.versions.contains(pinned),
           let version = versions.first(where: { $0.version == pinned }) {
            return version
        }
        return versions.first { term.versions.contains($0.version) }
    }

    private func makeDecision() throws -> Int? {
        let undecided = solution.undecided
        guard !undecided.isEmpty else { return nil }
        var counts: [Int: Int] = [:]
        for term in undecided { counts[term.node] = try versionCount(term.node, term.versions) }
        var chosen = undecided[0]
        for term in undecided.dropFirst() {
            let better = term.supportsPrereleases != chosen.supportsPrereleases
                ? !term.supportsPrereleases
                : counts[term.node]! < counts[chosen.node]!
            if better { chosen = term }
        }
        guard let version = try bestVersion(chosen.node, chosen) else {
            add(Incompatibility([chosen], root: Self.root, cause: .noAvailableVersion))
            return chosen.node
        }
        let dependencyIncompatibilities = try incompatibilities(of: chosen.node, at: version)
        var conflict = false
        for incompatibility in dependencyIncompatibilities {
            add(incompatibility)
            conflict = conflict || incompatibility.terms.allSatisfy { $0.node == chosen.node || solution.satisfies($0) }
        }
        if !conflict { solution.decide(chosen.node, at: version.version) }
        return chosen.node
    }

    /// The incompatibilities a version brings: one per dependency, or one ruling the
    /// version out (a manifest for another tools version, an unversioned dependency).
    private func incompatibilities(of node: Int, at version: TaggedVersion) throws -> [Incompatibility] {
        let read = try dependencies(of: node, at: version)
        if !isToolsVersionCompatible(read.toolsVersion) {
            return [Incompatibility([Term(node, try incompatibleToolsVersionBounds(node, from: version))], root: Self.root,
                                    cause: .incompatibleToolsVersion(read.toolsVersion))]
        }
        var result: [Incompatibility] = []
        for dependency in read.dependencies {
            let target = try self.node(for: dependency.identity, location: dependency.location)
            guard let set = dependency.requirement?.versionSet else {
                return [Incompatibility([Term(node, .exact(version.version))], root: Self.root,
                                        cause: .unversionedDependency(on: target))]
            }
            if overridden[target] != nil { continue }
            if target == node { continue }
            result.append(Incompatibility([Term(node, .exact(version.version)), Term(target, set, positive: false)],
                                          root: Self.root,
                                          cause: .dependency(node: node, declaration: dependency.requirement.map(Declaration.init))))
        }
        return result
    }

    /// The versions around `version` whose manifests are as incompatible (SwiftPM's
    /// `computeIncompatibleToolsVersionBounds`).
    private func incompatibleToolsVersionBounds(_ node: Int, from version: TaggedVersion) throws -> VersionSet {
        let ascending = Array(try versionsDescending(node).reversed())
        guard let index = ascending.firstIndex(where: { $0.version.isLiterallyEqual(to: version.version) }) else {
            return .exact(version.version)
        }
        var lower = version.version, upper = version.version
        for candidate in ascending[(index + 1)...] {
            if isToolsVersionCompatible(try dependencies(of: node, at: candidate).toolsVersion) { break }
            upper = candidate.version
        }
        for candidate in ascending[..<index].reversed() {
            if isToolsVersionCompatible(try dependencies(of: node, at: candidate).toolsVersion) { break }
            lower = candidate.version
        }
        if lower == upper { return .exact(lower) }
        if lower == ascending.first?.version { lower = SemanticVersion(0, 0, 0) }
        if upper == ascending.last?.version {
            upper = SemanticVersion(upper.major + 1, 0, 0)
        } else {
            upper = upper.nextPatch
        }
        return .range(VersionRange(lower, upper.nextPatch))
    }

    // MARK: - For the explainer

    func name(of node: Int) -> String {
        node == Self.root ? rootName : "'\(nodes[node].identity)'"
    }
}

/// A package whose manifest can be read at a branch or a commit.
public protocol RevisionReading {
    /// The commit `reference` (a branch or a commit id) names, and the manifest there.
    func manifest(atReference reference: String, toolsVersion: PackageDeclaration.ToolsVersion) throws -> (String, ManifestFile)
}

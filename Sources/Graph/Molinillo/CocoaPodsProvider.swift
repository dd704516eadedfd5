import Versioning

/// CocoaPods' specification provider for Molinillo (`Pod::Resolver`, CocoaPods 1.15): what a
/// dependency may be satisfied by (`search_for`), what a spec depends on (`dependencies_for`),
/// when a requirement accepts a spec (`requirement_satisfied_by?`, with the prerelease rule
/// and deployment targets) and the order in which requirements are decided
/// (`sort_dependencies`), over compctl's catalog.
///
/// Dependencies and specs are interned into tables and named by index, so that the search
/// compares and hashes integers where Ruby compares `Pod::Dependency` values.
final class CocoaPodsProvider {
    /// A `Pod::Dependency`: a spec name and its requirement, equal when name, requirement and
    /// external source are. A class: the search reads one at nearly every step, and a copy of
    /// a struct of five references retained each.
    final class Dependency {
        let name: String
        let root: String
        let requirements: [Requirement]
        /// The requirement strings as written, for messages.
        let texts: [String]
        /// The external source of a Podfile dependency (`:path`, `:git`, `:podspec`).
        let external: [String: String]?
        /// `Dependency#prerelease?`: one of its requirements names a prerelease.
        let namesPrerelease: Bool

        init(name: String, root: String, requirements: [Requirement], texts: [String], external: [String: String]?,
             namesPrerelease: Bool) {
            self.name = name
            self.root = root
            self.requirements = requirements
            self.texts = texts
            self.external = external
            self.namesPrerelease = namesPrerelease
        }
    }

    /// One spec at one version: a pod's root spec or one of its subspecs.
    struct Spec {
        let universe: PodUniverse
        let version: Int
        let path: String
        let name: String
    }

    private struct DependencyKey: Hashable {
        var name: String
        var requirements: [String]
        var external: [String: String]?
    }

    private struct SpecKey: Hashable {
        var universe: ObjectIdentifier
        var version: Int
        var path: String
    }

    /// `>= 0`, the requirement of a dependency that states none.
    static let any = Requirement(.greaterOrEqual, try! Version("0"))

    let catalog: Catalog
    /// Pods restricted to one source (`:source`), by root name.
    let sources: [String: Int]
    let platform: Platform?
    /// The Podfile's requirements by root name, added to every search that is not locked
    /// (`@podfile_requirements_by_root_name`).
    private let podfileRequirements: [String: [Requirement]]
    /// The versions Podfile.lock still locks, by spec name.
    let locked: [String: Version]
    /// External pods whose spec is unknown: dependencies on them are left out.
    let leftOut: Set<String>
    /// Whether dependencies on pods no source holds are left out rather than failing.
    let missingPodsAreUnmanaged: Bool

    private(set) var dependencies: [Dependency] = []
    private var dependencyIndex: [DependencyKey: Int] = [:]
    private(set) var specs: [Spec] = []
    private var specIndex: [SpecKey: Int] = [:]
    /// The id of the root spec of each pod's first version, keyed by its universe (held, so
    /// that its identifier stays its own): the root specs of all a pod's versions are interned
    /// together, so a search finds each candidate's id by adding its index, without hashing.
    private var rootSpecs: [ObjectIdentifier: (universe: PodUniverse, first: Int)] = [:]
    private var searches = DenseTable<[Int]>()
    private var specDependencies = DenseTable<[Int]?>()
    private var lockedDependencies: [String: Int] = [:]
    private var platformCompatible = DenseTable<Bool>()

    init(catalog: Catalog, sources: [String: Int], platform: Platform?, podfileRequirements: [String: [Requirement]],
         locked: [String: Version], leftOut: Set<String>, missingPodsAreUnmanaged: Bool) {
        self.catalog = catalog
        self.sources = sources
        self.platform = platform
        self.podfileRequirements = podfileRequirements
        self.locked = locked
        self.leftOut = leftOut
        self.missingPodsAreUnmanaged = missingPodsAreUnmanaged
    }

    /// Whether no source holds the pod `root` (an external pod without its spec aside).
    func isMissing(_ root: String) -> Bool {
        !leftOut.contains(root) && catalog.universe(of: root, source: sources[root]) == nil
    }

    // MARK: - Tables

    /// The id of the dependency on `name` with `requirements` (parsed), interned.
    func dependency(name: String, requirements: [Requirement], texts: [String], external: [String: String]? = nil) -> Int {
        // `Gem::Requirement#==` compares the sorted, distinct requirements; `>= 0` is the
        // default requirement.
        var normalized = requirements.count < 2
            ? requirements.map(\.description)
            : Array(Set(requirements.map(\.description))).sorted()
        if normalized == [">= 0"] { normalized = [] }
        let key = DependencyKey(name: name, requirements: normalized, external: external)
        if let known = dependencyIndex[key] { return known }
        // No requirement is `Requirement.default`, `>= 0`, which a prerelease of 0 misses.
        let requirements = requirements.isEmpty ? [Self.any] : requirements
        dependencies.append(Dependency(
            name: name, root: PodName.root(of: name), requirements: requirements, texts: texts, external: external,
            namesPrerelease: requirements.contains { $0.namesPrerelease }))
        dependencyIndex[key] = dependencies.count - 1
        return dependencies.count - 1
    }

    /// The id of the spec `path` of `universe` at `version`, interned.
    func spec(_ universe: PodUniverse, _ version: Int, _ path: String) -> Int {
        if path.isEmpty { return firstRootSpec(of: universe) + version }
        let key = SpecKey(universe: ObjectIdentifier(universe), version: version, path: path)
        if let known = specIndex[key] { return known }
        specs.append(Spec(universe: universe, version: version, path: path, name: PodName.join(universe.name, path)))
        specIndex[key] = specs.count - 1
        return specs.count - 1
    }

    /// The id of the root spec of `universe`'s first version; version `i`'s is that plus `i`.
    private func firstRootSpec(of universe: PodUniverse) -> Int {
        let key = ObjectIdentifier(universe)
        if let known = rootSpecs[key] { return known.first }
        let first = specs.count
        for version in universe.versions.indices {
            specs.append(Spec(universe: universe, version: version, path: "", name: universe.name))
        }
        rootSpecs[key] = (universe, first)
        return first
    }

    /// The dependency Podfile.lock's `PODS` section makes of a locked spec, `A (= 1.0)`.
    func lockedDependency(named name: String) -> Int? {
        guard let version = locked[name] else { return nil }
        if let known = lockedDependencies[name] { return known }
        let requirement = Requirement(.equal, version)
        let id = dependency(name: name, requirements: [requirement], texts: [requirement.description])
        lockedDependencies[name] = id
        return id
    }

    /// `Dependency#to_s`: `A`, `A (~> 1.0)` or `A (from `../A`)`.
    func describe(dependency id: Int) -> String {
        let dependency = dependencies[id]
        if let external = dependency.external, let origin = external["origin"] {
            return "\(dependency.name) (from \(origin))"
        }
        if dependency.texts.isEmpty { return dependency.name }
        return "\(dependency.name) (\(catalog.display(dependency.texts)))"
    }

    /// `A (1.0)` for a spec.
    func describe(spec id: Int) -> String {
        "\(specs[id].name) (\(version(of: id)))"
    }

    func version(of spec: Int) -> Version {
        specs[spec].universe.versions[specs[spec].version]
    }

    // MARK: - SpecificationProvider

    /// The specs that may satisfy `dependency`, oldest first (`search_for`): the versions
    /// of its pod that meet its requirement and the Podfile's requirements on the pod (or,
    /// for a locked spec, the locked version), and that have the named subspec.
    func search(_ id: Int) throws(NoSuchDependency) -> [Int] {
        if let known = searches[id] { return known }
        let dependency = dependencies[id]
        guard let universe = catalog.universe(of: dependency.root, source: sources[dependency.root]) else {
            throw NoSuchDependency(dependency: id, requiredBy: [])
        }
        var requirements = dependency.requirements
        if let version = locked[dependency.name] {
            requirements.append(Requirement(.equal, version))
        } else {
            requirements += podfileRequirements[dependency.root] ?? []
        }
        let path = PodName.subspecPath(of: dependency.name)
        if !path.isEmpty {
            // Every candidate's spec is read below, one after another: fetch them together.
            catalog.prefetchSpecs(universe, universe.versions.indices.filter { index in
                requirements.allSatisfy { $0.isSatisfied(by: universe.versions[index]) }
            })
        }
        var result: [Int] = []
        let firstRoot = path.isEmpty ? firstRootSpec(of: universe) : 0
        for index in universe.versions.indices
        where requirements.allSatisfy({ $0.isSatisfied(by: universe.versions[index]) }) {
            // `subspec_by_name` reads the spec only for a subspec; a root name is taken
            // unread, as CocoaPods' lazy specification does.
            if path.isEmpty {
                result.append(firstRoot + index)
                continue
            }
            if catalog.spec(universe, index).model?.feature(at: path) == nil { continue }
            result.append(spec(universe, index, path))
        }
        if path.isEmpty {
            // The search tries the newest first and reads the ones below it to tell which
            // depend alike (`group_possibilities`, which announces them in windows as it
            // goes): a remote source fetches the first window now, ahead of the grouping.
            let window = LookAheadWindow.size(Possibilities.firstWindow, of: result.count)
            catalog.prefetchSpecs(universe, result.suffix(window).map { specs[$0].version })
        }
        searches[id] = result
        return result
    }

    /// Tells the sources that `specs` (all of one pod, or of a few) are about to be read.
    func prefetchSpecs<S: Collection>(_ specs: S) where S.Element == Int {
        // Usually the candidates of one pod, as a search announces them.
        if let first = specs.first.map({ self.specs[$0].universe }),
           specs.allSatisfy({ self.specs[$0].universe === first }) {
            catalog.prefetchSpecs(first, specs.map { self.specs[$0].version })
            return
        }
        var byUniverse: [ObjectIdentifier: (universe: PodUniverse, indices: [Int])] = [:]
        var order: [ObjectIdentifier] = []
        for id in specs {
            let spec = self.specs[id]
            let key = ObjectIdentifier(spec.universe)
            if byUniverse[key] == nil { order.append(key); byUniverse[key] = (spec.universe, []) }
            byUniverse[key]!.indices.append(spec.version)
        }
        for key in order {
            let entry = byUniverse[key]!
            catalog.prefetchSpecs(entry.universe, entry.indices)
        }
    }

    /// What `spec` brings in (`dependencies_for` over `Specification#all_dependencies`): its
    /// own and inherited dependencies, then its default subspecs (all subspecs when it names
    /// none) at its version; a dependency on a subspec of its own pod is pinned to its
    /// version. Nil when the spec cannot be read.
    func dependencies(of id: Int) -> [Int]? {
        if let known = specDependencies[id] { return known }
        let spec = specs[id]
        let result = computeDependencies(spec)
        specDependencies[id] = result
        // The search is about to sort these (which lists each pod's versions) and try them:
        // a remote source fetches the shards of the pods not seen yet in parallel, now.
        if let result {
            catalog.prefetch(result.map { SpecDependency(name: dependencies[$0].root, requirements: dependencies[$0].texts) })
        }
        return result
    }

    private func computeDependencies(_ spec: Spec) -> [Int]? {
        guard let model = catalog.spec(spec.universe, spec.version).model, model.nodes[spec.path] != nil else {
            return nil
        }
        let version = spec.universe.versions[spec.version]
        let pinned = Requirement(.equal, version)
        var result: [Int] = []
        for dependency in model.ownDependencies(at: spec.path) {
            let root = dependency.rootName
            if leftOut.contains(root) || (missingPodsAreUnmanaged && isMissing(root)) { continue }
            if root == spec.universe.name {
                result.append(self.dependency(name: dependency.name, requirements: [pinned], texts: [pinned.description]))
                continue
            }
            var parsed: [Requirement] = []
            for text in dependency.requirements {
                guard case let .success(requirement) = catalog.requirement(text) else { return nil }
                parsed.append(requirement)
            }
            result.append(self.dependency(name: dependency.name, requirements: parsed, texts: dependency.requirements))
        }
        for path in model.subspecDependencies(at: spec.path) {
            result.append(self.dependency(
                name: PodName.join(spec.universe.name, path), requirements: [pinned], texts: [pinned.description]))
        }
        return result
    }

    /// Whether `requirement` accepts `spec` in the current activation graph
    /// (`requirement_satisfied_by?`): its own requirement holds; a prerelease only when the
    /// requirement names one or is external, or a requirement on an activated spec of the
    /// same pod does (`valid_possibility_version_for_root_name?`); and the spec's deployment
    /// target is met, unless Podfile.lock locks it (`spec_is_platform_compatible?`).
    func isSatisfied(_ requirement: Int, by spec: Int, in graph: ActivationGraph) -> Bool {
        let dependency = dependencies[requirement]
        let version = self.version(of: spec)
        guard dependency.requirements.allSatisfy({ $0.isSatisfied(by: version) }) else { return false }
        if version.isPrerelease, !dependency.namesPrerelease, dependency.external == nil,
           !prereleaseAllowed(root: dependency.root, version: version, graph: graph) {
            return false
        }
        return isPlatformCompatible(spec)
    }

    private func prereleaseAllowed(root: String, version: Version, graph: ActivationGraph) -> Bool {
        var allowed = false
        for vertex in graph.vertices(ofRoot: root) {
            guard let payload = vertex.payload else { continue }
            if !allowed {
                allowed = vertex.requirements.contains { dependencies[$0].namesPrerelease || dependencies[$0].external != nil }
            }
            // During the search a payload is a possibility set, which has no version; a spec
            // payload (while a possibility is checked, or once resolution ends) settles it.
            if case let .spec(other) = payload {
                if self.version(of: other) == version { return true }
                break
            }
        }
        return allowed
    }

    private func isPlatformCompatible(_ id: Int) -> Bool {
        guard let platform else { return true }
        if let known = platformCompatible[id] { return known }
        let spec = specs[id]
        var result = true
        if locked[spec.name] == nil, let model = catalog.spec(spec.universe, spec.version).model,
           case .needsDeploymentTarget = model.support(at: spec.path, on: platform) {
            result = false
        }
        platformCompatible[id] = result
        return result
    }

    /// The requirements in the order CocoaPods decides them (`sort_dependencies`): already
    /// activated first, then external sources, then those naming a prerelease, then pods in
    /// conflict, then fewest candidate versions. Ruby's `sort_by!` is a merge sort on
    /// glibc, so ties keep their order.
    func sorted(_ requirements: [Int], graph: ActivationGraph, conflicts: Set<String>) throws(NoSuchDependency) -> [Int] {
        var keyed: [(key: (Int, Int, Int, Int, Int), position: Int, requirement: Int)] = []
        keyed.reserveCapacity(requirements.count)
        for (position, requirement) in requirements.enumerated() {
            let dependency = dependencies[requirement]
            let activated = graph.vertex(dependency: requirement, named: dependency.name)?.payload != nil ? 0 : 1
            let count = try search(requirement).count
            keyed.append(((activated, dependency.external != nil ? 0 : 1, dependency.namesPrerelease ? 0 : 1,
                           conflicts.contains(dependency.name) ? 0 : 1, count), position, requirement))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        return keyed.map(\.requirement)
    }

    /// Who needs the dependency's spec in the graph (`with_no_such_dependency_error_handling`):
    /// the specs with an edge to it, and the Podfile when it states it.
    func requiredBy(_ requirement: Int, graph: ActivationGraph) -> [String] {
        guard let vertex = graph.vertex(dependencies[requirement].name) else { return [] }
        var result = vertex.incoming.map(\.origin)
        if !vertex.explicitRequirements.isEmpty { result.append("Podfile") }
        return result
    }
}

/// Molinillo's `NoSuchDependencyError`: no source has the pod.
struct NoSuchDependency: Error {
    var dependency: Int
    var requiredBy: [String]
}

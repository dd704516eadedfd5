import Versioning

/// A dependency the root states: a Podfile `pod` line, or what a check resolves.
struct RootDependency {
    var dependency: SpecDependency
    var declarer: String
}

/// Thrown when no solution exists: the incompatibility that proves it (`{root}`).
struct SolverFailure: Error {
    var incompatibility: Int
}

/// PubGrub (Natalie Weizenbaum's algorithm, as Dart's pub and SwiftPM implement it) over
/// CocoaPods' pods and subspecs: unit propagation, decisions, and conflict-driven
/// learning with backjumping. See `doc/solver.md` in dart-lang/pub for the algorithm; the
/// comments here only mark where compctl departs from it.
///
/// Specs are loaded only when a version is decided; the dependencies of neighbouring
/// versions are folded into one incompatibility when they are the same, as pub's
/// `PackageLister` does, which keeps explanations short ("every version of XXOrder depends
/// on …").
///
/// CocoaPods' prerelease rule is applied when a pod is decided, since whether a requirement
/// naming a prerelease is in use depends on the rest of the solution: requirements match
/// prereleases by the plain test, a decision takes the highest release unless a
/// requirement naming a prerelease is in use, and a pod left with only prereleases that no
/// requirement in use names is decided last; if it still has none named then, those
/// prereleases are ruled out (as CocoaPods' "There are only pre-release versions
/// available" does) for the rest of the resolution.
final class PubGrubSolver {
    let catalog: Catalog
    let platform: Platform?
    /// Pods restricted to one source (`:source`), by root name.
    let sources: [String: Int]
    let roots: [RootDependency]

    private(set) var packages: [Package] = []
    private(set) var incompatibilities: [Incompatibility] = []
    private var byPackage: [[Int]] = []
    private var podPackages: [ObjectIdentifier: Int] = [:]
    private var subspecPackages: [SubspecKey: Int] = [:]
    /// Each pod package's subspec packages, in the order they were made.
    private var subspecsOfPod: [Int: [(path: String, package: Int)]] = [:]

    // The partial solution.
    private var assignments: [Assignment] = []
    private var assignmentsOf: [[Int]] = []
    private var accumulated: [Term] = []
    private(set) var decided: [Int] = []
    private var decisionLevel = 0
    /// Packages in the order they first became required; decisions follow it.
    private var order: [Int] = []
    private var orderPosition: [Int] = []
    private var cursor = 0

    // What has been generated already, so nothing is added twice.
    private var versionClauses: [VersionKey: [Int]] = [:]
    private var subspecClauses: [VersionKey: [Int]] = [:]
    private var dependencyClauses: [DependencyKey: [(index: Int, versions: VersionSet)]] = [:]
    /// Dependencies on a plain pod (its default subspecs), by the pod's package: turned into
    /// incompatibilities only once the pod is seen to have subspecs.
    private var plainReferences: [Int: [PlainReference]] = [:]
    private var podsWithSubspecs: Set<Int> = []
    /// The dependencies naming a prerelease of each pod package (their incompatibilities).
    private var prereleaseRequirements: [Int: [Int]] = [:]
    /// How often each package has been picked for a decision. A pod picked again was caught
    /// in a conflict: only then are its neighbours' specs read to fold their dependencies.
    private var attempts: [Int] = []

    static let root = 0

    private struct Assignment {
        var package: Int
        var term: Term
        var level: Int
        /// The incompatibility it was derived from; -1 for a decision.
        var cause: Int
    }

    private struct SubspecKey: Hashable {
        var pod: Int
        var path: String
    }

    private struct VersionKey: Hashable {
        var package: Int
        var version: Int
    }

    private struct DependencyKey: Hashable {
        var depender: Int
        var dependency: SpecDependency
        var sameVersion = false
    }

    private struct PlainReference {
        var depender: [PackageTerm]
        var cause: DependencyCause
        var materialized = false
    }

    init(catalog: Catalog, platform: Platform?, sources: [String: Int], rootName: String, roots: [RootDependency]) {
        self.catalog = catalog
        self.platform = platform
        self.sources = sources
        self.roots = roots
        _ = addPackage(Package(kind: .root, universe: VersionSet(fullOf: 1), name: rootName))
    }

    // MARK: - Packages

    private func addPackage(_ package: Package) -> Int {
        packages.append(package)
        byPackage.append([])
        assignmentsOf.append([])
        accumulated.append(.any(universe: package.universe))
        decided.append(-1)
        orderPosition.append(-1)
        attempts.append(0)
        return packages.count - 1
    }

    /// The package of pod `universe`, made on first use.
    func podPackage(_ universe: PodUniverse) -> Int {
        let key = ObjectIdentifier(universe)
        if let known = podPackages[key] { return known }
        let id = addPackage(Package(kind: .pod(universe), universe: universe.all, name: universe.name))
        podPackages[key] = id
        return id
    }

    /// The package of subspec `path` of the pod package `pod`, made on first use.
    func subspecPackage(pod: Int, path: String) -> Int {
        let key = SubspecKey(pod: pod, path: path)
        if let known = subspecPackages[key] { return known }
        let id = addPackage(Package(
            kind: .subspec(pod: pod, path: path), universe: VersionSet(fullOf: 1),
            name: PodName.join(packages[pod].name, path)))
        subspecPackages[key] = id
        subspecsOfPod[pod, default: []].append((path, id))
        return id
    }

    /// The pods' universe for `name`, honouring a `:source`.
    func universe(of name: String) -> PodUniverse? {
        catalog.universe(of: name, source: sources[name])
    }

    // MARK: - Solving

    /// Solves, or throws `SolverFailure`, or the failure of a source (`GraphError`), which
    /// ends the search at once.
    func solve() throws {
        _ = add(Incompatibility(
            terms: [PackageTerm(package: Self.root, term: .negative(VersionSet(fullOf: 1), universe: VersionSet(fullOf: 1)))],
            cause: .root))
        var changed: [Int] = [Self.root]
        while true {
            try propagate(changed)
            try catalog.checkSources()
            guard let next = decideNext() else { return }
            try catalog.checkSources()
            changed = next
        }
    }

    private func add(_ incompatibility: Incompatibility) -> Int {
        let index = store(incompatibility)
        register(index)
        return index
    }

    private func store(_ incompatibility: Incompatibility) -> Int {
        var incompatibility = incompatibility
        // A term that always holds says nothing (a dependency no version can meet reduces
        // to "the depender cannot be used"), and it would have no satisfier.
        incompatibility.terms.removeAll { $0.term == .any(universe: packages[$0.package].universe) }
        incompatibilities.append(incompatibility)
        return incompatibilities.count - 1
    }

    private func register(_ index: Int) {
        for term in incompatibilities[index].terms where byPackage[term.package].last != index {
            byPackage[term.package].append(index)
        }
    }

    private enum PropagationResult {
        case none
        case conflict
        case derived(Int)
    }

    private func propagate(_ packages: [Int]) throws {
        var queue = packages
        var queued = Set(packages)
        var next = 0
        while next < queue.count {
            let package = queue[next]
            next += 1
            queued.remove(package)
            // Newest first: conflict resolution makes later incompatibilities more general.
            let list = byPackage[package]
            var position = list.count - 1
            while position >= 0 {
                let index = list[position]
                position -= 1
                switch propagate(incompatibility: index) {
                case .none:
                    continue
                case let .derived(derived):
                    if queued.insert(derived).inserted { queue.append(derived) }
                case .conflict:
                    let rootCause = try resolveConflict(index)
                    queue.removeAll()
                    queued.removeAll()
                    next = 0
                    if case let .derived(derived) = propagate(incompatibility: rootCause) {
                        queue.append(derived)
                        queued.insert(derived)
                    }
                    position = -1
                }
            }
        }
    }

    private func propagate(incompatibility index: Int) -> PropagationResult {
        enum Scan {
            /// A term is contradicted, or two are undecided: nothing follows.
            case nothing
            /// Every term holds.
            case conflict
            /// Every term but this one holds: its inverse follows.
            case almost(Int)
        }
        // The hottest loop of the solver: terms are borrowed through buffers rather than
        // copied, since every copy of a term retains its version set's storage.
        let scan: Scan = incompatibilities.withUnsafeBufferPointer { incompatibilities in
            accumulated.withUnsafeBufferPointer { accumulated in
                incompatibilities[index].terms.withUnsafeBufferPointer { terms in
                    var unsatisfied: Int?
                    for position in terms.indices {
                        let package = terms[position].package
                        if accumulated[package].satisfies(terms[position].term) { continue }
                        if accumulated[package].isDisjoint(with: terms[position].term) { return .nothing }
                        if unsatisfied != nil { return .nothing }
                        unsatisfied = position
                    }
                    return unsatisfied.map(Scan.almost) ?? .conflict
                }
            }
        }
        switch scan {
        case .nothing:
            return .none
        case .conflict:
            return .conflict
        case let .almost(position):
            let packageTerm = incompatibilities[index].terms[position]
            let universe = packages[packageTerm.package].universe
            derive(packageTerm.package, packageTerm.term.inverse(universe: universe), cause: index)
            return .derived(packageTerm.package)
        }
    }

    private func isFailure(_ incompatibility: Incompatibility) -> Bool {
        incompatibility.terms.isEmpty
            || (incompatibility.terms.count == 1 && incompatibility.terms[0].package == Self.root
                && incompatibility.terms[0].term.isPositive)
    }

    private func resolveConflict(_ conflicting: Int) throws -> Int {
        var current = conflicting
        var isNew = false
        while !isFailure(incompatibilities[current]) {
            let terms = incompatibilities[current].terms
            var mostRecentTerm = -1
            var mostRecentSatisfier = -1
            var difference: PackageTerm?
            var previousSatisfierLevel = 1
            for (position, packageTerm) in terms.enumerated() {
                let satisfier = self.satisfier(packageTerm.package, packageTerm.term)
                if mostRecentSatisfier < 0 {
                    mostRecentTerm = position
                    mostRecentSatisfier = satisfier
                } else if mostRecentSatisfier < satisfier {
                    previousSatisfierLevel = max(previousSatisfierLevel, assignments[mostRecentSatisfier].level)
                    mostRecentTerm = position
                    mostRecentSatisfier = satisfier
                    difference = nil
                } else {
                    previousSatisfierLevel = max(previousSatisfierLevel, assignments[satisfier].level)
                }
                if mostRecentTerm == position {
                    let universe = packages[packageTerm.package].universe
                    let rest = assignments[mostRecentSatisfier].term
                        .intersecting(packageTerm.term.inverse(universe: universe))
                    if rest.isEmpty {
                        difference = nil
                    } else {
                        difference = PackageTerm(package: packageTerm.package, term: rest)
                        let priorSatisfier = self.satisfier(packageTerm.package, rest.inverse(universe: universe))
                        previousSatisfierLevel = max(previousSatisfierLevel, assignments[priorSatisfier].level)
                    }
                }
            }
            let satisfier = assignments[mostRecentSatisfier]
            if previousSatisfierLevel < satisfier.level || satisfier.cause < 0 {
                backtrack(to: previousSatisfierLevel)
                if isNew { register(current) }
                return current
            }
            var newTerms: [PackageTerm] = []
            for (position, packageTerm) in terms.enumerated() where position != mostRecentTerm {
                newTerms.append(packageTerm)
            }
            for packageTerm in incompatibilities[satisfier.cause].terms where packageTerm.package != satisfier.package {
                newTerms.append(packageTerm)
            }
            if let difference {
                let universe = packages[difference.package].universe
                newTerms.append(PackageTerm(package: difference.package, term: difference.term.inverse(universe: universe)))
            }
            current = store(derived(newTerms, from: current, and: satisfier.cause))
            isNew = true
        }
        throw SolverFailure(incompatibility: current)
    }

    /// A derived incompatibility: terms about one package merged, and the root left out
    /// (it is always selected), as pub's `Incompatibility` constructor does.
    private func derived(_ terms: [PackageTerm], from first: Int, and second: Int) -> Incompatibility {
        var terms = terms
        if terms.count != 1 && terms.contains(where: { $0.package == Self.root && $0.term.isPositive }) {
            terms.removeAll { $0.package == Self.root && $0.term.isPositive }
        }
        var merged: [PackageTerm] = []
        for packageTerm in terms {
            if let existing = merged.firstIndex(where: { $0.package == packageTerm.package }) {
                merged[existing].term = merged[existing].term.intersecting(packageTerm.term)
            } else {
                merged.append(packageTerm)
            }
        }
        return Incompatibility(terms: merged, cause: .conflict(first, second))
    }

    // MARK: - Partial solution

    private func derive(_ package: Int, _ term: Term, cause: Int) {
        assignments.append(Assignment(package: package, term: term, level: decisionLevel, cause: cause))
        assignmentsOf[package].append(assignments.count - 1)
        accumulated[package] = accumulated[package].intersecting(term)
        if accumulated[package].isPositive {
            if orderPosition[package] < 0 {
                orderPosition[package] = order.count
                order.append(package)
            }
            cursor = min(cursor, orderPosition[package])
        }
    }

    private func decide(_ package: Int, version: Int) {
        decisionLevel += 1
        var set = VersionSet(emptyOf: universeCount(package))
        set.insert(version)
        assignments.append(Assignment(package: package, term: .positive(set), level: decisionLevel, cause: -1))
        assignmentsOf[package].append(assignments.count - 1)
        accumulated[package] = accumulated[package].intersecting(.positive(set))
        decided[package] = version
    }

    private func universeCount(_ package: Int) -> Int {
        switch packages[package].kind {
        case let .pod(universe): return universe.count
        case .root, .subspec: return 1
        }
    }

    private func backtrack(to level: Int) {
        var dirty = Set<Int>()
        while let last = assignments.last, last.level > level {
            assignments.removeLast()
            assignmentsOf[last.package].removeLast()
            if last.cause < 0 { decided[last.package] = -1 }
            dirty.insert(last.package)
        }
        for package in dirty {
            var term = Term.any(universe: packages[package].universe)
            for index in assignmentsOf[package] { term = term.intersecting(assignments[index].term) }
            accumulated[package] = term
        }
        decisionLevel = level
        cursor = 0
    }

    /// The earliest assignment after which the partial solution satisfies `term`.
    private func satisfier(_ package: Int, _ term: Term) -> Int {
        var current = Term.any(universe: packages[package].universe)
        for index in assignmentsOf[package] {
            current = current.intersecting(assignments[index].term)
            if current.satisfies(term) { return index }
        }
        preconditionFailure("no assignment satisfies the term of \(packages[package].name)")
    }

    // MARK: - Decisions

    /// Picks the next package and version, adds what that version's spec says, and decides
    /// it unless that already conflicts. Returns the packages to propagate, or nil when
    /// every required package is decided.
    private func decideNext() -> [Int]? {
        guard let package = nextPackage() else { return nil }
        attempts[package] += 1
        let allowed = accumulated[package].versions
        let version: Int
        switch packages[package].kind {
        case .root, .subspec:
            version = 0
        case let .pod(universe):
            if let preferred = preferredVersion(package, universe, allowed) {
                version = preferred
            } else {
                // Only prereleases are left and nothing in use asks for one: CocoaPods'
                // resolver does not take them (`requirement_satisfied_by?`).
                let index = add(Incompatibility(
                    terms: [PackageTerm(package: package, term: .positive(allowed))], cause: .prereleaseOnly))
                return incompatibilities[index].terms.map(\.package)
            }
        }
        let clauses = clauses(for: package, version: version)
        var conflict = false
        var touched: [Int] = [package]
        for index in clauses {
            for packageTerm in incompatibilities[index].terms where !touched.contains(packageTerm.package) {
                touched.append(packageTerm.package)
            }
            if !conflict {
                conflict = incompatibilities[index].terms.allSatisfy { packageTerm in
                    packageTerm.package == package
                        ? packageTerm.term.versions.contains(version)
                        : accumulated[packageTerm.package].satisfies(packageTerm.term)
                }
            }
        }
        if !conflict { decide(package, version: version) }
        return touched
    }

    /// The first required, undecided package in the order packages became required, leaving
    /// for last a pod with only prereleases left that nothing in use has asked for.
    private func nextPackage() -> Int? {
        var deferred: Int?
        var position = cursor
        var firstOpen = -1
        while position < order.count {
            let package = order[position]
            position += 1
            guard decided[package] < 0, accumulated[package].isPositive else { continue }
            if firstOpen < 0 { firstOpen = position - 1 }
            if case let .pod(universe) = packages[package].kind, universe.external == nil,
               accumulated[package].versions.isDisjoint(with: universe.releases),
               !hasPrereleaseRequirement(package) {
                if deferred == nil { deferred = package }
                continue
            }
            cursor = firstOpen
            return package
        }
        if firstOpen >= 0 { cursor = firstOpen }
        return deferred
    }

    /// The highest allowed version, preferring releases unless a requirement now in use
    /// names a prerelease: a prerelease enters only where someone asks for it.
    private func preferredVersion(_ package: Int, _ universe: PodUniverse, _ allowed: VersionSet) -> Int? {
        // A pod from an external source is taken as it is, prerelease or not (CocoaPods'
        // `requirement_satisfied_by?` lets an external source in).
        if universe.external != nil { return allowed.last }
        if let release = allowed.intersection(universe.releases).last { return release }
        return hasPrereleaseRequirement(package) ? allowed.last : nil
    }

    /// Whether a requirement naming a prerelease of `package` is in use: its depender is
    /// selected in the partial solution.
    private func hasPrereleaseRequirement(_ package: Int) -> Bool {
        (prereleaseRequirements[package] ?? []).contains { index in
            incompatibilities[index].terms.allSatisfy { packageTerm in
                packageTerm.package == package || accumulated[packageTerm.package].satisfies(packageTerm.term)
            }
        }
    }

    // MARK: - What a version brings in

    /// The incompatibilities that deciding `version` of `package` makes relevant.
    private func clauses(for package: Int, version: Int) -> [Int] {
        switch packages[package].kind {
        case .root:
            return rootClauses()
        case let .pod(universe):
            var result = podClauses(package, universe, version)
            if result.count == 1, case .unavailable = incompatibilities[result[0]].cause { return result }
            for (path, subspec) in subspecsOfPod[package] ?? [] where decided[subspec] >= 0 {
                result += subspecClauses(subspec, pod: package, path: path, version: version)
            }
            return result
        case let .subspec(pod, path):
            guard decided[pod] >= 0 else { return [] }
            return subspecClauses(package, pod: pod, path: path, version: decided[pod])
        }
    }

    private func rootClauses() -> [Int] {
        if let known = versionClauses[VersionKey(package: Self.root, version: 0)] { return known }
        catalog.prefetch(roots.map(\.dependency))
        var result: [Int] = []
        for root in roots {
            result += dependencyClauses(
                depender: [PackageTerm(package: Self.root, term: .positive(VersionSet(fullOf: 1)))],
                key: DependencyKey(depender: Self.root, dependency: root.dependency),
                declarer: root.declarer, subspec: nil)
        }
        versionClauses[VersionKey(package: Self.root, version: 0)] = result
        return result
    }

    private func podClauses(_ package: Int, _ universe: PodUniverse, _ version: Int) -> [Int] {
        let key = VersionKey(package: package, version: version)
        if let known = versionClauses[key] { return known }
        var result: [Int] = []
        switch catalog.spec(universe, version) {
        case let .failed(message):
            var single = VersionSet(emptyOf: universe.count)
            single.insert(version)
            result = [add(Incompatibility(
                terms: [PackageTerm(package: package, term: .positive(single))],
                cause: .unavailable(.unreadable(message))))]
        case let .loaded(model):
            if let platform, case let support = model.support(at: "", on: platform), support != .supported {
                let versions = walk(universe, from: version) { other in
                    other.support(at: "", on: platform).isSameKind(as: support)
                }
                result = [add(Incompatibility(
                    terms: [PackageTerm(package: package, term: .positive(versions))],
                    cause: .unavailable(.platform(lowest(support, universe, versions, platform), platform))))]
                break
            }
            let feature = model.rootFeature
            // The next pods this version needs: a remote source can fetch them together.
            catalog.prefetch(feature.dependencies)
            for dependency in feature.dependencies {
                let key = DependencyKey(depender: package, dependency: dependency)
                if let hit = cached(key, covering: version) {
                    result += hit
                    continue
                }
                let versions = walk(universe, from: version) { other in
                    other.rootFeature.dependencies.contains(dependency)
                }
                result += dependencyClauses(
                    depender: [PackageTerm(package: package, term: .positive(versions))],
                    key: key, declarer: nil, subspec: nil)
            }
            for path in feature.activations {
                let key = DependencyKey(depender: package, dependency: SpecDependency(name: path), sameVersion: true)
                if let hit = cached(key, covering: version) {
                    result += hit
                    continue
                }
                let versions = walk(universe, from: version) { other in
                    other.rootFeature.activations.contains(path)
                }
                result.append(sameVersionClause(
                    depender: [PackageTerm(package: package, term: .positive(versions))],
                    key: key, pod: package, path: path, subspec: nil))
            }
            if model.hasSubspecs && podsWithSubspecs.insert(package).inserted {
                result += materializePlainReferences(of: package)
            }
        }
        versionClauses[key] = result
        return result
    }

    private func subspecClauses(_ subspec: Int, pod: Int, path: String, version: Int) -> [Int] {
        let key = VersionKey(package: subspec, version: version)
        if let known = subspecClauses[key] { return known }
        guard let universe = packages[pod].pod, let model = catalog.spec(universe, version).model else { return [] }
        let used = PackageTerm(package: subspec, term: .positive(VersionSet(fullOf: 1)))
        var result: [Int] = []
        if let feature = model.feature(at: path) {
            catalog.prefetch(feature.dependencies)
            if let platform, case let support = model.support(at: path, on: platform), support != .supported {
                let versions = walk(universe, from: version) { other in
                    other.feature(at: path) != nil && other.support(at: path, on: platform).isSameKind(as: support)
                }
                result = [add(Incompatibility(
                    terms: [used, PackageTerm(package: pod, term: .positive(versions))],
                    cause: .unavailable(.platform(lowest(support, universe, versions, platform, path: path), platform))))]
            } else {
                for dependency in feature.dependencies {
                    let key = DependencyKey(depender: subspec, dependency: dependency)
                    if let hit = cached(key, covering: version) {
                        result += hit
                        continue
                    }
                    let versions = walk(universe, from: version) { other in
                        other.feature(at: path)?.dependencies.contains(dependency) ?? false
                    }
                    result += dependencyClauses(
                        depender: [used, PackageTerm(package: pod, term: .positive(versions))],
                        key: key, declarer: nil, subspec: subspec)
                }
                for activation in feature.activations {
                    let key = DependencyKey(depender: subspec, dependency: SpecDependency(name: activation), sameVersion: true)
                    if let hit = cached(key, covering: version) {
                        result += hit
                        continue
                    }
                    let versions = walk(universe, from: version) { other in
                        other.feature(at: path)?.activations.contains(activation) ?? false
                    }
                    result.append(sameVersionClause(
                        depender: [used, PackageTerm(package: pod, term: .positive(versions))],
                        key: key, pod: pod, path: activation, subspec: subspec))
                }
            }
        } else {
            let versions = walk(universe, from: version) { other in other.feature(at: path) == nil }
            result = [add(Incompatibility(
                terms: [used, PackageTerm(package: pod, term: .positive(versions))],
                cause: .unavailable(.missingSubspec)))]
        }
        subspecClauses[key] = result
        return result
    }

    /// The lowest deployment target the versions ask for, for the message.
    private func lowest(_ support: PlatformSupport, _ universe: PodUniverse, _ versions: VersionSet,
                        _ platform: Platform, path: String = "") -> PlatformSupport {
        guard case var .needsDeploymentTarget(lowest) = support else { return support }
        for index in versions.indices {
            if case let .needsDeploymentTarget(target)? = catalog.spec(universe, index).model?.support(at: path, on: platform),
               target < lowest {
                lowest = target
            }
        }
        return .needsDeploymentTarget(lowest)
    }

    /// The versions next to `version`, among the pod's candidates and without gaps, whose
    /// specs match `predicate`, plus `version` itself. Unless the pod has been decided
    /// before, only specs already read count: most pods are decided once, and reading
    /// neighbours for them would multiply the specs read.
    private func walk(_ universe: PodUniverse, from version: Int,
                      _ predicate: (SpecModel) -> Bool) -> VersionSet {
        let package = podPackages[ObjectIdentifier(universe)]
        let read = package.map { attempts[$0] > 1 } ?? false
        let candidates = package.map { packages[$0].universe } ?? universe.all
        func matches(_ index: Int) -> Bool {
            guard candidates.contains(index) else { return false }
            let state = read ? catalog.spec(universe, index) : catalog.loadedSpec(universe, index)
            guard let model = state?.model else { return false }
            return predicate(model)
        }
        var result = VersionSet(emptyOf: universe.count)
        result.insert(version)
        var index = version - 1
        while index >= 0, matches(index) {
            result.insert(index)
            index -= 1
        }
        index = version + 1
        while index < universe.count, matches(index) {
            result.insert(index)
            index += 1
        }
        return result
    }

    /// The incompatibilities for one dependency of `depender` (the root, a pod at some
    /// versions, or a subspec of a pod at some versions).
    private func dependencyClauses(depender: [PackageTerm], key cacheKey: DependencyKey,
                                   declarer: String?, subspec: Int?) -> [Int] {
        let dependency = cacheKey.dependency
        let dependerVersions = depender.last!.term.versions
        guard let target = universe(of: dependency.rootName) else {
            // No source has the pod: a public pod compctl does not manage.
            return []
        }
        let package = podPackage(target)
        let path = PodName.subspecPath(of: dependency.name)
        let versions: VersionSet
        switch catalog.matching(target, dependency.requirements) {
        case let .success(set):
            versions = set.intersection(packages[package].universe)
        case let .failure(error):
            let index = add(Incompatibility(
                terms: depender, cause: .unavailable(.malformedRequirement(dependency: dependency.name, error))))
            dependencyClauses[cacheKey, default: []].append((index, dependerVersions))
            return [index]
        }
        let namesPrerelease = catalog.namesPrerelease(dependency.requirements)
        let cause = DependencyCause(
            declarer: declarer, subspec: subspec, name: dependency.name, requirements: dependency.requirements,
            isSameVersion: false, namesPrerelease: namesPrerelease, target: package)
        var result = [add(Incompatibility(
            terms: depender + [PackageTerm(package: package, term: .negative(versions, universe: packages[package].universe))],
            cause: .dependency(cause)))]
        if namesPrerelease { prereleaseRequirements[package, default: []].append(result[0]) }
        if !path.isEmpty {
            let subspecPackage = self.subspecPackage(pod: package, path: path)
            var activation = cause
            activation.target = subspecPackage
            result.append(add(Incompatibility(
                terms: depender + [PackageTerm(package: subspecPackage, term: .negative(VersionSet(fullOf: 1), universe: VersionSet(fullOf: 1)))],
                cause: .dependency(activation))))
        } else {
            plainReferences[package, default: []].append(PlainReference(depender: depender, cause: cause))
            if podsWithSubspecs.contains(package) {
                result += materializePlainReferences(of: package)
            }
        }
        for index in result {
            dependencyClauses[cacheKey, default: []].append((index, dependerVersions))
        }
        return result
    }

    /// A subspec's or pod's dependency on a subspec of its own pod, at the same version.
    private func sameVersionClause(depender: [PackageTerm], key: DependencyKey, pod: Int, path: String,
                                   subspec: Int?) -> Int {
        let target = subspecPackage(pod: pod, path: path)
        let cause = DependencyCause(
            declarer: nil, subspec: subspec, name: PodName.join(packages[pod].name, path), requirements: [],
            isSameVersion: true, namesPrerelease: false, target: target)
        let index = add(Incompatibility(
            terms: depender + [PackageTerm(package: target, term: .negative(VersionSet(fullOf: 1), universe: VersionSet(fullOf: 1)))],
            cause: .dependency(cause)))
        dependencyClauses[key, default: []].append((index, depender.last!.term.versions))
        return index
    }

    /// The incompatibilities already made for a dependency whose depender versions cover `version`.
    private func cached(_ key: DependencyKey, covering version: Int) -> [Int]? {
        guard let list = dependencyClauses[key] else { return nil }
        let hits = list.filter { $0.versions.contains(version) }.map(\.index)
        return hits.isEmpty ? nil : hits
    }

    /// Depending on a plain pod means its default subspecs once it has subspecs: the
    /// dependencies on it so far now also require its "plain" subspec package.
    private func materializePlainReferences(of pod: Int) -> [Int] {
        guard var references = plainReferences[pod] else { return [] }
        var result: [Int] = []
        let plain = subspecPackage(pod: pod, path: "")
        for position in references.indices where !references[position].materialized {
            references[position].materialized = true
            var cause = references[position].cause
            cause.target = plain
            result.append(add(Incompatibility(
                terms: references[position].depender + [PackageTerm(package: plain, term: .negative(VersionSet(fullOf: 1), universe: VersionSet(fullOf: 1)))],
                cause: .dependency(cause))))
        }
        plainReferences[pod] = references
        return result
    }
}

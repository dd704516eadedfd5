import Foundation
import Podspec
import Versioning

/// Resolves root requirements against the sources as `pod install` does: CocoaPods' own
/// search (Molinillo, `MolinilloSearch`) picks the versions, in CocoaPods' decision order and
/// with its prerelease rule, subspecs, deployment targets, cycles and Podfile.lock; PubGrub,
/// asked when the search finds no answer or runs long, says whether any answer exists and
/// explains, requirement by requirement, why not.
public struct Resolver {
    public let catalog: PodCatalog
    /// The steps CocoaPods' search may take before the resolution settles for PubGrub's
    /// answer in CocoaPods' decision order, with a warning.
    public var searchBudget: Int
    /// How long CocoaPods' search may run before the same fallback, whatever its steps: on
    /// some graphs each step costs milliseconds and CocoaPods takes minutes. Time spent
    /// waiting on the sources (a CDN's requests) does not count.
    public var searchTimeLimit: Duration

    /// Steps the search is allowed by default: far more than a real graph needs.
    public static let defaultSearchBudget = 250_000
    /// The steps CocoaPods' search takes before PubGrub is asked whether any answer exists: it
    /// goes on to `searchBudget` when one does, and stops there when none does (it has then
    /// had enough steps to say which error `pod install` prints).
    public var unsolvableSearchBudget = Resolver.defaultUnsolvableSearchBudget

    /// The default of `unsolvableSearchBudget`: far more than a real graph needs.
    public static let defaultUnsolvableSearchBudget = 5_000

    /// The default time limit of the search.
    public static let defaultSearchTimeLimit: Duration = .seconds(5)

    /// A resolver over the sources of `catalog`, sharing what it has read.
    public init(catalog: PodCatalog, searchBudget: Int = Resolver.defaultSearchBudget,
                searchTimeLimit: Duration = Resolver.defaultSearchTimeLimit) {
        self.catalog = catalog
        self.searchBudget = searchBudget
        self.searchTimeLimit = searchTimeLimit
    }

    /// A resolver over fresh sources.
    public init(providers: [any SpecProvider], searchBudget: Int = Resolver.defaultSearchBudget,
                searchTimeLimit: Duration = Resolver.defaultSearchTimeLimit) {
        self.init(catalog: PodCatalog(providers: providers), searchBudget: searchBudget, searchTimeLimit: searchTimeLimit)
    }

    /// Resolves `request`. Throws `GraphError.conflict` with the explanation when `pod
    /// install` would fail (no versions fit, a cycle, a pod no source holds), `GraphError` for
    /// bad input (a malformed requirement, an unknown `:source`, an update of a pod that is
    /// not locked), and `GraphError.unreadableSource` when a source fails to list a pod.
    public func resolve(_ request: ResolveRequest) throws -> Resolution {
        let catalog = self.catalog.catalog
        var sources = try validate(request, catalog)
        catalog.setExternals(request.externalPods)
        catalog.setUnmanaged(request.unmanagedPods)

        let analysis = LockAnalysis(lock: request.lock, requirements: request.requirements, update: request.update,
                                    catalog: catalog)
        let lockedNames = analysis.locked.filter { entry in
            let root = PodName.root(of: entry.key)
            return !request.externalPods.contains { $0.name == root }
        }
        var lockedRoots: [String: Version] = [:]
        for (name, version) in lockedNames.sorted(by: { $0.key < $1.key }) where lockedRoots[PodName.root(of: name)] == nil {
            lockedRoots[PodName.root(of: name)] = version
        }
        // A pod that stays locked is looked up only in the source the lock's SPEC REPOS took
        // it from (`LockingDependencyAnalyzer` gives each locked dependency its `podspec_repo`);
        // one that moves (changed in the Podfile, or updated) is looked up everywhere.
        for (pod, source) in request.lockedSources where sources[pod] == nil && lockedRoots[pod] != nil {
            if let index = catalog.providerIndex(named: source) { sources[pod] = index }
        }

        // PubGrub says whether any answer exists, and explains when none does.
        let roots = request.requirements.map {
            RootDependency(dependency: SpecDependency(name: $0.name, requirements: $0.requirements), declarer: $0.declaredBy)
        }
        func pubGrub(_ order: PubGrubSolver.DecisionOrder) throws -> PubGrubSolver {
            let solver = PubGrubSolver(
                catalog: catalog, platform: request.platform, sources: sources, rootName: request.rootName, roots: roots,
                locked: lockedRoots, missingPodsAreUnmanaged: request.missingPodsAreUnmanaged, decisionOrder: order)
            do {
                try solver.solve()
            } catch let failure as SolverFailure {
                // A conflict found without a source's answer is no conflict: the failure is the error.
                try catalog.checkSources()
                var explainer = Explainer(solver: solver)
                throw GraphError.conflict(explainer.explain(failure.incompatibility))
            }
            try catalog.checkSources()
            return solver
        }
        // CocoaPods' own search gives CocoaPods' answer, or its error for a cycle or a pod no
        // source holds. It runs first, and PubGrub only when its answer is needed: when the
        // search finds no answer (a version conflict keeps PubGrub's explanation, which names
        // every requirement involved), and when the search has taken more steps than an
        // unsolvable graph is given. Past those steps it goes on only if PubGrub finds that an
        // answer exists; otherwise it stops there, to say which error `pod install` prints.
        var verdict: PubGrubSolver?
        var explanation: String?
        var askedPubGrub = false
        func askPubGrub() throws {
            guard !askedPubGrub else { return }
            askedPubGrub = true
            do {
                verdict = try pubGrub(.requirementOrder)
            } catch let GraphError.conflict(text) {
                explanation = text
            }
        }
        var failure: (any Error)?
        let search = CocoaPodsSearch(
            request: request, catalog: catalog, keeper: self.catalog, sources: sources, locked: lockedNames,
            budget: min(searchBudget, unsolvableSearchBudget), timeLimit: searchTimeLimit,
            mayGoOn: { [searchBudget] in
                do {
                    try askPubGrub()
                } catch {
                    failure = error
                    return nil
                }
                return verdict == nil ? nil : searchBudget
            })
        let outcome: CocoaPodsSearch.Outcome
        do {
            outcome = try search.run()
        } catch let CocoaPodsSearch.Stop.versionConflict(text), let CocoaPodsSearch.Stop.platform(text) {
            try catalog.checkSources()
            try askPubGrub()
            throw GraphError.conflict(explanation ?? text)
        } catch {
            // A source that failed is the error, not what the search made of its silence.
            try catalog.checkSources()
            throw error
        }
        if let failure { throw failure }
        try catalog.checkSources()
        var builder = ResolutionBuilder(request: request, catalog: catalog, sources: sources)
        switch outcome {
        case let .resolved(chosen):
            return builder.build(chosen)
        case let .fallback(reason):
            try askPubGrub()
            guard let verdict else { throw GraphError.conflict(explanation ?? reason) }
            let solver = (try? pubGrub(.cocoaPods)) ?? verdict
            let chosen = ResolutionBuilder.chosen(by: solver)
            // CocoaPods never settles on a graph with a cycle between specs.
            if let cycle = Self.specCycle(in: chosen, catalog: catalog) {
                throw GraphError.conflict(CircularDependency(names: cycle).message + " (\(reason))")
            }
            builder.warnings.append(.notCocoaPodsAnswer(reason: reason))
            return builder.build(chosen)
        }
    }

    /// A cycle between the specs in use (subspecs apart: `A/UI → B → A/Core` is none), as
    /// the spec names from one spec back to it.
    static func specCycle(in chosen: ChosenPods, catalog: Catalog) -> [String]? {
        var edges: [String: [String]] = [:]
        for (name, entry) in chosen {
            guard let model = catalog.spec(entry.universe, entry.version).model else { continue }
            for path in Set(entry.paths) {
                let spec = PodName.join(name, path)
                let targets = model.ownDependencies(at: path).map(\.name)
                    + model.subspecDependencies(at: path).map { PodName.join(name, $0) }
                edges[spec] = targets.filter { target in
                    chosen[PodName.root(of: target)]?.paths.contains(PodName.subspecPath(of: target)) ?? false
                }
            }
        }
        var state: [String: Int] = [:]
        var stack: [String] = []
        func visit(_ spec: String) -> [String]? {
            state[spec] = 1
            stack.append(spec)
            for next in edges[spec] ?? [] {
                if state[next] == 1, let start = stack.firstIndex(of: next) { return Array(stack[start...]) }
                if state[next] == nil, let cycle = visit(next) { return cycle }
            }
            stack.removeLast()
            state[spec] = 2
            return nil
        }
        for spec in edges.keys.sorted() where state[spec] == nil {
            if let cycle = visit(spec) { return cycle }
        }
        return nil
    }

    /// Checks the request's own input; returns the `:source` of each pod that has one.
    private func validate(_ request: ResolveRequest, _ catalog: Catalog) throws -> [String: Int] {
        var sources: [String: Int] = [:]
        var problems: [GraphError] = []
        for requirement in request.requirements {
            for text in requirement.requirements {
                if case let .failure(error) = catalog.requirement(text) {
                    problems.append(.malformedRequirement(
                        pod: requirement.name, declaredBy: requirement.declaredBy, error.description))
                }
            }
            if let source = requirement.source {
                if let index = catalog.providerIndex(named: source) {
                    let root = PodName.root(of: requirement.name)
                    sources[root] = index
                    if catalog.universe(of: root, source: index) == nil,
                       !request.externalPods.contains(where: { $0.name == root }) {
                        problems.append(.notInSource(source, pod: requirement.name, declaredBy: requirement.declaredBy))
                    }
                } else {
                    problems.append(.unknownSource(source, pod: requirement.name, known: catalog.providers.map(\.name)))
                }
            }
        }
        for external in request.externalPods {
            if let spec = external.specification, (try? Version(spec.version)) == nil {
                problems.append(.malformedExternalSpec(pod: external.name, origin: external.origin, version: spec.version))
            }
        }
        if case let .pods(names) = request.update {
            // `pod update NAME` of a pod the lock does not have (`verify_pods_are_installed!`).
            let installed = request.lock?.podNames ?? []
            let missing = names.map { PodName.root(of: $0) }.filter { !installed.contains($0) }
            if !missing.isEmpty { problems.append(.notLocked(missing)) }
        }
        try catalog.checkSources()
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw GraphError.several(problems) }
        return sources
    }
}

/// What a resolution settled on: each pod's universe, version and subspecs in use.
typealias ChosenPods = [String: (universe: PodUniverse, version: Int, paths: [String])]

/// Runs `MolinilloSearch` for a request and turns its ending into an answer, an error, or a
/// reason to fall back to PubGrub.
private struct CocoaPodsSearch {
    enum Outcome {
        case resolved(ChosenPods)
        case fallback(String)
    }

    /// The search found no answer: CocoaPods' `VersionConflict`, or the answer fails
    /// `validate_platform`; described.
    enum Stop: Error {
        case versionConflict(String)
        case platform(String)
    }

    let request: ResolveRequest
    let catalog: Catalog
    /// Keeps the search's state once it has run (`PodCatalog.lastSearch`).
    let keeper: PodCatalog
    let sources: [String: Int]
    let locked: [String: Version]
    let budget: Int
    let timeLimit: Duration
    /// Asked when the steps reach `budget`: a higher budget, or nil to stop there.
    let mayGoOn: () -> Int?

    func run() throws -> Outcome {
        var podfileRequirements: [String: [Requirement]] = [:]
        for requirement in request.requirements {
            let parsed = requirement.requirements.compactMap { try? catalog.requirement($0).get() }
            podfileRequirements[PodName.root(of: requirement.name), default: []] += parsed
        }
        let leftOut = Set(request.externalPods.filter { $0.specification == nil }.map(\.name))
        let provider = CocoaPodsProvider(
            catalog: catalog, sources: sources, platform: request.platform, podfileRequirements: podfileRequirements,
            locked: locked, leftOut: leftOut, missingPodsAreUnmanaged: request.missingPodsAreUnmanaged)
        // The Podfile's pods are announced together, so that a remote source fetches them in
        // parallel before the search lists them one by one.
        catalog.prefetch(request.requirements.map { SpecDependency(name: $0.name, requirements: $0.requirements) })
        var requested: [Int] = []
        for requirement in request.requirements where !leftOut.contains(PodName.root(of: requirement.name)) {
            if request.missingPodsAreUnmanaged, provider.isMissing(PodName.root(of: requirement.name)) { continue }
            let root = PodName.root(of: requirement.name)
            let external = requirement.externalSource
                ?? request.externalPods.first { $0.name == root }.map { ["origin": $0.origin] }
            let id = provider.dependency(
                name: requirement.name, requirements: requirement.requirements.compactMap { try? catalog.requirement($0).get() },
                texts: requirement.requirements, external: external)
            if !requested.contains(id) { requested.append(id) }
        }
        let search = MolinilloSearch(provider: provider, requested: requested, budget: budget)
        keeper.lastSearch = search
        // The limit bounds the search's own work: the time it waits on the sources (a CDN's
        // round trips for the shards and specs it meets) and the time `mayGoOn` takes do not count.
        let clock = ContinuousClock()
        let started = clock.now, readingAtStart = catalog.timeReadingSources
        var asking = Duration.zero
        search.mayGoOn = { [mayGoOn, catalog] in
            let start = clock.now, reading = catalog.timeReadingSources
            // Its own reading is subtracted below with the search's.
            defer { asking += clock.now - start - (catalog.timeReadingSources - reading) }
            return mayGoOn()
        }
        search.isPastTimeLimit = { [catalog, timeLimit] in
            clock.now - started - asking - (catalog.timeReadingSources - readingAtStart) > timeLimit
        }
        if getenv("COMPCTL_MOLINILLO_DEBUG") != nil {
            search.trace = { line in FileHandle.standardError.write(Data((": " + line + "\n").utf8)) }
        }
        do {
            try search.resolve()
        } catch let failure {
            switch failure {
            case let .circular(cycle):
                throw GraphError.conflict(cycle.message)
            case let .noSuchDependency(missing):
                var text = "Unable to find a specification for `\(provider.describe(dependency: missing.dependency))`"
                if !missing.requiredBy.isEmpty {
                    text += " depended upon by " + missing.requiredBy.map { "`\($0)`" }.joined(separator: " and ")
                }
                throw GraphError.conflict(text + "\n\nYou have either:\n"
                    + " * an out-of-date spec repo: `compctl repo update`.\n"
                    + " * mistyped the name or version.\n"
                    + " * not added the spec repo that hosts the podspec to compctl.yml or the Podfile's `source` lines.")
            case let .versionConflict(conflicts):
                throw Stop.versionConflict(Self.describe(conflicts, provider))
            case let .budgetExhausted(steps, timedOut):
                return .fallback(timedOut
                    ? "CocoaPods' search did not settle within \(timeLimit) (\(steps) steps)"
                    : "CocoaPods' search did not settle within \(steps) steps")
            case let .internalError(error):
                return .fallback("`pod install` stops on this graph with an internal error of its resolver "
                    + "(Molinillo: \(error.message))")
            }
        }
        var chosen: ChosenPods = [:]
        for vertex in search.graph.ordered {
            guard case let .spec(id)? = vertex.payload else { continue }
            let spec = provider.specs[id]
            if let known = chosen[spec.universe.name] {
                guard known.version == spec.version else {
                    return .fallback("CocoaPods' search put two versions of \(spec.universe.name) in the graph "
                        + "(\(spec.universe.versions[known.version]) and \(spec.universe.versions[spec.version]))")
                }
                chosen[spec.universe.name]?.paths.append(spec.path)
            } else {
                chosen[spec.universe.name] = (spec.universe, spec.version, [spec.path])
            }
        }
        if let platform = request.platform {
            // `validate_platform`: a spec that does not run on the target's platform at all.
            for name in chosen.keys.sorted() {
                let (universe, version, paths) = chosen[name]!
                guard let model = catalog.spec(universe, version).model else { continue }
                for path in paths.sorted() where model.support(at: path, on: platform) == .unsupportedPlatform {
                    throw Stop.platform("The platform of \(request.rootName) (\(platform.description)) is not compatible "
                        + "with `\(PodName.join(name, path)) (\(universe.versions[version]))`, which does not support "
                        + "`\(platform.displayName)`.")
                }
            }
        }
        return .resolved(chosen)
    }

    /// A `VersionConflict` as CocoaPods reports one: each pod and the chains of requirements
    /// that lead to it.
    static func describe(_ conflicts: [MolinilloSearch.ConflictSummary], _ provider: CocoaPodsProvider) -> String {
        var lines: [String] = []
        for conflict in conflicts.sorted(by: { $0.name < $1.name }) {
            lines.append("CocoaPods could not find compatible versions for pod \"\(conflict.name)\":")
            if let locked = conflict.lockedRequirement {
                lines.append("  In snapshot (Podfile.lock):")
                lines.append("    \(provider.describe(dependency: locked))")
            }
            lines.append("  In Podfile:")
            for tree in conflict.requirementTrees {
                lines.append("    " + tree.map { provider.describe(dependency: $0) }.joined(separator: " → "))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Turns the chosen pods into a `Resolution`: the pods, the unmanaged ones, the warnings and
/// the graph.
private struct ResolutionBuilder {
    let request: ResolveRequest
    let catalog: Catalog
    let sources: [String: Int]
    var warnings: [GraphWarning] = []

    init(request: ResolveRequest, catalog: Catalog, sources: [String: Int]) {
        self.request = request
        self.catalog = catalog
        self.sources = sources
    }

    /// What a solved PubGrub solver chose.
    static func chosen(by solver: PubGrubSolver) -> ChosenPods {
        var chosen: ChosenPods = [:]
        var packageOfPod: [Int: String] = [:]
        for (id, package) in solver.packages.enumerated() where solver.decided[id] >= 0 {
            if case let .pod(universe) = package.kind {
                chosen[universe.name] = (universe, solver.decided[id], [])
                packageOfPod[id] = universe.name
            }
        }
        for (id, package) in solver.packages.enumerated() where solver.decided[id] >= 0 {
            if case let .subspec(pod, path) = package.kind, let name = packageOfPod[pod] {
                chosen[name]?.paths.append(path)
            }
        }
        return chosen
    }

    mutating func build(_ chosen: ChosenPods) -> Resolution {
        var pods: [ResolvedPod] = []
        var nodes: [DependencyGraph.Node] = []
        var edges: [DependencyGraph.Edge] = []
        var unmanaged: [String: Version?] = [:]
        var externalsWithoutSpec: [ExternalPod] = []

        func note(_ dependency: SpecDependency) {
            let root = dependency.rootName
            guard chosen[root] == nil else { return }
            if let external = request.externalPods.first(where: { $0.name == root }), external.specification == nil {
                if !externalsWithoutSpec.contains(where: { $0.name == root }) { externalsWithoutSpec.append(external) }
            } else if catalog.universe(of: root, source: sources[root]) == nil {
                unmanaged[root] = request.lockedVersions[root]
            }
        }

        for requirement in request.requirements {
            let dependency = SpecDependency(name: requirement.name, requirements: requirement.requirements)
            note(dependency)
            edges.append(DependencyGraph.Edge(
                from: requirement.declaredBy, isRoot: true, to: dependency.rootName, dependency: dependency.name,
                requirements: dependency.requirements, via: nil))
        }
        for (name, (universe, version, allPaths)) in chosen.sorted(by: { $0.key < $1.key }) {
            let paths = allPaths.count < 2 ? allPaths : Array(Set(allPaths)).sorted()
            let subspecs = paths.filter { !$0.isEmpty }.map { PodName.join(name, $0) }.sorted()
            if universe.isUnmanaged {
                unmanaged[name] = universe.versions[version]
                nodes.append(DependencyGraph.Node(
                    name: name, version: universe.versions[version], source: nil, kind: .unmanaged, subspecs: subspecs))
            } else {
                let source = universe.external?.origin ?? catalog.providers[universe.providers[version]].name
                pods.append(ResolvedPod(name: name, version: universe.versions[version], source: source,
                                        subspecs: subspecs, isExternal: universe.external != nil))
                nodes.append(DependencyGraph.Node(
                    name: name, version: universe.versions[version], source: source,
                    kind: universe.external != nil ? .external : .managed, subspecs: subspecs))
                if universe.external == nil, universe.holders.count > 1, sources[name] == nil {
                    warnings.append(.shadowed(pod: name, sources: universe.holders.map { catalog.providers[$0].name }))
                }
            }
            guard let model = catalog.spec(universe, version).model else { continue }
            if model.isDeprecated {
                warnings.append(.deprecated(pod: name, inFavorOf: model.deprecatedInFavorOf))
            }
            let features = ([(nil as String?, model.rootFeature)]
                + paths.compactMap { path in model.feature(at: path).map { (path.isEmpty ? nil : PodName.join(name, path), $0) } })
                .filter { !$0.1.dependencies.isEmpty }
            // A feature lists each dependency once: only several can repeat one.
            var seen = Set<SpecDependency>()
            for (via, feature) in features {
                for dependency in feature.dependencies where features.count == 1 || seen.insert(dependency).inserted {
                    note(dependency)
                    edges.append(DependencyGraph.Edge(
                        from: name, isRoot: false, to: dependency.rootName, dependency: dependency.name,
                        requirements: dependency.requirements, via: via))
                }
            }
        }
        for name in unmanaged.keys.sorted() where chosen[name] == nil {
            nodes.append(DependencyGraph.Node(name: name, version: unmanaged[name]!, source: nil, kind: .unmanaged, subspecs: []))
        }
        for external in externalsWithoutSpec.sorted(by: { $0.name < $1.name }) {
            nodes.append(DependencyGraph.Node(
                name: external.name, version: nil, source: external.origin, kind: .external, subspecs: []))
            warnings.append(.externalWithoutSpec(pod: external.name, origin: external.origin))
        }
        for failure in catalog.failures where chosen[failure.pod] != nil
            || catalog.universe(of: failure.pod, source: sources[failure.pod]) != nil {
            let warning = GraphWarning.unreadableSpec(pod: failure.pod, version: failure.version, message: failure.message)
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        return Resolution(
            pods: pods,
            unmanaged: unmanaged.keys.sorted().map { UnmanagedPod(name: $0, lockedVersion: unmanaged[$0]!) },
            warnings: warnings,
            graph: DependencyGraph(scope: .podfile, nodes: nodes, edges: edges))
    }
}

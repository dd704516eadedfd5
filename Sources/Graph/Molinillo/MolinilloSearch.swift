/// Molinillo 0.8.0's resolution (`lib/molinillo/resolution.rb`), the search CocoaPods runs,
/// written again in Swift over `CocoaPodsProvider`: requirements are decided one at a time in
/// the provider's order; each is tried with its possibility sets, newest first; a conflict
/// unwinds the state stack to the newest state whose other possibilities can fix it,
/// filtering those possibilities, and remembers the unwinds it did not take. It follows the
/// Ruby code step by step, quirks included, because CocoaPods' answer among several valid ones
/// depends on that history. Comments name the Ruby method each part mirrors.
final class MolinilloSearch {
    /// Why the search stopped without an answer.
    enum Failure: Error {
        /// `CircularDependencyError`, raised when no state is left to unwind to.
        case circular(CircularDependency)
        /// `NoSuchDependencyError`: a requirement names a pod no source holds.
        case noSuchDependency(NoSuchDependency)
        /// `VersionConflict`: the conflicts left when no state was left to unwind to.
        case versionConflict([ConflictSummary])
        /// More steps than the budget allows, or past the time limit.
        case budgetExhausted(steps: Int, timedOut: Bool)
        /// Ruby would raise inside Molinillo here: `pod install` stops with a crash report.
        case internalError(MolinilloInternalError)
    }

    /// `Resolution::Conflict`.
    struct Conflict {
        var name: String
        var requirement: Int?
        /// Who states which requirements: the Podfile, Podfile.lock, or a spec (by id).
        var requirements: [(source: ConflictSource, requirements: [Int])]
        var existing: Int?
        var possibilitySet: PossibilitySet?
        var lockedRequirement: Int?
        var requirementTrees: [[Int]]
        var underlyingError: CircularDependency?

        var possibility: Int? { possibilitySet?.latest }
    }

    /// What a `VersionConflict` reports of one conflict.
    struct ConflictSummary: Sendable {
        var name: String
        var lockedRequirement: Int?
        var requirementTrees: [[Int]]
    }

    enum ConflictSource: Equatable {
        case podfile
        case lockfile
        case spec(Int)
    }

    /// `ResolutionState`: a `DependencyState` (a requirement and the possibility sets left for
    /// it) or a `PossibilityState` (the one set being tried).
    final class State {
        let id: Int
        let isDependencyState: Bool
        let name: String
        var requirements: [Int]
        let requirement: Int?
        let possibilities: Possibilities
        let depth: Int
        var conflicts: OrderedConflicts
        var unusedUnwindOptions: [UnwindDetails]

        init(id: Int, isDependencyState: Bool, name: String, requirements: [Int], requirement: Int?,
             possibilities: Possibilities, depth: Int, conflicts: OrderedConflicts, unusedUnwindOptions: [UnwindDetails]) {
            self.id = id
            self.isDependencyState = isDependencyState
            self.name = name
            self.requirements = requirements
            self.requirement = requirement
            self.possibilities = possibilities
            self.depth = depth
            self.conflicts = conflicts
            self.unusedUnwindOptions = unusedUnwindOptions
        }
    }

    /// The conflicts a state carries, a Ruby hash keyed by name in insertion order.
    struct OrderedConflicts {
        private(set) var names: [String] = []
        private var values: [String: Conflict] = [:]

        subscript(name: String) -> Conflict? {
            get { values[name] }
            set {
                if let newValue {
                    if values[name] == nil { names.append(name) }
                    values[name] = newValue
                } else if values.removeValue(forKey: name) != nil {
                    names.removeAll { $0 == name }
                }
            }
        }

        var keys: Set<String> { Set(names) }
        var ordered: [Conflict] { names.compactMap { values[$0] } }
    }

    /// A shared, growing requirement tree (`partial_tree`, which Ruby keeps unshifting after
    /// the details that hold it were made).
    final class Tree {
        var items: [Int]
        init(_ items: [Int]) { self.items = items }
    }

    /// The trees of one conflict, shared by all its unwind details.
    final class Trees {
        var trees: [Tree] = []
    }

    /// `UnwindDetails`: a state the search could unwind to for a conflict, and why.
    final class UnwindDetails {
        let stateIndex: Int
        let stateRequirement: Int?
        let requirementTree: Tree
        let conflictingRequirements: [Int]
        let requirementTrees: Trees
        /// `requirements_unwound_to_instead`, in order, and as a set for lookups.
        private(set) var requirementsUnwoundToInstead: [Int?] = []
        private var unwoundSet: Set<Int?> = []

        /// `(requirements_unwound_to_instead << requirement).uniq!`.
        func noteUnwoundInstead(_ requirement: Int?) {
            if unwoundSet.insert(requirement).inserted { requirementsUnwoundToInstead.append(requirement) }
        }

        /// Whether one of `requirements` is among those unwound to instead.
        func unwoundInsteadAny(of requirements: Set<Int>) -> Bool {
            if unwoundSet.count <= requirements.count {
                return unwoundSet.contains { $0.map(requirements.contains) ?? false }
            }
            return requirements.contains { unwoundSet.contains($0) }
        }
        private var cachedReversedIndex: Int?
        private var cachedSubDependencies: [Int]?
        private var cachedAllRequirements: [Int]?

        init(stateIndex: Int, stateRequirement: Int?, requirementTree: Tree, conflictingRequirements: [Int], requirementTrees: Trees) {
            self.stateIndex = stateIndex
            self.stateRequirement = stateRequirement
            self.requirementTree = requirementTree
            self.conflictingRequirements = conflictingRequirements
            self.requirementTrees = requirementTrees
        }

        /// `reversed_requirement_tree_index`, computed once.
        var reversedRequirementTreeIndex: Int {
            if let cachedReversedIndex { return cachedReversedIndex }
            let value: Int
            if let stateRequirement {
                value = requirementTree.items.reversed().firstIndex(of: stateRequirement) ?? 999_999
            } else {
                value = 999_999
            }
            cachedReversedIndex = value
            return value
        }

        /// `<=>`: by state index, then by how far the state's requirement is from the conflict.
        func compare(_ other: UnwindDetails) -> Int {
            if stateIndex != other.stateIndex { return stateIndex < other.stateIndex ? -1 : 1 }
            let mine = reversedRequirementTreeIndex, theirs = other.reversedRequirementTreeIndex
            return mine == theirs ? 0 : (mine < theirs ? -1 : 1)
        }

        /// `unwinding_to_primary_requirement?`.
        var isPrimary: Bool { requirementTree.items.last == stateRequirement }

        /// `sub_dependencies_to_avoid`, computed once.
        var subDependenciesToAvoid: [Int] {
            if let cachedSubDependencies { return cachedSubDependencies }
            var result: [Int] = []
            for tree in requirementTrees.trees {
                guard let stateRequirement, let index = tree.items.firstIndex(of: stateRequirement),
                      index + 1 < tree.items.count else { continue }
                result.append(tree.items[index + 1])
            }
            cachedSubDependencies = result
            return result
        }

        /// `all_requirements`, computed once.
        var allRequirements: [Int] {
            if let cachedAllRequirements { return cachedAllRequirements }
            let result = requirementTrees.trees.flatMap(\.items)
            cachedAllRequirements = result
            return result
        }

        /// Struct equality (`eql?`), which `uniq` and `-` use.
        func sameContent(as other: UnwindDetails) -> Bool {
            stateIndex == other.stateIndex && stateRequirement == other.stateRequirement
                && requirementTree.items == other.requirementTree.items
                && conflictingRequirements == other.conflictingRequirements
                && requirementTrees.trees.map(\.items) == other.requirementTrees.trees.map(\.items)
                && requirementsUnwoundToInstead == other.requirementsUnwoundToInstead
        }
    }

    let provider: CocoaPodsProvider
    let requested: [Int]
    /// Receives Molinillo's debug lines (`MOLINILLO_DEBUG`), for comparing a run with Ruby's.
    var trace: ((String) -> Void)?
    let graph = ActivationGraph()
    /// Steps allowed before the search gives up, unless `mayGoOn` raises it.
    private(set) var budget: Int
    /// Asked once when the steps reach `budget`: a higher budget to go on with, or nil to
    /// give up there. The search then carries on where it was, as if the budget had been the
    /// higher one from the start.
    var mayGoOn: (() -> Int?)?
    /// Whether the search has run out of time, whatever its steps (asked every 32 steps).
    var isPastTimeLimit: (() -> Bool)?
    private(set) var steps = 0

    private var states: [State] = []
    private var nextStateID = 0
    /// `@parents_of`: the state that first required each requirement. Ruby keeps an array
    /// but only ever appends to an empty one, so one index each, or none.
    private var parentsOf = DenseTable<Int>()
    /// The `parentsOf` entries in the order they were made, which is also by index: an
    /// unwind drops the entries at or above the state it returns to from the end.
    private var parentsMade: [(index: Int, requirement: Int)] = []
    /// The `firstState…` entries in the order they were made, by index, for the same reason.
    private var firstStatesMade: [(index: Int, requirement: Int?, name: String?)] = []
    /// The lowest stack index of a state with each requirement, and with each name.
    private var firstStateByRequirement = DenseTable<Int>()
    private var firstStateByName: [String: Int] = [:]
    /// Scratch marks by requirement id for deduping a state's requirements, all false
    /// between uses.
    private var requirementMarks: [Bool] = []
    private static let initialTag = -1

    init(provider: CocoaPodsProvider, requested: [Int], budget: Int) {
        self.provider = provider
        self.requested = requested
        self.budget = budget
    }

    // MARK: - resolve

    /// Runs the search (`Resolution#resolve`); on success every activated vertex of `graph`
    /// holds one spec.
    func resolve() throws(Failure) {
        do {
            try pushInitialState()
            while let state = states.last {
                if state.requirement == nil && state.requirements.isEmpty { break }
                steps += 1
                if steps > budget {
                    let more = mayGoOn?()
                    mayGoOn = nil
                    guard let more, more > budget else { throw Failure.budgetExhausted(steps: steps - 1, timedOut: false) }
                    budget = more
                }
                if steps % 32 == 0, let isPastTimeLimit, isPastTimeLimit() {
                    throw Failure.budgetExhausted(steps: steps, timedOut: true)
                }
                if state.isDependencyState {
                    trace?("\(state.depth): Creating possibility state for \(describe(state.requirement)) (\(state.possibilities.count) remaining)")
                    let popped = state.possibilities.popLast() ?? nil
                    let possibility = makeState(
                        isDependencyState: false, name: state.name, requirements: state.requirements,
                        requirement: state.requirement, possibilities: Possibilities(single: popped), depth: state.depth + 1,
                        conflicts: state.conflicts, unused: state.unusedUnwindOptions)
                    push(possibility)
                }
                try processTopmostState()
            }
            resolveActivatedSpecs()
        } catch let error as Failure {
            throw error
        } catch let error as NoSuchDependency {
            throw .noSuchDependency(error)
        } catch let error as MolinilloInternalError {
            throw .internalError(error)
        } catch {
            preconditionFailure("unexpected error in the search: \(error)")
        }
    }

    private var state: State? { states.last }

    private func describe(_ requirement: Int?) -> String {
        requirement.map { provider.describe(dependency: $0) } ?? "nil"
    }

    private func describe(_ set: PossibilitySet?) -> String {
        "[" + (set?.possibilities ?? []).map { provider.describe(spec: $0) }.joined(separator: ", ") + "]"
    }
    private var name: String { state?.name ?? "" }
    private var requirement: Int? { state?.requirement }
    private var possibility: PossibilitySet? { state?.possibilities.last ?? nil }

    private func makeState(isDependencyState: Bool, name: String, requirements: [Int], requirement: Int?,
                           possibilities: Possibilities, depth: Int, conflicts: OrderedConflicts,
                           unused: [UnwindDetails]) -> State {
        nextStateID += 1
        return State(id: nextStateID, isDependencyState: isDependencyState, name: name, requirements: requirements,
                     requirement: requirement, possibilities: possibilities, depth: depth, conflicts: conflicts,
                     unusedUnwindOptions: unused)
    }

    private func push(_ new: State) {
        let index = states.count
        states.append(new)
        var madeRequirement: Int?
        var madeName: String?
        if let requirement = new.requirement, firstStateByRequirement[requirement] == nil {
            firstStateByRequirement[requirement] = index
            madeRequirement = requirement
        }
        if firstStateByName[new.name] == nil {
            firstStateByName[new.name] = index
            madeName = new.name
        }
        if madeRequirement != nil || madeName != nil { firstStatesMade.append((index, madeRequirement, madeName)) }
        graph.tag(new.id)
    }

    /// Drops the states above `index` and returns the first dropped one.
    private func slice(after index: Int) -> State? {
        guard index + 1 < states.count else { return nil }
        let first = states[index + 1]
        states.removeSubrange((index + 1)...)
        while let made = firstStatesMade.last, made.index > index {
            firstStatesMade.removeLast()
            if let requirement = made.requirement { firstStateByRequirement[requirement] = nil }
            if let name = made.name { firstStateByName[name] = nil }
        }
        return first
    }

    // MARK: - Processing

    /// `process_topmost_state`.
    private func processTopmostState() throws {
        do {
            if possibility != nil {
                try attemptToActivate()
            } else {
                try createConflict()
                try unwindForConflict()
            }
        } catch let error as CircularDependency {
            try createConflict(underlying: error)
            try unwindForConflict()
        }
    }

    /// `push_initial_state`.
    private func pushInitialState() throws {
        for requested in requested {
            let vertex = graph.addVertex(provider.dependencies[requested].name, root: true)
            vertex.explicitRequirements.append(requested)
        }
        graph.tag(Self.initialTag)
        try pushState(for: requested, sort: true)
    }

    /// `attempt_to_activate`.
    private func attemptToActivate() throws {
        guard let existing = graph.vertex(name), let possibility else { return }
        trace?("\(state!.depth): Attempting to activate \(describe(possibility))")
        if existing.payload != nil {
            try attemptToFilterExistingSpec(existing)
            return
        }
        let latest = possibility.latest
        possibility.possibilities = possibility.possibilities.filter { candidate in
            provider.isSatisfied(requirement!, by: candidate, in: graph)
        }
        if possibility.latest == nil {
            // "ensure there's a possibility for better error messages"
            if let latest { possibility.possibilities.append(latest) }
            try createConflict()
            try unwindForConflict()
        } else {
            try activateNewSpec()
        }
    }

    /// `attempt_to_filter_existing_spec`.
    private func attemptToFilterExistingSpec(_ vertex: ActivationGraph.Vertex) throws {
        guard case let .set(existing)? = vertex.payload, let possibility else { return }
        let mine = Set(possibility.possibilities)
        let filtered = PossibilitySet(
            dependencies: existing.dependencies, possibilities: existing.possibilities.filter { mine.contains($0) })
        if !filtered.possibilities.isEmpty {
            graph.setPayload(name, .set(filtered))
            try pushState(for: state!.requirements, sort: false)
        } else {
            try createConflict()
            try unwindForConflict()
        }
    }

    /// `activate_new_spec` and `require_nested_dependencies_for`.
    private func activateNewSpec() throws {
        guard let state, let possibility, let latest = possibility.latest else { return }
        state.conflicts[name] = nil
        graph.setPayload(name, .set(possibility))
        let nested = provider.dependencies(of: latest) ?? []
        let parent = provider.specs[latest].name
        for dependency in nested {
            try graph.addChild(provider.dependencies[dependency].name, parent: parent, requirement: dependency)
            let parentIndex = states.count - 1
            if parentsOf[dependency] == nil {
                parentsOf[dependency] = parentIndex
                parentsMade.append((parentIndex, dependency))
            }
        }
        try pushState(for: state.requirements + nested, sort: !nested.isEmpty)
    }

    /// `push_state_for_requirements`.
    private func pushState(for requirements: [Int], sort: Bool) throws {
        var pending = requirements
        if sort {
            pending = pending.uniqued(marking: &requirementMarks)
            do {
                pending = try provider.sorted(pending, graph: graph, conflicts: state?.conflicts.keys ?? [])
            } catch {
                throw withRequiredBy(error)
            }
        }
        var next: Int?
        while !pending.isEmpty {
            let candidate = pending.removeFirst()
            if firstStateByRequirement[candidate] == nil {
                next = candidate
                break
            }
        }
        let newName = next.map { provider.dependencies[$0].name } ?? ""
        let possibilities = try possibilities(for: next)
        let new = makeState(
            isDependencyState: true, name: newName, requirements: pending, requirement: next,
            possibilities: possibilities, depth: state?.depth ?? 0, conflicts: state?.conflicts ?? OrderedConflicts(),
            unused: state?.unusedUnwindOptions ?? [])
        push(new)
    }

    /// `possibilities_for_requirement` and `locked_requirement_possibility_set`.
    private func possibilities(for requirement: Int?) throws -> Possibilities {
        guard let requirement else { return Possibilities(candidates: [], provider: provider) }
        var candidates: [Int]
        do {
            candidates = try provider.search(requirement)
        } catch {
            throw withRequiredBy(error)
        }
        if let locked = provider.lockedDependency(named: provider.dependencies[requirement].name) {
            candidates = candidates.filter { provider.isSatisfied(locked, by: $0, in: graph) }
        }
        // `group_possibilities`: neighbouring versions with equal dependencies form one set.
        return Possibilities(candidates: candidates, provider: provider)
    }

    /// `with_no_such_dependency_error_handling`: once a state exists, the error names who
    /// needs the missing pod.
    private func withRequiredBy(_ error: NoSuchDependency) -> NoSuchDependency {
        guard state != nil else { return error }
        return NoSuchDependency(dependency: error.dependency, requiredBy: provider.requiredBy(error.dependency, graph: graph))
    }

    // MARK: - Conflicts

    /// `create_conflict`.
    private func createConflict(underlying: CircularDependency? = nil) throws {
        guard let state else { return }
        guard let vertex = graph.vertex(name) else {
            throw MolinilloInternalError(message: "undefined method `explicit_requirements' for nil (no vertex \(name))")
        }
        let locked = provider.lockedDependency(named: name)
        var requirements: [(source: ConflictSource, requirements: [Int])] = []
        if !vertex.explicitRequirements.isEmpty { requirements.append((.podfile, vertex.explicitRequirements)) }
        if let locked { requirements.append((.lockfile, [locked])) }
        for edge in vertex.incoming {
            guard let origin = graph.vertex(edge.origin)?.payload?.latest else { continue }
            if let index = requirements.firstIndex(where: { $0.source == .spec(origin) }) {
                requirements[index].requirements.insert(edge.requirement, at: 0)
            } else {
                requirements.append((.spec(origin), [edge.requirement]))
            }
        }
        state.conflicts[name] = Conflict(
            name: name, requirement: requirement, requirements: requirements, existing: vertex.payload?.latest,
            possibilitySet: possibility, lockedRequirement: locked,
            requirementTrees: vertex.requirements.map(requirementTree), underlyingError: underlying)
    }

    /// `requirement_tree_for`.
    private func requirementTree(_ requirement: Int) -> [Int] {
        var tree: [Int] = []
        var current: Int? = requirement
        while let requirement = current {
            tree.insert(requirement, at: 0)
            current = parent(of: requirement)
        }
        return tree
    }

    /// `parent_of`.
    private func parent(of requirement: Int?) -> Int? {
        guard let requirement, let index = parentsOf[requirement], index < states.count else { return nil }
        return states[index].requirement
    }

    /// `unwind_for_conflict`.
    private func unwindForConflict() throws {
        let details = try buildDetailsForUnwind()
        trace?("\(state!.depth): Unwinding for conflict: \(describe(requirement)) to \(details.stateIndex / 2) [unused \(state!.unusedUnwindOptions.count)]")
        let unwindOptions = state!.unusedUnwindOptions
        let conflicts = state!.conflicts
        let first = slice(after: details.stateIndex)
        guard let state else {
            let ordered = conflicts.ordered
            if let circular = ordered.compactMap(\.underlyingError).first { throw Failure.circular(circular) }
            throw Failure.versionConflict(ordered.map {
                ConflictSummary(name: $0.name, lockedRequirement: $0.lockedRequirement, requirementTrees: $0.requirementTrees)
            })
        }
        graph.rewind(to: first?.id ?? Self.initialTag)
        state.conflicts = conflicts
        state.unusedUnwindOptions = unwindOptions
        filterPossibilitiesAfterUnwind(details)
        let index = states.count - 1
        while let made = parentsMade.last, made.index >= index {
            parentsMade.removeLast()
            parentsOf[made.requirement] = nil
        }
        state.unusedUnwindOptions.removeAll { $0.stateIndex >= index }
    }

    /// `build_details_for_unwind`.
    private func buildDetailsForUnwind() throws -> UnwindDetails {
        let state = self.state!
        guard let currentConflict = state.conflicts[name] else { preconditionFailure("no conflict to unwind for") }
        let binding = try bindingRequirements(for: currentConflict)
        let details = unwindOptions(for: binding)
        var current = lastOfSorted(details)
        let lastForCurrent = current
        // `all_reqs - alternative.requirements_unwound_to_instead` keeps its size exactly when
        // the two share no requirement.
        let allRequirements = Set(lastForCurrent.allRequirements)
        var relevant: [UnwindDetails] = []
        for alternative in state.unusedUnwindOptions {
            if !alternative.unwoundInsteadAny(of: allRequirements) { continue }
            if alternative.compare(current) > 0 { current = alternative }
            relevant.append(alternative)
        }
        state.unusedUnwindOptions += details.filter { $0.stateIndex != -1 }
        for detail in relevant + details { detail.noteUnwoundInstead(current.stateRequirement) }
        return current
    }

    /// `sort.last`: the greatest details; among equals the last, as a stable sort leaves them.
    private func lastOfSorted(_ details: [UnwindDetails]) -> UnwindDetails {
        var best = details[0]
        for detail in details.dropFirst() where detail.compare(best) >= 0 { best = detail }
        return best
    }

    /// `unwind_options_for_requirements`.
    private func unwindOptions(for binding: [Int]) -> [UnwindDetails] {
        var details: [UnwindDetails] = []
        let trees = Trees()
        for requirement in binding.reversed() {
            let tree = Tree([requirement])
            trees.trees.append(tree)
            details.append(UnwindDetails(stateIndex: -1, stateRequirement: nil, requirementTree: tree,
                                         conflictingRequirements: binding, requirementTrees: trees))
            let requirementState = firstState(for: requirement)
            if let requirementState, conflictFixingPossibilities(requirementState.state, binding) {
                details.append(UnwindDetails(stateIndex: requirementState.index, stateRequirement: requirement,
                                             requirementTree: tree, conflictingRequirements: binding, requirementTrees: trees))
            }
            guard var parentRequirement = parent(of: requirement) else { continue }
            tree.items.insert(parentRequirement, at: 0)
            if let parentState = firstState(for: parentRequirement),
               parentState.state.possibilities.contains(where: { !($0?.dependencies.contains(requirement) ?? false) }) {
                details.append(UnwindDetails(stateIndex: parentState.index, stateRequirement: parentRequirement,
                                             requirementTree: tree, conflictingRequirements: binding, requirementTrees: trees))
            }
            var grandparent = parent(of: parentRequirement)
            while let grandparentRequirement = grandparent {
                tree.items.insert(grandparentRequirement, at: 0)
                if let grandparentState = firstState(for: grandparentRequirement),
                   grandparentState.state.possibilities.contains(where: { !($0?.dependencies.contains(parentRequirement) ?? false) }) {
                    details.append(UnwindDetails(
                        stateIndex: grandparentState.index, stateRequirement: grandparentRequirement, requirementTree: tree,
                        conflictingRequirements: binding, requirementTrees: trees))
                }
                parentRequirement = grandparentRequirement
                grandparent = parent(of: parentRequirement)
            }
        }
        return details
    }

    /// `find_state_for`: the lowest state with that requirement.
    private func firstState(for requirement: Int) -> (index: Int, state: State)? {
        guard let index = firstStateByRequirement[requirement], index < states.count else { return nil }
        return (index, states[index])
    }

    /// `conflict_fixing_possibilities?`.
    private func conflictFixingPossibilities(_ state: State, _ binding: [Int]) -> Bool {
        state.possibilities.containsPossibility { possibilitySatisfies($0, binding) }
    }

    /// `possibility_satisfies_requirements?`: the possibility set as the payload of its
    /// vertex while the requirements are checked.
    private func possibilitySatisfies(_ possibility: Int, _ requirements: [Int]) -> Bool {
        graph.withTemporaryPayload(provider.specs[possibility].name, .spec(possibility)) {
            requirements.allSatisfy { provider.isSatisfied($0, by: possibility, in: graph) }
        }
    }

    /// `filter_possibilities_after_unwind`.
    private func filterPossibilitiesAfterUnwind(_ details: UnwindDetails) {
        guard let state, !state.possibilities.isEmpty else { return }
        if details.isPrimary {
            filterForPrimaryUnwind(details, state)
        } else {
            filterForParentUnwind(details, state)
        }
    }

    /// `filter_possibilities_for_primary_unwind`.
    private func filterForPrimaryUnwind(_ details: UnwindDetails, _ state: State) {
        let unwinds = state.unusedUnwindOptions.filter { $0.stateIndex == details.stateIndex } + [details]
        let requirementSets = unwinds.map(\.conflictingRequirements)
        state.possibilities.removeAll { set in
            !(set?.possibilities ?? []).contains { possibility in
                requirementSets.contains { possibilitySatisfies(possibility, $0) }
            }
        }
    }

    /// `filter_possibilities_for_parent_unwind`.
    private func filterForParentUnwind(_ details: UnwindDetails, _ state: State) {
        let unwinds = unique(state.unusedUnwindOptions.filter { $0.stateIndex == details.stateIndex } + [details])
        let primary = unique(unwinds.filter(\.isPrimary))
        let parents = unwinds.filter { unwind in !primary.contains { $0.sameContent(as: unwind) } }
        var allowed: [PossibilitySet] = []
        for unwind in primary {
            for set in states[unwind.stateIndex].possibilities.all {
                guard let set else { continue }
                if set.possibilities.contains(where: { possibilitySatisfies($0, unwind.conflictingRequirements) }) {
                    allowed.append(set)
                }
            }
        }
        let avoid = parents.flatMap(\.subDependenciesToAvoid)
        state.possibilities.removeAll { set in
            guard let set else { return false }
            return !allowed.contains { $0.sameContent(as: set) } && avoid.allSatisfy { set.dependencies.contains($0) }
        }
    }

    private func unique(_ details: [UnwindDetails]) -> [UnwindDetails] {
        var result: [UnwindDetails] = []
        for detail in details where !result.contains(where: { $0.sameContent(as: detail) }) { result.append(detail) }
        return result
    }

    /// `binding_requirements_for_conflict`.
    private func bindingRequirements(for conflict: Conflict) throws -> [Int] {
        guard conflict.possibility != nil, let requirement = conflict.requirement else {
            return conflict.requirement.map { [$0] } ?? []
        }
        var possible: [Int] = []
        for group in conflict.requirements {
            for requirement in group.requirements where !possible.contains(requirement) { possible.append(requirement) }
        }
        if conflict.underlyingError != nil { return possible }
        let possibilities: [Int]
        do {
            possibilities = try provider.search(requirement)
        } catch {
            throw withRequiredBy(error)
        }
        if bindingRequirementInSet(nil, possible, possibilities) {
            return [requirement] + (requirementForExistingName(provider.dependencies[requirement].name).map { [$0] } ?? [])
        }
        var binding = possible
        for candidate in possible.reversed() where candidate != requirement {
            if !bindingRequirementInSet(candidate, binding, possibilities) {
                binding.removeAll { $0 == candidate }
            }
        }
        return binding
    }

    /// `binding_requirement_in_set?`.
    private func bindingRequirementInSet(_ requirement: Int?, _ possible: [Int], _ possibilities: [Int]) -> Bool {
        let others = possible.filter { $0 != requirement }
        return possibilities.contains { possibilitySatisfies($0, others) }
    }

    /// `requirement_for_existing_name`.
    private func requirementForExistingName(_ name: String) -> Int? {
        guard graph.vertex(name)?.payload != nil, let index = firstStateByName[name], index < states.count else { return nil }
        return states[index].requirement
    }

    // MARK: - The answer

    /// `resolve_activated_specs`: each vertex takes the newest spec of its set that every
    /// requirement on it accepts.
    private func resolveActivatedSpecs() {
        for vertex in graph.ordered {
            guard case let .set(set)? = vertex.payload else { continue }
            let requirements = vertex.requirements
            let latest = set.possibilities.reversed().first { possibility in
                requirements.allSatisfy { provider.isSatisfied($0, by: possibility, in: graph) }
            }
            graph.setPayload(vertex.name, latest.map { .spec($0) })
        }
    }
}

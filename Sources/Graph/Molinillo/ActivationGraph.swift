/// Molinillo's `DependencyGraph` as its resolution uses it: named vertices in insertion order,
/// each with a payload, the requirements that name it, and edges labelled with the
/// requirement that added them; every change goes through an action log, so the search can
/// rewind to the state it tagged (Molinillo 0.8.0, `dependency_graph.rb` and `log.rb`).
///
/// Requirements and specs are ids of `MolinilloIndex` tables; vertex names are spec names,
/// subspecs included (`A/Core`), because those are CocoaPods' vertices.
final class ActivationGraph {
    /// What a vertex holds: the possibility set being tried, or (while a possibility is
    /// checked, and once resolution ends) one spec.
    enum Payload {
        case set(PossibilitySet)
        case spec(Int)

        /// The newest spec the payload stands for.
        var latest: Int? {
            switch self {
            case let .set(set): return set.latest
            case let .spec(spec): return spec
            }
        }
    }

    struct Edge: Equatable {
        var origin: String
        var destination: String
        var requirement: Int
    }

    final class Vertex {
        let name: String
        /// The graph's number for `name` (see `vertex(dependency:named:)`).
        let nameID: Int
        var payload: Payload?
        var explicitRequirements: [Int] = []
        var outgoing: [Edge] = []
        var incoming: [Edge] = []
        var isRoot = false
        /// Where the vertex sits in the graph's (Ruby hash) insertion order.
        var sequence: Int

        init(name: String, nameID: Int, sequence: Int) {
            self.name = name
            self.nameID = nameID
            self.sequence = sequence
        }

        /// Every requirement naming the vertex: incoming edges', then explicit ones, each once
        /// (`Vertex#requirements`).
        var requirements: [Int] {
            (incoming.map(\.requirement) + explicitRequirements).uniqued()
        }
    }

    private enum Action {
        case tag(Int)
        case addVertex(name: String, existed: Bool, payload: Payload?, root: Bool)
        case addEdge(Edge)
        case setPayload(name: String, old: Payload?)
    }

    /// Every name a vertex has had, numbered in the order first seen, and the vertex each
    /// number names now (nil once rewound away): the vertices by name. The search looks
    /// vertices up by a dependency's name at every sort of its requirements, and a number
    /// found once saves hashing the name each time.
    private var nameIDs: [String: Int] = [:]
    private var byNameID: [Vertex?] = []
    /// The name number of each dependency id asked about, once asked.
    private var nameIDOfDependency = DenseTable<Int>()
    /// Vertex names by root name, for the prerelease rule's scan of a pod's vertices.
    private var byRoot: [String: [String]] = [:]
    private var log: [Action] = []
    private var nextSequence = 0

    /// The vertex called `name`.
    func vertex(_ name: String) -> Vertex? { nameIDs[name].flatMap { byNameID[$0] } }

    /// The vertex called `name`, the name of the search's dependency `id`: the same as
    /// `vertex(name)`, found by number after the first ask for `id`.
    func vertex(dependency id: Int, named name: String) -> Vertex? {
        if let known = nameIDOfDependency[id] { return byNameID[known] }
        let nameID = self.nameID(of: name)
        nameIDOfDependency[id] = nameID
        return byNameID[nameID]
    }

    /// The number of `name`, given on first use.
    private func nameID(of name: String) -> Int {
        if let known = nameIDs[name] { return known }
        nameIDs[name] = byNameID.count
        byNameID.append(nil)
        return byNameID.count - 1
    }

    /// The vertices of the pod `root`, in insertion order.
    func vertices(ofRoot root: String) -> [Vertex] {
        (byRoot[root] ?? []).compactMap { vertex($0) }.sorted { $0.sequence < $1.sequence }
    }

    /// Every vertex in insertion order (`DependencyGraph#each`).
    var ordered: [Vertex] {
        byNameID.compactMap { $0 }.sorted { $0.sequence < $1.sequence }
    }

    /// Marks the current state so that `rewind(to:)` can return to it.
    func tag(_ tag: Int) {
        log.append(.tag(tag))
    }

    /// Undoes every change since `tag` was set (the tag included).
    func rewind(to tag: Int) {
        while let action = log.popLast() {
            switch action {
            case let .tag(value):
                if value == tag { return }
            case let .addVertex(name, existed, payload, root):
                if existed {
                    self.vertex(name)?.payload = payload
                    self.vertex(name)?.isRoot = root
                } else {
                    if let removed = self.vertex(name) { byNameID[removed.nameID] = nil }
                    byRoot[PodName.root(of: name)]?.removeAll { $0 == name }
                }
            case let .addEdge(edge):
                if let index = self.vertex(edge.origin)?.outgoing.firstIndex(of: edge) {
                    self.vertex(edge.origin)?.outgoing.remove(at: index)
                }
                if let index = self.vertex(edge.destination)?.incoming.firstIndex(of: edge) {
                    self.vertex(edge.destination)?.incoming.remove(at: index)
                }
            case let .setPayload(name, old):
                self.vertex(name)?.payload = old
            }
        }
        preconditionFailure("no tag \(tag) in the activation graph's log")
    }

    /// Adds the vertex `name`, or marks an existing one as a root (`add_vertex`): an existing
    /// vertex keeps its payload and place.
    @discardableResult
    func addVertex(_ name: String, root: Bool) -> Vertex {
        // Found by number: the number is needed for a new vertex anyway.
        let nameID = self.nameID(of: name)
        if let existing = byNameID[nameID] {
            log.append(.addVertex(name: name, existed: true, payload: existing.payload, root: existing.isRoot))
            existing.isRoot = existing.isRoot || root
            return existing
        }
        let vertex = Vertex(name: name, nameID: nameID, sequence: nextSequence)
        nextSequence += 1
        vertex.isRoot = root
        byNameID[vertex.nameID] = vertex
        byRoot[PodName.root(of: name), default: []].append(name)
        log.append(.addVertex(name: name, existed: false, payload: nil, root: false))
        return vertex
    }

    /// Adds `name` as a child of `parent` through `requirement` (`add_child_vertex`), or throws
    /// `CircularDependency` when `name` already leads to `parent`, or `MolinilloInternalError`
    /// where Molinillo's `path` misses that path and Ruby raises.
    func addChild(_ name: String, parent: String, requirement: Int) throws {
        let vertex = addVertex(name, root: false)
        guard let origin = self.vertex(parent) else { return }
        if path(from: vertex, reaches: origin) {
            guard let names = molinilloPath(from: vertex, to: origin)?.map(\.name) else {
                throw MolinilloInternalError(
                    message: "There is no path from \(name) to \(parent)",
                    cycle: breadthFirstPath(from: vertex, to: origin).map(\.name))
            }
            throw CircularDependency(names: names)
        }
        let edge = Edge(origin: parent, destination: name, requirement: requirement)
        origin.outgoing.append(edge)
        vertex.incoming.append(edge)
        log.append(.addEdge(edge))
    }

    /// Sets the payload of `name` through the log.
    func setPayload(_ name: String, _ payload: Payload?) {
        guard let vertex = self.vertex(name) else { return }
        log.append(.setPayload(name: name, old: vertex.payload))
        vertex.payload = payload
    }

    /// Sets a payload outside the log, for a check that restores it at once
    /// (`possibility_satisfies_requirements?` tags, sets and rewinds).
    func withTemporaryPayload<T>(_ name: String, _ payload: Payload, _ body: () -> T) -> T {
        guard let vertex = self.vertex(name) else { return body() }
        let old = vertex.payload
        vertex.payload = payload
        defer { vertex.payload = old }
        return body()
    }

    /// Whether `start` leads to `target` along edges (`Vertex#path_to?`), `start` itself
    /// included.
    func path(from start: Vertex, reaches target: Vertex) -> Bool {
        var visited = Set<String>()
        var stack = [start]
        while let vertex = stack.popLast() {
            guard visited.insert(vertex.name).inserted else { continue }
            if vertex === target { return true }
            for edge in vertex.outgoing.reversed() {
                if let next = self.vertex(edge.destination) { stack.append(next) }
            }
        }
        return false
    }

    /// The vertices from `from` to `to` (`DependencyGraph#path`): one relaxation pass over
    /// the vertices in insertion order, as Molinillo makes it; nil when that pass does not
    /// reach `to` (Molinillo raises `ArgumentError` there).
    func molinilloPath(from: Vertex, to: Vertex) -> [Vertex]? {
        let limit = byNameID.reduce(0) { $1 == nil ? $0 : $0 + 1 } + 1
        var distances: [String: Int] = [from.name: 0]
        var predecessors: [String: String] = [:]
        for vertex in ordered {
            for edge in vertex.outgoing {
                let through = (distances[vertex.name] ?? limit) + 1
                if (distances[edge.destination] ?? limit) > through {
                    distances[edge.destination] = through
                    predecessors[edge.destination] = vertex.name
                }
            }
        }
        var names = [to.name]
        var current = to.name
        while let before = predecessors[current] {
            names.append(before)
            current = before
            if current == from.name { break }
        }
        guard names.last == from.name else { return nil }
        return names.reversed().compactMap { self.vertex($0) }
    }

    /// The shortest path from `from` to `to`.
    func breadthFirstPath(from: Vertex, to: Vertex) -> [Vertex] {
        var previous: [String: String] = [:]
        var queue = [from.name]
        var seen: Set<String> = [from.name]
        var index = 0
        while index < queue.count {
            let name = queue[index]
            index += 1
            if name == to.name { break }
            for edge in self.vertex(name)?.outgoing ?? [] where seen.insert(edge.destination).inserted {
                previous[edge.destination] = name
                queue.append(edge.destination)
            }
        }
        var names = [to.name]
        while let before = previous[names.last!] { names.append(before) }
        return names.reversed().compactMap { self.vertex($0) }
    }

    /// Every vertex `vertex` reaches back from, through incoming edges.
    func recursivePredecessors(of vertex: Vertex) -> [Vertex] {
        var seen = Set<String>()
        var result: [Vertex] = []
        var stack = vertex.incoming.map(\.origin)
        while let name = stack.popLast() {
            guard seen.insert(name).inserted, let origin = self.vertex(name) else { continue }
            result.append(origin)
            stack += origin.incoming.map(\.origin)
        }
        return result
    }
}

/// Molinillo's `CircularDependencyError`: adding an edge would close a cycle through these
/// spec names, from the dependency back to the spec that needs it.
struct CircularDependency: Error, Equatable {
    var names: [String]

    /// Molinillo's message, which CocoaPods prints as it is.
    var message: String {
        "There is a circular dependency between \(names.joined(separator: " and "))"
    }
}

/// An error Ruby raises inside Molinillo, which stops `pod install` with a crash report:
/// `path` missing the cycle it was asked to name, or a conflict on a spec with no vertex.
struct MolinilloInternalError: Error {
    var message: String
    /// The cycle being named, when there is one.
    var cycle: [String] = []
}

/// Molinillo's `PossibilitySet`: neighbouring versions whose specs have the same
/// dependencies, tried together. A reference, because the search narrows the one it is
/// trying in place (`attempt_to_activate`'s `select!`).
final class PossibilitySet {
    let dependencies: [Int]
    var possibilities: [Int]

    init(dependencies: [Int], possibilities: [Int]) {
        self.dependencies = dependencies
        self.possibilities = possibilities
    }

    /// The newest spec of the set (`latest_version`).
    var latest: Int? { possibilities.last }

    /// Struct equality, as Ruby compares two sets.
    func sameContent(as other: PossibilitySet) -> Bool {
        dependencies == other.dependencies && possibilities == other.possibilities
    }
}

/// The possibility sets of a state, lowest first (Ruby's array), grouped only as far as the
/// search looks at them: `group_possibilities` reads the spec of every candidate version to
/// compare dependencies, but the search mostly takes the newest set and never looks lower.
/// Sets are formed from the top down, exactly as Molinillo forms them, so the sets seen are
/// the same; a spec that cannot be read is left out.
final class Possibilities {
    /// Candidates not grouped yet, oldest first; all below the grouped ones.
    private var pending: ArraySlice<Int>
    /// The grouped sets, lowest first; `nil` only in a possibility state that got none.
    private var sets: [PossibilitySet?]
    private let provider: CocoaPodsProvider?
    /// The candidates from this position up were announced to the sources already.
    private var hintedFrom: Int
    /// How many candidates the next announcement covers: it doubles each time, so a short
    /// run of equal dependencies costs few extra fetches and a long one few round trips.
    private var window = Possibilities.firstWindow
    static let firstWindow = 8
    private static let largestWindow = 64

    /// The candidate specs `candidates` (oldest first), grouped on demand by their
    /// dependencies in `provider`.
    init(candidates: [Int], provider: CocoaPodsProvider) {
        pending = candidates[...]
        sets = []
        self.provider = provider
        hintedFrom = pending.endIndex
    }

    /// A possibility state's one set (or none).
    init(single: PossibilitySet?) {
        pending = []
        sets = [single]
        provider = nil
        hintedFrom = 0
    }

    private func dependencies(_ spec: Int) -> [Int]? {
        provider?.dependencies(of: spec)
    }

    /// Before the top pending candidate is read: when it was not announced yet, announces it
    /// and the next ones down (a window of them), so that a remote source fetches in parallel
    /// the specs grouping is about to read one by one.
    private func hintNext() {
        guard let provider, !pending.isEmpty else { return }
        let position = pending.endIndex - 1
        guard position < hintedFrom else { return }
        let lower = position + 1 - LookAheadWindow.size(window, of: position + 1 - pending.startIndex)
        provider.prefetchSpecs(pending[lower...position])
        hintedFrom = lower
        window = min(window * 2, Self.largestWindow)
    }

    /// Groups the next set down from the top; false when nothing is left.
    @discardableResult
    private func groupNext() -> Bool {
        while let top = pending.last {
            hintNext()
            pending.removeLast()
            guard let deps = dependencies(top) else { continue }
            let set = PossibilitySet(dependencies: deps, possibilities: [top])
            while let next = pending.last {
                hintNext()
                guard let nextDeps = dependencies(next) else {
                    // An unreadable spec is dropped; the set goes on past it, as if it were
                    // not listed.
                    pending.removeLast()
                    continue
                }
                guard nextDeps == deps else { break }
                set.possibilities.insert(next, at: 0)
                pending.removeLast()
            }
            sets.insert(set, at: 0)
            return true
        }
        return false
    }

    private func groupAll() {
        while groupNext() {}
    }

    var isEmpty: Bool {
        if sets.isEmpty { groupNext() }
        return sets.isEmpty
    }

    /// How many sets are left (groups them all).
    var count: Int {
        groupAll()
        return sets.count
    }

    /// The newest set.
    var last: PossibilitySet?? {
        if sets.isEmpty { groupNext() }
        return sets.last
    }

    /// Takes the newest set.
    func popLast() -> PossibilitySet?? {
        if sets.isEmpty { groupNext() }
        return sets.popLast()
    }

    /// Whether a set matches (`any?`), grouping only as far as needed.
    func contains(where predicate: (PossibilitySet?) -> Bool) -> Bool {
        if sets.contains(where: predicate) { return true }
        while groupNext() {
            if predicate(sets[0]) { return true }
        }
        return false
    }

    /// Whether any spec of any set matches, without grouping the rest.
    func containsPossibility(where predicate: (Int) -> Bool) -> Bool {
        for set in sets where (set?.possibilities ?? []).contains(where: predicate) { return true }
        return pending.contains { predicate($0) && dependencies($0) != nil }
    }

    /// Every set, all grouped.
    var all: [PossibilitySet?] {
        groupAll()
        return sets
    }

    /// `reject!`.
    func removeAll(where predicate: (PossibilitySet?) -> Bool) {
        groupAll()
        sets.removeAll(where: predicate)
    }
}

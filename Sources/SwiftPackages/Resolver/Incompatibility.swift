import Manifest

/// A statement about one package's version: it is (or, negated, is not) in `set`.
struct Term: Equatable, CustomStringConvertible {
    var node: Int
    var versions: VersionSet
    var isPositive: Bool

    init(_ node: Int, _ versions: VersionSet, positive: Bool = true) {
        self.node = node
        self.versions = versions
        isPositive = positive
    }

    var inverse: Term { Term(node, versions, positive: !isPositive) }
    var supportsPrereleases: Bool { versions.supportsPrereleases }

    /// The relation of this term's versions to `other`'s (pub's `Term.relation`).
    enum Relation { case disjoint, overlap, subset }

    func relation(with other: Term) -> Relation {
        if other.isPositive {
            if isPositive {
                if other.versions.containsAll(versions) { return .subset }
                if other.versions.containsAny(versions) { return .overlap }
                return .disjoint
            }
            return versions.containsAll(other.versions) ? .disjoint : .overlap
        }
        if isPositive {
            if !other.versions.containsAny(versions) { return .subset }
            if other.versions.containsAll(versions) { return .disjoint }
            return .overlap
        }
        return versions.containsAll(other.versions) ? .subset : .overlap
    }

    func satisfies(_ other: Term) -> Bool { node == other.node && relation(with: other) == .subset }

    /// The term allowing what both allow; nil when nothing is.
    func intersect(with other: Term) -> Term? {
        guard node == other.node else { return nil }
        return intersect(set: other.versions, positive: other.isPositive)
    }

    func intersect(set other: VersionSet, positive otherPositive: Bool) -> Term? {
        let result: VersionSet
        let positive: Bool
        switch (isPositive, otherPositive) {
        case (false, false): (result, positive) = (versions.union(other), false)
        case (true, true): (result, positive) = (versions.intersection(other), true)
        case (true, false): (result, positive) = (versions.difference(other), true)
        case (false, true): (result, positive) = (other.difference(versions), true)
        }
        if result == .empty { return nil }
        return Term(node, result, positive: positive)
    }

    func difference(with other: Term) -> Term? { intersect(with: other.inverse) }

    var description: String { "\(isPositive ? "" : "¬")#\(node) \(versions)" }
}

extension VersionSet {
    func containsAll(_ other: VersionSet) -> Bool { intersection(other) == other }
    func containsAny(_ other: VersionSet) -> Bool { intersection(other) != .empty }
}

/// A set of terms that cannot all hold, and why.
final class Incompatibility: Equatable {
    enum Cause {
        /// The root is required.
        case root
        /// `node` at these versions depends on the other term's package (`declaration` as written).
        case dependency(node: Int, declaration: Declaration?)
        /// Learnt from two others while resolving a conflict.
        case conflict(Incompatibility, Incompatibility)
        /// No version satisfies the term.
        case noAvailableVersion
        /// A version depends on a package by branch, revision or path, which SwiftPM forbids.
        case unversionedDependency(on: Int)
        /// The versions' manifests need another tools version.
        case incompatibleToolsVersion(PackageDeclaration.ToolsVersion?)
    }

    let terms: [Term]
    let cause: Cause

    init(terms: [Term], cause: Cause) {
        self.terms = terms
        self.cause = cause
    }

    /// Terms as SwiftPM builds them: the root's positive term dropped from a learnt
    /// incompatibility, and the terms of one package merged.
    convenience init(_ terms: [Term], root: Int, cause: Cause) {
        var terms = terms
        if terms.count > 1, case .conflict = cause, terms.contains(where: { $0.isPositive && $0.node == root }) {
            terms = terms.filter { !$0.isPositive || $0.node != root }
        }
        var order: [Int] = []
        var merged: [Int: (set: VersionSet, positive: Bool)] = [:]
        for term in terms {
            guard let previous = merged[term.node] else {
                order.append(term.node)
                merged[term.node] = (term.versions, term.isPositive)
                continue
            }
            // SwiftPM treats an empty merge as an internal error; keeping the term is the
            // closest harmless reading.
            if let both = term.intersect(set: previous.set, positive: previous.positive) {
                merged[term.node] = (both.versions, both.isPositive)
            }
        }
        self.init(terms: order.map { Term($0, merged[$0]!.set, positive: merged[$0]!.positive) }, cause: cause)
    }

    var derivedFrom: (Incompatibility, Incompatibility)? {
        if case let .conflict(a, b) = cause { return (a, b) }
        return nil
    }

    static func == (lhs: Incompatibility, rhs: Incompatibility) -> Bool {
        if lhs === rhs { return true }
        guard lhs.terms == rhs.terms else { return false }
        switch (lhs.cause, rhs.cause) {
        case (.root, .root), (.noAvailableVersion, .noAvailableVersion): return true
        case let (.dependency(a, _), .dependency(b, _)): return a == b
        case let (.conflict(a1, a2), .conflict(b1, b2)): return a1 == b1 && a2 == b2
        case let (.unversionedDependency(a), .unversionedDependency(b)): return a == b
        case let (.incompatibleToolsVersion(a), .incompatibleToolsVersion(b)): return a == b
        default: return false
        }
    }
}

/// A dependency as a manifest states it: who declares it and the requirement as written.
struct Declaration {
    var requirement: PackageRequirement
}

/// One entry of the partial solution: a decision or a derivation.
struct Assignment {
    var term: Term
    var decisionLevel: Int
    /// nil for a decision.
    var cause: Incompatibility?
    var isDecision: Bool { cause == nil }
}

/// The resolver's current guess (SwiftPM's `PartialSolution`), kept in the same order so
/// that its choices are SwiftPM's.
struct PartialSolution {
    private(set) var assignments: [Assignment] = []
    private(set) var decisions: [Int: SemanticVersion] = [:]
    /// The intersection of each package's assignments, in the order packages first got a
    /// positive one.
    private(set) var positiveOrder: [Int] = []
    private(set) var positive: [Int: Term] = [:]
    private(set) var negative: [Int: Term] = [:]

    var decisionLevel: Int { decisions.count - 1 }

    /// The packages with a positive derivation and no decision, in order.
    var undecided: [Term] {
        positiveOrder.compactMap { node in decisions[node] == nil ? positive[node] : nil }
    }

    mutating func derive(_ term: Term, cause: Incompatibility) {
        let assignment = Assignment(term: term, decisionLevel: decisionLevel, cause: cause)
        assignments.append(assignment)
        register(assignment)
    }

    mutating func decide(_ node: Int, at version: SemanticVersion) {
        decisions[node] = version
        let assignment = Assignment(term: Term(node, .exact(version)), decisionLevel: decisionLevel, cause: nil)
        assignments.append(assignment)
        register(assignment)
    }

    private mutating func register(_ assignment: Assignment) {
        let term = assignment.term
        let node = term.node
        if let current = positive[node] {
            // An empty intersection drops the package, as SwiftPM's dictionary assignment of nil does.
            if let both = current.intersect(with: term) {
                positive[node] = both
            } else {
                positive[node] = nil
                positiveOrder.removeAll { $0 == node }
            }
            return
        }
        let combined = negative[node].flatMap { term.intersect(with: $0) } ?? term
        if combined.isPositive {
            negative[node] = nil
            positive[node] = combined
            positiveOrder.append(node)
        } else {
            negative[node] = combined
        }
    }

    /// The first assignment by which the solution satisfies `term`.
    func satisfier(for term: Term) -> Int? {
        var assigned: Term?
        for (index, assignment) in assignments.enumerated() where assignment.term.node == term.node {
            assigned = assigned.flatMap { $0.intersect(with: assignment.term) } ?? assignment.term
            if assigned!.satisfies(term) { return index }
        }
        return nil
    }

    mutating func backtrack(to level: Int) {
        var kept: [Assignment] = []
        for assignment in assignments {
            if assignment.decisionLevel > level {
                if assignment.isDecision { decisions[assignment.term.node] = nil }
            } else {
                kept.append(assignment)
            }
        }
        assignments = kept
        positive = [:]
        negative = [:]
        positiveOrder = []
        for assignment in assignments { register(assignment) }
    }

    func satisfies(_ term: Term) -> Bool { relation(with: term) == .subset }

    func relation(with term: Term) -> Term.Relation {
        if let positive = positive[term.node] { return positive.relation(with: term) }
        if let negative = negative[term.node] { return negative.relation(with: term) }
        return .overlap
    }
}

/// A half-open interval of versions, `lower..<upper`, compared as plain versions; whether a
/// prerelease counts as inside is `contains(_:)`'s business (SwiftPM's rule).
public struct VersionRange: Hashable, Sendable, CustomStringConvertible {
    public var lower: SemanticVersion
    public var upper: SemanticVersion

    /// `lower..<upper`; `lower == upper` is the empty range SwiftPM uses to spell a point.
    public init(_ lower: SemanticVersion, _ upper: SemanticVersion) {
        self.lower = lower
        self.upper = upper
    }

    public static func == (lhs: VersionRange, rhs: VersionRange) -> Bool {
        lhs.lower == rhs.lower && lhs.upper == rhs.upper
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lower)
        hasher.combine(upper)
    }

    /// SwiftPM's membership test: a prerelease is inside only when a bound names a
    /// prerelease, and never when the upper bound is its own release (`2.0.0-beta` is not
    /// in `1.0.0..<2.0.0`, nor in `1.0.0-rc.1..<2.0.0`).
    public func contains(_ version: SemanticVersion) -> Bool {
        if version.isPrerelease {
            if !lower.isPrerelease && !upper.isPrerelease { return false }
            if !upper.isPrerelease && upper.isEqualWithoutPrerelease(version) { return false }
        }
        if lower == version { return true }
        return version >= lower && version < upper
    }

    /// Whether the ranges share an interval (as `Range.overlaps`: an empty range overlaps nothing).
    func overlaps(_ other: VersionRange) -> Bool {
        !(other.upper <= lower || upper <= other.lower || lower == upper || other.lower == other.upper)
    }

    var isEmpty: Bool { lower == upper }

    /// Whether either bound names a prerelease.
    var supportsPrereleases: Bool { lower.isPrerelease || upper.isPrerelease }

    func isLowerThan(_ other: VersionRange) -> Bool { lower < other.lower && upper < other.upper }
    func isHigherThan(_ other: VersionRange) -> Bool { other.isLowerThan(self) }

    public var description: String { "\(lower)..<\(upper)" }
}

/// A set of versions with SwiftPM's algebra (`VersionSetSpecifier`): the resolver's terms
/// are made of these. The quirks are SwiftPM's own and kept on purpose, because the order
/// in which the resolver meets its conflicts (and so its answer) depends on them: an exact
/// version equals the range up to its next patch, and unions merge ranges that touch.
public enum VersionSet: Hashable, Sendable, CustomStringConvertible {
    case any
    case empty
    case range(VersionRange)
    case exact(SemanticVersion)
    /// Disjoint ranges, sorted.
    case ranges([VersionRange])

    public static func == (lhs: VersionSet, rhs: VersionSet) -> Bool {
        switch (lhs, rhs) {
        case (.any, .any), (.empty, .empty): return true
        case let (.range(a), .range(b)): return a == b
        case let (.exact(a), .exact(b)): return a == b
        case let (.ranges(a), .ranges(b)): return a == b
        case let (.empty, .ranges(r)), let (.ranges(r), .empty):
            return r.isEmpty || (r.count == 1 && r[0].lower == r[0].upper)
        case let (.empty, .range(r)), let (.range(r), .empty):
            return r.upper == r.lower
        case let (.exact(v), .range(r)), let (.range(r), .exact(v)):
            return r.lower == v && r.upper == v.nextPatch
        case let (.exact(v), .ranges(r)), let (.ranges(r), .exact(v)):
            return r.count == 1 && r[0].lower == v && r[0].upper == v.nextPatch
        case let (.range(a), .ranges(r)), let (.ranges(r), .range(a)):
            return r.count == 1 && r[0] == a
        default:
            return false
        }
    }

    // Coarse on purpose: equal sets may be spelt differently (see `==`).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .any: hasher.combine(0)
        case .empty: hasher.combine(1)
        default: hasher.combine(2)
        }
    }

    /// Whether `version` is in the set (SwiftPM's prerelease rule for ranges).
    public func contains(_ version: SemanticVersion) -> Bool {
        switch self {
        case .empty: return false
        case .any: return true
        case let .exact(v): return v == version
        case let .range(r): return r.contains(version)
        case let .ranges(list): return list.contains { $0.contains(version) }
        }
    }

    /// Whether a bound of the set names a prerelease: the resolver decides such packages
    /// after the others.
    public var supportsPrereleases: Bool {
        switch self {
        case .empty, .any: return false
        case let .exact(v): return v.isPrerelease
        case let .range(r): return r.supportsPrereleases
        case let .ranges(list): return list.contains { $0.supportsPrereleases }
        }
    }

    /// The set with the prerelease identifiers of its bounds dropped.
    var withoutPrereleases: VersionSet {
        guard supportsPrereleases else { return self }
        switch self {
        case .empty, .any: return self
        case let .exact(v): return .exact(v.withoutPrerelease)
        case let .range(r): return .range(VersionRange(r.lower.withoutPrerelease, r.upper.withoutPrerelease))
        case let .ranges(list): return .ranges(list.map { VersionRange($0.lower.withoutPrerelease, $0.upper.withoutPrerelease) })
        }
    }

    public var description: String {
        switch self {
        case .any: return "any"
        case .empty: return "empty"
        case let .exact(v): return v.description
        case let .range(r): return "\(r.lower)..<\(r.upper)"
        case let .ranges(list):
            return "{" + list.map { $0.isEmpty ? $0.lower.description : "\($0.lower)..<\($0.upper)" }.joined(separator: ", ") + "}"
        }
    }

    // MARK: - Union

    /// The set of `ranges` merged where they touch or overlap; one range spanning a single
    /// patch becomes an exact version, as SwiftPM makes it.
    static func union(of ranges: [VersionRange]) -> VersionSet {
        switch ranges.count {
        case 0:
            return .empty
        case 1:
            let range = ranges[0]
            if range.lower.nextPatch == range.upper { return .exact(range.lower) }
            return .range(range)
        default:
            // A stable sort, as the merge below depends on the order of equal lower bounds.
            let sorted = ranges.enumerated().sorted { ($0.element.lower, $0.offset) < ($1.element.lower, $1.offset) }.map(\.element)
            var result: [VersionRange] = []
            for range in sorted {
                if let last = result.last,
                   last.upper == range.lower || range.overlaps(last) || last.lower.nextPatch == range.lower {
                    let merged: VersionRange
                    if range.lower == range.upper {
                        // A point right after the last range extends it by one patch.
                        guard last.upper == range.lower else { continue }
                        merged = VersionRange(last.lower, range.lower.nextPatch)
                    } else {
                        merged = VersionRange(min(last.lower, range.lower), max(last.upper, range.upper))
                    }
                    result[result.count - 1] = merged
                } else {
                    result.append(range)
                }
            }
            return result.count == 1 ? .range(result[0]) : .ranges(result)
        }
    }

    /// Every version in either set.
    func union(_ other: VersionSet) -> VersionSet {
        switch (self, other) {
        case (_, .any), (.any, _): return .any
        case (.empty, _): return other
        case (_, .empty): return self
        case let (.exact(a), .exact(b)):
            return a == b ? self : Self.union(of: [VersionRange(a, a), VersionRange(b, b)])
        case let (.range(r), .exact(v)), let (.exact(v), .range(r)):
            return Self.union(of: [VersionRange(v, v), r])
        case let (.ranges(list), .exact(v)), let (.exact(v), .ranges(list)):
            return Self.union(of: [VersionRange(v, v)] + list)
        case let (.range(a), .range(b)):
            return Self.union(of: [a, b])
        case let (.ranges(list), .range(r)), let (.range(r), .ranges(list)):
            return Self.union(of: [r] + list)
        case let (.ranges(a), .ranges(b)):
            return Self.union(of: a + b)
        }
    }

    // MARK: - Intersection

    /// The versions in both sets.
    func intersection(_ other: VersionSet) -> VersionSet {
        switch (self, other) {
        case (.any, _): return other
        case (_, .any): return self
        case (.empty, _), (_, .empty): return .empty
        case let (.range(a), .range(b)):
            return Self.intersection(a, b).map(VersionSet.range) ?? .empty
        case let (.exact(v), _):
            return other.contains(v) ? self : .empty
        case let (_, .exact(v)):
            return contains(v) ? other : .empty
        case let (.ranges(list), .range(r)), let (.range(r), .ranges(list)):
            return Self.intersection(list, [r])
        case let (.ranges(a), .ranges(b)):
            return Self.intersection(a, b)
        }
    }

    private static func intersection(_ a: VersionRange, _ b: VersionRange) -> VersionRange? {
        let start = max(a.lower, b.lower)
        let end = min(a.upper, b.upper)
        return start < end ? VersionRange(start, end) : nil
    }

    private static func intersection(_ a: [VersionRange], _ b: [VersionRange]) -> VersionSet {
        var i = 0, j = 0
        var result: [VersionRange] = []
        while i < a.count, j < b.count {
            if let common = intersection(a[i], b[j]) { result.append(common) }
            // Advance the one that ends first, so a long range can meet several short ones.
            if a[i].upper < b[j].upper { i += 1 } else { j += 1 }
        }
        return union(of: result)
    }

    // MARK: - Difference

    /// The versions in this set but not in `other`.
    func difference(_ other: VersionSet) -> VersionSet {
        switch (self, other) {
        case (_, .any): return .empty
        case (.any, _):
            // SwiftPM traps here; the resolver never asks (a negative term is never `any`).
            preconditionFailure("the difference of `any` is not defined")
        case (.empty, _): return .empty
        case (_, .empty): return self
        case let (.exact(a), .exact(b)):
            return a == b ? .empty : self
        case let (.exact(v), .range(r)):
            return r.contains(v) ? .empty : .exact(v)
        case let (.range(r), .exact(v)):
            return Self.difference(r, removing: v)
        case let (.ranges(list), .exact(v)):
            var result: [VersionRange] = []
            for range in list {
                if !range.contains(v) {
                    result.append(range)
                } else if range.lower == v {
                    if range.lower == range.upper { continue }
                    if v.nextPatch < range.upper { result.append(VersionRange(v.nextPatch, range.upper)) }
                } else {
                    result.append(VersionRange(range.lower, v))
                    if v.nextPatch < range.upper { result.append(VersionRange(v.nextPatch, range.upper)) }
                }
            }
            return Self.union(of: result)
        case let (.exact(v), .ranges(list)):
            return list.contains { $0.contains(v) } ? .empty : self
        case let (.range(a), .range(b)):
            if a == b { return .empty }
            if !a.overlaps(b) { return .range(a) }
            var result: [VersionRange] = []
            if a.lower < b.lower { result.append(VersionRange(a.lower, b.lower)) }
            if b.upper < a.upper { result.append(VersionRange(b.upper, a.upper)) }
            return Self.union(of: result)
        case let (.range(input), .ranges(list)):
            var result: [VersionRange] = []
            var rest = input
            for range in list where range.overlaps(rest) {
                switch VersionSet.range(rest).difference(.range(range)) {
                case .empty: return .empty
                case let .exact(v): rest = VersionRange(v, v.nextPatch)
                case let .range(r): rest = r
                case let .ranges(parts):
                    // Two parts: the first is done, the second meets the next ranges.
                    result.append(parts[0])
                    rest = parts[parts.count - 1]
                case .any: preconditionFailure("a difference cannot be `any`")
                }
            }
            return Self.union(of: result + [rest])
        case let (.ranges, .range(r)):
            return difference(.ranges([r]))
        case let (.ranges(lhs), .ranges(rhs)):
            return Self.difference(lhs, rhs)
        }
    }

    private static func difference(_ r: VersionRange, removing v: SemanticVersion) -> VersionSet {
        if !r.contains(v) { return .range(r) }
        if r.lower == v {
            if r.lower == r.upper || r.lower.nextPatch == r.upper { return .empty }
            return .range(VersionRange(v.nextPatch, r.upper))
        }
        return union(of: [VersionRange(r.lower, v), VersionRange(v.nextPatch, r.upper)])
    }

    /// pub_semver's difference of two sorted lists of ranges, as SwiftPM walks it.
    private static func difference(_ lhs: [VersionRange], _ rhs: [VersionRange]) -> VersionSet {
        guard !lhs.isEmpty else { return .empty }
        guard !rhs.isEmpty else { return union(of: lhs) }
        var li = 0, ri = 0
        var current = lhs[0]
        var other = rhs[0]
        var result: [VersionRange] = []
        func moveRHS() -> Bool {
            ri += 1
            if ri < rhs.count {
                other = rhs[ri]
                return true
            }
            result.append(current)
            li += 1
            while li < lhs.count {
                result.append(lhs[li])
                li += 1
            }
            return false
        }
        func moveLHS(keeping: Bool = true) -> Bool {
            if keeping { result.append(current) }
            li += 1
            if li < lhs.count {
                current = lhs[li]
                return true
            }
            return false
        }
        outer: while true {
            if other.isLowerThan(current) {
                if !moveRHS() { break outer }
                continue
            }
            if other.isHigherThan(current) {
                if !moveLHS() { break outer }
                continue
            }
            var diff = VersionSet.range(current).difference(.range(other))
            if case let .exact(v) = diff { diff = .range(VersionRange(v, v.nextPatch)) }
            switch diff {
            case .empty:
                if !moveLHS(keeping: false) { break outer }
            case let .range(r):
                current = r
                if current.upper < other.upper {
                    if !moveRHS() { break outer }
                } else {
                    if !moveLHS() { break outer }
                }
            case let .ranges(parts):
                result.append(parts[0])
                current = parts[parts.count - 1]
                if !moveRHS() { break outer }
            case .any, .exact:
                preconditionFailure("unexpected difference \(diff)")
            }
        }
        return union(of: result)
    }
}

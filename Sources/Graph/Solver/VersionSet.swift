/// A set of versions of one package, as bits over the package's version list (bit 0 is its
/// lowest version). Every set operation the solver needs is a few word operations; pods
/// with at most 64 versions (nearly all) never allocate.
struct VersionSet: Hashable, Sendable {
    /// Versions 0–63.
    private(set) var low: UInt64
    /// Versions 64 and up, 64 a word; empty for packages with at most 64 versions.
    private(set) var high: [UInt64]

    /// The empty set for a package with `count` versions.
    init(emptyOf count: Int) {
        low = 0
        high = count > 64 ? Array(repeating: 0, count: (count - 1) / 64) : []
    }

    /// Every version of a package with `count` versions.
    init(fullOf count: Int) {
        self.init(emptyOf: count)
        for index in 0..<count { insert(index) }
    }

    var isEmpty: Bool { low == 0 && high.allSatisfy { $0 == 0 } }

    /// How many versions the set holds.
    var count: Int { high.reduce(low.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }

    func contains(_ index: Int) -> Bool {
        if index < 64 { return low & (1 << UInt64(index)) != 0 }
        let word = (index - 64) / 64
        return word < high.count && high[word] & (1 << UInt64((index - 64) % 64)) != 0
    }

    mutating func insert(_ index: Int) {
        if index < 64 {
            low |= 1 << UInt64(index)
        } else {
            high[(index - 64) / 64] |= 1 << UInt64((index - 64) % 64)
        }
    }

    mutating func remove(_ index: Int) {
        if index < 64 {
            low &= ~(1 << UInt64(index))
        } else {
            high[(index - 64) / 64] &= ~(1 << UInt64((index - 64) % 64))
        }
    }

    func intersection(_ other: VersionSet) -> VersionSet {
        var result = self
        result.low &= other.low
        for i in result.high.indices { result.high[i] &= other.high[i] }
        return result
    }

    func union(_ other: VersionSet) -> VersionSet {
        var result = self
        result.low |= other.low
        for i in result.high.indices { result.high[i] |= other.high[i] }
        return result
    }

    func subtracting(_ other: VersionSet) -> VersionSet {
        var result = self
        result.low &= ~other.low
        for i in result.high.indices { result.high[i] &= ~other.high[i] }
        return result
    }

    func isSubset(of other: VersionSet) -> Bool {
        if low & ~other.low != 0 { return false }
        for i in high.indices where high[i] & ~other.high[i] != 0 { return false }
        return true
    }

    func isDisjoint(with other: VersionSet) -> Bool {
        if low & other.low != 0 { return false }
        for i in high.indices where high[i] & other.high[i] != 0 { return false }
        return true
    }

    /// The highest version in the set, if any.
    var last: Int? {
        for word in stride(from: high.count - 1, through: 0, by: -1) where high[word] != 0 {
            return 64 + word * 64 + (63 - high[word].leadingZeroBitCount)
        }
        return low == 0 ? nil : 63 - low.leadingZeroBitCount
    }

    /// The lowest version in the set, if any.
    var first: Int? {
        if low != 0 { return low.trailingZeroBitCount }
        for word in high.indices where high[word] != 0 {
            return 64 + word * 64 + high[word].trailingZeroBitCount
        }
        return nil
    }

    /// The versions in the set, lowest first.
    var indices: [Int] {
        var result: [Int] = []
        var word = low
        while word != 0 {
            result.append(word.trailingZeroBitCount)
            word &= word - 1
        }
        for (w, value) in high.enumerated() {
            var bits = value
            while bits != 0 {
                result.append(64 + w * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }
}

/// What one term of an incompatibility says about one package, as a set over the package's
/// versions plus "not selected at all". A positive term (`foo ~> 1.0`) excludes "not
/// selected"; a negative term (`not foo ~> 1.0`) includes it. Intersection, inclusion and
/// disjointness of terms are then plain set operations.
struct Term: Hashable, Sendable {
    /// The versions the term allows.
    var versions: VersionSet
    /// Whether the term also allows the package to be absent from the solution.
    var allowsAbsence: Bool

    /// `package ∈ versions`.
    static func positive(_ versions: VersionSet) -> Term {
        Term(versions: versions, allowsAbsence: false)
    }

    /// `not (package ∈ versions)`, inside the package's `universe`.
    static func negative(_ versions: VersionSet, universe: VersionSet) -> Term {
        Term(versions: universe.subtracting(versions), allowsAbsence: true)
    }

    /// Anything at all: the state of a package nothing has been said about.
    static func any(universe: VersionSet) -> Term {
        Term(versions: universe, allowsAbsence: true)
    }

    var isPositive: Bool { !allowsAbsence }

    /// The constraint as a user writes it: the versions of a positive term, the excluded
    /// versions of a negative one.
    func constraint(universe: VersionSet) -> VersionSet {
        isPositive ? versions : universe.subtracting(versions)
    }

    /// Both terms hold.
    func intersecting(_ other: Term) -> Term {
        Term(versions: versions.intersection(other.versions),
             allowsAbsence: allowsAbsence && other.allowsAbsence)
    }

    /// The term is false.
    func inverse(universe: VersionSet) -> Term {
        Term(versions: universe.subtracting(versions), allowsAbsence: !allowsAbsence)
    }

    /// Whenever this term holds, `other` holds too.
    func satisfies(_ other: Term) -> Bool {
        versions.isSubset(of: other.versions) && (!allowsAbsence || other.allowsAbsence)
    }

    /// The two terms cannot hold at once.
    func isDisjoint(with other: Term) -> Bool {
        versions.isDisjoint(with: other.versions) && !(allowsAbsence && other.allowsAbsence)
    }

    /// The term cannot hold at all.
    var isEmpty: Bool { versions.isEmpty && !allowsAbsence }
}

/// A table keyed by small non-negative integers (the provider's indices of dependencies and
/// specs), held in an array. The search asks these tables at every step; as dictionaries,
/// each question hashed its key with SipHash, some 150 instructions, a twentieth of the
/// search's own work (issue 14).
struct DenseTable<Value> {
    private var slots: [Value?] = []

    subscript(key: Int) -> Value? {
        get { key < slots.count ? slots[key] : nil }
        set {
            if key >= slots.count {
                guard newValue != nil else { return }
                slots.append(contentsOf: repeatElement(nil, count: key - slots.count + 1))
            }
            slots[key] = newValue
        }
    }
}

extension Array where Element == Int {
    /// The elements in order, each only its first time (Ruby's `uniq`). The lists the search
    /// dedupes (a state's requirements, a vertex's) mostly hold a few dozen at most: compared
    /// one by one they cost a fraction of a set's hashing and allocations; longer ones go
    /// through a set.
    func uniqued() -> [Int] {
        if count <= 32 {
            var result: [Int] = []
            result.reserveCapacity(count)
            for element in self where !result.contains(element) { result.append(element) }
            return result
        }
        var seen = Set<Int>(minimumCapacity: count)
        return filter { seen.insert($0).inserted }
    }

    /// `uniqued()` of ids (non-negative), told apart by marks in `marks`, indexed by id, which
    /// the caller keeps from one call to the next: all false before, and after. A state's
    /// requirements, deduped at every activation, run to hundreds, and hashing each into a new
    /// set cost more than the rest of the step.
    func uniqued(marking marks: inout [Bool]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        for element in self {
            if element >= marks.count { marks.append(contentsOf: repeatElement(false, count: element - marks.count + 1)) }
            if !marks[element] {
                marks[element] = true
                result.append(element)
            }
        }
        for element in result { marks[element] = false }
        return result
    }
}

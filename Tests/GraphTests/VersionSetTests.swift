import Testing
@testable import Graph

@Suite struct VersionSetTests {
    @Test func operationsAcrossWords() {
        var a = VersionSet(emptyOf: 130)
        var b = VersionSet(emptyOf: 130)
        for index in [0, 63, 64, 100, 129] { a.insert(index) }
        for index in [63, 64, 128] { b.insert(index) }
        #expect(a.intersection(b).indices == [63, 64])
        #expect(a.union(b).indices == [0, 63, 64, 100, 128, 129])
        #expect(a.subtracting(b).indices == [0, 100, 129])
        #expect(a.first == 0 && a.last == 129)
        #expect(a.count == 5)
        #expect(!a.isSubset(of: b) && a.intersection(b).isSubset(of: b))
        #expect(a.subtracting(b).isDisjoint(with: b))
        #expect(VersionSet(fullOf: 130).count == 130)
        #expect(VersionSet(emptyOf: 130).isEmpty && VersionSet(emptyOf: 130).last == nil)
    }

    @Test func termsIncludeAbsence() {
        let universe = VersionSet(fullOf: 3)
        var one = VersionSet(emptyOf: 3)
        one.insert(1)
        let positive = Term.positive(one)
        let negative = Term.negative(one, universe: universe)
        #expect(positive.isDisjoint(with: negative))
        #expect(positive.inverse(universe: universe) == negative)
        #expect(Term.any(universe: universe).satisfies(negative) == false)
        #expect(negative.intersecting(.positive(universe)).versions.indices == [0, 2])
        #expect(Term.negative(VersionSet(emptyOf: 3), universe: universe) == .any(universe: universe))
    }
}

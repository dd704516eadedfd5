import Testing
import TestSupport
@testable import Graph

/// The activation graph's vertices found by a dependency's number agree with those found by
/// name, through every addition and every rewind of the search's log.
@Suite struct ActivationGraphTests {
    @Test func aVertexFoundByDependencyIsTheVertexOfItsName() throws {
        let graph = ActivationGraph()
        #expect(graph.vertex(dependency: 0, named: "A") == nil)
        let a = graph.addVertex("A", root: true)
        #expect(graph.vertex(dependency: 0, named: "A") === a)
        graph.tag(1)
        try graph.addChild("B", parent: "A", requirement: 1)
        let b = try #require(graph.vertex("B"))
        // Two dependencies on the same name find the same vertex.
        #expect(graph.vertex(dependency: 1, named: "B") === b)
        #expect(graph.vertex(dependency: 2, named: "B") === b)
        graph.tag(2)
        graph.addVertex("A", root: false)
        graph.rewind(to: 2)
        // A vertex that existed before the tag stays.
        #expect(graph.vertex(dependency: 0, named: "A") === a)
        graph.rewind(to: 1)
        // One added after it is gone, whichever dependency asks.
        #expect(graph.vertex("B") == nil)
        #expect(graph.vertex(dependency: 1, named: "B") == nil)
        #expect(graph.vertex(dependency: 2, named: "B") == nil)
        // Added again, the name has a new vertex, and the numbers find it.
        let again = graph.addVertex("B", root: false)
        #expect(again !== b)
        #expect(graph.vertex(dependency: 1, named: "B") === again)
        #expect(graph.vertex(dependency: 3, named: "B") === again)
        #expect(graph.vertex(dependency: 4, named: "C") == nil)
    }
}

/// Deduping ids with scratch marks keeps the first of each in order, as `uniqued()` does, and
/// leaves the marks cleared for the next call.
@Suite struct UniquedTests {
    @Test func marksGiveWhatASetGivesAndAreLeftClear() {
        var generator = SeededGenerator(seed: 7)
        var marks: [Bool] = []
        for length in [0, 1, 5, 33, 300] {
            for _ in 0..<20 {
                let ids = (0..<length).map { _ in Int(generator.next() % UInt64(max(1, length / 2))) }
                #expect(ids.uniqued(marking: &marks) == ids.uniqued())
                #expect(!marks.contains(true))
            }
        }
    }
}

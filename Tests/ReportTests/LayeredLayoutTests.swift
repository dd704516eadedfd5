@testable import Report
import Testing

/// A reproducible pseudo-random sequence (SplitMix64), so that the random graphs are the same
/// on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random graph of `count` boxes of varied widths: with `bands`, each box in one of them;
/// edges mostly from higher bands (or higher indices) to lower ones, plus a few going the
/// other way, so that cycles and upward edges occur.
func randomLayoutInput(seed: UInt64, count: Int, bands: Int) -> LayoutInput {
    var random = SeededGenerator(state: seed)
    let nodes = (0..<count).map { _ in
        LayoutInput.Node(
            width: Double(Int.random(in: 60...180, using: &random)), height: 38,
            band: bands == 0 ? nil : Int.random(in: 0..<bands, using: &random))
    }
    var edges = Set<LayoutInput.Edge>()
    for from in 0..<count {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let to = Int.random(in: 0..<count, using: &random)
            if to != from { edges.insert(LayoutInput.Edge(from: from, to: to)) }
        }
    }
    return LayoutInput(
        nodes: nodes, edges: edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) },
        bandNames: (0..<bands).map { "band\($0)" })
}

@Suite struct LayeredLayoutTests {
    @Test(arguments: [(1, 12, 0), (2, 25, 4), (3, 40, 3), (4, 60, 0), (5, 8, 2), (6, 1, 0), (7, 30, 1)])
    func noBoxesOverlapAndEveryEdgeIsDrawnFromBorderToBorder(seed: UInt64, count: Int, bands: Int) {
        let input = randomLayoutInput(seed: seed, count: count, bands: bands)
        let layout = LayeredLayout.layout(input)

        #expect(layout.boxes.count == input.nodes.count)
        for (index, box) in layout.boxes.enumerated() {
            #expect(box.width == input.nodes[index].width && box.height == input.nodes[index].height)
            #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= layout.width && box.y + box.height <= layout.height)
            for other in layout.boxes[(index + 1)...] {
                #expect(!box.overlaps(other), "boxes \(box) and \(other) overlap")
            }
        }

        #expect(layout.routes.count == input.edges.count)
        for (edge, route) in zip(input.edges, layout.routes) {
            let source = layout.boxes[edge.from], target = layout.boxes[edge.to]
            let downwards = target.row > source.row
            let (first, last) = (route.first!, route.last!)
            #expect(route.count == abs(target.row - source.row) + 1, "one point per row crossed")
            #expect(first.y == (downwards ? source.y + source.height : source.y))
            #expect(first.x > source.x && first.x < source.x + source.width)
            #expect(last.y == (downwards ? target.y : target.y + target.height))
            #expect(last.x > target.x && last.x < target.x + target.width)
            // The points between are in the rows between, outside every box.
            for point in route.dropFirst().dropLast() {
                #expect(downwards ? (point.y > first.y && point.y < last.y) : (point.y < first.y && point.y > last.y))
                #expect(!layout.boxes.contains { point.x > $0.x && point.x < $0.x + $0.width && point.y > $0.y && point.y < $0.y + $0.height })
            }
        }
    }

    @Test func bandsAreRowsWithTheLowestAtTheBottom() {
        // 0 "top" (band 1) depends on 1 and 2 (band 0); 1 depends on 2 within band 0; 3 has no band.
        let input = LayoutInput(
            nodes: (0..<4).map { LayoutInput.Node(width: 80, height: 38, band: [1, 0, 0, nil][$0]) },
            edges: [.init(from: 0, to: 1), .init(from: 0, to: 2), .init(from: 1, to: 2), .init(from: 3, to: 0)],
            bandNames: ["low", "high"])
        let layout = LayeredLayout.layout(input)
        let rows = layout.boxes.map(\.row)
        #expect(rows == [1, 2, 3, 0])
        #expect(layout.bands.map(\.name) == ["other", "high", "low"])
        for (band, members) in [(1, [0]), (2, [1, 2])] {
            for member in members {
                #expect(layout.boxes[member].y > layout.bands[band].top && layout.boxes[member].y + 38 < layout.bands[band].bottom)
            }
        }
        #expect(zip(layout.bands, layout.bands.dropFirst()).allSatisfy { $0.bottom <= $1.top })
    }

    @Test func withoutBandsDependenciesPointDownByLongestPath() {
        // A chain 0 → 1 → 2 and a shortcut 0 → 2: 2 sits two rows below 0.
        let input = LayoutInput(
            nodes: (0..<3).map { _ in LayoutInput.Node(width: 70, height: 30) },
            edges: [.init(from: 0, to: 1), .init(from: 1, to: 2), .init(from: 0, to: 2)])
        let layout = LayeredLayout.layout(input)
        #expect(layout.boxes.map(\.row) == [0, 1, 2])
        #expect(layout.bands.isEmpty)
        #expect(layout.routes[2].count == 3, "the shortcut passes a point in the middle row")
    }

    @Test func cyclesAreLaidOutAndDrawn() {
        let input = LayoutInput(
            nodes: (0..<3).map { _ in LayoutInput.Node(width: 70, height: 30) },
            edges: [.init(from: 0, to: 1), .init(from: 1, to: 2), .init(from: 2, to: 0), .init(from: 1, to: 1)])
        let layout = LayeredLayout.layout(input)
        #expect(Set(layout.boxes.map(\.row)) == [0, 1, 2])
        #expect(layout.routes.count == 4)
        // The self-loop goes out of the box's right side and back.
        let loop = layout.routes[3], box = layout.boxes[1]
        #expect(loop.count == 4 && loop.first!.x == box.x + box.width && loop.last!.x == box.x + box.width)
        #expect(loop[1].x > box.x + box.width)
    }

    @Test func barycentreOrderingRemovesAvoidableCrossings() {
        // A → D and B → C cross in input order; C → E and D → F keep the lower row in step.
        let input = LayoutInput(
            nodes: (0..<6).map { _ in LayoutInput.Node(width: 60, height: 30) },
            edges: [.init(from: 0, to: 3), .init(from: 1, to: 2), .init(from: 2, to: 4), .init(from: 3, to: 5)])
        let layout = LayeredLayout.layout(input)
        let x = layout.boxes.map(\.x)
        #expect((x[0] < x[1]) == (x[3] < x[2]))
        #expect((x[2] < x[3]) == (x[4] < x[5]))
    }

    @Test func isotonicRegressionPoolsViolators() {
        #expect(LayeredLayout.Work.isotonic([1, 2, 3]) == [1, 2, 3])
        #expect(LayeredLayout.Work.isotonic([3, 1, 2]) == [2, 2, 2])
        #expect(LayeredLayout.Work.isotonic([1, 5, 3, 7]) == [1, 4, 4, 7])
        #expect(LayeredLayout.Work.isotonic([]) == [])
    }

    @Test func acyclicDropsOnlyTheEdgesThatCloseCycles() {
        let kept = LayeredLayout.Work.acyclic([[1], [2], [0, 3], []])
        #expect(kept == [[1], [2], [3], []])
    }
}

/// What the layered layout draws: boxes of given sizes, each optionally in a band (a
/// configured layer), and directed edges between them.
public struct LayoutInput: Sendable {
    /// One box.
    public struct Node: Sendable {
        public var width: Double
        public var height: Double
        /// The index of its band in `bandNames` (lowest band first); nil: no band.
        public var band: Int?

        /// A box of `width` × `height` in `band`.
        public init(width: Double, height: Double, band: Int? = nil) {
            self.width = width
            self.height = height
            self.band = band
        }
    }

    /// One edge, by node index: `from` depends on `to`.
    public struct Edge: Hashable, Sendable {
        public var from: Int
        public var to: Int

        /// An edge from `from` to `to`.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    public var nodes: [Node]
    public var edges: [Edge]
    /// The bands, lowest first. Empty: rows come from longest-path layering alone.
    public var bandNames: [String]

    /// A layout problem.
    public init(nodes: [Node], edges: [Edge], bandNames: [String] = []) {
        self.nodes = nodes
        self.edges = edges
        self.bandNames = bandNames
    }
}

/// Where the layered layout put everything, in SVG user units (y grows downwards).
public struct GraphLayout: Sendable, Equatable {
    /// A point.
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
    }

    /// A placed box; `x`, `y` are its top-left corner.
    public struct Box: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// The row it is in, from the top.
        public var row: Int

        /// Whether the two boxes share any area.
        public func overlaps(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// A band's horizontal stripe.
    public struct Band: Sendable, Equatable {
        public var name: String
        public var top: Double
        public var bottom: Double
    }

    public var width: Double
    public var height: Double
    /// One box per input node, in input order.
    public var boxes: [Box]
    /// One route per input edge, in input order: from the border of the source box, through
    /// the rows between, to the border of the target box, where the arrowhead goes.
    public var routes: [[Point]]
    /// The bands that have boxes, top first.
    public var bands: [Band]
}

/// A layered (Sugiyama-style) layout, small enough to read in one sitting:
///
/// 1. rows: with bands, each band is a group of rows, the lowest band at the bottom, and the
///    pods of a band are layered by longest path over the edges inside the band; without
///    bands, all pods are layered by longest path. Edges that close a cycle (found by a
///    depth-first search) are left out of the layering;
/// 2. edges spanning several rows get a dummy point in every row between;
/// 3. crossings are reduced by barycentre ordering, sweeping down and up, keeping the best;
/// 4. x positions: each box moves towards the mean of its neighbours, keeping its order and
///    spacing (an isotonic regression, by pool-adjacent-violators);
/// 5. edges leave and enter boxes at ports spread along the side that faces them.
public enum LayeredLayout {
    /// Spacing, in user units.
    public struct Options: Sendable {
        public var horizontalGap: Double = 28
        public var dummyGap: Double = 14
        public var rowGap: Double = 58
        public var bandGap: Double = 24
        /// Room on the left for band names.
        public var leftMargin: Double = 20
        public var margin: Double = 20
        /// Barycentre sweeps (each one down and one up).
        public var orderingSweeps: Int = 12
        /// Positioning rounds.
        public var positioningRounds: Int = 8

        /// The default spacing.
        public init() {}
    }

    /// The layout of `input`.
    public static func layout(_ input: LayoutInput, options: Options = Options()) -> GraphLayout {
        var work = Work(input: input, options: options)
        work.assignRows()
        work.insertDummies()
        work.orderRows()
        work.placeHorizontally()
        return work.result()
    }

    /// The state of one layout run.
    struct Work {
        let input: LayoutInput
        let options: Options
        /// Row of each input node, from the top.
        var rowOf: [Int] = []
        var rowCount = 0
        /// Band (group) of each row, and the first and last row of each group, top first.
        var groupRows: [(name: String?, first: Int, last: Int)] = []
        /// Layered nodes: input nodes first, then dummies.
        var widths: [Double] = []
        var layeredRow: [Int] = []
        /// The layered chain of each input edge (input nodes and dummies), source first.
        var chains: [[Int]] = []
        var rows: [[Int]] = []
        var up: [[Int]] = []
        var down: [[Int]] = []
        var x: [Double] = []

        init(input: LayoutInput, options: Options) {
            self.input = input
            self.options = options
        }

        func isDummy(_ node: Int) -> Bool {
            node >= input.nodes.count
        }

        // MARK: 1. Rows

        mutating func assignRows() {
            let count = input.nodes.count
            let bandCount = input.bandNames.count
            // Group of each node: its band, or one group above every band for nodes without one.
            let hasUnbanded = input.nodes.contains { $0.band == nil || $0.band! >= bandCount }
            func group(_ node: Int) -> Int {
                guard let band = input.nodes[node].band, band < bandCount else { return bandCount }
                return band
            }
            var inside: [[Int]] = Array(repeating: [], count: count)
            for edge in input.edges where edge.from != edge.to && group(edge.from) == group(edge.to) {
                inside[edge.from].append(edge.to)
            }
            let kept = Self.acyclic(inside)
            // Longest path to a sink inside the group: sinks at the group's bottom row.
            var height = Array(repeating: -1, count: count)
            func measure(_ start: Int) {
                var stack: [(node: Int, next: Int)] = [(start, 0)]
                while let (node, next) = stack.last {
                    if next < kept[node].count {
                        stack[stack.count - 1].next += 1
                        let child = kept[node][next]
                        if height[child] < 0 { stack.append((child, 0)) }
                    } else {
                        stack.removeLast()
                        height[node] = (kept[node].map { height[$0] }.max() ?? -1) + 1
                    }
                }
            }
            for node in 0..<count where height[node] < 0 { measure(node) }

            let groups = (0..<(bandCount + 1)).filter { index in
                index < bandCount ? (0..<count).contains { group($0) == index } : hasUnbanded
            }
            var rowOf = Array(repeating: 0, count: count)
            var next = 0
            groupRows = []
            // The highest group on top.
            for index in groups.reversed() {
                let members = (0..<count).filter { group($0) == index }
                let tallest = members.map { height[$0] }.max() ?? 0
                for member in members { rowOf[member] = next + tallest - height[member] }
                let name = index < bandCount ? input.bandNames[index] : (bandCount == 0 ? nil : "other")
                groupRows.append((name, next, next + tallest))
                next += tallest + 1
            }
            self.rowOf = rowOf
            rowCount = next
        }

        /// `successors` without the edges that close a cycle: a depth-first search in node
        /// order drops every edge to a node still on its stack.
        static func acyclic(_ successors: [[Int]]) -> [[Int]] {
            var state = Array(repeating: 0, count: successors.count) // 0 new, 1 on stack, 2 done
            var kept: [[Int]] = Array(repeating: [], count: successors.count)
            for start in successors.indices where state[start] == 0 {
                var stack: [(node: Int, next: Int)] = [(start, 0)]
                state[start] = 1
                while let (node, next) = stack.last {
                    if next < successors[node].count {
                        stack[stack.count - 1].next += 1
                        let child = successors[node][next]
                        switch state[child] {
                        case 0:
                            kept[node].append(child)
                            state[child] = 1
                            stack.append((child, 0))
                        case 2:
                            kept[node].append(child)
                        default:
                            break
                        }
                    } else {
                        state[node] = 2
                        stack.removeLast()
                    }
                }
            }
            return kept
        }

        // MARK: 2. Dummies

        mutating func insertDummies() {
            widths = input.nodes.map(\.width)
            layeredRow = rowOf
            chains = []
            for edge in input.edges {
                var chain = [edge.from]
                if edge.from != edge.to {
                    let (start, end) = (rowOf[edge.from], rowOf[edge.to])
                    let step = end > start ? 1 : -1
                    var row = start + step
                    while row != end {
                        widths.append(0)
                        layeredRow.append(row)
                        chain.append(widths.count - 1)
                        row += step
                    }
                }
                chain.append(edge.to)
                chains.append(chain)
            }
            up = Array(repeating: [], count: widths.count)
            down = Array(repeating: [], count: widths.count)
            for chain in chains {
                for (a, b) in zip(chain, chain.dropFirst()) where a != b {
                    let (top, bottom) = layeredRow[a] < layeredRow[b] ? (a, b) : (b, a)
                    down[top].append(bottom)
                    up[bottom].append(top)
                }
            }
            rows = Array(repeating: [], count: rowCount)
            for node in widths.indices { rows[layeredRow[node]].append(node) }
        }

        // MARK: 3. Order

        mutating func orderRows() {
            var position = Array(repeating: 0, count: widths.count)
            func index() {
                for row in rows { for (slot, node) in row.enumerated() { position[node] = slot } }
            }
            index()
            var best = rows
            var bestCrossings = crossings(position)
            guard bestCrossings > 0 else { return }
            for _ in 0..<options.orderingSweeps {
                for row in rows.indices.dropFirst() {
                    rows[row] = Self.sortByBarycentre(rows[row], neighbours: up, position: position)
                    for (slot, node) in rows[row].enumerated() { position[node] = slot }
                }
                for row in rows.indices.reversed().dropFirst() {
                    rows[row] = Self.sortByBarycentre(rows[row], neighbours: down, position: position)
                    for (slot, node) in rows[row].enumerated() { position[node] = slot }
                }
                let now = crossings(position)
                if now < bestCrossings {
                    bestCrossings = now
                    best = rows
                    if now == 0 { break }
                }
            }
            rows = best
        }

        /// The row sorted by the mean position of each node's neighbours; a node without
        /// neighbours keeps its place.
        static func sortByBarycentre(_ row: [Int], neighbours: [[Int]], position: [Int]) -> [Int] {
            let keyed = row.enumerated().map { slot, node -> (key: Double, slot: Int, node: Int) in
                let around = neighbours[node]
                let key = around.isEmpty ? Double(slot) : Double(around.reduce(0) { $0 + position[$1] }) / Double(around.count)
                return (key, slot, node)
            }
            return keyed.sorted { $0.key != $1.key ? $0.key < $1.key : $0.slot < $1.slot }.map(\.node)
        }

        /// Crossings between consecutive rows.
        func crossings(_ position: [Int]) -> Int {
            var total = 0
            for row in rows.indices.dropLast() {
                var segments: [(Int, Int)] = []
                for node in rows[row] { for below in down[node] { segments.append((position[node], position[below])) } }
                for i in segments.indices {
                    for j in segments.indices where j > i {
                        let (a, b) = (segments[i], segments[j])
                        if (a.0 - b.0) * (a.1 - b.1) < 0 { total += 1 }
                    }
                }
            }
            return total
        }

        // MARK: 4. Positions

        mutating func placeHorizontally() {
            x = Array(repeating: 0, count: widths.count)
            for row in rows {
                var cursor = 0.0
                for (slot, node) in row.enumerated() {
                    if slot > 0 { cursor += separation(row[slot - 1], node) }
                    x[node] = cursor
                }
            }
            for round in 0..<options.positioningRounds {
                let order = round.isMultiple(of: 2) ? Array(rows.indices) : Array(rows.indices.reversed())
                for row in order { place(row) }
            }
        }

        func separation(_ a: Int, _ b: Int) -> Double {
            let gap = isDummy(a) || isDummy(b) ? options.dummyGap : options.horizontalGap
            return (widths[a] + widths[b]) / 2 + gap
        }

        /// Moves the row's nodes as close to their neighbours' mean as order and spacing allow.
        mutating func place(_ row: Int) {
            let nodes = rows[row]
            guard !nodes.isEmpty else { return }
            var offsets = [0.0]
            for slot in nodes.indices.dropFirst() { offsets.append(offsets[slot - 1] + separation(nodes[slot - 1], nodes[slot])) }
            let targets = nodes.enumerated().map { slot, node -> Double in
                let around = up[node] + down[node]
                let wanted = around.isEmpty ? x[node] : around.reduce(0) { $0 + x[$1] } / Double(around.count)
                return wanted - offsets[slot]
            }
            let fitted = Self.isotonic(targets)
            for (slot, node) in nodes.enumerated() { x[node] = fitted[slot] + offsets[slot] }
        }

        /// The non-decreasing sequence closest to `values` (least squares), by pooling
        /// adjacent violators.
        static func isotonic(_ values: [Double]) -> [Double] {
            var blocks: [(sum: Double, count: Int)] = []
            for value in values {
                blocks.append((value, 1))
                while blocks.count > 1 {
                    let last = blocks[blocks.count - 1], previous = blocks[blocks.count - 2]
                    guard previous.sum / Double(previous.count) > last.sum / Double(last.count) else { break }
                    blocks.removeLast(2)
                    blocks.append((previous.sum + last.sum, previous.count + last.count))
                }
            }
            return blocks.flatMap { Array(repeating: $0.sum / Double($0.count), count: $0.count) }
        }

        // MARK: 5. Result

        func result() -> GraphLayout {
            let rowHeight = input.nodes.map(\.height).max() ?? 0
            let (rowTop, height) = rowTops(rowHeight: rowHeight)
            let minimum = widths.indices.map { x[$0] - widths[$0] / 2 }.min() ?? 0
            let shift = options.leftMargin - minimum
            let centre = widths.indices.map { x[$0] + shift }
            let width = (widths.indices.map { centre[$0] + widths[$0] / 2 }.max() ?? 0) + options.margin
            var boxes: [GraphLayout.Box] = []
            for node in 0..<input.nodes.count {
                let row = rowOf[node]
                let h = input.nodes[node].height
                boxes.append(GraphLayout.Box(
                    x: centre[node] - widths[node] / 2, y: rowTop[row] + (rowHeight - h) / 2,
                    width: widths[node], height: h, row: row))
            }
            let middle = (0..<rowCount).map { rowTop[$0] + rowHeight / 2 }
            let routes = self.routes(boxes: boxes, centre: centre, middle: middle)
            let bands = groupRows.compactMap { group -> GraphLayout.Band? in
                guard let name = group.name else { return nil }
                return GraphLayout.Band(
                    name: name, top: rowTop[group.first] - options.bandGap,
                    bottom: rowTop[group.last] + rowHeight + options.bandGap)
            }
            return GraphLayout(width: width, height: height, boxes: boxes, routes: routes, bands: bands)
        }

        /// Each row's top, with extra room where one band ends and the next begins, and the
        /// drawing's height.
        private func rowTops(rowHeight: Double) -> (rowTop: [Double], height: Double) {
            var rowTop = Array(repeating: 0.0, count: rowCount)
            var cursor = options.margin + (groupRows.first?.name == nil ? 0 : options.bandGap)
            for (index, group) in groupRows.enumerated() {
                if index > 0 { cursor += options.bandGap * 2 }
                for row in group.first...group.last {
                    rowTop[row] = cursor
                    cursor += rowHeight + (row == group.last ? 0 : options.rowGap)
                }
            }
            return (rowTop, cursor + options.margin + (groupRows.first?.name == nil ? 0 : options.bandGap))
        }

        /// Ports: where each edge's segments leave or enter a box's top or bottom, spread
        /// along it in the order of the x of their other end; nil for a chain's inner points.
        private func ports(boxes: [GraphLayout.Box], centre: [Double]) -> [[GraphLayout.Point?]] {
            var attached: [Int: [(segment: Int, end: Int, otherX: Double)]] = [:] // key: node * 2 + (bottom ? 1 : 0)
            var segmentEnds: [[GraphLayout.Point?]] = chains.map { Array(repeating: nil, count: $0.count) }
            for (edge, chain) in chains.enumerated() where chain.count > 1 && chain[0] != chain[1] {
                for end in [0, chain.count - 1] {
                    let node = chain[end]
                    let neighbour = end == 0 ? chain[1] : chain[chain.count - 2]
                    let bottom = layeredRow[neighbour] > layeredRow[node]
                    attached[node * 2 + (bottom ? 1 : 0), default: []].append((edge, end, centre[neighbour]))
                }
            }
            for (key, list) in attached {
                let node = key / 2, bottom = key % 2 == 1
                let box = boxes[node]
                let sorted = list.sorted { $0.otherX != $1.otherX ? $0.otherX < $1.otherX : $0.segment < $1.segment }
                let usable = box.width * 0.8
                for (slot, entry) in sorted.enumerated() {
                    let px = box.x + box.width * 0.1 + usable * Double(slot + 1) / Double(sorted.count + 1)
                    segmentEnds[entry.segment][entry.end] = GraphLayout.Point(x: px, y: bottom ? box.y + box.height : box.y)
                }
            }
            return segmentEnds
        }

        /// Each edge's route: from port to port through the middle of the rows it crosses;
        /// a pod depending on itself gets a loop on its box's right side.
        private func routes(boxes: [GraphLayout.Box], centre: [Double], middle: [Double]) -> [[GraphLayout.Point]] {
            let segmentEnds = ports(boxes: boxes, centre: centre)
            var routes: [[GraphLayout.Point]] = []
            for (edge, chain) in chains.enumerated() {
                if chain.count == 2 && chain[0] == chain[1] {
                    let box = boxes[chain[0]]
                    let right = box.x + box.width
                    routes.append([
                        GraphLayout.Point(x: right, y: box.y + box.height * 0.3),
                        GraphLayout.Point(x: right + 18, y: box.y + box.height * 0.3),
                        GraphLayout.Point(x: right + 18, y: box.y + box.height * 0.7),
                        GraphLayout.Point(x: right, y: box.y + box.height * 0.7),
                    ])
                    continue
                }
                var points: [GraphLayout.Point] = []
                for (position, node) in chain.enumerated() {
                    if let end = segmentEnds[edge][position] {
                        points.append(end)
                    } else {
                        points.append(GraphLayout.Point(x: centre[node], y: middle[layeredRow[node]]))
                    }
                }
                routes.append(points)
            }
            return routes
        }
    }
}

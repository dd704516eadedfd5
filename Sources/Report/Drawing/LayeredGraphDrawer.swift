/// The drawing compctl lays out itself when Graphviz is not installed: configured layers as
/// horizontal bands (longest-path layering without them), boxes with name and version,
/// edges as curves with arrowheads.
public struct LayeredGraphDrawer: GraphDrawer {
    /// Per-character width of the 12 px monospace labels, for sizing boxes.
    static let characterWidth = 7.4
    static let boxHeight = 38.0

    /// The built-in drawer.
    public init() {}

    public func svg(for graph: ReportGraph) -> String {
        let (input, drawn) = Self.layoutInput(for: graph)
        var options = LayeredLayout.Options()
        if !input.bandNames.isEmpty {
            // Room for the band names; "other" names the band of pods in no layer.
            let longest = (input.bandNames + ["other"]).map(\.count).max()!
            options.leftMargin = Double(longest) * Self.characterWidth + 28
        }
        let layout = LayeredLayout.layout(input, options: options)
        return render(layout, graph: graph, edges: drawn)
    }

    /// The layout problem of `graph`: one box per pod sized to its label, in its layer's band,
    /// and one edge per dependency between two pods of the graph.
    static func layoutInput(for graph: ReportGraph) -> (LayoutInput, [ReportGraph.Edge]) {
        let names = graph.nodes.map(\.name)
        let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let nodes = graph.nodes.map { node in
            let characters = max(node.name.count, node.version?.description.count ?? 0)
            return LayoutInput.Node(
                width: max(64, Double(characters) * characterWidth + 22), height: boxHeight,
                band: node.layer.flatMap { graph.layers.firstIndex(of: $0) })
        }
        var edges: [LayoutInput.Edge] = []
        var drawn: [ReportGraph.Edge] = []
        for edge in graph.edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            edges.append(LayoutInput.Edge(from: from, to: to))
            drawn.append(edge)
        }
        return (LayoutInput(nodes: nodes, edges: edges, bandNames: graph.layers), drawn)
    }

    private func render(_ layout: GraphLayout, graph: ReportGraph, edges: [ReportGraph.Edge]) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph-drawing\" data-layout=\"compctl\" "
            + "viewBox=\"0 0 \(n(layout.width)) \(n(layout.height))\" width=\"\(n(layout.width))\" height=\"\(n(layout.height))\" "
            + "role=\"img\" aria-label=\"Dependency graph of the newest releases\" "
            + "font-family=\"ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace\" font-size=\"12\">\n"
        svg += "<defs>\n"
        for (kind, stroke) in [("normal", GraphStyle.normal)] + GraphStyle.highlights {
            svg += "<marker id=\"cc-arrow-\(kind)\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" "
                + "markerWidth=\"\(kind == "normal" ? 9 : 12)\" markerHeight=\"\(kind == "normal" ? 9 : 12)\" orient=\"auto\">"
                + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(stroke.colour)\"/></marker>\n"
        }
        svg += "</defs>\n"

        svg += "<g class=\"bands\">\n"
        for (position, band) in layout.bands.enumerated() {
            let fill = position.isMultiple(of: 2) ? "#f6f8fa" : "#eef1f5"
            svg += "<rect x=\"0\" y=\"\(n(band.top))\" width=\"\(n(layout.width))\" height=\"\(n(band.bottom - band.top))\" fill=\"\(fill)\"/>"
            svg += "<text x=\"10\" y=\"\(n((band.top + band.bottom) / 2 + 4))\" fill=\"#57606a\" font-weight=\"bold\">\(HTMLText.escape(band.name))</text>\n"
        }
        svg += "</g>\n"

        // Plain edges first, highlighted ones on top of them.
        var plain = "", highlighted = ""
        let index = Dictionary(graph.nodes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (position, edge) in edges.enumerated() {
            let stroke = GraphStyle.stroke(for: edge.highlight)
            let kind = edge.highlight ?? "normal"
            var element = "<path id=\"\(GraphStyle.edgeID(index[edge.from]!, index[edge.to]!))\" class=\"edge edge-\(kind)\" "
                + "d=\"\(pathData(layout.routes[position]))\" fill=\"none\" stroke=\"\(stroke.colour)\" stroke-width=\"\(n(stroke.width))\""
            if !stroke.dash.isEmpty { element += " stroke-dasharray=\"\(stroke.dash)\"" }
            element += " marker-end=\"url(#cc-arrow-\(kind))\"><title>\(HTMLText.escape("\(edge.from) → \(edge.label)"))"
            if let kind = edge.highlight { element += HTMLText.escape(" [\(kind)]") }
            element += "</title></path>\n"
            if edge.highlight == nil { plain += element } else { highlighted += element }
        }
        svg += "<g class=\"edges\">\n" + plain + highlighted + "</g>\n"

        svg += "<g class=\"nodes\">\n"
        for (position, node) in graph.nodes.enumerated() {
            let box = layout.boxes[position]
            let border = node.hasProblem ? GraphStyle.problemBorder : GraphStyle.border
            let centre = box.x + box.width / 2
            svg += "<g id=\"\(GraphStyle.nodeID(position))\" class=\"node\(node.hasProblem ? " node-problem" : "")\">"
            svg += "<title>\(HTMLText.escape(node.name + (node.version.map { " " + $0.description } ?? "")))</title>"
            svg += "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" rx=\"5\" "
                + "fill=\"\(node.hasProblem ? "#fff5f5" : "#ffffff")\" stroke=\"\(border)\" stroke-width=\"\(node.hasProblem ? "1.8" : "1")\"/>"
            if let version = node.version {
                svg += "<text x=\"\(n(centre))\" y=\"\(n(box.y + 16))\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#1f2328\">\(HTMLText.escape(node.name))</text>"
                svg += "<text x=\"\(n(centre))\" y=\"\(n(box.y + 31))\" text-anchor=\"middle\" fill=\"#57606a\">\(HTMLText.escape(version.description))</text>"
            } else {
                svg += "<text x=\"\(n(centre))\" y=\"\(n(box.y + 23))\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#1f2328\">\(HTMLText.escape(node.name))</text>"
            }
            svg += "</g>\n"
        }
        svg += "</g>\n</svg>"
        return svg
    }

    /// Vertical S-curves through the route's points; a straight polyline for a self-loop.
    private func pathData(_ points: [GraphLayout.Point]) -> String {
        guard let first = points.first else { return "" }
        var d = "M\(n(first.x)),\(n(first.y))"
        let isLoop = points.count == 4 && points[0].x == points[3].x && points[1].x > points[0].x
        for (a, b) in zip(points, points.dropFirst()) {
            if isLoop {
                d += " L\(n(b.x)),\(n(b.y))"
            } else {
                let middle = (a.y + b.y) / 2
                d += " C\(n(a.x)),\(n(middle)) \(n(b.x)),\(n(middle)) \(n(b.x)),\(n(b.y))"
            }
        }
        return d
    }

    /// A coordinate with at most one decimal.
    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

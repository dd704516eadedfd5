/// The drawing of the report's graph for the HTML page: Graphviz's when it is installed and
/// works, compctl's own otherwise, none for a graph too large to read.
public struct ReportGraphDrawing {
    /// The `<svg>` element, or nil when the graph was not drawn.
    public var svg: String?
    /// Said under the graph: who drew it, or why it is missing.
    public var note: String
    /// Why Graphviz was passed over, for stderr.
    public var warning: String?

    /// Beyond this many pods a drawing is no longer readable, and laying it out takes long.
    public static let maximumPods = 400

    /// Draws `graph` with `graphviz` when given, else (or when it fails) with the layered
    /// drawing.
    public static func draw(_ graph: ReportGraph, graphviz: GraphvizGraphDrawer?) -> ReportGraphDrawing {
        guard !graph.nodes.isEmpty else {
            return ReportGraphDrawing(svg: nil, note: "The spec repos hold no pods, so there is no graph to draw.")
        }
        guard graph.nodes.count <= maximumPods else {
            return ReportGraphDrawing(
                svg: nil,
                note: "The graph has \(graph.nodes.count) pods, too many to draw readably (at most \(maximumPods)); "
                    + "use compctl graph --format dot to draw parts of it.")
        }
        var warning: String?
        if let graphviz {
            do {
                return ReportGraphDrawing(svg: readable(try graphviz.svg(for: graph)), note: "Drawn by Graphviz (\(graphviz.executable)); "
                    + "each row is a layer of compctl.yml, named at its left, the highest at the top. "
                    + "Point at a pod to see only its edges; hover an edge for its requirement.")
            } catch {
                warning = String(describing: error)
            }
        }
        return ReportGraphDrawing(
            svg: readable(LayeredGraphDrawer().svg(for: graph)),
            note: "Drawn by compctl" + (graphviz == nil ? " (Graphviz is not installed)" : " (Graphviz failed)")
                + ": layers from the bottom up, dependencies point down. "
                + "Point at a pod to see only its edges; hover an edge for its requirement.",
            warning: warning)
    }

    /// The smallest text a drawing may shrink to when it is fitted to the page, in CSS pixels.
    public static let smallestText = 11.0

    /// `svg` with a `min-width` on its root element, so that fitting it to a narrow page never
    /// draws its smallest text below `smallestText` pixels; a wider drawing scrolls in its box.
    static func readable(_ svg: String) -> String {
        guard let open = svg.range(of: "<svg"), let close = svg.range(of: ">", range: open.upperBound..<svg.endIndex) else { return svg }
        let root = svg[open.lowerBound..<close.lowerBound]
        guard let width = attribute("viewBox", in: root)?.split(separator: " ").dropFirst(2).first.flatMap({ Double($0) }),
              width > 0 else { return svg }
        var smallest = Double.infinity
        var rest = svg[...]
        while let found = rest.range(of: "font-size=\"") {
            let value = rest[found.upperBound...].prefix { $0 != "\"" }
            if let size = Double(value.filter { $0.isNumber || $0 == "." }), size > 0 { smallest = min(smallest, size) }
            rest = rest[found.upperBound...]
        }
        guard smallest.isFinite else { return svg }
        let minimum = Int((width * smallestText / smallest).rounded(.up)) + 1
        var result = svg
        result.insert(contentsOf: " style=\"min-width: \(minimum)px\"", at: open.upperBound)
        return result
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[start.upperBound...].prefix { $0 != "\"" })
    }
}

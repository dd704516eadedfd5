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
                return ReportGraphDrawing(svg: try graphviz.svg(for: graph), note: "Drawn by Graphviz (\(graphviz.executable)); "
                    + "each row is a layer of compctl.yml, the highest at the top. Point at a pod to see only its edges; hover an edge for its requirement.")
            } catch {
                warning = String(describing: error)
            }
        }
        return ReportGraphDrawing(
            svg: LayeredGraphDrawer().svg(for: graph),
            note: "Drawn by compctl" + (graphviz == nil ? " (Graphviz is not installed)" : " (Graphviz failed)")
                + ": layers from the bottom up, dependencies point down. "
                + "Point at a pod to see only its edges; hover an edge for its requirement.",
            warning: warning)
    }
}

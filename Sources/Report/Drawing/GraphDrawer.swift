/// Draws the report's dependency graph as one inline `<svg>` element.
public protocol GraphDrawer {
    /// The graph as an `<svg>` element (no XML prolog), with problem edges highlighted.
    func svg(for graph: ReportGraph) throws -> String
}

/// The look shared by both drawings and the HTML legend.
public enum GraphStyle {
    /// How an edge of each highlight kind is stroked.
    public struct Stroke: Sendable {
        public var colour: String
        public var width: Double
        /// An SVG `stroke-dasharray`, empty for a solid line.
        public var dash: String
        /// The legend's words.
        public var meaning: String
    }

    /// A plain dependency.
    public static let normal = Stroke(colour: "#8c959f", width: 1.2, dash: "", meaning: "dependency")

    /// The highlighted kinds, in the legend's order.
    public static let highlights: [(kind: String, stroke: Stroke)] = [
        ("cycle", Stroke(colour: "#cf222e", width: 2.6, dash: "", meaning: "edge of a dependency cycle")),
        ("layer", Stroke(colour: "#e16f24", width: 2.6, dash: "8 4", meaning: "layer breach")),
        ("rc-leak", Stroke(colour: "#bf3989", width: 2.6, dash: "2 4", meaning: "rc leak (an rc reaches a consumer that asked for a release range)")),
    ]

    /// The stroke for an edge highlighted as `kind` (nil: plain).
    public static func stroke(for kind: String?) -> Stroke {
        guard let kind else { return normal }
        return highlights.first { $0.kind == kind }?.stroke ?? normal
    }

    /// The border of a pod that a problem names.
    public static let problemBorder = "#cf222e"
    /// The border of every other pod.
    public static let border = "#57606a"

    /// The element id of the pod at `index` of the graph's nodes, in both drawings; the
    /// page's script finds a pod's edges by these ids.
    public static func nodeID(_ index: Int) -> String { "cc-pod-\(index)" }

    /// The element id of the label of the layer at `index` of the graph's layers.
    public static func layerID(_ index: Int) -> String { "cc-layer-\(index)" }

    /// The element id of the edge between the pods at `from` and `to`.
    public static func edgeID(_ from: Int, _ to: Int) -> String { "cc-dep-\(from)-\(to)" }
}

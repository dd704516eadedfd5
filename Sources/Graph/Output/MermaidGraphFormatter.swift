/// A Mermaid flowchart, for Markdown that renders it (GitHub, GitLab):
///
/// ```
/// graph LR
///   n1["XXCart 1.2.1"]
///   n1 -->|"~> 2.0"| n2
/// ```
public struct MermaidGraphFormatter: GraphFormatter {
    /// The Mermaid formatter.
    public init() {}

    /// The graph as a `graph LR` flowchart.
    public func format(_ report: GraphReport) throws -> String {
        let graph = report.graph
        let highlighted = highlightedEdges(report)
        var ids: [String: String] = [:]
        var lines = ["graph LR"]
        for (index, declarer) in graph.declarers.enumerated() {
            ids[declarer] = "r\(index + 1)"
            lines.append("  r\(index + 1)([\(quote(declarer))])")
        }
        for (index, node) in graph.nodes.enumerated() {
            let id = "n\(index + 1)"
            ids[node.name] = id
            let label = node.version.map { "\(node.name) \($0)" } ?? node.name
            lines.append(node.kind == .unmanaged ? "  \(id)[/\(quote(label))/]" : "  \(id)[\(quote(label))]")
        }
        var linkStyles: [String] = []
        var linkIndex = 0
        for edge in graph.edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            let requirements = edge.requirements.map(DependencyGraph.Edge.display).joined(separator: ", ")
            let label = edge.dependency != edge.to ? edge.dependency + (requirements.isEmpty ? "" : " \(requirements)") : requirements
            lines.append(label.isEmpty ? "  \(from) --> \(to)" : "  \(from) -->|\(quote(label))| \(to)")
            switch highlighted[GraphProblem.Link(from: edge.from, to: edge.to)] {
            case .cycle?: linkStyles.append("  linkStyle \(linkIndex) stroke:red")
            case .layer?: linkStyles.append("  linkStyle \(linkIndex) stroke:orange")
            default: break
            }
            linkIndex += 1
        }
        return (lines + linkStyles).joined(separator: "\n") + "\n"
    }

    /// A Mermaid label in quotes; a quote inside becomes `#quot;`.
    private func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
    }
}

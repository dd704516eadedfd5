/// Graphviz DOT (`compctl graph --format dot | dot -Tsvg`): pods as boxes labelled with
/// their version, Podfile targets as ellipses, unmanaged pods dashed, edges labelled with
/// their requirements; edges in a cycle are red and layer breaches orange after `--check`.
public struct DotGraphFormatter: GraphFormatter {
    /// The DOT formatter.
    public init() {}

    /// The graph as a `digraph`.
    public func format(_ report: GraphReport) throws -> String {
        let graph = report.graph
        let highlighted = highlightedEdges(report)
        var lines = ["digraph dependencies {", "  rankdir=LR;", "  node [shape=box];"]
        for declarer in graph.declarers {
            lines.append("  \(Self.quote(declarer)) [shape=ellipse];")
        }
        for node in graph.nodes {
            var attributes = ["label=\(Self.quote(node.version.map { "\(node.name)\n\($0)" } ?? node.name))"]
            if node.kind == .unmanaged { attributes.append("style=dashed") }
            if node.kind == .external { attributes.append("style=rounded") }
            lines.append("  \(Self.quote(node.name)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in graph.edges {
            var attributes: [String] = []
            let label = edge.requirements.map(DependencyGraph.Edge.display).joined(separator: ", ")
            if !label.isEmpty || edge.dependency != edge.to {
                let subspec = edge.dependency != edge.to ? edge.dependency + (label.isEmpty ? "" : " ") : ""
                attributes.append("label=\(Self.quote(subspec + label))")
            }
            switch highlighted[GraphProblem.Link(from: edge.from, to: edge.to)] {
            case .cycle?: attributes.append("color=red")
            case .layer?: attributes.append("color=orange")
            default: break
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(Self.quote(edge.from)) -> \(Self.quote(edge.to))\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT string: quotes and backslashes escaped, line breaks as `\n`. Every DOT writer
    /// (this formatter, the report's Graphviz drawing) quotes through it.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

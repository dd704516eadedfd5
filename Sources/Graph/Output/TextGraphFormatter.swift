/// Plain text for people: each pod with its dependencies, then what was asked.
///
/// ```
/// target 'AcmeApp'
///   → XXCart (= 1.2.1)
/// XXCart (1.2.1)
///   → XXPay (~> 2.0)
/// ```
public struct TextGraphFormatter: GraphFormatter {
    /// The text formatter.
    public init() {}

    /// The report as lines of text.
    public func format(_ report: GraphReport) throws -> String {
        var lines: [String] = []
        if report.includesGraph {
            let graph = report.graph
            // Each node's edges in one pass: scanning every edge per node is quadratic, seconds
            // for a 10,000-pod repo.
            var rootEdges: [String: [DependencyGraph.Edge]] = [:]
            var podEdges: [String: [DependencyGraph.Edge]] = [:]
            for edge in graph.edges {
                if edge.isRoot { rootEdges[edge.from, default: []].append(edge) } else { podEdges[edge.from, default: []].append(edge) }
            }
            for declarer in graph.declarers {
                lines.append(declarer)
                for edge in rootEdges[declarer] ?? [] {
                    lines.append("  → \(edge.requirementLabel)")
                }
            }
            for node in graph.nodes {
                var line = node.label
                switch node.kind {
                case .managed: if let channel = node.channel { line += " [\(channel)]" }
                case .unmanaged: line += " [unmanaged]"
                case .external: line += " [\(node.source ?? "external")]"
                }
                lines.append(line)
                for edge in podEdges[node.name] ?? [] {
                    lines.append("  → \(edge.requirementLabel)" + (edge.via.map { " [\($0)]" } ?? ""))
                }
            }
        }
        if let problems = report.problems {
            if problems.isEmpty {
                lines.append("No problems found.")
            } else {
                lines.append("\(problems.count) problem\(problems.count == 1 ? "" : "s"):")
                lines += problems.map { "  \($0)" }
            }
        }
        if let affected = report.affected {
            // Only the waves, which a CI loop reads; a leaf's note is the command's, on stderr.
            lines += affected.numbered.map { "wave \($0.wave): \($0.pods.joined(separator: " "))" }
        }
        if let why = report.why {
            if why.paths.isEmpty {
                lines.append("Nothing depends on \(why.pod.label).")
            } else {
                lines += why.paths.map(\.description)
                if why.isTruncated { lines.append("… more paths not shown (the first \(why.paths.count) are)") }
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Graph

/// The drawing Graphviz lays out (`dot -Tsvg`, a local tool) when it is installed: each
/// configured layer one row, problem edges in the colours of `GraphStyle`.
public struct GraphvizGraphDrawer: GraphDrawer {
    /// The `dot` executable.
    public var executable: String
    /// How long dot may take, in seconds, before the built-in drawing is used instead.
    public var timeout: Double

    /// A drawer running `executable`, for at most `timeout` seconds.
    public init(executable: String, timeout: Double = 60) {
        self.executable = executable
        self.timeout = timeout
    }

    /// The `dot` executable on `searchPath` (a `PATH` value), if there is one.
    public static func locate(searchPath: String?) -> String? {
        for directory in (searchPath ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public func svg(for graph: ReportGraph) throws -> String {
        let output = try run(Self.dotSource(for: graph))
        return Self.alignLayerLabels(try Self.inlineSVG(output, executable: executable))
    }

    /// The layers' names moved to the drawing's left edge, one column of row captions: dot
    /// places each just left of its own row, which starts further right in a narrow row.
    static func alignLayerLabels(_ svg: String) -> String {
        var result = ""
        var rest = svg[...]
        while let group = rest.range(of: "class=\"node layer-label\">"),
              let text = rest.range(of: "<text text-anchor=\"middle\" x=\"", range: group.upperBound..<rest.endIndex),
              let end = rest[text.upperBound...].firstIndex(of: "\"") {
            result += rest[..<text.lowerBound]
            result += "<text text-anchor=\"start\" x=\"0\""
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The DOT text of `graph`: top to bottom, pods as rounded boxes with their version, each
    /// layer a row, edges with their requirements as tooltips.
    public static func dotSource(for graph: ReportGraph) -> String {
        var lines = [
            "digraph dependencies {",
            "  graph [rankdir=TB, nodesep=0.25, ranksep=0.5, fontname=\"Helvetica\", fontsize=11, bgcolor=\"transparent\"];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", color=\"\(GraphStyle.border)\", "
                + "fontname=\"Helvetica\", fontsize=11, margin=\"0.12,0.05\"];",
            "  edge [color=\"\(GraphStyle.normal.colour)\", arrowsize=0.7, penwidth=\(GraphStyle.normal.width)];",
        ]
        let index = Dictionary(graph.nodes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // One row per layer, highest first, so that dependencies point down and a layer
        // breach points up. (Clusters per layer make Graphviz route most edges around them.)
        // Each row starts with the layer's name: a plain-text node that invisible edges within
        // the row place left of every pod (dot draws an edge inside a rank left to right),
        // and that invisible edges between the names keep the rows in the layers' order.
        var labels: [String] = []
        for (position, layer) in graph.layers.enumerated().reversed() {
            let members = graph.nodes.filter { $0.layer == layer }
            guard !members.isEmpty else { continue }
            let label = layerNode(layer)
            labels.append(label)
            lines.append("  \(label) [shape=plaintext, label=\(DotGraphFormatter.quote(layer)), "
                + "id=\(DotGraphFormatter.quote(GraphStyle.layerID(position))), class=\"layer-label\", "
                + "fontname=\"Helvetica-Bold\", fontsize=12, fontcolor=\"\(GraphStyle.border)\", margin=\"0.05,0.05\"];")
            lines.append("  { rank=same; \(label); " + members.map { DotGraphFormatter.quote($0.name) + ";" }.joined(separator: " ") + " }")
            for member in members {
                lines.append("  \(label) -> \(DotGraphFormatter.quote(member.name)) [style=invis];")
            }
        }
        for (upper, lower) in zip(labels, labels.dropFirst()) {
            lines.append("  \(upper) -> \(lower) [style=invis];")
        }
        for (position, node) in graph.nodes.enumerated() {
            var attributes = [
                "label=\(DotGraphFormatter.quote(node.version.map { "\(node.name)\n\($0)" } ?? node.name))",
                "id=\(DotGraphFormatter.quote(GraphStyle.nodeID(position)))",
                "class=\(DotGraphFormatter.quote(node.hasProblem ? "node-problem" : "pod"))",
                "tooltip=\(DotGraphFormatter.quote(node.name + (node.version.map { " " + $0.description } ?? "")))",
            ]
            if node.hasProblem {
                attributes += ["color=\(DotGraphFormatter.quote(GraphStyle.problemBorder))", "fillcolor=\"#fff5f5\"", "penwidth=1.6"]
            }
            lines.append("  \(DotGraphFormatter.quote(node.name)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in graph.edges {
            guard let from = index[edge.from], let to = index[edge.to] else { continue }
            var attributes = [
                "id=\(DotGraphFormatter.quote(GraphStyle.edgeID(from, to)))",
                "tooltip=\(DotGraphFormatter.quote("\(edge.from) → \(edge.label)" + (edge.highlight.map { " [\($0)]" } ?? "")))",
            ]
            if let kind = edge.highlight {
                let stroke = GraphStyle.stroke(for: kind)
                attributes += ["class=\(DotGraphFormatter.quote("edge-\(kind)"))", "color=\(DotGraphFormatter.quote(stroke.colour))", "penwidth=\(stroke.width)"]
                if !stroke.dash.isEmpty { attributes.append("style=\(kind == "rc-leak" ? "dotted" : "dashed")") }
            }
            lines.append("  \(DotGraphFormatter.quote(edge.from)) -> \(DotGraphFormatter.quote(edge.to)) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The DOT name of a layer's label: with a space, which no pod name has.
    static func layerNode(_ layer: String) -> String {
        DotGraphFormatter.quote("layer \(layer)")
    }

    /// Graphviz's SVG document as an element to place in HTML: from `<svg` on, without the
    /// comments Graphviz writes (they repeat names, and `--` in one would end them early).
    static func inlineSVG(_ document: String, executable: String) throws -> String {
        guard let start = document.range(of: "<svg"), let end = document.range(of: "</svg>", options: .backwards) else {
            throw ReportError.graphvizOutputUnreadable(executable: executable)
        }
        var svg = String(document[start.lowerBound..<end.upperBound])
        while let open = svg.range(of: "<!--"), let close = svg.range(of: "-->", range: open.upperBound..<svg.endIndex) {
            svg.removeSubrange(open.lowerBound..<close.upperBound)
        }
        // Graphviz writes every `-` in ids and titles as `&#45;`; it means the same in HTML.
        svg = svg.replacingOccurrences(of: "&#45;", with: "-")
        return "<svg class=\"graph-drawing\" data-layout=\"graphviz\" role=\"img\" "
            + "aria-label=\"Dependency graph of the newest releases\"" + svg.dropFirst(4)
    }

    /// Runs `dot -Tsvg` on `source`, given as a file: a pipe to its standard input could
    /// raise SIGPIPE in compctl if dot exited before reading it all.
    private func run(_ source: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("compctl-graph-\(UUID().uuidString).dot")
        do {
            try Data(source.utf8).write(to: file)
        } catch {
            throw ReportError.graphvizNotRunnable(executable: executable, reason: "cannot write its input: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg", file.path]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw ReportError.graphvizNotRunnable(executable: executable, reason: error.localizedDescription)
        }
        // Both pipes are drained on their own threads, so that neither fills and stalls dot.
        let svg = PipeBuffer(), errorText = PipeBuffer()
        let done = DispatchGroup()
        for (pipe, buffer) in [(output, svg), (errors, errorText)] {
            let handle = pipe.fileHandleForReading
            done.enter()
            DispatchQueue.global().async {
                buffer.store(handle.readDataToEndOfFile())
                done.leave()
            }
        }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            // SIGKILL: a SIGTERM would wait if dot inherited a mask that blocks it. dot has
            // nothing to clean up.
            kill(process.processIdentifier, SIGKILL)
            // A process dot started could keep the pipes open; do not wait for it for long.
            _ = done.wait(timeout: .now() + 2)
            throw ReportError.graphvizTimedOut(executable: executable, seconds: Int(timeout.rounded(.up)))
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReportError.graphvizFailed(
                executable: executable, status: process.terminationStatus,
                message: String(decoding: errorText.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return String(decoding: svg.data, as: UTF8.self)
    }
}

/// Bytes one thread reads and another collects after `DispatchGroup.wait`.
private final class PipeBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func store(_ data: Data) {
        lock.withLock { bytes = data }
    }

    var data: Data {
        lock.withLock { bytes }
    }
}

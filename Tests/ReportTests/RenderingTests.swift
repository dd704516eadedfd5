import Foundation
import Graph
import Podspec
@testable import Report
import TestSupport
import Testing
import Versioning

@Suite struct MarkdownTableTests {
    @Test func columnsLineUpAndNumbersAlignRight() {
        let table = MarkdownTable(
            headers: ["pod", "count", "note"], alignments: [.left, .right],
            rows: [["XXFoundation", "3", "—"], ["A", "120", "superseded by 0.2.0"], ["B"]])
        #expect(table.render() == """
            | pod          | count | note                |
            | ------------ | ----: | ------------------- |
            | XXFoundation |     3 | —                   |
            | A            |   120 | superseded by 0.2.0 |
            | B            |       |                     |

            """)
    }

    @Test func narrowColumnsAreAtLeastThreeWide() {
        #expect(MarkdownTable(headers: ["a", "b"], alignments: [.left, .right], rows: [["x", "1"]]).render() == """
            | a   |   b |
            | --- | --: |
            | x   |   1 |

            """)
    }

    @Test func cellsAreEscaped() {
        let table = MarkdownTable(headers: ["what"], rows: [["a|b"], ["two\nlines"], ["*XX_Foo* <b>[x]</b> `c`"]])
        #expect(table.render() == """
            | what                             |
            | -------------------------------- |
            | a\\|b                             |
            | two lines                        |
            | \\*XX\\_Foo\\* \\<b>\\[x\\]\\</b> \\`c\\` |

            """)
    }

    @Test func longStateTablesListOnlyComponentsWithFindings() throws {
        let text = try MarkdownRenderer(fullTableLimit: 5).render(World.report())
        #expect(text.contains("## Components\n\n6 of 7 components have findings or a pin behind; only those are listed "
            + "(the HTML and JSON reports have every one).\n\n| pod "))
        let table = try #require(text.components(separatedBy: "## Components\n").last?.components(separatedBy: "\n## ").first)
        #expect(table.split(separator: "\n").filter { $0.hasPrefix("| ") }.map { $0.split(separator: " ")[1] }
            == ["pod", "------", "Cart", "Core", "Feed", "Orphan", "Pay", "Shop"])
    }

    @Test func markdownReportIsShortAndOmitsEmptySections() throws {
        let text = try MarkdownRenderer().render(World.report())
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(headings == [
            "# Component skew report", "## Problems", "## Components", "## Stale constraints", "## Skew",
            "## Release candidates", "## Unused components",
        ])
        #expect(text.contains("\n| pod    | layer   | newest release | newest rc             | rc age (days) | App                            "
            + "| Demo (example)   | Broken (example) |\n"))
        #expect(text.contains("\n| Core   | base    | 2.0.0          | 2.0.0-rc.1 (released) |            50 | 1.1.0 (lock, 1 behind)         "
            + "| 1.0.0 (2 behind) | 9.9.9            |\n"))
        // App resolves Pay to its rc, above the newest release 1.0.0.
        #expect(text.contains("| 1.1.0-rc.1 (resolution, ahead) |"))
        #expect(text.contains("\n|      |        | Broken       | = 9.9.9     | —            | Broken               |\n"))
        #expect(text.contains("- **Core**: Cart (1.0.0) requires >= 2.0, but App requires ~> 1.0 and Feed (1.1.0) requires ~> 1.0; "
            + "no version satisfies both\n"))
        // A clean report has no sections but the state table.
        let clean = try ReportBuilder(input: ReportInput(providers: [InMemorySpecProvider(name: "s", specs: [.test("A", "1.0.0")])],
                                                     projects: [.test("App", [.pod("A", "1.0.0", target: "App")])], now: World.now)).build()
        let cleanText = try MarkdownRenderer().render(clean)
        #expect(cleanText.hasPrefix("# Component skew report\n\n**PASS** · nothing needs attention\n\n"))
        #expect(cleanText.split(separator: "\n").filter { $0.hasPrefix("#") } == ["# Component skew report", "## Components"])
    }
}

@Suite struct EscapingTests {
    @Test func htmlTextEscapesMarkupAndQuotes() {
        #expect(HTMLText.escape(#"<a href="x">Tom & 'Jerry'</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(HTMLText.escape("XXCart 1.2.1 → ~> 2.0") == "XXCart 1.2.1 → ~&gt; 2.0")
    }

    /// A world whose names, layer and project try to inject markup.
    static var hostileReport: SkewReport {
        // No `/` in it: that would make it a subspec name.
        let evil = "Evil<script>alert('x')"
        let provider = InMemorySpecProvider(name: "specs\"><img src=x>", specs: [
            .test(evil, "1.0.0"), .test("Plain", "1.0.0", [(evil, ["~> 1.0"])]), .test("Plain", "0.9.0-rc.1"),
        ])
        let layers = [LayerRule.test("a&b \"layer\"", [evil, "Plain"], allowSameLayer: false)]
        // An in-memory source never fails to list, so the build does not throw.
        return try! ReportBuilder(input: ReportInput(
            providers: [provider], projects: [.test("O'Brien <App>", [.pod(evil, "1.0.0", target: "<x>")])], layers: layers,
            now: World.now)).build()
    }

    @Test func htmlPageEscapesEveryNameFromTheReport() {
        let report = Self.hostileReport
        #expect(report.problems.map(\.kind) == ["layer"], "the hostile names reach the problems too")
        let drawing = LayeredGraphDrawer().svg(for: report.graph)
        let page = HTMLRenderer(graphSVG: drawing, graphNote: "note <b>").render(report)
        #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script")
        #expect(!page.contains("<img"))
        #expect(!page.contains("<App>"))
        #expect(!page.contains("<b>"))
        #expect(page.contains("Evil&lt;script&gt;alert(&#39;x&#39;)"))
        #expect(page.contains("O&#39;Brien &lt;App&gt;"))
        #expect(page.contains("a&amp;b &quot;layer&quot;"))
        #expect(page.contains("note &lt;b&gt;"))
    }

    @Test func builtInDrawingEscapesNamesAndHasOneElementPerPodAndEdge() {
        let report = Self.hostileReport
        let svg = LayeredGraphDrawer().svg(for: report.graph)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph-drawing\" data-layout=\"compctl\" "))
        #expect(svg.hasSuffix("</svg>"))
        #expect(!svg.contains("<script"))
        #expect(svg.components(separatedBy: "<g id=\"cc-pod-").count - 1 == report.graph.nodes.count)
        #expect(svg.components(separatedBy: "<path id=\"cc-dep-").count - 1 == report.graph.edges.count)
        #expect(svg.contains("<path id=\"cc-dep-1-0\" class=\"edge edge-layer\""))
        #expect(svg.contains("<title>Plain → Evil&lt;script&gt;alert(&#39;x&#39;) (~&gt; 1.0) [layer]</title>"))
    }

    @Test func dotSourceQuotesNamesAndHighlightsProblems() {
        let graph = ReportGraph(
            layers: ["low"],
            nodes: [ReportGraph.Node(name: "A\"B\\C", version: v("1.0"), layer: "low", hasProblem: true),
                    ReportGraph.Node(name: "D", version: nil, layer: nil)],
            edges: [ReportGraph.Edge(from: "D", to: "A\"B\\C", label: "A\"B\\C (~> 1.0)", highlight: "cycle")])
        let dot = GraphvizGraphDrawer.dotSource(for: graph)
        // The layer's row starts with its name, left of its pods.
        #expect(dot.contains("  \"layer low\" [shape=plaintext, label=\"low\", id=\"cc-layer-0\", class=\"layer-label\", "))
        #expect(dot.contains("  { rank=same; \"layer low\"; \"A\\\"B\\\\C\"; }\n"))
        #expect(dot.contains("  \"layer low\" -> \"A\\\"B\\\\C\" [style=invis];\n"))
        #expect(dot.contains("  \"A\\\"B\\\\C\" [label=\"A\\\"B\\\\C\\n1.0\", id=\"cc-pod-0\", class=\"node-problem\", "
            + "tooltip=\"A\\\"B\\\\C 1.0\", color=\"#cf222e\", fillcolor=\"#fff5f5\", penwidth=1.6];\n"))
        #expect(dot.contains("  \"D\" -> \"A\\\"B\\\\C\" [id=\"cc-dep-1-0\", tooltip=\"D → A\\\"B\\\\C (~> 1.0) [cycle]\", "
            + "class=\"edge-cycle\", color=\"#cf222e\", penwidth=2.6];\n"))
    }

    @Test func graphvizOutputIsInlinedWithoutPrologOrComments() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"
             "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <!-- Generated by graphviz version 2.43.0 (0)
             -->
            <svg width="62pt" height="116pt" viewBox="0.00 0.00 62.00 116.00" xmlns="http://www.w3.org/2000/svg">
            <!-- a&#45;&gt;b -->
            <g id="cc&#45;dep&#45;0&#45;1" class="edge"><title>a&#45;&gt;b</title></g>
            </svg>
            trailing
            """
        #expect(try GraphvizGraphDrawer.inlineSVG(document, executable: "dot") == """
            <svg class="graph-drawing" data-layout="graphviz" role="img" aria-label="Dependency graph of the newest releases" \
            width="62pt" height="116pt" viewBox="0.00 0.00 62.00 116.00" xmlns="http://www.w3.org/2000/svg">

            <g id="cc-dep-0-1" class="edge"><title>a-&gt;b</title></g>
            </svg>
            """)
        #expect(throws: ReportError.graphvizOutputUnreadable(executable: "dot")) {
            try GraphvizGraphDrawer.inlineSVG("Error: syntax error in line 1", executable: "dot")
        }
    }

    /// A stand-in for `dot`: a shell script with `body`, in a fresh folder of `scratch`.
    private func fakeDot(in scratch: TemporaryDirectory, _ body: String) throws -> String {
        let directory = scratch.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("dot").path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func graphvizGetsTheDotFileAndItsSVGIsInlined() throws {
        // Echoes the node statements it was given back as an SVG, to show what it read.
        let scratch = try TemporaryDirectory(prefix: "compctl-fake-dot")
        let dot = try fakeDot(in: scratch, #"[ "$1" = -Tsvg ] || exit 3; echo '<?xml version="1.0"?>'; echo '<svg viewBox="0 0 1 1">'; grep -c 'cc-pod-' "$2"; echo '</svg>'"#)
        #expect(GraphvizGraphDrawer.locate(searchPath: "/nonexistent:" + URL(fileURLWithPath: dot).deletingLastPathComponent().path) == dot)
        let svg = try GraphvizGraphDrawer(executable: dot).svg(for: World.report().graph)
        #expect(svg == """
            <svg class="graph-drawing" data-layout="graphviz" role="img" aria-label="Dependency graph of the newest releases" viewBox="0 0 1 1">
            7
            </svg>
            """)
    }

    @Test func graphvizErrorsAndTimeoutsAreReported() throws {
        let scratch = try TemporaryDirectory(prefix: "compctl-fake-dot")
        let failing = try fakeDot(in: scratch, "echo 'Error: syntax error in line 3' >&2; exit 1")
        #expect(throws: ReportError.graphvizFailed(executable: failing, status: 1, message: "Error: syntax error in line 3")) {
            try GraphvizGraphDrawer(executable: failing).svg(for: World.report().graph)
        }
        let slow = try fakeDot(in: scratch, "exec sleep 5")
        #expect(throws: ReportError.graphvizTimedOut(executable: slow, seconds: 1)) {
            try GraphvizGraphDrawer(executable: slow, timeout: 0.3).svg(for: World.report().graph)
        }
    }

    @Test func graphvizFailureFallsBackToTheBuiltInDrawing() {
        let drawing = ReportGraphDrawing.draw(World.report().graph, graphviz: GraphvizGraphDrawer(executable: "/nonexistent/dot"))
        #expect(drawing.svg?.contains("data-layout=\"compctl\"") == true)
        #expect(drawing.warning?.hasPrefix("cannot run /nonexistent/dot: ") == true)
        #expect(drawing.note.hasPrefix("Drawn by compctl (Graphviz failed): "))
    }

    /// Each row of Graphviz's drawing is a layer, as the note under it says: the layer's
    /// name stands at the row's left, level with its pods.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "Graphviz is installed in /usr/bin"))
    func graphvizLabelsEachLayerAtTheLeftOfItsRow() throws {
        let graph = World.report().graph
        let svg = try GraphvizGraphDrawer(executable: "/usr/bin/dot").svg(for: graph)
        /// The first text of each group whose id starts with `prefix`: its x, y and words.
        func texts(_ prefix: String) throws -> [(id: String, x: Double, y: Double, text: String)] {
            let pattern = try NSRegularExpression(
                pattern: "<g id=\"(\(prefix)[^\"]*)\"[^>]*>(?:(?!</g>)[\\s\\S])*?<text[^>]* x=\"([-0-9.]+)\" y=\"([-0-9.]+)\"[^>]*>([^<]*)</text>")
            return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
                let group = { (index: Int) in String(svg[Range(match.range(at: index), in: svg)!]) }
                return (group(1), Double(group(2))!, Double(group(3))!, group(4))
            }
        }
        let labels = try texts("cc-layer-")
        #expect(labels.map(\.text) == ["feature", "base"], "\(svg)")
        let pods = Dictionary(try texts("cc-pod-").map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(pods.count == graph.nodes.count)
        for label in labels {
            let row = graph.nodes.indices.filter { graph.nodes[$0].layer == label.text }.compactMap { pods["cc-pod-\($0)"] }
            #expect(!row.isEmpty)
            for pod in row {
                #expect(abs(pod.y - label.y) < 12, "\(label.text) at y \(label.y), \(pod.text) at y \(pod.y)")
                #expect(pod.x > label.x, "\(label.text) at x \(label.x), \(pod.text) at x \(pod.x)")
            }
        }
    }
}

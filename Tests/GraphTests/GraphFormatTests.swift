import Foundation
import Graph
import Podspec
import Testing
import TestSupport
import Versioning

/// Each output format on one small resolved graph with a cycle between pods (not between
/// specs, which CocoaPods would refuse), a subspec edge, an unmanaged pod and a declarer
/// with a quote in its name.
@Suite struct GraphFormatTests {
    let report: GraphReport = {
        let repo = InMemorySpecProvider.test(
            pod("Base", ["1.0"]),
            [.test("Cart", "1.2.1", [.on("Base", "~> 1.0")],
                   subspecs: [.sub("Cart/Core"), .sub("Cart/UI", [.on("Detail", "~> 2.0")])])],
            // Detail needs Cart's core only: a cycle between the pods Cart and Detail, which
            // `graph --check` reports, but none between specs, so CocoaPods resolves it.
            pod("Detail", ["2.1.0"], [.on("Cart/Core", "~> 1.2"), .on("AFNetworking", "~> 4.0")]))
        let catalog = PodCatalog(providers: [repo])
        let resolution = try! Resolver(catalog: catalog).resolve(ResolveRequest(
            requirements: [.app("Cart/UI", "1.2.1"), .app("Base", target: "App \"Lite\"")],
            lockedVersions: ["AFNetworking": v("4.0.1")], missingPodsAreUnmanaged: true))
        return GraphReport(
            graph: resolution.graph, problems: try! GraphChecker(catalog: catalog).problems(in: resolution.graph),
            affected: try! resolution.graph.affected(by: "Base"), why: try! resolution.graph.why("Detail"))
    }()

    @Test func text() throws {
        #expect(try GraphFormat.text.formatter.format(report) == """
            target 'App'
              → Cart/UI (= 1.2.1)
            target 'App "Lite"'
              → Base
            AFNetworking (4.0.1) [unmanaged]
            Base (1.0)
            Cart (1.2.1)
              → Base (~> 1.0)
              → Detail (~> 2.0) [Cart/UI]
            Detail (2.1.0)
              → Cart/Core (~> 1.2)
              → AFNetworking (~> 4.0)
            1 problem:
              cycle: Cart (1.2.1) → Detail (~> 2.0) → Cart/Core (~> 1.2)
            wave 0: Base
            wave 1: Cart Detail
            target 'App' → Cart/UI (= 1.2.1) → Detail (~> 2.0)

            """)
        var onlyProblems = report
        onlyProblems.includesGraph = false
        onlyProblems.affected = nil
        onlyProblems.why = nil
        onlyProblems.problems = []
        #expect(try TextGraphFormatter().format(onlyProblems) == "No problems found.\n")
    }

    @Test func dot() throws {
        let dot = try GraphFormat.dot.formatter.format(report)
        #expect(dot == """
            digraph dependencies {
              rankdir=LR;
              node [shape=box];
              "target 'App'" [shape=ellipse];
              "target 'App \\"Lite\\"'" [shape=ellipse];
              "AFNetworking" [label="AFNetworking\\n4.0.1", style=dashed];
              "Base" [label="Base\\n1.0"];
              "Cart" [label="Cart\\n1.2.1"];
              "Detail" [label="Detail\\n2.1.0"];
              "target 'App'" -> "Cart" [label="Cart/UI = 1.2.1"];
              "target 'App \\"Lite\\"'" -> "Base";
              "Cart" -> "Base" [label="~> 1.0"];
              "Cart" -> "Detail" [label="~> 2.0", color=red];
              "Detail" -> "Cart" [label="Cart/Core ~> 1.2", color=red];
              "Detail" -> "AFNetworking" [label="~> 4.0"];
            }

            """)
        // Well-formed for Graphviz, where it is installed.
        let graphviz = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        if let graphviz {
            let rendered = try ProcessRunner.run(URL(fileURLWithPath: graphviz), ["-Tsvg"], input: dot)
            #expect(rendered.exitCode == 0)
            #expect(rendered.stderr == "")
            #expect(rendered.stdout.contains("<svg"))
        }
    }

    @Test func mermaid() throws {
        #expect(try GraphFormat.mermaid.formatter.format(report) == """
            graph LR
              r1(["target 'App'"])
              r2(["target 'App #quot;Lite#quot;'"])
              n1[/"AFNetworking 4.0.1"/]
              n2["Base 1.0"]
              n3["Cart 1.2.1"]
              n4["Detail 2.1.0"]
              r1 -->|"Cart/UI = 1.2.1"| n3
              r2 --> n2
              n3 -->|"~> 1.0"| n2
              n3 -->|"~> 2.0"| n4
              n4 -->|"Cart/Core ~> 1.2"| n3
              n4 -->|"~> 4.0"| n1
              linkStyle 3 stroke:red
              linkStyle 4 stroke:red

            """)
    }

    @Test func jsonDecodesWithSortedKeysAndSchemaVersion() throws {
        let text = try GraphFormat.json.formatter.format(report)
        let document = try JSONDecoder().decode(JSONGraphFormatter.Document.self, from: Data(text.utf8))
        #expect(document.schemaVersion == 1)
        #expect(document.scope == .podfile)
        #expect(document.pods?.map(\.name) == ["AFNetworking", "Base", "Cart", "Detail"])
        #expect(document.pods?[0].kind == .unmanaged && document.pods?[0].version == "4.0.1")
        #expect(document.pods?[2].subspecs == ["Cart/Core", "Cart/UI"])
        #expect(document.edges?.count == 6)
        #expect(document.edges?[3] == JSONGraphFormatter.Document.Edge(
            from: "Cart", root: false, to: "Detail", dependency: "Detail", requirements: ["~> 2.0"], via: "Cart/UI"))
        #expect(document.problems?.map(\.kind) == [.cycle])
        #expect(document.problems?.first?.links == [
            GraphProblem.Link(from: "Cart", to: "Detail"), GraphProblem.Link(from: "Detail", to: "Cart"),
        ])
        #expect(document.affected == JSONGraphFormatter.Document.Affected(
            pod: "Base", waves: [JSONGraphFormatter.Document.Wave(wave: 0, pods: ["Base"]),
                                 JSONGraphFormatter.Document.Wave(wave: 1, pods: ["Cart", "Detail"])]))
        #expect(document.why?.paths.first?.steps.map(\.to) == ["Cart", "Detail"])
        // Top-level keys come sorted.
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == ["affected", "edges", "pods", "problems", "schemaVersion", "scope", "warnings", "why"])
    }

    @Test func githubMatrix() throws {
        #expect(try GraphFormat.githubMatrix.formatter.format(report) == """
            {"include":[{"pods":["Base"],"wave":0},{"pods":["Cart","Detail"],"wave":1}]}

            """)
        var empty = report
        empty.affected = AffectedWaves(pod: "Base", waves: [])
        #expect(try GitHubMatrixFormatter().format(empty) == "{\"include\":[{\"pods\":[\"Base\"],\"wave\":0}]}\n")
        empty.affected = nil
        #expect(throws: GraphFormatError.needsAffected(.githubMatrix)) { try GitHubMatrixFormatter().format(empty) }
        #expect(GraphFormatError.needsAffected(.githubMatrix).description
            == "the github-matrix format lists affected pods: add --affected NAME")
    }

    @Test func everyFormatHasAName() {
        #expect(GraphFormat.allCases.map(\.rawValue) == ["text", "dot", "mermaid", "json", "github-matrix", "github", "gitlab"])
    }
}

import Foundation
import Testing

/// The `graph --json` document, decoded (the shape of Graph's `JSONGraphFormatter`).
struct GraphJSON: Decodable {
    struct Pod: Decodable {
        var name: String
        var version: String?
        var source: String?
        var kind: String
        var subspecs: [String]
    }

    struct Edge: Decodable {
        var from: String
        var root: Bool
        var to: String
        var dependency: String
        var requirements: [String]
        var via: String?
    }

    struct Problem: Decodable, Equatable {
        var kind: String
        var message: String
        var pods: [String]
    }

    struct Affected: Decodable, Equatable {
        struct Wave: Decodable, Equatable {
            var wave: Int
            var pods: [String]
        }

        var pod: String
        var waves: [Wave]
    }

    var schemaVersion: Int
    var scope: String
    var pods: [Pod]?
    var edges: [Edge]?
    var problems: [Problem]?
    var affected: Affected?
    var warnings: [String]
}

/// Golden files under `Snapshots/`, re-recorded with `COMPCTL_RECORD=1`.
enum Snapshot {
    static let directory = TestPaths.packageRoot.appendingPathComponent("Tests/CompctlEndToEndTests/Snapshots")

    /// Compares `text` with the snapshot `name`, or records it.
    static func check(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["COMPCTL_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "differs from Snapshots/\(name); re-record with COMPCTL_RECORD=1", sourceLocation: sourceLocation)
    }
}

/// Graphviz's `dot`, when installed.
enum Graphviz {
    static let dot: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `dot -Tsvg` on `source`; its exit code and stderr.
    static func render(_ source: String) throws -> (status: Int32, svg: String, errors: String) {
        let result = try ProcessRunner.run(URL(fileURLWithPath: dot!), ["-Tsvg"], input: source)
        return (result.exitCode, result.stdout, result.stderr)
    }
}

@Suite struct GraphCommandTests {
    static let planted = """
        cycle: XXCart (1.2.1) → XXDetail (~> 2.0) → XXCart (~> 1.2)
        layer: XXStorage (2.3.0) in layer base depends on XXUser (~> 1.3) in the higher layer business
        rc-leak: XXPay 2.1.0-rc.2 is a release candidate: XXOrder (1.6.0) with = 2.1.0-rc.2 asks for it by name, and XXCart (1.2.1) with ~> 2.0 would get it too although it asks only for a release range

        """

    /// README "Planted problems": the newest releases of `Specs/` have exactly three problems.
    @Test func checkFindsThePlantedProblemsAndOnlyThose() throws {
        let result = try SampleApp.run(["graph", "--check"] + SampleApp.config)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == Self.planted)
        #expect(result.stderr == "3 problems in the newest releases of 25 pods\n")
    }

    /// README "The main project": its resolved graph has only the rc leak, which now reaches
    /// the Podfile's own `~> 2.0` as well.
    @Test func checkOfTheMainProjectFindsTheRCLeak() throws {
        let result = try SampleApp.run(["graph", "--check", "--podfile", "scripts/sample-app/Podfile"] + SampleApp.config)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "rc-leak: XXPay 2.1.0-rc.2 is a release candidate: XXOrder (1.6.0) with = 2.1.0-rc.2 asks "
            + "for it by name, and target 'AcmeApp' with ~> 2.0 and XXCart (1.2.1) with ~> 2.0 get it too although they "
            + "ask only for a release range\n")
        #expect(result.stderr == """
            warning: trunk is not read (compctl.yml says trunk: off), so 1 public pod is taken at the version Podfile.lock records, unresolved, with the dependencies it records there: SDWebImage 5.18.10
            1 problem in the resolved graph of scripts/sample-app/Podfile (26 pods)

            """)
    }

    @Test func checkSaysOKWhenThereIsNoProblem() throws {
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Base", ["1.0.0", "1.1.0"], repo: "repo", in: directory)
        try directory.write(SpecRepoFixtures.spec("App", "2.0.0", dependencies: ["Base": ["~> 1.0"]]),
                            to: "repo/App/2.0.0/App.podspec.json")
        let result = try compctl(["graph", "--check", "--source", "repo"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "OK: no problems in the newest releases of 2 pods\n")
        #expect(result.stderr == "")
    }

    /// A real private spec repo names 5 specs after their file; they used to be refused
    /// ("it reads a file") and vanish from the graph.
    @Test func aSpecNamedAfterItsFileIsInTheGraph() throws {
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Base", ["1.0.0"], repo: "repo", in: directory)
        try directory.write("""
            Pod::Spec.new do |s|
              s.name = File.basename(__FILE__).chomp(".podspec")
              s.version = '2.0.0'
              s.source = { :git => 'https://example.com/App.git', :tag => s.version.to_s }
              s.dependency 'Base', '~> 1.0'
            end
            """, to: "repo/App/2.0.0/App.podspec")
        let result = try compctl(["graph", "--check", "--source", "repo"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "OK: no problems in the newest releases of 2 pods\n")
        #expect(result.stderr == "")
    }

    /// Every other kind of problem, through the CLI: layers with `allow_same_layer: false`
    /// and the interface rule from compctl.yml, two sources for shadowing.
    @Test func checkReportsEveryKindFromTheConfiguration() throws {
        let directory = try TemporaryDirectory()
        try directory.write("""
            spec_repos:
              - name: private
                url: private
                priority: 1
              - name: mirror
                url: mirror
                priority: 2
            layers:
              - name: base
                pods: ["Log*", "Net"]
                allow_same_layer: false
              - name: feature
                pods: ["Cart*", "Home", "Search"]
                allow_same_layer: true
            interface_rule:
              enabled: true
              suffix: Protocols

            """, to: "compctl.yml")
        try SpecRepoFixtures.writePod("Logger", ["1.0.0", "2.0.0"], repo: "private", in: directory)
        try directory.write(SpecRepoFixtures.spec("Net", "1.0.0", dependencies: ["Logger": ["~> 1.0"]]),
                            to: "private/Net/1.0.0/Net.podspec.json")
        try SpecRepoFixtures.writePod("Cart", ["2.0.0"], repo: "private", in: directory)
        try SpecRepoFixtures.writePod("CartProtocols", ["1.0.1"], repo: "private", in: directory)
        try directory.write(SpecRepoFixtures.spec("Home", "1.0.0", dependencies: ["Logger": ["~> 2.0"], "Net": [">= 5.0"]]),
                            to: "private/Home/1.0.0/Home.podspec.json")
        try directory.write(SpecRepoFixtures.spec("Search", "1.0.0", dependencies: ["Logger": ["< 1.0"]]),
                            to: "private/Search/1.0.0/Search.podspec.json")
        try SpecRepoFixtures.writePod("Logger", ["0.9.0"], repo: "mirror", in: directory)

        let result = try compctl(["graph", "--check"], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == """
            unsatisfiable: Home (1.0.0) requires Net (>= 5.0), which no version of Net satisfies
            skew: Logger: Home (1.0.0) requires ~> 2.0 but Net (1.0.0) requires ~> 1.0; no version of Logger satisfies both
            skew: Logger: Home (1.0.0) requires ~> 2.0 but Search (1.0.0) requires < 1.0; no version of Logger satisfies both
            skew: Logger: Net (1.0.0) requires ~> 1.0 but Search (1.0.0) requires < 1.0; no version of Logger satisfies both
            layer: Net (1.0.0) in layer base depends on Logger (~> 1.0) in the same layer, which does not allow dependencies within it
            interface: CartProtocols (1.0.1) is the interface of Cart (2.0.0) and must share its major version 2
            interface: CartProtocols (1.0.1) is an interface pod, which has no patch releases: adding an interface bumps the minor, changing one the major
            shadowing: Logger is in more than one source (private, mirror); private comes first and shadows the others

            """)
        #expect(result.stderr == "8 problems in the newest releases of 6 pods\n")
    }

    @Test func printsTheGraphAsText() throws {
        let result = try SampleApp.run(["graph"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "")
        try Snapshot.check(result.stdout, "graph-sample.txt")
    }

    @Test func printsTheGraphAsMermaid() throws {
        let result = try SampleApp.run(["graph", "--format", "mermaid"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        try Snapshot.check(result.stdout, "graph-sample.mmd")
    }

    /// The DOT of the check, with the cycle in red and the layer breach in orange, is what
    /// Graphviz reads.
    @Test func printsTheGraphAsDOT() throws {
        let result = try SampleApp.run(["graph", "--format", "dot", "--check"] + SampleApp.config)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr == Self.planted.split(separator: "\n").map { "error: \($0)\n" }.joined())
        try Snapshot.check(result.stdout, "graph-sample-check.dot")
    }

    @Test(.enabled(if: Graphviz.dot != nil, "Graphviz's dot is not installed (apt-get install graphviz)"))
    func graphvizParsesTheDOT() throws {
        for arguments in [["graph", "--format", "dot"] + SampleApp.config,
                          ["graph", "--format", "dot", "--podfile", "scripts/sample-app/Podfile"] + SampleApp.config] {
            let result = try SampleApp.run(arguments)
            #expect(result.exitCode == 0, "\(result)")
            let rendered = try Graphviz.render(result.stdout)
            #expect(rendered.status == 0, "\(rendered.errors)")
            #expect(rendered.errors == "")
            #expect(rendered.svg.contains("<title>XXCart&#45;&gt;XXDetail</title>"))
        }
    }

    @Test func printsTheGraphAsJSON() throws {
        let result = try SampleApp.run(["graph", "--json"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        let document = try JSONDecoder().decode(GraphJSON.self, from: Data(result.stdout.utf8))
        #expect(document.schemaVersion == 1)
        #expect(document.scope == "repository")
        #expect(document.pods?.count == 25)
        #expect(document.pods?.first { $0.name == "XXPay" }?.version == "2.0.2")
        #expect(document.edges?.contains { $0.from == "XXOrder" && $0.to == "XXPay" && $0.requirements == ["2.1.0-rc.2"] } == true)
        #expect(document.problems == nil)
        #expect(document.warnings == [])
    }

    @Test func printsTheCheckAsJSON() throws {
        let result = try SampleApp.run(["graph", "--check", "--format", "json"] + SampleApp.config)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr == "")
        let document = try JSONDecoder().decode(GraphJSON.self, from: Data(result.stdout.utf8))
        #expect(document.pods == nil)
        #expect(document.problems?.map { "\($0.kind): \($0.message)\n" }.joined() == Self.planted)
        #expect(document.problems?.map(\.pods) == [["XXCart", "XXDetail"], ["XXStorage", "XXUser"], ["XXCart", "XXOrder", "XXPay"]])
    }

    /// A change to XXFoundation, the base pod, rebuilds everything above it, wave by wave.
    @Test func printsAffectedWaves() throws {
        let result = try SampleApp.run(["graph", "--affected", "XXFoundation"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            wave 0: XXFoundation
            wave 1: XXAccount XXAnalytics XXMediator XXRouter XXWebContainer
            wave 2: XXCartProtocols XXCoupon XXPay XXUser
            wave 3: XXOrder XXStorage
            wave 4: XXCart XXConfig XXDetail XXMessage XXSearch
            wave 5: XXHome XXSettings

            """)
        #expect(result.stderr == "")

        // A leaf is wave 0 alone: stdout has only waves (a CI loop reads them), the note goes to stderr.
        let leaf = try SampleApp.run(["graph", "--affected", "XXHome"] + SampleApp.config)
        #expect(leaf.exitCode == 0)
        #expect(leaf.stdout == "wave 0: XXHome\n")
        #expect(leaf.stderr == "note: nothing depends on XXHome; only XXHome itself is affected\n")
    }

    /// A leaf's matrix still has a job to run (GitHub rejects `{"include":[]}`).
    @Test func aLeafsMatrixIsItsOwnWave() throws {
        let result = try SampleApp.run(["graph", "--affected", "XXSettings", "--format", "github-matrix"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == #"{"include":[{"pods":["XXSettings"],"wave":0}]}"# + "\n")
    }

    @Test func printsAffectedWavesAsAGitHubMatrix() throws {
        let result = try SampleApp.run(["graph", "--affected", "XXStorage", "--format", "github-matrix"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == #"{"include":[{"pods":["XXStorage"],"wave":0},"#
            + #"{"pods":["XXCart","XXConfig","XXDetail","XXMessage","XXSearch"],"wave":1},"#
            + #"{"pods":["XXHome","XXSettings"],"wave":2}]}"# + "\n")

        let json = try SampleApp.run(["graph", "--affected", "XXStorage", "--json"] + SampleApp.config)
        let document = try JSONDecoder().decode(GraphJSON.self, from: Data(json.stdout.utf8))
        #expect(document.affected == GraphJSON.Affected(pod: "XXStorage", waves: [
            .init(wave: 0, pods: ["XXStorage"]),
            .init(wave: 1, pods: ["XXCart", "XXConfig", "XXDetail", "XXMessage", "XXSearch"]),
            .init(wave: 2, pods: ["XXHome", "XXSettings"]),
        ]))
    }

    /// In the main project's graph only what the Podfile resolves to counts: there XXPay
    /// (2.1.0-rc.2) needs XXConfig, so XXCart and XXOrder come a wave after it.
    @Test func printsAffectedWavesOfThePodfile() throws {
        let result = try SampleApp.run(
            ["graph", "--affected", "XXStorage", "--podfile", "scripts/sample-app/Podfile"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            wave 0: XXStorage
            wave 1: XXConfig XXMessage XXSearch
            wave 2: XXHome XXPay XXSettings
            wave 3: XXCart XXOrder

            """)
    }

    @Test func reportsAnUnknownAffectedPod() throws {
        let result = try SampleApp.run(["graph", "--affected", "XXNope"] + SampleApp.config)
        #expect(result.exitCode == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: no pod named 'XXNope' in the newest releases of 25 pods; check the spelling "
            + "(names are case-sensitive) or the sources\n")
    }

    @Test(arguments: [
        (["--format", "github-matrix"], "Error: --format github-matrix lists the waves of --affected NAME; add --affected\n"),
        (["--json", "--format", "dot"], "Error: --json and --format dot disagree; give one of them\n"),
        (["--affected", "XXCart", "--format", "mermaid"],
         "Error: --affected prints waves, which mermaid cannot show; use --format text, json or github-matrix\n"),
        (["--format", "svg"],
         "Error: The value 'svg' is invalid for '--format <format>'. Please provide one of the following:\n  - text\n"),
    ])
    func rejectsBadFlags(arguments: [String], message: String) throws {
        let result = try SampleApp.run(["graph"] + arguments + SampleApp.config)
        #expect(result.exitCode == 64)
        // With --json, even a usage error is a JSON document on stdout (JSONFailureTests).
        #expect(arguments.contains("--json") ? result.stdout.contains(#""exitCode" : 64"#) : result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix(message), "\(result)")
    }

    @Test func reportsAMissingPodfile() throws {
        let result = try SampleApp.run(["graph", "--podfile", "nope/Podfile"] + SampleApp.config)
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: no Podfile at 'nope/Podfile'; pass --podfile PATH, "
            + "or name the main project's podfile in compctl.yml\n")
    }
}

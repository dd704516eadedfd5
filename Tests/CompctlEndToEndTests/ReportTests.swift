import Foundation
import Testing

/// A copy of the embedded sample (`Specs/` and `scripts/sample-app/`) in a temporary
/// directory, with every spec file's modification time set from `publish-history.tsv`
/// relative to `now`, so that rc ages are what the sample's README says.
final class SampleWorkspace {
    /// 2026-01-01T00:00:00Z, the "now" the report is made at (`--now`).
    static let now = "2026-01-01T00:00:00Z"
    static let nowSeconds = 1_767_225_600.0

    let directory: TemporaryDirectory
    /// `scripts/sample-app` in the copy.
    let app: URL

    init() throws {
        directory = try TemporaryDirectory(prefix: "compctl-report")
        let manager = FileManager.default
        try manager.copyItem(at: TestPaths.packageRoot.appendingPathComponent("Specs"), to: directory.url.appendingPathComponent("Specs"))
        app = directory.url.appendingPathComponent("scripts/sample-app")
        try manager.createDirectory(at: app.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: TestPaths.packageRoot.appendingPathComponent("scripts/sample-app"), to: app)
        let history = try String(contentsOf: app.appendingPathComponent("publish-history.tsv"), encoding: .utf8)
        for line in history.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 4, let days = Double(fields[0]) else { continue }
            let date = Date(timeIntervalSince1970: Self.nowSeconds - days * 86_400)
            try manager.setAttributes([.modificationDate: date], ofItemAtPath: directory.url.appendingPathComponent(fields[3]).path)
        }
    }

    var config: String { app.appendingPathComponent("compctl.yml").path }

    /// Publishes `pod` at `version` into the copy's `Specs/` (the spec of `base` with its
    /// version replaced), dated `daysAgo` days before `now`.
    func publish(_ pod: String, _ version: String, from base: String, daysAgo: Double) throws {
        let specs = directory.url.appendingPathComponent("Specs/\(pod)")
        let text = try String(contentsOf: specs.appendingPathComponent("\(base)/\(pod).podspec"), encoding: .utf8)
            .replacingOccurrences(of: "s.version          = '\(base)'", with: "s.version          = '\(version)'")
        try FileManager.default.createDirectory(at: specs.appendingPathComponent(version), withIntermediateDirectories: true)
        let file = specs.appendingPathComponent("\(version)/\(pod).podspec")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try date(file.path, daysAgo: daysAgo)
    }

    /// Sets the publish date (modification time) of `Specs/<pod>/<version>`'s spec.
    func date(_ pod: String, _ version: String, daysAgo: Double) throws {
        try date(directory.url.appendingPathComponent("Specs/\(pod)/\(version)/\(pod).podspec").path, daysAgo: daysAgo)
    }

    private func date(_ path: String, daysAgo: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: Self.nowSeconds - daysAgo * 86_400)], ofItemAtPath: path)
    }

    /// `compctl outdated --config … --now …` plus `arguments`.
    func outdated(_ arguments: [String]) throws -> CommandResult {
        try compctl(["outdated", "--config", config, "--now", Self.now] + arguments, in: app)
    }

    /// `compctl report skew --config … --now …` plus `arguments`, with `dot` hidden unless
    /// `graphviz` is set, so that the drawing does not depend on the machine.
    func report(_ arguments: [String], graphviz: Bool = false) throws -> CommandResult {
        var environment: [String: String] = [:]
        if !graphviz { environment["PATH"] = directory.url.appendingPathComponent("no-tools").path }
        return try compctl(["report", "skew", "--config", config, "--now", Self.now] + arguments,
                           in: app, environment: environment)
    }

    /// The `--json` report, parsed.
    func json(_ arguments: [String] = []) throws -> [String: Any] {
        let result = try report(["--json"] + arguments)
        #expect(result.exitCode == 0, "\(result)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any])
    }
}

/// Reads nested JSON values without a wall of casts.
extension Dictionary where Key == String, Value == Any {
    func string(_ key: String) -> String? { self[key] as? String }
    func int(_ key: String) -> Int? { self[key] as? Int }
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func objects(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    func strings(_ key: String) -> [String] { self[key] as? [String] ?? [] }
}

@Suite struct ReportCommandTests {
    /// The planted state of `scripts/sample-app/README.md`, field by field.
    @Test func sampleReportHoldsThePlantedState() throws {
        let sample = try SampleWorkspace()
        let report = try sample.json()

        #expect(report.int("schemaVersion") == 1)
        #expect(report.string("generatedAt") == "2026-01-01T00:00:00Z")
        #expect(report.strings("sources") == ["acme"])
        #expect(report.int("staleRCDays") == 30)
        #expect(report.objects("projects").map { "\($0["name"]!) \($0["kind"]!) \($0["podfile"]!) \($0["resolved"]!) \($0["pods"]!)" }
            == ["AcmeApp main Podfile 1 25"])

        // The state table: layer, newest release, newest rc (age, state), the main project's
        // pin (where it was read) and how many releases it is behind.
        let rows = report.objects("components").map { component -> String in
            let rc = component.object("newestRC").map { "\($0.string("version")!) \($0.int("ageDays")!)d \($0.string("state")!)" } ?? "-"
            let pins = component.objects("pins").map { "\($0.string("project")!)=\($0.string("version")!) \($0.string("origin")!) \($0.int("behind")!)" }
            return "\(component.string("name")!) \(component.string("layer")!) \(component.string("newestRelease")!) | \(rc) | \(pins.joined(separator: ", "))"
        }
        #expect(rows == [
            "XXAccount core 2.1.2 | - | AcmeApp=2.1.2 podfile 0",
            "XXAnalytics core 3.1.1 | - | AcmeApp=3.1.1 podfile 0",
            "XXAssets resource 1.3.0 | - | AcmeApp=1.3.0 lock 0",
            "XXCart business 1.2.1 | - | AcmeApp=1.2.1 podfile 0",
            "XXCartProtocols business 1.2.0 | - | AcmeApp=1.2.0 podfile 0",
            "XXConfig core 1.2.0 | - | AcmeApp=1.2.0 podfile 0",
            "XXCoupon business 1.1.1 | - | AcmeApp=1.1.1 podfile 0",
            "XXDetail business 2.1.0 | - | AcmeApp=2.0.2 podfile 1",
            "XXFoundation base 1.7.1 | 1.7.0-rc.1 262d released | AcmeApp=1.7.1 podfile 0",
            "XXHome business 1.5.0 | 1.5.0-rc.1 48d released | AcmeApp=1.4.2 podfile 1",
            "XXIconFont resource 0.4.1 | - | AcmeApp=0.4.1 podfile 0",
            "XXLocalization resource 1.1.1 | - | AcmeApp=1.1.1 podfile 0",
            "XXLogger base 1.4.2 | - | AcmeApp=1.4.2 lock 0",
            "XXMediator core 1.1.0 | - | AcmeApp=1.1.0 podfile 0",
            "XXMessage business 0.2.0 | 0.1.8-rc.1 260d stale | AcmeApp=0.1.7 lock 1",
            "XXNetworking base 3.2.0 | - | AcmeApp=3.2.0 podfile 0",
            "XXOrder business 1.6.0 | - | AcmeApp=1.6.0 podfile 0",
            "XXPay business 2.0.2 | 2.1.0-rc.2 5d pending | AcmeApp=2.1.0-rc.2 lock 0",
            "XXRouter core 1.2.0 | - | AcmeApp=1.2.0 podfile 0",
            "XXSearch business 1.2.1 | - | AcmeApp=1.2.1 podfile 0",
            "XXSettings business 1.1.0 | - | AcmeApp=1.1.0 podfile 0",
            "XXStorage base 2.3.0 | - | AcmeApp=2.2.1 podfile 1",
            "XXUIKit base 2.4.1 | - | AcmeApp=2.4.1 podfile 0",
            "XXUser business 1.3.1 | - | AcmeApp=1.3.1 podfile 0",
            "XXWebContainer core 1.0.0 | - | AcmeApp=1.0.0 podfile 0",
        ])

        // Exactly the three planted problems; the rc leak shows in the main project too.
        let problems = report.objects("problems").map { problem -> String in
            let links = problem.objects("links").map { "\($0.string("from")!)->\($0.string("to")!)" }
            let occurrences = problem.objects("occurrences").map { "[\($0.string("scope")!)] \($0.string("message")!)" }
            return "\(problem.string("kind")!) \(problem.strings("pods")) \(links)\n" + occurrences.joined(separator: "\n")
        }
        #expect(problems == [
            """
            cycle ["XXCart", "XXDetail"] ["XXCart->XXDetail", "XXDetail->XXCart"]
            [newest releases] XXCart (1.2.1) → XXDetail (~> 2.0) → XXCart (~> 1.2)
            """,
            """
            layer ["XXStorage", "XXUser"] ["XXStorage->XXUser"]
            [newest releases] XXStorage (2.3.0) in layer base depends on XXUser (~> 1.3) in the higher layer business
            """,
            """
            rc-leak ["XXCart", "XXOrder", "XXPay"] ["XXCart->XXPay", "XXOrder->XXPay"]
            [newest releases] XXPay 2.1.0-rc.2 is a release candidate: XXOrder (1.6.0) with = 2.1.0-rc.2 asks for it by name, \
            and XXCart (1.2.1) with ~> 2.0 would get it too although it asks only for a release range
            [AcmeApp] XXPay 2.1.0-rc.2 is a release candidate: XXOrder (1.6.0) with = 2.1.0-rc.2 asks for it by name, \
            and target 'AcmeApp' with ~> 2.0 and XXCart (1.2.1) with ~> 2.0 get it too although they ask only for a release range
            """,
        ])

        // Every rc: released ones, the stale XXMessage 0.1.8-rc.1, and XXPay's two pending ones.
        let candidates = report.objects("releaseCandidates").map { rc -> String in
            let note = rc.string("releasedAs").map { " as \($0)" } ?? rc.string("supersededBy").map { " superseded by \($0)" } ?? ""
            return "\(rc.string("pod")!) \(rc.string("version")!) \(rc.int("ageDays")!)d \(rc.string("state")!)\(note)"
        }
        #expect(candidates == [
            "XXFoundation 1.7.0-rc.1 262d released as 1.7.0",
            "XXHome 1.5.0-rc.1 48d released as 1.5.0",
            "XXMessage 0.1.8-rc.1 260d stale superseded by 0.2.0",
            "XXPay 2.1.0-rc.1 12d pending",
            "XXPay 2.1.0-rc.2 5d pending",
        ])

        // Who holds whom back: the main project's old pins and `~> 0.1.7`. XXOrder's `= 2.1.0-rc.2`
        // asks for more than XXPay's newest release 2.0.2: ahead of it, not holding it back.
        let constraints = report.objects("staleConstraints").flatMap { constraint in
            constraint.objects("heldBackBy").map { holder -> String in
                let consumer = holder.object("consumer")!
                let who = consumer.string("version").map { "\(consumer.string("name")!) (\($0))" } ?? consumer.string("name")!
                return "\(constraint.string("pod")!) \(constraint.string("newestRelease")!) held by \(who) [\(consumer.string("kind")!)] "
                    + "\(consumer.string("requirement")!) up to \(holder.string("highestAllowed")!) in \(consumer.strings("scopes"))"
            }
        }
        #expect(constraints == [
            "XXDetail 2.1.0 held by AcmeApp [project] = 2.0.2 up to 2.0.2 in [\"AcmeApp\"]",
            "XXHome 1.5.0 held by AcmeApp [project] = 1.4.2 up to 1.4.2 in [\"AcmeApp\"]",
            "XXMessage 0.2.0 held by AcmeApp [project] ~> 0.1.7 up to 0.1.7 in [\"AcmeApp\"]",
            "XXStorage 2.3.0 held by AcmeApp [project] = 2.2.1 up to 2.2.1 in [\"AcmeApp\"]",
        ])

        // No skew (one project; no disjoint ranges), nothing unused (the Podfile names every pod).
        let skew = try #require(report.object("skew"))
        #expect(skew.objects("pins").isEmpty && skew.objects("ranges").isEmpty)
        #expect(report.objects("unused").isEmpty)

        let summary = try #require(report.object("summary"))
        #expect(summary.mapValues { "\($0)" } == [
            "components": "25", "projects": "1", "problems": "3", "skew": "0", "staleConstraints": "4",
            "staleRCs": "1", "pendingRCs": "2", "pinsBehind": "4", "unused": "0",
        ])
        let verdict = try #require(report.object("verdict"))
        #expect(verdict.string("status") == "warn")
        #expect(verdict.strings("findings") == ["problems", "stale-rc", "stale-constraints", "behind"])
        #expect(verdict.string("text") == "3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (no --fail-on)")
        #expect(report.strings("warnings").isEmpty)

        // The drawing's graph: the newest releases, problem edges highlighted.
        let graph = try #require(report.object("graph"))
        #expect(graph.strings("layers") == ["resource", "base", "core", "business"])
        #expect(graph.objects("nodes").count == 25)
        let highlighted = graph.objects("edges").compactMap { edge in
            edge.string("highlight").map { "\(edge.string("from")!)->\(edge.string("to")!) \($0)" }
        }
        #expect(highlighted.sorted() == [
            "XXCart->XXDetail cycle", "XXCart->XXPay rc-leak", "XXDetail->XXCart cycle", "XXOrder->XXPay rc-leak",
            "XXStorage->XXUser layer",
        ])
    }

    @Test(arguments: [
        ([String](), Int32(0), "warn: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (no --fail-on)"),
        (["--fail-on", "problems"], 2, "fail: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (--fail-on problems)"),
        (["--fail-on", "stale-rc"], 2, "fail: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (--fail-on stale-rc)"),
        // XXPay's rcs (12 and 5 days old) are stale after 3 days; XXMessage's is stale at any
        // age, since 0.2.0 supersedes it.
        (["--fail-on", "stale-rc", "--stale-rc-days", "3"], 2,
         "fail: 3 problems, 3 stale rcs, 4 stale constraints, 4 pins behind (--fail-on stale-rc)"),
        (["--fail-on", "stale-rc", "--stale-rc-days", "300"], 2,
         "fail: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (--fail-on stale-rc)"),
        (["--fail-on", "skew,unused"], 0, "warn: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (--fail-on skew,unused)"),
        (["--fail-on", "unused", "--fail-on", "behind"], 2,
         "fail: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (--fail-on behind,unused)"),
        (["--fail-on", "any"], 2, "fail: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (--fail-on any)"),
    ])
    func failOnTurnsTheVerdictIntoExitCode2(arguments: [String], exitCode: Int32, verdict: String) throws {
        let sample = try SampleWorkspace()
        let output = sample.directory.url.appendingPathComponent("report.md").path
        let result = try sample.report(["--output", output] + arguments)
        #expect(result.exitCode == exitCode, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "wrote \(output) (md)\nverdict: \(verdict)\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("# Component skew report\n\n**\(exitCode == 2 ? "FAIL" : "WARN")** · "))
    }

    @Test func dryRunPrintsInsteadOfWriting() throws {
        let sample = try SampleWorkspace()
        let output = sample.directory.url.appendingPathComponent("report.json").path
        let result = try sample.report(["--output", output, "--dry-run"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("{\n  \"components\" : [\n"))
        #expect(result.stderr == "dry run: \(output) was not written\n"
            + "verdict: warn: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (no --fail-on)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func unknownFailOnCategoryIsAUsageError() throws {
        let sample = try SampleWorkspace()
        let result = try sample.report(["--fail-on", "problems,cycles"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(
            "Error: unknown --fail-on category 'cycles'; use problems, skew, stale-rc, stale-constraints, behind, unused or any\n"))
    }

    @Test func markdownGoesToStdoutByDefault() throws {
        let sample = try SampleWorkspace()
        let result = try sample.report([])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "verdict: warn: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (no --fail-on)\n")
        #expect(result.stdout.hasPrefix("""
            # Component skew report

            **WARN** · 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (no --fail-on)

            Generated 2026-01-01T00:00:00Z from acme for AcmeApp (main).

            | finding                                 | count |
            | --------------------------------------- | ----: |
            | problems                                |     3 |
            | skew                                    |     0 |
            | stale constraints                       |     4 |
            | stale rcs (superseded, or over 30 days) |     1 |
            | pending rcs                             |     2 |
            | pins behind                             |     4 |
            | unused components                       |     0 |
            | components                              |    25 |

            ## Problems

            - **cycle** (newest releases): XXCart (1.2.1) → XXDetail (~> 2.0) → XXCart (~> 1.2)

            """))
        #expect(result.stdout.contains(
            "| XXMessage       | business | 0.2.0          | 0.1.8-rc.1 (stale)    |           260 | 0.1.7 (lock, 1 behind)   |\n"))
        #expect(result.stdout.contains("| 2.1.0-rc.2 (lock, ahead) |\n"))
        #expect(result.stdout.contains("| XXMessage | 0.1.8-rc.1 |        260 | stale   | superseded by 0.2.0 |\n"))
    }

    @Test func htmlIsOneSelfContainedPageWithTheBuiltInDrawingWithoutGraphviz() throws {
        let sample = try SampleWorkspace()
        let output = sample.directory.url.appendingPathComponent("nightly.html").path
        let result = try sample.report(["--output", output])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.hasPrefix("wrote \(output) (html)\n"))
        let page = try String(contentsOfFile: output, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(page.hasSuffix("</script>\n</body>\n</html>\n"))
        #expect(page.contains("data-layout=\"compctl\""))
        #expect(page.contains("<table id=\"state-table\" class=\"sortable stacked\""))
        // Nothing is fetched: the only URL is the SVG namespace, which is a name, not a request.
        let urls = page.components(separatedBy: "http").dropFirst().map { "http" + $0.prefix { $0 != "\"" } }
        #expect(urls == ["http://www.w3.org/2000/svg"])
        #expect(!page.contains(" src="))
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.components(separatedBy: "<svg").count - 1 == 6) // 5 in the legend, 1 drawing
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dot"), "Graphviz is installed in /usr/bin"))
    func htmlUsesGraphvizWhenItIsInstalled() throws {
        let sample = try SampleWorkspace()
        let output = sample.directory.url.appendingPathComponent("nightly.html").path
        var environment = ["PATH": "/usr/bin:/bin"]
        environment["NO_COLOR"] = "1"
        let result = try compctl(["report", "skew", "--config", sample.config, "--now", SampleWorkspace.now, "--output", output],
                                 in: sample.app, environment: environment)
        #expect(result.exitCode == 0, "\(result)")
        let page = try String(contentsOfFile: output, encoding: .utf8)
        #expect(page.contains("data-layout=\"graphviz\""))
        #expect(!page.contains("<?xml"))
        #expect(!page.contains("<!--"))
        #expect(page.contains("id=\"cc-dep-"))
    }

    @Test func exampleAppsArePinnedAlongsideTheMainProject() throws {
        let sample = try SampleWorkspace()
        let example = sample.app.appendingPathComponent("XXFoundationExample")
        try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
        try """
            platform :ios, '13.0'
            target 'XXFoundationExample' do
              pod 'XXFoundation', '1.6.19'
              pod 'XXMediator', '~> 1.0.0'
            end

            """.write(to: example.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
        let config = try String(contentsOfFile: sample.config, encoding: .utf8).replacingOccurrences(
            of: "    kind: main\n",
            with: "    kind: main\n  - name: XXFoundationExample\n    podfile: XXFoundationExample/Podfile\n    kind: example\n")
        try config.write(toFile: sample.config, atomically: true, encoding: .utf8)

        let report = try sample.json()
        #expect(report.objects("projects").map { "\($0["name"]!) \($0["kind"]!) \($0["resolved"]!) \($0["pods"]!)" }
            == ["AcmeApp main 1 25", "XXFoundationExample example 1 2"])
        let pins = report.objects("components").filter { !$0.objects("pins").isEmpty }.map { component in
            "\(component.string("name")!): " + component.objects("pins").map {
                "\($0.string("project")!)=\($0.string("version")!) \($0.string("origin")!) \($0.int("behind")!)"
            }.joined(separator: ", ")
        }.filter { $0.contains("Example") }
        #expect(pins == [
            "XXFoundation: AcmeApp=1.7.1 podfile 0, XXFoundationExample=1.6.19 podfile 2",
            "XXMediator: AcmeApp=1.1.0 podfile 0, XXFoundationExample=1.0.1 resolution 1",
        ])
        let skew = try #require(report.object("skew"))
        #expect(skew.objects("pins").map { "\($0.string("pod")!) \($0.objects("pins").map { $0.string("version")! })" }
            == ["XXFoundation [\"1.7.1\", \"1.6.19\"]", "XXMediator [\"1.1.0\", \"1.0.1\"]"])
        let ranges = skew.objects("ranges").map { range in
            func side(_ key: String) -> String {
                range.objects(key).map { consumer in
                    "\(consumer.string("name")!)\(consumer.string("version").map { " (\($0))" } ?? "") \(consumer.string("requirement")!)"
                }.joined(separator: " + ")
            }
            return "\(range.string("pod")!): \(side("first")) | \(side("second"))"
        }
        // `= 1.7.1` and `~> 1.7` allow different versions, so they are two groups, each
        // disjoint from the example app's `= 1.6.19`; `= 1.1.0` and `~> 1.1` allow only 1.1.0.
        #expect(ranges == [
            "XXFoundation: XXAccount (2.1.2) ~> 1.7 + XXAnalytics (3.1.1) ~> 1.7 + XXConfig (1.2.0) ~> 1.7 + XXRouter (1.2.0) ~> 1.7 "
                + "+ XXUser (1.3.1) ~> 1.7 + XXWebContainer (1.0.0) ~> 1.7 | XXFoundationExample = 1.6.19",
            "XXFoundation: AcmeApp = 1.7.1 | XXFoundationExample = 1.6.19",
            "XXMediator: AcmeApp = 1.1.0 + XXCartProtocols (1.2.0) ~> 1.1 + XXCoupon (1.1.1) ~> 1.1 | XXFoundationExample ~> 1.0.0",
        ])
        // The example app reaches nothing new; unused still counts only main projects.
        #expect(report.objects("unused").isEmpty)
    }

    @Test func junkInTheSpecRepoIsAWarningAfterTheReport() throws {
        let sample = try SampleWorkspace()
        try FileManager.default.createDirectory(
            at: sample.directory.url.appendingPathComponent("Specs/XXPay/latest"), withIntermediateDirectories: true)
        let result = try sample.report(["--json"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "warning: acme: XXPay/latest: directory name is not a version\n"
            + "verdict: warn: 3 problems, 1 stale rc, 4 stale constraints, 4 pins behind (no --fail-on)\n")
    }

    @Test func withoutConfigurationTheSourcesComeFromSource() throws {
        let directory = try TemporaryDirectory()
        let none = try compctl(["report", "skew"], in: directory.url)
        #expect(none.exitCode == 1, "\(none)")
        #expect(none.stderr == "error: no spec repo to read: pass --source DIR, or list spec_repos in compctl.yml (see compctl init)\n")

        let specs = TestPaths.packageRoot.appendingPathComponent("Specs").path
        let result = try compctl(["report", "skew", "--source", specs, "--json"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report.strings("sources") == ["Specs"])
        #expect(report.objects("components").count == 25)
        #expect(report.objects("projects").isEmpty)
        // No layers configured: the layer breach is not one; the cycle and the rc leak are.
        #expect(report.objects("problems").map { $0.string("kind")! } == ["cycle", "rc-leak"])
    }

    /// A git spec repo dates each rc by the commit that added it, not by file times.
    @Test func rcAgesInAGitSpecRepoComeFromTheCommitThatAddedThem() throws {
        let directory = try TemporaryDirectory()
        let work = directory.url.appendingPathComponent("specs").path
        try gitCLI("init", "-q", "-b", "main", work)
        func publish(_ version: String, on date: String) throws {
            try directory.write(
                #"{"name": "Foo", "version": "\#(version)", "source": {"git": "https://example.invalid/Foo.git", "tag": "\#(version)"}}"#,
                to: "specs/Foo/\(version)/Foo.podspec.json")
            try gitCLI(["add", "-A"], in: work)
            try gitCLI(["commit", "-q", "-m", "[Add] Foo (\(version))"], in: work,
                       environment: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date])
        }
        try publish("1.0.0", on: "2025-11-01T12:00:00Z")
        try publish("1.1.0-rc.1", on: "2025-12-22T12:00:00Z")
        try publish("1.0.1", on: "2025-12-30T12:00:00Z")
        let bare = directory.url.appendingPathComponent("specs.git").path
        try gitCLI("clone", "-q", "--bare", work, bare)

        let result = try compctl(
            ["report", "skew", "--source", bare, "--json", "--now", SampleWorkspace.now, "--stale-rc-days", "5"],
            in: directory.url,
            environment: ["COMPCTL_HOME": directory.url.appendingPathComponent("home").path, "COMPCTL_GIT_ISOLATE": "1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(!result.stderr.contains("publish dates"), "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let candidates = report.objects("releaseCandidates").map {
            "\($0.string("version") ?? "?") \($0.int("ageDays").map { "\($0)d" } ?? "no age") \($0.string("state") ?? "?")"
        }
        #expect(candidates == ["1.1.0-rc.1 9d stale"])
    }

    @Test func aProjectWhosePodfileIsMissingIsAnError() throws {
        let sample = try SampleWorkspace()
        let config = try String(contentsOfFile: sample.config, encoding: .utf8).replacingOccurrences(
            of: "    kind: main\n", with: "    kind: main\n  - name: Gone\n    podfile: Gone/Podfile\n    kind: example\n")
        try config.write(toFile: sample.config, atomically: true, encoding: .utf8)
        let result = try sample.report([])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "")
        let podfile = sample.app.appendingPathComponent("Gone/Podfile").standardizedFileURL.path
        #expect(result.stderr == "error: project Gone: no Podfile at '\(podfile)'; pass --podfile PATH, "
            + "or name the main project's podfile in compctl.yml\n")
    }
}

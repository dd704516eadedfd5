import Foundation
import Graph
import Podspec
@testable import Report
import Testing
import Versioning

@Suite struct ReportBuilderTests {
    @Test func stateTableHasEveryPodWithItsPinsAndHowFarBehind() {
        let report = World.report()
        let rows = report.components.map { component -> String in
            let rc = component.newestRC.map { "\($0.version)/\($0.ageDays.map(String.init) ?? "?")/\($0.state.rawValue)" } ?? "-"
            let pins = component.pins.map { "\($0.project)=\($0.version) \($0.origin.rawValue) \($0.behind)\($0.ahead ? " ahead" : "")" }
            return "\(component.name) \(component.layer ?? "-") \(component.newestRelease.map(\.description) ?? "-") \(rc) "
                + "[\(pins.joined(separator: "; "))]"
        }
        #expect(rows == [
            "Cart feature 1.0.0 - []",
            // The exact pin wins over the lock; the lock over the resolution.
            "Core base 2.0.0 2.0.0-rc.1/50/released [App=1.1.0 lock 1; Demo=1.0.0 podfile 2; Broken=9.9.9 podfile 0]",
            "Feed feature 1.1.0 - [App=1.1.0 podfile 0]",
            // 1.1.0-beta.1 is a prerelease but no rc: the rc label is `rc`.
            "Net base 1.0.0 - [App=1.0.0 resolution 0]",
            "Orphan feature 0.1.0 - []",
            // An rc the project resolved to is ahead of the older newest release, not behind it.
            "Pay feature 1.0.0 1.1.0-rc.1/?/pending [App=1.1.0-rc.1 resolution 0 ahead]",
            "Shop feature 1.0.0 - [App=1.0.0 podfile 0]",
        ])
        #expect(report.projects.map { "\($0.name) \($0.kind.rawValue) \($0.resolved) \($0.pods)" }
            == ["App main true 5", "Demo example true 1", "Broken example false 1"])
    }

    @Test func releaseCandidatesAreReleasedStaleOrPending() {
        let report = World.report()
        #expect(report.releaseCandidates == [
            ReleaseCandidate(pod: "Core", version: v("1.2.0-rc.1"), ageDays: 40, state: .stale, supersededBy: v("2.0.0")),
            ReleaseCandidate(pod: "Core", version: v("2.0.0-rc.1"), ageDays: 50, state: .released, releasedAs: v("2.0.0")),
            ReleaseCandidate(pod: "Pay", version: v("1.1.0-rc.1"), ageDays: nil, state: .pending),
        ])
    }

    @Test func staleLimitIsExclusive() throws {
        var input = World.input()
        input.publishDates = FixedPublishDates(["Pay": [v("1.1.0-rc.1"): World.now.addingTimeInterval(-40 * World.day)]])
        input.staleRCDays = 40
        let report = try ReportBuilder(input: input).build()
        #expect(report.releaseCandidates.first { $0.version == v("1.1.0-rc.1") }?.state == .pending)
        input.staleRCDays = 39
        #expect(try ReportBuilder(input: input).build().releaseCandidates.first { $0.version == v("1.1.0-rc.1") }?.state == .stale)
        // Core 1.2.0-rc.1 is stale at any limit: the release 2.0.0 supersedes it.
        input.staleRCDays = 1000
        #expect(try ReportBuilder(input: input).build().releaseCandidates.first { $0.version == v("1.2.0-rc.1") }?.state == .stale)
    }

    /// compctl.yml's `rc_label` decides which prereleases are rcs.
    @Test func theRCLabelDecidesWhichPrereleasesAreRCs() throws {
        var input = World.input()
        input.rcLabel = "beta"
        let report = try ReportBuilder(input: input).build()
        #expect(report.releaseCandidates == [ReleaseCandidate(pod: "Net", version: v("1.1.0-beta.1"), ageDays: 3, state: .pending)])
        #expect(report.components.first { $0.name == "Core" }?.newestRC == nil)
    }

    @Test func aBinaryVariantVersionIsNoReleaseCandidate() throws {
        // A real private spec repo serves prebuilt xcframeworks beside the source releases,
        // marked `2.3.0-xcframework`: a prerelease without the rc label, so no rc at all.
        var binarySpec = Specification.test("Design", "2.3.0-xcframework")
        binarySpec.source = Source(http: "https://artifactory.example/ios/2.3.0/Design.xcframework.zip",
                                   sha1: "0a4d55a8d778e5022fab701977c5d840bbc486d0")
        let provider = InMemorySpecProvider(name: "specs", specs: [
            .test("Design", "2.2.0"), .test("Design", "2.3.0"), binarySpec, .test("Design", "2.4.0-rc.1"),
        ])
        let report = try ReportBuilder(input: ReportInput(providers: [provider], projects: [], now: World.now)).build()
        #expect(report.releaseCandidates.map(\.version) == [v("2.4.0-rc.1")])
        let design = try #require(report.components.first { $0.name == "Design" })
        #expect(design.newestRelease == v("2.3.0"))
        #expect(design.newestRC?.version == v("2.4.0-rc.1"))
        #expect(v("2.3.0-xcframework").isPrerelease && !v("2.3.0-xcframework").isReleaseCandidate(label: "rc"))
    }

    @Test func theStateTableSaysWhetherTheNewestReleaseHasABinary() throws {
        var input = World.input()
        #expect(try ReportBuilder(input: input).build().components.allSatisfy { $0.newestReleaseHasBinary == nil })
        input.binaries = InMemorySpecProvider(name: "specs-binary", specs: [.test("Core", "2.0.0"), .test("Feed", "1.0.0")])
        let report = try ReportBuilder(input: input).build()
        let binary = Dictionary(uniqueKeysWithValues: report.components.map { ($0.name, $0.newestReleaseHasBinary) })
        // Feed's binary is of 1.0.0, not of its newest release 1.1.0.
        #expect(binary["Core"] == true && binary["Feed"] == false && binary["Net"] == false)
        // Cells are padded to align the columns.
        let markdown = try MarkdownRenderer().render(report).replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        #expect(markdown.contains("| pod | layer | newest release | binary | newest rc |"))
        #expect(markdown.contains("| Core | base | 2.0.0 | yes |"))
        #expect(markdown.contains("| Feed | feature | 1.1.0 | missing |"))
        #expect(try !MarkdownRenderer().render(World.report()).contains("| binary |"))
        let html = HTMLRenderer(graphSVG: nil, graphNote: "").render(report)
        #expect(html.contains("data-label=\"Binary\" data-sort=\"missing\"><span class=\"badge badge-missing\">missing</span>"))
        #expect(try JSONReportRenderer().render(report).contains("\"newestReleaseHasBinary\" : false"))
    }

    @Test func staleConstraintsNameWhoHoldsWhomBack() {
        let report = World.report()
        let lines = report.staleConstraints.map { constraint in
            "\(constraint.pod) \(constraint.newestRelease): " + constraint.heldBackBy.map {
                "\($0.consumer.summary) up to \($0.highestAllowed.map(\.description) ?? "none")"
            }.joined(separator: " | ")
        }
        // Shop's `= 1.1.0-rc.1` asks for more than Pay's newest release 1.0.0: it does not hold Pay back.
        #expect(lines == [
            "Core 2.0.0: App: ~> 1.0 [App] up to 1.1.0 | Demo: = 1.0.0 [Demo] up to 1.0.0 | Broken: = 9.9.9 [Broken] up to none"
                + " | Feed (1.1.0): ~> 1.0 [newest releases, App] up to 1.1.0",
        ])
    }

    @Test func skewIsPinsThatDifferAndRangesWithNothingInCommon() {
        let report = World.report()
        #expect(report.skew.pins.map { "\($0.pod): " + $0.pins.map { "\($0.project)=\($0.version)" }.joined(separator: " ") }
            == ["Core: App=1.1.0 Demo=1.0.0 Broken=9.9.9"])
        // `~> 1.0` (App, Feed) meets `= 1.0.0` (Demo), but neither meets Cart's `>= 2.0`;
        // Broken's `= 9.9.9` allows no version at all, which is not skew.
        #expect(report.skew.ranges.map { range in
            "\(range.pod): " + range.first.map(\.summary).joined(separator: ", ") + " vs " + range.second.map(\.summary).joined(separator: ", ")
        } == [
            "Core: Cart (1.0.0): >= 2.0 [newest releases] vs App: ~> 1.0 [App], Feed (1.1.0): ~> 1.0 [newest releases, App]",
            "Core: Cart (1.0.0): >= 2.0 [newest releases] vs Demo: = 1.0.0 [Demo]",
        ])
    }

    @Test func problemsAreMergedOverGraphsAndAConflictIsOne() {
        let report = World.report()
        #expect(report.problems.map(\.kind) == ["rc-leak", "conflict"])
        let leak = report.problems[0]
        #expect(leak.pods == ["Feed", "Pay", "Shop"])
        #expect(leak.links == [GraphProblem.Link(from: "Feed", to: "Pay"), GraphProblem.Link(from: "Shop", to: "Pay")])
        #expect(leak.occurrences.map(\.scope) == ["newest releases", "App"])
        #expect(leak.occurrences[0].message == "Pay 1.1.0-rc.1 is a release candidate: Shop (1.0.0) with = 1.1.0-rc.1 asks for it by name, "
            + "and Feed (1.1.0) with ~> 1.0 would get it too although it asks only for a release range")
        let conflict = report.problems[1]
        #expect(conflict.pods == ["Broken"])
        #expect(conflict.occurrences.map(\.scope) == ["Broken"])
        #expect(conflict.occurrences[0].message.contains("Core"))
        // The skew `graph --check` finds (Feed's ~> 1.0 against Cart's >= 2.0) is in the skew section only.
        #expect(!report.problems.contains { $0.kind == "skew" })
    }

    @Test func unusedComponentsAreReachedByNoMainProject() {
        let report = World.report()
        #expect(report.unused == [
            UnusedComponent(name: "Cart", layer: "feature", newestVersion: v("1.0.0")),
            UnusedComponent(name: "Orphan", layer: "feature", newestVersion: v("0.1.0")),
        ])
        // Without a main project nothing counts as unused.
        let examplesOnly = World.report(projects: [.test("Demo", kind: .example, [.pod("Core", "1.0.0", target: "Demo")])])
        #expect(examplesOnly.unused.isEmpty)
    }

    @Test func summaryCountsEachSection() {
        let summary = World.report().summary
        #expect(summary == Summary(
            components: 7, projects: 3, problems: 2, skew: 3, staleConstraints: 1, staleRCs: 1, pendingRCs: 1,
            pinsBehind: 2, unused: 2))
    }

    @Test(arguments: [
        ([ReportCategory](), Verdict.Status.warn, [ReportCategory]()),
        ([.skew], .fail, [.skew]),
        ([.unused, .problems], .fail, [.problems, .unused]),
        (ReportCategory.allCases, .fail, [.problems, .skew, .staleRC, .staleConstraints, .behind, .unused]),
    ])
    func verdictFailsOnlyOnTheCategoriesAskedFor(failOn: [ReportCategory], status: Verdict.Status, failing: [ReportCategory]) {
        let verdict = World.report(failOn: failOn).verdict
        #expect(verdict.status == status)
        #expect(verdict.failing == failing)
        #expect(verdict.findings == ReportCategory.allCases)
    }

    @Test func verdictTexts() {
        let clean = Summary(components: 3, projects: 1, problems: 0, skew: 0, staleConstraints: 0, staleRCs: 0, pendingRCs: 4,
                            pinsBehind: 0, unused: 0)
        let pass = Verdict(summary: clean, failOn: [.problems])
        #expect(pass.status == .pass)
        #expect(pass.text == "nothing needs attention")
        var some = clean
        some.skew = 1
        some.pinsBehind = 2
        #expect(Verdict(summary: some, failOn: []).text == "1 skew finding, 2 pins behind (no --fail-on)")
        #expect(Verdict(summary: some, failOn: [.behind, .skew]).text == "1 skew finding, 2 pins behind (--fail-on skew,behind)")
        #expect(Verdict(summary: some, failOn: ReportCategory.allCases).text == "1 skew finding, 2 pins behind (--fail-on any)")
        #expect(ReportCategory.parse("any") == ReportCategory.allCases)
        #expect(ReportCategory.parse("stale-rc") == [.staleRC])
        #expect(ReportCategory.parse("stale") == nil)
    }

    @Test func drawingGraphHighlightsProblemEdgesOfTheNewestReleases() {
        let graph = World.report().graph
        #expect(graph.layers == ["base", "feature"])
        #expect(graph.nodes.map { "\($0.name) \($0.version.map(\.description) ?? "-") \($0.layer ?? "-") \($0.hasProblem)" } == [
            "Cart 1.0.0 feature false", "Core 2.0.0 base false", "Feed 1.1.0 feature true", "Net 1.0.0 base false",
            "Orphan 0.1.0 feature false", "Pay 1.0.0 feature true", "Shop 1.0.0 feature true",
        ])
        #expect(graph.edges.map { "\($0.from)->\($0.to) \($0.label) \($0.highlight ?? "-")" } == [
            "Cart->Core Core (>= 2.0) -",
            "Feed->Core Core (~> 1.0) -", "Feed->Net Net (~> 1.0) -", "Feed->Pay Pay (~> 1.0) rc-leak",
            "Shop->Pay Pay (= 1.1.0-rc.1) rc-leak",
        ])
    }

    @Test func aProjectWithoutPodfileIsAWarning() {
        let report = World.report(projects: [ProjectInput(name: "Loose", kind: .example, request: nil, failure: "names no podfile")])
        #expect(report.warnings == ["Loose: names no podfile"])
        #expect(report.projects.map(\.resolved) == [false])
        #expect(report.components.filter { !$0.pins.isEmpty }.isEmpty)
    }

    @Test func releasePartDropsThePrerelease() {
        #expect(ReleaseCandidatePolicy.releasePart(of: v("1.7.0-rc.1"))?.description == "1.7.0")
        #expect(ReleaseCandidatePolicy.releasePart(of: v("1.0.0.rc.1"))?.description == "1.0.0")
        #expect(ReleaseCandidatePolicy.releasePart(of: v("2.0b1"))?.description == "2.0")
    }

    @Test func jsonHasASchemaVersionAndSortedKeys() throws {
        let text = try JSONReportRenderer().render(World.report())
        #expect(text.hasPrefix("{\n  \"components\" : [\n"))
        #expect(text.contains("\n  \"schemaVersion\" : 1,\n"))
        let decoded = try JSONDecoder().decode(SkewReport.self, from: Data(text.utf8))
        #expect(decoded == World.report())
    }
}

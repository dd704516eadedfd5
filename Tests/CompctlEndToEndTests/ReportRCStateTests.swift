import Foundation
import Testing

/// What counts as an rc, and what state it is in, as `report skew` and `outdated` say it:
/// only versions carrying compctl.yml's `rc_label` are rcs, both commands use one word for
/// each state, and a pin ahead of the newest release is neither behind nor held back.
@Suite struct ReportRCStateTests {
    /// The newest rc and its state per pod, as the JSON report has them.
    private func reportRCs(_ sample: SampleWorkspace) throws -> [String: String] {
        var states: [String: String] = [:]
        for component in try sample.json().objects("components") {
            guard let rc = component.object("newestRC") else { continue }
            states[component.string("name")!] = "\(rc.string("version")!) \(rc.string("state")!)"
        }
        return states
    }

    /// The newest rc and its state per pod, as `outdated --all --json` has them.
    private func outdatedRCs(_ sample: SampleWorkspace) throws -> [String: String] {
        let result = try sample.outdated(["--all", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var states: [String: String] = [:]
        for pod in document.objects("projects").flatMap({ $0.objects("pods") }) {
            guard let rc = pod.string("newestRC") else { continue }
            states[pod.string("name")!] = "\(rc) \(pod.string("rcState") ?? "?")"
        }
        return states
    }

    /// A real spec repo marks binary builds `2.3.0-xcframework`: a prerelease, but no rc.
    @Test func aPrereleaseWithoutTheRCLabelIsNoRC() throws {
        let sample = try SampleWorkspace()
        try sample.publish("XXStorage", "2.3.0-xcframework", from: "2.3.0", daysAgo: 227)

        let report = try sample.json()
        let storage = try #require(report.objects("components").first { $0.string("name") == "XXStorage" })
        #expect(storage.object("newestRC") == nil)
        #expect(storage.string("newestRelease") == "2.3.0")
        #expect(!report.objects("releaseCandidates").contains { $0.string("pod") == "XXStorage" })
        #expect(report.object("summary")?.int("pendingRCs") == 2)

        let markdown = try sample.report([])
        #expect(!markdown.stdout.contains("xcframework"), "\(markdown.stdout)")

        let outdated = try sample.outdated([])
        #expect(outdated.stdout.contains("AcmeApp  XXStorage  2.2.1             2.3.0    -\n"), "\(outdated.stdout)")
    }

    /// compctl.yml's `rc_label` decides: with `beta`, `-beta.N` versions are the rcs.
    @Test func theConfiguredLabelDecidesWhatIsAnRC() throws {
        let sample = try SampleWorkspace()
        try sample.publish("XXLogger", "1.5.0-beta.1", from: "1.4.2", daysAgo: 3)
        let config = try String(contentsOfFile: sample.config, encoding: .utf8)
            .replacingOccurrences(of: "rc_label: rc\n", with: "rc_label: beta\n")
        try config.write(toFile: sample.config, atomically: true, encoding: .utf8)

        let report = try sample.json()
        #expect(report.objects("releaseCandidates").map { "\($0.string("pod")!) \($0.string("version")!)" }
            == ["XXLogger 1.5.0-beta.1"])
        #expect(try outdatedRCs(sample) == ["XXLogger": "1.5.0-beta.1 pending"])
    }

    /// The same rc had two states: `outdated` called an rc stale when a higher release
    /// supersedes it, the report when it is older than stale_rc_days. One rule now: stale is
    /// either.
    @Test func outdatedAndTheReportGiveEveryRCTheSameState() throws {
        let sample = try SampleWorkspace()
        // XXMessage 0.1.8-rc.1 is superseded by 0.2.0 but only a day old; XXPay 2.1.0-rc.2 is
        // 40 days old and superseded by nothing.
        try sample.date("XXMessage", "0.1.8-rc.1", daysAgo: 1)
        try sample.date("XXPay", "2.1.0-rc.2", daysAgo: 40)

        let report = try reportRCs(sample)
        #expect(report == [
            "XXFoundation": "1.7.0-rc.1 released", "XXHome": "1.5.0-rc.1 released",
            "XXMessage": "0.1.8-rc.1 stale", "XXPay": "2.1.0-rc.2 stale",
        ])
        #expect(try outdatedRCs(sample) == report)
    }

    /// XXPay is pinned (through Podfile.lock) at 2.1.0-rc.2, above its newest release 2.0.2:
    /// ahead, so not behind, and XXOrder's `= 2.1.0-rc.2` does not hold it back.
    @Test func aPinAheadOfTheNewestReleaseIsNeitherBehindNorHeldBack() throws {
        let sample = try SampleWorkspace()
        let report = try sample.json()
        #expect(!report.objects("staleConstraints").contains { $0.string("pod") == "XXPay" })
        let pay = try #require(report.objects("components").first { $0.string("name") == "XXPay" })
        #expect(pay.objects("pins").map { "\($0.string("version")!) behind \($0.int("behind")!) ahead \($0["ahead"] as? Bool ?? false)" }
            == ["2.1.0-rc.2 behind 0 ahead true"])

        let html = try sample.report(["--format", "html"]).stdout
        let row = try #require(html.components(separatedBy: "\n").first { $0.contains("data-sort=\"XXPay\">XXPay</th>") })
        #expect(!row.contains("held back"), "\(row)")
        #expect(row.contains("ahead"), "\(row)")

        let outdated = try sample.outdated([])
        #expect(!outdated.stdout.contains("XXPay"), "\(outdated.stdout)")
    }
}

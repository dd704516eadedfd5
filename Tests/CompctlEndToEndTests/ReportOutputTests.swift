import Foundation
import Testing

/// Where `report skew` writes: `--output` files whose extension picks the format, the job
/// summary of GitHub Actions, and the history of earlier runs.
@Suite struct ReportOutputTests {
    @Test(arguments: ["report.pdf", "report", "report.txt"])
    func anOutputWhoseExtensionNamesNoFormatIsRefused(name: String) throws {
        let sample = try SampleWorkspace()
        let output = sample.directory.url.appendingPathComponent(name).path
        let result = try sample.report(["--output", output])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout == "")
        let ext = (name as NSString).pathExtension
        #expect(result.stderr.hasPrefix("Error: --output \(output): "
            + (ext.isEmpty ? "the name has no extension" : "'.\(ext)' is no format of the report")
            + "; name the file .md, .html or .json, or pass --format md, html or json\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anExplicitFormatThatContradictsTheExtensionIsRefused() throws {
        let sample = try SampleWorkspace()
        let output = sample.directory.url.appendingPathComponent("report.html").path
        let result = try sample.report(["--format", "json", "--output", output])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.hasPrefix(
            "Error: --format json disagrees with the extension of --output \(output) (html); give one of them\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// One run writes every format the nightly job keeps, each from its extension.
    @Test func severalOutputsEachTakeTheFormatOfTheirExtension() throws {
        let sample = try SampleWorkspace()
        let names = ["report.md", "report.html", "report.json"]
        let paths = names.map { sample.directory.url.appendingPathComponent($0).path }
        let result = try sample.report(paths.flatMap { ["--output", $0] })
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.hasPrefix("wrote \(paths[0]) (md)\nwrote \(paths[1]) (html)\nwrote \(paths[2]) (json)\n"), "\(result.stderr)")
        let texts = try paths.map { try String(contentsOfFile: $0, encoding: .utf8) }
        #expect(texts[0].hasPrefix("# Component skew report\n"))
        #expect(texts[1].hasPrefix("<!DOCTYPE html>\n"))
        #expect(texts[2].hasPrefix("{\n"))
    }

    /// GitHub Actions shows what a step appends to `$GITHUB_STEP_SUMMARY`: the Markdown
    /// report, once per run, whatever the formats written.
    @Test func theMarkdownSummaryIsAppendedToTheJobSummaryOnce() throws {
        let sample = try SampleWorkspace()
        let summary = sample.directory.url.appendingPathComponent("step-summary.md")
        try "earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
        let html = sample.directory.url.appendingPathComponent("report.html").path
        let json = sample.directory.url.appendingPathComponent("report.json").path
        let result = try compctl(
            ["report", "skew", "--config", sample.config, "--now", SampleWorkspace.now, "--output", html, "--output", json],
            in: sample.app, environment: ["GITHUB_STEP_SUMMARY": summary.path, "PATH": "/nonexistent"])
        #expect(result.exitCode == 0, "\(result)")
        let markdown = try sample.report([]).stdout
        #expect(try String(contentsOf: summary, encoding: .utf8) == "earlier step\n" + markdown)

        // Markdown on stdout redirected into the summary (an older recipe) is not added twice.
        try "".write(to: summary, atomically: true, encoding: .utf8)
        let shell = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "\"$COMPCTL\" report skew --config \"$CONFIG\" --now \(SampleWorkspace.now) >> \"$GITHUB_STEP_SUMMARY\""],
            in: sample.app,
            environment: ["COMPCTL": Paths.compctl.path, "CONFIG": sample.config, "GITHUB_STEP_SUMMARY": summary.path,
                          "PATH": "/usr/bin:/bin", "NO_COLOR": "1"])
        #expect(shell.exitCode == 0, "\(shell)")
        #expect(try String(contentsOf: summary, encoding: .utf8) == markdown)
    }

    @Test func dryRunLeavesTheJobSummaryAlone() throws {
        let sample = try SampleWorkspace()
        let summary = sample.directory.url.appendingPathComponent("step-summary.md")
        try "".write(to: summary, atomically: true, encoding: .utf8)
        let result = try compctl(
            ["report", "skew", "--config", sample.config, "--now", SampleWorkspace.now, "--dry-run", "--json"],
            in: sample.app, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try String(contentsOf: summary, encoding: .utf8) == "")
    }
}

/// `report skew --history DIR`: one snapshot per run, and the trend of the last 30 runs.
@Suite struct ReportHistoryTests {
    private func run(_ sample: SampleWorkspace, history: URL, at now: String, _ arguments: [String] = ["--json"]) throws -> CommandResult {
        try compctl(["report", "skew", "--config", sample.config, "--now", now, "--history", history.path] + arguments,
                    in: sample.app, environment: ["PATH": "/nonexistent"])
    }

    private func series(_ result: CommandResult) throws -> [String] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return report.objects("history").map {
            "\($0.string("generatedAt")!) p\($0.int("problems")!) s\($0.int("skew")!) b\($0.int("pinsBehind")!) r\($0.int("pendingRCs")!)"
        }
    }

    @Test func eachRunStoresASnapshotAndTheJSONCarriesTheSeries() throws {
        let sample = try SampleWorkspace()
        let history = sample.directory.url.appendingPathComponent("history/skew")
        let first = try run(sample, history: history, at: "2025-12-30T03:00:00Z")
        #expect(first.exitCode == 0, "\(first)")
        #expect(try series(first) == ["2025-12-30T03:00:00Z p3 s0 b4 r2"])

        // The next night XXHome is pinned at its newest release: one pin fewer behind.
        let podfile = sample.app.appendingPathComponent("Podfile")
        let text = try String(contentsOf: podfile, encoding: .utf8).replacingOccurrences(of: "'XXHome', '1.4.2'", with: "'XXHome', '1.5.0'")
        try text.write(to: podfile, atomically: true, encoding: .utf8)
        _ = try run(sample, history: history, at: "2025-12-31T03:00:00Z")
        let third = try run(sample, history: history, at: "2026-01-01T03:00:00Z")
        #expect(try series(third) == [
            "2025-12-30T03:00:00Z p3 s0 b4 r2", "2025-12-31T03:00:00Z p3 s0 b3 r2", "2026-01-01T03:00:00Z p3 s0 b3 r2",
        ])

        let files = try FileManager.default.contentsOfDirectory(atPath: history.path).sorted()
        #expect(files == ["skew-20251230T030000Z.json", "skew-20251231T030000Z.json", "skew-20260101T030000Z.json"])
        let snapshot = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: history.appendingPathComponent(files[0]))) as? [String: Any])
        #expect(snapshot.int("schemaVersion") == 1)
        #expect(snapshot.string("generatedAt") == "2025-12-30T03:00:00Z")
        #expect(snapshot.object("summary")?.int("pinsBehind") == 4)
    }

    /// Runs in the same second keep every snapshot, named so that they sort in the order they ran.
    @Test func runsInTheSameSecondKeepTheirOrder() throws {
        let sample = try SampleWorkspace()
        let history = sample.directory.url.appendingPathComponent("history")
        for _ in 0..<3 { #expect(try run(sample, history: history, at: SampleWorkspace.now).exitCode == 0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: history.path).sorted()
            == ["skew-20260101T000000Z.json", "skew-20260101T000000Z_02.json", "skew-20260101T000000Z_03.json"])
        let result = try run(sample, history: history, at: SampleWorkspace.now)
        #expect(try series(result).count == 4)
    }

    @Test func theSeriesIsTheLast30RunsAndSkipsWhatItCannotRead() throws {
        let sample = try SampleWorkspace()
        let history = sample.directory.url.appendingPathComponent("history")
        try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
        let formatter = ISO8601DateFormatter()
        let start = try #require(formatter.date(from: "2025-11-01T03:00:00Z"))
        for day in 1...35 {
            let iso = formatter.string(from: start.addingTimeInterval(Double(day - 1) * 86_400))
            let name = "skew-" + iso.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "") + ".json"
            try #"{"schemaVersion": 1, "generatedAt": "\#(iso)", "summary": {"components": 25, "projects": 1, "problems": \#(day), "skew": 0, "staleConstraints": 4, "staleRCs": 1, "pendingRCs": 2, "pinsBehind": 4, "unused": 0}}"#
                .write(to: history.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // The newest file is broken: it is skipped, and the 29 runs before it still count.
        try "not json".write(to: history.appendingPathComponent("skew-20251205T120000Z.json"), atomically: true, encoding: .utf8)
        try "ignored".write(to: history.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try run(sample, history: history, at: SampleWorkspace.now)
        #expect(result.exitCode == 0, "\(result)")
        let points = try series(result)
        #expect(points.count == 30)
        // 35 good runs and a bad one before this one: the newest 29 readable ones, then this run.
        #expect(points.first?.hasPrefix("2025-11-07T03:00:00Z p7 ") == true, "\(points)")
        #expect(points.last?.hasPrefix("2026-01-01T00:00:00Z p3 ") == true, "\(points)")
        #expect(result.stderr.contains(
            "warning: history \(history.path)/skew-20251205T120000Z.json is no snapshot of report skew (not JSON); it is left out of the trend; delete it\n"),
            "\(result.stderr)")
    }

    @Test func theHTMLDrawsATrendLinePerMeasure() throws {
        let sample = try SampleWorkspace()
        let history = sample.directory.url.appendingPathComponent("history")
        _ = try run(sample, history: history, at: "2025-12-30T03:00:00Z")
        let page = try run(sample, history: history, at: "2025-12-31T03:00:00Z", ["--format", "html"]).stdout
        for measure in ["problems", "skew", "pins-behind", "pending-rcs"] {
            #expect(page.contains("<svg class=\"trend-line\" data-measure=\"\(measure)\""), "\(measure)")
        }
        #expect(page.contains("<section id=\"trend\">"))
        #expect(page.contains("Last 2 runs"))
        let markdown = try run(sample, history: history, at: "2026-01-01T03:00:00Z", ["--format", "md"]).stdout
        #expect(markdown.contains("\nLast 3 runs (2025-12-30T03:00:00Z to 2026-01-01T03:00:00Z): problems 3 → 3, skew 0 → 0, "
            + "pins behind 4 → 4, pending rcs 2 → 2.\n"), "\(markdown)")
    }

    @Test func aDryRunStoresNoSnapshot() throws {
        let sample = try SampleWorkspace()
        let history = sample.directory.url.appendingPathComponent("history")
        let result = try run(sample, history: history, at: SampleWorkspace.now, ["--json", "--dry-run"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try series(result).count == 1)
        #expect(!FileManager.default.fileExists(atPath: history.path))
    }
}

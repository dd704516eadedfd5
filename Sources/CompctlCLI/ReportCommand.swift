#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import BinaryChannel
import Git
import Config
import FileIO
import Foundation
import Graph
import Integration
import Report
import SpecRepo
import Versioning

/// `compctl report`: reports over every configured spec repo and project.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Reports over every configured spec repo and project.",
        discussion: CommandExamples.standalone("report"),
        subcommands: [ReportSkewCommand.self]
    )
}

extension ReportFormat: ExpressibleByArgument {}

/// `compctl report skew [--format md|html|json] [--output PATH…] [--history DIR] [--fail-on CATEGORY…]`:
/// the nightly skew report.
struct ReportSkewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skew",
        abstract: "The nightly skew report: component state, stale constraints, skew, problems, unused components and stale rcs.",
        discussion: """
            Covers every spec repo (or those given with --source) and every project (main \
            projects and example apps) of compctl.yml. Each project's Podfile is resolved as `compctl resolve` does. The \
            report has a summary with a verdict, then: a state table (per component: layer, \
            newest release, newest rc and its age, the pin in each project and how many \
            releases it is behind); every problem `graph --check` finds in the newest \
            releases and in each project; stale constraints (requirements that exclude the \
            newest release of a pod, and who states them); skew (pods pinned differently by \
            different projects, consumer ranges with nothing in common); unused components \
            (reached by no main project); and rcs (versions with the rc_label of compctl.yml; \
            other prereleases such as 2.3.0-xcframework are none): released when their release \
            is published, stale when not and a higher release supersedes them or they are \
            older than stale_rc_days, else pending (the words `outdated` uses too). An rc's age \
            is its spec file's modification time in a directory spec repo, the time of the \
            commit that added it in a git one.

            Formats: md (the default; for a CI job summary or an issue comment), html (one \
            self-contained page; the graph is drawn by Graphviz when `dot` is on PATH, else \
            by compctl) and json ({"schemaVersion": 1, …}, sorted keys). Without --format, \
            the extension of --output picks the format (.md, .html, .json); another \
            extension is refused, and nothing is written. Repeat --output to write several \
            formats in one run. Under GitHub Actions ($GITHUB_STEP_SUMMARY set) the Markdown \
            report is also appended to the job summary, once per run.

            History: --history DIR keeps one small JSON snapshot per run in DIR \
            (skew-<time>.json; keep DIR between nightly runs, in a cache or a branch) and \
            the report shows the last 30 runs: the JSON as "history" [{"generatedAt", \
            "problems", "skew", "pinsBehind", "pendingRCs"}], the HTML as trend lines, the \
            Markdown as one line.

            Verdict: pass when nothing was found, warn when something was, fail when a \
            category named by --fail-on has findings; fail exits 2. Categories: problems, \
            skew, stale-rc, stale-constraints, behind, unused, or any (all of them); repeat \
            the option or separate them with commas. Without --fail-on the report never \
            exits 2.
            """ + CommandExamples.section("report skew")
    )

    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var config: ConfigOptions

    @Option(help: ArgumentHelp("The format (default: from the extension of --output, else md).", valueName: "format"))
    var format: ReportFormat?

    @Flag(help: "The same as --format json.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Write the report to this file (atomically) instead of stdout, in the format of its extension "
                + "(.md, .html, .json); repeatable.",
            valueName: "path"),
        completion: .file(extensions: ["md", "html", "json"]))
    var output: [String] = []

    @Option(help: ArgumentHelp(
        "Keep a snapshot of this run in this directory and show the trend of the last 30 runs.", valueName: "dir"),
        completion: .directory)
    var history: String?

    @Option(
        name: .customLong("fail-on"),
        help: ArgumentHelp(
            "Exit 2 when this category has findings: problems, skew, stale-rc, stale-constraints, behind, unused or any.",
            valueName: "category"),
        completion: .list(ReportCategory.allCases.map(\.rawValue) + ["any"]))
    var failOn: [String] = []

    @Option(name: .customLong("stale-rc-days"), help: ArgumentHelp(
        "An unreleased rc older than this many days is stale (default: stale_rc_days of compctl.yml, else 30).",
        valueName: "days"))
    var staleRCDays: Int?

    @Flag(help: "Print the report to stdout instead of writing --output, the history or the job summary.")
    var dryRun = false

    @Option(name: .customLong("now"), help: .hidden)
    var now: String?

    func validate() throws {
        if json, let format, format != .json {
            throw ValidationError("--json and --format \(format.rawValue) disagree; give one of them")
        }
        _ = try categories()
        if let staleRCDays, staleRCDays < 0 {
            throw ValidationError("--stale-rc-days must be 0 or more, not \(staleRCDays)")
        }
        if let now, Self.date(now) == nil {
            throw ValidationError("--now takes seconds since 1970 or an ISO 8601 time such as 2025-06-15T12:00:00Z, not '\(now)'")
        }
        let chosen = json ? ReportFormat.json : format
        if let chosen, output.count > 1 {
            throw ValidationError("--format \(chosen.rawValue) applies to one --output, not \(output.count); "
                + "let the extension of each file pick its format")
        }
        for path in output {
            let implied = ReportFormat.implied(byPath: path)
            if let chosen, let implied, implied != chosen {
                throw ValidationError("--format \(chosen.rawValue) disagrees with the extension of --output \(path) "
                    + "(\(implied.rawValue)); give one of them")
            }
            if chosen == nil, implied == nil {
                let ext = URL(fileURLWithPath: path).pathExtension
                let what = ext.isEmpty ? "the name has no extension" : "'.\(ext)' is no format of the report"
                throw ValidationError("--output \(path): \(what); name the file .md, .html or .json, "
                    + "or pass --format md, html or json")
            }
        }
    }

    /// Each file to write with its format: `--json` or `--format` for the one `--output`, else
    /// its extension (`validate` made sure there is one).
    private var outputs: [(path: String, format: ReportFormat)] {
        let chosen = json ? ReportFormat.json : format
        return output.map { ($0, chosen ?? ReportFormat.implied(byPath: $0) ?? .markdown) }
    }

    /// The format of stdout: `--json`, `--format`, the first `--output`'s (a dry run), else Markdown.
    private var outputFormat: ReportFormat {
        if json { return .json }
        if let format { return format }
        return outputs.first?.format ?? .markdown
    }

    private func categories() throws -> [ReportCategory] {
        var result: [ReportCategory] = []
        for value in failOn.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let parsed = ReportCategory.parse(value) else {
                let known = ReportCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown --fail-on category '\(value)'; use \(known) or any")
            }
            result += parsed
        }
        return result
    }

    /// `--now`: seconds since 1970 or an ISO 8601 time.
    static func date(_ text: String) -> Date? {
        if let seconds = Double(text) { return Date(timeIntervalSince1970: seconds) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    func run() throws {
        let (input, sources) = try reportingErrors { try gatherInput() }
        var report = try reportingErrors { try ReportBuilder(input: input).build() }
        // Junk is found while the repos are read, which building the report has done.
        ResolutionWarnings.printJunk(of: sources)
        let store = history.map(ReportHistory.init(directory:))
        if let store {
            let earlier = try reportingErrors { try store.earlierRuns() }
            earlier.warnings.forEach(Console.warning)
            report.warnings += earlier.warnings
            report.history = earlier.points + [HistoryPoint(generatedAt: report.generatedAt, summary: report.summary)]
        }

        var rendered: [ReportFormat: String] = [:]
        func text(_ format: ReportFormat) throws -> String {
            if let done = rendered[format] { return done }
            let made = try reportingErrors { try render(report, as: format) }
            rendered[format] = made
            return made
        }
        if output.isEmpty || dryRun {
            Console.outRaw(try text(outputFormat))
            for (path, _) in outputs { Console.note("dry run: \(path) was not written") }
        } else {
            for (path, format) in outputs {
                let content = try text(format)
                try reportingErrors { try AtomicFile.write(content, to: path) }
                Console.note("wrote \(path) (\(format.rawValue))")
            }
        }
        if !dryRun {
            let printedMarkdown = output.isEmpty && outputFormat == .markdown
            if let summary = StepSummary.path(skippingStdout: printedMarkdown) {
                try reportingErrors { try StepSummary.append(try text(.markdown), to: summary) }
            }
            if let store { _ = try reportingErrors { try store.store(report) } }
        }
        Console.note("verdict: \(report.verdict.status.rawValue): \(report.verdict.text)")
        if report.verdict.status == .fail { throw Exit.problems }
    }

    /// `report` in `format`; the HTML page's graph drawn by Graphviz when `dot` is on PATH.
    private func render(_ report: SkewReport, as format: ReportFormat) throws -> String {
        switch format {
        case .markdown:
            return try MarkdownRenderer().render(report)
        case .json:
            return try JSONReportRenderer().render(report)
        case .html:
            let dot = GraphvizGraphDrawer.locate(searchPath: ProcessInfo.processInfo.environment["PATH"])
            let drawing = ReportGraphDrawing.draw(report.graph, graphviz: dot.map { GraphvizGraphDrawer(executable: $0) })
            if let warning = drawing.warning { Console.warning(warning) }
            return HTMLRenderer(graphSVG: drawing.svg, graphNote: drawing.note).render(report)
        }
    }

    // MARK: - Glue: configuration, sources and Podfiles into the report's input

    /// The sources, projects and rules of the configuration, read for the report. Sources
    /// and Podfiles go through `SourceLocator` and `PodfileInputs`, as `resolve` reads them.
    private func gatherInput() throws -> (ReportInput, [SpecRepoSource]) {
        let configuration = try config.load()
        // Swift packages alone need no spec repo.
        let packagesOnly = configuration.specRepos.isEmpty && sourceOptions.sources.isEmpty
            && (!configuration.packages.isEmpty || configuration.projects.contains { $0.packagesManifest != nil })
        // The private sources only: the report is about the components, and never lists trunk.
        let sources = packagesOnly ? [] : try SpecSources(configuration: configuration, offline: sourceOptions.offline)
            .privateSources(sourceOptions.sources, podfile: PodfileInputs.defaultPath(explicit: nil, configuration: configuration))
        var projects: [ProjectInput] = []
        var warnings = configuration.layerWarnings(pods: sources.compactMap(\.repository).flatMap { $0.podNames() })
            .map(\.description)
        var unreadable: [String] = []
        for project in configuration.projects {
            let kind: ProjectKind = project.kind == .main ? .main : .example
            guard let podfile = project.podfile else {
                if project.packagesManifest == nil {
                    warnings.append("project \(project.name) names no podfile in compctl.yml, so the report does not cover it")
                }
                projects.append(ProjectInput(name: project.name, kind: kind, request: nil))
                continue
            }
            do {
                let path = configuration.resolve(path: podfile)
                try PodfileInputs.requireFile(path)
                PodfileInputs.warnOfUnfinishedIntegrate(podfile: path)
                let inputs = try PodfileInputs(path: path, sources: sources)
                warnings += inputs.warnings
                projects.append(ProjectInput(name: project.name, kind: kind, podfile: podfile, request: inputs.request))
            } catch {
                unreadable.append("project \(project.name): \(error)")
            }
        }
        if !unreadable.isEmpty { throw CommandError(messages: unreadable) }
        var dates: [any PublishDateSource] = []
        for source in sources {
            if let repository = source.repository, let known = Self.publishDates(of: repository) {
                dates.append(known)
            } else {
                warnings.append("spec repo \(source.name) gives no publish dates, so the ages of its rcs are "
                    + "unknown and none of them counts as stale")
            }
        }
        let packages = try PackageReportInputs.gather(configuration, warnings: &warnings)
        // The binary channel: whether each component's newest release has a binary.
        let binaries = try configuration.binary.repo.map { name -> any SpecProvider in
            try SpecSources(configuration: configuration, offline: sourceOptions.offline).open(name, depth: .onDemand)
                .binaryProvider(name: name)
        }
        warnings.forEach(Console.warning)
        var input = ReportInput(
            providers: sources.map(\.provider), projects: projects,
            layers: GraphChecker.layerRules(of: configuration), interfaceSuffix: GraphChecker.interfaceSuffix(of: configuration),
            staleRCDays: staleRCDays ?? configuration.staleRCDays, rcLabel: configuration.rcLabel,
            publishDates: FirstPublishDate(dates),
            now: now.flatMap(Self.date) ?? Date(), failOn: try categories(), warnings: warnings,
            binaries: binaries)
        input.packages = packages
        return (input, sources)
    }

    /// Where the publish dates of a spec repo's specs come from (the hook of rc ages): a
    /// directory's spec file modification times. Git sources plug in here: a spec repo read
    /// from git objects answers with the commit time of the commit that added the spec file
    /// (`PublishDateSource`). Nil when the source knows no dates.
    static func publishDates(of repository: SpecRepository) -> (any PublishDateSource)? {
        if let tree = repository.tree as? DirectorySpecTree {
            return PublishDateLookup(SpecFileModificationDates(repository: repository, root: tree.location).publishDate)
        }
        if let tree = repository.tree as? GitSpecTree, let commit = tree.commit {
            return PublishDateLookup(GitPublishDates(repository: repository, gitDirectory: tree.gitDirectory, head: commit).publishDate)
        }
        return nil
    }
}

/// GitHub Actions' job summary: Markdown appended to the file `$GITHUB_STEP_SUMMARY` names
/// is shown on the run's page.
enum StepSummary {
    /// The summary file when GitHub Actions gives one; nil when `skippingStdout` and stdout is
    /// that very file (a step that redirects the Markdown report into it already added it).
    static func path(skippingStdout: Bool) -> String? {
        guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return nil }
        if skippingStdout {
            var out = stat(), file = stat()
            if fstat(STDOUT_FILENO, &out) == 0, stat(path, &file) == 0, out.st_dev == file.st_dev, out.st_ino == file.st_ino {
                return nil
            }
        }
        return path
    }

    /// Appends `markdown` to `path` in one write (GitHub creates the file; so does this).
    static func append(_ markdown: String, to path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CommandError(messages: ["cannot append the report to the job summary \(path) (GITHUB_STEP_SUMMARY): "
                + String(cString: strerror(errno)) + "; make the file writable, or unset GITHUB_STEP_SUMMARY"])
        }
        defer { close(fd) }
        let bytes = Array(markdown.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            guard written > 0 else {
                throw CommandError(messages: ["cannot append the report to the job summary \(path) (GITHUB_STEP_SUMMARY): "
                    + String(cString: strerror(errno)) + "; make the file writable, or unset GITHUB_STEP_SUMMARY"])
            }
            offset += written
        }
    }
}

/// The report as Markdown for a CI job summary or an issue comment: the verdict and counts
/// first, then one short section per kind of finding; sections with nothing in them are
/// left out.
public struct MarkdownRenderer: ReportRenderer {
    /// Above this many components the state table lists only those with findings or a pin
    /// behind, so that the text stays short (GitHub keeps 1 MiB of a job summary).
    public var fullTableLimit: Int

    /// The Markdown renderer.
    public init(fullTableLimit: Int = 60) {
        self.fullTableLimit = fullTableLimit
    }

    public func render(_ report: SkewReport) throws -> String {
        header(report) + problems(report) + components(report) + staleConstraints(report) + skew(report)
            + releaseCandidates(report) + unused(report) + warnings(report)
    }

    // MARK: - Sections

    /// The title, the verdict, where the report comes from and the summary table.
    private func header(_ report: SkewReport) -> String {
        var out = "# Component skew report\n\n"
        out += "**\(report.verdict.status.rawValue.uppercased())** · \(Self.inline(report.verdict.text))\n\n"
        let projects = report.projects.map { "\($0.name) (\($0.kind.rawValue))" }
        out += "Generated \(report.generatedAt) from \(Self.inline(report.sources.joined(separator: ", ")))"
        out += projects.isEmpty ? " (no projects configured).\n\n" : " for \(Self.inline(projects.joined(separator: ", "))).\n\n"
        out += MarkdownTable(
            headers: ["finding", "count"], alignments: [.left, .right],
            rows: Display.summaryRows(report).map { [$0.label, String($0.count)] } + [["components", String(report.summary.components)]]
        ).render()
        if let points = report.history, points.count > 1, let first = points.first, let last = points.last {
            let changes = HistoryPoint.measures.map { "\($0.label) \($0.value(first)) → \($0.value(last))" }
            out += "\nLast \(points.count) runs (\(first.generatedAt) to \(last.generatedAt)): \(changes.joined(separator: ", ")).\n"
        }
        return out
    }

    private func problems(_ report: SkewReport) -> String {
        guard !report.problems.isEmpty else { return "" }
        var out = "\n## Problems\n\n"
        for problem in report.problems {
            let first = problem.occurrences[0]
            out += "- **\(problem.kind)** (\(Self.inline(first.scope))): \(Self.inline(first.message))\n"
            for other in problem.occurrences.dropFirst() {
                out += "  - in \(Self.inline(other.scope)): \(Self.inline(other.message))\n"
            }
        }
        return out
    }

    /// The state table; over `fullTableLimit` components, only those needing attention.
    private func components(_ report: SkewReport) -> String {
        var out = "\n## Components\n\n"
        var components = report.components
        if components.count > fullTableLimit {
            let attention = Display.needingAttention(report)
            components = components.filter { attention.contains($0.name) }
            out += "\(components.count) of \(report.components.count) components have findings or a pin behind; "
                + "only those are listed (the HTML and JSON reports have every one).\n\n"
        }
        if !components.isEmpty { out += componentTable(report, components).render() }
        return out
    }

    private func staleConstraints(_ report: SkewReport) -> String {
        guard !report.staleConstraints.isEmpty else { return "" }
        var rows: [[String]] = []
        for constraint in report.staleConstraints {
            for (position, holder) in constraint.heldBackBy.enumerated() {
                rows.append([
                    position == 0 ? constraint.pod : "", position == 0 ? constraint.newestRelease.description : "",
                    holder.consumer.label, holder.consumer.requirement, Display.version(holder.highestAllowed),
                    holder.consumer.scopes.joined(separator: ", "),
                ])
            }
        }
        return "\n## Stale constraints\n\nRequirements that exclude the newest release of a pod.\n\n"
            + MarkdownTable(headers: ["pod", "newest", "held back by", "requirement", "allows up to", "in"], rows: rows).render()
    }

    private func skew(_ report: SkewReport) -> String {
        guard !report.skew.pins.isEmpty || !report.skew.ranges.isEmpty else { return "" }
        var out = "\n## Skew\n\n"
        if !report.skew.pins.isEmpty {
            out += MarkdownTable(
                headers: ["pod"] + report.projects.map(Display.projectHeader),
                rows: report.skew.pins.map { skew in
                    [skew.pod] + report.projects.map { project in
                        Display.version(skew.pins.first { $0.project == project.name }?.version)
                    }
                }
            ).render()
            if !report.skew.ranges.isEmpty { out += "\n" }
        }
        for range in report.skew.ranges {
            out += "- **\(Self.inline(range.pod))**: \(Self.inline(Display.list(range.first.map(Display.consumer)))), "
                + "but \(Self.inline(Display.list(range.second.map(Display.consumer)))); no version satisfies both\n"
        }
        return out
    }

    private func releaseCandidates(_ report: SkewReport) -> String {
        let open = report.releaseCandidates.filter { $0.state != .released }
        guard !open.isEmpty else { return "" }
        return "\n## Release candidates\n\n"
            + "Unreleased rcs: stale once a higher release supersedes them or after \(report.staleRCDays) days, "
            + "else pending.\n\n"
            + MarkdownTable(
                headers: ["pod", "rc", "age (days)", "state", "note"], alignments: [.left, .left, .right],
                rows: open.map { [$0.pod, $0.version.description, Display.age($0), $0.state.rawValue, Display.candidateNote($0)] }
            ).render()
    }

    private func unused(_ report: SkewReport) -> String {
        guard !report.unused.isEmpty else { return "" }
        return "\n## Unused components\n\nPublished, but reached by no main project.\n\n"
            + MarkdownTable(
                headers: ["pod", "layer", "newest"],
                rows: report.unused.map { [$0.name, $0.layer ?? Display.none, Display.version($0.newestVersion)] }
            ).render()
    }

    private func warnings(_ report: SkewReport) -> String {
        guard !report.warnings.isEmpty else { return "" }
        return "\n## Warnings\n\n" + report.warnings.map { "- \(Self.inline($0))\n" }.joined()
    }

    private func componentTable(_ report: SkewReport, _ components: [ComponentState]) -> MarkdownTable {
        let projects = report.projects
        // The binary column only where there is a binary channel.
        let binaries = components.contains { $0.newestReleaseHasBinary != nil }
        return MarkdownTable(
            headers: ["pod", "layer", "newest release"] + (binaries ? ["binary"] : []) + ["newest rc", "rc age (days)"]
                + projects.map(Display.projectHeader),
            alignments: [.left, .left, .left] + (binaries ? [.left] : []) + [.left, .right],
            rows: components.map { component in
                [component.name, component.layer ?? Display.none, Display.version(component.newestRelease)]
                    + (binaries ? [Display.binary(component.newestReleaseHasBinary)] : [])
                    + [Display.candidate(component.newestRC), Display.age(component.newestRC)]
                    + projects.map { Display.pin(component.pin(in: $0.name)) }
            })
    }

    /// Text made literal in Markdown: emphasis, code, link and HTML characters are escaped
    /// with a backslash, line breaks become spaces.
    public static func inline(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<":
                result.append("\\")
                result.append(character)
            case "\n", "\r", "\r\n":
                result.append(" ")
            default:
                result.append(character)
            }
        }
        return result
    }
}

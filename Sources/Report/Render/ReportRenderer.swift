import Foundation

/// One output format of the skew report, each its own type, as `GraphFormatter` is for the
/// graph.
public protocol ReportRenderer {
    /// The report in this format, ending in a newline.
    func render(_ report: SkewReport) throws -> String
}

/// The formats `--format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Markdown, for a CI job summary or an issue comment.
    case markdown = "md"
    /// One self-contained HTML page.
    case html
    /// The report as JSON with a `schemaVersion`.
    case json

    /// The format a file name's extension implies: `.md`/`.markdown`, `.html`/`.htm`, `.json`.
    public static func implied(byPath path: String) -> ReportFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "md", "markdown": .markdown
        case "html", "htm": .html
        case "json": .json
        default: nil
        }
    }
}

/// How the report's text shows a few recurring values.
enum Display {
    static let none = "—"

    static func version<V: CustomStringConvertible>(_ version: V?) -> String {
        version.map(\.description) ?? none
    }

    /// Whether the newest release has a binary: `yes`, `missing`, or `—` without a channel.
    static func binary(_ has: Bool?) -> String {
        has.map { $0 ? "yes" : "missing" } ?? none
    }

    /// `2.1.0-rc.2 (pending)`.
    static func candidate(_ rc: ReleaseCandidate?) -> String {
        guard let rc else { return none }
        return "\(rc.version) (\(rc.state.rawValue))"
    }

    /// `260`, or the dash when unknown.
    static func age(_ rc: ReleaseCandidate?) -> String {
        rc?.ageDays.map(String.init) ?? none
    }

    /// `1.4.2 (1 behind)`, `0.1.7 (lock, 1 behind)`, `2.1.0-rc.2 (lock, ahead)`.
    static func pin(_ pin: Pin?) -> String {
        guard let pin else { return none }
        var notes: [String] = []
        if pin.origin != .podfile { notes.append(pin.origin.rawValue) }
        if pin.behind > 0 { notes.append("\(pin.behind) behind") }
        if pin.ahead { notes.append("ahead") }
        return notes.isEmpty ? pin.version.description : "\(pin.version) (\(notes.joined(separator: ", ")))"
    }

    /// `AcmeApp`, `XXCartExample (example)`.
    static func projectHeader(_ project: ProjectSummary) -> String {
        project.kind == .example ? "\(project.name) (example)" : project.name
    }

    /// The note of an rc: `released as 1.7.0`, `superseded by 0.2.0`.
    static func candidateNote(_ rc: ReleaseCandidate) -> String {
        if let released = rc.releasedAs { return "released as \(released)" }
        if let newer = rc.supersededBy { return "superseded by \(newer)" }
        return ""
    }

    /// `XXOrder (1.6.0) requires = 2.1.0-rc.2`.
    static func consumer(_ consumer: Consumer) -> String {
        "\(consumer.label) requires \(consumer.requirement)"
    }

    /// `A`, `A and B`, `A, B and C`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// The finding tags of each pod for the state table: problem kinds, `held back`, `skew`,
    /// `stale rc`, `unused`.
    static func findings(_ report: SkewReport) -> [String: [String]] {
        var tags: [String: [String]] = [:]
        func tag(_ pod: String, _ text: String) {
            if !(tags[pod] ?? []).contains(text) { tags[pod, default: []].append(text) }
        }
        for problem in report.problems { for pod in problem.pods { tag(pod, problem.kind) } }
        for constraint in report.staleConstraints { tag(constraint.pod, "held back") }
        for skew in report.skew.pins { tag(skew.pod, "skew") }
        for skew in report.skew.ranges { tag(skew.pod, "skew") }
        for rc in report.releaseCandidates where rc.state == .stale { tag(rc.pod, "stale rc") }
        for component in report.unused { tag(component.name, "unused") }
        return tags
    }

    /// The components with a finding or a pin behind.
    static func needingAttention(_ report: SkewReport) -> Set<String> {
        var names = Set(findings(report).keys)
        for component in report.components where component.pins.contains(where: { $0.behind > 0 }) {
            names.insert(component.name)
        }
        return names
    }

    /// The summary's rows: label, count, and the section it points to.
    static func summaryRows(_ report: SkewReport) -> [(label: String, count: Int, anchor: String)] {
        let summary = report.summary
        return [
            ("problems", summary.problems, "problems"),
            ("skew", summary.skew, "skew"),
            ("stale constraints", summary.staleConstraints, "stale-constraints"),
            ("stale rcs (superseded, or over \(report.staleRCDays) days)", summary.staleRCs, "release-candidates"),
            ("pending rcs", summary.pendingRCs, "release-candidates"),
            ("pins behind", summary.pinsBehind, "components"),
            ("unused components", summary.unused, "unused"),
        ]
    }
}

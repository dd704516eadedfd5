import Diagnostics

/// What `compctl graph` and `compctl why` print: the graph, and what was asked of it.
public struct GraphReport: Sendable {
    public var graph: DependencyGraph
    /// Whether to print the graph itself, or only the parts below.
    public var includesGraph: Bool
    /// The problems `--check` found (nil: no check was run).
    public var problems: [GraphProblem]?
    /// `--affected NAME`.
    public var affected: AffectedWaves?
    /// `why NAME`.
    public var why: WhyResult?
    public var warnings: [GraphWarning]
    /// The file CI findings point at (the Podfile checked, or compctl.yml, which holds the
    /// rules), for `--format github` and `gitlab`.
    public var checkedFile: String?

    /// A report of `graph` with what was asked of it.
    public init(graph: DependencyGraph, includesGraph: Bool = true, problems: [GraphProblem]? = nil,
                affected: AffectedWaves? = nil, why: WhyResult? = nil, warnings: [GraphWarning] = []) {
        self.graph = graph
        self.includesGraph = includesGraph
        self.problems = problems
        self.affected = affected
        self.why = why
        self.warnings = warnings
    }
}

/// One output format of the graph, as periphery's `OutputFormatter` and SwiftPM's
/// `show-dependencies --format` have one type per format.
public protocol GraphFormatter: Sendable {
    /// The report as this format's text, ending in a newline.
    func format(_ report: GraphReport) throws -> String
}

/// The formats `--format` accepts.
public enum GraphFormat: String, CaseIterable, Sendable {
    case text
    case dot
    case mermaid
    case json
    /// `{"include":[{"wave":1,"pods":["A","B"]},…]}` for `strategy.matrix` of a GitHub
    /// Actions job: one entry a wave. It has no `schemaVersion`, which would become a matrix
    /// dimension.
    case githubMatrix = "github-matrix"
    /// The problems of `--check` as GitHub Actions workflow commands.
    case github
    /// The problems of `--check` as a GitLab Code Quality report.
    case gitlab

    /// The formatter that writes this format.
    public var formatter: any GraphFormatter {
        switch self {
        case .text: TextGraphFormatter()
        case .dot: DotGraphFormatter()
        case .mermaid: MermaidGraphFormatter()
        case .json: JSONGraphFormatter()
        case .githubMatrix: GitHubMatrixFormatter()
        case .github: CIProblemsFormatter(ci: .github)
        case .gitlab: CIProblemsFormatter(ci: .gitlab)
        }
    }
}

/// Why a report could not be formatted.
public enum GraphFormatError: Error, Equatable, CustomStringConvertible {
    /// The format needs something the report does not have.
    case needsAffected(GraphFormat)
    /// A CI format lists the problems of `--check`.
    case needsCheck(GraphFormat)

    public var description: String {
        switch self {
        case let .needsAffected(format):
            return "the \(format.rawValue) format lists affected pods: add --affected NAME"
        case let .needsCheck(format):
            return "--format \(format.rawValue) lists the problems of --check; add --check"
        }
    }
}

/// The edges cycles and layer breaches are about, by `from` and `to`, for formats that can
/// highlight them.
func highlightedEdges(_ report: GraphReport) -> [GraphProblem.Link: GraphProblem.Kind] {
    var result: [GraphProblem.Link: GraphProblem.Kind] = [:]
    for problem in report.problems ?? [] where problem.kind == .cycle || problem.kind == .layer {
        for link in problem.links where result[link] == nil { result[link] = problem.kind }
    }
    return result
}

import Foundation

/// The report as compctl's JSON: sorted keys, two-space indentation, slashes unescaped, the
/// same layout `--json` output has everywhere.
public struct JSONReportRenderer: ReportRenderer {
    /// The JSON renderer.
    public init() {}

    public func render(_ report: SkewReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }
}

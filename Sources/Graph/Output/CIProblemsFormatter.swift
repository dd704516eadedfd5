import Diagnostics

/// The problems of `--check` as CI findings, each pointing at the report's `checkedFile`.
public struct CIProblemsFormatter: GraphFormatter {
    /// The CI system.
    public var ci: CIFormat

    public func format(_ report: GraphReport) throws -> String {
        guard let problems = report.problems else {
            throw GraphFormatError.needsCheck(ci == .github ? .github : .gitlab)
        }
        return ci.render(problems.map {
            CIAnnotation(check: $0.kind.rawValue, file: report.checkedFile, line: nil, message: $0.message)
        })
    }
}

import Foundation

/// The waves of `--affected` as a GitHub Actions matrix, on one line for `$GITHUB_OUTPUT`:
/// `{"include":[{"pods":["XXCart","XXHome"],"wave":1},{"pods":["XXApp"],"wave":2}]}`.
/// A workflow runs the waves in order with one job per wave (`needs:`), or reads the
/// pods of every wave from one matrix job. No waves gives `{"include":[]}`.
public struct GitHubMatrixFormatter: GraphFormatter {
    /// The matrix formatter.
    public init() {}

    private struct Matrix: Encodable {
        var include: [JSONGraphFormatter.Document.Wave]
    }

    /// The waves as one line of JSON; throws without `affected`.
    public func format(_ report: GraphReport) throws -> String {
        guard let affected = report.affected else { throw GraphFormatError.needsAffected(.githubMatrix) }
        let matrix = Matrix(include: affected.numbered.map { JSONGraphFormatter.Document.Wave(wave: $0.wave, pods: $0.pods) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(matrix), as: UTF8.self) + "\n"
    }
}

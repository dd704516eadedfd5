import TextFormat

/// A GitHub-flavoured Markdown table whose columns line up in the raw text too: every cell
/// is padded to its column's width, numbers are right-aligned.
public struct MarkdownTable: Sendable {
    /// How a column's cells are aligned.
    public enum Alignment: Sendable {
        case left
        case right
    }

    public var headers: [String]
    public var alignments: [Alignment]
    /// Rows of cells as plain text; they are escaped when rendered.
    public var rows: [[String]]

    /// A table with `headers`, left-aligned unless `alignments` says otherwise.
    public init(headers: [String], alignments: [Alignment] = [], rows: [[String]] = []) {
        self.headers = headers
        self.alignments = alignments + Array(repeating: .left, count: max(0, headers.count - alignments.count))
        self.rows = rows
    }

    /// The table, one line a row, ending in a newline.
    public func render() -> String {
        let header = headers.map(Self.escape)
        let body = rows.map { row in
            (0..<headers.count).map { $0 < row.count ? Self.escape(row[$0]) : "" }
        }
        let layout = alignments.map { $0 == .right ? TextTable.Alignment.right : .left }
        return TextTable([header] + body, alignments: layout).markdown()
    }

    /// A cell's text made safe for a table: `|` escaped, line breaks as spaces, and inline
    /// Markdown and HTML neutralised as in `MarkdownRenderer.inline`.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in MarkdownRenderer.inline(text) {
            switch character {
            case "|": result += "\\|"
            case "\n", "\r", "\r\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}

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
        var widths = header.map { max(3, $0.count) }
        for row in body {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return alignments[column] == .right ? padding + cell : cell + padding
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = "| " + widths.enumerated().map { column, width in
            alignments[column] == .right ? String(repeating: "-", count: width - 1) + ":" : String(repeating: "-", count: width)
        }.joined(separator: " | ") + " |"
        return ([line(header), rule] + body.map(line)).joined(separator: "\n") + "\n"
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

/// Rows of text cells laid out in columns: aligned plain text for a terminal (`outdated`,
/// `repo list`, `resolve`, `integrate`'s summary) or a GitHub-flavoured Markdown table whose
/// raw text lines up too (the report). Widths count characters.
public struct TextTable: Equatable, Sendable {
    /// How a column's cells are aligned.
    public enum Alignment: Equatable, Sendable {
        case left
        case right
    }

    /// The rows, header first when there is one; a short row is padded with empty cells.
    public var rows: [[String]]
    /// Each column's alignment; columns without one are left-aligned.
    public var alignments: [Alignment]

    /// A table of `rows`, left-aligned unless `alignments` says otherwise.
    public init(_ rows: [[String]], alignments: [Alignment] = []) {
        self.rows = rows
        self.alignments = alignments
    }

    /// How many columns the widest row has.
    public var columnCount: Int {
        rows.map(\.count).max() ?? 0
    }

    /// The rows as plain text: every cell padded to its column's widest, columns `separator`
    /// apart, the last column left unpadded when it is left-aligned; one line a row, each
    /// ending in a newline (nothing at all for no rows).
    public func plainText(separator: String = "  ") -> String {
        let cells = normalized
        let widths = columnWidths(cells, minimum: 0)
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == widths.count - 1 && alignment(column) == .left ? cell : pad(cell, to: widths[column], column)
            }.joined(separator: separator) + "\n"
        }.joined()
    }

    /// The rows as a Markdown table, the first row its header: `| a | b |` lines, the rule
    /// `| --- | --: |` after the header, every column at least three characters wide. Cells
    /// are written as they are: escaping them is the caller's business.
    public func markdown() -> String {
        let cells = normalized
        guard let header = cells.first else { return "" }
        let widths = columnWidths(cells, minimum: 3)
        func line(_ row: [String]) -> String {
            "| " + row.enumerated().map { column, cell in pad(cell, to: widths[column], column) }.joined(separator: " | ") + " |"
        }
        let rule = "| " + widths.enumerated().map { column, width in
            alignment(column) == .right ? String(repeating: "-", count: width - 1) + ":" : String(repeating: "-", count: width)
        }.joined(separator: " | ") + " |"
        return ([line(header), rule] + cells.dropFirst().map(line)).joined(separator: "\n") + "\n"
    }

    /// Every row with `columnCount` cells.
    private var normalized: [[String]] {
        let count = columnCount
        return rows.map { $0.count < count ? $0 + Array(repeating: "", count: count - $0.count) : $0 }
    }

    private func alignment(_ column: Int) -> Alignment {
        column < alignments.count ? alignments[column] : .left
    }

    private func columnWidths(_ cells: [[String]], minimum: Int) -> [Int] {
        (0..<columnCount).map { column in cells.map { $0[column].count }.reduce(minimum, max) }
    }

    private func pad(_ cell: String, to width: Int, _ column: Int) -> String {
        let padding = String(repeating: " ", count: max(0, width - cell.count))
        return alignment(column) == .right ? padding + cell : cell + padding
    }
}

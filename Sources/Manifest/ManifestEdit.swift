import Diagnostics

/// The result of an edit: the new bytes, and each change made to the original bytes.
public struct ManifestEdit: Equatable, Sendable {
    /// One replacement: `range` of the original bytes became `replacement` (an empty range is
    /// an insertion).
    public struct Change: Equatable, Sendable {
        public var range: Range<Int>
        public var replacement: [UInt8]

        public init(range: Range<Int>, replacement: [UInt8]) {
            self.range = range
            self.replacement = replacement
        }
    }

    /// The edited file.
    public var bytes: [UInt8]
    /// The changes, ordered by position in the original file.
    public var changes: [Change]

    /// Applies `changes` (which must not overlap) to `original`.
    init(original: [UInt8], changes unsorted: [Change]) {
        let changes = unsorted.enumerated()
            .sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
            .map(\.element)
        var output: [UInt8] = []
        output.reserveCapacity(original.count + changes.reduce(0) { $0 + $1.replacement.count })
        var cursor = 0
        for change in changes {
            output.append(contentsOf: original[cursor..<change.range.lowerBound])
            output.append(contentsOf: change.replacement)
            cursor = change.range.upperBound
        }
        output.append(contentsOf: original[cursor...])
        self.bytes = output
        self.changes = changes
    }
}

/// A tokenised Ruby file with every bracket and `do`/`if`/`def` … `end` pair matched, so a
/// reader can step over a statement or a block in one move.
public struct RubySource {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The file's tokens, without the lexer's closing `.end`.
    public let tokens: [RubyToken]
    /// For an opener, the index of its closer; for a closer, its opener; otherwise -1.
    public let match: [Int]

    /// Tokenises `bytes` and matches its blocks. Brackets, blocks and interpolations nested
    /// more than `maximumDepth` deep are a `.tooDeep` error.
    public init(bytes: [UInt8], maximumDepth: Int) throws(RubySyntaxError) {
        var tokens = try RubyLexer.tokenize(bytes, maximumNesting: maximumDepth)
        tokens.removeLast()
        self.bytes = bytes
        self.tokens = tokens
        self.match = try RubyBlockMatcher.match(tokens, maximumDepth: maximumDepth)
    }

    /// Whether the token at `index` opens a bracket or a block.
    public func isOpener(_ index: Int) -> Bool { match[index] > index }

    /// The source of a token range on one line, shortened to fit in a message.
    public func text(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let raw = String(decoding: bytes[tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end], as: UTF8.self)
        let line = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingSpaces() }.joined(separator: " ")
        return line.count > 60 ? line.prefix(59) + "…" : line
    }

    /// The byte range a token range covers.
    public func byteRange(_ range: Range<Int>) -> Range<Int> {
        tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end
    }

    // MARK: - Statements

    /// Whether a line ending after `index` continues onto the next line.
    private func continuesLine(after index: Int) -> Bool {
        let token = tokens[index]
        switch token.kind {
        case .op:
            return !token.isClosingBracket
        case .keyword:
            return token.text == "and" || token.text == "or" || token.text == "not"
        case .label:
            return true
        default:
            return token.isLabelString
        }
    }

    /// The end (exclusive) of the statement starting at `start`, stepping over every block.
    public func statementEnd(from start: Int, limit: Int) -> Int {
        var j = start
        while j < limit {
            if isOpener(j) {
                j = match[j] + 1
                continue
            }
            if tokens[j].isNewline {
                if j > start, continuesLine(after: j - 1) {
                    j += 1
                    continue
                }
                // A line that starts with `.method` continues the chain before it.
                if j + 1 < limit, tokens[j + 1].isOp(".") || tokens[j + 1].isOp("&.") {
                    j += 1
                    continue
                }
                return j
            }
            j += 1
        }
        return limit
    }

    /// The first token of a `do` block's body: after the block parameters `|a, b|`. Never
    /// after the block's `end`: parameters that are never closed leave the body empty.
    public func blockBodyStart(_ doIndex: Int) -> Int {
        var k = doIndex + 1
        if k < tokens.count, tokens[k].isOp("||") { return min(k + 1, match[doIndex]) }
        if k < tokens.count, tokens[k].isOp("|") {
            k += 1
            while k < match[doIndex], !tokens[k].isOp("|") {
                k = isOpener(k) ? match[k] + 1 : k + 1
            }
            return min(k + 1, match[doIndex])
        }
        return min(k, match[doIndex])
    }

    /// The top-level `do` block of a statement, if it has one.
    public func trailingBlock(_ start: Int, _ end: Int) -> (open: Int, close: Int)? {
        var k = start
        while k < end {
            if tokens[k].isKeyword("do"), isOpener(k) { return (k, match[k]) }
            k = isOpener(k) ? match[k] + 1 : k + 1
        }
        return nil
    }

    /// Splits `range` at its top-level commas, dropping line breaks at the edges of each part.
    public func splitArguments(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var partStart = range.lowerBound
        var k = range.lowerBound
        while k < range.upperBound {
            if tokens[k].isOp(",") {
                parts.append(partStart..<k)
                partStart = k + 1
                k += 1
                continue
            }
            k = isOpener(k) ? match[k] + 1 : k + 1
        }
        parts.append(partStart..<range.upperBound)
        return parts.map(trimmed).filter { !$0.isEmpty }
    }

    /// `range` without the line breaks at its edges.
    public func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, tokens[lower].isNewline { lower += 1 }
        while upper > lower, tokens[upper - 1].isNewline { upper -= 1 }
        return lower..<upper
    }

    /// The index of the first top-level token in `range` satisfying `predicate`.
    public func firstTopLevel(in range: Range<Int>, where predicate: (RubyToken) -> Bool) -> Int? {
        var k = range.lowerBound
        while k < range.upperBound {
            if predicate(tokens[k]) { return k }
            k = isOpener(k) ? match[k] + 1 : k + 1
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}

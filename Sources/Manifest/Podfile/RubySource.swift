/// A tokenised Podfile with every bracket and `do`/`if`/`def` … `end` pair matched, so a
/// statement or a block can be stepped over in one move.
struct RubySource {
    let bytes: [UInt8]
    let file: String
    let tokens: [RubyToken]
    /// The text of each token, by index.
    let names: [String]
    let literals: [RubyLiteral]
    /// For an opener, the index of its closer; for a closer, its opener; otherwise -1.
    let match: [Int]

    /// The deepest nesting of blocks and brackets (and, while evaluating, of blocks and
    /// helper-method calls) compctl follows; real Podfiles nest a handful of levels. The
    /// evaluator recurses once per level, up to about 3.4 KB of stack in a release build and
    /// 14 KB in a debug build, on a command's secondary thread (512 KB on macOS): 256 nested
    /// targets needed 696 KB, and 128 nested `each` blocks 436 KB; 64 stay under 240 KB.
    static let maximumDepth = 64

    /// The message for nesting deeper than `maximumDepth` of `what`.
    static func tooDeep(_ what: String) -> String {
        "the Podfile nests too deeply (more than \(maximumDepth) levels of \(what)); flatten it"
    }

    init(bytes: [UInt8], file: String) throws(ManifestError) {
        let (tokens, names, literals) = try RubyLexer.tokenize(bytes, file: file)
        self.bytes = bytes
        self.file = file
        self.tokens = tokens
        self.names = names
        self.literals = literals
        self.match = try Self.matchBlocks(tokens, names: names, file: file)
    }

    func isOpener(_ index: Int) -> Bool { match[index] > index }

    /// The text of a token: the name, the operator, the symbol or label name.
    func text(of token: RubyToken) -> String { names[Int(token.name)] }

    /// The source of a token range on one line, shortened to fit in a message.
    func text(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let raw = String(decoding: bytes[tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end], as: UTF8.self)
        let line = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingSpaces() }.joined(separator: " ")
        return line.count > 60 ? line.prefix(59) + "…" : line
    }

    // MARK: - Matching

    /// Whether `if`/`unless`/`while`/`until` at `index` starts a statement rather than
    /// modifying the one before it: it does after a line break, an operator, or a keyword
    /// such as `then` or `else`.
    private static func startsStatement(_ tokens: [RubyToken], _ index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        switch previous.kind {
        case .newline, .label:
            return true
        case .punctuation:
            return !previous.isClosingBracket
        case .identifier:
            return ["then", "do", "else", "elsif", "begin", "and", "or", "not", "when", "in", "ensure", "rescue"]
                .contains { previous.isIdentifier($0) }
        default:
            return false
        }
    }

    /// `def name(args) = expression` has no `end`.
    private static func isEndlessDef(_ tokens: [RubyToken], _ index: Int) -> Bool {
        var k = index + 1
        // `def self.name`
        if k + 1 < tokens.count, tokens[k + 1].isPunctuation(".") { k += 2 }
        k += 1  // the name
        if k < tokens.count, tokens[k].isPunctuation("("), !tokens[k].spaceBefore {
            var depth = 0
            while k < tokens.count {
                if tokens[k].isPunctuation("(") { depth += 1 }
                if tokens[k].isPunctuation(")") {
                    depth -= 1
                    if depth == 0 { break }
                }
                k += 1
            }
            k += 1
        }
        return k < tokens.count && tokens[k].isPunctuation("=")
    }

    private static func matchBlocks(_ tokens: [RubyToken], names: [String], file: String) throws(ManifestError) -> [Int] {
        var match = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        var loopAwaitingDo: Int?
        func fail(_ line: Int, _ message: String) -> ManifestError {
            .malformed(ManifestIssue(file: file, line: line, message: message))
        }
        for (i, token) in tokens.enumerated() {
            switch token.kind {
            case .newline:
                loopAwaitingDo = nil
            case .punctuation:
                if token.isAnyPunctuation("(", "[", "{") {
                    stack.append(i)
                } else if token.isClosingBracket {
                    let expected = token.isPunctuation(")") ? "(" : token.isPunctuation("]") ? "[" : "{"
                    guard let top = stack.last, tokens[top].isPunctuation(expected) else {
                        let open = stack.last.map { "`\(names[$0])` on line \(tokens[$0].line) is still open" } ?? "nothing is open"
                        throw fail(token.line, "unexpected `\(names[i])`: \(open); check the brackets and `end`s")
                    }
                    stack.removeLast()
                    match[top] = i
                    match[i] = top
                }
            case .identifier where !token.afterDot && token.code != 0:
                switch names[i] {
                case "def":
                    if !isEndlessDef(tokens, i) { stack.append(i) }
                case "class", "module", "begin", "case":
                    stack.append(i)
                case "if", "unless":
                    if startsStatement(tokens, i) { stack.append(i) }
                case "while", "until":
                    if startsStatement(tokens, i) {
                        stack.append(i)
                        loopAwaitingDo = i
                    }
                case "for":
                    stack.append(i)
                    loopAwaitingDo = i
                case "do":
                    // `while x do … end` has one `end`: the `do` belongs to the loop.
                    if let loop = loopAwaitingDo, stack.last == loop {
                        loopAwaitingDo = nil
                    } else {
                        stack.append(i)
                    }
                case "end":
                    guard let top = stack.last, tokens[top].kind == .identifier else {
                        let open = stack.last.map { "`\(names[$0])` on line \(tokens[$0].line) is still open" } ?? "no block is open"
                        throw fail(token.line, "unexpected `end`: \(open); check the brackets and `end`s")
                    }
                    stack.removeLast()
                    match[top] = i
                    match[i] = top
                default:
                    break
                }
            default:
                break
            }
            if stack.count > maximumDepth {
                throw fail(token.line, tooDeep("blocks and brackets"))
            }
        }
        if let open = stack.last {
            let what = names[open]
            let closer = what == "(" ? ")" : what == "[" ? "]" : what == "{" ? "}" : "end"
            throw fail(tokens[open].line, "`\(what)` is never closed; add the missing `\(closer)`")
        }
        return match
    }

    // MARK: - Statements

    /// Whether a line ending after `index` continues onto the next line.
    private func continuesLine(after index: Int) -> Bool {
        let token = tokens[index]
        switch token.kind {
        case .punctuation:
            return !token.isClosingBracket
        case .identifier:
            return token.isIdentifier("and") || token.isIdentifier("or") || token.isIdentifier("not")
        case .label:
            return true
        default:
            return false
        }
    }

    /// The end (exclusive) of the statement starting at `start`, stepping over every block.
    func statementEnd(from start: Int, limit: Int) -> Int {
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
                if j + 1 < limit, tokens[j + 1].isAnyPunctuation(".", "&.") {
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
    func blockBodyStart(_ doIndex: Int) -> Int {
        var k = doIndex + 1
        if k < tokens.count, tokens[k].isPunctuation("||") { return min(k + 1, match[doIndex]) }
        if k < tokens.count, tokens[k].isPunctuation("|") {
            k += 1
            while k < match[doIndex], !tokens[k].isPunctuation("|") {
                k = isOpener(k) ? match[k] + 1 : k + 1
            }
            return min(k + 1, match[doIndex])
        }
        return min(k, match[doIndex])
    }

    /// The top-level `do` block of a statement, if it has one.
    func trailingBlock(_ start: Int, _ end: Int) -> (open: Int, close: Int)? {
        var k = start
        while k < end {
            if tokens[k].isIdentifier("do"), isOpener(k) { return (k, match[k]) }
            k = isOpener(k) ? match[k] + 1 : k + 1
        }
        return nil
    }

    /// Splits `range` at its top-level commas, dropping line breaks at the edges of each part.
    func splitArguments(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var partStart = range.lowerBound
        var k = range.lowerBound
        while k < range.upperBound {
            if tokens[k].isPunctuation(",") {
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

    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, tokens[lower].isNewline { lower += 1 }
        while upper > lower, tokens[upper - 1].isNewline { upper -= 1 }
        return lower..<upper
    }

    /// The index of the first top-level token in `range` satisfying `predicate`.
    func firstTopLevel(in range: Range<Int>, where predicate: (RubyToken) -> Bool) -> Int? {
        var k = range.lowerBound
        while k < range.upperBound {
            if predicate(tokens[k]) { return k }
            k = isOpener(k) ? match[k] + 1 : k + 1
        }
        return nil
    }

    /// The byte range a token range covers.
    func byteRange(_ range: Range<Int>) -> Range<Int> {
        tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}

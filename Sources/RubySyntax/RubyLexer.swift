/// Splits Ruby source into tokens: enough of Ruby's lexical grammar for podspecs and
/// Podfiles, including heredocs, `%` literals, interpolation, comments, `=begin … =end`,
/// `__END__` and line continuations. The podspec reader and the Podfile reader both build on it.
///
/// Newlines are tokens because they end statements, except where Ruby continues the
/// statement: after an operator or a comma, before a line that starts with `.method`, and
/// after a backslash. `;` is a newline token too.
public struct RubyLexer {
    let bytes: [UInt8]
    var index: Int
    var line: Int
    var tokens: [RubyToken] = []
    var spaceBefore = false
    /// Heredocs whose bodies start on the next line.
    var pendingHeredocs: [PendingHeredoc] = []
    /// Set when lexing the code of a `#{…}`: stop at the `}` that closes it.
    let stopsAtClosingBrace: Bool
    var braceDepth = 0
    var ternaryDepth = 0
    /// Where `nextLineStartsWithDot` last found the `.` of a continuing line.
    var continuedUntil = -1
    /// How many `#{…}` (and interpolating heredoc bodies) enclose this lexer: each level
    /// lexes in a lexer of its own, so the nesting is bounded by `maximumNesting`.
    let nesting: Int
    let maximumNesting: Int
    /// The line the lexer starts on: for an interpolation, the line of its `#{`.
    let firstLine: Int

    /// A heredoc whose body is still to be read: the token to fill in and how to read it.
    struct PendingHeredoc {
        var token: Int
        var name: [UInt8]
        var indented: Bool
        var squiggly: Bool
        var interpolates: Bool
    }

    init(bytes: [UInt8], index: Int, line: Int, stopsAtClosingBrace: Bool, nesting: Int, maximumNesting: Int) {
        self.bytes = bytes
        self.index = index
        self.line = line
        self.stopsAtClosingBrace = stopsAtClosingBrace
        self.nesting = nesting
        self.maximumNesting = maximumNesting
        self.firstLine = line
    }

    /// Tokenises a whole file; the last token is always `.end`. Interpolations nested more
    /// than `maximumNesting` deep are a `.tooDeep` error.
    public static func tokenize(_ bytes: [UInt8], maximumNesting: Int) throws(RubySyntaxError) -> [RubyToken] {
        var lexer = RubyLexer(bytes: bytes, index: 0, line: 1, stopsAtClosingBrace: false, nesting: 0,
                              maximumNesting: maximumNesting)
        lexer.tokens.reserveCapacity(bytes.count / 5)
        // Editors on Windows may start the file with a UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lexer.index = 3 }
        if try lexer.skipLineStartSpecials() { lexer.index = bytes.count }
        try lexer.run()
        return lexer.tokens
    }

    /// A lexer for code nested in this one's, or the too-deep error past the limit.
    func nestedLexer(bytes: [UInt8], index: Int, line: Int, stopsAtClosingBrace: Bool) throws(RubySyntaxError) -> RubyLexer {
        guard nesting < maximumNesting else { throw RubySyntaxError(line: line, problem: .tooDeep(limit: maximumNesting)) }
        return RubyLexer(bytes: bytes, index: index, line: line, stopsAtClosingBrace: stopsAtClosingBrace,
                         nesting: nesting + 1, maximumNesting: maximumNesting)
    }

    // MARK: - Character classes

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// The byte `offset` bytes ahead, or 0 past the end.
    func byte(at offset: Int) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
    }

    /// Ruby's keywords, each packed as `pack` packs a name, sorted for a binary search: a
    /// name is looked up without hashing a string.
    static let keywordCodes: [UInt64] = [
        "alias", "and", "begin", "BEGIN", "break", "case", "class", "def", "defined?", "do",
        "else", "elsif", "end", "END", "ensure", "false", "for", "if", "in", "module", "next",
        "nil", "not", "or", "redo", "rescue", "retry", "return", "self", "super", "then",
        "true", "undef", "unless", "until", "when", "while", "yield", "__FILE__", "__LINE__",
    ].map { pack(Array($0.utf8)[...]) }.sorted()

    /// Up to eight bytes in one integer, the first byte lowest.
    static func pack(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var code: UInt64 = 0
        for (shift, byte) in bytes.enumerated() { code |= UInt64(byte) << (shift * 8) }
        return code
    }

    /// Whether `bytes[range]` (at most eight bytes) is a keyword.
    func isKeyword(_ range: Range<Int>) -> Bool {
        guard range.count <= 8 else { return false }
        let code = Self.pack(bytes[range])
        var low = 0
        var high = Self.keywordCodes.count
        while low < high {
            let middle = (low + high) / 2
            if Self.keywordCodes[middle] < code { low = middle + 1 } else { high = middle }
        }
        return low < Self.keywordCodes.count && Self.keywordCodes[low] == code
    }

    /// Operators after which a newline does not end the statement.
    static let continuingOperators: Set<String> = [
        ",", ".", "&.", "(", "[", "{", "=", "+=", "-=", "*=", "/=", "||=", "&&=", "|=", "&=",
        "<<=", ">>=", "%=", "**=", "==", "!=", "===", "=~", "!~", "=>", "+", "-", "*", "/",
        "%", "**", "&&", "||", "<", ">", "<=", ">=", "<=>", "<<", ">>", "&", "^", "?", ":",
        "::", "!", "..", "...", "->", "~",
    ]

    /// Whether the previous token ends a value, which decides between an operator and the
    /// start of a literal for `/`, `%`, `<<`, `?`.
    var previousEndsValue: Bool {
        guard let kind = lastKind else { return false }
        switch kind {
        case .identifier, .constant, .variable, .string, .shell, .symbol, .dynamicSymbol,
             .number, .regex, .words, .symbolWords:
            return true
        case .keyword:
            return ["end", "self", "nil", "true", "false", "__FILE__", "__LINE__"].contains(tokens[tokens.count - 1].text)
        case .op:
            return tokens[tokens.count - 1].isClosingBracket
        case .label, .newline, .end:
            return false
        }
    }

    /// The kind of the token before, read in place.
    var lastKind: RubyToken.Kind? { tokens.isEmpty ? nil : tokens[tokens.count - 1].kind }

    /// Whether the token before is the operator `op` (read in place).
    func lastIsOp(_ op: String) -> Bool { !tokens.isEmpty && tokens[tokens.count - 1].isOp(op) }

    /// A command call's first argument: `foo %w[a]`, `foo /x/`, `foo [1]`, `foo <<~EOS`.
    private func startsCommandArgument() -> Bool {
        guard lastKind == .identifier, spaceBefore else { return false }
        return !Self.isSpace(byte(at: 1)) && byte(at: 1) != 0x0A && byte(at: 1) != 0x3D
    }

    /// Whether a literal may start here rather than an operator.
    var startsLiteral: Bool {
        !previousEndsValue || startsCommandArgument()
    }

    // MARK: - Main loop

    mutating func run() throws(RubySyntaxError) {
        while index < bytes.count {
            let current = bytes[index]
            if Self.isSpace(current) {
                spaceBefore = true
                index += 1
                continue
            }
            if current == 0x5C, byte(at: 1) == 0x0A || (byte(at: 1) == 0x0D && byte(at: 2) == 0x0A) {
                // A backslash-newline continues the line.
                index += byte(at: 1) == 0x0A ? 2 : 3
                line += 1
                try readHeredocBodies()
                spaceBefore = true
                continue
            }
            if current == 0x23 {  // comment
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            if current == 0x0A {
                try endLine()
                continue
            }
            if current == 0x3B {  // ;
                if let kind = lastKind, kind != .newline {
                    tokens.append(RubyToken(kind: .newline, text: ";", line: line, start: index, end: index + 1, spaceBefore: spaceBefore))
                }
                index += 1
                ternaryDepth = 0
                spaceBefore = true
                continue
            }
            if stopsAtClosingBrace, current == 0x7D, braceDepth == 0 {
                return
            }
            try lexToken(start: index, startLine: line)
            spaceBefore = false
        }
        if stopsAtClosingBrace {
            throw RubySyntaxError(line: firstLine, problem: .unclosedInterpolation)
        }
        if let pending = pendingHeredocs.first {
            throw RubySyntaxError(line: tokens[pending.token].line,
                                  problem: .unterminatedHeredoc(name: String(decoding: pending.name, as: UTF8.self)))
        }
        tokens.append(RubyToken(kind: .end, text: "", line: line, start: index, end: index, spaceBefore: true))
    }

    /// At a line break: reads the heredoc bodies the line opened, skips `=begin` comments,
    /// stops at `__END__`, and ends the statement unless Ruby continues it.
    private mutating func endLine() throws(RubySyntaxError) {
        let newlineStart = index
        let newlineLine = line
        index += 1
        line += 1
        try readHeredocBodies()
        if try skipLineStartSpecials() { index = bytes.count }
        if endsStatement() {
            tokens.append(RubyToken(kind: .newline, text: "\n", line: newlineLine, start: newlineStart, end: newlineStart + 1,
                                    spaceBefore: true))
        }
        ternaryDepth = 0
        spaceBefore = true
    }

    /// Whether the line break just read ends the statement.
    private mutating func endsStatement() -> Bool {
        guard let kind = lastKind, kind != .newline else { return false }
        let last = tokens.count - 1
        if kind == .op, Self.continuingOperators.contains(tokens[last].text) { return false }
        if kind == .keyword, tokens[last].text == "and" || tokens[last].text == "or" || tokens[last].text == "not" { return false }
        return !nextLineStartsWithDot()
    }

    /// Skips `=begin … =end` comments at the start of the line; returns true at `__END__`,
    /// after which the file holds no code.
    mutating func skipLineStartSpecials() throws(RubySyntaxError) -> Bool {
        while index < bytes.count {
            if atLineStart(matching: "__END__"), restOfLineIsEmpty(after: index + 7) { return true }
            guard atLineStart(matching: "=begin") else { return false }
            try skipBlockComment()
        }
        return false
    }

    /// Whether the line at `index` starts with `word` followed by a space or the line's end.
    private func atLineStart(matching word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { $0.elementsEqual(bytes[index..<(index + count)]) }
        guard matches else { return false }
        let after = index + count < bytes.count ? bytes[index + count] : 0x0A
        return after == 0x0A || Self.isSpace(after)
    }

    private func restOfLineIsEmpty(after position: Int) -> Bool {
        var probe = position
        while probe < bytes.count, bytes[probe] == 0x0D { probe += 1 }
        return probe == bytes.count || bytes[probe] == 0x0A
    }

    /// Skips from `=begin` to the end of the `=end` line, its line break included.
    private mutating func skipBlockComment() throws(RubySyntaxError) {
        let startLine = line
        while index < bytes.count {
            let isEnd = atLineStart(matching: "=end")
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            if index < bytes.count {
                index += 1
                line += 1
            }
            if isEnd { return }
        }
        throw RubySyntaxError(line: startLine, problem: .unclosedBlockComment)
    }

    /// A line that starts with `.method` (or `&.method`) continues the statement before it.
    private mutating func nextLineStartsWithDot() -> Bool {
        // The blank lines before such a line all continue the statement: scanning them again
        // for each of them made thousands of blank lines take minutes.
        if index <= continuedUntil { return true }
        var probe = index
        while probe < bytes.count {
            let byte = bytes[probe]
            if Self.isSpace(byte) || byte == 0x0A {
                probe += 1
            } else if byte == 0x23 {
                while probe < bytes.count, bytes[probe] != 0x0A { probe += 1 }
            } else {
                break
            }
        }
        guard probe < bytes.count else { return false }
        let continues = bytes[probe] == 0x2E ? probe + 1 < bytes.count && bytes[probe + 1] != 0x2E
            : bytes[probe] == 0x26 && probe + 1 < bytes.count && bytes[probe + 1] == 0x2E
        if continues { continuedUntil = probe }
        return continues
    }

    // MARK: - Tokens

    mutating func append(_ kind: RubyToken.Kind, _ text: String, start: Int, line startLine: Int) {
        tokens.append(RubyToken(kind: kind, text: text, line: startLine, start: start, end: index, spaceBefore: spaceBefore))
    }

    private mutating func lexToken(start: Int, startLine: Int) throws(RubySyntaxError) {
        let current = bytes[index]
        switch current {
        case _ where Self.isIdentifierStart(current):
            lexIdentifier(start: start, startLine: startLine)
        case _ where Self.isDigit(current):
            lexNumber(start: start, startLine: startLine)
        case 0x22:  // "
            index += 1
            try lexQuoted(close: 0x22, open: nil, interpolates: true, kind: .string, delimiter: .doubleQuote,
                          start: start, line: startLine)
            markLabelString()
        case 0x27:  // '
            index += 1
            try lexQuoted(close: 0x27, open: nil, interpolates: false, kind: .string, delimiter: .singleQuote,
                          start: start, line: startLine)
            markLabelString()
        case 0x60:  // `
            index += 1
            let afterDot = lastIsOp(".")
            if afterDot || (lastKind == .keyword && tokens[tokens.count - 1].text == "def") {
                append(.identifier, "`", start: start, line: startLine)
                tokens[tokens.count - 1].afterDot = afterDot
            } else {
                try lexQuoted(close: 0x60, open: nil, interpolates: true, kind: .shell, delimiter: .other,
                              start: start, line: startLine)
            }
        case 0x40, 0x24:  // @ $
            index += 1
            if byte(at: 0) == 0x40 { index += 1 }
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            if index == start + 1, current == 0x24, index < bytes.count { index += 1 }  // $0, $!, …
            append(.variable, String(decoding: bytes[start..<index], as: UTF8.self), start: start, line: startLine)
        case 0x3A:  // :
            try lexColon(start: start, startLine: startLine)
        case 0x25:  // %
            if startsLiteral, let literal = percentLiteralKind() {
                try lexPercentLiteral(literal, start: start, startLine: startLine)
            } else {
                lexOperator(start: start, startLine: startLine)
            }
        case 0x2F:  // /
            if startsLiteral {
                index += 1
                try lexQuoted(close: 0x2F, open: nil, interpolates: true, kind: .regex, delimiter: .other,
                              start: start, line: startLine)
                consumeRegexOptions()
            } else {
                lexOperator(start: start, startLine: startLine)
            }
        case 0x3C:  // <
            if byte(at: 1) == 0x3C, startsLiteral, let heredoc = heredocStart() {
                lexHeredocStart(heredoc, start: start, startLine: startLine)
            } else {
                lexOperator(start: start, startLine: startLine)
            }
        case 0x3F:  // ?
            if startsLiteral, byte(at: 1) != 0, !Self.isSpace(byte(at: 1)), byte(at: 1) != 0x0A,
               !Self.isIdentifierByte(byte(at: 2)) {
                // A character literal such as ?a.
                let character = String(decoding: [byte(at: 1)], as: UTF8.self)
                index += 2
                append(.string, "", start: start, line: startLine)
                tokens[tokens.count - 1].literal = RubyLiteral(parts: [.text(character)], delimiter: .character)
            } else {
                ternaryDepth += 1
                lexOperator(start: start, startLine: startLine)
            }
        case 0x7B:  // {
            braceDepth += 1
            lexOperator(start: start, startLine: startLine)
        case 0x7D:  // }
            braceDepth -= 1
            lexOperator(start: start, startLine: startLine)
        default:
            lexOperator(start: start, startLine: startLine)
        }
    }

    private mutating func lexIdentifier(start: Int, startLine: Int) {
        while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        let afterDot = lastIsOp(".") || lastIsOp("&.") || lastIsOp("::")
        let afterDef = lastKind == .keyword && tokens[tokens.count - 1].text == "def"
        // `name?` and `name!` are method names, but not in `a != b` or `a ?b : c`.
        if index < bytes.count, bytes[index] == 0x3F || bytes[index] == 0x21,
           byte(at: 1) != 0x3D || byte(at: 2) == 0x3D {
            index += 1
        }
        // A label: `tag: value`, but not `A::B` and not the `:` of a ternary.
        if index < bytes.count, bytes[index] == 0x3A, byte(at: 1) != 0x3A, !afterDot, !afterDef,
           !lastIsOp("?"), ternaryDepth == 0 || !spaceAfterColon() {
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            append(.label, name, start: start, line: startLine)
            return
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let first = bytes[start]
        if !afterDot, !afterDef, isKeyword(start..<index) {
            append(.keyword, text, start: start, line: startLine)
        } else if first >= 0x41 && first <= 0x5A {
            append(.constant, text, start: start, line: startLine)
        } else {
            append(.identifier, text, start: start, line: startLine)
        }
        tokens[tokens.count - 1].afterDot = afterDot
    }

    private func spaceAfterColon() -> Bool {
        Self.isSpace(byte(at: 1)) || byte(at: 1) == 0x0A
    }

    private mutating func lexNumber(start: Int, startLine: Int) {
        if bytes[index] == 0x30, byte(at: 1) == 0x78 || byte(at: 1) == 0x62 || byte(at: 1) == 0x6F {
            index += 2
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) || bytes[index] == 0x5F { index += 1 }
            if byte(at: 0) == 0x2E, Self.isDigit(byte(at: 1)) {
                index += 1
                while index < bytes.count, Self.isDigit(bytes[index]) || bytes[index] == 0x5F { index += 1 }
            }
            if byte(at: 0) == 0x65 || byte(at: 0) == 0x45,
               Self.isDigit(byte(at: 1)) || ((byte(at: 1) == 0x2D || byte(at: 1) == 0x2B) && Self.isDigit(byte(at: 2))) {
                index += 2
                while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            }
            if byte(at: 0) == 0x72 || byte(at: 0) == 0x69, !Self.isIdentifierByte(byte(at: 1)) { index += 1 }
        }
        append(.number, String(decoding: bytes[start..<index], as: UTF8.self), start: start, line: startLine)
    }

    private mutating func lexColon(start: Int, startLine: Int) throws(RubySyntaxError) {
        if byte(at: 1) == 0x3A {
            index += 2
            append(.op, "::", start: start, line: startLine)
            return
        }
        if byte(at: 1) == 0x22 || byte(at: 1) == 0x27 {
            let quote = byte(at: 1)
            index += 2
            try lexQuoted(close: quote, open: nil, interpolates: quote == 0x22, kind: .dynamicSymbol, delimiter: .other,
                          start: start, line: startLine)
            return
        }
        if Self.isIdentifierStart(byte(at: 1)) {
            index += 1
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == 0x3F || bytes[index] == 0x21 || bytes[index] == 0x3D,
               byte(at: 1) != 0x3D, byte(at: 1) != 0x3E, byte(at: 1) != 0x7E {
                index += 1
            }
            append(.symbol, String(decoding: bytes[(start + 1)..<index], as: UTF8.self), start: start, line: startLine)
            return
        }
        if ternaryDepth > 0 { ternaryDepth -= 1 }
        index += 1
        append(.op, ":", start: start, line: startLine)
    }

    /// A string followed directly by `:` is a symbol key in a hash: `{ "tag": "1.0" }`.
    private mutating func markLabelString() {
        if index < bytes.count, bytes[index] == 0x3A, byte(at: 1) != 0x3A, ternaryDepth == 0 {
            index += 1
            tokens[tokens.count - 1].isLabelString = true
            tokens[tokens.count - 1].end = index
        }
    }

    /// The length of the operator that starts with bytes `a`, `b`, `c`: the longest of
    /// Ruby's one- to three-byte operators that matches.
    private static func operatorLength(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        switch (a, b) {
        case (0x2A, 0x2A), (0x3C, 0x3C), (0x3E, 0x3E), (0x7C, 0x7C), (0x26, 0x26):  // ** << >> || && (and with =)
            return c == 0x3D ? 3 : 2
        case (0x3C, 0x3D):  // <= <=>
            return c == 0x3E ? 3 : 2
        case (0x3D, 0x3D):  // == ===
            return c == 0x3D ? 3 : 2
        case (0x2E, 0x2E):  // .. ...
            return c == 0x2E ? 3 : 2
        case (0x21, 0x3D), (0x3E, 0x3D), (0x3D, 0x7E), (0x21, 0x7E), (0x2B, 0x3D), (0x2D, 0x3D), (0x2A, 0x3D),
             (0x2F, 0x3D), (0x25, 0x3D), (0x7C, 0x3D), (0x26, 0x3D), (0x5E, 0x3D), (0x3D, 0x3E), (0x2D, 0x3E),
             (0x26, 0x2E), (0x3A, 0x3A):  // != >= =~ !~ += -= *= /= %= |= &= ^= => -> &. ::
            return 2
        default:
            return 1
        }
    }

    mutating func lexOperator(start: Int, startLine: Int) {
        index += Self.operatorLength(bytes[index], byte(at: 1), byte(at: 2))
        let text = index - start == 1 ? String(UnicodeScalar(bytes[start])) : String(decoding: bytes[start..<index], as: UTF8.self)
        append(.op, text, start: start, line: startLine)
    }
}

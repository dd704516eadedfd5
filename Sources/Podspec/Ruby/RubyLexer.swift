/// Splits Ruby source into tokens: enough of Ruby's lexical grammar for podspecs, including
/// heredocs, `%` literals, interpolation, comments and line continuations.
///
/// Newlines are tokens because they end statements, except where Ruby continues the
/// statement: after an operator or a comma, before a line that starts with `.method`, and
/// after a backslash.
struct RubyLexer {
    private let bytes: [UInt8]
    private var index: Int
    private var line: Int
    private var tokens: [RubyToken] = []
    private var spaceBefore = false
    /// Heredocs whose bodies start on the next line: the token to fill in and how to read it.
    private var pendingHeredocs: [(token: Int, identifier: [UInt8], indented: Bool, squiggly: Bool, interpolates: Bool)] = []
    /// Set when lexing the code of a `#{…}`: stop at the `}` that closes it.
    private let stopsAtClosingBrace: Bool
    private var braceDepth = 0
    private var ternaryDepth = 0
    /// Where `nextLineStartsWithDot` last found the `.` of a continuing line.
    private var continuedUntil = -1
    /// How many `#{…}` (and interpolating heredoc bodies) enclose this lexer: each level
    /// lexes in a lexer of its own, so the nesting is bounded like the parser's.
    private let nesting: Int

    private init(bytes: [UInt8], index: Int, line: Int, stopsAtClosingBrace: Bool, nesting: Int = 0) {
        self.bytes = bytes
        self.index = index
        self.line = line
        self.stopsAtClosingBrace = stopsAtClosingBrace
        self.nesting = nesting
    }

    /// A lexer for code nested in this one's, or the too-deep error past the parser's limit.
    private func nestedLexer(bytes: [UInt8], index: Int, line: Int, stopsAtClosingBrace: Bool) throws(RubySyntaxError) -> RubyLexer {
        guard nesting < RubyParser.maximumDepth else { throw .tooDeep(line: line) }
        return RubyLexer(bytes: bytes, index: index, line: line, stopsAtClosingBrace: stopsAtClosingBrace, nesting: nesting + 1)
    }

    /// Tokenises a whole file. The last token is always `.end`.
    static func tokenize(_ bytes: [UInt8]) throws(RubySyntaxError) -> [RubyToken] {
        var lexer = RubyLexer(bytes: bytes, index: 0, line: 1, stopsAtClosingBrace: false)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lexer.index = 3 }
        try lexer.run()
        return lexer.tokens
    }

    // MARK: - Character classes

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    private func byte(at offset: Int) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
    }

    static let keywords: Set<String> = [
        "alias", "and", "begin", "BEGIN", "break", "case", "class", "def", "defined?", "do",
        "else", "elsif", "end", "END", "ensure", "false", "for", "if", "in", "module", "next",
        "nil", "not", "or", "redo", "rescue", "retry", "return", "self", "super", "then",
        "true", "undef", "unless", "until", "when", "while", "yield", "__FILE__", "__LINE__",
    ]

    /// Operators after which a newline does not end the statement.
    private static let continuingOperators: Set<String> = [
        ",", ".", "&.", "(", "[", "{", "=", "+=", "-=", "*=", "/=", "||=", "&&=", "|=", "&=",
        "<<=", ">>=", "%=", "**=", "==", "!=", "===", "=~", "!~", "=>", "+", "-", "*", "/",
        "%", "**", "&&", "||", "<", ">", "<=", ">=", "<=>", "<<", ">>", "&", "^", "?", ":",
        "::", "!", "..", "...", "->", "~",
    ]

    /// Whether the previous token ends a value, which decides between an operator and the
    /// start of a literal for `/`, `%`, `<<`, `[`, `-`, `*`, `:` and `?`.
    private var previousEndsValue: Bool {
        guard let last = tokens.last else { return false }
        switch last.kind {
        case .identifier, .constant, .variable, .string, .shell, .symbol, .dynamicSymbol,
             .number, .regex, .words, .symbolWords:
            return true
        case .keyword:
            return ["end", "self", "nil", "true", "false", "__FILE__", "__LINE__"].contains(last.text)
        case .op:
            return last.text == ")" || last.text == "]" || last.text == "}"
        case .label, .newline, .end:
            return false
        }
    }

    /// A command call's first argument: `foo %w[a]`, `foo -1`, `foo [1]`, `foo <<~EOS`.
    private func startsCommandArgument() -> Bool {
        guard let last = tokens.last, last.kind == .identifier, spaceBefore else { return false }
        return !Self.isSpace(byte(at: 1)) && byte(at: 1) != 0x0A && byte(at: 1) != 0x3D
    }

    private var startsLiteral: Bool {
        !previousEndsValue || startsCommandArgument()
    }

    // MARK: - Main loop

    private mutating func run() throws(RubySyntaxError) {
        while index < bytes.count {
            let current = bytes[index]
            if Self.isSpace(current) {
                spaceBefore = true
                index += 1
                continue
            }
            if current == 0x5C, byte(at: 1) == 0x0A {  // backslash-newline continues the line
                index += 2
                line += 1
                try readHeredocBodies()
                spaceBefore = true
                continue
            }
            if current == 0x5C, byte(at: 1) == 0x0D, byte(at: 2) == 0x0A {
                index += 3
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
                index += 1
                let newlineLine = line
                line += 1
                try readHeredocBodies()
                if atLineStart(matching: "=begin") {
                    try skipBlockComment()
                }
                if atLineStart(matching: "__END__") {
                    index = bytes.count
                }
                emitNewline(line: newlineLine)
                ternaryDepth = 0
                spaceBefore = true
                continue
            }
            if index == 0 || (index == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) {
                if atLineStart(matching: "=begin") {
                    try skipBlockComment()
                    continue
                }
            }
            let start = index
            let startLine = line
            if stopsAtClosingBrace, current == 0x7D, braceDepth == 0 {
                return
            }
            try lexToken(start: start, startLine: startLine)
            spaceBefore = false
        }
        if stopsAtClosingBrace {
            throw RubySyntaxError(line: line, message: "an interpolation #{ is never closed")
        }
        if let pending = pendingHeredocs.first {
            throw RubySyntaxError(
                line: tokens[pending.token].line,
                message: "the heredoc \(String(decoding: pending.identifier, as: UTF8.self)) is never terminated")
        }
        tokens.append(RubyToken(kind: .end, text: "", line: line, start: index, end: index, spaceBefore: true))
    }

    private func atLineStart(matching word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { $0.elementsEqual(bytes[index..<(index + count)]) }
        guard matches else { return false }
        let after = index + count < bytes.count ? bytes[index + count] : 0x0A
        return after == 0x0A || Self.isSpace(after)
    }

    private mutating func skipBlockComment() throws(RubySyntaxError) {
        let startLine = line
        while index < bytes.count {
            if atLineStart(matching: "=end") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                return
            }
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            if index < bytes.count {
                index += 1
                line += 1
            }
        }
        throw RubySyntaxError(line: startLine, message: "a =begin comment is never closed with =end")
    }

    private mutating func emitNewline(line newlineLine: Int) {
        guard let last = tokens.last else { return }
        if last.kind == .newline { return }
        if last.kind == .op, Self.continuingOperators.contains(last.text) { return }
        if last.kind == .keyword, last.text == "and" || last.text == "or" || last.text == "not" { return }
        if nextLineStartsWithDot() { return }
        tokens.append(RubyToken(kind: .newline, text: "\n", line: newlineLine, start: index - 1, end: index, spaceBefore: true))
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

    private mutating func append(_ kind: RubyToken.Kind, _ text: String, start: Int, line startLine: Int) {
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
            try lexQuoted(close: 0x22, open: nil, interpolates: true, kind: .string, start: start, line: startLine)
            markLabelString()
        case 0x27:  // '
            index += 1
            try lexQuoted(close: 0x27, open: nil, interpolates: false, kind: .string, start: start, line: startLine)
            markLabelString()
        case 0x60:  // `
            if let last = tokens.last, last.isOp(".") || last.isKeyword("def") {
                index += 1
                append(.identifier, "`", start: start, line: startLine)
            } else {
                index += 1
                try lexQuoted(close: 0x60, open: nil, interpolates: true, kind: .shell, start: start, line: startLine)
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
                try lexQuoted(close: 0x2F, open: nil, interpolates: true, kind: .regex, start: start, line: startLine)
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                tokens[tokens.count - 1].end = index
            } else {
                lexOperator(start: start, startLine: startLine)
            }
        case 0x3C:  // <
            if byte(at: 1) == 0x3C, startsLiteral, let heredoc = heredocStart() {
                try lexHeredocStart(heredoc, start: start, startLine: startLine)
            } else {
                lexOperator(start: start, startLine: startLine)
            }
        case 0x3F:  // ?
            if startsLiteral, byte(at: 1) != 0, !Self.isSpace(byte(at: 1)), byte(at: 1) != 0x0A,
               !Self.isIdentifierByte(byte(at: 2)) {
                // A character literal such as ?a.
                let character = String(decoding: [byte(at: 1)], as: UTF8.self)
                index += 2
                var token = RubyToken(kind: .string, text: character, line: startLine, start: start, end: index, spaceBefore: spaceBefore)
                token.parts = [.text(character)]
                tokens.append(token)
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
        let afterDot = tokens.last.map { last in
            (last.kind == .op && (last.text == "." || last.text == "&.")) || last.isKeyword("def")
        } ?? false
        // `name?` and `name!` are method names, but not in `a != b` or `a ?b : c`.
        if index < bytes.count, bytes[index] == 0x3F || bytes[index] == 0x21,
           byte(at: 1) != 0x3D || byte(at: 2) == 0x3D {
            index += 1
        }
        // A label: `tag: value`, but not `A::B` and not the `:` of a ternary.
        if index < bytes.count, bytes[index] == 0x3A, byte(at: 1) != 0x3A, !afterDot,
           ternaryDepth == 0 || !spaceAfterColon() {
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            append(.label, name, start: start, line: startLine)
            return
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let first = bytes[start]
        if !afterDot, index - start <= 8, Self.keywords.contains(text) {
            append(.keyword, text, start: start, line: startLine)
        } else if first >= 0x41 && first <= 0x5A {
            append(.constant, text, start: start, line: startLine)
        } else {
            append(.identifier, text, start: start, line: startLine)
        }
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
            try lexQuoted(close: quote, open: nil, interpolates: quote == 0x22, kind: .dynamicSymbol, start: start, line: startLine)
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

    /// A string followed directly by `: ` is a symbol key in a hash: `{ "tag": "1.0" }`.
    private mutating func markLabelString() {
        if index < bytes.count, bytes[index] == 0x3A, byte(at: 1) != 0x3A, ternaryDepth == 0 {
            index += 1
            tokens[tokens.count - 1].isLabelString = true
            tokens[tokens.count - 1].end = index
        }
    }

    /// Multi-byte operators by their first byte, longest first.
    private static let operators: [UInt8: [(text: String, bytes: [UInt8])]] = {
        let all = [
            "**=", "<=>", "===", "...", "<<=", ">>=", "||=", "&&=",
            "**", "==", "!=", ">=", "<=", "&&", "||", "<<", ">>", "=~", "!~", "+=", "-=", "*=",
            "/=", "%=", "|=", "&=", "^=", "=>", "->", "..", "&.", "::",
        ]
        return Dictionary(grouping: all.map { ($0, Array($0.utf8)) }, by: { $0.1[0] })
            .mapValues { $0.sorted { $0.1.count > $1.1.count } }
    }()

    private mutating func lexOperator(start: Int, startLine: Int) {
        for candidate in Self.operators[bytes[index]] ?? [] {
            let end = index + candidate.bytes.count
            if end <= bytes.count, bytes[index..<end].elementsEqual(candidate.bytes) {
                index = end
                append(.op, candidate.text, start: start, line: startLine)
                return
            }
        }
        index += 1
        append(.op, String(UnicodeScalar(bytes[start])), start: start, line: startLine)
    }

    // MARK: - Strings

    /// Reads a delimited literal whose opening delimiter was consumed. With `open` set, the
    /// delimiters nest (`%q(a (b) c)`).
    private mutating func lexQuoted(
        close: UInt8, open: UInt8?, interpolates: Bool, kind: RubyToken.Kind, start: Int, line startLine: Int
    ) throws(RubySyntaxError) {
        let contentStart = index
        // Most literals hold no escape, interpolation or nesting: take their bytes as they are.
        if open == nil {
            var probe = index
            while probe < bytes.count {
                let byte = bytes[probe]
                if byte == close || byte == 0x5C || byte == 0x0A || (interpolates && byte == 0x23) { break }
                probe += 1
            }
            if probe < bytes.count, bytes[probe] == close, kind != .regex {
                let value = String(decoding: bytes[index..<probe], as: UTF8.self)
                index = probe + 1
                var token = RubyToken(kind: kind, text: "", line: startLine, start: start, end: index, spaceBefore: spaceBefore)
                token.parts = [.text(value)]
                if kind == .string { token.plainContent = contentStart..<probe }
                if kind == .dynamicSymbol { token.text = value }
                tokens.append(token)
                return
            }
        }
        var parts: [RubyStringPart] = []
        var text: [UInt8] = []
        var plain = true
        var depth = 0
        while true {
            guard index < bytes.count else {
                throw RubySyntaxError(line: startLine, message: "a string is never closed")
            }
            let current = bytes[index]
            if current == close && depth == 0 {
                break
            }
            if let open, current == open { depth += 1 }
            if current == close { depth -= 1 }
            if current == 0x0A { line += 1 }
            if current == 0x5C, index + 1 < bytes.count {
                plain = false
                let escaped = bytes[index + 1]
                index += 2
                if escaped == 0x0A { line += 1 }
                if interpolates || kind == .regex {
                    if kind == .regex {
                        text.append(0x5C)
                        text.append(escaped)
                    } else if escaped == 0x78 || escaped == 0x75 {  // \xHH, \uHHHH, \u{H…}
                        appendCodeEscape(unicode: escaped == 0x75, to: &text)
                    } else {
                        appendEscape(escaped, to: &text)
                    }
                } else if escaped == close || escaped == 0x5C || (open != nil && escaped == open!) {
                    text.append(escaped)
                } else {
                    text.append(0x5C)
                    text.append(escaped)
                }
                continue
            }
            if interpolates, current == 0x23, byte(at: 1) == 0x7B {
                plain = false
                if !text.isEmpty {
                    parts.append(.text(String(decoding: text, as: UTF8.self)))
                    text.removeAll()
                }
                let codeLine = line
                var inner = try nestedLexer(bytes: bytes, index: index + 2, line: line, stopsAtClosingBrace: true)
                try inner.run()
                inner.tokens.append(RubyToken(kind: .end, text: "", line: inner.line, start: inner.index, end: inner.index, spaceBefore: true))
                parts.append(.code(inner.tokens, line: codeLine))
                index = inner.index + 1
                line = inner.line
                continue
            }
            text.append(current)
            index += 1
        }
        let contentEnd = index
        index += 1  // closing delimiter
        if !text.isEmpty || parts.isEmpty {
            parts.append(.text(String(decoding: text, as: UTF8.self)))
        }
        var token = RubyToken(kind: kind, text: "", line: startLine, start: start, end: index, spaceBefore: spaceBefore)
        token.parts = parts
        if plain, kind == .string { token.plainContent = contentStart..<contentEnd }
        if kind == .dynamicSymbol || kind == .regex, parts.count == 1, case .text(let value) = parts[0] {
            token.text = value
        }
        tokens.append(token)
    }

    /// Reads the digits of a `\x` or `\u` escape that was just consumed.
    private mutating func appendCodeEscape(unicode: Bool, to text: inout [UInt8]) {
        func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case 0x30...0x39: return UInt32(byte - 0x30)
            case 0x41...0x46: return UInt32(byte - 0x41 + 10)
            case 0x61...0x66: return UInt32(byte - 0x61 + 10)
            default: return nil
            }
        }
        var codes: [UInt32] = []
        if unicode, byte(at: 0) == 0x7B {
            index += 1
            var code: UInt32 = 0
            var digits = 0
            while index < bytes.count, bytes[index] != 0x7D {
                if let digit = hexValue(bytes[index]) {
                    code = code &* 16 &+ digit
                    digits += 1
                } else if digits > 0 {
                    codes.append(code)
                    code = 0
                    digits = 0
                }
                index += 1
            }
            if digits > 0 { codes.append(code) }
            if index < bytes.count { index += 1 }
        } else {
            var code: UInt32 = 0
            var digits = 0
            while digits < (unicode ? 4 : 2), index < bytes.count, let digit = hexValue(bytes[index]) {
                code = code * 16 + digit
                digits += 1
                index += 1
            }
            codes.append(code)
        }
        for code in codes {
            if !unicode, code < 0x100 {
                text.append(UInt8(code))
            } else if let scalar = Unicode.Scalar(code) {
                text.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
        }
    }

    private func appendEscape(_ escaped: UInt8, to text: inout [UInt8]) {
        switch escaped {
        case 0x6E: text.append(0x0A)  // n
        case 0x74: text.append(0x09)  // t
        case 0x72: text.append(0x0D)  // r
        case 0x30: text.append(0x00)  // 0
        case 0x73: text.append(0x20)  // s
        case 0x65: text.append(0x1B)  // e
        case 0x61: text.append(0x07)  // a
        case 0x62: text.append(0x08)  // b
        case 0x66: text.append(0x0C)  // f
        case 0x76: text.append(0x0B)  // v
        case 0x0A: break  // an escaped newline joins the lines
        default: text.append(escaped)
        }
    }

    private enum PercentLiteral {
        case string(interpolates: Bool)
        case shell
        case regex
        case words(interpolates: Bool)
        case symbols
        case symbol
    }

    private func percentLiteralKind() -> PercentLiteral? {
        let next = byte(at: 1)
        let isDelimiter: (UInt8) -> Bool = { byte in
            byte != 0 && !RubyLexer.isIdentifierByte(byte) && !RubyLexer.isSpace(byte) && byte != 0x0A && byte != 0x3D
        }
        if isDelimiter(next) { return .string(interpolates: true) }
        guard isDelimiter(byte(at: 2)) else { return nil }
        switch next {
        case 0x71: return .string(interpolates: false)  // q
        case 0x51: return .string(interpolates: true)  // Q
        case 0x77: return .words(interpolates: false)  // w
        case 0x57: return .words(interpolates: true)  // W
        case 0x69, 0x49: return .symbols  // i I
        case 0x78: return .shell  // x
        case 0x72: return .regex  // r
        case 0x73: return .symbol  // s
        default: return nil
        }
    }

    private static func closing(for open: UInt8) -> UInt8? {
        switch open {
        case 0x28: return 0x29
        case 0x5B: return 0x5D
        case 0x7B: return 0x7D
        case 0x3C: return 0x3E
        default: return nil
        }
    }

    private mutating func lexPercentLiteral(_ literal: PercentLiteral, start: Int, startLine: Int) throws(RubySyntaxError) {
        index += 1
        if Self.isIdentifierByte(bytes[index]) { index += 1 }
        let open = bytes[index]
        index += 1
        let close = Self.closing(for: open) ?? open
        let nesting: UInt8? = Self.closing(for: open) == nil ? nil : open
        switch literal {
        case .string(let interpolates):
            try lexQuoted(close: close, open: nesting, interpolates: interpolates, kind: .string, start: start, line: startLine)
        case .shell:
            try lexQuoted(close: close, open: nesting, interpolates: true, kind: .shell, start: start, line: startLine)
        case .regex:
            try lexQuoted(close: close, open: nesting, interpolates: true, kind: .regex, start: start, line: startLine)
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            tokens[tokens.count - 1].end = index
        case .symbol:
            try lexQuoted(close: close, open: nesting, interpolates: false, kind: .dynamicSymbol, start: start, line: startLine)
        case .words(let interpolates):
            try lexWords(close: close, open: nesting, kind: .words, interpolates: interpolates, start: start, line: startLine)
        case .symbols:
            try lexWords(close: close, open: nesting, kind: .symbolWords, interpolates: false, start: start, line: startLine)
        }
    }

    private mutating func lexWords(
        close: UInt8, open: UInt8?, kind: RubyToken.Kind, interpolates: Bool, start: Int, line startLine: Int
    ) throws(RubySyntaxError) {
        try lexQuoted(close: close, open: open, interpolates: false, kind: .string, start: start, line: startLine)
        var token = tokens.removeLast()
        var content = ""
        for part in token.parts {
            if case .text(let text) = part { content += text }
        }
        token.kind = kind
        token.words = content.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .map(String.init)
        token.plainContent = nil
        // Interpolation inside %W is rare in podspecs; such a list counts as unknown.
        if interpolates, content.contains("#{") { token.kind = .regex }
        tokens.append(token)
    }

    // MARK: - Heredocs

    private func heredocStart() -> (identifier: [UInt8], indented: Bool, squiggly: Bool, quote: UInt8?, length: Int)? {
        var probe = index + 2
        var indented = false
        var squiggly = false
        if probe < bytes.count, bytes[probe] == 0x2D { indented = true; probe += 1 }
        else if probe < bytes.count, bytes[probe] == 0x7E { indented = true; squiggly = true; probe += 1 }
        guard probe < bytes.count else { return nil }
        var quote: UInt8?
        if bytes[probe] == 0x27 || bytes[probe] == 0x22 || bytes[probe] == 0x60 {
            quote = bytes[probe]
            probe += 1
        }
        let identifierStart = probe
        if let quote {
            while probe < bytes.count, bytes[probe] != quote, bytes[probe] != 0x0A { probe += 1 }
            guard probe < bytes.count, bytes[probe] == quote else { return nil }
            let identifier = Array(bytes[identifierStart..<probe])
            return (identifier, indented, squiggly, quote, probe + 1 - index)
        }
        guard probe < bytes.count, Self.isIdentifierStart(bytes[probe]) else { return nil }
        while probe < bytes.count, Self.isIdentifierByte(bytes[probe]) { probe += 1 }
        return (Array(bytes[identifierStart..<probe]), indented, squiggly, nil, probe - index)
    }

    private mutating func lexHeredocStart(
        _ heredoc: (identifier: [UInt8], indented: Bool, squiggly: Bool, quote: UInt8?, length: Int),
        start: Int, startLine: Int
    ) throws(RubySyntaxError) {
        index += heredoc.length
        let kind: RubyToken.Kind = heredoc.quote == 0x60 ? .shell : .string
        tokens.append(RubyToken(kind: kind, text: "", line: startLine, start: start, end: index, spaceBefore: spaceBefore))
        pendingHeredocs.append((tokens.count - 1, heredoc.identifier, heredoc.indented, heredoc.squiggly, heredoc.quote != 0x27))
    }

    /// Reads the bodies of the heredocs opened on the line that just ended.
    private mutating func readHeredocBodies() throws(RubySyntaxError) {
        guard !pendingHeredocs.isEmpty else { return }
        let pending = pendingHeredocs
        pendingHeredocs.removeAll()
        for heredoc in pending {
            let bodyStart = index
            let bodyLine = line
            var bodyEnd: Int?
            while index < bytes.count {
                var lineEnd = index
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var contentStart = index
                if heredoc.indented {
                    while contentStart < lineEnd, Self.isSpace(bytes[contentStart]) { contentStart += 1 }
                }
                var contentEnd = lineEnd
                if contentEnd > contentStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                if bytes[contentStart..<contentEnd].elementsEqual(heredoc.identifier) {
                    bodyEnd = index
                    index = lineEnd
                    break
                }
                index = lineEnd < bytes.count ? lineEnd + 1 : lineEnd
                line += 1
            }
            guard let end = bodyEnd else {
                throw RubySyntaxError(
                    line: tokens[heredoc.token].line,
                    message: "the heredoc \(String(decoding: heredoc.identifier, as: UTF8.self)) is never terminated")
            }
            tokens[heredoc.token].parts = try heredocParts(
                bodyStart..<end, line: bodyLine, interpolates: heredoc.interpolates, squiggly: heredoc.squiggly)
            // The terminator line's own newline ends the statement that opened the heredoc.
        }
    }

    private func heredocParts(
        _ range: Range<Int>, line bodyLine: Int, interpolates: Bool, squiggly: Bool
    ) throws(RubySyntaxError) -> [RubyStringPart] {
        var body = Array(bytes[range])
        if squiggly {
            let lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
            let indents = lines.compactMap { line -> Int? in
                let indent = line.prefix(while: { $0 == 0x20 || $0 == 0x09 }).count
                return indent == line.count ? nil : indent
            }
            let strip = indents.min() ?? 0
            body = Array(lines.map { Array($0.dropFirst(Swift.min(strip, $0.prefix(while: { $0 == 0x20 || $0 == 0x09 }).count))) }
                .joined(separator: [0x0A]))
        }
        guard interpolates, body.contains(0x23) || body.contains(0x5C) else {
            return [.text(String(decoding: body, as: UTF8.self))]
        }
        // Read the body as the inside of a double-quoted string that ends at the end of input.
        var inner = try nestedLexer(bytes: body + [0x00], index: 0, line: bodyLine, stopsAtClosingBrace: false)
        try inner.lexQuoted(close: 0x00, open: nil, interpolates: true, kind: .string, start: 0, line: bodyLine)
        return inner.tokens.last?.parts ?? []
    }
}

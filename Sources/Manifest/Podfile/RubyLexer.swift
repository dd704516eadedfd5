/// A token of the Ruby that Podfiles are written in. Offsets are UTF-8 byte offsets into the
/// file, so editors can rewrite a literal in place.
struct RubyToken {
    enum Kind: UInt8 {
        /// The end of a line, or `;`. Consecutive ones are folded into one.
        case newline
        /// A lower-case name: a local variable, a method (`pod`, `use_frameworks!`) or a keyword.
        case identifier
        /// A name that starts with a capital letter.
        case constant
        /// `@name` or `@@name`.
        case instanceVariable
        /// `$name`.
        case globalVariable
        /// `:name`, `:'name'`, `:"name"`; the text is the name.
        case symbol
        /// `name:` as a hash key or keyword argument; the text is the name.
        case label
        /// A string literal; `literal` indexes `RubyLexer.literals`.
        case string
        /// `%w[…]` / `%i[…]`; `literal` indexes `RubyLexer.literals`.
        case words
        case number
        /// A regex, a command (`` `…` ``, `%x()`) or a heredoc: a value compctl never reads.
        case opaque
        case punctuation
    }

    var kind: Kind
    /// Whether whitespace precedes the token on its line.
    var spaceBefore: Bool
    /// Whether the token follows `.`, `&.` or `::`, so a keyword-like name is a method call.
    var afterDot: Bool
    var start: Int
    var end: Int
    var line: Int
    /// The token's text packed into an integer when it has at most seven bytes, so keywords
    /// and operators compare without touching a `String`; 0 for longer texts.
    var code: UInt64
    /// The index of the token's text in `RubySource.names` (the token's own index).
    var name: Int32
    var literal: Int32 = -1

    /// Packs a short text the way `code` is packed.
    static func pack<S: Sequence>(_ utf8: S) -> UInt64 where S.Element == UInt8 {
        var code: UInt64 = 0
        var count: UInt64 = 0
        for byte in utf8 {
            guard count < 7 else { return 0 }
            code |= UInt64(byte) << (count * 8)
            count += 1
        }
        return code | (count << 56)
    }

    func isIdentifier(_ name: String) -> Bool { kind == .identifier && !afterDot && code == Self.pack(name.utf8) }
    func isPunctuation(_ name: String) -> Bool { kind == .punctuation && code == Self.pack(name.utf8) }
    func isAnyPunctuation(_ names: String...) -> Bool {
        kind == .punctuation && names.contains { code == Self.pack($0.utf8) }
    }
    var isNewline: Bool { kind == .newline }
    /// `)`, `]` or `}`: a token that ends a value.
    var isClosingBracket: Bool { kind == .punctuation && (isPunctuation(")") || isPunctuation("]") || isPunctuation("}")) }
}

/// The value of a string literal: its text pieces and interpolated code, and its quote.
struct RubyLiteral {
    enum Part: Equatable {
        case text(String)
        /// The source of an interpolation, `#{…}` without the braces.
        case code(String)
    }

    var parts: [Part]
    /// `'` or `"` for ordinary strings, `0` for `%q()`, heredocs and the like.
    var quote: UInt8
    /// For `%w[]`: the words; `nil` when a word interpolates.
    var words: [String]?

    /// The text when the literal does not interpolate.
    var plainText: String? {
        var result = ""
        for part in parts {
            guard case let .text(text) = part else { return nil }
            result += text
        }
        return result
    }
}

/// Splits Podfile source into tokens. It knows enough Ruby to find where strings, regexes,
/// heredocs and comments end, which is what matching `do … end` in a hook body needs; it
/// never evaluates anything.
final class RubyLexer {
    let bytes: [UInt8]
    let file: String
    private var index = 0
    private var line = 1
    private var pendingHeredocs: [(terminator: [UInt8], indented: Bool)] = []
    private(set) var tokens: [RubyToken] = []
    /// The text of each token, by index.
    private(set) var names: [String] = []
    private(set) var literals: [RubyLiteral] = []
    /// How many `#{…}` enclose the current byte: strings and interpolations recurse.
    private var interpolationDepth = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Tokenises the whole file.
    static func tokenize(_ bytes: [UInt8], file: String) throws(ManifestError) -> (tokens: [RubyToken], names: [String], literals: [RubyLiteral]) {
        let lexer = RubyLexer(bytes: bytes, file: file)
        lexer.tokens.reserveCapacity(bytes.count / 4)
        lexer.names.reserveCapacity(bytes.count / 4)
        try lexer.run()
        return (lexer.tokens, lexer.names, lexer.literals)
    }

    private func malformed(_ line: Int, _ message: String) -> ManifestError {
        .malformed(ManifestIssue(file: file, line: line, message: message))
    }

    // MARK: - Main loop

    private func run() throws(ManifestError) {
        let n = bytes.count
        var spaceBefore = false
        // Editors on Windows may start the file with a UTF-8 byte order mark.
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        if try skipLineStartSpecials() { return }
        while index < n {
            let c = bytes[index]
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                spaceBefore = true
                index += 1
                continue
            case UInt8(ascii: "\\") where next(1) == UInt8(ascii: "\n") || (next(1) == UInt8(ascii: "\r") && next(2) == UInt8(ascii: "\n")):
                index += next(1) == UInt8(ascii: "\n") ? 2 : 3
                line += 1
                spaceBefore = true
                continue
            case UInt8(ascii: "\n"):
                emitNewline(at: index)
                index += 1
                line += 1
                try skipHeredocBodies()
                if try skipLineStartSpecials() { return }
                spaceBefore = false
                continue
            case UInt8(ascii: "#"):
                while index < n, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: ";"):
                emitNewline(at: index)
                index += 1
                spaceBefore = true
                continue
            default:
                break
            }
            try lexToken(spaceBefore: spaceBefore)
            spaceBefore = false
        }
    }

    private func next(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Handles `=begin … =end` comments and `__END__` at the start of a line. Returns true
    /// when the rest of the file is not code.
    private func skipLineStartSpecials() throws(ManifestError) -> Bool {
        while index < bytes.count {
            if hasPrefix("__END__", at: index) && lineRest(after: index + 7).isEmpty { return true }
            guard hasPrefix("=begin", at: index) else { return false }
            let startLine = line
            while true {
                guard let end = firstIndex(of: UInt8(ascii: "\n"), from: index) else {
                    throw malformed(startLine, "`=begin` comment is never closed by `=end`; add `=end` at the start of a line")
                }
                index = end + 1
                line += 1
                if hasPrefix("=end", at: index) {
                    index = firstIndex(of: UInt8(ascii: "\n"), from: index).map { $0 + 1 } ?? bytes.count
                    line += 1
                    break
                }
            }
        }
        return false
    }

    private func lineRest(after position: Int) -> ArraySlice<UInt8> {
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return bytes[position..<end]
    }

    private func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for k in 0..<count where bytes[position + k] != buffer[k] { return false }
            return true
        }
    }

    private func firstIndex(of byte: UInt8, from position: Int) -> Int? {
        var k = position
        while k < bytes.count {
            if bytes[k] == byte { return k }
            k += 1
        }
        return nil
    }

    private func emitNewline(at position: Int) {
        if let last = tokens.last, last.kind == .newline { return }
        if tokens.isEmpty { return }
        tokens.append(RubyToken(kind: .newline, spaceBefore: false, afterDot: false, start: position, end: position + 1,
                                line: line, code: RubyToken.pack("\n".utf8), name: Int32(names.count)))
        names.append("\n")
    }

    private func skipHeredocBodies() throws(ManifestError) {
        while !pendingHeredocs.isEmpty {
            let heredoc = pendingHeredocs.removeFirst()
            let startLine = line
            while true {
                guard index < bytes.count else {
                    throw malformed(startLine - 1, "heredoc is never closed by `\(String(decoding: heredoc.terminator, as: UTF8.self))`; add the closing line")
                }
                let end = firstIndex(of: UInt8(ascii: "\n"), from: index) ?? bytes.count
                var content = bytes[index..<end]
                if content.last == UInt8(ascii: "\r") { content = content.dropLast() }
                if heredoc.indented {
                    content = content.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                }
                index = min(end + 1, bytes.count)
                line += 1
                if content.elementsEqual(heredoc.terminator) { break }
            }
        }
    }

    // MARK: - Tokens

    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    private static func isIdentifierStart(_ c: UInt8) -> Bool {
        isIdentifierByte(c) && !(c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    private static func isSpace(_ c: UInt8?) -> Bool {
        guard let c else { return true }
        return c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r")
    }

    /// Keywords after which an operand follows, so `/` starts a regex and `%w` a literal.
    private static let keywordsBeforeOperand: Set<String> = [
        "if", "unless", "while", "until", "and", "or", "not", "return", "when", "then", "else",
        "elsif", "do", "case", "in", "yield", "puts", "print", "raise",
    ]
    /// Keywords that are complete values, so an operator may follow.
    private static let valueKeywords: Set<String> = ["end", "self", "nil", "true", "false", "__FILE__", "__dir__"]

    /// Whether the next token is in operand position: `/` there starts a regex, `%` a
    /// literal, `<<~` a heredoc. Mirrors the parser's rule that a space before and none
    /// after the operator makes `foo /x/` a method argument.
    private func atOperand(spaceBefore: Bool, following: UInt8?) -> Bool {
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .newline, .label:
            return true
        case .punctuation:
            return !last.isClosingBracket
        case .identifier:
            if last.afterDot { return spaceBefore && !Self.isSpace(following) && following != UInt8(ascii: "=") }
            let text = names[names.count - 1]
            if Self.valueKeywords.contains(text) { return false }
            if Self.keywordsBeforeOperand.contains(text) { return true }
            return spaceBefore && !Self.isSpace(following) && following != UInt8(ascii: "=")
        default:
            return false
        }
    }

    private func append(_ kind: RubyToken.Kind, start: Int, line startLine: Int, spaceBefore: Bool,
                        text: String, literal: Int = -1) {
        let afterDot = tokens.last.map { $0.isAnyPunctuation(".", "&.", "::") } ?? false
        tokens.append(RubyToken(kind: kind, spaceBefore: spaceBefore, afterDot: afterDot, start: start, end: index,
                                line: startLine, code: RubyToken.pack(text.utf8), name: Int32(names.count),
                                literal: Int32(literal)))
        names.append(text)
    }

    private func text(_ from: Int, _ to: Int) -> String {
        String(decoding: bytes[from..<to], as: UTF8.self)
    }

    private func lexToken(spaceBefore: Bool) throws(ManifestError) {
        let start = index
        let startLine = line
        let c = bytes[index]

        if Self.isIdentifierStart(c) {
            index += 1
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            // `include?`, `use_frameworks!`: a trailing ? or ! belongs to the name unless it
            // starts `!=` / `?=`-like operators.
            if let suffix = next(0), suffix == UInt8(ascii: "?") || suffix == UInt8(ascii: "!"),
               next(1) != UInt8(ascii: "=") || next(2) == UInt8(ascii: "=") {
                index += 1
            }
            let name = text(start, index)
            if next(0) == UInt8(ascii: ":"), next(1) != UInt8(ascii: ":"),
               !(tokens.last?.isPunctuation("?") ?? false) {
                index += 1
                append(.label, start: start, line: startLine, spaceBefore: spaceBefore, text: name)
                return
            }
            let isConstant = c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
            append(isConstant ? .constant : .identifier, start: start, line: startLine, spaceBefore: spaceBefore, text: name)
            return
        }

        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            index += 1
            while index < bytes.count {
                let d = bytes[index]
                if Self.isIdentifierByte(d) {
                    index += 1
                } else if d == UInt8(ascii: "."), let after = next(1), after >= UInt8(ascii: "0"), after <= UInt8(ascii: "9") {
                    index += 1
                } else {
                    break
                }
            }
            append(.number, start: start, line: startLine, spaceBefore: spaceBefore, text: text(start, index))

        case UInt8(ascii: "@"):
            index += 1
            if next(0) == UInt8(ascii: "@") { index += 1 }
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            append(.instanceVariable, start: start, line: startLine, spaceBefore: spaceBefore, text: text(start, index))

        case UInt8(ascii: "$"):
            index += 1
            if let d = next(0), Self.isIdentifierByte(d) {
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
            } else if index < bytes.count {
                index += 1  // `$?`, `$!`, `$0` …
            }
            append(.globalVariable, start: start, line: startLine, spaceBefore: spaceBefore, text: text(start, index))

        case UInt8(ascii: "'"):
            index += 1
            let parts = try scanQuoted(close: UInt8(ascii: "'"), open: nil, interpolates: false, startLine: startLine)
            appendString(parts: parts, quote: c, start: start, line: startLine, spaceBefore: spaceBefore)

        case UInt8(ascii: "\""):
            index += 1
            let parts = try scanQuoted(close: UInt8(ascii: "\""), open: nil, interpolates: true, startLine: startLine)
            appendString(parts: parts, quote: c, start: start, line: startLine, spaceBefore: spaceBefore)

        case UInt8(ascii: "`"):
            index += 1
            _ = try scanQuoted(close: c, open: nil, interpolates: true, startLine: startLine)
            append(.opaque, start: start, line: startLine, spaceBefore: spaceBefore, text: "`")

        case UInt8(ascii: ":"):
            if next(1) == UInt8(ascii: ":") {
                index += 2
                append(.punctuation, start: start, line: startLine, spaceBefore: spaceBefore, text: "::")
            } else if let d = next(1), Self.isIdentifierStart(d) {
                index += 1
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                if let suffix = next(0), suffix == UInt8(ascii: "?") || suffix == UInt8(ascii: "!") || suffix == UInt8(ascii: "=") {
                    if suffix != UInt8(ascii: "=") || (next(1) != UInt8(ascii: ">") && next(1) != UInt8(ascii: "=")) { index += 1 }
                }
                append(.symbol, start: start, line: startLine, spaceBefore: spaceBefore, text: text(start + 1, index))
            } else if let d = next(1), d == UInt8(ascii: "\"") || d == UInt8(ascii: "'") {
                index += 2
                let parts = try scanQuoted(close: d, open: nil, interpolates: d == UInt8(ascii: "\""), startLine: startLine)
                let name = RubyLiteral(parts: parts, quote: d).plainText ?? ""
                append(.symbol, start: start, line: startLine, spaceBefore: spaceBefore, text: name)
            } else {
                index += 1
                append(.punctuation, start: start, line: startLine, spaceBefore: spaceBefore, text: ":")
            }

        case UInt8(ascii: "%") where atOperand(spaceBefore: spaceBefore, following: next(1)) && percentLiteralAhead():
            try lexPercentLiteral(start: start, line: startLine, spaceBefore: spaceBefore)

        case UInt8(ascii: "/") where atOperand(spaceBefore: spaceBefore, following: next(1)):
            index += 1
            try scanRegex(close: UInt8(ascii: "/"), open: nil, startLine: startLine)
            append(.opaque, start: start, line: startLine, spaceBefore: spaceBefore, text: "/")

        case UInt8(ascii: "<") where next(1) == UInt8(ascii: "<") && atOperand(spaceBefore: spaceBefore, following: next(2)) && heredocAhead():
            try lexHeredocStart(start: start, line: startLine, spaceBefore: spaceBefore)

        case UInt8(ascii: "?") where atOperand(spaceBefore: spaceBefore, following: next(1)) && characterLiteralAhead():
            index += 2
            appendString(parts: [.text(text(start + 1, index))], quote: 0, start: start, line: startLine, spaceBefore: spaceBefore)

        default:
            index += Self.operatorLength(bytes, at: index)
            append(.punctuation, start: start, line: startLine, spaceBefore: spaceBefore, text: text(start, index))
        }
    }

    /// The length of the operator at `position`: the longest of Ruby's one- to
    /// three-character operators that matches.
    private static func operatorLength(_ bytes: [UInt8], at position: Int) -> Int {
        let a = bytes[position]
        let b = position + 1 < bytes.count ? bytes[position + 1] : 0
        let c = position + 2 < bytes.count ? bytes[position + 2] : 0
        let equals = UInt8(ascii: "=")
        switch (a, b) {
        case (UInt8(ascii: "*"), UInt8(ascii: "*")), (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")),
             (UInt8(ascii: "&"), UInt8(ascii: "&")), (UInt8(ascii: "|"), UInt8(ascii: "|")):
            return c == equals ? 3 : 2
        case (UInt8(ascii: "<"), equals):
            return c == UInt8(ascii: ">") ? 3 : 2
        case (equals, equals):
            return c == equals ? 3 : 2
        case (UInt8(ascii: "."), UInt8(ascii: ".")):
            return c == UInt8(ascii: ".") ? 3 : 2
        case (UInt8(ascii: "!"), equals), (UInt8(ascii: ">"), equals), (equals, UInt8(ascii: "~")), (UInt8(ascii: "!"), UInt8(ascii: "~")),
             (equals, UInt8(ascii: ">")), (UInt8(ascii: "-"), UInt8(ascii: ">")), (UInt8(ascii: "+"), equals), (UInt8(ascii: "-"), equals),
             (UInt8(ascii: "*"), equals), (UInt8(ascii: "/"), equals), (UInt8(ascii: "%"), equals), (UInt8(ascii: "|"), equals),
             (UInt8(ascii: "&"), equals), (UInt8(ascii: "^"), equals), (UInt8(ascii: "&"), UInt8(ascii: ".")):
            return 2
        default:
            return 1
        }
    }

    private func appendString(parts: [RubyLiteral.Part], quote: UInt8, start: Int, line startLine: Int, spaceBefore: Bool) {
        literals.append(RubyLiteral(parts: parts, quote: quote))
        // `"key": value` is a label, as in `{ "git": url }`.
        if quote != 0, next(0) == UInt8(ascii: ":"), next(1) != UInt8(ascii: ":"), Self.isSpace(next(1)),
           let name = literals.last?.plainText {
            index += 1
            append(.label, start: start, line: startLine, spaceBefore: spaceBefore, text: name, literal: literals.count - 1)
            return
        }
        append(.string, start: start, line: startLine, spaceBefore: spaceBefore, text: "", literal: literals.count - 1)
    }

    // MARK: - Literal bodies

    /// Reads a quoted body up to `close` (which is consumed). With `open`, nested pairs are
    /// counted, as in `%q(a (b) c)`.
    private func scanQuoted(close: UInt8, open: UInt8?, interpolates: Bool, startLine: Int) throws(ManifestError) -> [RubyLiteral.Part] {
        var parts: [RubyLiteral.Part] = []
        var current: [UInt8] = []
        var depth = 0
        while true {
            guard index < bytes.count else {
                throw malformed(startLine, "string is never closed; add the closing \(String(decoding: [close], as: UTF8.self))")
            }
            let c = bytes[index]
            if c == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let escaped = bytes[index + 1]
                if escaped == UInt8(ascii: "\n") { line += 1 }
                if interpolates {
                    switch escaped {
                    case UInt8(ascii: "n"): current.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): current.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "s"): current.append(UInt8(ascii: " "))
                    case UInt8(ascii: "r"): current.append(UInt8(ascii: "\r"))
                    case UInt8(ascii: "0"): current.append(0)
                    case UInt8(ascii: "e"): current.append(0x1B)
                    default: current.append(escaped)
                    }
                } else if escaped == close || escaped == UInt8(ascii: "\\") || (open != nil && escaped == open) {
                    current.append(escaped)
                } else {
                    current.append(c)
                    current.append(escaped)
                }
                index += 2
                continue
            }
            if let open, c == open {
                depth += 1
            } else if c == close {
                if depth == 0 {
                    index += 1
                    break
                }
                depth -= 1
            }
            if interpolates, c == UInt8(ascii: "#"), next(1) == UInt8(ascii: "{") {
                if !current.isEmpty { parts.append(.text(String(decoding: current, as: UTF8.self))) }
                current = []
                let codeStart = index + 2
                index = codeStart
                let codeEnd = try skipInterpolation(startLine: startLine)
                parts.append(.code(text(codeStart, codeEnd)))
                continue
            }
            if interpolates, c == UInt8(ascii: "#"), let d = next(1), d == UInt8(ascii: "@") || d == UInt8(ascii: "$") {
                // `"#@name"` interpolates too.
                if !current.isEmpty { parts.append(.text(String(decoding: current, as: UTF8.self))) }
                current = []
                let codeStart = index + 1
                index += 2
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: "@") { index += 1 }
                parts.append(.code(text(codeStart, index)))
                continue
            }
            if c == UInt8(ascii: "\n") { line += 1 }
            current.append(c)
            index += 1
        }
        if !current.isEmpty || parts.isEmpty { parts.append(.text(String(decoding: current, as: UTF8.self))) }
        return parts
    }

    /// Skips the code of `#{…}`; `index` is just after `#{`. Returns the index of the closing
    /// brace and leaves `index` after it.
    private func skipInterpolation(startLine: Int) throws(ManifestError) -> Int {
        guard interpolationDepth < RubySource.maximumDepth else {
            throw malformed(line, RubySource.tooDeep("blocks and brackets"))
        }
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        var depth = 1
        while index < bytes.count {
            let c = bytes[index]
            switch c {
            case UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    let end = index
                    index += 1
                    return end
                }
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                index += 1
                _ = try scanQuoted(close: c, open: nil, interpolates: true, startLine: line)
                continue
            case UInt8(ascii: "'"):
                index += 1
                _ = try scanQuoted(close: c, open: nil, interpolates: false, startLine: line)
                continue
            case UInt8(ascii: "\n"):
                line += 1
            default:
                break
            }
            index += 1
        }
        throw malformed(startLine, "string interpolation `#{` is never closed; add the closing }")
    }

    private func scanRegex(close: UInt8, open: UInt8?, startLine: Int) throws(ManifestError) {
        var inClass = false
        var depth = 0
        while index < bytes.count {
            let c = bytes[index]
            if c == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if c == UInt8(ascii: "\n") { line += 1 }
            if c == UInt8(ascii: "#"), next(1) == UInt8(ascii: "{") {
                index += 2
                _ = try skipInterpolation(startLine: startLine)
                continue
            }
            if inClass {
                if c == UInt8(ascii: "]") { inClass = false }
            } else if c == UInt8(ascii: "[") {
                inClass = true
            } else if let open, c == open {
                depth += 1
            } else if c == close {
                if depth == 0 {
                    index += 1
                    while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                    return
                }
                depth -= 1
            }
            index += 1
        }
        throw malformed(startLine, "regular expression is never closed; add the closing \(String(decoding: [close], as: UTF8.self))")
    }

    private static func closing(_ open: UInt8) -> (close: UInt8, nests: Bool) {
        switch open {
        case UInt8(ascii: "("): (UInt8(ascii: ")"), true)
        case UInt8(ascii: "["): (UInt8(ascii: "]"), true)
        case UInt8(ascii: "{"): (UInt8(ascii: "}"), true)
        case UInt8(ascii: "<"): (UInt8(ascii: ">"), true)
        default: (open, false)
        }
    }

    private static func isPercentDelimiter(_ c: UInt8?) -> Bool {
        guard let c else { return false }
        return !isIdentifierByte(c) && !isSpace(c) && c != UInt8(ascii: "=")
    }

    private func percentLiteralAhead() -> Bool {
        guard let kind = next(1) else { return false }
        if Self.isPercentDelimiter(kind) { return true }
        return "wWiIqQrsx".utf8.contains(kind) && Self.isPercentDelimiter(next(2))
    }

    private func lexPercentLiteral(start: Int, line startLine: Int, spaceBefore: Bool) throws(ManifestError) {
        var kind = UInt8(ascii: "Q")
        index += 1
        if let k = next(0), Self.isIdentifierByte(k) {
            kind = k
            index += 1
        }
        let open = bytes[index]
        index += 1
        let (close, nests) = Self.closing(open)
        switch kind {
        case UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "i"), UInt8(ascii: "I"):
            let parts = try scanQuoted(close: close, open: nests ? open : nil, interpolates: kind == UInt8(ascii: "W") || kind == UInt8(ascii: "I"), startLine: startLine)
            var literal = RubyLiteral(parts: parts, quote: 0)
            literal.words = literal.plainText.map { text in
                text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
            }
            literals.append(literal)
            append(.words, start: start, line: startLine, spaceBefore: spaceBefore, text: "%w", literal: literals.count - 1)
        case UInt8(ascii: "q"), UInt8(ascii: "Q"):
            let parts = try scanQuoted(close: close, open: nests ? open : nil, interpolates: kind == UInt8(ascii: "Q"), startLine: startLine)
            appendString(parts: parts, quote: 0, start: start, line: startLine, spaceBefore: spaceBefore)
        case UInt8(ascii: "s"):
            let parts = try scanQuoted(close: close, open: nests ? open : nil, interpolates: false, startLine: startLine)
            append(.symbol, start: start, line: startLine, spaceBefore: spaceBefore, text: RubyLiteral(parts: parts, quote: 0).plainText ?? "")
        case UInt8(ascii: "r"):
            try scanRegex(close: close, open: nests ? open : nil, startLine: startLine)
            append(.opaque, start: start, line: startLine, spaceBefore: spaceBefore, text: "%r")
        default:
            _ = try scanQuoted(close: close, open: nests ? open : nil, interpolates: true, startLine: startLine)
            append(.opaque, start: start, line: startLine, spaceBefore: spaceBefore, text: "%x")
        }
    }

    private func heredocAhead() -> Bool {
        var k = index + 2
        if k < bytes.count, bytes[k] == UInt8(ascii: "~") || bytes[k] == UInt8(ascii: "-") { k += 1 }
        guard k < bytes.count else { return false }
        let c = bytes[k]
        if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "`") { return true }
        // A bare `<<NAME` needs an upper-case name, which keeps `list <<item` an append.
        return (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c == UInt8(ascii: "_")
            || (k > index + 2 && Self.isIdentifierStart(c))
    }

    private func lexHeredocStart(start: Int, line startLine: Int, spaceBefore: Bool) throws(ManifestError) {
        index += 2
        var indented = false
        if let c = next(0), c == UInt8(ascii: "~") || c == UInt8(ascii: "-") {
            indented = true
            index += 1
        }
        var terminator: [UInt8] = []
        if let q = next(0), q == UInt8(ascii: "'") || q == UInt8(ascii: "\"") || q == UInt8(ascii: "`") {
            index += 1
            while index < bytes.count, bytes[index] != q, bytes[index] != UInt8(ascii: "\n") {
                terminator.append(bytes[index])
                index += 1
            }
            guard index < bytes.count, bytes[index] == q else {
                throw malformed(startLine, "heredoc name is never closed; add the closing quote")
            }
            index += 1
        } else {
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) {
                terminator.append(bytes[index])
                index += 1
            }
        }
        pendingHeredocs.append((terminator, indented))
        append(.opaque, start: start, line: startLine, spaceBefore: spaceBefore, text: "<<")
    }

    private func characterLiteralAhead() -> Bool {
        guard let c = next(1), !Self.isSpace(c) else { return false }
        guard let after = next(2) else { return true }
        return !Self.isIdentifierByte(after)
    }
}

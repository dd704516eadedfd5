/// String-like literals: quoted strings with their escapes and interpolations, `%` literals,
/// regexes, word lists and heredocs.
extension RubyLexer {
    // MARK: - Quoted literals

    /// Reads a delimited literal whose opening delimiter was consumed, up to `close`. With
    /// `open` set, the delimiters nest (`%q(a (b) c)`).
    mutating func lexQuoted(
        close: UInt8, open: UInt8?, interpolates: Bool, kind: RubyToken.Kind, delimiter: RubyLiteral.Delimiter,
        start: Int, line startLine: Int
    ) throws(RubySyntaxError) {
        let contentStart = index
        // Most literals hold no escape, interpolation or nesting: take their bytes as they are.
        if open == nil, let plainEnd = plainLiteralEnd(close: close, interpolates: interpolates) {
            let value = String(decoding: bytes[index..<plainEnd], as: UTF8.self)
            index = plainEnd + 1
            appendLiteral(kind, parts: [.text(value)], plainContent: contentStart..<plainEnd, delimiter: delimiter,
                          start: start, line: startLine)
            return
        }
        var parts: [RubyStringPart] = []
        var text: [UInt8] = []
        var plain = true
        var depth = 0
        while true {
            guard index < bytes.count else {
                let closer = Character(UnicodeScalar(close))
                throw RubySyntaxError(line: startLine, problem: kind == .regex ? .unclosedRegex(closer: closer) : .unclosedString(closer: closer))
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
                readEscape(close: close, open: open, interpolates: interpolates, regex: kind == .regex, into: &text)
                continue
            }
            if interpolates, current == 0x23, let code = try interpolation() {
                plain = false
                if !text.isEmpty {
                    parts.append(.text(String(decoding: text, as: UTF8.self)))
                    text.removeAll()
                }
                parts.append(.code(code))
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
        appendLiteral(kind, parts: parts, plainContent: plain ? contentStart..<contentEnd : nil, delimiter: delimiter,
                      start: start, line: startLine)
    }

    /// Where a literal without escapes, interpolation or line breaks closes, if it is one.
    private func plainLiteralEnd(close: UInt8, interpolates: Bool) -> Int? {
        var probe = index
        while probe < bytes.count {
            let byte = bytes[probe]
            if byte == close { return probe }
            if byte == 0x5C || byte == 0x0A || (interpolates && byte == 0x23) { return nil }
            probe += 1
        }
        return nil
    }

    /// Appends the token of a literal that ends at `index`.
    private mutating func appendLiteral(
        _ kind: RubyToken.Kind, parts: [RubyStringPart], plainContent: Range<Int>?, delimiter: RubyLiteral.Delimiter,
        start: Int, line startLine: Int
    ) {
        var text = ""
        if kind == .dynamicSymbol || kind == .regex, parts.count == 1, case .text(let value) = parts[0] { text = value }
        var token = RubyToken(kind: kind, text: text, line: startLine, start: start, end: index, spaceBefore: spaceBefore)
        token.literal = RubyLiteral(parts: parts, plainContent: kind == .string ? plainContent : nil, delimiter: delimiter)
        tokens.append(token)
    }

    /// Reads the escape at `index` (a backslash) into `text`.
    private mutating func readEscape(close: UInt8, open: UInt8?, interpolates: Bool, regex: Bool, into text: inout [UInt8]) {
        let escaped = bytes[index + 1]
        index += 2
        if escaped == 0x0A { line += 1 }
        if regex {
            text.append(0x5C)
            text.append(escaped)
        } else if interpolates {
            if escaped == 0x78 || escaped == 0x75 {  // \xHH, \uHHHH, \u{H…}
                appendCodeEscape(unicode: escaped == 0x75, to: &text)
            } else {
                Self.appendEscape(escaped, to: &text)
            }
        } else if escaped == close || escaped == 0x5C || (open != nil && escaped == open!) {
            text.append(escaped)
        } else {
            text.append(0x5C)
            text.append(escaped)
        }
    }

    /// At a `#`: reads `#{…}`, `#@name`, `#@@name` or `#$name`, or returns nil for a plain `#`.
    private mutating func interpolation() throws(RubySyntaxError) -> RubyCode? {
        if byte(at: 1) == 0x7B {
            let codeLine = line
            var inner = try nestedLexer(bytes: bytes, index: index + 2, line: line, stopsAtClosingBrace: true)
            try inner.run()
            inner.tokens.append(RubyToken(kind: .end, text: "", line: inner.line, start: inner.index, end: inner.index, spaceBefore: true))
            let source = String(decoding: bytes[(index + 2)..<inner.index], as: UTF8.self)
            index = inner.index + 1
            line = inner.line
            return RubyCode(tokens: inner.tokens, line: codeLine, source: source)
        }
        // `"#@name"` and `"#$name"` interpolate a variable without braces.
        let sigils = byte(at: 1) == 0x40 && byte(at: 2) == 0x40 ? 2 : byte(at: 1) == 0x40 || byte(at: 1) == 0x24 ? 1 : 0
        guard sigils > 0, Self.isIdentifierStart(byte(at: 1 + sigils)) else { return nil }
        let start = index + 1
        var end = start + sigils
        while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        index = end
        let tokens = [
            RubyToken(kind: .variable, text: name, line: line, start: start, end: end, spaceBefore: false),
            RubyToken(kind: .end, text: "", line: line, start: end, end: end, spaceBefore: true),
        ]
        return RubyCode(tokens: tokens, line: line, source: name)
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

    private static func appendEscape(_ escaped: UInt8, to text: inout [UInt8]) {
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

    /// After a regex's closing delimiter: its options (`/x/i`).
    mutating func consumeRegexOptions() {
        while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        tokens[tokens.count - 1].end = index
    }

    // MARK: - Percent literals

    enum PercentLiteral {
        case string(interpolates: Bool)
        case shell
        case regex
        case words(interpolates: Bool)
        case symbols(interpolates: Bool)
        case symbol
    }

    /// The `%` literal at `index`, if one starts here.
    func percentLiteralKind() -> PercentLiteral? {
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
        case 0x69: return .symbols(interpolates: false)  // i
        case 0x49: return .symbols(interpolates: true)  // I
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

    mutating func lexPercentLiteral(_ literal: PercentLiteral, start: Int, startLine: Int) throws(RubySyntaxError) {
        index += 1
        if Self.isIdentifierByte(bytes[index]) { index += 1 }
        let open = bytes[index]
        index += 1
        let close = Self.closing(for: open) ?? open
        let nesting: UInt8? = Self.closing(for: open) == nil ? nil : open
        switch literal {
        case .string(let interpolates):
            try lexQuoted(close: close, open: nesting, interpolates: interpolates, kind: .string, delimiter: .other,
                          start: start, line: startLine)
        case .shell:
            try lexQuoted(close: close, open: nesting, interpolates: true, kind: .shell, delimiter: .other, start: start, line: startLine)
        case .regex:
            try lexQuoted(close: close, open: nesting, interpolates: true, kind: .regex, delimiter: .other, start: start, line: startLine)
            consumeRegexOptions()
        case .symbol:
            try lexQuoted(close: close, open: nesting, interpolates: false, kind: .dynamicSymbol, delimiter: .other,
                          start: start, line: startLine)
        case .words(let interpolates):
            try lexWords(close: close, open: nesting, kind: .words, interpolates: interpolates, start: start, line: startLine)
        case .symbols(let interpolates):
            try lexWords(close: close, open: nesting, kind: .symbolWords, interpolates: interpolates, start: start, line: startLine)
        }
    }

    /// `%w[…]` and its kin. A list that interpolates (`%W[a#{b}]`) has no `words`.
    private mutating func lexWords(
        close: UInt8, open: UInt8?, kind: RubyToken.Kind, interpolates: Bool, start: Int, line startLine: Int
    ) throws(RubySyntaxError) {
        try lexQuoted(close: close, open: open, interpolates: false, kind: .string, delimiter: .other, start: start, line: startLine)
        var token = tokens.removeLast()
        let parts = token.literal?.parts ?? []
        var content = ""
        for part in parts {
            if case .text(let text) = part { content += text }
        }
        token.kind = kind
        let words = interpolates && content.contains("#{") ? nil
            : content.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
        token.literal = RubyLiteral(parts: parts, words: words, delimiter: .other)
        tokens.append(token)
    }

    // MARK: - Heredocs

    /// How a heredoc starts: `<<~NAME`, `<<-'NAME'`, `<<NAME`, …
    struct HeredocStart {
        var name: [UInt8]
        var indented: Bool
        var squiggly: Bool
        var quote: UInt8?
        /// How many bytes the opener takes.
        var length: Int
    }

    /// The heredoc opener at `index` (which is at `<<`), if one starts here.
    func heredocStart() -> HeredocStart? {
        var probe = index + 2
        var indented = false
        var squiggly = false
        if probe < bytes.count, bytes[probe] == 0x2D {
            indented = true
            probe += 1
        } else if probe < bytes.count, bytes[probe] == 0x7E {
            indented = true
            squiggly = true
            probe += 1
        }
        guard probe < bytes.count else { return nil }
        var quote: UInt8?
        if bytes[probe] == 0x27 || bytes[probe] == 0x22 || bytes[probe] == 0x60 {
            quote = bytes[probe]
            probe += 1
        }
        let nameStart = probe
        if let quote {
            while probe < bytes.count, bytes[probe] != quote, bytes[probe] != 0x0A { probe += 1 }
            guard probe < bytes.count, bytes[probe] == quote else { return nil }
            return HeredocStart(name: Array(bytes[nameStart..<probe]), indented: indented, squiggly: squiggly, quote: quote,
                                length: probe + 1 - index)
        }
        guard probe < bytes.count, Self.isIdentifierStart(bytes[probe]) else { return nil }
        // After a name (`list <<item`), a bare `<<name` appends to a local variable: only
        // an upper-case one starts a heredoc there, as in `foo <<EOS`.
        guard indented || !previousEndsValue || (bytes[probe] >= 0x41 && bytes[probe] <= 0x5A) || bytes[probe] == 0x5F
        else { return nil }
        while probe < bytes.count, Self.isIdentifierByte(bytes[probe]) { probe += 1 }
        return HeredocStart(name: Array(bytes[nameStart..<probe]), indented: indented, squiggly: squiggly, quote: nil,
                            length: probe - index)
    }

    mutating func lexHeredocStart(_ heredoc: HeredocStart, start: Int, startLine: Int) {
        index += heredoc.length
        append(heredoc.quote == 0x60 ? .shell : .string, "", start: start, line: startLine)
        pendingHeredocs.append(PendingHeredoc(token: tokens.count - 1, name: heredoc.name, indented: heredoc.indented,
                                              squiggly: heredoc.squiggly, interpolates: heredoc.quote != 0x27))
    }

    /// Reads the bodies of the heredocs opened on the line that just ended.
    mutating func readHeredocBodies() throws(RubySyntaxError) {
        guard !pendingHeredocs.isEmpty else { return }
        let pending = pendingHeredocs
        pendingHeredocs.removeAll()
        for heredoc in pending {
            let bodyStart = index
            let bodyLine = line
            guard let bodyEnd = skipToTerminator(of: heredoc) else {
                throw RubySyntaxError(line: tokens[heredoc.token].line,
                                      problem: .unterminatedHeredoc(name: String(decoding: heredoc.name, as: UTF8.self)))
            }
            let parts = try heredocParts(bodyStart..<bodyEnd, line: bodyLine, interpolates: heredoc.interpolates,
                                         squiggly: heredoc.squiggly)
            tokens[heredoc.token].literal = RubyLiteral(parts: parts, delimiter: .heredoc)
            // The terminator line's own newline ends the statement that opened the heredoc.
        }
    }

    /// Moves to the end of the heredoc's terminator line and returns where its body ends, or
    /// nil when no line terminates it.
    private mutating func skipToTerminator(of heredoc: PendingHeredoc) -> Int? {
        while index < bytes.count {
            var lineEnd = index
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var contentStart = index
            if heredoc.indented {
                while contentStart < lineEnd, Self.isSpace(bytes[contentStart]) { contentStart += 1 }
            }
            var contentEnd = lineEnd
            if contentEnd > contentStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if bytes[contentStart..<contentEnd].elementsEqual(heredoc.name) {
                let bodyEnd = index
                index = lineEnd
                return bodyEnd
            }
            index = lineEnd < bytes.count ? lineEnd + 1 : lineEnd
            line += 1
        }
        return nil
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
        try inner.lexQuoted(close: 0x00, open: nil, interpolates: true, kind: .string, delimiter: .heredoc, start: 0, line: bodyLine)
        return inner.tokens.last?.literal?.parts ?? []
    }
}

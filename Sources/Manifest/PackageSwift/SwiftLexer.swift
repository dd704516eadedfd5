/// A token of the Swift in a Package.swift: enough to find `.package(…)` calls past
/// comments and string literals.
struct SwiftToken {
    enum Kind { case identifier, string, number, punctuation }

    var kind: Kind
    var start: Int
    var end: Int
    var line: Int
    var text: String
    /// The value of a string literal without interpolation.
    var stringValue: String?
    /// The bytes between the quotes of a string literal.
    var contentRange: Range<Int>?

    func isPunctuation(_ value: String) -> Bool { kind == .punctuation && text == value }
    func isIdentifier(_ value: String) -> Bool { kind == .identifier && text == value }
}

extension [SwiftToken] {
    /// For each opening bracket, the index of the bracket that closes it (any kind, as the
    /// innermost open one); -1 for an unclosed opener and for every other token.
    func closers() -> [Int] {
        var result = [Int](repeating: -1, count: count)
        var open: [Int] = []
        for k in indices where self[k].kind == .punctuation {
            switch self[k].text {
            case "(", "[", "{": open.append(k)
            case ")", "]", "}": if let opener = open.popLast() { result[opener] = k }
            default: break
            }
        }
        return result
    }

    /// The comma-separated parts of `range`, stepping over bracketed groups.
    func splitArguments(_ range: Range<Int>, closers: [Int]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var k = range.lowerBound
        scan: while k < range.upperBound {
            let token = self[k]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{":
                    // An unclosed group runs to the end: no comma after it is at the top.
                    guard closers[k] >= 0 else { break scan }
                    k = closers[k] + 1
                    continue scan
                case ",":
                    parts.append(start..<k)
                    start = k + 1
                default:
                    break
                }
            }
            k += 1
        }
        if start < range.upperBound { parts.append(start..<range.upperBound) }
        return parts.filter { !$0.isEmpty }
    }

    /// The label of an argument (`url` in `url: "…"`).
    func label(of argument: Range<Int>) -> String? {
        guard argument.count >= 2, self[argument.lowerBound].kind == .identifier,
              self[argument.lowerBound + 1].isPunctuation(":") else { return nil }
        return self[argument.lowerBound].text
    }
}

/// Splits Package.swift into tokens: identifiers, numbers, strings (raw, multi-line, with
/// interpolation), punctuation; comments (nested block comments too) are skipped.
struct SwiftLexer {
    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var tokens: [SwiftToken] = []

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Tokenises `bytes`; `file` names the file in errors.
    static func tokenize(_ bytes: [UInt8], file: String) throws(ManifestError) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: bytes, file: file)
        try lexer.run()
        return lexer.tokens
    }

    private func fail(_ line: Int, _ message: String) -> ManifestError {
        .malformed(ManifestIssue(file: file, line: line, message: message))
    }

    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
    }

    private func matches(_ pattern: [UInt8], at position: Int) -> Bool {
        guard position + pattern.count <= bytes.count else { return false }
        for k in 0..<pattern.count where bytes[position + k] != pattern[k] { return false }
        return true
    }

    private func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
        prefix.withUTF8Buffer { buffer in
            guard position + buffer.count <= bytes.count else { return false }
            for k in 0..<buffer.count where bytes[position + k] != buffer[k] { return false }
            return true
        }
    }

    private mutating func run() throws(ManifestError) {
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            let start = i
            switch c {
            case UInt8(ascii: "\n"):
                line += 1
                i += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
            case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "/"):
                while i < n, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "*"):
                try skipBlockComment()
            // A string: its opening quote, or the `#`s of a raw string (`#"`, `##"`); a `#`
            // followed by anything else (`#if`, `#file`) is not one.
            case _ where c == UInt8(ascii: "\"")
                || (c == UInt8(ascii: "#") && i + 1 < n && (bytes[i + 1] == UInt8(ascii: "\"") || bytes[i + 1] == UInt8(ascii: "#"))):
                try lexString(start: start)
            case _ where Self.isIdentifierByte(c) || c == UInt8(ascii: "`"):
                lexWord(start: start)
            default:
                let length = c == UInt8(ascii: ".") && (hasPrefix("..<", at: i) || hasPrefix("...", at: i)) ? 3 : 1
                i += length
                tokens.append(SwiftToken(kind: .punctuation, start: start, end: i, line: line,
                                         text: String(decoding: bytes[start..<i], as: UTF8.self)))
            }
        }
    }

    /// `/* … */`, nested ones included.
    private mutating func skipBlockComment() throws(ManifestError) {
        let startLine = line
        var depth = 0
        while i < bytes.count {
            if hasPrefix("/*", at: i) {
                depth += 1
                i += 2
            } else if hasPrefix("*/", at: i) {
                depth -= 1
                i += 2
                if depth == 0 { break }
            } else {
                if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                i += 1
            }
        }
        if depth != 0 { throw fail(startLine, "comment is never closed; add the closing */") }
    }

    /// A string literal, or a lone `#`; `i` is at its first `#` or quote.
    private mutating func lexString(start: Int) throws(ManifestError) {
        let startLine = line
        var hashes = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: "#") {
            hashes += 1
            i += 1
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
            tokens.append(SwiftToken(kind: .punctuation, start: start, end: i, line: startLine, text: "#"))
            return
        }
        let multiline = hasPrefix("\"\"\"", at: i)
        i += multiline ? 3 : 1
        let (content, interpolates) = try scanString(hashes: hashes, multiline: multiline, startLine: startLine)
        let value = interpolates || multiline || hashes > 0 || bytes[content].contains(UInt8(ascii: "\\"))
            ? nil : String(decoding: bytes[content], as: UTF8.self)
        tokens.append(SwiftToken(kind: .string, start: start, end: i, line: startLine, text: "",
                                 stringValue: value, contentRange: content))
    }

    /// Scans a string literal body from `i` (after the opening delimiter) to its closing
    /// delimiter; returns the content range and whether it interpolates.
    private mutating func scanString(hashes: Int, multiline: Bool, startLine: Int) throws(ManifestError) -> (Range<Int>, Bool) {
        let start = i
        let n = bytes.count
        var interpolates = false
        let closing = Array((multiline ? "\"\"\"" : "\"").utf8) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        let escape = [UInt8(ascii: "\\")] + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        while i < n {
            if bytes[i] == UInt8(ascii: "\n") {
                guard multiline else { throw fail(startLine, "string is never closed; add the closing \"") }
                line += 1
            }
            if bytes[i] == UInt8(ascii: "\\"), matches(escape, at: i) {
                let after = i + escape.count
                if after < n, bytes[after] == UInt8(ascii: "(") {
                    interpolates = true
                    skipInterpolation(from: after)
                    continue
                }
                i = after + 1
                continue
            }
            if bytes[i] == UInt8(ascii: "\""), matches(closing, at: i) {
                let content = start..<i
                i += closing.count
                return (content, interpolates)
            }
            i += 1
        }
        throw fail(startLine, "string is never closed; add the closing \"")
    }

    /// Steps over `(…)` of an interpolation starting at `position`, to just after its `)`.
    private mutating func skipInterpolation(from position: Int) {
        var depth = 0
        i = position
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "(") { depth += 1 }
            if bytes[i] == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { break }
            }
            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
            i += 1
        }
        i += 1
    }

    /// An identifier (also `` `name` ``) or a number.
    private mutating func lexWord(start: Int) {
        let c = bytes[i]
        let isNumber = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
        if c == UInt8(ascii: "`") { i += 1 }
        while i < bytes.count, Self.isIdentifierByte(bytes[i]) || (isNumber && bytes[i] == UInt8(ascii: ".")) { i += 1 }
        var text = String(decoding: bytes[start..<i], as: UTF8.self)
        if c == UInt8(ascii: "`"), i < bytes.count, bytes[i] == UInt8(ascii: "`") {
            i += 1
            text = String(text.dropFirst())
        }
        tokens.append(SwiftToken(kind: isNumber ? .number : .identifier, start: start, end: i, line: line, text: text))
    }
}

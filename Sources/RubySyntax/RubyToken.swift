/// One token of Ruby source and where it sits: `start..<end` are UTF-8 byte offsets into the
/// file, so an editor can replace a literal in place, and `line` is 1-based.
public struct RubyToken {
    /// What a token is.
    public enum Kind: UInt8, Sendable {
        /// A local variable or method name; `text` may end with `?` or `!`.
        case identifier
        /// A name starting with an upper-case letter.
        case constant
        /// `@x`, `@@x` or `$x`; `text` keeps the sigil.
        case variable
        /// A Ruby keyword (`do`, `end`, `if`, `nil`, …) that does not follow `.`, `&.`, `::` or `def`.
        case keyword
        /// `tag:` in a hash or argument list; `text` is the name without the colon.
        case label
        /// A string literal (quotes, `%q`, `%Q`, `%{}`, a heredoc, `?a`); its value is in `literal`.
        case string
        /// A backtick or `%x` command, or a heredoc quoted with backticks.
        case shell
        /// `:name`; `text` is the name.
        case symbol
        /// `:"…"` or `%s(…)`; `text` is its value when it does not interpolate, else empty.
        case dynamicSymbol
        case number
        /// `/…/` or `%r{…}`.
        case regex
        /// `%w[…]` or `%W[…]`; the elements are `literal.words`.
        case words
        /// `%i[…]` or `%I[…]`; the elements are `literal.words`.
        case symbolWords
        /// Punctuation and operators; `text` is the operator.
        case op
        /// The end of a statement: a line break Ruby does not continue, or `;` (its `text`).
        case newline
        /// The end of the input (or of an interpolation's code): always the last token.
        case end
    }

    /// What the token is.
    public var kind: Kind
    /// The name, operator or number as written (see `Kind` for the others).
    public var text: String
    /// The 1-based line of the token's first byte.
    public var line: Int
    /// The offset of the token's first byte.
    public var start: Int
    /// The offset one past the token's last byte.
    public var end: Int
    /// Whether whitespace separates the token from the one before it.
    public var spaceBefore: Bool
    /// Whether the token follows `.`, `&.` or `::`, which makes a keyword-like name a method.
    public var afterDot = false
    /// A string written as `"key": value`: a symbol key in a hash or a keyword argument.
    public var isLabelString = false
    /// The value of a string, command, dynamic symbol, regex or word list.
    public var literal: RubyLiteral?

    /// A token of `kind` covering `start..<end`.
    public init(kind: Kind, text: String, line: Int, start: Int, end: Int, spaceBefore: Bool) {
        self.kind = kind
        self.text = text
        self.line = line
        self.start = start
        self.end = end
        self.spaceBefore = spaceBefore
    }

    /// The bytes the token covers.
    public var range: Range<Int> { start..<end }

    /// Whether the token is the operator `op`.
    @inlinable public func isOp(_ op: String) -> Bool { kind == .op && text == op }

    /// Whether the token is the keyword `word`.
    @inlinable public func isKeyword(_ word: String) -> Bool { kind == .keyword && text == word }

    /// Whether the token names `name` as a local variable or a method called without a receiver.
    @inlinable public func isIdentifier(_ name: String) -> Bool { kind == .identifier && !afterDot && text == name }

    /// Whether the token ends a line or a statement.
    @inlinable public var isNewline: Bool { kind == .newline }

    /// `)`, `]` or `}`.
    @inlinable public var isClosingBracket: Bool { kind == .op && (text == ")" || text == "]" || text == "}") }

    /// The key when the token is a label (`key:`) or a label string (`"key":`) without interpolation.
    public var labelName: String? {
        if kind == .label { return text }
        return isLabelString ? literal?.plainText : nil
    }

    /// The 1-based column of the token's first byte, counted in bytes from the start of its line.
    public func column(in bytes: [UInt8]) -> Int {
        var lineStart = min(start, bytes.count)
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        return start - lineStart + 1
    }
}

/// The value of a literal token: its text and interpolated code, and how it was written.
public final class RubyLiteral {
    /// How the literal was delimited.
    public enum Delimiter: Sendable {
        /// `'…'`
        case singleQuote
        /// `"…"`
        case doubleQuote
        /// A `%` literal, a symbol's quotes, backticks or a regex's slashes.
        case other
        /// `<<~NAME`, `<<-NAME` or `<<NAME`, with its body on the lines that follow.
        case heredoc
        /// `?a`
        case character
    }

    /// The pieces of the value: text, and the code of each `#{…}`.
    public let parts: [RubyStringPart]
    /// The elements of a `%w[…]` or `%i[…]` list; `nil` when one interpolates.
    public let words: [String]?
    /// For a string whose bytes between the delimiters are exactly its value (no escape, no
    /// interpolation): the byte range of that content, which a rewriter may replace.
    public let plainContent: Range<Int>?
    /// How the literal was delimited.
    public let delimiter: Delimiter

    /// A literal made of `parts`.
    public init(parts: [RubyStringPart], words: [String]? = nil, plainContent: Range<Int>? = nil, delimiter: Delimiter) {
        self.parts = parts
        self.words = words
        self.plainContent = plainContent
        self.delimiter = delimiter
    }

    /// The text when the literal does not interpolate.
    public var plainText: String? {
        if parts.count == 1, case .text(let text) = parts[0] { return text }
        var result = ""
        for part in parts {
            guard case .text(let text) = part else { return nil }
            result += text
        }
        return result
    }
}

/// A piece of a literal: plain text, or the code of an interpolated `#{…}`.
public enum RubyStringPart {
    /// Text, escapes already applied.
    case text(String)
    /// The code of a `#{…}` (or of `#@name`).
    case code(RubyCode)
}

/// The code inside an interpolation.
public struct RubyCode {
    /// Its tokens, ending with `.end`.
    public var tokens: [RubyToken]
    /// The line where the code starts.
    public var line: Int
    /// The code as written, without `#{` and `}`.
    public var source: String

    /// Code read from an interpolation.
    public init(tokens: [RubyToken], line: Int, source: String) {
        self.tokens = tokens
        self.line = line
        self.source = source
    }
}

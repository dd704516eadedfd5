/// One token of Ruby source.
struct RubyToken {
    enum Kind: Equatable {
        /// A local variable or method name; `text` may end with `?` or `!`.
        case identifier
        /// A name starting with an upper-case letter.
        case constant
        /// `@x`, `@@x` or `$x`.
        case variable
        case keyword
        /// `tag:` in a hash or argument list; `text` is the name without the colon.
        case label
        /// A string literal (quotes, `%q`, `%Q`, `%{}`, heredoc); its parts are in `parts`.
        case string
        /// A backtick or `%x` command; its parts are in `parts`.
        case shell
        /// `:name`; `text` is the name.
        case symbol
        /// `:"…"`; its parts are in `parts`.
        case dynamicSymbol
        case number
        case regex
        /// `%w[…]` or `%i[…]`; the elements are in `words`.
        case words
        case symbolWords
        /// Punctuation and operators; `text` is the operator.
        case op
        case newline
        case end
    }

    var kind: Kind
    var text: String
    /// 1-based line of the token's first byte.
    var line: Int
    /// Byte offsets of the token in the file: `start` is its first byte, `end` one past its last.
    var start: Int
    var end: Int
    /// Whether whitespace separates the token from the one before it.
    var spaceBefore: Bool
    /// A string written as `"key": value`, which makes a symbol key in a hash.
    var isLabelString = false
    /// What only literals carry, out of line so that the parser copies tokens cheaply.
    private var payload: Payload?

    private final class Payload {
        let parts: [RubyStringPart]
        let words: [String]
        let plainContent: Range<Int>?

        init(parts: [RubyStringPart], words: [String], plainContent: Range<Int>?) {
            self.parts = parts
            self.words = words
            self.plainContent = plainContent
        }
    }

    init(kind: Kind, text: String, line: Int, start: Int, end: Int, spaceBefore: Bool) {
        self.kind = kind
        self.text = text
        self.line = line
        self.start = start
        self.end = end
        self.spaceBefore = spaceBefore
    }

    /// The pieces of a string, shell command or dynamic symbol.
    var parts: [RubyStringPart] {
        get { payload?.parts ?? [] }
        set { payload = Payload(parts: newValue, words: words, plainContent: plainContent) }
    }

    /// The elements of a `%w[…]` or `%i[…]` list.
    var words: [String] {
        get { payload?.words ?? [] }
        set { payload = Payload(parts: parts, words: newValue, plainContent: plainContent) }
    }

    /// For a string literal whose bytes between the delimiters are exactly its value (no
    /// escape, no interpolation): the byte range of that content. The version rewriter
    /// replaces only such literals.
    var plainContent: Range<Int>? {
        get { payload?.plainContent }
        set { payload = Payload(parts: parts, words: words, plainContent: newValue) }
    }

    func isOp(_ op: String) -> Bool { kind == .op && text == op }
    func isKeyword(_ word: String) -> Bool { kind == .keyword && text == word }
}

/// A piece of a string literal: plain text, or the tokens of an interpolated `#{…}`.
enum RubyStringPart {
    case text(String)
    case code([RubyToken], line: Int)
}

/// A syntax problem the lexer or parser cannot recover from, such as a string that is never
/// closed or a block without its `end`.
struct RubySyntaxError: Error {
    var line: Int
    var message: String
    /// Whether the code nests deeper than the parser follows: fatal wherever it is found.
    var nestsTooDeeply = false

    /// How to fix it, after the message.
    var fix: String { nestsTooDeeply ? "flatten it" : "fix the Ruby syntax" }

    /// Code nested deeper than `RubyParser.maximumDepth`, at `line`.
    static func tooDeep(line: Int) -> RubySyntaxError {
        RubySyntaxError(
            line: line,
            message: "the code nests too deeply (more than \(RubyParser.maximumDepth) levels of blocks, brackets, "
                + "calls and operators)",
            nestsTooDeeply: true)
    }
}

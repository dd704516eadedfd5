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
    var parts: [RubyStringPart] = []
    var words: [String] = []
    /// For a string literal whose bytes between the delimiters are exactly its value (no
    /// escape, no interpolation): the byte range of that content. The version rewriter
    /// replaces only such literals.
    var plainContent: Range<Int>?
    /// A string written as `"key": value`, which makes a symbol key in a hash.
    var isLabelString = false

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
}

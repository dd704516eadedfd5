import RubySyntax

/// Ruby the podspec reader cannot read at all: a syntax problem the lexer or parser cannot
/// recover from, such as a string that is never closed or a block without its `end`.
struct RubyParseError: Error {
    var line: Int
    var message: String
    /// Whether the code nests deeper than the reader follows: fatal wherever it is found.
    var nestsTooDeeply = false

    /// How to fix it, after the message.
    var fix: String { nestsTooDeeply ? "flatten it" : "fix the Ruby syntax" }

    /// Code nested deeper than `RubyParser.maximumDepth`, at `line`.
    static func tooDeep(line: Int) -> RubyParseError {
        RubyParseError(
            line: line,
            message: "the code nests too deeply (more than \(RubyParser.maximumDepth) levels of blocks, brackets, "
                + "calls and operators)",
            nestsTooDeeply: true)
    }

    /// The lexer's `error`, in the podspec reader's words.
    init(_ error: RubySyntaxError) {
        switch error.problem {
        case .tooDeep:
            self = .tooDeep(line: error.line)
        case .unclosedString, .unclosedRegex:
            self.init(line: error.line, message: "a string is never closed")
        case .unclosedInterpolation:
            self.init(line: error.line, message: "an interpolation #{ is never closed")
        case .unterminatedHeredoc(let name):
            self.init(line: error.line, message: "the heredoc \(name) is never terminated")
        case .unclosedBlockComment:
            self.init(line: error.line, message: "a =begin comment is never closed with =end")
        case .unexpectedCloser(let closer, _):
            self.init(line: error.line, message: closer == "end" ? "unexpected `end`" : "unbalanced `\(closer)`")
        case .neverClosed:
            self.init(line: error.line, message: "the file ends before a block is closed with `end`")
        }
    }

    init(line: Int, message: String, nestsTooDeeply: Bool = false) {
        self.line = line
        self.message = message
        self.nestsTooDeeply = nestsTooDeeply
    }
}

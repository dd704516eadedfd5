/// Ruby source that cannot be tokenised or whose blocks do not match: a string that is never
/// closed, an `end` without its block, code nested deeper than the reader follows. Each
/// reader words it for its own file (a podspec, a Podfile), so this names the problem and
/// its line, not a message.
public struct RubySyntaxError: Error, Equatable, Sendable {
    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// A string, command or symbol whose closing delimiter (`closer`) never comes.
        case unclosedString(closer: Character)
        /// A regular expression whose closing delimiter never comes.
        case unclosedRegex(closer: Character)
        /// A `#{` without its `}`.
        case unclosedInterpolation
        /// A heredoc whose terminator line never comes.
        case unterminatedHeredoc(name: String)
        /// `=begin` without `=end`.
        case unclosedBlockComment
        /// Brackets, blocks or interpolations nested deeper than the reader's limit.
        case tooDeep(limit: Int)
        /// A closing bracket or `end` that closes nothing, or not what is open: `open` is the
        /// innermost open bracket or block and its line, if any.
        case unexpectedCloser(String, open: OpenBlock?)
        /// A bracket or block (`opener`) that is never closed by `closer`.
        case neverClosed(opener: String, closer: String)
    }

    /// A bracket or block that is still open.
    public struct OpenBlock: Equatable, Sendable {
        /// Its opening token: `(`, `do`, `def`, …
        public var opener: String
        /// The line it opens on.
        public var line: Int

        /// A block opened by `opener` on `line`.
        public init(opener: String, line: Int) {
            self.opener = opener
            self.line = line
        }
    }

    /// The line the problem is on (for an unclosed thing, the line it opens on).
    public var line: Int
    /// What is wrong.
    public var problem: Problem

    /// `problem` at `line`.
    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }
}

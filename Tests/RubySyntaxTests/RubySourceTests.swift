import RubySyntax
import Testing

/// Bracket and block matching, and the statement helpers the Podfile reader steps with.
@Suite struct RubySourceTests {
    private func source(_ text: String, maximumDepth: Int = 64) throws -> RubySource {
        try RubySource(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    }

    @Test func matchesBlocksButNotModifiers() throws {
        let text = "target 'A' do\n  pod 'B' if x\n  while y do\n    z\n  end\n  def m(a) = 1\n  [1, (2)]\nend\n"
        let source = try source(text)
        let tokens = source.tokens
        let doIndex = try #require(tokens.firstIndex { $0.isKeyword("do") })
        #expect(tokens[source.match[doIndex]].isKeyword("end"))
        #expect(tokens[source.match[doIndex]].line == 8)
        let modifier = try #require(tokens.firstIndex { $0.isKeyword("if") })
        #expect(source.match[modifier] == -1)
        let loop = try #require(tokens.firstIndex { $0.isKeyword("while") })
        #expect(tokens[source.match[loop]].line == 5)
        let endless = try #require(tokens.firstIndex { $0.isKeyword("def") })
        #expect(source.match[endless] == -1)
        #expect(tokens.last?.kind == .newline, "the lexer's .end is not among the file's tokens")
        #expect(source.trailingBlock(0, tokens.count)?.open == doIndex)
        #expect(source.statementEnd(from: 0, limit: tokens.count) == tokens.count - 1)
    }

    @Test func splitsArgumentsAtTopLevelCommas() throws {
        let source = try source("pod 'A', '~> 1.0', :subspecs => ['x', 'y'], configurations: %w[Debug]\n")
        let parts = source.splitArguments(1..<(source.tokens.count - 1))
        #expect(parts.map { source.text($0) } == ["'A'", "'~> 1.0'", ":subspecs => ['x', 'y']", "configurations: %w[Debug]"])
        #expect(source.byteRange(parts[1]) == 9..<17)
    }

    @Test func blockParametersAreNotTheBody() throws {
        let source = try source("list.each do |name, i|\n  pod name\nend\n")
        let doIndex = try #require(source.tokens.firstIndex { $0.isKeyword("do") })
        #expect(source.tokens[source.blockBodyStart(doIndex)].isNewline)
    }

    @Test func unbalancedCodeIsLocated() throws {
        let cases: [(String, RubySyntaxError)] = [
            ("target 'A' do\n  pod 'B'\n", RubySyntaxError(line: 1, problem: .neverClosed(opener: "do", closer: "end"))),
            ("pod 'A'\nend\n", RubySyntaxError(line: 2, problem: .unexpectedCloser("end", open: nil))),
            ("x = [1, 2)\n", RubySyntaxError(line: 1, problem: .unexpectedCloser(")", open: .init(opener: "[", line: 1)))),
            (String(repeating: "[", count: 6) + String(repeating: "]", count: 6),
             RubySyntaxError(line: 1, problem: .tooDeep(limit: 5))),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try source(text, maximumDepth: 5) }
        }
    }
}

import RubySyntax
import Testing

/// The one Ruby lexer, on the shapes podspecs and Podfiles use: what each token is, where
/// it sits (for rewriting), and what a literal's value is.
@Suite struct RubyLexerTests {
    private func tokens(_ text: String, maximumNesting: Int = 64) throws -> [RubyToken] {
        try RubyLexer.tokenize(Array(text.utf8), maximumNesting: maximumNesting)
    }

    private func summary(_ text: String) throws -> [String] {
        try tokens(text).map { token in
            switch token.kind {
            case .string: "string(\(token.literal?.plainText ?? "…"))"
            case .newline: token.text == ";" ? "semicolon" : "newline"
            case .end: "end"
            default: "\(token.kind)(\(token.text))"
            }
        }
    }

    @Test func tokensKnowTheirKindLineAndBytes() throws {
        let text = "pod 'Alamofire', '~> 5.0' # networking\n  s.version = \"1.2\"\n"
        let result = try tokens(text)
        #expect(result.map(\.kind) == [.identifier, .string, .op, .string, .newline, .identifier, .op, .identifier, .op, .string,
                                       .newline, .end])
        #expect(result[0].range == 0..<3)
        #expect(result[3].literal?.plainText == "~> 5.0")
        #expect(result[3].literal?.plainContent == 18..<24)
        #expect(result[3].literal?.delimiter == .singleQuote)
        #expect(result[9].line == 2)
        #expect(result[9].column(in: Array(text.utf8)) == 15)
        #expect(result[7].afterDot && result[7].text == "version")
        #expect(result[9].literal?.delimiter == .doubleQuote)
    }

    /// Ruby continues a statement after an operator or a comma, before a `.method` line and
    /// after a backslash; `;` ends one as a line break does.
    @Test func newlinesEndOnlyWhatRubyEnds() throws {
        #expect(try summary("a = 1 +\n  2\nb") == ["identifier(a)", "op(=)", "number(1)", "op(+)", "number(2)", "newline",
                                                    "identifier(b)", "end"])
        #expect(try summary("list\n  .map\n\n  &.first\n") == ["identifier(list)", "op(.)", "identifier(map)", "op(&.)",
                                                               "identifier(first)", "newline", "end"])
        #expect(try summary("a \\\n b; c") == ["identifier(a)", "identifier(b)", "semicolon", "identifier(c)", "end"])
    }

    @Test func keywordsAreNamesAfterADot() throws {
        let result = try tokens("x.class if defined?(y)\n")
        #expect(result.map(\.kind) == [.identifier, .op, .identifier, .keyword, .keyword, .op, .identifier, .op, .newline, .end])
        #expect(result[2].afterDot && !result[3].afterDot)
        #expect(result[0].isIdentifier("x") && !result[2].isIdentifier("class") && result[3].isKeyword("if"))
    }

    @Test func stringsApplyEscapesAndKeepInterpolatedCode() throws {
        let result = try tokens(#"x = "a\tb#{name.upcase}c#@ivar" + 'it\'s \n'"#)
        let parts = try #require(result[2].literal?.parts)
        #expect(parts.count == 4)
        guard case .text("a\tb") = parts[0], case .code(let code) = parts[1], case .text("c") = parts[2],
              case .code(let variable) = parts[3] else { Issue.record("parts: \(parts)"); return }
        #expect(code.source == "name.upcase")
        #expect(code.tokens.map(\.kind) == [.identifier, .op, .identifier, .end])
        #expect(variable.source == "@ivar" && variable.tokens.first?.kind == .variable)
        #expect(result[2].literal?.plainContent == nil)
        #expect(result[4].literal?.plainText == #"it's \n"#)
    }

    @Test func heredocsReadTheirBodiesAndTheLinesGoOn() throws {
        let text = "s.description = <<~DESC\n    Fast #{kind}\n      indented\n  DESC\ns.name = 'A'\nx = <<-'RAW'\n#{not}\n  RAW\n"
        let result = try tokens(text)
        let description = try #require(result.first { $0.literal?.delimiter == .heredoc })
        guard let parts = description.literal?.parts, parts.count == 3, case .text("Fast ") = parts[0],
              case .code(let code) = parts[1], case .text("\n  indented\n") = parts[2]
        else { Issue.record("parts: \(String(describing: description.literal?.parts))"); return }
        #expect(code.source == "kind")
        let name = try #require(result.first { $0.text == "name" })
        #expect(name.line == 5)
        let raw = try #require(result.last { $0.literal?.delimiter == .heredoc })
        #expect(raw.literal?.plainText == "#{not}\n")
        // `list <<item` appends; after a name only an upper-case bare name starts a heredoc,
        // where a value starts any name does.
        #expect(try summary("list <<item\n") == ["identifier(list)", "op(<<)", "identifier(item)", "newline", "end"])
        #expect(try summary("x = <<eos\nbody\neos\n") == ["identifier(x)", "op(=)", "string(body\n)", "newline", "end"])
    }

    @Test func percentLiteralsSymbolsAndNumbers() throws {
        // After a value, `%` is the modulo operator: each literal here follows a comma.
        let result = try tokens("[%w[a b\n c], %i(x y), %q(a (b) c), %r{x/y}i, :sym, :\"dyn#{1}\", %s(s), 1_000.5e3, 0x1F, ?a]")
            .filter { $0.kind != .op && $0.kind != .end }
        #expect(result[0].kind == .words && result[0].literal?.words == ["a", "b", "c"])
        #expect(result[1].kind == .symbolWords && result[1].literal?.words == ["x", "y"])
        #expect(result[2].literal?.plainText == "a (b) c")
        #expect(result[3].kind == .regex && result[3].range.count == "%r{x/y}i".utf8.count)
        #expect(result[4].kind == .symbol && result[4].text == "sym")
        #expect(result[5].kind == .dynamicSymbol && result[5].text == "")
        #expect(result[6].kind == .dynamicSymbol && result[6].text == "s")
        #expect(result[7].kind == .number && result[7].text == "1_000.5e3")
        #expect(result[8].text == "0x1F")
        #expect(result[9].literal?.delimiter == .character && result[9].literal?.plainText == "a")
        #expect(try tokens("%W[a#{b}]")[0].literal?.words == nil)
    }

    @Test func labelsAndLabelStrings() throws {
        let result = try tokens("pod 'A', git: url, \"tag\": '1.0', :branch => b, c ? d : e")
        #expect(result[3].kind == .label && result[3].labelName == "git")
        #expect(result[6].isLabelString && result[6].labelName == "tag")
        #expect(result[9].kind == .symbol)
        #expect(result.contains { $0.kind == .identifier && $0.text == "d" })
    }

    @Test func commentsBlockCommentsAndEnd() throws {
        #expect(try summary("=begin\npod 'A'\n=end\npod 'B' # 'C'\n__END__\npod 'D'\n")
            == ["identifier(pod)", "string(B)", "newline", "end"])
        let result = try tokens("a\n=begin\nx\n=end\nb\n")
        #expect(result.map(\.text).filter { !$0.isEmpty && $0 != "\n" } == ["a", "b"])
        #expect(result.first { $0.text == "b" }?.line == 5)
    }

    @Test func problemsNameTheirLine() throws {
        let cases: [(String, RubySyntaxError)] = [
            ("a = 1\nb = 'open\n", RubySyntaxError(line: 2, problem: .unclosedString(closer: "'"))),
            ("x = /abc\n", RubySyntaxError(line: 1, problem: .unclosedRegex(closer: "/"))),
            ("x = <<~EOS\nbody\n", RubySyntaxError(line: 1, problem: .unterminatedHeredoc(name: "EOS"))),
            ("a\n=begin\nnever closed\n", RubySyntaxError(line: 2, problem: .unclosedBlockComment)),
            ("x = \"#{a\n", RubySyntaxError(line: 1, problem: .unclosedInterpolation)),
            ("x = \"#{a(\"b)}\n", RubySyntaxError(line: 1, problem: .unclosedString(closer: "\""))),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try tokens(text) }
        }
        let deep = String(repeating: "\"#{", count: 10) + "1" + String(repeating: "}\"", count: 10)
        #expect(throws: RubySyntaxError(line: 1, problem: .tooDeep(limit: 5))) { try tokens(deep, maximumNesting: 5) }
        #expect(try tokens(deep, maximumNesting: 10).count == 2)
    }
}

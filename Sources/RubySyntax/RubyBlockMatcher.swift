/// Pairs each bracket with its closer and each block keyword (`do`, `def`, `if`, `class`, …)
/// with its `end`, as Ruby does: `if` and `while` open a block only when they start a
/// statement (not as modifiers), `while x do` has one `end`, and `def x = 1` has none.
enum RubyBlockMatcher {
    /// For each token: the index of its partner, or -1.
    static func match(_ tokens: [RubyToken], maximumDepth: Int) throws(RubySyntaxError) -> [Int] {
        var match = [Int](repeating: -1, count: tokens.count)
        var stack: [Int] = []
        var loopAwaitingDo: Int?
        func openBlock() -> RubySyntaxError.OpenBlock? {
            stack.last.map { RubySyntaxError.OpenBlock(opener: tokens[$0].text, line: tokens[$0].line) }
        }
        func close(_ i: Int) {
            let top = stack.removeLast()
            match[top] = i
            match[i] = top
        }
        for i in tokens.indices {
            switch tokens[i].kind {
            case .newline:
                loopAwaitingDo = nil
            case .op where tokens[i].text == "(" || tokens[i].text == "[" || tokens[i].text == "{":
                stack.append(i)
            case .op where tokens[i].isClosingBracket:
                let closer = tokens[i].text
                let expected = closer == ")" ? "(" : closer == "]" ? "[" : "{"
                guard let top = stack.last, tokens[top].isOp(expected) else {
                    throw RubySyntaxError(line: tokens[i].line, problem: .unexpectedCloser(closer, open: openBlock()))
                }
                close(i)
            case .keyword:
                switch tokens[i].text {
                case "def":
                    if !isEndlessDef(tokens, i) { stack.append(i) }
                case "class", "module", "begin", "case":
                    stack.append(i)
                case "if", "unless":
                    if startsStatement(tokens, i) { stack.append(i) }
                case "while", "until":
                    if startsStatement(tokens, i) {
                        stack.append(i)
                        loopAwaitingDo = i
                    }
                case "for":
                    stack.append(i)
                    loopAwaitingDo = i
                case "do":
                    // `while x do … end` has one `end`: the `do` belongs to the loop.
                    if let loop = loopAwaitingDo, stack.last == loop {
                        loopAwaitingDo = nil
                    } else {
                        stack.append(i)
                    }
                case "end":
                    guard let top = stack.last, tokens[top].kind == .keyword else {
                        throw RubySyntaxError(line: tokens[i].line, problem: .unexpectedCloser("end", open: openBlock()))
                    }
                    close(i)
                default:
                    break
                }
            default:
                break
            }
            if stack.count > maximumDepth {
                throw RubySyntaxError(line: tokens[i].line, problem: .tooDeep(limit: maximumDepth))
            }
        }
        if let open = stack.last {
            let opener = tokens[open].text
            let closer = opener == "(" ? ")" : opener == "[" ? "]" : opener == "{" ? "}" : "end"
            throw RubySyntaxError(line: tokens[open].line, problem: .neverClosed(opener: opener, closer: closer))
        }
        return match
    }

    /// Whether `if`/`unless`/`while`/`until` at `index` starts a statement rather than
    /// modifying the one before it: it does after a line break, an operator, or a keyword
    /// such as `then` or `else`.
    private static func startsStatement(_ tokens: [RubyToken], _ index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        switch previous.kind {
        case .newline, .label:
            return true
        case .op:
            return !previous.isClosingBracket
        case .keyword:
            return ["then", "do", "else", "elsif", "begin", "and", "or", "not", "when", "in", "ensure", "rescue"]
                .contains(previous.text)
        default:
            return previous.isLabelString
        }
    }

    /// `def name(args) = expression` has no `end`.
    private static func isEndlessDef(_ tokens: [RubyToken], _ index: Int) -> Bool {
        var k = index + 1
        // `def self.name`
        if k + 1 < tokens.count, tokens[k + 1].isOp(".") { k += 2 }
        k += 1  // the name
        if k < tokens.count, tokens[k].isOp("("), !tokens[k].spaceBefore {
            var depth = 0
            while k < tokens.count {
                if tokens[k].isOp("(") { depth += 1 }
                if tokens[k].isOp(")") {
                    depth -= 1
                    if depth == 0 { break }
                }
                k += 1
            }
            k += 1
        }
        return k < tokens.count && tokens[k].isOp("=")
    }
}

import RubySyntax

/// Builds a syntax tree from Ruby tokens: the statements and expressions podspecs use, with
/// recovery. A statement it cannot read becomes `.unparsable` and the reader decides whether
/// that matters; only a broken structure (a block without its `end`) is fatal.
struct RubyParser {
    /// A statement the parser cannot read; it skips to the statement's end and goes on.
    private struct Failure: Error {
        var line: Int
    }

    private enum ParseError: Error {
        case failure(Failure)
        case fatal(RubyParseError)
    }

    private let tokens: [RubyToken]
    private var position = 0
    /// Local variables in scope, innermost last. Ruby decides at parse time whether `foo` is
    /// a variable or a method call, and so does this parser.
    private var scopes: [Set<String>] = [[]]
    /// Inside the arguments of a call without parentheses, a `do` block belongs to the outer
    /// call.
    private var noDoBlock = 0
    /// How many levels of blocks, brackets, calls and operators enclose the current token.
    private var depth = 0

    /// The deepest nesting the reader follows; real podspecs nest a handful of levels. Each
    /// level costs the recursive descent (then the evaluator and the tree's deallocation) up
    /// to about 4 KB of stack in a release build and 13 KB in a debug build. Commands run on
    /// a secondary thread, whose stack is 512 KB on macOS: 256 levels needed up to 514 KB,
    /// 128 levels stay near half of it (and under 2 MB of Linux's 8 MB in a debug build).
    static let maximumDepth = 128

    private init(tokens: [RubyToken], depth: Int = 0) {
        self.tokens = tokens
        self.depth = depth
    }

    /// Parses a whole file.
    static func parse(_ tokens: [RubyToken]) throws(RubyParseError) -> [RubyNode] {
        var parser = RubyParser(tokens: tokens)
        do throws(ParseError) {
            let statements = try parser.statements(until: [])
            return statements
        } catch {
            switch error {
            case .fatal(let error): throw error
            case .failure(let failure): throw RubyParseError(line: failure.line, message: "unexpected syntax")
            }
        }
    }

    /// Parses the code of a `#{…}` interpolation found `depth` levels deep.
    static func parseInterpolation(_ tokens: [RubyToken], locals: Set<String>, depth: Int) throws(RubyParseError) -> [RubyNode] {
        var parser = RubyParser(tokens: tokens, depth: depth)
        parser.scopes = [locals]
        do throws(ParseError) {
            return try parser.statements(until: [])
        } catch {
            switch error {
            case .fatal(let error): throw error
            case .failure(let failure): throw RubyParseError(line: failure.line, message: "unexpected syntax")
            }
        }
    }

    // MARK: - Token helpers

    private var current: RubyToken { tokens[position] }

    private func peek(_ offset: Int = 1) -> RubyToken {
        let index = Swift.min(position + offset, tokens.count - 1)
        return tokens[index]
    }

    private mutating func advance() -> RubyToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func fail() -> ParseError {
        .failure(Failure(line: current.line))
    }

    private mutating func expectOp(_ op: String) throws(ParseError) {
        guard current.isOp(op) else { throw fail() }
        _ = advance()
    }

    /// Enters one more level of nesting: call `ascend()` when leaving it.
    private mutating func descend() throws(ParseError) {
        guard depth < Self.maximumDepth else { throw .fatal(.tooDeep(line: current.line)) }
        depth += 1
    }

    private mutating func ascend() {
        depth -= 1
    }

    private mutating func skipNewlines() {
        while current.kind == .newline { _ = advance() }
    }

    private func isLocal(_ name: String) -> Bool {
        scopes.contains { $0.contains(name) }
    }

    private mutating func declare(_ name: String) {
        scopes[scopes.count - 1].insert(name)
    }

    // MARK: - Statements

    /// Statements up to one of the `terminators` keywords (or `}` when listed), which is not
    /// consumed. With no terminators, up to the end of the input.
    private mutating func statements(until terminators: [String]) throws(ParseError) -> [RubyNode] {
        try descend()
        defer { ascend() }
        var result: [RubyNode] = []
        while true {
            skipNewlines()
            if current.kind == .end {
                if terminators.isEmpty { return result }
                throw .fatal(RubyParseError(line: current.line, message: "the file ends before a block is closed with `end`"))
            }
            if current.kind == .keyword, terminators.contains(current.text) { return result }
            if current.kind == .op, current.text == "}", terminators.contains("}") { return result }
            if current.kind == .op, current.text == ")", terminators.contains(")") { return result }
            let start = position
            do throws(ParseError) {
                let node = try statement()
                guard atStatementEnd(terminators) else { throw fail() }
                result.append(node)
            } catch .fatal(let error) {
                throw .fatal(error)
            } catch .failure {
                position = start
                result.append(try recover(terminators))
            }
        }
    }

    private func atStatementEnd(_ terminators: [String]) -> Bool {
        switch current.kind {
        case .newline, .end: return true
        case .op: return (current.text == "}" && terminators.contains("}"))
            || (current.text == ")" && terminators.contains(")"))
        case .keyword: return terminators.contains(current.text)
        default: return false
        }
    }

    /// Skips the statement at `position` up to its end at the same nesting depth and
    /// describes what it seemed to do.
    private mutating func recover(_ terminators: [String]) throws(ParseError) -> RubyNode {
        let line = current.line
        var writes: [String] = []
        var local: String?
        if current.kind == .identifier, peek().isOp("=") { local = current.text }
        var depth = 0
        var statementStart = true
        while true {
            let token = current
            if token.kind == .end {
                if depth > 0 || !terminators.isEmpty {
                    throw .fatal(RubyParseError(line: line, message: "the file ends before a block is closed with `end`"))
                }
                break
            }
            if depth == 0 {
                if token.kind == .newline { break }
                if token.kind == .keyword, terminators.contains(token.text) { break }
                if token.kind == .op, token.text == "}" || token.text == ")", terminators.contains(token.text) { break }
            }
            if token.kind == .op, token.text == "." || token.text == "&.", peek().kind == .identifier {
                let name = peek().text
                let next = peek(2)
                if ["dependency", "subspec"].contains(name) || next.isOp("=") {
                    writes.append(name)
                }
            }
            switch token.kind {
            case .op where ["(", "[", "{"].contains(token.text):
                depth += 1
            case .op where [")", "]", "}"].contains(token.text):
                if depth == 0 {
                    throw .fatal(RubyParseError(line: token.line, message: "unbalanced `\(token.text)`"))
                }
                depth -= 1
            case .keyword where ["do", "begin", "case", "def", "class", "module"].contains(token.text):
                depth += 1
            case .keyword where ["if", "unless", "while", "until", "for"].contains(token.text) && statementStart:
                depth += 1
            case .keyword where token.text == "end":
                if depth == 0 {
                    throw .fatal(RubyParseError(line: token.line, message: "unexpected `end`"))
                }
                depth -= 1
            default:
                break
            }
            statementStart = token.kind == .newline || token.isOp("(") || token.isOp("=")
                || (token.kind == .keyword && ["then", "else", "do", "begin"].contains(token.text))
            _ = advance()
        }
        return RubyNode(.unparsable(writes: writes, local: local), line: line)
    }

    private mutating func statement() throws(ParseError) -> RubyNode {
        var node = try multipleAssignmentOrExpression()
        // Each modifier nests the statement one level deeper in the tree.
        var chained = 0
        defer { depth -= chained }
        // Modifiers: `x if c`, `x unless c`, `x while c`, `x rescue y`.
        while current.kind == .keyword {
            let line = current.line
            if ["if", "unless", "while", "until", "rescue"].contains(current.text) {
                try descend()
                chained += 1
            }
            switch current.text {
            case "if":
                _ = advance()
                let condition = try expressionStatement()
                node = RubyNode(.if(condition: condition, then: [node], else: []), line: line)
            case "unless":
                _ = advance()
                let condition = try expressionStatement()
                node = RubyNode(.if(condition: condition, then: [], else: [node]), line: line)
            case "while", "until":
                let kind = advance().text
                let condition = try expressionStatement()
                node = RubyNode(.loop(kind: kind, condition: condition, body: [node]), line: line)
            case "rescue":
                _ = advance()
                let fallback = try expressionStatement()
                node = RubyNode(.begin(body: [node], rescues: [[fallback]], else: [], ensure: []), line: line)
            default:
                return node
            }
        }
        return node
    }

    private mutating func multipleAssignmentOrExpression() throws(ParseError) -> RubyNode {
        // `a, b = value`
        if current.kind == .identifier, peek().isOp(",") {
            var probe = position
            var names: [String] = []
            while tokens[probe].kind == .identifier {
                names.append(tokens[probe].text)
                probe += 1
                if tokens[probe].isOp(",") { probe += 1; continue }
                break
            }
            if tokens[probe].isOp("="), names.count > 1 {
                let line = current.line
                position = probe + 1
                for name in names { declare(name) }
                try descend()
                defer { ascend() }
                let value = try assignmentValue(allowList: true)
                return RubyNode(.multipleAssign(names, value), line: line)
            }
        }
        return try expressionStatement()
    }

    /// `not`, `and` and `or`, the lowest precedence.
    private mutating func expressionStatement() throws(ParseError) -> RubyNode {
        var left = try notExpression()
        var chained = 0
        defer { depth -= chained }
        while current.kind == .keyword, current.text == "and" || current.text == "or" {
            try descend()
            chained += 1
            let op = advance()
            skipNewlines()
            let right = try notExpression()
            left = RubyNode(op.text == "and" ? .and(left, right) : .or(left, right), line: op.line)
        }
        return left
    }

    private mutating func notExpression() throws(ParseError) -> RubyNode {
        if current.isKeyword("not") {
            let line = advance().line
            try descend()
            defer { ascend() }
            return RubyNode(.not(try notExpression()), line: line)
        }
        return try expression(allowList: true)
    }

    // MARK: - Expressions

    /// An expression including assignment. With `allowList`, `x = a, b` assigns a list.
    private mutating func expression(allowList: Bool = false) throws(ParseError) -> RubyNode {
        let left = try ternary()
        if current.kind == .op {
            let op = current.text
            if op == "=" {
                guard let target = assignmentTarget(left) else { throw fail() }
                _ = advance()
                if case .local(let name) = target { declare(name) }
                try descend()
                defer { ascend() }
                let value = try assignmentValue(allowList: allowList)
                return RubyNode(.assign(target, value), line: left.line)
            }
            if op.count >= 2, op.hasSuffix("="), !["==", "!=", ">=", "<=", "===", "=~"].contains(op) {
                guard let target = assignmentTarget(left) else { throw fail() }
                _ = advance()
                if case .local(let name) = target { declare(name) }
                try descend()
                defer { ascend() }
                let value = try assignmentValue(allowList: false)
                return RubyNode(.operatorAssign(target, String(op.dropLast()), value), line: left.line)
            }
        }
        return left
    }

    private mutating func assignmentValue(allowList: Bool) throws(ParseError) -> RubyNode {
        let line = current.line
        let first = try listElement()
        guard allowList, current.isOp(",") else { return first }
        var elements = [first]
        while current.isOp(",") {
            _ = advance()
            elements.append(try listElement())
        }
        return RubyNode(.array(elements), line: line)
    }

    private mutating func listElement() throws(ParseError) -> RubyNode {
        if current.isOp("*") {
            let line = advance().line
            return RubyNode(.splat(try ternary()), line: line)
        }
        return try expression()
    }

    private func assignmentTarget(_ node: RubyNode) -> RubyNode.Target? {
        switch node.kind {
        case .local(let name):
            return .local(name)
        case .call(let call) where call.receiver == nil && call.arguments.isEmpty && call.block == nil:
            return .local(call.name)
        case .call(let call) where call.receiver != nil && call.arguments.isEmpty && call.block == nil:
            return .attribute(call.receiver!, call.name)
        case .variable(let name):
            return .variable(name)
        case .constant(nil, let name):
            return .constant(name)
        case .constant(let scope?, let name):
            return .attribute(scope, name)
        case .index(let receiver, let arguments):
            return .index(receiver, arguments)
        default:
            return nil
        }
    }

    private mutating func ternary() throws(ParseError) -> RubyNode {
        let condition = try range()
        guard current.isOp("?") else { return condition }
        let line = advance().line
        try descend()
        defer { ascend() }
        skipNewlines()
        let yes = try ternary()
        skipNewlines()
        // `a ? b : c`, also when the lexer read `b:` as a label.
        guard current.isOp(":") else { throw fail() }
        _ = advance()
        skipNewlines()
        let no = try ternary()
        return RubyNode(.ternary(condition, yes, no), line: line)
    }

    private mutating func range() throws(ParseError) -> RubyNode {
        let left = try binary(0)
        if current.isOp("..") || current.isOp("...") {
            let line = advance().line
            let right = startsOperand() ? try binary(0) : nil
            return RubyNode(.range(left, right), line: line)
        }
        return left
    }

    /// Binary operators and their precedence, higher binds tighter.
    private static let binaryPrecedence: [String: Int] = [
        "||": 0,
        "&&": 1,
        "<=>": 2, "==": 2, "===": 2, "!=": 2, "=~": 2, "!~": 2,
        "<": 3, "<=": 3, ">": 3, ">=": 3,
        "|": 4, "^": 4,
        "&": 5,
        "<<": 6, ">>": 6,
        "+": 7, "-": 7,
        "*": 8, "/": 8, "%": 8,
    ]

    /// Binary operators by precedence climbing: operands of operators at `minimum` or above.
    private mutating func binary(_ minimum: Int) throws(ParseError) -> RubyNode {
        var left = try unary()
        var chained = 0
        defer { depth -= chained }
        while current.kind == .op, let level = Self.binaryPrecedence[current.text], level >= minimum {
            try descend()
            chained += 1
            let op = advance()
            skipNewlines()
            let right = try binary(level + 1)
            switch op.text {
            case "||": left = RubyNode(.or(left, right), line: op.line)
            case "&&": left = RubyNode(.and(left, right), line: op.line)
            case "!=":
                let equal = RubyNode(.binary("==", left, right), line: op.line)
                left = RubyNode(.not(equal), line: op.line)
            default: left = RubyNode(.binary(op.text, left, right), line: op.line)
            }
        }
        return left
    }

    private mutating func unary() throws(ParseError) -> RubyNode {
        try descend()
        defer { ascend() }
        let token = current
        if token.kind == .op {
            switch token.text {
            case "!":
                _ = advance()
                return RubyNode(.not(try unary()), line: token.line)
            case "-":
                _ = advance()
                if current.kind == .number, !current.spaceBefore {
                    let number = advance()
                    return try postfix(RubyNode(.number("-" + number.text), line: token.line))
                }
                return RubyNode(.negate(try unary()), line: token.line)
            case "+", "~":
                _ = advance()
                return try unary()
            case "&":
                _ = advance()
                return RubyNode(.blockPass(try unary()), line: token.line)
            case "**":
                _ = advance()
                return RubyNode(.splat(try unary()), line: token.line)
            default:
                break
            }
        }
        if token.isKeyword("defined?") {
            _ = advance()
            _ = try unary()
            return RubyNode(.defined, line: token.line)
        }
        let base = try power()
        return base
    }

    private mutating func power() throws(ParseError) -> RubyNode {
        let base = try postfix(try primary())
        if current.isOp("**") {
            let op = advance()
            let exponent = try unary()
            return RubyNode(.binary("**", base, exponent), line: op.line)
        }
        return base
    }

    // MARK: - Primaries

    private mutating func primary() throws(ParseError) -> RubyNode {
        let token = current
        let line = token.line
        switch token.kind {
        case .number:
            _ = advance()
            return RubyNode(.number(token.text), line: line)
        case .string:
            return try stringLiteral()
        case .shell:
            _ = advance()
            return RubyNode(.shell, line: line)
        case .regex:
            _ = advance()
            return RubyNode(.regex, line: line)
        case .symbol:
            _ = advance()
            return RubyNode(.symbol(token.text), line: line)
        case .dynamicSymbol:
            _ = advance()
            return RubyNode(.dynamicSymbol(try pieces(token)), line: line)
        case .words:
            _ = advance()
            // A list that interpolates (`%W[a#{b}]`) is rare in podspecs; it counts as unknown.
            guard let words = token.literal?.words else { return RubyNode(.regex, line: line) }
            let elements = words.map { RubyNode(.string([.text($0)], literal: nil), line: line) }
            return RubyNode(.array(elements), line: line)
        case .symbolWords:
            _ = advance()
            guard let words = token.literal?.words else { return RubyNode(.regex, line: line) }
            return RubyNode(.array(words.map { RubyNode(.symbol($0), line: line) }), line: line)
        case .variable:
            _ = advance()
            return RubyNode(.variable(token.text), line: line)
        case .label:
            // A label outside a hash or argument list: `foo a: 1` is handled by the caller.
            throw fail()
        case .identifier:
            return try identifier()
        case .constant:
            return try constantOrCall()
        case .keyword:
            return try keyword()
        case .op:
            return try operatorPrimary()
        case .newline, .end:
            throw fail()
        }
    }

    /// `Name` or `Name(…)`.
    private mutating func constantOrCall() throws(ParseError) -> RubyNode {
        let token = advance()
        if current.isOp("("), !current.spaceBefore {
            let arguments = try parenthesizedArguments()
            return try withBlock(RubyNode.Call(receiver: nil, name: token.text, arguments: arguments, block: nil), line: token.line)
        }
        return RubyNode(.constant(scope: nil, name: token.text), line: token.line)
    }

    /// A primary that starts with an operator: parentheses, a list, a hash, a lambda, a splat.
    private mutating func operatorPrimary() throws(ParseError) -> RubyNode {
        let token = current
        let line = token.line
        switch token.text {
        case "(":
            _ = advance()
            let body = try statements(until: [")"])
            try expectOp(")")
            if body.count == 1 { return body[0] }
            return RubyNode(.sequence(body), line: line)
        case "[":
            _ = advance()
            let elements = try argumentList(closing: "]")
            return RubyNode(.array(elements), line: line)
        case "{":
            return try hashLiteral()
        case "::":
            _ = advance()
            guard current.kind == .constant else { throw fail() }
            let name = advance().text
            return RubyNode(.constant(scope: nil, name: name), line: line)
        case "->":
            _ = advance()
            if current.isOp("(") {
                _ = try parenthesizedArguments()
            } else {
                while current.kind == .identifier || current.isOp(",") { _ = advance() }
            }
            if current.isOp("{") || current.isKeyword("do") {
                _ = try block()
            } else {
                throw fail()
            }
            return RubyNode(.lambda, line: line)
        case "*":
            _ = advance()
            return RubyNode(.splat(try ternary()), line: line)
        case "..", "...":
            _ = advance()
            return RubyNode(.range(nil, try binary(0)), line: line)
        default:
            throw fail()
        }
    }

    private mutating func stringLiteral() throws(ParseError) -> RubyNode {
        let first = advance()
        var parts = try pieces(first)
        var literal = first.literal?.plainContent
        // Adjacent literals join: 'a' 'b', also across a backslash-newline.
        while current.kind == .string, !current.isLabelString, !first.isLabelString {
            let next = advance()
            parts += try pieces(next)
            literal = nil
        }
        return RubyNode(.string(parts, literal: literal), line: first.line)
    }

    private mutating func pieces(_ token: RubyToken) throws(ParseError) -> [RubyNode.Piece] {
        var result: [RubyNode.Piece] = []
        for part in token.literal?.parts ?? [] {
            switch part {
            case .text(let text):
                result.append(.text(text))
            case .code(let code):
                do throws(RubyParseError) {
                    let locals = scopes.reduce(into: Set<String>()) { $0.formUnion($1) }
                    result.append(.code(try Self.parseInterpolation(code.tokens, locals: locals, depth: depth)))
                } catch {
                    if error.nestsTooDeeply { throw .fatal(error) }
                    result.append(.code([RubyNode(.unparsable(writes: [], local: nil), line: code.line)]))
                }
            }
        }
        return result
    }

    private mutating func identifier() throws(ParseError) -> RubyNode {
        let token = advance()
        let line = token.line
        if isLocal(token.text), !(current.isOp("(") && !current.spaceBefore) {
            return RubyNode(.local(token.text), line: line)
        }
        if token.text == "lambda" || token.text == "proc", current.isOp("{") || current.isKeyword("do") {
            _ = try block()
            return RubyNode(.lambda, line: line)
        }
        var arguments: [RubyNode] = []
        if current.isOp("("), !current.spaceBefore {
            arguments = try parenthesizedArguments()
        } else if startsCommandArgument() {
            arguments = try commandArguments()
        }
        return try withBlock(RubyNode.Call(receiver: nil, name: token.text, arguments: arguments, block: nil), line: line)
    }

    private mutating func withBlock(_ call: RubyNode.Call, line: Int) throws(ParseError) -> RubyNode {
        var call = call
        if current.isOp("{") || (current.isKeyword("do") && noDoBlock == 0) {
            call.block = try block()
        }
        return RubyNode(.call(call), line: line)
    }

    /// Whether the current token can start the first argument of a call written without
    /// parentheses, as in `s.dependency 'A', '~> 1.0'`.
    private func startsCommandArgument() -> Bool {
        let token = current
        guard token.spaceBefore else {
            return false
        }
        switch token.kind {
        case .string, .shell, .symbol, .dynamicSymbol, .number, .regex, .words, .symbolWords,
             .label, .constant, .identifier, .variable:
            return true
        case .keyword:
            return ["nil", "true", "false", "self", "not", "defined?", "__FILE__", "case"].contains(token.text)
        case .op:
            let next = peek()
            switch token.text {
            case "[", "->", "(":
                return true
            case "-", "*", "&", "::", "!", "**", ":":
                return !next.spaceBefore
            default:
                return false
            }
        case .newline, .end:
            return false
        }
    }

    private func startsOperand() -> Bool {
        switch current.kind {
        case .newline, .end, .keyword:
            return current.kind == .keyword && ["nil", "true", "false", "self"].contains(current.text)
        case .op:
            return ["(", "[", "-", "!"].contains(current.text)
        default:
            return true
        }
    }

    private mutating func commandArguments() throws(ParseError) -> [RubyNode] {
        try descend()
        defer { ascend() }
        noDoBlock += 1
        defer { noDoBlock -= 1 }
        var arguments: [RubyNode] = []
        var pairs: [(key: RubyNode, value: RubyNode)] = []
        let line = current.line
        while true {
            try argument(into: &arguments, pairs: &pairs)
            guard current.isOp(",") else { break }
            _ = advance()
            skipNewlines()
        }
        if !pairs.isEmpty { arguments.append(RubyNode(.hash(pairs), line: line)) }
        return arguments
    }

    private mutating func parenthesizedArguments() throws(ParseError) -> [RubyNode] {
        try expectOp("(")
        return try argumentList(closing: ")")
    }

    /// Comma-separated arguments or array elements up to `closing`, which is consumed.
    /// Newlines and a trailing comma are allowed; `key => value` and `key: value` pairs
    /// become one hash at the end.
    private mutating func argumentList(closing: String) throws(ParseError) -> [RubyNode] {
        try descend()
        defer { ascend() }
        let saved = noDoBlock
        noDoBlock = 0
        defer { noDoBlock = saved }
        var arguments: [RubyNode] = []
        var pairs: [(key: RubyNode, value: RubyNode)] = []
        let line = current.line
        skipNewlines()
        while !current.isOp(closing) {
            try argument(into: &arguments, pairs: &pairs)
            skipNewlines()
            if current.isOp(",") {
                _ = advance()
                skipNewlines()
                continue
            }
            guard current.isOp(closing) else { throw fail() }
        }
        _ = advance()
        if !pairs.isEmpty { arguments.append(RubyNode(.hash(pairs), line: line)) }
        return arguments
    }

    private mutating func argument(
        into arguments: inout [RubyNode], pairs: inout [(key: RubyNode, value: RubyNode)]
    ) throws(ParseError) {
        let token = current
        if token.kind == .label {
            _ = advance()
            skipNewlines()
            let key = RubyNode(.symbol(token.text), line: token.line)
            // `f(x:)` shorthand takes the value of the variable `x`.
            if current.isOp(",") || current.isOp(")") {
                pairs.append((key, RubyNode(.local(token.text), line: token.line)))
            } else {
                pairs.append((key, try expression()))
            }
            return
        }
        if token.kind == .string, token.isLabelString {
            _ = advance()
            skipNewlines()
            let key = RubyNode(.dynamicSymbol(try pieces(token)), line: token.line)
            pairs.append((key, try expression()))
            return
        }
        if token.isOp("**") {
            _ = advance()
            pairs.append((RubyNode(.splat(try ternary()), line: token.line), RubyNode(.nil, line: token.line)))
            return
        }
        let value: RubyNode
        if token.isOp("*") {
            _ = advance()
            value = RubyNode(.splat(try ternary()), line: token.line)
        } else {
            value = try notOrExpression()
        }
        if current.isOp("=>") {
            _ = advance()
            skipNewlines()
            pairs.append((value, try expression()))
        } else {
            arguments.append(value)
        }
    }

    private mutating func notOrExpression() throws(ParseError) -> RubyNode {
        if current.isKeyword("not") {
            let line = advance().line
            return RubyNode(.not(try expression()), line: line)
        }
        return try expression()
    }

    private mutating func hashLiteral() throws(ParseError) -> RubyNode {
        let line = advance().line  // {
        try descend()
        defer { ascend() }
        var pairs: [(key: RubyNode, value: RubyNode)] = []
        var values: [RubyNode] = []
        let saved = noDoBlock
        noDoBlock = 0
        defer { noDoBlock = saved }
        skipNewlines()
        while !current.isOp("}") {
            try argument(into: &values, pairs: &pairs)
            if !values.isEmpty { throw fail() }
            skipNewlines()
            if current.isOp(",") {
                _ = advance()
                skipNewlines()
                continue
            }
            guard current.isOp("}") else { throw fail() }
        }
        _ = advance()
        return RubyNode(.hash(pairs), line: line)
    }

    /// A `{ |x| … }` or `do |x| … end` block.
    private mutating func block() throws(ParseError) -> RubyNode.Block {
        let opener = advance()
        let closing = opener.isOp("{") ? "}" : "end"
        var parameters: [String] = []
        scopes.append([])
        defer { scopes.removeLast() }
        skipNewlines()
        if current.isOp("||") {
            _ = advance()
        } else if current.isOp("|") {
            _ = advance()
            var depth = 0
            while !(current.isOp("|") && depth == 0) {
                if current.kind == .end || current.kind == .newline { throw fail() }
                if current.isOp("(") { depth += 1 }
                if current.isOp(")") { depth -= 1 }
                if current.kind == .identifier { parameters.append(current.text) }
                if current.kind == .label { parameters.append(current.text) }
                if current.isOp("=") {
                    // A default value: skip it.
                    _ = advance()
                    _ = try ternary()
                    continue
                }
                _ = advance()
            }
            _ = advance()
        }
        for parameter in parameters { declare(parameter) }
        let body = try bodyStatements(until: closing)
        return RubyNode.Block(parameters: parameters, body: body, line: opener.line)
    }

    /// Statements up to `end` or `}`, with `rescue`/`ensure` clauses folded into a `begin`.
    private mutating func bodyStatements(until closing: String) throws(ParseError) -> [RubyNode] {
        if closing == "}" {
            let body = try statements(until: ["}"])
            try expectOp("}")
            return body
        }
        let line = current.line
        let body = try statements(until: ["end", "rescue", "ensure", "else"])
        if current.isKeyword("end") {
            _ = advance()
            return body
        }
        let node = try beginClauses(body: body, line: line)
        return [node]
    }

    private mutating func beginClauses(body: [RubyNode], line: Int) throws(ParseError) -> RubyNode {
        var rescues: [[RubyNode]] = []
        var elseBody: [RubyNode] = []
        var ensureBody: [RubyNode] = []
        while current.isKeyword("rescue") {
            _ = advance()
            while current.kind != .newline && !current.isKeyword("then") && current.kind != .end {
                if current.isOp("=>") {
                    _ = advance()
                    if current.kind == .identifier { declare(current.text) }
                }
                _ = advance()
            }
            rescues.append(try statements(until: ["end", "rescue", "ensure", "else"]))
        }
        if current.isKeyword("else") {
            _ = advance()
            elseBody = try statements(until: ["end", "ensure"])
        }
        if current.isKeyword("ensure") {
            _ = advance()
            ensureBody = try statements(until: ["end"])
        }
        guard current.isKeyword("end") else { throw fail() }
        _ = advance()
        return RubyNode(.begin(body: body, rescues: rescues, else: elseBody, ensure: ensureBody), line: line)
    }

    /// A keyword that starts an expression. Each construct has a function of its own, so the
    /// frame this one keeps on the stack while the construct's body is parsed stays small.
    private mutating func keyword() throws(ParseError) -> RubyNode {
        let token = advance()
        let line = token.line
        switch token.text {
        case "nil": return RubyNode(.nil, line: line)
        case "true": return RubyNode(.true, line: line)
        case "false": return RubyNode(.false, line: line)
        case "self": return RubyNode(.self, line: line)
        case "__FILE__", "__LINE__": return RubyNode(.variable(token.text), line: line)
        case "if": return try conditional(line: line, negated: false)
        case "unless": return try conditional(line: line, negated: true)
        case "while", "until": return try whileLoop(kind: token.text, line: line)
        case "for": return try forLoop(line: line)
        case "case": return try caseExpression(line: line)
        case "begin": return try beginBlock(line: line)
        case "def": return try definition(line: line)
        case "class", "module": return try classOrModule(line: line)
        case "return", "next", "break": return try jump(token.text, line: line)
        case "yield", "super": return try yieldOrSuper(token.text, line: line)
        case "defined?":
            _ = try unary()
            return RubyNode(.defined, line: line)
        case "not":
            return RubyNode(.not(try expression()), line: line)
        case "BEGIN", "END":
            if current.isOp("{") { _ = try block() }
            return RubyNode(.definition(token.text), line: line)
        default:
            throw .failure(Failure(line: line))
        }
    }

    private mutating func whileLoop(kind: String, line: Int) throws(ParseError) -> RubyNode {
        noDoBlock += 1
        let condition = try expressionStatement()
        noDoBlock -= 1
        if current.isKeyword("do") { _ = advance() }
        let body = try statements(until: ["end"])
        _ = advance()
        return RubyNode(.loop(kind: kind, condition: condition, body: body), line: line)
    }

    private mutating func forLoop(line: Int) throws(ParseError) -> RubyNode {
        while current.kind == .identifier || current.isOp(",") {
            if current.kind == .identifier { declare(current.text) }
            _ = advance()
        }
        guard current.isKeyword("in") else { throw fail() }
        _ = advance()
        noDoBlock += 1
        let collection = try expressionStatement()
        noDoBlock -= 1
        if current.isKeyword("do") { _ = advance() }
        let body = try statements(until: ["end"])
        _ = advance()
        return RubyNode(.loop(kind: "for", condition: collection, body: body), line: line)
    }

    private mutating func caseExpression(line: Int) throws(ParseError) -> RubyNode {
        let subject: RubyNode? = current.kind == .newline ? nil : try expressionStatement()
        skipNewlines()
        var whens: [(values: [RubyNode], body: [RubyNode])] = []
        while current.isKeyword("when") {
            _ = advance()
            var values: [RubyNode] = []
            repeat {
                if current.isOp(",") { _ = advance(); skipNewlines() }
                values.append(try listElement())
            } while current.isOp(",")
            if current.isKeyword("then") { _ = advance() }
            whens.append((values, try statements(until: ["when", "else", "end"])))
        }
        var elseBody: [RubyNode] = []
        if current.isKeyword("else") {
            _ = advance()
            elseBody = try statements(until: ["end"])
        }
        guard current.isKeyword("end") else { throw fail() }
        _ = advance()
        return RubyNode(.case(subject: subject, whens: whens, else: elseBody), line: line)
    }

    private mutating func beginBlock(line: Int) throws(ParseError) -> RubyNode {
        let body = try statements(until: ["end", "rescue", "ensure", "else"])
        if current.isKeyword("end") {
            _ = advance()
            return RubyNode(.begin(body: body, rescues: [], else: [], ensure: []), line: line)
        }
        return try beginClauses(body: body, line: line)
    }

    private mutating func classOrModule(line: Int) throws(ParseError) -> RubyNode {
        var name = ""
        while current.kind != .newline && current.kind != .end {
            name += advance().text
        }
        scopes.append([])
        defer { scopes.removeLast() }
        _ = try bodyStatements(until: "end")
        return RubyNode(.definition(name), line: line)
    }

    private mutating func jump(_ kind: String, line: Int) throws(ParseError) -> RubyNode {
        var value: RubyNode?
        if current.kind != .newline, current.kind != .end,
           !(current.kind == .keyword && ["if", "unless", "end", "while", "until"].contains(current.text)),
           !current.isOp("}") {
            value = try expression(allowList: true)
        }
        return RubyNode(.jump(kind, value), line: line)
    }

    private mutating func yieldOrSuper(_ name: String, line: Int) throws(ParseError) -> RubyNode {
        if current.isOp("("), !current.spaceBefore {
            _ = try parenthesizedArguments()
        } else if startsCommandArgument() {
            _ = try commandArguments()
        }
        return RubyNode(.call(.init(receiver: nil, name: name, arguments: [], block: nil)), line: line)
    }

    /// The rest of an `if`, `unless` or `elsif`, up to and including its `end`.
    private mutating func conditional(line: Int, negated: Bool) throws(ParseError) -> RubyNode {
        let condition = try expressionStatement()
        if current.isKeyword("then") { _ = advance() }
        let thenBody = try statements(until: ["elsif", "else", "end"])
        var elseBody: [RubyNode] = []
        if !negated, current.isKeyword("elsif") {
            let elsifLine = advance().line
            try descend()
            defer { ascend() }
            // The nested conditional consumes the shared `end`.
            elseBody = [try conditional(line: elsifLine, negated: false)]
            return RubyNode(.if(condition: condition, then: thenBody, else: elseBody), line: line)
        }
        if current.isKeyword("else") {
            _ = advance()
            elseBody = try statements(until: ["end"])
        }
        guard current.isKeyword("end") else { throw fail() }
        _ = advance()
        if negated {
            return RubyNode(.if(condition: condition, then: elseBody, else: thenBody), line: line)
        }
        return RubyNode(.if(condition: condition, then: thenBody, else: elseBody), line: line)
    }

    private mutating func definition(line: Int) throws(ParseError) -> RubyNode {
        var name = ""
        // `def self.name`, `def name`, `def name=`, `def ==`.
        while current.kind != .newline, !current.isOp("("), current.kind != .end,
              !(current.spaceBefore && !name.isEmpty) {
            name += advance().text
        }
        scopes.append([])
        defer { scopes.removeLast() }
        if current.isOp("(") {
            _ = advance()
            var depth = 0
            while !(current.isOp(")") && depth == 0) {
                if current.kind == .end { throw fail() }
                if current.isOp("(") { depth += 1 }
                if current.isOp(")") { depth -= 1 }
                if current.kind == .identifier || current.kind == .label { declare(current.text) }
                _ = advance()
            }
            _ = advance()
        } else {
            while current.kind != .newline, current.kind != .end {
                if current.kind == .identifier { declare(current.text) }
                if current.isOp("=") { break }
                _ = advance()
            }
        }
        if current.isOp("=") {
            // An endless method: `def name = expression`.
            _ = advance()
            _ = try statement()
            return RubyNode(.definition(name), line: line)
        }
        _ = try bodyStatements(until: "end")
        return RubyNode(.definition(name), line: line)
    }

    // MARK: - Postfix

    private mutating func postfix(_ base: RubyNode) throws(ParseError) -> RubyNode {
        var node = base
        // Each call, constant or index in a chain nests the tree one level deeper.
        var chained = 0
        defer { depth -= chained }
        while true {
            let token = current
            if token.kind == .op, token.text == "." || token.text == "&." || token.text == "::"
                || (token.text == "[" && !token.spaceBefore) {
                try descend()
                chained += 1
            }
            if token.kind == .op, token.text == "." || token.text == "&." {
                _ = advance()
                skipNewlines()
                let nameToken = advance()
                let name: String
                switch nameToken.kind {
                case .identifier, .constant, .keyword: name = nameToken.text
                case .label:
                    // `a.b:` cannot happen in valid Ruby; `x.y ? a : b` never lexes as a label.
                    throw fail()
                case .op where nameToken.text == "(":
                    // `callable.()`
                    position -= 1
                    name = "call"
                default:
                    throw fail()
                }
                var arguments: [RubyNode] = []
                if current.isOp("("), !current.spaceBefore {
                    arguments = try parenthesizedArguments()
                } else if startsCommandArgument() {
                    arguments = try commandArguments()
                }
                var call = RubyNode.Call(receiver: node, name: name, arguments: arguments, block: nil)
                call.isSafeNavigation = token.text == "&."
                node = try withBlock(call, line: nameToken.line)
                continue
            }
            if token.isOp("::") {
                _ = advance()
                let nameToken = advance()
                if nameToken.kind == .constant, !(current.isOp("(") && !current.spaceBefore) {
                    node = RubyNode(.constant(scope: node, name: nameToken.text), line: nameToken.line)
                    continue
                }
                guard nameToken.kind == .identifier || nameToken.kind == .constant else { throw fail() }
                var arguments: [RubyNode] = []
                if current.isOp("("), !current.spaceBefore { arguments = try parenthesizedArguments() }
                node = try withBlock(.init(receiver: node, name: nameToken.text, arguments: arguments, block: nil), line: nameToken.line)
                continue
            }
            if token.isOp("["), !token.spaceBefore {
                _ = advance()
                let arguments = try argumentList(closing: "]")
                node = RubyNode(.index(node, arguments), line: token.line)
                continue
            }
            return node
        }
    }
}

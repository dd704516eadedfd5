import Foundation
import RubySyntax

extension Podfile {
    /// Reads the Podfile at `path`.
    public init(contentsOf path: String) throws(ManifestError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it is not readable")
        }
        try self.init(parsing: [UInt8](data), path: path)
    }

    /// Reads Podfile source. `path` names the file in warnings and errors. Throws only when the
    /// file is not Ruby compctl can follow (an unclosed string or block); anything it can
    /// follow but not evaluate becomes a warning.
    public init(parsing bytes: [UInt8], path: String = "Podfile") throws(ManifestError) {
        let source: RubySource
        do {
            source = try RubySource(bytes: bytes, maximumDepth: PodfileEvaluator.maximumDepth)
        } catch {
            throw .malformed(ManifestIssue(file: path, line: error.line, message: Self.message(for: error.problem)))
        }
        let evaluator = PodfileEvaluator(source: source, path: path)
        self = try evaluator.run()
    }

    /// A syntax problem in the Podfile's words, with how to fix it.
    private static func message(for problem: RubySyntaxError.Problem) -> String {
        switch problem {
        case .unclosedString(let closer):
            "string is never closed; add the closing \(closer)"
        case .unclosedRegex(let closer):
            "regular expression is never closed; add the closing \(closer)"
        case .unclosedInterpolation:
            "string interpolation `#{` is never closed; add the closing }"
        case .unterminatedHeredoc(let name):
            "heredoc is never closed by `\(name)`; add the closing line"
        case .unclosedBlockComment:
            "`=begin` comment is never closed by `=end`; add `=end` at the start of a line"
        case .tooDeep:
            PodfileEvaluator.tooDeep("blocks and brackets")
        case let .unexpectedCloser(closer, open):
            "unexpected `\(closer)`: "
                + (open.map { "`\($0.opener)` on line \($0.line) is still open" } ?? (closer == "end" ? "no block is open" : "nothing is open"))
                + "; check the brackets and `end`s"
        case let .neverClosed(opener, closer):
            "`\(opener)` is never closed; add the missing `\(closer)`"
        }
    }
}

/// Where the pin editor may add a `pod` line to a target: byte offsets into the file.
struct TargetLayout: Equatable, Sendable {
    /// Whether the target has a `do … end` block (the root target counts as having one).
    var hasBlock: Bool
    /// The first and last byte of the last `pod` statement written directly in the block.
    var lastPod: Range<Int>?
    var lastPodQuote: PodfileQuote = .single
    /// The start of the first statement in the block.
    var firstStatement: Int?
    /// The start of the block's `end` (for the root target: of its first `target` statement).
    var end: Int?
}

/// A value a Podfile expression evaluated to, as far as compctl follows Ruby.
private enum Value {
    /// A string; `fromArgument` when it came through a helper method's parameter.
    case string(String, fromArgument: Bool)
    case symbol(String)
    case array([Value])
    case bool(Bool)
    case null
    case unknown

    var string: String? {
        if case let .string(value, _) = self { return value }
        return nil
    }

    var stringOrSymbol: String? {
        switch self {
        case let .string(value, _), let .symbol(value): value
        default: nil
        }
    }

    var strings: [String]? {
        switch self {
        case let .string(value, _): [value]
        case let .array(values): values.allSatisfy { $0.string != nil } ? values.compactMap(\.string) : nil
        default: nil
        }
    }
}

/// Local variables: Ruby blocks see and update the variables around them, method bodies
/// start empty.
private final class Scope {
    var locals: [String: Value] = [:]
    let parent: Scope?

    init(parent: Scope?) { self.parent = parent }

    func lookup(_ name: String) -> Value? {
        locals[name] ?? parent?.lookup(name)
    }

    func assign(_ name: String, _ value: Value) {
        var scope: Scope? = self
        while let current = scope {
            if current.locals[name] != nil {
                current.locals[name] = value
                return
            }
            scope = current.parent
        }
        locals[name] = value
    }
}

private struct MethodDefinition {
    struct Parameter {
        enum Kind { case positional, keyword, rest }
        var name: String
        var kind: Kind
        var defaultValue: Range<Int>?
    }

    var name: String
    var parameters: [Parameter]
    var body: Range<Int>
    var defToken: Int
}

private struct Context {
    var target: Int
    var conditional: Bool
    var scope: Scope
    var callLines: [Int]
    var method: String?
    /// The target whose block body is being read statement by statement, so a `pod` here
    /// is one the pin editor can add a line after.
    var directTarget: Int?
}

/// Walks a Podfile the way CocoaPods would run it, as far as it can without running Ruby:
/// target blocks, helper methods (with literal arguments), literal variables, both branches
/// of conditionals. Everything else becomes a warning that names the line.
private final class PodfileEvaluator {
    let source: RubySource
    let path: String
    let tokens: [RubyToken]

    var methods: [String: [MethodDefinition]] = [:]
    var expandedMethods: Set<String> = []
    var activeMethods: [String] = []
    var globals: [String: Value] = [:]
    var sources: [String] = []
    var plugins: [String] = []
    var targets: [PodfileTarget] = []
    var layouts: [String: TargetLayout] = [:]
    var declarations: [PodDeclaration] = []
    /// The declarations each `pod` token produced (one per distinct value).
    var declarationsByToken: [Int: [Int]] = [:]
    var warnings: [PodfileWarning] = []
    var warningKeys: Set<String> = []
    /// Whether each token, a `pod`, was evaluated. Not `lazy`: a lazy array has no in-place
    /// mutation, so marking one token copied the whole array, for every `pod` line.
    var visitedPods: [Bool]
    /// How many blocks and helper-method calls enclose the statement being evaluated.
    var depth = 0
    /// Statements evaluated so far, against `maximumSteps`.
    var steps = 0
    /// The deepest nesting of blocks and brackets (and, while evaluating, of blocks and
    /// helper-method calls) compctl follows; real Podfiles nest a handful of levels. The
    /// evaluator recurses once per level, up to about 3.4 KB of stack in a release build and
    /// 14 KB in a debug build, on a command's secondary thread (512 KB on macOS): 256 nested
    /// targets needed 696 KB, and 128 nested `each` blocks 436 KB; 64 stay under 240 KB.
    static let maximumDepth = 64

    /// The message for nesting deeper than `maximumDepth` of `what`.
    static func tooDeep(_ what: String) -> String {
        "the Podfile nests too deeply (more than \(maximumDepth) levels of \(what)); flatten it"
    }

    /// How many statements a Podfile may take to evaluate. The corpus's Podfiles take at most
    /// 95; helper methods that call each other several times could otherwise run for hours.
    static let maximumSteps = 50_000
    /// Why the evaluation stopped early: nesting too deep, or too much work.
    var stopped: ManifestIssue?
    /// The last `pod` statement written directly in each target's block, by target index.
    var lastPods: [Int: (range: Range<Int>, quote: PodfileQuote)] = [:]
    var skippedBlocks: [Range<Int>] = []

    init(source: RubySource, path: String) {
        self.source = source
        self.path = path
        self.tokens = source.tokens
        self.visitedPods = [Bool](repeating: false, count: source.tokens.count)
    }

    func run() throws(ManifestError) -> Podfile {
        collectMethods()
        targets.append(PodfileTarget(name: PodfileTarget.rootName, parent: nil, isAbstract: true, inheritance: .complete,
                                     platform: nil, usesFrameworks: false, line: nil, isConditional: false))
        layouts[PodfileTarget.rootName] = TargetLayout(hasBlock: true)
        let root = Context(target: 0, conditional: false, scope: Scope(parent: nil), callLines: [], method: nil, directTarget: 0)
        evaluateStatements(0..<tokens.count, root)
        if let stopped { throw .malformed(stopped) }
        warnAboutUnreadPodLines()
        for (target, lastPod) in lastPods {
            layouts[targets[target].name]?.lastPod = lastPod.range
            layouts[targets[target].name]?.lastPodQuote = lastPod.quote
        }
        warnings.sort { ($0.line, $0.message) < ($1.line, $1.message) }
        var podfile = Podfile(path: path, sources: sources, platform: targets[0].platform, plugins: plugins,
                              targets: targets, declarations: declarations, warnings: warnings)
        podfile.layouts = layouts
        return podfile
    }

    // MARK: - Warnings

    func warn(_ line: Int, _ message: String, pod: String? = nil) {
        let key = "\(line)\u{0}\(message)"
        guard warningKeys.insert(key).inserted else { return }
        warnings.append(PodfileWarning(line: line, message: message, pod: pod))
    }

    /// A `pod` line that no evaluated code reached (inside a brace block, under a method
    /// compctl does not know, in a target whose name is computed) is reported rather than
    /// silently missing.
    func warnAboutUnreadPodLines() {
        var ignored = skippedBlocks
        for (name, definitions) in methods where !expandedMethods.contains(name) {
            ignored.append(contentsOf: definitions.map(\.body))
        }
        for i in tokens.indices where tokens[i].isIdentifier("pod") && !visitedPods[i] {
            guard startsLine(i) || tokens[i - 1].isNewline || tokens[i - 1].isOp("{") || tokens[i - 1].isOp("|")
                || tokens[i - 1].isKeyword("do") || tokens[i - 1].isKeyword("then") || tokens[i - 1].isKeyword("else")
            else { continue }
            // `pod = …`, `pod.name`: a local variable, not a call.
            guard i + 1 < tokens.count, !tokens[i + 1].isNewline,
                  tokens[i + 1].kind != .op || tokens[i + 1].isOp("(") else { continue }
            if ignored.contains(where: { $0.contains(i) }) { continue }
            warn(tokens[i].line, "this `pod` line sits in code compctl cannot evaluate; it is not read")
        }
    }

    /// Whether token `i` is the first of its line: a line break that no backslash escapes
    /// sits between it and the token before, even where Ruby continues the statement.
    func startsLine(_ i: Int) -> Bool {
        guard i > 0 else { return true }
        let bytes = source.bytes
        var k = tokens[i].start - 1
        while k >= tokens[i - 1].end {
            if bytes[k] == 0x0A {
                let escaped = (k >= 1 && bytes[k - 1] == 0x5C) || (k >= 2 && bytes[k - 1] == 0x0D && bytes[k - 2] == 0x5C)
                if !escaped { return true }
            }
            k -= 1
        }
        return false
    }

    // MARK: - Methods

    func collectMethods() {
        for i in tokens.indices where tokens[i].isKeyword("def") && source.isOpener(i) {
            var k = i + 1
            if k + 1 < tokens.count, tokens[k + 1].isOp(".") { k += 2 }
            guard k < tokens.count else { continue }
            let name = tokens[k].text
            k += 1
            var parameters: [MethodDefinition.Parameter] = []
            let bodyStart: Int
            if k < tokens.count, tokens[k].isOp("("), source.isOpener(k) {
                parameters = parseParameters(k + 1..<source.match[k])
                bodyStart = source.match[k] + 1
            } else {
                var end = k
                while end < source.match[i], !tokens[end].isNewline { end += 1 }
                parameters = parseParameters(k..<end)
                bodyStart = end
            }
            methods[name, default: []].append(MethodDefinition(
                name: name, parameters: parameters, body: bodyStart..<source.match[i], defToken: i))
        }
    }

    func parseParameters(_ range: Range<Int>) -> [MethodDefinition.Parameter] {
        source.splitArguments(range).compactMap { part in
            let first = tokens[part.lowerBound]
            switch first.kind {
            case .identifier:
                if part.count > 2, tokens[part.lowerBound + 1].isOp("=") {
                    return .init(name: first.text, kind: .positional, defaultValue: part.lowerBound + 2..<part.upperBound)
                }
                return .init(name: first.text, kind: .positional, defaultValue: nil)
            case .label:
                return .init(name: first.text, kind: .keyword, defaultValue: part.count > 1 ? part.lowerBound + 1..<part.upperBound : nil)
            case .op where part.count > 1:
                return .init(name: tokens[part.lowerBound + 1].text, kind: .rest, defaultValue: nil)
            default:
                return nil
            }
        }
    }

    func callMethod(_ name: String, arguments: Range<Int>, callToken: Int, _ context: Context) {
        guard let definitions = methods[name] else { return }
        let line = tokens[callToken].line
        if activeMethods.contains(name) {
            warn(line, "`\(name)` calls itself; the recursive call is not read")
            return
        }
        expandedMethods.insert(name)
        let parts = source.splitArguments(arguments)
        var positional: [Value] = []
        var keywords: [String: Value] = [:]
        for part in parts {
            if let key = tokens[part.lowerBound].labelName {
                keywords[key] = evaluate(part.lowerBound + 1..<part.upperBound, context)
            } else {
                positional.append(evaluate(part, context))
            }
        }
        activeMethods.append(name)
        defer { activeMethods.removeLast() }
        for definition in definitions {
            let scope = Scope(parent: nil)
            var next = 0
            for parameter in definition.parameters {
                var value: Value
                switch parameter.kind {
                case .positional:
                    if next < positional.count {
                        value = positional[next]
                        next += 1
                    } else if let defaultValue = parameter.defaultValue {
                        value = evaluate(defaultValue, Context(target: context.target, conditional: false, scope: scope,
                                                               callLines: [], method: name, directTarget: nil))
                    } else {
                        value = .unknown
                    }
                case .keyword:
                    if let given = keywords[parameter.name] {
                        value = given
                    } else if let defaultValue = parameter.defaultValue {
                        value = evaluate(defaultValue, Context(target: context.target, conditional: false, scope: scope,
                                                               callLines: [], method: name, directTarget: nil))
                    } else {
                        value = .unknown
                    }
                case .rest:
                    value = .unknown
                    next = positional.count
                }
                if case let .string(text, _) = value { value = .string(text, fromArgument: true) }
                scope.locals[parameter.name] = value
            }
            var inner = context
            inner.scope = scope
            inner.callLines.append(line)
            inner.method = name
            inner.directTarget = nil
            // Several definitions of one name sit in different branches of a conditional.
            if definitions.count > 1 { inner.conditional = true }
            evaluateBlock(definition.body, inner)
        }
    }

    // MARK: - Statements

    /// Evaluates the statements of a block (or a method body) one level deeper than the
    /// statement it belongs to.
    func evaluateBlock(_ range: Range<Int>, _ context: Context) {
        guard stopped == nil else { return }
        guard depth < Self.maximumDepth else {
            let line = range.isEmpty ? tokens[max(0, range.lowerBound - 1)].line : tokens[range.lowerBound].line
            stop(line, Self.tooDeep("blocks and helper-method calls"))
            return
        }
        depth += 1
        defer { depth -= 1 }
        evaluateStatements(range, context)
    }

    /// Ends the evaluation with `message` at `line`; the reader throws it.
    func stop(_ line: Int, _ message: String) {
        if stopped == nil { stopped = ManifestIssue(file: path, line: line, message: message) }
    }

    func evaluateStatements(_ range: Range<Int>, _ context: Context) {
        var i = range.lowerBound
        while i < range.upperBound, stopped == nil {
            if tokens[i].isNewline {
                i += 1
                continue
            }
            let end = source.statementEnd(from: i, limit: range.upperBound)
            evaluateStatement(i..<end, context)
            i = end
        }
    }

    /// The statement runs only under the condition: `pod 'Foo' if debug`.
    func modifierIndex(_ range: Range<Int>) -> Int? {
        source.firstTopLevel(in: range.lowerBound + 1..<range.upperBound) { token in
            token.isKeyword("if") || token.isKeyword("unless") || token.isKeyword("while")
                || token.isKeyword("until") || token.isKeyword("rescue")
        }
    }

    /// The end of a clause header (`if cond`, `when x`): the first top-level `then` or line
    /// break.
    func headerEnd(_ range: Range<Int>) -> Int {
        source.firstTopLevel(in: range) { $0.isNewline || $0.isKeyword("then") || $0.isKeyword("do") } ?? range.upperBound
    }

    static let controlKeywords: Set<String> = ["if", "unless", "while", "until", "case", "for"]

    func evaluateStatement(_ range: Range<Int>, _ context: Context) {
        guard !range.isEmpty, stopped == nil else { return }
        steps += 1
        guard steps <= Self.maximumSteps else {
            stop(tokens[range.lowerBound].line, "the Podfile takes more than \(Self.maximumSteps) steps to evaluate "
                + "(helper methods that call each other many times?); simplify it")
            return
        }
        var context = context
        let start = range.lowerBound
        let first = tokens[start]

        if first.isName, !first.afterDot {
            let opensBlock = source.isOpener(start)
            let keyword = first.text
            switch keyword {
            case _ where opensBlock && Self.controlKeywords.contains(keyword):
                let body = headerEnd(start + 1..<source.match[start])
                var inner = context
                inner.conditional = true
                inner.directTarget = nil
                if keyword == "for" {
                    for part in source.splitArguments(start + 1..<(source.firstTopLevel(in: start..<body) { $0.isKeyword("in") } ?? body)) {
                        context.scope.assign(tokens[part.lowerBound].text, .unknown)
                    }
                }
                let bodyStart = body < tokens.count && tokens[body].isNewline ? body : min(body + 1, source.match[start])
                evaluateBlock(bodyStart..<source.match[start], inner)
                return
            case "begin" where opensBlock:
                var inner = context
                inner.directTarget = nil
                evaluateBlock(start + 1..<source.match[start], inner)
                return
            case "def", "class", "module":
                return
            case "elsif", "when", "in", "rescue":
                let header = headerEnd(range)
                if header < range.upperBound, !tokens[header].isNewline {
                    evaluateClause(header + 1..<range.upperBound, context)
                }
                return
            case "else", "ensure", "then":
                if range.count > 1 { evaluateClause(source.trimmed(start + 1..<range.upperBound), context) }
                return
            case "return", "next", "break", "redo", "retry", "end":
                return
            default:
                break
            }
        }

        var statement = range
        if let modifier = modifierIndex(range) {
            statement = start..<modifier
            context.conditional = true
        }
        guard !statement.isEmpty else { return }

        if let assignment = assignmentOperator(statement) {
            evaluateAssignment(statement, operatorIndex: assignment, context)
            return
        }
        evaluateCommand(statement, context)
    }

    /// The statement after a clause keyword on the same line (`else pod 'A'`): one level
    /// deeper, since a line of `else else else …` recurses once per keyword.
    func evaluateClause(_ range: Range<Int>, _ context: Context) {
        guard depth < Self.maximumDepth else {
            stop(tokens[range.lowerBound].line, Self.tooDeep("blocks and helper-method calls"))
            return
        }
        depth += 1
        defer { depth -= 1 }
        evaluateStatement(range, context)
    }

    /// The index of `=` (or `||=`, `+=`, …) when the statement assigns to variables.
    func assignmentOperator(_ range: Range<Int>) -> Int? {
        var k = range.lowerBound
        while k < range.upperBound {
            let token = tokens[k]
            switch token.kind {
            case .identifier, .keyword, .constant, .variable:
                if token.isName, token.afterDot { return nil }
            case .op:
                let text = token.text
                if text == "," || text == "*" { break }
                if text == "=" || (text.count >= 2 && text.hasSuffix("=") && !["==", "!=", ">=", "<=", "===", "=~"].contains(text)) {
                    return k > range.lowerBound ? k : nil
                }
                return nil
            default:
                return nil
            }
            k += 1
        }
        return nil
    }

    func evaluateAssignment(_ range: Range<Int>, operatorIndex: Int, _ context: Context) {
        let targetsOfAssignment = (range.lowerBound..<operatorIndex).filter { tokens[$0].kind != .op }
        let rhs = source.trimmed(operatorIndex + 1..<range.upperBound)
        let op = tokens[operatorIndex].text
        var value = rhs.isEmpty ? .unknown : evaluate(rhs, context)
        if case .unknown = value, !rhs.isEmpty { evaluateCommand(rhs, context, asValue: true) }
        if op != "=" || targetsOfAssignment.count != 1 || context.conditional { value = .unknown }
        if case let .string(text, _) = value { value = .string(text, fromArgument: false) }
        for index in targetsOfAssignment {
            let token = tokens[index]
            if token.isName {
                context.scope.assign(token.text, value)
            } else {
                globals[token.text] = value
            }
        }
    }

    // MARK: - Commands

    /// Podfile DSL methods that declare nothing compctl needs.
    static let ignoredDSL: Set<String> = [
        "install!", "workspace", "project", "xcodeproj", "inhibit_all_warnings!", "use_modular_headers!",
        "ensure_bundler!", "script_phase", "supports_swift_versions", "generate_bridge_support!",
        "set_arc_compatibility_flag!", "link_with", "exclusive", "exclusive?",
    ]
    static let hooks: Set<String> = ["pre_install", "post_install", "pre_integrate", "post_integrate"]
    /// Ruby methods that cannot declare pods.
    static let harmless: Set<String> = [
        "puts", "print", "p", "pp", "raise", "fail", "exit", "exit!", "abort", "warn", "system", "sleep",
        "printf", "format", "sprintf", "srand", "rand", "defined?", "block_given?", "yield", "super", "self",
        "private", "public", "protected", "module_function", "include", "extend", "attr_accessor",
        "attr_reader", "attr_writer", "gets", "__dir__", "__method__", "caller", "trap", "alias", "undef",
        "nil", "true", "false", "not", "__FILE__", "__LINE__", "binding", "freeze", "require",
        "at_exit", "lambda", "proc", "catch", "throw", "loop", "open", "then",
    ]
    /// Ruby keywords: an expression starting with one is not a method call.
    static let keywords: Set<String> = [
        "if", "unless", "case", "while", "until", "begin", "for", "do", "end", "then", "and", "or", "in", "when",
        "else", "elsif", "ensure", "rescue", "redo", "retry", "return", "next", "break", "super", "yield", "self",
        "nil", "true", "false", "not", "defined?", "alias", "undef", "class", "module", "def", "BEGIN", "END",
        "__method__", "__dir__", "__FILE__", "__LINE__", "__ENCODING__",
    ]
    /// Ruby methods that run code compctl cannot see.
    static let codeLoaders: Set<String> = [
        "eval", "instance_eval", "class_eval", "module_eval", "instance_exec", "class_exec", "send",
        "public_send", "__send__", "load", "require_relative",
    ]

    /// Runs a statement that is not an assignment or a control structure. With `asValue`,
    /// the statement is the right side of an assignment: only calls are followed.
    func evaluateCommand(_ range: Range<Int>, _ context: Context, asValue: Bool = false) {
        let start = range.lowerBound
        let first = tokens[start]
        let block = source.trailingBlock(start, range.upperBound)
        let head = start..<(block?.open ?? range.upperBound)

        guard first.isName, !first.afterDot else {
            // `%w[A B].each do |name| … end`: the block may run, in this target.
            if let block, !asValue { evaluateGenericBlock(block, context) }
            return
        }
        let arguments = argumentRange(head)
        // `pod` with arguments cannot be a local variable: the common case, decided without lookups.
        if first.isIdentifier("pod"), !arguments.isEmpty,
           tokens[start + 1].kind != .op || tokens[start + 1].isOp("(") {
            readPod(statement: range, arguments: arguments, context)
            return
        }
        let name = first.text

        // A local variable is an expression (`list.each do`), unless arguments follow it.
        if context.scope.lookup(name) != nil,
           head.count == 1 || (tokens[start + 1].kind == .op && !tokens[start + 1].isOp("(")) {
            if let block, !asValue { evaluateGenericBlock(block, context) }
            return
        }
        if methods[name] != nil {
            callMethod(name, arguments: arguments, callToken: start, context)
            return
        }
        if asValue, !Self.isDSL(name), !Self.codeLoaders.contains(name) {
            if !Self.harmless.contains(name), !Self.keywords.contains(name) { warnUnknown(name, start) }
            return
        }
        runDSL(name, statement: range, arguments: arguments, block: block, context)
    }

    /// Runs the Podfile DSL method `name` (or warns about what compctl cannot follow).
    func runDSL(_ name: String, statement range: Range<Int>, arguments: Range<Int>, block: (open: Int, close: Int)?,
                _ context: Context) {
        let line = tokens[range.lowerBound].line
        switch name {
        case "pod":
            readPod(statement: range, arguments: arguments, context)
        case "target", "abstract_target":
            readTarget(statement: range, arguments: arguments, block: block, isAbstract: name == "abstract_target", context)
        case "abstract!":
            if arguments.isEmpty || !(evaluate(arguments, context).isFalse) { targets[context.target].isAbstract = true }
        case "inherit!":
            let value = evaluate(arguments, context).stringOrSymbol
            if let value, let inheritance = PodfileTarget.Inheritance(rawValue: value) {
                targets[context.target].inheritance = inheritance
            } else {
                warn(line, "`inherit!` needs :complete, :search_paths or :none, not `\(source.text(arguments))`; it is not read")
            }
        case "platform":
            readPlatform(arguments: arguments, line: line, context)
        case "use_frameworks!":
            let parts = source.splitArguments(arguments)
            let disabled = parts.count == 1 && evaluate(parts[0], context).isFalse
            targets[context.target].usesFrameworks = !disabled
        case "source":
            if let url = evaluate(arguments, context).string {
                if !sources.contains(url) { sources.append(url) }
            } else {
                warn(line, "the source `\(source.text(arguments))` is not a string literal; it is not read")
            }
        case "plugin":
            if let firstArgument = source.splitArguments(arguments).first, let plugin = evaluate(firstArgument, context).string {
                plugins.append(plugin)
            } else {
                warn(line, "the plugin name `\(source.text(arguments))` is not a string literal; it is not read")
            }
        case "podspec":
            warn(line, "`podspec` declares the dependencies of a podspec, which compctl does not read here; they are not read")
        case _ where Self.hooks.contains(name):
            // Hooks run after resolution; their bodies cannot declare pods.
            if let block { skippedBlocks.append(block.open..<block.close) }
            skippedBlocks.append(range)
        case _ where Self.ignoredDSL.contains(name):
            break
        case _ where Self.codeLoaders.contains(name), "require":
            warnAboutLoadedCode(name, arguments: arguments, line: line, context)
        case "loop":
            if let block { evaluateGenericBlock(block, context) }
        case _ where Self.harmless.contains(name) || Self.keywords.contains(name):
            break
        default:
            warnUnknown(name, range.lowerBound)
        }
    }

    /// `require`, `load`, `eval` and their kin may run Podfile code compctl cannot see;
    /// `require 'yaml'` loads a library, a relative or computed path may load Podfile code.
    func warnAboutLoadedCode(_ name: String, arguments: Range<Int>, line: Int, _ context: Context) {
        let parts = source.splitArguments(arguments)
        let file = parts.count == 1 ? evaluate(parts[0], context).string : nil
        if name == "require", let file, !file.hasPrefix("."), !file.hasPrefix("/") { return }
        let what = name == "require" || name == "require_relative" || name == "load"
            ? (file.map { "`\(name) '\($0)'`" } ?? "`\(name)` of a computed path")
            : "`\(name)`"
        warn(line, "\(what) runs Ruby that compctl does not read; pods it declares are not read")
    }

    static func isDSL(_ name: String) -> Bool {
        ["pod", "target", "abstract_target", "abstract!", "inherit!", "platform", "use_frameworks!", "source",
         "plugin", "podspec"].contains(name) || hooks.contains(name) || ignoredDSL.contains(name)
    }

    func warnUnknown(_ name: String, _ index: Int) {
        warn(tokens[index].line, "`\(name)` is not defined in this Podfile (a plugin or a required file provides it); pods it declares are not read")
    }

    /// The arguments of a call: inside `name(…)`, or everything after `name `.
    func argumentRange(_ head: Range<Int>) -> Range<Int> {
        let start = head.lowerBound + 1
        guard start < head.upperBound else { return start..<start }
        if tokens[start].isOp("("), !tokens[start].spaceBefore, source.isOpener(start), source.match[start] < head.upperBound {
            return start + 1..<source.match[start]
        }
        return start..<head.upperBound
    }

    /// A block on something other than the Podfile DSL (`list.each do |name|`): it may run
    /// any number of times, so what it declares is conditional and its parameters unknown.
    func evaluateGenericBlock(_ block: (open: Int, close: Int), _ context: Context) {
        let scope = Scope(parent: context.scope)
        var k = block.open + 1
        if tokens[k].isOp("|") {
            k += 1
            while k < block.close, !tokens[k].isOp("|") {
                if tokens[k].kind == .identifier { scope.locals[tokens[k].text] = .unknown }
                k = source.isOpener(k) ? source.match[k] + 1 : k + 1
            }
        }
        var inner = context
        inner.scope = scope
        inner.conditional = true
        inner.directTarget = nil
        evaluateBlock(source.blockBodyStart(block.open)..<block.close, inner)
    }

    // MARK: - DSL

    func readTarget(statement: Range<Int>, arguments: Range<Int>, block: (open: Int, close: Int)?,
                             isAbstract: Bool, _ context: Context) {
        let line = tokens[statement.lowerBound].line
        guard let nameArgument = source.splitArguments(arguments).first,
              let name = evaluate(nameArgument, context).stringOrSymbol else {
            // Its `pod` lines stay unvisited, so each is reported by `warnAboutUnreadPodLines`.
            warn(line, "the target name `\(source.text(arguments))` is not a string literal; the target and its pods are not read")
            return
        }
        let parent = targets[context.target].name
        let index: Int
        if let existing = targets.firstIndex(where: { $0.name == name && $0.parent == parent }) {
            index = existing
        } else {
            index = targets.count
            targets.append(PodfileTarget(name: name, parent: parent, isAbstract: isAbstract, inheritance: .complete,
                                         platform: nil, usesFrameworks: false, line: line, isConditional: context.conditional))
        }
        var layout = layouts[name] ?? TargetLayout(hasBlock: block != nil)
        if let directRoot = context.directTarget, directRoot == 0, context.target == 0, layouts[PodfileTarget.rootName]?.end == nil {
            let start = tokens[statement.lowerBound].start
            layouts[PodfileTarget.rootName]?.end = start
        }
        guard let block else {
            layouts[name] = layout
            return
        }
        layout.hasBlock = true
        layout.end = tokens[block.close].start
        let body = source.blockBodyStart(block.open)..<block.close
        if let firstStatement = source.firstTopLevel(in: body, where: { !$0.isNewline }) {
            layout.firstStatement = tokens[firstStatement].start
        }
        layouts[name] = layout
        var inner = context
        inner.target = index
        inner.directTarget = index
        inner.scope = Scope(parent: context.scope)
        evaluateBlock(body, inner)
    }

    func readPlatform(arguments: Range<Int>, line: Int, _ context: Context) {
        let parts = source.splitArguments(arguments)
        guard let first = parts.first, let name = evaluate(first, context).stringOrSymbol else {
            warn(line, "the platform `\(source.text(arguments))` is not a literal; it is not read")
            return
        }
        var version: String?
        if parts.count > 1 {
            version = evaluate(parts[1], context).string
            if version == nil {
                warn(line, "the platform version `\(source.text(parts[1]))` is not a string literal; the version is not read")
            }
        }
        targets[context.target].platform = PodfilePlatform(name: name, version: version)
    }

    /// `pod 'Name', 'requirement', option: value`: one declaration per distinct value the
    /// statement takes (a helper method may run it with several).
    func readPod(statement: Range<Int>, arguments: Range<Int>, _ context: Context) {
        let podToken = statement.lowerBound
        visitedPods[podToken] = true
        let line = tokens[podToken].line
        let (positional, options, unreadable, sourceOption, argumentsEnd) = podArguments(arguments, context)
        guard let nameArgument = positional.first else {
            warn(line, "`pod` without a pod name; the line is skipped")
            return
        }
        guard case let .string(name, nameFromArgument) = evaluate(nameArgument, context), !name.isEmpty else {
            warn(line, "the pod name `\(source.text(nameArgument))` is not a string literal; the line is skipped")
            return
        }
        if let unreadable {
            warn(line, "\(unreadable) of `\(name)` is not a literal; the pod is skipped", pod: name)
            return
        }
        var requirements: [String] = []
        for requirement in positional.dropFirst() {
            guard let text = evaluate(requirement, context).string else {
                warn(line, "the requirement `\(source.text(requirement))` of `\(name)` is not a string literal or a variable holding one; the pod is skipped", pod: name)
                return
            }
            requirements.append(text)
        }
        guard let podOptions = podOptions(options, of: name, line: line, context) else { return }
        let declaration = PodDeclaration(
            name: name, requirements: requirements, options: podOptions, line: line,
            uses: [PodUse(target: targets[context.target].name, callLines: context.callLines, isConditional: context.conditional)],
            requirementRanges: positional.dropFirst().map(source.byteRange), nameRange: source.byteRange(nameArgument),
            quote: quote(of: nameArgument), nameFromArgument: nameFromArgument, method: context.method,
            argumentsEnd: argumentsEnd, sourceOption: sourceOption)
        let index = record(declaration, podToken: podToken)
        if let direct = context.directTarget, direct == context.target {
            lastPods[direct] = (tokens[statement.lowerBound].start..<tokens[statement.upperBound - 1].end, declarations[index].quote)
        }
    }

    /// A `pod` statement's arguments: the positional ones (name and requirements) and the
    /// options (`key: value`, `:key => value`, or a hash), with the first option whose key
    /// is not a literal; for the editor, where its `:source` option is (the option and the
    /// comma before it) and the byte offset after the last argument.
    func podArguments(_ arguments: Range<Int>, _ context: Context)
        -> (positional: [Range<Int>], options: [(key: String, value: Range<Int>)], unreadable: String?,
            sourceOption: PodDeclaration.SourceOption?, argumentsEnd: Int) {
        var positional: [Range<Int>] = []
        var options: [(key: String, value: Range<Int>)] = []
        var unreadable: String?
        var sourceOption: PodDeclaration.SourceOption?
        let parts = source.splitArguments(arguments)
        for (index, part) in parts.enumerated() {
            let first = tokens[part.lowerBound]
            func add(_ key: String, _ value: Range<Int>, inHash: Bool) {
                options.append((key, value))
                guard key == "source" else { return }
                let start = index > 0 ? source.byteRange(parts[index - 1]).upperBound : source.byteRange(part).lowerBound
                sourceOption = .init(removal: start..<source.byteRange(part).upperBound, isInHash: inHash)
            }
            if let key = first.labelName {
                add(key, part.lowerBound + 1..<part.upperBound, inHash: false)
            } else if let arrow = source.firstTopLevel(in: part, where: { $0.isOp("=>") }) {
                let key = evaluate(part.lowerBound..<arrow, context).stringOrSymbol
                guard let key else {
                    unreadable = "the option `\(source.text(part))`"
                    continue
                }
                add(key, arrow + 1..<part.upperBound, inHash: false)
            } else if first.isOp("{"), source.match[part.lowerBound] == part.upperBound - 1 {
                for pair in source.splitArguments(part.lowerBound + 1..<part.upperBound - 1) {
                    if let key = tokens[pair.lowerBound].labelName {
                        add(key, pair.lowerBound + 1..<pair.upperBound, inHash: true)
                    } else if let arrow = source.firstTopLevel(in: pair, where: { $0.isOp("=>") }),
                              let key = evaluate(pair.lowerBound..<arrow, context).stringOrSymbol {
                        add(key, arrow + 1..<pair.upperBound, inHash: true)
                    } else {
                        unreadable = "the option `\(source.text(pair))`"
                    }
                }
            } else {
                positional.append(part)
            }
        }
        let argumentsEnd = parts.last.map { source.byteRange($0).upperBound } ?? 0
        return (positional, options, unreadable, sourceOption, argumentsEnd)
    }

    /// The options of pod `name`, or nil (with a warning) when one compctl reads is not a literal.
    func podOptions(_ options: [(key: String, value: Range<Int>)], of name: String, line: Int, _ context: Context) -> PodOptions? {
        var podOptions = PodOptions()
        var external: (kind: PodExternalSource.Kind, value: String)?
        var branch: String?, tag: String?, commit: String?
        for (key, valueRange) in options {
            let value = evaluate(valueRange, context)
            func skip() -> PodOptions? {
                warn(line, "the option `:\(key)` of `\(name)` is `\(source.text(valueRange))`, which is not a literal; the pod is skipped", pod: name)
                return nil
            }
            switch key {
            case "git", "path", "local", "podspec":
                guard let text = value.string else { return skip() }
                if external == nil {
                    external = (key == "git" ? .git : key == "podspec" ? .podspec : .path, text)
                }
            case "branch", "tag", "commit":
                guard let text = value.string else { return skip() }
                if key == "branch" { branch = text } else if key == "tag" { tag = text } else { commit = text }
            case "subspecs", "testspecs", "configurations", "configuration":
                guard let list = value.strings else { return skip() }
                switch key {
                case "subspecs": podOptions.subspecs = list
                case "testspecs": podOptions.testspecs = list
                default: podOptions.configurations = list
                }
            case "modular_headers":
                podOptions.modularHeaders = value.bool
            case "inhibit_warnings":
                podOptions.inhibitWarnings = value.bool
            case "source":
                guard let text = value.string else { return skip() }
                podOptions.source = text
            default:
                podOptions.otherOptions.append(key)
            }
        }
        if let external {
            podOptions.externalSource = PodExternalSource(kind: external.kind, value: external.value,
                                                          branch: branch, tag: tag, commit: commit)
        }
        return podOptions
    }

    /// How the pod name is quoted, for a line the pin editor adds beside it.
    func quote(of nameArgument: Range<Int>) -> PodfileQuote {
        let nameToken = tokens[nameArgument.lowerBound]
        guard nameArgument.count == 1, nameToken.kind == .string else { return .other }
        switch nameToken.literal?.delimiter {
        case .doubleQuote?: return .double
        case .singleQuote?: return .single
        default: return .other
        }
    }

    /// Adds `declaration` as one more use of an identical one this `pod` token made (run
    /// again through a helper method, from another target), or as a new one; returns its index.
    func record(_ declaration: PodDeclaration, podToken: Int) -> Int {
        let existing = declarationsByToken[podToken, default: []].first { index in
            declarations[index].name == declaration.name && declarations[index].requirements == declaration.requirements
                && declarations[index].options == declaration.options
        }
        guard let existing else {
            declarationsByToken[podToken, default: []].append(declarations.count)
            declarations.append(declaration)
            return declarations.count - 1
        }
        for use in declaration.uses where !declarations[existing].uses.contains(use) {
            declarations[existing].uses.append(use)
        }
        return existing
    }

    // MARK: - Values

    /// Evaluates a literal, a literal array, or a variable that holds one; anything else is
    /// `.unknown`.
    func evaluate(_ range: Range<Int>, _ context: Context) -> Value {
        let range = source.trimmed(range)
        guard !range.isEmpty else { return .unknown }
        let first = tokens[range.lowerBound]
        if range.count == 1 {
            switch first.kind {
            case .string:
                // A heredoc's body is not a value compctl reads.
                guard let literal = first.literal, literal.delimiter != .heredoc, !first.isLabelString else { return .unknown }
                return evaluateString(literal, context)
            case .symbol, .dynamicSymbol:
                return .symbol(first.text)
            case .words, .symbolWords:
                return first.literal?.words.map { .array($0.map { .string($0, fromArgument: false) }) } ?? .unknown
            case .number:
                return .string(first.text, fromArgument: false)
            case .identifier, .keyword:
                switch first.text {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "nil": return .null
                default: return first.afterDot ? .unknown : context.scope.lookup(first.text) ?? .unknown
                }
            case .variable, .constant:
                return globals[first.text] ?? .unknown
            default:
                return .unknown
            }
        }
        if first.isOp("["), source.match[range.lowerBound] == range.upperBound - 1 {
            var values: [Value] = []
            for element in source.splitArguments(range.lowerBound + 1..<range.upperBound - 1) {
                let value = evaluate(element, context)
                if case .unknown = value { return .unknown }
                values.append(value)
            }
            return .array(values)
        }
        if first.isOp("("), source.match[range.lowerBound] == range.upperBound - 1 {
            return evaluate(range.lowerBound + 1..<range.upperBound - 1, context)
        }
        return .unknown
    }

    func evaluateString(_ literal: RubyLiteral, _ context: Context) -> Value {
        var text = ""
        var fromArgument = false
        for part in literal.parts {
            switch part {
            case let .text(piece):
                text += piece
            case let .code(code):
                // Only `#{variable}` is followed; the variable must hold a literal.
                let name = code.source.trimmingCharacters(in: .whitespaces)
                let value: Value?
                if name.hasPrefix("$") || name.hasPrefix("@") || name.first?.isUppercase == true {
                    value = globals[name]
                } else {
                    value = context.scope.lookup(name)
                }
                guard case let .string(piece, argument)? = value else { return .unknown }
                text += piece
                fromArgument = fromArgument || argument
            }
        }
        return .string(text, fromArgument: fromArgument)
    }
}

private extension RubyToken {
    /// A name: a local variable, a method called without a receiver, or a keyword.
    var isName: Bool { kind == .identifier || kind == .keyword }
}

private extension Value {
    var isFalse: Bool {
        if case .bool(false) = self { return true }
        return false
    }

    var bool: Bool? {
        if case let .bool(value) = self { return value }
        return nil
    }
}

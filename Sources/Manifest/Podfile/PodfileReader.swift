import Foundation

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
        let source = try RubySource(bytes: bytes, file: path)
        let evaluator = PodfileEvaluator(source: source, path: path)
        self = try evaluator.run()
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
    lazy var visitedPods = [Bool](repeating: false, count: tokens.count)
    /// How many blocks and helper-method calls enclose the statement being evaluated.
    var depth = 0
    /// Statements evaluated so far, against `maximumSteps`.
    var steps = 0
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
        for (i, token) in tokens.enumerated() where token.isIdentifier("pod") && !visitedPods[i] {
            guard i == 0 || tokens[i - 1].isNewline || tokens[i - 1].isPunctuation("{") || tokens[i - 1].isPunctuation("|")
                || tokens[i - 1].isIdentifier("do") || tokens[i - 1].isIdentifier("then") || tokens[i - 1].isIdentifier("else")
            else { continue }
            // `pod = …`, `pod.name`: a local variable, not a call.
            guard i + 1 < tokens.count, !tokens[i + 1].isNewline,
                  tokens[i + 1].kind != .punctuation || tokens[i + 1].isPunctuation("(") else { continue }
            if ignored.contains(where: { $0.contains(i) }) { continue }
            warn(token.line, "this `pod` line sits in code compctl cannot evaluate; it is not read")
        }
    }

    // MARK: - Methods

    func collectMethods() {
        for (i, token) in tokens.enumerated() where token.isIdentifier("def") && source.isOpener(i) {
            var k = i + 1
            if k + 1 < tokens.count, tokens[k + 1].isPunctuation(".") { k += 2 }
            guard k < tokens.count else { continue }
            let name = source.text(of: tokens[k])
            k += 1
            var parameters: [MethodDefinition.Parameter] = []
            let bodyStart: Int
            if k < tokens.count, tokens[k].isPunctuation("("), source.isOpener(k) {
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
                if part.count > 2, tokens[part.lowerBound + 1].isPunctuation("=") {
                    return .init(name: source.text(of: first), kind: .positional, defaultValue: part.lowerBound + 2..<part.upperBound)
                }
                return .init(name: source.text(of: first), kind: .positional, defaultValue: nil)
            case .label:
                return .init(name: source.text(of: first), kind: .keyword, defaultValue: part.count > 1 ? part.lowerBound + 1..<part.upperBound : nil)
            case .punctuation where part.count > 1:
                return .init(name: source.text(of: tokens[part.lowerBound + 1]), kind: .rest, defaultValue: nil)
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
            if tokens[part.lowerBound].kind == .label {
                keywords[source.text(of: tokens[part.lowerBound])] = evaluate(part.lowerBound + 1..<part.upperBound, context)
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
        guard depth < RubySource.maximumDepth else {
            let line = range.isEmpty ? tokens[max(0, range.lowerBound - 1)].line : tokens[range.lowerBound].line
            stop(line, RubySource.tooDeep("blocks and helper-method calls"))
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
            token.isIdentifier("if") || token.isIdentifier("unless") || token.isIdentifier("while")
                || token.isIdentifier("until") || token.isIdentifier("rescue")
        }
    }

    /// The end of a clause header (`if cond`, `when x`): the first top-level `then` or line
    /// break.
    func headerEnd(_ range: Range<Int>) -> Int {
        source.firstTopLevel(in: range) { $0.isNewline || $0.isIdentifier("then") || $0.isIdentifier("do") } ?? range.upperBound
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

        if first.kind == .identifier, !first.afterDot {
            let opensBlock = source.isOpener(start)
            let keyword = source.text(of: first)
            switch keyword {
            case _ where opensBlock && Self.controlKeywords.contains(keyword):
                let body = headerEnd(start + 1..<source.match[start])
                var inner = context
                inner.conditional = true
                inner.directTarget = nil
                if keyword == "for" {
                    for part in source.splitArguments(start + 1..<(source.firstTopLevel(in: start..<body) { $0.isIdentifier("in") } ?? body)) {
                        context.scope.assign(source.text(of: tokens[part.lowerBound]), .unknown)
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
        guard depth < RubySource.maximumDepth else {
            stop(tokens[range.lowerBound].line, RubySource.tooDeep("blocks and helper-method calls"))
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
            case .identifier, .constant, .globalVariable, .instanceVariable:
                if token.kind == .identifier, token.afterDot { return nil }
            case .punctuation:
                let text = source.text(of: token)
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
        let targetsOfAssignment = (range.lowerBound..<operatorIndex).filter { tokens[$0].kind != .punctuation }
        let rhs = source.trimmed(operatorIndex + 1..<range.upperBound)
        let op = source.text(of: tokens[operatorIndex])
        var value = rhs.isEmpty ? .unknown : evaluate(rhs, context)
        if case .unknown = value, !rhs.isEmpty { evaluateCommand(rhs, context, asValue: true) }
        if op != "=" || targetsOfAssignment.count != 1 || context.conditional { value = .unknown }
        if case let .string(text, _) = value { value = .string(text, fromArgument: false) }
        for index in targetsOfAssignment {
            let token = tokens[index]
            switch token.kind {
            case .identifier:
                context.scope.assign(source.text(of: token), value)
            default:
                globals[source.text(of: token)] = value
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

        guard first.kind == .identifier, !first.afterDot else {
            // `%w[A B].each do |name| … end`: the block may run, in this target.
            if let block, !asValue { evaluateGenericBlock(block, context) }
            return
        }
        let arguments = argumentRange(head)
        // `pod` with arguments cannot be a local variable: the common case, decided without lookups.
        if first.isIdentifier("pod"), !arguments.isEmpty,
           tokens[start + 1].kind != .punctuation || tokens[start + 1].isPunctuation("(") {
            readPod(statement: range, arguments: arguments, context)
            return
        }
        let name = source.text(of: first)

        // A local variable is an expression (`list.each do`), unless arguments follow it.
        if context.scope.lookup(name) != nil,
           head.count == 1 || (tokens[start + 1].kind == .punctuation && !tokens[start + 1].isPunctuation("(")) {
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
                warn(first.line, "`inherit!` needs :complete, :search_paths or :none, not `\(source.text(arguments))`; it is not read")
            }
        case "platform":
            readPlatform(arguments: arguments, line: first.line, context)
        case "use_frameworks!":
            let parts = source.splitArguments(arguments)
            let disabled = parts.count == 1 && evaluate(parts[0], context).isFalse
            targets[context.target].usesFrameworks = !disabled
        case "source":
            if let url = evaluate(arguments, context).string {
                if !sources.contains(url) { sources.append(url) }
            } else {
                warn(first.line, "the source `\(source.text(arguments))` is not a string literal; it is not read")
            }
        case "plugin":
            if let firstArgument = source.splitArguments(arguments).first, let plugin = evaluate(firstArgument, context).string {
                plugins.append(plugin)
            } else {
                warn(first.line, "the plugin name `\(source.text(arguments))` is not a string literal; it is not read")
            }
        case "podspec":
            warn(first.line, "`podspec` declares the dependencies of a podspec, which compctl does not read here; they are not read")
        case _ where Self.hooks.contains(name):
            // Hooks run after resolution; their bodies cannot declare pods.
            if let block { skippedBlocks.append(block.open..<block.close) }
            skippedBlocks.append(range)
        case _ where Self.ignoredDSL.contains(name):
            break
        case _ where Self.codeLoaders.contains(name), "require":
            let parts = source.splitArguments(arguments)
            let file = parts.count == 1 ? evaluate(parts[0], context).string : nil
            // `require 'yaml'` loads a library; a relative or computed path may load Podfile code.
            if name == "require", let file, !file.hasPrefix("."), !file.hasPrefix("/") { break }
            let what = name == "require" || name == "require_relative" || name == "load"
                ? (file.map { "`\(name) '\($0)'`" } ?? "`\(name)` of a computed path")
                : "`\(name)`"
            warn(first.line, "\(what) runs Ruby that compctl does not read; pods it declares are not read")
        case "loop":
            if let block { evaluateGenericBlock(block, context) }
        case _ where Self.harmless.contains(name) || Self.keywords.contains(name):
            break
        default:
            warnUnknown(name, start)
        }
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
        if tokens[start].isPunctuation("("), !tokens[start].spaceBefore, source.isOpener(start), source.match[start] < head.upperBound {
            return start + 1..<source.match[start]
        }
        return start..<head.upperBound
    }

    /// A block on something other than the Podfile DSL (`list.each do |name|`): it may run
    /// any number of times, so what it declares is conditional and its parameters unknown.
    func evaluateGenericBlock(_ block: (open: Int, close: Int), _ context: Context) {
        let scope = Scope(parent: context.scope)
        var k = block.open + 1
        if tokens[k].isPunctuation("|") {
            k += 1
            while k < block.close, !tokens[k].isPunctuation("|") {
                if tokens[k].kind == .identifier { scope.locals[source.text(of: tokens[k])] = .unknown }
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

    func readPod(statement: Range<Int>, arguments: Range<Int>, _ context: Context) {
        let podToken = statement.lowerBound
        visitedPods[podToken] = true
        let line = tokens[podToken].line
        var positional: [Range<Int>] = []
        var options: [(key: String, value: Range<Int>)] = []
        var unreadable: String?
        let parts = source.splitArguments(arguments).filter { !$0.isEmpty }
        // Where the editor finds a `:source` option (the option and the comma before it) and
        // where it adds one: after the last argument.
        var sourceOption: PodDeclaration.SourceOption?
        for (index, part) in parts.enumerated() {
            let first = tokens[part.lowerBound]
            func noteSource(_ key: String, inHash: Bool) {
                guard key == "source" else { return }
                let start = index > 0 ? source.byteRange(parts[index - 1]).upperBound : source.byteRange(part).lowerBound
                sourceOption = .init(removal: start..<source.byteRange(part).upperBound, isInHash: inHash)
            }
            if first.kind == .label {
                options.append((source.text(of: first), part.lowerBound + 1..<part.upperBound))
                noteSource(source.text(of: first), inHash: false)
            } else if let arrow = source.firstTopLevel(in: part, where: { $0.isPunctuation("=>") }) {
                let key = evaluate(part.lowerBound..<arrow, context).stringOrSymbol
                guard let key else {
                    unreadable = "the option `\(source.text(part))`"
                    continue
                }
                options.append((key, arrow + 1..<part.upperBound))
                noteSource(key, inHash: false)
            } else if first.isPunctuation("{"), source.match[part.lowerBound] == part.upperBound - 1 {
                for pair in source.splitArguments(part.lowerBound + 1..<part.upperBound - 1) {
                    if tokens[pair.lowerBound].kind == .label {
                        options.append((source.text(of: tokens[pair.lowerBound]), pair.lowerBound + 1..<pair.upperBound))
                        noteSource(source.text(of: tokens[pair.lowerBound]), inHash: true)
                    } else if let arrow = source.firstTopLevel(in: pair, where: { $0.isPunctuation("=>") }),
                              let key = evaluate(pair.lowerBound..<arrow, context).stringOrSymbol {
                        options.append((key, arrow + 1..<pair.upperBound))
                        noteSource(key, inHash: true)
                    } else {
                        unreadable = "the option `\(source.text(pair))`"
                    }
                }
            } else {
                positional.append(part)
            }
        }

        guard let nameArgument = positional.first else {
            warn(line, "`pod` without a pod name; the line is skipped")
            return
        }
        let nameValue = evaluate(nameArgument, context)
        guard case let .string(name, nameFromArgument) = nameValue, !name.isEmpty else {
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
        var podOptions = PodOptions()
        var external: (kind: PodExternalSource.Kind, value: String)?
        var branch: String?, tag: String?, commit: String?
        for (key, valueRange) in options {
            let value = evaluate(valueRange, context)
            func skip() {
                warn(line, "the option `:\(key)` of `\(name)` is `\(source.text(valueRange))`, which is not a literal; the pod is skipped", pod: name)
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

        let use = PodUse(target: targets[context.target].name, callLines: context.callLines, isConditional: context.conditional)
        let existing = declarationsByToken[podToken, default: []].first { index in
            declarations[index].name == name && declarations[index].requirements == requirements
                && declarations[index].options == podOptions
        }
        let index: Int
        if let existing {
            index = existing
            if !declarations[existing].uses.contains(use) { declarations[existing].uses.append(use) }
        } else {
            let nameToken = tokens[nameArgument.lowerBound]
            let quote: PodfileQuote = nameArgument.count == 1 && nameToken.kind == .string
                ? (source.literals[Int(nameToken.literal)].quote == UInt8(ascii: "\"") ? .double
                    : source.literals[Int(nameToken.literal)].quote == UInt8(ascii: "'") ? .single : .other)
                : .other
            index = declarations.count
            declarationsByToken[podToken, default: []].append(index)
            declarations.append(PodDeclaration(
                name: name, requirements: requirements, options: podOptions, line: line, uses: [use],
                requirementRanges: positional.dropFirst().map(source.byteRange), nameRange: source.byteRange(nameArgument),
                quote: quote, nameFromArgument: nameFromArgument, method: context.method,
                argumentsEnd: parts.last.map { source.byteRange($0).upperBound } ?? source.byteRange(nameArgument).upperBound,
                sourceOption: sourceOption))
        }
        if let direct = context.directTarget, direct == context.target {
            lastPods[direct] = (tokens[statement.lowerBound].start..<tokens[statement.upperBound - 1].end, declarations[index].quote)
        }
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
                return evaluateString(source.literals[Int(first.literal)], context)
            case .symbol:
                return .symbol(source.text(of: first))
            case .words:
                return source.literals[Int(first.literal)].words.map { .array($0.map { .string($0, fromArgument: false) }) } ?? .unknown
            case .number:
                return .string(source.text(of: first), fromArgument: false)
            case .identifier:
                switch source.text(of: first) {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "nil": return .null
                default: return first.afterDot ? .unknown : context.scope.lookup(source.text(of: first)) ?? .unknown
                }
            case .globalVariable, .instanceVariable, .constant:
                return globals[source.text(of: first)] ?? .unknown
            default:
                return .unknown
            }
        }
        if first.isPunctuation("["), source.match[range.lowerBound] == range.upperBound - 1 {
            var values: [Value] = []
            for element in source.splitArguments(range.lowerBound + 1..<range.upperBound - 1) {
                let value = evaluate(element, context)
                if case .unknown = value { return .unknown }
                values.append(value)
            }
            return .array(values)
        }
        if first.isPunctuation("("), source.match[range.lowerBound] == range.upperBound - 1 {
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
                let name = code.trimmingCharacters(in: .whitespaces)
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

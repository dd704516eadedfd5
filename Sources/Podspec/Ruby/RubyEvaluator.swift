/// Runs a podspec's syntax tree against a model of CocoaPods' `Pod::Spec` DSL, computing what
/// can be known statically and tracking where every unknown value comes from.
///
/// What it never guesses: a name, version, subspec, default subspec or dependency that
/// depends on something it cannot evaluate (a shell command, a file, the environment, a
/// helper, a condition on any of these) is an error naming the line of that construct. The
/// source and deployment targets are informational: unknown parts are left out with a
/// warning. Every other attribute is skipped.
final class RubyEvaluator {
    /// What a fatal error is about, for its message.
    enum Subject {
        case name
        case version
        case dependencyName
        case dependency(String)
        case dependencyRequirements(String)
        case dependencies
        case subspecName
        case subspec(String)
        case defaultSubspecs

        var description: String {
            switch self {
            case .name: return "the name"
            case .version: return "the version"
            case .dependencyName: return "the name of a dependency"
            case .dependency(let name): return "the dependency `\(name)`"
            case .dependencyRequirements(let name): return "the requirements of the dependency `\(name)`"
            case .dependencies: return "the dependencies"
            case .subspecName: return "the name of a subspec"
            case .subspec(let name): return "the subspec `\(name)`"
            case .defaultSubspecs: return "the default subspecs"
            }
        }

        var verb: String {
            switch self {
            case .dependency, .dependencyName, .dependencyRequirements, .subspec, .subspecName: return "declared"
            default: return "set"
            }
        }

        func fix(receiver: String) -> String {
            switch self {
            case .name: return "set a literal name, e.g. \(receiver).name = 'Foo'"
            case .version: return "set a literal version, e.g. \(receiver).version = '1.2.3'"
            case .dependencyName, .dependency, .dependencyRequirements, .dependencies:
                return "declare it with literal strings outside any condition, e.g. \(receiver).dependency 'Foo', '~> 1.0'"
            case .subspecName, .subspec:
                return "declare subspecs with a literal name outside any condition"
            case .defaultSubspecs:
                return "set literal names outside any condition, e.g. \(receiver).default_subspecs = 'Core'"
            }
        }
    }

    /// Unwinds `next`, `break` and `return`; `stop` ends the whole evaluation, and `stopped`
    /// says why.
    private enum Jump: Error {
        case next(RubyValue)
        case `break`(RubyValue)
        case `return`
        case stop
    }

    private final class Scope {
        var variables: [String: RubyValue] = [:]
        let parent: Scope?

        init(parent: Scope?) {
            self.parent = parent
        }

        func lookup(_ name: String) -> RubyValue? {
            var scope: Scope? = self
            while let current = scope {
                if let value = current.variables[name] { return value }
                scope = current.parent
            }
            return nil
        }

        /// Assigns to the innermost scope that has the variable, or declares it here.
        func assign(_ name: String, _ value: RubyValue) {
            var scope: Scope? = self
            while let current = scope {
                if current.variables[name] != nil {
                    current.variables[name] = value
                    return
                }
                scope = current.parent
            }
            variables[name] = value
        }
    }

    let path: String
    private(set) var specs: [SpecBuilder] = []
    /// Fatal problems in the order evaluation met them.
    private(set) var errors: [PodspecError] = []
    /// Problems inside test and app specs, which compctl left out instead of failing.
    private(set) var leftOut: [PodspecError] = []
    /// Why the evaluation stopped before the end of the file: code that runs too long, or a
    /// value nested too deeply to walk safely.
    private(set) var stopped: PodspecError?
    /// Nodes evaluated and values walked so far, against `maximumSteps`.
    private var steps = 0
    /// How much work a podspec may take. The corpus's podspecs take at most 535 steps; loops
    /// over loops (fuzzed or hostile code) could otherwise run for hours.
    static let maximumSteps = 100_000
    /// How deeply lists and hashes may nest in a value a variable holds: a loop that wraps a
    /// value once per iteration would otherwise build one too deep to walk or free.
    static let maximumValueDepth = RubyParser.maximumDepth
    /// The spec each `Pod::Spec.new` or `subspec` block is building, innermost last.
    private var specStack: [Int] = []
    /// Set while evaluating code whose running depends on something unknown.
    private var taint: Origin?
    /// Set when a `next`, `break` or `return` ran under an unknown condition: the rest of the
    /// enclosing body may not run.
    private var taintedJump: Origin?
    /// How many evaluations gave an unknown value so far: code that met none cannot have
    /// raised, so its `rescue` clauses cannot run.
    private var unknownResults = 0
    private var constants: [String: RubyValue] = [:]
    /// The name the podspec gives its spec (`s`, `spec`…), for the fixes messages suggest.
    private var receiverName = "s"

    /// The podspec's path as `__FILE__` gives it: absolute when the file was read from disk.
    let filePath: String
    /// Reads a file beside the podspec, by its path relative to the podspec's folder (never
    /// with `..`); nil when there is no such file or it may not be read.
    let readBeside: (@Sendable (String) -> [UInt8]?)?

    init(path: String, filePath: String? = nil, readBeside: (@Sendable (String) -> [UInt8]?)? = nil) {
        self.path = path
        self.filePath = filePath ?? path
        self.readBeside = readBeside
    }

    /// Evaluates a whole file and returns its value, which CocoaPods takes as the spec.
    func run(_ program: [RubyNode]) -> RubyValue {
        let scope = Scope(parent: nil)
        do {
            return try statements(program, scope)
        } catch {
            return .nil
        }
    }

    // MARK: - Errors

    private func fatal(_ subject: Subject, origin: Origin, statementLine: Int) {
        let location = origin.line != statementLine ? " (\(subject.verb) on line \(statementLine))" : ""
        errors.append(PodspecError(
            file: path, line: origin.line,
            message: "cannot evaluate \(subject.description)\(location): it \(origin.reason); "
                + subject.fix(receiver: receiverName)))
    }

    private func fatal(line: Int, _ message: String) {
        errors.append(PodspecError(file: path, line: line, message: message))
    }

    private func unknown(_ kind: Origin.Kind, _ line: Int) -> RubyValue {
        .unknown(Origin(kind: kind, line: line))
    }

    /// Stops the evaluation with `message` at `line`.
    private func stop(line: Int, _ message: String) throws(Jump) -> Never {
        if stopped == nil { stopped = PodspecError(file: path, line: line, message: message) }
        throw .stop
    }

    /// Counts `count` steps of work done for `line`, and stops past the budget.
    private func step(_ count: Int = 1, line: Int) throws(Jump) {
        steps += count
        guard steps > Self.maximumSteps else { return }
        try stop(line: line, "cannot evaluate the podspec: it takes more than \(Self.maximumSteps) steps "
            + "(loops inside loops?); simplify it")
    }

    /// Stops when `value`, about to be stored, nests lists and hashes deeper than
    /// `maximumValueDepth`. Walking it counts as work, so storing big values over and over
    /// also ends.
    private func checkNesting(_ value: RubyValue, line: Int) throws(Jump) {
        var pending: [(value: RubyValue, depth: Int)] = [(value, 1)]
        while let (current, depth) = pending.popLast() {
            let children: [RubyValue]
            switch current {
            case .array(let items): children = items
            case .hash(let pairs): children = pairs.flatMap { [$0.key, $0.value] }
            default: continue
            }
            if depth > Self.maximumValueDepth {
                try stop(line: line, "cannot evaluate the podspec: a value nests too deeply (more than "
                    + "\(Self.maximumValueDepth) levels of lists and hashes); flatten it")
            }
            try step(children.count, line: line)
            for child in children {
                switch child {
                case .array, .hash: pending.append((child, depth + 1))
                default: break
                }
            }
        }
    }

    // MARK: - Statements

    private func statements(_ nodes: [RubyNode], _ scope: Scope) throws(Jump) -> RubyValue {
        var value: RubyValue = .nil
        let outerTaint = taint
        defer { taint = outerTaint }
        for node in nodes {
            value = try evaluate(node, scope)
            if let jump = taintedJump, taint == nil {
                // A `next`, `break` or `return` that may have run: what follows may not.
                taint = jump
            }
        }
        return value
    }

    private func withTaint<T>(_ origin: Origin, _ body: () throws(Jump) -> T) throws(Jump) -> T {
        let saved = taint
        if taint == nil { taint = origin }
        defer { taint = saved }
        return try body()
    }

    private func evaluate(_ node: RubyNode, _ scope: Scope) throws(Jump) -> RubyValue {
        try step(line: node.line)
        let value = try evaluateNode(node, scope)
        if case .unknown = value { unknownResults += 1 }
        return value
    }

    /// Dispatches on the node's kind; each kind that takes more than a line has its own function.
    private func evaluateNode(_ node: RubyNode, _ scope: Scope) throws(Jump) -> RubyValue {
        let line = node.line
        switch node.kind {
        case .nil: return .nil
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .self: return unknown(.unsupported("`self`"), line)
        case .number(let text): return .number(text)
        case .string(let pieces, let literal):
            return try interpolate(pieces, literal: literal, scope, line: line)
        case .shell: return unknown(.shell, line)
        case .symbol(let name): return .symbol(name)
        case .dynamicSymbol(let pieces):
            let value = try interpolate(pieces, literal: nil, scope, line: line)
            guard case .string(let text, _) = value else { return value }
            return .symbol(text)
        case .regex: return unknown(.unsupported("a regular expression"), line)
        case .array(let elements): return try array(elements, scope)
        case .hash(let pairs): return try hash(pairs, scope)
        case .splat(let inner), .blockPass(let inner):
            return try evaluate(inner, scope)
        case .local(let name):
            return scope.lookup(name) ?? .nil
        case .variable("__FILE__"):
            return .string(filePath)
        case .variable("__LINE__"):
            return .number(String(line))
        case .variable(let name):
            return unknown(.unsupported("the variable `\(name)`"), line)
        case .constant(let scopeNode, let name):
            return try constant(scopeNode, name, scope, line: line)
        case .call(let call):
            return try evaluateCall(call, scope, line: line)
        case .index(let receiverNode, let argumentNodes):
            let receiver = try evaluate(receiverNode, scope)
            let arguments = try evaluateArguments(argumentNodes, scope)
            return index(receiver, arguments, line: line)
        case .assign(let target, let valueNode):
            let value = try evaluate(valueNode, scope)
            return try assign(value, to: target, scope, line: line)
        case .multipleAssign(let names, let valueNode):
            return try assignEach(names, try evaluate(valueNode, scope), scope, line: line)
        case .operatorAssign(let target, let op, let valueNode):
            return try operatorAssign(target, op, valueNode, scope, line: line)
        case .and(let left, let right): return try and(left, right, scope)
        case .or(let left, let right): return try or(left, right, scope)
        case .not(let inner):
            let value = try evaluate(inner, scope)
            return value.truthiness.map { .bool(!$0) } ?? value
        case .binary(let op, let left, let right): return try binary(op, left, right, scope, line: line)
        case .negate(let inner): return negate(try evaluate(inner, scope), line: line)
        case .ternary(let conditionNode, let yes, let no):
            return try branch(on: try evaluate(conditionNode, scope),
                              then: { () throws(Jump) in try evaluate(yes, scope) },
                              else: { () throws(Jump) in try evaluate(no, scope) })
        case .if(let conditionNode, let thenBody, let elseBody):
            return try branch(on: try evaluate(conditionNode, scope),
                              then: { () throws(Jump) in try statements(thenBody, scope) },
                              else: { () throws(Jump) in try statements(elseBody, scope) })
        case .loop(let kind, let conditionNode, let body):
            return try loop(kind, conditionNode, body, scope, line: line)
        case .case(let subjectNode, let whens, let elseBody):
            return try caseWhen(subjectNode, whens, elseBody, scope)
        case .begin(let body, let rescues, let elseBody, let ensureBody):
            return try begin(body, rescues: rescues, else: elseBody, ensure: ensureBody, scope, line: line)
        case .sequence(let body):
            return try statements(body, scope)
        case .definition:
            return .nil
        case .lambda:
            return unknown(.unsupported("a lambda"), line)
        case .defined:
            return unknown(.unsupported("`defined?`"), line)
        case .range:
            return unknown(.unsupported("a range"), line)
        case .jump(let kind, let valueNode):
            return try jump(kind, try valueNode.map { (node) throws(Jump) in try evaluate(node, scope) } ?? .nil)
        case .unparsable(let writes, let local):
            let origin = Origin(kind: .unparsable, line: line)
            if let local { scope.assign(local, .unknown(origin)) }
            unparsable(writes: writes, origin: origin)
            return .unknown(origin)
        }
    }

    // MARK: - Evaluating each kind of node

    /// `[a, *b]`
    private func array(_ elements: [RubyNode], _ scope: Scope) throws(Jump) -> RubyValue {
        var result: [RubyValue] = []
        for element in elements {
            if case .splat(let inner) = element.kind {
                let value = try evaluate(inner, scope)
                switch value {
                case .array(let items): result += items
                case .nil: break
                case .unknown: return value
                default: result.append(value)
                }
            } else {
                result.append(try evaluate(element, scope))
            }
        }
        return .array(result)
    }

    /// `{ a => b, **c }`
    private func hash(_ pairs: [(key: RubyNode, value: RubyNode)], _ scope: Scope) throws(Jump) -> RubyValue {
        var result: [(key: RubyValue, value: RubyValue)] = []
        for pair in pairs {
            if case .splat(let inner) = pair.key.kind {
                let value = try evaluate(inner, scope)
                guard case .hash(let items) = value else { return value.unknownOrigin.map { .unknown($0) } ?? .hash(result) }
                for item in items { store(item.value, at: item.key, in: &result) }
                continue
            }
            let key = try evaluate(pair.key, scope)
            let value = try evaluate(pair.value, scope)
            store(value, at: key, in: &result)
        }
        return .hash(result)
    }

    /// `a, b = value`
    private func assignEach(_ names: [String], _ value: RubyValue, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        try checkNesting(value, line: line)
        for (offset, name) in names.enumerated() {
            let element: RubyValue
            switch value {
            case .array(let items): element = offset < items.count ? items[offset] : .nil
            case .unknown: element = value
            default: element = offset == 0 ? value : .nil
            }
            scope.assign(name, taint.map { .unknown($0) } ?? element)
        }
        return value
    }

    /// `x += 1`, `x ||= y`, `x &&= y`: `||` and `&&` evaluate the value only when they must.
    private func operatorAssign(
        _ target: RubyNode.Target, _ op: String, _ valueNode: RubyNode, _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        let current = try read(target, scope, line: line)
        let result: RubyValue
        switch op {
        case "||":
            switch current.truthiness {
            case true?: return current
            case false?: result = try evaluate(valueNode, scope)
            case nil: return current
            }
        case "&&":
            switch current.truthiness {
            case false?: return current
            case true?: result = try evaluate(valueNode, scope)
            case nil: return current
            }
        default:
            result = binary(op, current, try evaluate(valueNode, scope), line: line)
        }
        return try assign(result, to: target, scope, line: line)
    }

    /// `left && right`: an unknown left side makes what the right side does conditional.
    private func and(_ left: RubyNode, _ right: RubyNode, _ scope: Scope) throws(Jump) -> RubyValue {
        let value = try evaluate(left, scope)
        switch value.truthiness {
        case false?: return value
        case true?: return try evaluate(right, scope)
        case nil:
            let origin = value.unknownOrigin!
            let other = try withTaint(Origin.wrapping(origin, in: Origin.Kind.condition)) { () throws(Jump) in
                try evaluate(right, scope)
            }
            // `unknown && false` is false whatever the unknown is.
            return other.truthiness == false ? other : value
        }
    }

    /// `left || right`
    private func or(_ left: RubyNode, _ right: RubyNode, _ scope: Scope) throws(Jump) -> RubyValue {
        let value = try evaluate(left, scope)
        switch value.truthiness {
        case true?: return value
        case false?: return try evaluate(right, scope)
        case nil:
            let origin = value.unknownOrigin!
            _ = try withTaint(Origin.wrapping(origin, in: Origin.Kind.condition)) { () throws(Jump) in try evaluate(right, scope) }
            return value
        }
    }

    /// `left op right`; `list << item` on a local variable appends to it.
    private func binary(_ op: String, _ left: RubyNode, _ right: RubyNode, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        if op == "<<", case .local(let name) = left.kind {
            return try appending(try evaluate(right, scope), toVariable: name, scope, line: line)
        }
        return binary(op, try evaluate(left, scope), try evaluate(right, scope), line: line)
    }

    /// `-value`
    private func negate(_ value: RubyValue, line: Int) -> RubyValue {
        if case .number(let text) = value {
            return .number(text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text)
        }
        return value.unknownOrigin.map { .unknown($0) } ?? unknown(.unsupported("unary minus"), line)
    }

    /// `if` and `?:`: the branch the condition picks, or both under an unknown condition.
    private func branch(
        on condition: RubyValue, then yes: () throws(Jump) -> RubyValue, else no: () throws(Jump) -> RubyValue
    ) throws(Jump) -> RubyValue {
        switch condition.truthiness {
        case true?: return try yes()
        case false?: return try no()
        case nil:
            let origin = Origin.wrapping(condition.unknownOrigin!, in: Origin.Kind.condition)
            try withTaint(origin) { () throws(Jump) in
                _ = try yes()
                _ = try no()
            }
            return .unknown(origin)
        }
    }

    /// A `while`, `until` or `for` loop may run any number of times: its body only counts as
    /// unknown. A `while false` never runs.
    private func loop(_ kind: String, _ conditionNode: RubyNode?, _ body: [RubyNode], _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        let condition = try conditionNode.map { (node) throws(Jump) in try evaluate(node, scope) }
        if kind == "while", condition?.truthiness == false { return .nil }
        if kind == "until", condition?.truthiness == true { return .nil }
        let origin = Origin(kind: .loop(nil), line: line)
        let savedJump = taintedJump
        defer { taintedJump = savedJump }
        do {
            try withTaint(origin) { () throws(Jump) in _ = try statements(body, scope) }
        } catch .next, .break {
            // Both only end the loop early.
        }
        return .nil
    }

    /// `case … when … else … end`: the first `when` that matches; from an unknown match on,
    /// every remaining branch may run.
    private func caseWhen(
        _ subjectNode: RubyNode?, _ whens: [(values: [RubyNode], body: [RubyNode])], _ elseBody: [RubyNode], _ scope: Scope
    ) throws(Jump) -> RubyValue {
        let subject = try subjectNode.map { (node) throws(Jump) in try evaluate(node, scope) }
        for (offset, when) in whens.enumerated() {
            for valueNode in when.values {
                let candidate = try evaluate(valueNode, scope)
                let matches: Bool?
                if let subject { matches = candidate.equals(subject) } else { matches = candidate.truthiness }
                switch matches {
                case true?:
                    return try statements(when.body, scope)
                case false?:
                    continue
                case nil:
                    let inner = (candidate.unknownOrigin ?? subject?.unknownOrigin)!
                    let origin = Origin.wrapping(inner, in: Origin.Kind.condition)
                    try withTaint(origin) { () throws(Jump) in
                        for remaining in whens[offset...] { _ = try statements(remaining.body, scope) }
                        _ = try statements(elseBody, scope)
                    }
                    return .unknown(origin)
                }
            }
        }
        return try statements(elseBody, scope)
    }

    /// `begin … rescue … else … ensure … end`
    private func begin(
        _ body: [RubyNode], rescues: [[RubyNode]], else elseBody: [RubyNode], ensure ensureBody: [RubyNode],
        _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        let unknownsBefore = unknownResults
        var value = try statements(body, scope)
        // Code that only computed known values raised nothing; its rescue clauses never run.
        for rescue in rescues where unknownResults != unknownsBefore {
            try withTaint(Origin(kind: .rescue, line: line)) { () throws(Jump) in _ = try statements(rescue, scope) }
        }
        if !elseBody.isEmpty { value = try statements(elseBody, scope) }
        _ = try statements(ensureBody, scope)
        return value
    }

    /// `next`, `break` or `return`; under a condition that may not hold, only remembered.
    private func jump(_ kind: String, _ value: RubyValue) throws(Jump) -> RubyValue {
        if let taint {
            taintedJump = taintedJump ?? taint
            return .nil
        }
        switch kind {
        case "next": throw .next(value)
        case "break": throw .break(value)
        default: throw .return
        }
    }

    private func store(_ value: RubyValue, at key: RubyValue, in pairs: inout [(key: RubyValue, value: RubyValue)]) {
        if let index = pairs.firstIndex(where: { $0.key.equals(key) == true }) {
            pairs[index].value = value
        } else {
            pairs.append((key, value))
        }
    }

    private func unparsable(writes: [String], origin: Origin) {
        let current = specStack.last
        for write in writes {
            switch write {
            case "name": fatal(.name, origin: origin, statementLine: origin.line)
            case "version": fatal(.version, origin: origin, statementLine: origin.line)
            case "dependency": fatal(.dependencyName, origin: origin, statementLine: origin.line)
            case "dependencies": fatal(.dependencies, origin: origin, statementLine: origin.line)
            case "subspec": fatal(.subspecName, origin: origin, statementLine: origin.line)
            case "default_subspec", "default_subspecs": fatal(.defaultSubspecs, origin: origin, statementLine: origin.line)
            case "source":
                if let current { specs[current].source = .unknown(origin) }
            case "platform", "platforms", "deployment_target":
                if let current { specs[current].platformsUnknown = origin }
            default:
                break
            }
        }
    }

    // MARK: - Strings

    private func interpolate(
        _ pieces: [RubyNode.Piece], literal: Range<Int>?, _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        if pieces.count == 1, case .text(let text) = pieces[0] {
            return .string(text, literal: literal)
        }
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text):
                result += text
            case .code(let nodes):
                let value = try statements(nodes, scope)
                switch toString(value, line: line) {
                case .string(let text, _): result += text
                case let other: return other
                }
            }
        }
        return .string(result)
    }

    /// Ruby's `to_s` for the values compctl knows.
    private func toString(_ value: RubyValue, line: Int) -> RubyValue {
        switch value {
        case .string(let text, _): return .string(text)
        case .symbol(let name): return .string(name)
        case .number(let text): return .string(text)
        case .nil: return .string("")
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .unknown: return value
        case .spec: return unknown(.attribute("to_s"), line)
        default: return unknown(.unsupported("the text of \(value.typeName)"), line)
        }
    }

    // MARK: - Constants

    private static let modules: Set<String> = [
        "Pod", "ENV", "File", "IO", "Dir", "JSON", "YAML", "Psych", "FileUtils", "Pathname", "Kernel",
    ]

    private func constant(_ scopeNode: RubyNode?, _ name: String, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        guard let scopeNode else {
            if let value = constants[name] { return value }
            if Self.modules.contains(name) { return .module(name) }
            return unknown(.constant(name), line)
        }
        let outer = try evaluate(scopeNode, scope)
        switch outer {
        case .module("Pod") where name == "Spec" || name == "Specification":
            return .module("Pod::Spec")
        case .module(let module):
            return unknown(.constant("\(module)::\(name)"), line)
        case .unknown(let origin):
            if case .constant(let outerName) = origin.kind {
                return unknown(.constant("\(outerName)::\(name)"), origin.line)
            }
            return outer
        default:
            return unknown(.unsupported("`::\(name)`"), line)
        }
    }

    // MARK: - Assignment

    private func assign(_ value: RubyValue, to target: RubyNode.Target, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        let stored = taint.map { RubyValue.unknown($0) } ?? value
        // Variables, constants and elements are what outlives an expression: only they can
        // grow a value deeper on each turn of a loop.
        try checkNesting(stored, line: line)
        switch target {
        case .local(let name):
            scope.assign(name, stored)
        case .variable:
            break
        case .constant(let name):
            constants[name] = stored
        case .attribute(let receiverNode, let name):
            let receiver = try evaluate(receiverNode, scope)
            _ = try send(name + "=", to: receiver, arguments: [value], block: nil, scope, line: line)
        case .index(let receiverNode, let argumentNodes):
            let arguments = try evaluateArguments(argumentNodes, scope)
            guard case .local(let name) = receiverNode.kind, arguments.count == 1 else {
                _ = try evaluate(receiverNode, scope)
                return value
            }
            switch scope.lookup(name) {
            case .hash(var pairs)?:
                store(stored, at: arguments[0], in: &pairs)
                scope.assign(name, .hash(pairs))
            case .array(var items)?:
                if case .number(let text) = arguments[0], let offset = Int(text), offset >= 0, offset < items.count {
                    items[offset] = stored
                    scope.assign(name, .array(items))
                } else {
                    scope.assign(name, unknown(.unsupported("an index assignment"), line))
                }
            default:
                break
            }
        }
        return value
    }

    private func read(_ target: RubyNode.Target, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        switch target {
        case .local(let name): return scope.lookup(name) ?? .nil
        case .variable(let name): return unknown(.unsupported("the variable `\(name)`"), line)
        case .constant(let name): return constants[name] ?? .nil
        case .attribute(let receiverNode, let name):
            let receiver = try evaluate(receiverNode, scope)
            return try send(name, to: receiver, arguments: [], block: nil, scope, line: line)
        case .index(let receiverNode, let argumentNodes):
            let receiver = try evaluate(receiverNode, scope)
            return index(receiver, try evaluateArguments(argumentNodes, scope), line: line)
        }
    }

    private func appending(_ value: RubyValue, toVariable name: String, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        let current = scope.lookup(name) ?? .nil
        let updated: RubyValue
        switch current {
        case .array(let items): updated = .array(items + [value])
        case .string(let text, _):
            if case .string(let suffix, _) = value { updated = .string(text + suffix) } else {
                updated = value.unknownOrigin.map { .unknown($0) } ?? unknown(.unsupported("`<<`"), line)
            }
        default: return binary("<<", current, value, line: line)
        }
        try checkNesting(updated, line: line)
        scope.assign(name, taint.map { .unknown($0) } ?? updated)
        return updated
    }

    // MARK: - Operators

    private func binary(_ op: String, _ left: RubyValue, _ right: RubyValue, line: Int) -> RubyValue {
        if op == "+", case .array(let a) = left, case .array(let b) = right {
            return .array(a + b)
        }
        if case .unknown = left { return left }
        if case .unknown = right { return right }
        if op == "==" {
            if let equal = left.equals(right) { return .bool(equal) }
            return .unknown((left.unknownOrigin ?? right.unknownOrigin)!)
        }
        if let origin = left.unknownOrigin ?? right.unknownOrigin { return .unknown(origin) }
        switch (op, left, right) {
        case ("+", .string(let a, _), .string(let b, _)):
            return .string(a + b)
        case ("+", .number(let a), .number(let b)):
            if let x = Int(a), let y = Int(b) { return .number(String(x + y)) }
        case ("-", .number(let a), .number(let b)):
            if let x = Int(a), let y = Int(b) { return .number(String(x - y)) }
        case ("-", .array(let a), .array(let b)):
            return .array(a.filter { item in !b.contains { $0.equals(item) == true } })
        case ("<", _, _), ("<=", _, _), (">", _, _), (">=", _, _):
            guard let order = compare(left, right) else { break }
            switch op {
            case "<": return .bool(order < 0)
            case "<=": return .bool(order <= 0)
            case ">": return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        default:
            break
        }
        return unknown(.unsupported("`\(op)`"), line)
    }

    /// Ruby's `<=>` for two numbers or two strings (byte order, as Ruby compares them).
    private func compare(_ left: RubyValue, _ right: RubyValue) -> Int? {
        switch (left, right) {
        case (.number(let a), .number(let b)):
            guard let x = Double(a.replacingOccurrences(of: "_", with: "")),
                  let y = Double(b.replacingOccurrences(of: "_", with: "")) else { return nil }
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let a, _), .string(let b, _)):
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a == b ? 0 : 1)
        default:
            return nil
        }
    }

    private func index(_ receiver: RubyValue, _ arguments: [RubyValue], line: Int) -> RubyValue {
        if let origin = arguments.lazy.compactMap({ $0.unknownOrigin }).first { return .unknown(origin) }
        switch receiver {
        case .hash(let pairs) where arguments.count == 1:
            return pairs.first { $0.key.equals(arguments[0]) == true }?.value ?? .nil
        case .array(let items) where arguments.count == 1:
            if case .number(let text) = arguments[0], var offset = Int(text) {
                if offset < 0 { offset += items.count }
                return offset >= 0 && offset < items.count ? items[offset] : .nil
            }
        case .module("ENV"):
            return unknown(.environment, line)
        case .module("File"), .module("Dir"), .module("IO"):
            return unknown(.file, line)
        case .unknown:
            return receiver
        default:
            break
        }
        return unknown(.unsupported("`[]` on \(receiver.typeName)"), line)
    }

    // MARK: - Calls

    private func evaluateArguments(_ nodes: [RubyNode], _ scope: Scope) throws(Jump) -> [RubyValue] {
        var result: [RubyValue] = []
        for node in nodes {
            if case .splat(let inner) = node.kind {
                let value = try evaluate(inner, scope)
                if case .array(let items) = value { result += items } else { result.append(value) }
            } else if case .blockPass = node.kind {
                _ = try evaluate(node, scope)
            } else {
                result.append(try evaluate(node, scope))
            }
        }
        return result
    }

    private func evaluateCall(_ call: RubyNode.Call, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        guard let receiverNode = call.receiver else {
            return try function(call, scope, line: line)
        }
        let receiver = try evaluate(receiverNode, scope)
        if call.isSafeNavigation, case .nil = receiver { return .nil }
        let arguments = try evaluateArguments(call.arguments, scope)
        return try send(call.name, to: receiver, arguments: arguments, block: call.block, scope, line: line)
    }

    /// A call without a receiver: Kernel methods and helpers.
    private func function(_ call: RubyNode.Call, _ scope: Scope, line: Int) throws(Jump) -> RubyValue {
        let arguments = try evaluateArguments(call.arguments, scope)
        switch call.name {
        case "puts", "print", "p", "pp", "warn", "printf":
            return .nil
        case "require", "require_relative", "load":
            // Loading code compctl does not read may fail, or define what the file uses later.
            return unknown(.file, line)
        case "system", "exec", "spawn", "`":
            return unknown(.shell, line)
        case "__dir__":
            return .string(RubyPath.dirname(filePath))
        case "Array" where arguments.count == 1:
            switch arguments[0] {
            case .array, .unknown: return arguments[0]
            case .nil: return .array([])
            case .hash(let pairs): return .array(pairs.map { .array([$0.key, $0.value]) })
            default: return .array([arguments[0]])
            }
        case "String" where arguments.count == 1:
            return toString(arguments[0], line: line)
        default:
            break
        }
        if arguments.contains(where: { $0.holdsSpec }) {
            fatal(line: line, "cannot evaluate the call to `\(call.name)`: it passes the spec to a method compctl does "
                + "not evaluate, which may change its dependencies; declare them in the podspec itself")
        }
        let origin = Origin(kind: .helper(call.name), line: line)
        if let block = call.block {
            try unknownBlock(block, origin: origin, scope)
        }
        return .unknown(origin)
    }

    /// Runs a block that a method compctl does not evaluate would call: its parameters are
    /// unknown and whatever it sets depends on that method.
    private func unknownBlock(_ block: RubyNode.Block, origin: Origin, _ scope: Scope) throws(Jump) {
        let inner = Scope(parent: scope)
        for parameter in block.parameters { inner.variables[parameter] = .unknown(origin) }
        let savedJump = taintedJump
        defer { taintedJump = savedJump }
        do {
            try withTaint(Origin.wrapping(origin, in: { .loop($0) })) { () throws(Jump) in
                _ = try statements(block.body, inner)
            }
        } catch .next, .break {
        }
    }

    /// Calls a block with `arguments`; a single list argument spreads over several parameters.
    private func yieldBlock(_ block: RubyNode.Block, _ arguments: [RubyValue], _ scope: Scope) throws(Jump) -> RubyValue {
        let inner = Scope(parent: scope)
        var values = arguments
        if block.parameters.count > 1, values.count == 1, case .array(let items) = values[0] { values = items }
        for (offset, parameter) in block.parameters.enumerated() {
            inner.variables[parameter] = offset < values.count ? values[offset] : .nil
        }
        do {
            let saved = taintedJump
            defer { taintedJump = saved }
            return try statements(block.body, inner)
        } catch .next(let value) {
            return value
        }
    }

    private func send(
        _ name: String, to receiver: RubyValue, arguments: [RubyValue], block: RubyNode.Block?,
        _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        switch receiver {
        case .spec(let id):
            return try specMethod(name, id, arguments, block, scope, line: line)
        case .platform(let id, let platform):
            if block != nil, !name.hasSuffix("=") { unknownMethod("\(receiverName).\(platform).\(name)", line: line) }
            return platformMethod(name, id, platform, arguments, line: line)
        case .module(let module):
            return try moduleMethod(name, module, arguments, block, scope, line: line)
        case .unknown(let origin):
            if let block { try unknownBlock(block, origin: origin, scope) }
            return receiver
        default:
            return try valueMethod(name, receiver, arguments, block, scope, line: line)
        }
    }

    private func moduleMethod(
        _ name: String, _ module: String, _ arguments: [RubyValue], _ block: RubyNode.Block?,
        _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        switch module {
        case "Pod::Spec" where name == "new":
            return try newSpec(parent: nil, shortName: nil, block: block, scope, line: line)
        case "ENV":
            return unknown(.environment, line)
        case "File":
            return fileMethod(name, arguments, line: line)
        case "IO", "Dir", "FileUtils", "Pathname":
            return unknown(.file, line)
        case "JSON", "YAML", "Psych":
            if let origin = arguments.lazy.compactMap({ $0.unknownOrigin }).first { return .unknown(origin) }
            return unknown(.unsupported("`\(module).\(name)`"), line)
        default:
            if let block { try unknownBlock(block, origin: Origin(kind: .unsupported("`\(module).\(name)`"), line: line), scope) }
            return unknown(.unsupported("`\(module).\(name)`"), line)
        }
    }

    /// `File`'s path methods, and `File.read` of a file beside the podspec; anything else
    /// reads the file system, which compctl does not.
    private func fileMethod(_ name: String, _ arguments: [RubyValue], line: Int) -> RubyValue {
        var texts: [String] = []
        for argument in arguments {
            guard case .string(let text, _) = argument else { return unknown(.file, line) }
            texts.append(text)
        }
        switch (name, texts.count) {
        case ("join", 1...):
            return .string(texts.joined(separator: "/"))
        case ("basename", 1), ("basename", 2):
            return .string(RubyPath.basename(texts[0], suffix: texts.count == 2 ? texts[1] : nil))
        case ("dirname", 1):
            return .string(RubyPath.dirname(texts[0]))
        case ("extname", 1):
            return .string(RubyPath.extname(texts[0]))
        case ("expand_path", 1), ("expand_path", 2):
            // A relative path with no base is relative to the directory `pod` runs in, which
            // compctl does not know; `~` is a home directory.
            let base = texts.count == 2 ? texts[1] : nil
            guard !texts[0].hasPrefix("~"), !(base?.hasPrefix("~") ?? false),
                  texts[0].hasPrefix("/") || base != nil else { return unknown(.file, line) }
            let joined = texts[0].hasPrefix("/") ? texts[0] : base! + "/" + texts[0]
            return .string(RubyPath.normalized(joined))
        case ("read", 1):
            return readBesideFile(texts[0], line: line)
        default:
            return unknown(.file, line)
        }
    }

    /// The text of the file at `path` when it lies inside the podspec's own folder and the
    /// reader lets compctl read it; unknown (it reads a file) otherwise.
    private func readBesideFile(_ path: String, line: Int) -> RubyValue {
        let folder = RubyPath.dirname(filePath)
        let target = RubyPath.normalized(path)
        guard let readBeside, folder.hasPrefix("/"), target.hasPrefix(folder == "/" ? "/" : folder + "/"),
              let bytes = readBeside(String(target.dropFirst(folder == "/" ? 1 : folder.count + 1))),
              let text = String(validating: bytes, as: UTF8.self)
        else { return unknown(.file, line) }
        return .string(text)
    }

    /// Methods on strings, symbols, numbers, lists and hashes that podspecs use to compute
    /// names, versions and lists of dependencies; any other is unknown.
    private func valueMethod(
        _ name: String, _ receiver: RubyValue, _ arguments: [RubyValue], _ block: RubyNode.Block?,
        _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        if let origin = arguments.lazy.compactMap({ $0.unknownOrigin }).first {
            if let block { try unknownBlock(block, origin: origin, scope) }
            return .unknown(origin)
        }
        if let value = objectMethod(name, receiver, arguments, line: line) { return value }
        let value: RubyValue?
        switch receiver {
        case .string(let text, _): value = stringMethod(name, text, arguments)
        case .array(let items): value = try arrayMethod(name, receiver, items, arguments, block, scope, line: line)
        case .hash(let pairs): value = try hashMethod(name, receiver, pairs, arguments, block, scope)
        default: value = nil
        }
        if let value { return value }
        let origin = Origin(kind: .unsupported("`.\(name)`"), line: line)
        if let block { try unknownBlock(block, origin: origin, scope) }
        return .unknown(origin)
    }

    /// Methods every value answers: conversions, copies, `nil?`, `==` and `+`.
    private func objectMethod(_ name: String, _ receiver: RubyValue, _ arguments: [RubyValue], line: Int) -> RubyValue? {
        switch (name, receiver) {
        case ("to_s", .string), ("to_str", .string), ("freeze", _), ("dup", _), ("clone", _), ("itself", _),
             ("to_a", .array), ("to_h", .hash):
            return receiver
        case ("to_s", _):
            return toString(receiver, line: line)
        case ("to_sym", .string(let text, _)), ("to_sym", .symbol(let text)):
            return .symbol(text)
        case ("nil?", _):
            if case .nil = receiver { return .bool(true) }
            return .bool(false)
        case ("==", _) where arguments.count == 1:
            return .bool(receiver.equals(arguments[0]) ?? false)
        case ("+", _) where arguments.count == 1:
            return binary("+", receiver, arguments[0], line: line)
        default:
            return nil
        }
    }

    /// Methods on a string.
    private func stringMethod(_ name: String, _ text: String, _ arguments: [RubyValue]) -> RubyValue? {
        switch name {
        case "strip":
            let isSpace: (Character) -> Bool = { Self.whitespace.contains($0) }
            return .string(String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed()))
        case "chomp" where arguments.count == 1:
            guard case .string(let suffix, _) = arguments[0] else { return nil }
            if suffix.isEmpty {
                var result = Substring(text)
                while result.hasSuffix("\n") {
                    result = result.dropLast()
                    if result.hasSuffix("\r") { result = result.dropLast() }
                }
                return .string(String(result))
            }
            return .string(text.hasSuffix(suffix) ? String(text.dropLast(suffix.count)) : text)
        case "sub" where arguments.count == 2, "gsub" where arguments.count == 2:
            // String patterns only (a regular expression is unknown); a replacement with a
            // backslash would refer to the match, which compctl does not model.
            guard case .string(let pattern, _) = arguments[0], !pattern.isEmpty,
                  case .string(let replacement, _) = arguments[1], !replacement.contains("\\") else { return nil }
            if name == "gsub" { return .string(text.replacingOccurrences(of: pattern, with: replacement)) }
            guard let range = text.range(of: pattern) else { return .string(text) }
            return .string(text.replacingCharacters(in: range, with: replacement))
        case "lstrip":
            return .string(String(text.drop(while: { Self.whitespace.contains($0) })))
        case "rstrip":
            return .string(String(text.reversed().drop(while: { Self.whitespace.contains($0) }).reversed()))
        case "chomp":
            if text.hasSuffix("\r\n") { return .string(String(text.dropLast(2))) }
            if text.hasSuffix("\n") || text.hasSuffix("\r") { return .string(String(text.dropLast())) }
            return .string(text)
        case "downcase":
            return .string(text.lowercased())
        case "upcase":
            return .string(text.uppercased())
        case "empty?":
            return .bool(text.isEmpty)
        case "start_with?":
            return .bool(arguments.contains { $0.text.map(text.hasPrefix) ?? false })
        case "end_with?":
            return .bool(arguments.contains { $0.text.map(text.hasSuffix) ?? false })
        case "include?" where arguments.count == 1:
            guard case .string(let part, _) = arguments[0] else { return nil }
            return .bool(text.contains(part))
        case "split":
            let separator = arguments.first?.text ?? " "
            guard !separator.isEmpty else { return nil }
            let pieces = separator == " "
                ? text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
                : text.components(separatedBy: separator)
            return .array(pieces.map { RubyValue.string($0) })
        default:
            return nil
        }
    }

    /// Methods on a list, iterating ones (`each`, `map`) included.
    private func arrayMethod(
        _ name: String, _ receiver: RubyValue, _ items: [RubyValue], _ arguments: [RubyValue], _ block: RubyNode.Block?,
        _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue? {
        switch name {
        case "empty?":
            return .bool(items.isEmpty)
        case "include?" where arguments.count == 1:
            return .bool(items.contains { $0.equals(arguments[0]) == true })
        case "join":
            let separator = arguments.first?.text ?? ""
            var parts: [String] = []
            for item in items {
                guard case .string(let text, _) = toString(item, line: line) else { return toString(item, line: line) }
                parts.append(text)
            }
            return .string(parts.joined(separator: separator))
        case "first" where arguments.isEmpty:
            return items.first ?? .nil
        case "last" where arguments.isEmpty:
            return items.last ?? .nil
        case "size", "length", "count":
            return .number(String(items.count))
        case "flatten":
            return .array(flatten(items))
        case "compact":
            return .array(items.filter { if case .nil = $0 { return false } else { return true } })
        case "uniq":
            var result: [RubyValue] = []
            for item in items where !result.contains(where: { $0.equals(item) == true }) { result.append(item) }
            return .array(result)
        case "each", "each_with_index":
            guard let block else { return nil }
            do {
                for (offset, item) in items.enumerated() {
                    let blockArguments = name == "each" ? [item] : [item, .number(String(offset))]
                    _ = try yieldBlock(block, blockArguments, scope)
                }
            } catch .break(let value) {
                return value
            }
            return receiver
        case "map", "collect":
            guard let block else { return nil }
            var result: [RubyValue] = []
            do {
                for item in items { result.append(try yieldBlock(block, [item], scope)) }
            } catch .break(let value) {
                return value
            }
            return .array(result)
        default:
            return nil
        }
    }

    /// Methods on a hash, `each` included.
    private func hashMethod(
        _ name: String, _ receiver: RubyValue, _ pairs: [(key: RubyValue, value: RubyValue)], _ arguments: [RubyValue],
        _ block: RubyNode.Block?, _ scope: Scope
    ) throws(Jump) -> RubyValue? {
        switch name {
        case "empty?":
            return .bool(pairs.isEmpty)
        case "include?" where arguments.count == 1, "key?" where arguments.count == 1, "has_key?" where arguments.count == 1:
            return .bool(pairs.contains { $0.key.equals(arguments[0]) == true })
        case "keys":
            return .array(pairs.map(\.key))
        case "values":
            return .array(pairs.map(\.value))
        case "fetch" where !arguments.isEmpty:
            return pairs.first { $0.key.equals(arguments[0]) == true }?.value ?? (arguments.count > 1 ? arguments[1] : .nil)
        case "merge" where arguments.count == 1:
            guard case .hash(let other) = arguments[0] else { return nil }
            var merged = pairs
            for pair in other { store(pair.value, at: pair.key, in: &merged) }
            return .hash(merged)
        case "each":
            guard let block else { return nil }
            do {
                for pair in pairs { _ = try yieldBlock(block, [.array([pair.key, pair.value])], scope) }
            } catch .break(let value) {
                return value
            }
            return receiver
        default:
            return nil
        }
    }

    private static let whitespace = Set<Character>([" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\0"])

    private func flatten(_ items: [RubyValue]) -> [RubyValue] {
        items.flatMap { item -> [RubyValue] in
            if case .array(let inner) = item { return flatten(inner) }
            return [item]
        }
    }

    // MARK: - The Pod::Spec DSL

    private static let platformNames: [String: String] = [
        "ios": "ios", "osx": "osx", "macos": "osx", "tvos": "tvos", "watchos": "watchos", "visionos": "visionos",
    ]

    private static let knownSpecMethods: Set<String> = [
        "name", "version", "source", "dependency", "subspec", "test_spec", "app_spec", "default_subspecs",
        "default_subspec", "platform", "platforms", "deployment_target", "ios", "osx", "macos", "tvos",
        "watchos", "visionos", "source_files", "resources", "resource_bundles", "frameworks",
    ]

    /// Which list of its parent a spec block belongs to.
    private enum SpecKind {
        case subspec, test, app
    }

    private func newSpec(
        parent: Int?, shortName: String?, block: RubyNode.Block?, _ scope: Scope, line: Int, kind: SpecKind = .subspec
    ) throws(Jump) -> RubyValue {
        let id = specs.count
        specs.append(SpecBuilder(parent: parent, shortName: shortName, line: line))
        if let parent {
            switch kind {
            case .subspec: specs[parent].subspecs.append(id)
            case .test: specs[parent].testSpecs.append(id)
            case .app: specs[parent].appSpecs.append(id)
            }
        }
        guard let block else { return .spec(id) }
        if parent == nil, let name = block.parameters.first { receiverName = name }
        specStack.append(id)
        defer { specStack.removeLast() }
        let inner = Scope(parent: scope)
        if let parameter = block.parameters.first { inner.variables[parameter] = .spec(id) }
        do {
            let saved = taintedJump
            defer { taintedJump = saved }
            _ = try statements(block.body, inner)
        } catch .next {
        }
        return .spec(id)
    }

    private func specMethod(
        _ name: String, _ id: Int, _ arguments: [RubyValue], _ block: RubyNode.Block?,
        _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        let spec = specs[id]
        let value = arguments.first ?? .nil
        switch name {
        case "name=":
            setName(value, spec, line: line)
        case "version=":
            setVersion(value, spec, line: line)
        case "name":
            return fullName(id).map { .string($0) } ?? unknown(.attribute("name"), line)
        case "version":
            var root = spec
            while let parent = root.parent { root = specs[parent] }
            return root.version ?? unknown(.attribute("version"), line)
        case "source=":
            setSource(value, spec, line: line)
        case "dependency":
            declareDependency(arguments, platform: nil, spec, line: line)
        case "dependencies=":
            setDependencies(value, spec, line: line)
        case "subspec":
            return try subspec(arguments, block, id, scope, line: line)
        case "test_spec", "app_spec":
            return try auxiliarySpec(name, arguments, block, id, scope, line: line)
        case "default_subspecs=", "default_subspec=":
            setDefaultSubspecs(value, spec, line: line)
        case "platform=":
            setPlatform(value, spec)
        case "platforms=":
            setPlatforms(value, spec)
        case "deprecated=" where spec.parent == nil:
            if case .bool(let flag) = value { spec.deprecated = flag }
        case "deprecated_in_favor_of=" where spec.parent == nil:
            spec.deprecatedInFavorOf = value.text.flatMap { $0.isEmpty ? nil : $0 }
        case "respond_to?":
            guard let method = value.text else { return unknown(.unsupported("`respond_to?`"), line) }
            return .bool(Self.knownSpecMethods.contains(method) || Self.knownSpecMethods.contains(method + "="))
        default:
            if let platform = Self.platformNames[name], arguments.isEmpty {
                return .platform(id, platform)
            }
            if name.hasSuffix("=") {
                // An attribute compctl does not read.
                return value
            }
            if !arguments.isEmpty || block != nil {
                unknownMethod("\(receiverName).\(name)", line: line)
                return unknown(.attribute(name), line)
            }
            return unknown(.attribute(name), line)
        }
        return value
    }

    /// A call with arguments or a block to a method the CocoaPods DSL does not have, such as
    /// a plugin or a method the podspec adds to `Pod::Specification`: it may declare
    /// subspecs or dependencies compctl would miss.
    private func unknownMethod(_ call: String, line: Int) {
        fatal(line: line, "cannot evaluate `\(call)`: it is not a CocoaPods DSL method compctl knows, so it may declare "
            + "subspecs or dependencies compctl would miss; use dependency and subspec directly")
    }

    private func platformMethod(_ name: String, _ id: Int, _ platform: String, _ arguments: [RubyValue], line: Int) -> RubyValue {
        let spec = specs[id]
        switch name {
        case "dependency":
            declareDependency(arguments, platform: platform, spec, line: line)
            return .nil
        case "deployment_target=":
            let value = arguments.first ?? .nil
            if let taint {
                spec.setTarget(.unknown(taint), for: platform)
            } else if let origin = value.unknownOrigin {
                spec.setTarget(.unknown(origin), for: platform)
            } else if let text = value.text {
                spec.setTarget(.known(text), for: platform)
            } else {
                spec.setTarget(.known(""), for: platform)
            }
            return value
        default:
            if name.hasSuffix("=") { return arguments.first ?? .nil }
            if !arguments.isEmpty { unknownMethod("\(receiverName).\(platform).\(name)", line: line) }
            return unknown(.attribute("\(platform).\(name)"), line)
        }
    }

    private func fullName(_ id: Int) -> String? {
        let spec = specs[id]
        guard let shortName = spec.shortName, !spec.nameIsUnknown else { return nil }
        guard let parent = spec.parent else { return shortName }
        return fullName(parent).map { "\($0)/\(shortName)" }
    }

    private func setName(_ value: RubyValue, _ spec: SpecBuilder, line: Int) {
        if let taint {
            spec.nameIsUnknown = true
            return fatal(.name, origin: taint, statementLine: line)
        }
        if let origin = value.unknownOrigin {
            spec.nameIsUnknown = true
            return fatal(.name, origin: origin, statementLine: line)
        }
        guard let text = value.text, !text.isEmpty else {
            spec.nameIsUnknown = true
            return fatal(line: line, "the name must be a non-empty string, not \(value.typeName); "
                + "write \(receiverName).name = 'Foo'")
        }
        spec.shortName = text
        spec.nameIsUnknown = false
    }

    private func setVersion(_ value: RubyValue, _ spec: SpecBuilder, line: Int) {
        // `version` is a root attribute; CocoaPods refuses it on a subspec.
        guard spec.parent == nil else { return }
        spec.versionLine = line
        if let taint {
            spec.version = .unknown(taint)
            return fatal(.version, origin: taint, statementLine: line)
        }
        if let origin = value.unknownOrigin {
            spec.version = .unknown(origin)
            return fatal(.version, origin: origin, statementLine: line)
        }
        switch value {
        case .string(let text, _) where !text.isEmpty:
            spec.version = value
        case .number(let text):
            spec.version = .string(text)
        default:
            spec.version = unknown(.unsupported("a version that is not a string"), line)
            fatal(line: line, "the version must be a non-empty string, not \(value.typeName); "
                + "write \(receiverName).version = '1.2.3'")
        }
    }

    private func setSource(_ value: RubyValue, _ spec: SpecBuilder, line: Int) {
        if let taint {
            spec.source = .unknown(taint)
            return
        }
        switch value {
        case .hash(let pairs):
            var source = Source()
            var unknownFields: [(field: String, origin: Origin)] = []
            for pair in pairs {
                guard let key = pair.key.text else { continue }
                let text: String?
                if let origin = pair.value.unknownOrigin {
                    text = nil
                    if Source.fieldKeys.contains(key) {
                        unknownFields.append((key, origin))
                    }
                } else {
                    text = pair.value.text
                }
                source.set(key, to: text)
            }
            spec.source = .value(source, unknownFields: unknownFields)
        case .unknown(let origin):
            spec.source = .unknown(origin)
        default:
            spec.source = .none
        }
    }

    private func declareDependency(_ arguments: [RubyValue], platform: String?, _ spec: SpecBuilder, line: Int) {
        guard let first = arguments.first else {
            return fatal(line: line, "a dependency needs a name; write \(receiverName).dependency 'Foo', '~> 1.0'")
        }
        let name: String
        switch first {
        case .string(let text, _), .symbol(let text):
            name = text
        case .unknown(let origin):
            return fatal(.dependencyName, origin: taint ?? origin, statementLine: line)
        default:
            return fatal(line: line, "the name of a dependency must be a string, not \(first.typeName); "
                + "write \(receiverName).dependency 'Foo', '~> 1.0'")
        }
        if let taint {
            return fatal(.dependency(name), origin: taint, statementLine: line)
        }
        var requirements: [String] = []
        for argument in arguments.dropFirst() {
            switch argument {
            case .string(let text, _):
                requirements.append(text)
            case .unknown(let origin):
                return fatal(.dependencyRequirements(name), origin: origin, statementLine: line)
            default:
                if let origin = argument.unknownOrigin {
                    return fatal(.dependencyRequirements(name), origin: origin, statementLine: line)
                }
                // CocoaPods refuses `:path`, `:git` and anything else that is not a version requirement.
                return fatal(line: line, "the dependency `\(name)` has a requirement that is \(argument.typeName), "
                    + "not a string; podspecs take only version requirements such as '~> 1.0'")
            }
        }
        spec.declareDependency(platform: platform, name: name, requirements: requirements)
    }

    private func setDependencies(_ value: RubyValue, _ spec: SpecBuilder, line: Int) {
        if let origin = taint ?? value.unknownOrigin {
            return fatal(.dependencies, origin: origin, statementLine: line)
        }
        var result: [(name: String, requirements: [String])] = []
        func add(_ name: String, _ requirements: [String]) {
            if let index = result.firstIndex(where: { $0.name == name }) {
                result[index].requirements = requirements
            } else {
                result.append((name, requirements))
            }
        }
        switch value {
        case .hash(let pairs):
            for pair in pairs {
                guard let name = pair.key.text else { continue }
                switch pair.value {
                case .string(let requirement, _): add(name, [requirement])
                case .array(let items): add(name, items.compactMap(\.text))
                default: add(name, [])
                }
            }
        case .array(let items):
            for item in items {
                if let name = item.text { add(name, []) }
            }
        case .string(let name, _):
            add(name, [])
        default:
            break
        }
        spec.dependencies = result
    }

    private func subspec(
        _ arguments: [RubyValue], _ block: RubyNode.Block?, _ parent: Int, _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        let value = arguments.first ?? .nil
        if let origin = value.unknownOrigin {
            fatal(.subspecName, origin: taint ?? origin, statementLine: line)
            return .nil
        }
        guard let name = value.text, !name.isEmpty else {
            fatal(line: line, "a subspec needs a name; write \(receiverName).subspec 'Core' do |ss| … end")
            return .nil
        }
        if let taint {
            fatal(.subspec(name), origin: taint, statementLine: line)
            return .nil
        }
        return try newSpec(parent: parent, shortName: name, block: block, scope, line: line)
    }

    /// `test_spec` and `app_spec` (CocoaPods names them `Tests` and `App` by default). They
    /// never change how the pod resolves, so what compctl cannot evaluate in one leaves that
    /// test or app spec out with a warning instead of refusing the podspec.
    private func auxiliarySpec(
        _ method: String, _ arguments: [RubyValue], _ block: RubyNode.Block?, _ parent: Int, _ scope: Scope, line: Int
    ) throws(Jump) -> RubyValue {
        let kind: SpecKind = method == "test_spec" ? .test : .app
        let value = arguments.first ?? .string(kind == .test ? "Tests" : "App")
        if let origin = taint ?? value.unknownOrigin {
            leftOut.append(PodspecError(
                file: path, line: line,
                message: "cannot evaluate the \(method) declared here: it \(origin.reason); compctl leaves it out"))
            return .nil
        }
        guard let name = value.text, !name.isEmpty else { return .nil }
        let errorCount = errors.count
        let result = try newSpec(parent: parent, shortName: name, block: block, scope, line: line, kind: kind)
        if errors.count > errorCount {
            for error in errors[errorCount...] {
                leftOut.append(PodspecError(
                    file: error.file, line: error.line,
                    message: error.message + " (in the \(method) `\(name)`, which compctl leaves out)"))
            }
            errors.removeSubrange(errorCount...)
            if case .spec(let id) = result {
                specs[parent].testSpecs.removeAll { $0 == id }
                specs[parent].appSpecs.removeAll { $0 == id }
            }
            return .nil
        }
        return result
    }

    private func setDefaultSubspecs(_ value: RubyValue, _ spec: SpecBuilder, line: Int) {
        if let origin = taint ?? value.unknownOrigin {
            return fatal(.defaultSubspecs, origin: origin, statementLine: line)
        }
        switch value {
        case .array(let items):
            spec.defaultSubspecs = items.compactMap(\.text)
        case .nil:
            spec.defaultSubspecs = []
        default:
            spec.defaultSubspecs = value.text.map { [$0] } ?? []
        }
    }

    private func setPlatform(_ value: RubyValue, _ spec: SpecBuilder) {
        if let origin = taint ?? value.unknownOrigin {
            spec.platforms = []
            spec.platformsUnknown = origin
            return
        }
        let name: RubyValue
        let target: RubyValue
        if case .array(let items) = value {
            name = items.first ?? .nil
            target = items.count > 1 ? items[1] : .nil
        } else {
            name = value
            target = .nil
        }
        spec.platformsUnknown = nil
        guard let platform = name.text else {
            spec.platforms = []
            return
        }
        spec.platforms = [(Self.platformNames[platform] ?? platform, .known(target.text ?? ""))]
    }

    private func setPlatforms(_ value: RubyValue, _ spec: SpecBuilder) {
        if let taint {
            spec.platforms = []
            spec.platformsUnknown = taint
            return
        }
        guard case .hash(let pairs) = value else {
            spec.platforms = []
            spec.platformsUnknown = value.unknownOrigin
            return
        }
        spec.platformsUnknown = nil
        spec.platforms = pairs.compactMap { pair in
            guard let platform = pair.key.text else { return nil }
            if let origin = pair.value.unknownOrigin { return (platform, .unknown(origin)) }
            return (platform, .known(pair.value.text ?? ""))
        }
    }
}

import Foundation

/// A value of a GitHub Actions expression (docs: "Evaluate expressions in workflows and
/// actions"): null, boolean, number, string, array or object.
public indirect enum ActionsValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ActionsValue])
    case object([String: ActionsValue])

    /// An object of strings.
    public static func strings(_ values: [String: String]) -> ActionsValue {
        .object(values.mapValues { .string($0) })
    }

    /// `false`, `0`, `-0`, `""` and `null` are falsy; everything else is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .number(let value): return value != 0 && !value.isNaN
        case .string(let value): return !value.isEmpty
        case .array, .object: return true
        }
    }

    /// The text `${{ }}` puts in place of the value.
    public var text: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): return value
        case .array: return "Array"
        case .object: return "Object"
        }
    }

    /// The value as a number, for comparing values of different types.
    var number: Double {
        switch self {
        case .null: return 0
        case .bool(let value): return value ? 1 : 0
        case .number(let value): return value
        case .string(let value):
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? 0 : Double(trimmed) ?? .nan
        case .array, .object: return .nan
        }
    }

    /// The value of parsed JSON.
    public static func json(_ text: String) throws -> ActionsValue {
        try JSONDecoder().decode(Decoded.self, from: Data(text.utf8)).value
    }

    private struct Decoded: Decodable {
        var value: ActionsValue

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let bool = try? container.decode(Bool.self) {
                value = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                value = .number(number)
            } else if let string = try? container.decode(String.self) {
                value = .string(string)
            } else if let items = try? container.decode([Decoded].self) {
                value = .array(items.map(\.value))
            } else {
                value = .object(try container.decode([String: Decoded].self).mapValues(\.value))
            }
        }
    }

    /// The value as JSON (`toJSON`).
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool, .number: return text
        case .string(let value):
            let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { ActionsValue.string($0).jsonText + ":" + members[$0]!.jsonText }
                .joined(separator: ",") + "}"
        }
    }
}

/// GitHub Actions' expression language, as far as workflows use it: literals, contexts with
/// `.name` and `['name']`, `!`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, parentheses, and
/// the functions `startsWith`, `endsWith`, `contains`, `join`, `format`, `fromJSON`, `toJSON`,
/// `success`, `failure`, `always`, `cancelled`. A context or property it was not given, and a
/// function it does not know, is an error: a recipe cannot use what the tests do not model.
public enum ActionsExpression {
    /// What an expression can see: the contexts (`github`, `inputs`, `matrix`…) and whether
    /// an earlier step or needed job failed (for `success()` and `failure()`).
    public struct Scope: Sendable {
        public var contexts: [String: ActionsValue]
        public var failed: Bool

        public init(contexts: [String: ActionsValue], failed: Bool = false) {
            self.contexts = contexts
            self.failed = failed
        }
    }

    /// The value of `source` (without `${{ }}`).
    public static func evaluate(_ source: String, in scope: Scope) throws -> ActionsValue {
        var parser = Parser(tokens: try tokenize(source), source: source)
        let node = try parser.expression()
        guard parser.atEnd else { throw TestSupportError("unexpected \(parser.rest) in expression `\(source)`") }
        return try node.evaluate(in: scope, source: source)
    }

    /// `text` with each `${{ … }}` replaced by its value's text.
    public static func interpolate(_ text: String, in scope: Scope) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw TestSupportError("`${{` without `}}` in `\(text)`")
            }
            result += try evaluate(String(rest[open.upperBound..<close.lowerBound]), in: scope).text
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// Whether an `if:` holds: its expression (with or without `${{ }}`), with
    /// `success() &&` in front unless it calls a status function itself.
    public static func condition(_ text: String?, in scope: Scope) throws -> Bool {
        guard var source = text?.trimmingCharacters(in: .whitespaces), !source.isEmpty else { return !scope.failed }
        if source.hasPrefix("${{"), source.hasSuffix("}}"), source.components(separatedBy: "${{").count == 2 {
            source = String(source.dropFirst(3).dropLast(2))
        }
        let tokens = try tokenize(source)
        let statusFunctions: Set<String> = ["success", "failure", "always", "cancelled"]
        let checksStatus = tokens.indices.contains { index in
            if case .name(let name) = tokens[index], statusFunctions.contains(name.lowercased()),
               index + 1 < tokens.count, tokens[index + 1] == .symbol("(") { return true }
            return false
        }
        if !checksStatus, scope.failed { return false }
        return try evaluate(source, in: scope).isTruthy
    }

    // MARK: Tokens

    enum Token: Equatable {
        case name(String)
        case string(String)
        case number(Double)
        case symbol(String)
    }

    static func tokenize(_ source: String) throws -> [Token] {
        var tokens: [Token] = []
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if character == "'" {
                var text = ""
                index += 1
                while true {
                    guard index < characters.count else { throw TestSupportError("unterminated string in `\(source)`") }
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            text.append("'")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    text.append(characters[index])
                    index += 1
                }
                tokens.append(.string(text))
            } else if character.isNumber || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber) {
                var end = index + 1
                while end < characters.count, characters[end].isNumber || characters[end] == "." || characters[end].isLetter {
                    end += 1
                }
                let literal = String(characters[index..<end])
                guard let value = Double(literal) ?? Int(literal.replacingOccurrences(of: "0x", with: ""), radix: 16).map(Double.init) else {
                    throw TestSupportError("bad number \(literal) in `\(source)`")
                }
                tokens.append(.number(value))
                index = end
            } else if character.isLetter || character == "_" {
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                    || characters[end] == "-" {
                    end += 1
                }
                tokens.append(.name(String(characters[index..<end])))
                index = end
            } else {
                let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
                if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) {
                    tokens.append(.symbol(two))
                    index += 2
                } else if "()[].,!<>".contains(character) {
                    tokens.append(.symbol(String(character)))
                    index += 1
                } else {
                    throw TestSupportError("unexpected \(character) in expression `\(source)`")
                }
            }
        }
        return tokens
    }

    // MARK: Syntax

    indirect enum Node {
        case literal(ActionsValue)
        case context(String)
        case member(Node, Node)
        case not(Node)
        case binary(String, Node, Node)
        case call(String, [Node])

        func evaluate(in scope: Scope, source: String) throws -> ActionsValue {
            switch self {
            case .literal(let value):
                return value
            case .context(let name):
                guard let value = scope.contexts[name] else {
                    throw TestSupportError("the context `\(name)` (in `\(source)`) is not modelled by the recipe runner")
                }
                return value
            case .member(let base, let key):
                let container = try base.evaluate(in: scope, source: source)
                let name = try key.evaluate(in: scope, source: source)
                switch (container, name) {
                case (.object(let members), _):
                    guard let value = members[name.text] else {
                        throw TestSupportError("no property `\(name.text)` in `\(source)` (has: \(members.keys.sorted().joined(separator: ", ")))")
                    }
                    return value
                case (.array(let items), .number(let position)):
                    let index = Int(position)
                    return items.indices.contains(index) ? items[index] : .null
                default:
                    throw TestSupportError("`\(name.text)` of a value without properties in `\(source)`")
                }
            case .not(let operand):
                return .bool(!(try operand.evaluate(in: scope, source: source)).isTruthy)
            case .binary(let operation, let left, let right):
                let lhs = try left.evaluate(in: scope, source: source)
                if operation == "&&" { return lhs.isTruthy ? try right.evaluate(in: scope, source: source) : lhs }
                if operation == "||" { return lhs.isTruthy ? lhs : try right.evaluate(in: scope, source: source) }
                let rhs = try right.evaluate(in: scope, source: source)
                return .bool(Self.compare(lhs, operation, rhs))
            case .call(let name, let arguments):
                let values = try arguments.map { try $0.evaluate(in: scope, source: source) }
                return try Self.call(name, values, scope: scope, source: source)
            }
        }

        /// GitHub's loose comparison: strings ignore case; values of different types compare as numbers.
        static func compare(_ lhs: ActionsValue, _ operation: String, _ rhs: ActionsValue) -> Bool {
            let order: ComparisonResult?
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)):
                order = a.lowercased() == b.lowercased() ? .orderedSame : (a.lowercased() < b.lowercased() ? .orderedAscending : .orderedDescending)
            case (.array, .array), (.object, .object):
                order = lhs == rhs ? .orderedSame : nil
            default:
                let (a, b) = (lhs.number, rhs.number)
                order = a.isNaN || b.isNaN ? nil : (a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending))
            }
            switch operation {
            case "==": return order == .orderedSame
            case "!=": return order != .orderedSame
            case "<": return order == .orderedAscending
            case "<=": return order == .orderedAscending || order == .orderedSame
            case ">": return order == .orderedDescending
            default: return order == .orderedDescending || order == .orderedSame
            }
        }

        static func call(_ name: String, _ values: [ActionsValue], scope: Scope, source: String) throws -> ActionsValue {
            func arity(_ count: ClosedRange<Int>) throws {
                guard count.contains(values.count) else {
                    throw TestSupportError("\(name) takes \(count) arguments, not \(values.count), in `\(source)`")
                }
            }
            switch name.lowercased() {
            case "startswith":
                try arity(2...2)
                return .bool(values[0].text.lowercased().hasPrefix(values[1].text.lowercased()))
            case "endswith":
                try arity(2...2)
                return .bool(values[0].text.lowercased().hasSuffix(values[1].text.lowercased()))
            case "contains":
                try arity(2...2)
                if case .array(let items) = values[0] { return .bool(items.contains { compare($0, "==", values[1]) }) }
                return .bool(values[0].text.lowercased().contains(values[1].text.lowercased()))
            case "join":
                try arity(1...2)
                let separator = values.count == 2 ? values[1].text : ","
                if case .array(let items) = values[0] { return .string(items.map(\.text).joined(separator: separator)) }
                return .string(values[0].text)
            case "format":
                try arity(1...20)
                var text = values[0].text
                for (index, value) in values.dropFirst().enumerated() {
                    text = text.replacingOccurrences(of: "{\(index)}", with: value.text)
                }
                return .string(text.replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}"))
            case "fromjson":
                try arity(1...1)
                return try ActionsValue.json(values[0].text)
            case "tojson":
                try arity(1...1)
                return .string(values[0].jsonText)
            case "success":
                try arity(0...0)
                return .bool(!scope.failed)
            case "failure":
                try arity(0...0)
                return .bool(scope.failed)
            case "always":
                try arity(0...0)
                return .bool(true)
            case "cancelled":
                try arity(0...0)
                return .bool(false)
            default:
                throw TestSupportError("the function `\(name)` (in `\(source)`) is not modelled by the recipe runner")
            }
        }
    }

    struct Parser {
        var tokens: [Token]
        var source: String
        var position = 0

        var atEnd: Bool { position == tokens.count }
        var rest: String { "\(tokens[position...])" }

        mutating func take(_ symbol: String) -> Bool {
            guard position < tokens.count, tokens[position] == .symbol(symbol) else { return false }
            position += 1
            return true
        }

        mutating func expect(_ symbol: String) throws {
            guard take(symbol) else { throw TestSupportError("expected `\(symbol)` in expression `\(source)`") }
        }

        mutating func expression() throws -> Node {
            var node = try conjunction()
            while take("||") { node = .binary("||", node, try conjunction()) }
            return node
        }

        mutating func conjunction() throws -> Node {
            var node = try comparison()
            while take("&&") { node = .binary("&&", node, try comparison()) }
            return node
        }

        mutating func comparison() throws -> Node {
            var node = try unary()
            while position < tokens.count, case .symbol(let symbol) = tokens[position],
                  ["==", "!=", "<", "<=", ">", ">="].contains(symbol) {
                position += 1
                node = .binary(symbol, node, try unary())
            }
            return node
        }

        mutating func unary() throws -> Node {
            if take("!") { return .not(try unary()) }
            return try postfix()
        }

        mutating func postfix() throws -> Node {
            var node = try primary()
            while true {
                if take(".") {
                    guard position < tokens.count, case .name(let name) = tokens[position] else {
                        throw TestSupportError("expected a property name after `.` in `\(source)`")
                    }
                    position += 1
                    node = .member(node, .literal(.string(name)))
                } else if take("[") {
                    let key = try expression()
                    try expect("]")
                    node = .member(node, key)
                } else {
                    return node
                }
            }
        }

        mutating func primary() throws -> Node {
            guard position < tokens.count else { throw TestSupportError("expression `\(source)` ends too soon") }
            let token = tokens[position]
            position += 1
            switch token {
            case .string(let text): return .literal(.string(text))
            case .number(let value): return .literal(.number(value))
            case .symbol("("):
                let node = try expression()
                try expect(")")
                return node
            case .name(let name):
                switch name {
                case "true": return .literal(.bool(true))
                case "false": return .literal(.bool(false))
                case "null": return .literal(.null)
                default: break
                }
                if take("(") {
                    var arguments: [Node] = []
                    if !take(")") {
                        repeat { arguments.append(try expression()) } while take(",")
                        try expect(")")
                    }
                    return .call(name, arguments)
                }
                return .context(name)
            case .symbol(let symbol):
                throw TestSupportError("unexpected `\(symbol)` in expression `\(source)`")
            }
        }
    }
}

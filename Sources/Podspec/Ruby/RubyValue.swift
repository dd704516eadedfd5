/// A value the evaluator computed, or knows it cannot compute.
indirect enum RubyValue: Sendable {
    case `nil`
    case bool(Bool)
    /// A number as written.
    case number(String)
    /// A string; `literal` is the byte range of the string literal it comes from unchanged,
    /// which is what the version rewriter replaces.
    case string(String, literal: Range<Int>?)
    case symbol(String)
    case array([RubyValue])
    case hash([(key: RubyValue, value: RubyValue)])
    /// A spec or subspec under construction, by its index in the evaluator.
    case spec(Int)
    /// `spec.ios` and friends.
    case platform(Int, String)
    /// A constant compctl models: `Pod::Spec`, `File`, `ENV`, `JSON`…
    case module(String)
    /// A value that depends on something compctl does not evaluate.
    case unknown(Origin)

    static func string(_ text: String) -> RubyValue {
        .string(text, literal: nil)
    }

    /// The first unknown part of the value, searching lists and hashes.
    var unknownOrigin: Origin? {
        switch self {
        case .unknown(let origin):
            return origin
        case .array(let elements):
            for element in elements {
                if let origin = element.unknownOrigin { return origin }
            }
            return nil
        case .hash(let pairs):
            for pair in pairs {
                if let origin = pair.key.unknownOrigin ?? pair.value.unknownOrigin { return origin }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether the value holds a spec or a platform proxy, anywhere inside it.
    var holdsSpec: Bool {
        switch self {
        case .spec, .platform: return true
        case .array(let elements): return elements.contains { $0.holdsSpec }
        case .hash(let pairs): return pairs.contains { $0.key.holdsSpec || $0.value.holdsSpec }
        default: return false
        }
    }

    /// Ruby truthiness: `nil` and `false` are false; unknown values have none.
    var truthiness: Bool? {
        switch self {
        case .nil: return false
        case .bool(let value): return value
        case .unknown: return nil
        default: return true
        }
    }

    /// How a message names the kind of value.
    var typeName: String {
        switch self {
        case .nil: return "nil"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .symbol: return "a symbol"
        case .array: return "a list"
        case .hash: return "a hash"
        case .spec: return "a spec"
        case .platform: return "a platform"
        case .module(let name): return name
        case .unknown: return "an unknown value"
        }
    }

    /// The text a string, symbol or number stands for.
    var text: String? {
        switch self {
        case .string(let text, _): return text
        case .symbol(let name): return name
        case .number(let text): return text
        default: return nil
        }
    }

    /// Ruby's `==` for values compctl knows; nil when either side is unknown.
    func equals(_ other: RubyValue) -> Bool? {
        switch (self, other) {
        case (.unknown, _), (_, .unknown): return nil
        case (.nil, .nil): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a, _), .string(let b, _)): return a == b
        case (.symbol(let a), .symbol(let b)): return a == b
        case (.number(let a), .number(let b)):
            if let x = Double(a.replacingOccurrences(of: "_", with: "")),
               let y = Double(b.replacingOccurrences(of: "_", with: "")) {
                return x == y
            }
            return a == b
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard let equal = x.equals(y) else { return nil }
                if !equal { return false }
            }
            return true
        case (.spec(let a), .spec(let b)): return a == b
        case (.module(let a), .module(let b)): return a == b
        default: return false
        }
    }
}

/// Where a value compctl cannot know comes from, and the line of that construct.
struct Origin: Sendable {
    indirect enum Kind: Sendable {
        case shell
        case file
        case environment
        case helper(String)
        case constant(String)
        /// A method or construct compctl does not evaluate, described for a message.
        case unsupported(String)
        /// A spec attribute compctl does not model, read back from the spec.
        case attribute(String)
        /// Set under a condition whose value is unknown.
        case condition(Origin)
        /// Set inside a block or loop compctl does not run.
        case loop(Origin?)
        case rescue
        case unparsable
    }

    var kind: Kind
    var line: Int

    /// How many origins `inner` may wrap: a loop that carries an unknown value through a
    /// condition on every turn would otherwise nest origins as deep as it runs.
    static let maximumNesting = 8

    /// `inner` wrapped in `wrap` (a condition or a loop over it), on `inner`'s line; past
    /// `maximumNesting` levels `inner` stands for the whole chain.
    static func wrapping(_ inner: Origin, in wrap: (Origin) -> Kind) -> Origin {
        var nesting = 0
        var current = inner
        while nesting < maximumNesting {
            switch current.kind {
            case .condition(let next), .loop(let next?):
                current = next
                nesting += 1
            default:
                return Origin(kind: wrap(inner), line: inner.line)
            }
        }
        return inner
    }

    /// Why the value is unknown, as a clause that follows "it".
    var reason: String {
        switch kind {
        case .shell: return "comes from a shell command"
        case .file: return "reads a file"
        case .environment: return "reads an environment variable"
        case .helper(let name): return "comes from the helper `\(name)`, which compctl does not evaluate"
        case .constant(let name): return "comes from the constant `\(name)`, which this file does not define"
        case .unsupported(let what): return "comes from \(what), which compctl does not evaluate"
        case .attribute(let name): return "reads the spec's `\(name)`, which compctl does not evaluate"
        case .condition(let inner): return "depends on a condition that \(inner.reason)"
        case .loop(let inner?): return "is inside a block that runs over a value that \(inner.reason)"
        case .loop(nil): return "is inside a loop, which compctl does not run"
        case .rescue: return "is inside a rescue clause, which runs only when an error is raised"
        case .unparsable: return "is in a statement compctl cannot parse"
        }
    }
}

/// A node of the Ruby syntax tree, with the line it starts on.
struct RubyNode {
    indirect enum Kind {
        case `nil`
        case `true`
        case `false`
        case `self`
        case number(String)
        /// A string; `literal` is the byte range of its content when that is exactly its value.
        case string([Piece], literal: Range<Int>?)
        case shell
        case symbol(String)
        case dynamicSymbol([Piece])
        case regex
        case array([RubyNode])
        case hash([(key: RubyNode, value: RubyNode)])
        case splat(RubyNode)
        /// `&block` passed as an argument.
        case blockPass(RubyNode)
        case local(String)
        /// `@x`, `$x`: never known to a podspec reader.
        case variable(String)
        case constant(scope: RubyNode?, name: String)
        case call(Call)
        case index(RubyNode, [RubyNode])
        case assign(Target, RubyNode)
        /// `a, b = …`
        case multipleAssign([String], RubyNode)
        /// `x += 1`, `x ||= y`: the operator without its `=`.
        case operatorAssign(Target, String, RubyNode)
        case and(RubyNode, RubyNode)
        case or(RubyNode, RubyNode)
        case not(RubyNode)
        case binary(String, RubyNode, RubyNode)
        case negate(RubyNode)
        case ternary(RubyNode, RubyNode, RubyNode)
        case `if`(condition: RubyNode, then: [RubyNode], else: [RubyNode])
        case loop(kind: String, condition: RubyNode?, body: [RubyNode])
        case `case`(subject: RubyNode?, whens: [(values: [RubyNode], body: [RubyNode])], else: [RubyNode])
        case begin(body: [RubyNode], rescues: [[RubyNode]], else: [RubyNode], ensure: [RubyNode])
        case sequence([RubyNode])
        /// A method, class or module definition; compctl never runs its body.
        case definition(String)
        case lambda
        case defined
        /// `return`, `next`, `break`.
        case jump(String, RubyNode?)
        case range(RubyNode?, RubyNode?)
        /// A statement the parser could not read; `writes` lists the spec attributes it
        /// appears to write (`name`, `dependency`, …) and `local` a variable it assigns.
        case unparsable(writes: [String], local: String?)
    }

    enum Piece {
        case text(String)
        case code([RubyNode])
    }

    struct Call {
        var receiver: RubyNode?
        var name: String
        var arguments: [RubyNode]
        var block: Block?
        /// `receiver&.name`
        var isSafeNavigation = false
    }

    struct Block {
        var parameters: [String]
        var body: [RubyNode]
        var line: Int
    }

    indirect enum Target {
        case local(String)
        case variable(String)
        case constant(String)
        /// `receiver.name = value`
        case attribute(RubyNode, String)
        case index(RubyNode, [RubyNode])
    }

    var kind: Kind
    var line: Int

    init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }
}

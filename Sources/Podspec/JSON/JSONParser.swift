/// A JSON value that remembers where it is in the file, so errors can name the line and the
/// version rewriter can find the bytes of the top-level `"version"`.
struct JSONNode {
    // Not `indirect`: the arrays already hold their elements out of line, and a box per
    // value was one more allocation and release per node of every spec read.
    enum Value {
        case object(JSONObject)
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    var value: Value
    /// The 1-based line the value starts on.
    var line: Int
    /// Byte offsets of the value in the file: `start` is its first byte, `end` is one past
    /// its last (for a string, the quotes included).
    var start: Int
    var end: Int

    /// The value of `key` when this is an object holding it.
    subscript(key: String) -> JSONNode? {
        guard case .object(let object) = value else { return nil }
        return object[key]
    }

    var typeName: String {
        switch value {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// The members of a JSON object in file order, keys and values in arrays of their own: a
/// key is looked for among plain strings, without copying the values beside them (every spec
/// read looks up a dozen keys, and copying whole members was most of that cost).
struct JSONObject {
    private(set) var keys: [String] = []
    private(set) var nodes: [JSONNode] = []

    init() {
        // Most objects of a podspec hold a few keys; growing from empty reallocates.
        keys.reserveCapacity(4)
        nodes.reserveCapacity(4)
    }

    mutating func append(_ key: String, _ node: JSONNode) {
        keys.append(key)
        nodes.append(node)
    }

    /// The value of the first member called `key`.
    subscript(key: String) -> JSONNode? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return nodes[index]
    }

    /// The members, in file order.
    var members: some Sequence<(key: String, node: JSONNode)> {
        zip(keys, nodes).lazy.map { (key: $0, node: $1) }
    }
}

/// Why a JSON text could not be parsed, and on which line.
struct JSONSyntaxError: Error {
    var line: Int
    var message: String
}

/// A small strict JSON parser over UTF-8 bytes that keeps line numbers and byte offsets.
/// Foundation's parser keeps neither, and podspec errors must name the line.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// The keys of the top-level object whose values are kept; nil keeps everything.
    private var keptAtTop: [String]?

    /// The deepest nesting of objects and arrays read; each level recurses.
    static let maximumDepth = 512

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses the whole text as one JSON value. With `keptAtTop`, the members of a top-level
    /// object under other keys are checked exactly as the rest (the same errors, on the same
    /// lines) but left out of the result: a spec's summary, description, file patterns and
    /// build settings cost a reader of its dependencies nodes and strings for nothing.
    static func parse(_ bytes: [UInt8], keptAtTop: [String]? = nil) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.keptAtTop = keptAtTop
        // A UTF-8 byte order mark is allowed before the value.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let node = try parser.parseValue(depth: 0, keep: true)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.failure("unexpected text after the JSON value")
        }
        return node
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            default:
                return
            }
        }
    }

    /// The value at `index`; when `keep` is false it is checked the same way but nothing of it
    /// is built, and the node returned stands for it only by its position.
    private mutating func parseValue(depth: Int, keep: Bool) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maximumDepth else {
            throw failure("the JSON nests too deeply (more than \(Self.maximumDepth) levels)")
        }
        skipWhitespace()
        guard index < bytes.count else { throw failure("the JSON ends where a value was expected") }
        let start = index
        let startLine = line
        let value: JSONNode.Value
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members = JSONObject()
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw failure("expected a quoted key")
                    }
                    let key = try parseString()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw failure("expected ':' after the key \"\(key)\"")
                    }
                    index += 1
                    let keepsMember = keep && (depth > 0 || keptAtTop?.contains(key) ?? true)
                    let member = try parseValue(depth: depth + 1, keep: keepsMember)
                    if keepsMember { members.append(key, member) }
                    skipWhitespace()
                    guard index < bytes.count else { throw failure("the JSON ends inside an object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                    throw failure("expected ',' or '}' in an object")
                }
            }
            value = .object(members)
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    let element = try parseValue(depth: depth + 1, keep: keep)
                    if keep { elements.append(element) }
                    skipWhitespace()
                    guard index < bytes.count else { throw failure("the JSON ends inside a list") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                    throw failure("expected ',' or ']' in a list")
                }
            }
            value = .array(elements)
        case UInt8(ascii: "\""):
            value = .string(try parseString(keep: keep))
        case UInt8(ascii: "t"):
            try expectWord("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let text = try parseNumber()
            value = .number(keep ? String(decoding: text, as: UTF8.self) : "")
        default:
            throw failure("unexpected character where a value was expected")
        }
        return JSONNode(value: value, line: startLine, start: start, end: index)
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && word.withUTF8Buffer { buffer in
            buffer.elementsEqual(bytes[index..<(index + count)])
        }
        guard matches else { throw failure("unexpected character where a value was expected") }
        index += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> ArraySlice<UInt8> {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < bytes.count {
            let byte = bytes[index]
            let isNumberByte = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            guard isNumberByte else { break }
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { digits += 1 }
            index += 1
        }
        guard digits > 0 else { throw failure("malformed number") }
        return bytes[start..<index]
    }

    /// Parses a string starting at its opening quote; when `keep` is false it is checked
    /// the same way but not made, and the result is empty.
    private mutating func parseString(keep: Bool = true) throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = keep ? String(decoding: bytes[start..<index], as: UTF8.self) : ""
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte == UInt8(ascii: "\n") { throw failure("a string runs past the end of the line") }
            index += 1
        }
        var scalars = keep ? Array(bytes[start..<index]) : []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return keep ? String(decoding: scalars, as: UTF8.self) : ""
            case UInt8(ascii: "\n"):
                throw failure("a string runs past the end of the line")
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    // A high surrogate pairs with a low one escaped right after it. Any other
                    // escape there is read on its own, and the lone surrogate becomes U+FFFD.
                    if (0xD800...0xDBFF).contains(code), let low = lowSurrogate(at: index) {
                        index += 6
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw failure("unknown escape in a string")
                }
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw failure("a string is not closed")
    }

    /// The low surrogate escaped as `\uDC00`…`\uDFFF` at `start`, or nil.
    private func lowSurrogate(at start: Int) -> UInt32? {
        guard start + 6 <= bytes.count, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "u") else {
            return nil
        }
        var peek = self
        peek.index = start + 2
        guard let code = try? peek.parseHex4(), (0xDC00...0xDFFF).contains(code) else { return nil }
        return code
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("malformed \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("malformed \\u escape")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }
}

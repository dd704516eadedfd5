import Foundation

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

    /// An empty object with room for `capacity` members: most objects of a podspec hold a
    /// few keys, and growing from empty reallocates.
    init(capacity: Int = 4) {
        guard capacity > 0 else { return }
        keys.reserveCapacity(capacity)
        nodes.reserveCapacity(capacity)
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

/// The keys of a top-level object whose values a reader keeps, matched against a key's bytes
/// as the file spells them, so a key that is left out is never made into a `String`.
struct JSONKeySet {
    private let keys: [[UInt8]]
    /// Bit `n` is set when a key is `n` bytes long (keys of 64 bytes or more set bit 63).
    private let lengths: UInt64

    init(_ keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
        lengths = keys.reduce(0) { $0 | Self.bit($1.utf8.count) }
    }

    private static func bit(_ count: Int) -> UInt64 { 1 << UInt64(min(count, 63)) }

    /// Whether the key spelled by `bytes` (no escapes in it) is in the set.
    func contains(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lengths & Self.bit(bytes.count) != 0, let text = bytes.baseAddress else { return false }
        // memcmp: the generic `elementsEqual` walked two iterators, some 160 instructions a key.
        return keys.contains { key in
            key.count == bytes.count && key.withUnsafeBufferPointer { memcmp($0.baseAddress!, text, bytes.count) == 0 }
        }
    }

    /// Whether `key`, as decoded from a key with escapes, is in the set.
    func contains(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { contains($0) }
    }
}

/// A small strict JSON parser over UTF-8 bytes that keeps line numbers and byte offsets.
/// Foundation's parser keeps neither, and podspec errors must name the line.
struct JSONParser {
    /// The text, borrowed for the parse: every read is checked against `count` first.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    /// The keys of the top-level object whose values are kept; nil keeps everything.
    private let keptAtTop: JSONKeySet?

    /// The deepest nesting of objects and arrays read; each level recurses.
    static let maximumDepth = 512

    private init(bytes: UnsafeBufferPointer<UInt8>, keptAtTop: JSONKeySet?) {
        self.bytes = bytes
        self.keptAtTop = keptAtTop
    }

    /// Parses the whole text as one JSON value. With `keptAtTop`, the members of a top-level
    /// object under other keys are checked exactly as the rest (the same errors, on the same
    /// lines) but left out of the result: a spec's summary, description, file patterns and
    /// build settings cost a reader of its dependencies nodes and strings for nothing.
    static func parse(_ bytes: [UInt8], keptAtTop: JSONKeySet? = nil) throws(JSONSyntaxError) -> JSONNode {
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) -> JSONNode in
                var parser = JSONParser(bytes: buffer, keptAtTop: keptAtTop)
                // A UTF-8 byte order mark is allowed before the value.
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
                let node = try parser.parseValue(depth: 0, keep: true)
                parser.skipWhitespace()
                if parser.index < buffer.count {
                    throw parser.failure("unexpected text after the JSON value")
                }
                return node
            }
        }
        return try outcome.get()
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
            // An object that is only checked keeps nothing and needs no room; a spec's
            // top level keeps about a dozen members.
            var members = JSONObject(capacity: keep ? (depth == 0 ? 16 : 4) : 0)
            // Only the top-level object of a filtered parse leaves members out by their key.
            let filter = depth == 0 && keep ? keptAtTop : nil
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw failure("expected a quoted key")
                    }
                    let keyStart = index
                    // The key when its member is kept; a key left out is only checked.
                    let key: String?
                    if let filter {
                        key = try parseKey(keptIn: filter)
                    } else if keep {
                        key = try parseString()
                    } else {
                        _ = try parseString(keep: false)
                        key = nil
                    }
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw failure("expected ':' after the key \"\(key ?? keyText(at: keyStart))\"")
                    }
                    index += 1
                    let member = try parseValue(depth: depth + 1, keep: key != nil)
                    if let key { members.append(key, member) }
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
            value = .number(keep ? String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self) : "")
        default:
            throw failure("unexpected character where a value was expected")
        }
        return JSONNode(value: value, line: startLine, start: start, end: index)
    }

    /// A top-level key at `index` (its opening quote): the key when `filter` keeps its member,
    /// else nil. A key without escapes is matched by its bytes and made into a `String` only
    /// when kept; one with escapes is decoded first, since the decoded key is the one meant.
    private mutating func parseKey(keptIn filter: JSONKeySet) throws(JSONSyntaxError) -> String? {
        guard let end = plainStringEnd(from: index) else {
            // An escape, or an error that `parseString` reports as it always does.
            let key = try parseString()
            return filter.contains(key) ? key : nil
        }
        let text = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
        index = end + 1
        return filter.contains(text) ? String(decoding: text, as: UTF8.self) : nil
    }

    /// The index of the closing quote of the string whose opening quote is at `quote`, when
    /// nothing in it is escaped; nil when something is, or when it does not close on its line.
    private func plainStringEnd(from quote: Int) -> Int? {
        Self.plainStringEnd(in: bytes, from: quote)
    }

    /// `plainStringEnd(from:)` over `bytes`, for the one-pass podspec reader too.
    static func plainStringEnd(in bytes: UnsafeBufferPointer<UInt8>, from quote: Int) -> Int? {
        // memchr looks a word at a time: for the closing quote, then for an escape or a line
        // break before it. A spec's summary and description are long strings only checked.
        let start = quote + 1
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\"")), bytes.count - start) else { return nil }
        let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        let length = end - start
        guard memchr(base + start, Int32(UInt8(ascii: "\\")), length) == nil,
              memchr(base + start, Int32(UInt8(ascii: "\n")), length) == nil else { return nil }
        return end
    }

    /// The key whose opening quote is at `quote`, decoded again for an error that names it.
    private func keyText(at quote: Int) -> String {
        var again = self
        again.index = quote
        return (try? again.parseString()) ?? ""
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count && word.withUTF8Buffer { buffer in
            buffer.elementsEqual(bytes[index..<(index + count)])
        }
        guard matches else { throw failure("unexpected character where a value was expected") }
        index += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Range<Int> {
        let start = index
        guard let end = Self.numberEnd(in: bytes, from: start) else { throw failure("malformed number") }
        index = end
        return start..<end
    }

    /// One past the last byte of the number starting at `start` (a `-` or a digit), or nil
    /// when it has no digit. A number is taken loosely: these bytes, in any order.
    static func numberEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
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
        return digits > 0 ? index : nil
    }

    /// Parses a string starting at its opening quote; when `keep` is false it is checked
    /// the same way but not made, and the result is empty.
    private mutating func parseString(keep: Bool = true) throws(JSONSyntaxError) -> String {
        // Fast path: no escapes.
        if let end = plainStringEnd(from: index) {
            let text = keep ? String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self) : ""
            index = end + 1
            return text
        }
        index += 1
        var scalars: [UInt8] = []
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

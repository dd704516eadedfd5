import Foundation

/// The `.package(…)` dependencies of a `Package.swift`, with the byte ranges of their version
/// requirements, so a pin can rewrite them in place.
public struct PackageManifest: Equatable, Sendable {
    public var path: String
    /// Every `.package(…)` call, in file order.
    public var dependencies: [PackageDependency]

    /// Reads the Package.swift at `path`.
    public init(contentsOf path: String) throws(ManifestError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it is not readable")
        }
        try self.init(parsing: [UInt8](data), path: path)
    }

    /// Reads Package.swift source; `path` names the file in errors.
    public init(parsing bytes: [UInt8], path: String = "Package.swift") throws(ManifestError) {
        self.path = path
        let tokens = try SwiftLexer.tokenize(bytes, file: path)
        dependencies = PackageDependency.find(in: tokens, bytes: bytes)
    }
}

/// One `.package(…)` call.
public struct PackageDependency: Equatable, Sendable {
    /// Where the package comes from.
    public enum Location: Equatable, Sendable {
        case url(String)
        case path(String)
        /// A registry identity (`id:`) or a location that is not a string literal.
        case other
    }

    /// The version requirement as written.
    public enum Requirement: Equatable, Sendable {
        /// `exact: "1.2.3"` or `.exact("1.2.3")`.
        case exact(String)
        /// `from: "1.2.3"` or `.upToNextMajor(from: "1.2.3")`.
        case upToNextMajor(String)
        /// `.upToNextMinor(from: "1.2.3")`.
        case upToNextMinor(String)
        /// `"1.0.0"..<"2.0.0"` or `"1.0.0"..."1.9.0"`, as written.
        case range(String)
        case branch(String)
        case revision(String)
        /// Anything else (a variable, a computed version), as written.
        case unrecognized(String)
        /// A `path:` package has no requirement.
        case none
    }

    public var location: Location
    public var requirement: Requirement
    /// The line of `.package`.
    public var line: Int
    /// UTF-8 byte range of every argument after the location: what `exact: "x.y.z"` replaces.
    public var requirementRange: Range<Int>?
    /// UTF-8 byte range of the version inside the quotes of an exact requirement.
    public var exactVersionRange: Range<Int>?

    static func find(in tokens: [SwiftToken], bytes: [UInt8]) -> [PackageDependency] {
        var result: [PackageDependency] = []
        // Matched once for the whole file: scanning for each `.package(` made a file of
        // thousands of unclosed or nested calls take minutes.
        let closers = tokens.closers()
        var i = 0
        while i + 2 < tokens.count {
            defer { i += 1 }
            guard tokens[i].isPunctuation("."), tokens[i + 1].isIdentifier("package"), tokens[i + 2].isPunctuation("("),
                  closers[i + 2] >= 0 else { continue }
            let close = closers[i + 2]
            let arguments = tokens.splitArguments(i + 3..<close, closers: closers)
            guard let locationIndex = arguments.firstIndex(where: { ["url", "path", "id"].contains(tokens.label(of: $0) ?? "") }) else {
                continue
            }
            let locationArgument = arguments[locationIndex]
            let label = tokens.label(of: locationArgument)!
            let value = locationArgument.lowerBound + 2..<locationArgument.upperBound
            let literal = value.count == 1 ? tokens[value.lowerBound].stringValue : nil
            let location: Location = switch label {
            case "url": literal.map(Location.url) ?? .other
            case "path": literal.map(Location.path) ?? .other
            default: .other
            }
            let rest = arguments[(locationIndex + 1)...]
            var entry = PackageDependency(location: location, requirement: .none, line: tokens[i].line,
                                          requirementRange: nil, exactVersionRange: nil)
            if let first = rest.first, let last = rest.last {
                entry.requirementRange = tokens[first.lowerBound].start..<tokens[last.upperBound - 1].end
                let text = String(decoding: bytes[entry.requirementRange!], as: UTF8.self)
                (entry.requirement, entry.exactVersionRange) = Self.requirement(Array(rest), tokens: tokens, text: text)
            } else if label != "path" {
                entry.requirement = .unrecognized("")
            }
            result.append(entry)
        }
        return result
    }

    static func requirement(_ arguments: [Range<Int>], tokens: [SwiftToken], text: String) -> (Requirement, Range<Int>?) {
        guard arguments.count == 1, let argument = arguments.first else { return (.unrecognized(text), nil) }
        let t = Array(tokens[argument])
        // `exact: "1.0"`, `from: "1.0"`, `branch: "main"`, `revision: "abc"`
        if t.count == 3, t[0].kind == .identifier, t[1].isPunctuation(":"), let value = t[2].stringValue {
            switch t[0].text {
            case "exact": return (.exact(value), t[2].contentRange)
            case "from": return (.upToNextMajor(value), nil)
            case "branch": return (.branch(value), nil)
            case "revision": return (.revision(value), nil)
            default: return (.unrecognized(text), nil)
            }
        }
        // `.exact("1.0")`, `.branch("main")`, `.upToNextMajor(from: "1.0")`
        if t.count >= 5, t[0].isPunctuation("."), t[1].kind == .identifier, t[2].isPunctuation("("), t.last!.isPunctuation(")") {
            let inner = Array(t[3..<(t.count - 1)])
            if inner.count == 1, let value = inner[0].stringValue {
                switch t[1].text {
                case "exact": return (.exact(value), inner[0].contentRange)
                case "branch": return (.branch(value), nil)
                case "revision": return (.revision(value), nil)
                default: return (.unrecognized(text), nil)
                }
            }
            if inner.count == 3, inner[0].isIdentifier("from"), inner[1].isPunctuation(":"), let value = inner[2].stringValue {
                switch t[1].text {
                case "upToNextMajor": return (.upToNextMajor(value), nil)
                case "upToNextMinor": return (.upToNextMinor(value), nil)
                default: return (.unrecognized(text), nil)
                }
            }
        }
        // `"1.0"..<"2.0"`
        if t.count == 3, t[0].stringValue != nil, t[1].isPunctuation("..<") || t[1].isPunctuation("..."), t[2].stringValue != nil {
            return (.range(text), nil)
        }
        return (.unrecognized(text), nil)
    }
}

/// A token of the Swift in a Package.swift: enough to find `.package(…)` calls past
/// comments and string literals.
struct SwiftToken {
    enum Kind { case identifier, string, number, punctuation }

    var kind: Kind
    var start: Int
    var end: Int
    var line: Int
    var text: String
    /// The value of a string literal without interpolation.
    var stringValue: String?
    /// The bytes between the quotes of a string literal.
    var contentRange: Range<Int>?

    func isPunctuation(_ value: String) -> Bool { kind == .punctuation && text == value }
    func isIdentifier(_ value: String) -> Bool { kind == .identifier && text == value }
}

extension [SwiftToken] {
    /// For each opening bracket, the index of the bracket that closes it (any kind, as the
    /// innermost open one); -1 for an unclosed opener and for every other token.
    func closers() -> [Int] {
        var result = [Int](repeating: -1, count: count)
        var open: [Int] = []
        for k in indices where self[k].kind == .punctuation {
            switch self[k].text {
            case "(", "[", "{": open.append(k)
            case ")", "]", "}": if let opener = open.popLast() { result[opener] = k }
            default: break
            }
        }
        return result
    }

    /// The comma-separated parts of `range`, stepping over bracketed groups.
    func splitArguments(_ range: Range<Int>, closers: [Int]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var k = range.lowerBound
        scan: while k < range.upperBound {
            let token = self[k]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{":
                    // An unclosed group runs to the end: no comma after it is at the top.
                    guard closers[k] >= 0 else { break scan }
                    k = closers[k] + 1
                    continue scan
                case ",":
                    parts.append(start..<k)
                    start = k + 1
                default:
                    break
                }
            }
            k += 1
        }
        if start < range.upperBound { parts.append(start..<range.upperBound) }
        return parts.filter { !$0.isEmpty }
    }

    /// The label of an argument (`url` in `url: "…"`).
    func label(of argument: Range<Int>) -> String? {
        guard argument.count >= 2, self[argument.lowerBound].kind == .identifier,
              self[argument.lowerBound + 1].isPunctuation(":") else { return nil }
        return self[argument.lowerBound].text
    }
}

enum SwiftLexer {
    static func tokenize(_ bytes: [UInt8], file: String) throws(ManifestError) -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        var i = 0
        var line = 1
        let n = bytes.count
        func fail(_ line: Int, _ message: String) -> ManifestError {
            .malformed(ManifestIssue(file: file, line: line, message: message))
        }
        func isIdentifierByte(_ c: UInt8) -> Bool {
            (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
        }
        func matches(_ pattern: [UInt8], at position: Int) -> Bool {
            guard position + pattern.count <= n else { return false }
            for k in 0..<pattern.count where bytes[position + k] != pattern[k] { return false }
            return true
        }
        func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
            prefix.withUTF8Buffer { buffer in
                guard position + buffer.count <= n else { return false }
                for k in 0..<buffer.count where bytes[position + k] != buffer[k] { return false }
                return true
            }
        }
        /// Scans a string literal body from `i` (after the opening delimiter) to its closing
        /// delimiter; returns the content range and whether it interpolates.
        func scanString(hashes: Int, multiline: Bool, startLine: Int) throws(ManifestError) -> (Range<Int>, Bool) {
            let start = i
            var interpolates = false
            let closing = Array((multiline ? "\"\"\"" : "\"").utf8) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
            let escape = [UInt8(ascii: "\\")] + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
            while i < n {
                if bytes[i] == UInt8(ascii: "\n") {
                    guard multiline else { throw fail(startLine, "string is never closed; add the closing \"") }
                    line += 1
                }
                if bytes[i] == UInt8(ascii: "\\"), matches(escape, at: i) {
                    let after = i + escape.count
                    if after < n, bytes[after] == UInt8(ascii: "(") {
                        interpolates = true
                        var depth = 0
                        i = after
                        while i < n {
                            if bytes[i] == UInt8(ascii: "(") { depth += 1 }
                            if bytes[i] == UInt8(ascii: ")") {
                                depth -= 1
                                if depth == 0 { break }
                            }
                            if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                            i += 1
                        }
                        i += 1
                        continue
                    }
                    i = after + 1
                    continue
                }
                if bytes[i] == UInt8(ascii: "\""), matches(closing, at: i) {
                    let content = start..<i
                    i += closing.count
                    return (content, interpolates)
                }
                i += 1
            }
            throw fail(startLine, "string is never closed; add the closing \"")
        }

        while i < n {
            let c = bytes[i]
            let start = i
            switch c {
            case UInt8(ascii: "\n"):
                line += 1
                i += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
            case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "/"):
                while i < n, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "/") where i + 1 < n && bytes[i + 1] == UInt8(ascii: "*"):
                let startLine = line
                var depth = 0
                while i < n {
                    if hasPrefix("/*", at: i) {
                        depth += 1
                        i += 2
                    } else if hasPrefix("*/", at: i) {
                        depth -= 1
                        i += 2
                        if depth == 0 { break }
                    } else {
                        if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                        i += 1
                    }
                }
                if depth != 0 { throw fail(startLine, "comment is never closed; add the closing */") }
            // A string: its opening quote, or the `#`s of a raw string (`#"`, `##"`); a `#`
            // followed by anything else (`#if`, `#file`) is not one.
            case _ where c == UInt8(ascii: "\"")
                || (c == UInt8(ascii: "#") && i + 1 < n && (bytes[i + 1] == UInt8(ascii: "\"") || bytes[i + 1] == UInt8(ascii: "#"))):
                let startLine = line
                var hashes = 0
                while i < n, bytes[i] == UInt8(ascii: "#") {
                    hashes += 1
                    i += 1
                }
                guard i < n, bytes[i] == UInt8(ascii: "\"") else {
                    tokens.append(SwiftToken(kind: .punctuation, start: start, end: i, line: startLine, text: "#"))
                    continue
                }
                let multiline = hasPrefix("\"\"\"", at: i)
                i += multiline ? 3 : 1
                let (content, interpolates) = try scanString(hashes: hashes, multiline: multiline, startLine: startLine)
                let value = interpolates || multiline || hashes > 0 || bytes[content].contains(UInt8(ascii: "\\"))
                    ? nil : String(decoding: bytes[content], as: UTF8.self)
                tokens.append(SwiftToken(kind: .string, start: start, end: i, line: startLine, text: "",
                                         stringValue: value, contentRange: content))
            case _ where isIdentifierByte(c) || c == UInt8(ascii: "`"):
                let isNumber = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
                if c == UInt8(ascii: "`") { i += 1 }
                while i < n, isIdentifierByte(bytes[i]) || (isNumber && bytes[i] == UInt8(ascii: ".")) { i += 1 }
                var text = String(decoding: bytes[start..<i], as: UTF8.self)
                if c == UInt8(ascii: "`"), i < n, bytes[i] == UInt8(ascii: "`") {
                    i += 1
                    text = String(text.dropFirst())
                }
                tokens.append(SwiftToken(kind: isNumber ? .number : .identifier, start: start, end: i, line: line, text: text))
            default:
                let length = c == UInt8(ascii: ".") && (hasPrefix("..<", at: i) || hasPrefix("...", at: i)) ? 3 : 1
                i += length
                tokens.append(SwiftToken(kind: .punctuation, start: start, end: i, line: line,
                                         text: String(decoding: bytes[start..<i], as: UTF8.self)))
            }
        }
        return tokens
    }
}

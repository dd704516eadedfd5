import Foundation

/// The block-style YAML that CocoaPods writes Podfile.lock in: nested mappings and
/// sequences, plain and quoted scalars. Flow style (`[a, b]`), anchors and multi-line
/// scalars do not occur there and are errors.
enum LockYAML: Equatable {
    case scalar(String, line: Int)
    case sequence([LockYAML], line: Int)
    case mapping([(key: String, value: LockYAML)], line: Int)

    var line: Int {
        switch self {
        case let .scalar(_, line), let .sequence(_, line), let .mapping(_, line): line
        }
    }

    static func == (lhs: LockYAML, rhs: LockYAML) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a, l), .scalar(b, r)): a == b && l == r
        case let (.sequence(a, l), .sequence(b, r)): a == b && l == r
        case let (.mapping(a, l), .mapping(b, r)):
            l == r && a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    private struct Line {
        var number: Int
        var indent: Int
        var text: Substring
    }

    static func parse(_ text: String, file: String) throws(ManifestError) -> LockYAML {
        var lines: [Line] = []
        // `"\r\n"` is one Character in Swift, so it is a separator of its own.
        let rawLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, raw) in rawLines.enumerated() {
            var content = raw
            if content.last == "\r" { content = content.dropLast() }
            let indent = content.prefix { $0 == " " }.count
            let body = content.dropFirst(indent)
            if body.isEmpty || body.hasPrefix("#") || body == "---" { continue }
            if body.hasPrefix("\t") {
                throw .malformed(ManifestIssue(file: file, line: offset + 1, message: "tabs cannot indent YAML; indent with spaces"))
            }
            lines.append(Line(number: offset + 1, indent: indent, text: body))
        }
        guard !lines.isEmpty else {
            throw .malformed(ManifestIssue(file: file, line: 1, message: "the file is empty; regenerate it with `pod install`"))
        }
        var parser = Parser(lines: lines, file: file)
        let node = try parser.node(indent: lines[0].indent)
        if parser.index < lines.count {
            let line = lines[parser.index]
            throw .malformed(ManifestIssue(file: file, line: line.number, message: "unexpected indentation; check that this line lines up with its siblings"))
        }
        return node
    }

    private struct Parser {
        let lines: [Line]
        let file: String
        var index = 0
        /// How many nodes enclose the one being read.
        var depth = 0

        /// The deepest nesting read: each level recurses, so a hostile lock file nested
        /// thousands deep would overflow the stack. `pod install` writes three levels.
        static let maximumDepth = 256

        func fail(_ line: Int, _ message: String) -> ManifestError {
            .malformed(ManifestIssue(file: file, line: line, message: message))
        }

        mutating func node(indent: Int) throws(ManifestError) -> LockYAML {
            let first = lines[index]
            guard depth < Self.maximumDepth else {
                throw fail(first.number, "the lock file nests too deeply (more than \(Self.maximumDepth) levels); "
                    + "regenerate it with `pod install`")
            }
            depth += 1
            defer { depth -= 1 }
            if first.text == "-" || first.text.hasPrefix("- ") { return try sequence(indent: indent) }
            if try splitKey(first.text, line: first.number) != nil { return try mapping(indent: indent) }
            index += 1
            return .scalar(try scalar(first.text, line: first.number), line: first.number)
        }

        mutating func sequence(indent: Int) throws(ManifestError) -> LockYAML {
            let start = lines[index].number
            var items: [LockYAML] = []
            while index < lines.count, lines[index].indent == indent,
                  lines[index].text == "-" || lines[index].text.hasPrefix("- ") {
                let line = lines[index]
                let rest = line.text.dropFirst(1).drop { $0 == " " }
                let column = indent + (line.text.count - rest.count)
                if rest.isEmpty {
                    index += 1
                    guard index < lines.count, lines[index].indent > indent else {
                        items.append(.scalar("", line: line.number))
                        continue
                    }
                    items.append(try node(indent: lines[index].indent))
                } else if try splitKey(rest, line: line.number) != nil {
                    // `- key: value` starts a mapping whose keys line up with `key`.
                    items.append(try mapping(indent: column, firstLine: Line(number: line.number, indent: column, text: rest)))
                } else {
                    index += 1
                    items.append(.scalar(try scalar(rest, line: line.number), line: line.number))
                }
            }
            return .sequence(items, line: start)
        }

        mutating func mapping(indent: Int, firstLine: Line? = nil) throws(ManifestError) -> LockYAML {
            var pairs: [(key: String, value: LockYAML)] = []
            var pending = firstLine
            let start = firstLine?.number ?? lines[index].number
            while true {
                let line: Line
                if let first = pending {
                    line = first
                    pending = nil
                } else {
                    guard index < lines.count, lines[index].indent == indent else { break }
                    line = lines[index]
                }
                guard let (key, value) = try splitKey(line.text, line: line.number) else {
                    throw fail(line.number, "expected `key: value` here")
                }
                index += 1
                if !value.isEmpty {
                    pairs.append((key, .scalar(try scalar(value, line: line.number), line: line.number)))
                } else if index < lines.count, lines[index].indent > indent
                            || (lines[index].indent == indent && (lines[index].text == "-" || lines[index].text.hasPrefix("- "))) {
                    pairs.append((key, try node(indent: lines[index].indent)))
                } else {
                    pairs.append((key, .scalar("", line: line.number)))
                }
            }
            return .mapping(pairs, line: start)
        }

        /// `key: value` or `key:`, with the key possibly quoted; nil for a plain scalar.
        func splitKey(_ text: Substring, line: Int) throws(ManifestError) -> (String, Substring)? {
            if let quote = text.first, quote == "\"" || quote == "'" {
                guard let end = closingQuote(text) else { throw fail(line, "a quoted string is never closed") }
                let after = text[text.index(after: end)...]
                guard after.hasPrefix(":") else { return nil }
                let key = try scalar(text[...end], line: line)
                return (key, after.dropFirst().drop { $0 == " " })
            }
            var previous: Character = " "
            for index in text.indices {
                let character = text[index]
                if character == ":", previous != " " || index == text.startIndex {
                    let next = text.index(after: index)
                    if next == text.endIndex || text[next] == " " {
                        let key = text[..<index]
                        guard !key.isEmpty else { return nil }
                        return (String(key), text[next...].drop { $0 == " " })
                    }
                }
                previous = character
            }
            return nil
        }

        func closingQuote(_ text: Substring) -> Substring.Index? {
            let quote = text.first!
            var index = text.index(after: text.startIndex)
            while index < text.endIndex {
                let character = text[index]
                if quote == "\"", character == "\\" {
                    index = text.index(after: index)
                    if index < text.endIndex { index = text.index(after: index) }
                    continue
                }
                if character == quote {
                    let next = text.index(after: index)
                    // `''` inside single quotes is an escaped quote.
                    if quote == "'", next < text.endIndex, text[next] == "'" {
                        index = text.index(after: next)
                        continue
                    }
                    return index
                }
                index = text.index(after: index)
            }
            return nil
        }

        func scalar(_ text: Substring, line: Int) throws(ManifestError) -> String {
            guard let quote = text.first, quote == "\"" || quote == "'" else {
                if text.first == "[" || text.first == "{" || text.first == "&" || text.first == "*" || text.first == "|" || text.first == ">" {
                    throw fail(line, "compctl reads the block YAML CocoaPods writes; `\(text)` is not part of it, regenerate the file with `pod install`")
                }
                return String(text)
            }
            guard let end = closingQuote(text), text.index(after: end) == text.endIndex else {
                throw fail(line, "a quoted string is never closed, or text follows it")
            }
            let body = text[text.index(after: text.startIndex)..<end]
            if quote == "'" { return body.replacingOccurrences(of: "''", with: "'") }
            var result = ""
            var escaping = false
            for character in body {
                if escaping {
                    switch character {
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    default: result.append(character)
                    }
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }
}

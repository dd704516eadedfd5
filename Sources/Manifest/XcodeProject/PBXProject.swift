import Foundation

/// The Swift package references of an Xcode project (`project.pbxproj`, an old-style ASCII
/// property list): each `XCRemoteSwiftPackageReference` with its URL and requirement, each
/// `XCLocalSwiftPackageReference` with its path, and where each requirement's bytes are, so
/// that a pin rewrites only them.
public struct PBXProject: Equatable, Sendable {
    /// One remote package reference.
    public struct RemoteReference: Equatable, Sendable {
        /// The object's id (`5335256F265EA0A0006CCA86`).
        public var id: String
        public var repositoryURL: String
        /// `upToNextMajorVersion`, `upToNextMinorVersion`, `exactVersion`, `versionRange`,
        /// `branch` or `revision`; empty when the reference has no requirement.
        public var kind: String
        /// The requirement's other fields: `minimumVersion`, `maximumVersion`, `version`,
        /// `branch`, `revision`.
        public var fields: [String: String]
        /// The line of the object's id.
        public var line: Int
        /// The byte range of the requirement's value, `{ … }`.
        public var requirementRange: Range<Int>?
        /// The byte range of the `version` value of an exact requirement.
        public var versionRange: Range<Int>?
        /// The indentation of the `requirement = …` line.
        var indent: String
    }

    /// One local package reference (`relativePath`).
    public struct LocalReference: Equatable, Sendable {
        public var id: String
        public var relativePath: String
        public var line: Int
    }

    public var path: String
    public var remotes: [RemoteReference]
    public var locals: [LocalReference]

    /// Reads `project.pbxproj` bytes; `path` names the file in errors.
    public init(parsing bytes: [UInt8], path: String = "project.pbxproj") throws(ManifestError) {
        self.path = path
        var parser = PlistParser(bytes: bytes, path: path)
        let root = try parser.parse()
        remotes = []
        locals = []
        guard case let .dictionary(top, _) = root.value,
              let objects = top.first(where: { $0.key == "objects" })?.value,
              case let .dictionary(entries, _) = objects.value else {
            throw .malformed(ManifestIssue(file: path, line: nil, message: "no `objects` dictionary; this is not an Xcode project file"))
        }
        for entry in entries {
            guard case let .dictionary(fields, _) = entry.value.value else { continue }
            func string(_ key: String) -> String? {
                guard let node = fields.first(where: { $0.key == key })?.value, case let .string(text) = node.value else { return nil }
                return text
            }
            switch string("isa") {
            case "XCRemoteSwiftPackageReference":
                guard let url = string("repositoryURL") else { continue }
                var reference = RemoteReference(id: entry.key, repositoryURL: url, kind: "", fields: [:], line: entry.line,
                                                requirementRange: nil, versionRange: nil, indent: "")
                if let requirement = fields.first(where: { $0.key == "requirement" }) {
                    reference.requirementRange = requirement.value.range
                    reference.indent = Self.indent(of: requirement.keyStart, in: bytes)
                    if case let .dictionary(items, _) = requirement.value.value {
                        for item in items {
                            guard case let .string(text) = item.value.value else { continue }
                            if item.key == "kind" { reference.kind = text } else { reference.fields[item.key] = text }
                            if item.key == "version" { reference.versionRange = item.value.range }
                        }
                    }
                }
                remotes.append(reference)
            case "XCLocalSwiftPackageReference":
                if let relative = string("relativePath") {
                    locals.append(LocalReference(id: entry.key, relativePath: relative, line: entry.line))
                }
            default:
                continue
            }
        }
    }

    /// The whitespace before the line that holds `offset`.
    static func indent(of offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: "\t") || bytes[end] == UInt8(ascii: " ") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// Pins package references of an Xcode project to exact versions: each pinned reference's
/// requirement becomes `kind = exactVersion; version = x;` as Xcode writes it (an exact one
/// has only its version replaced), and nothing else in the file changes.
public enum PBXProjectEditor {
    /// `bytes` with every reference whose URL `matches` a key of `pins` pinned to its version.
    /// A reference without a requirement, or a version compctl cannot write, is an error;
    /// every problem is collected and thrown together, and then nothing is edited.
    public static func pin(_ pins: [String: String], in bytes: [UInt8], path: String,
                           matches: (String, String) -> Bool) throws(ManifestError) -> ManifestEdit {
        let project = try PBXProject(parsing: bytes, path: path)
        var issues: [ManifestIssue] = []
        var changes: [ManifestEdit.Change] = []
        for (package, version) in pins.sorted(by: { $0.key < $1.key }) {
            guard isWritableVersion(version) else {
                issues.append(ManifestIssue(file: path, line: nil, message: "`\(version)` is not a version compctl can write for `\(package)`"))
                continue
            }
            let references = project.remotes.filter { matches($0.repositoryURL, package) }
            if references.isEmpty {
                issues.append(ManifestIssue(file: path, line: nil, message: "no XCRemoteSwiftPackageReference of `\(package)`; add the package to the project in Xcode first"))
            }
            for reference in references {
                if reference.kind == "exactVersion", let range = reference.versionRange {
                    changes.append(.init(range: range, replacement: Array(quoted(version).utf8)))
                    continue
                }
                guard let range = reference.requirementRange else {
                    issues.append(ManifestIssue(file: path, line: reference.line, message: "the reference to `\(reference.repositoryURL)` has no requirement to rewrite"))
                    continue
                }
                let inner = reference.indent + "\t"
                let text = "{\n\(inner)kind = exactVersion;\n\(inner)version = \(quoted(version));\n\(reference.indent)}"
                changes.append(.init(range: range, replacement: Array(text.utf8)))
            }
        }
        if !issues.isEmpty { throw .cannotPin(issues) }
        return ManifestEdit(original: bytes, changes: changes)
    }

    /// A string as Xcode writes it in a pbxproj: bare when it holds only the characters a bare
    /// string may, quoted otherwise.
    static func quoted(_ text: String) -> String {
        let bare = !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
        return bare ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A value of an old-style property list, with its byte range.
struct PlistNode {
    enum Value {
        case string(String)
        case dictionary([(key: String, keyStart: Int, line: Int, value: PlistNode)], Int)
        case array([PlistNode])
    }

    var value: Value
    var range: Range<Int>
}

/// Reads an old-style (OpenStep) property list: `{ key = value; }`, `( a, b )`, quoted and
/// bare strings, `/* */` and `//` comments. Bounded in depth.
struct PlistParser {
    let bytes: [UInt8]
    let path: String
    var position = 0
    var line = 1
    var depth = 0

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    func fail(_ message: String) -> ManifestError {
        .malformed(ManifestIssue(file: path, line: line, message: message))
    }

    mutating func parse() throws(ManifestError) -> PlistNode {
        skipTrivia()
        let node = try value()
        return node
    }

    mutating func skipTrivia() {
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: "\n") {
                line += 1
                position += 1
            } else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                position += 1
            } else if c == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                    position += 1
                }
                position = min(bytes.count, position + 2)
            } else if c == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else {
                return
            }
        }
    }

    static func isBare(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
             UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    mutating func string() throws(ManifestError) -> (String, Range<Int>) {
        let start = position
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            var text: [UInt8] = []
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count {
                    position += 1
                    switch bytes[position] {
                    case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                    default: text.append(bytes[position])
                    }
                } else {
                    if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                    text.append(bytes[position])
                }
                position += 1
            }
            guard position < bytes.count else { throw fail("a string is never closed; add the closing \"") }
            position += 1
            return (String(decoding: text, as: UTF8.self), start..<position)
        }
        while position < bytes.count, Self.isBare(bytes[position]) { position += 1 }
        guard position > start else { throw fail("unexpected `\(String(decoding: [bytes[start]], as: UTF8.self))`") }
        return (String(decoding: bytes[start..<position], as: UTF8.self), start..<position)
    }

    mutating func expect(_ c: Character) throws(ManifestError) {
        skipTrivia()
        guard position < bytes.count, bytes[position] == c.asciiValue! else { throw fail("expected `\(c)`") }
        position += 1
    }

    mutating func value() throws(ManifestError) -> PlistNode {
        skipTrivia()
        guard position < bytes.count else { throw fail("the file ends in the middle of a value") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { throw fail("dictionaries nested more than 200 deep") }
            position += 1
            var entries: [(key: String, keyStart: Int, line: Int, value: PlistNode)] = []
            while true {
                skipTrivia()
                guard position < bytes.count else { throw fail("a dictionary is never closed; add `}`") }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    break
                }
                let keyLine = line
                let keyStart = position
                let (key, _) = try string()
                try expect("=")
                let node = try value()
                try expect(";")
                entries.append((key, keyStart, keyLine, node))
            }
            return PlistNode(value: .dictionary(entries, start), range: start..<position)
        case UInt8(ascii: "("):
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { throw fail("arrays nested more than 200 deep") }
            position += 1
            var items: [PlistNode] = []
            while true {
                skipTrivia()
                guard position < bytes.count else { throw fail("an array is never closed; add `)`") }
                if bytes[position] == UInt8(ascii: ")") {
                    position += 1
                    break
                }
                items.append(try value())
                skipTrivia()
                if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
            }
            return PlistNode(value: .array(items), range: start..<position)
        default:
            let (text, range) = try string()
            return PlistNode(value: .string(text), range: range)
        }
    }
}

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

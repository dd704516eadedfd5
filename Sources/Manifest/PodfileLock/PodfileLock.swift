import Foundation

/// What a Podfile.lock records: the resolved version of every pod (subspecs included), the
/// Podfile's dependencies, where each pod came from, and the CocoaPods version.
public struct PodfileLock: Equatable, Sendable {
    /// A `PODS` entry: `Foo/Bar (1.0)` and the dependencies it resolved with.
    public struct Pod: Equatable, Sendable {
        public var name: String
        public var version: String
        public var dependencies: [Dependency]

        public init(name: String, version: String, dependencies: [Dependency] = []) {
            self.name = name
            self.version = version
            self.dependencies = dependencies
        }
    }

    /// `Foo (~> 1.0)`, `Foo (>= 1, < 2)`, `Foo` or `Foo (from `…`, branch `…`)`.
    public struct Dependency: Equatable, Sendable {
        public var name: String
        public var requirements: [String]
        /// The text after `from` for a pod with an external source, as CocoaPods wrote it.
        public var externalSource: String?

        public init(name: String, requirements: [String] = [], externalSource: String? = nil) {
            self.name = name
            self.requirements = requirements
            self.externalSource = externalSource
        }
    }

    /// A `SPEC REPOS` entry: a spec repo (URL, or `trunk`) and the pods taken from it.
    public struct SpecRepo: Equatable, Sendable {
        public var repo: String
        public var pods: [String]

        public init(repo: String, pods: [String]) {
            self.repo = repo
            self.pods = pods
        }
    }

    public var path: String
    /// `PODS`, in file order.
    public var pods: [Pod]
    /// `DEPENDENCIES`: what the Podfile asked for.
    public var dependencies: [Dependency]
    /// `SPEC REPOS`, in file order.
    public var specRepos: [SpecRepo]
    /// `EXTERNAL SOURCES`: pod → options (`git`, `branch`, `path`, … without the colon).
    public var externalSources: [String: [String: String]]
    /// `CHECKOUT OPTIONS`: pod → options (`git`, `commit`, …).
    public var checkoutOptions: [String: [String: String]]
    /// `SPEC CHECKSUMS`: root pod → checksum.
    public var specChecksums: [String: String]
    public var podfileChecksum: String?
    /// `COCOAPODS`: the version that wrote the file.
    public var cocoapodsVersion: String?

    public init(path: String = "Podfile.lock", pods: [Pod] = [], dependencies: [Dependency] = [], specRepos: [SpecRepo] = [],
                externalSources: [String: [String: String]] = [:], checkoutOptions: [String: [String: String]] = [:],
                specChecksums: [String: String] = [:], podfileChecksum: String? = nil, cocoapodsVersion: String? = nil) {
        self.path = path
        self.pods = pods
        self.dependencies = dependencies
        self.specRepos = specRepos
        self.externalSources = externalSources
        self.checkoutOptions = checkoutOptions
        self.specChecksums = specChecksums
        self.podfileChecksum = podfileChecksum
        self.cocoapodsVersion = cocoapodsVersion
    }

    /// Name (subspecs included) → locked version.
    public var versions: [String: String] {
        Dictionary(pods.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
    }

    /// The locked version of a pod or subspec. A pod locks all its subspecs at one version, so
    /// a name without its own entry takes the version of any entry with the same root
    /// (`IGListKit` from `IGListKit/Swift (3.3.0)`).
    public func version(of name: String) -> String? {
        if let exact = pods.first(where: { $0.name == name }) { return exact.version }
        let root = podRootName(name)
        return pods.first { podRootName($0.name) == root }?.version
    }
}

extension PodfileLock {
    /// Reads the Podfile.lock at `path`.
    public init(contentsOf path: String) throws(ManifestError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it is not readable")
        }
        try self.init(parsing: String(decoding: data, as: UTF8.self), path: path)
    }

    /// Reads Podfile.lock text; `path` names the file in errors.
    public init(parsing text: String, path: String = "Podfile.lock") throws(ManifestError) {
        func fail(_ line: Int, _ message: String) -> ManifestError {
            .malformed(ManifestIssue(file: path, line: line, message: message))
        }
        let root = try LockYAML.parse(text, file: path)
        guard case let .mapping(sections, _) = root else {
            throw fail(root.line, "a Podfile.lock is a mapping of sections (PODS:, DEPENDENCIES:, …); regenerate it with `pod install`")
        }
        self.init(path: path)
        for (key, node) in sections {
            switch key {
            case "PODS":
                guard case let .sequence(items, _) = node else { throw fail(node.line, "PODS must be a list of `Name (version)` entries") }
                for item in items {
                    let entry: String
                    var dependencies: [Dependency] = []
                    switch item {
                    case let .scalar(text, _):
                        entry = text
                    case let .mapping(pairs, _) where pairs.count == 1:
                        entry = pairs[0].key
                        guard case let .sequence(children, _) = pairs[0].value else {
                            throw fail(pairs[0].value.line, "the dependencies of `\(entry)` must be a list")
                        }
                        for child in children {
                            guard case let .scalar(text, _) = child else { throw fail(child.line, "a dependency must be a single line") }
                            dependencies.append(Self.dependency(text))
                        }
                    default:
                        throw fail(item.line, "PODS entries are `Name (version)`, optionally followed by their dependencies")
                    }
                    let parsed = Self.dependency(entry)
                    guard parsed.requirements.count == 1, parsed.externalSource == nil else {
                        throw fail(item.line, "`\(entry)` has no version; PODS entries are `Name (version)`")
                    }
                    pods.append(Pod(name: parsed.name, version: parsed.requirements[0], dependencies: dependencies))
                }
            case "DEPENDENCIES":
                guard case let .sequence(items, _) = node else { throw fail(node.line, "DEPENDENCIES must be a list") }
                for item in items {
                    guard case let .scalar(text, _) = item else { throw fail(item.line, "a dependency must be a single line") }
                    dependencies.append(Self.dependency(text))
                }
            case "SPEC REPOS":
                guard case let .mapping(repos, _) = node else { throw fail(node.line, "SPEC REPOS must map each repo to its pods") }
                for (repo, list) in repos {
                    guard case let .sequence(items, _) = list else { throw fail(list.line, "the pods of `\(repo)` must be a list") }
                    var names: [String] = []
                    for item in items {
                        guard case let .scalar(name, _) = item else { throw fail(item.line, "a pod name must be a single line") }
                        names.append(name)
                    }
                    specRepos.append(SpecRepo(repo: repo, pods: names))
                }
            case "EXTERNAL SOURCES", "CHECKOUT OPTIONS":
                guard case let .mapping(entries, _) = node else { throw fail(node.line, "\(key) must map each pod to its options") }
                var result: [String: [String: String]] = [:]
                for (pod, options) in entries {
                    guard case let .mapping(pairs, _) = options else { throw fail(options.line, "the options of `\(pod)` must be a mapping") }
                    var values: [String: String] = [:]
                    for (option, value) in pairs {
                        guard case let .scalar(text, _) = value else { throw fail(value.line, "option `\(option)` must be a single value") }
                        values[option.hasPrefix(":") ? String(option.dropFirst()) : option] = text
                    }
                    result[pod] = values
                }
                if key == "EXTERNAL SOURCES" { externalSources = result } else { checkoutOptions = result }
            case "SPEC CHECKSUMS":
                guard case let .mapping(entries, _) = node else { throw fail(node.line, "SPEC CHECKSUMS must map each pod to a checksum") }
                for (pod, value) in entries {
                    guard case let .scalar(text, _) = value else { throw fail(value.line, "the checksum of `\(pod)` must be a single value") }
                    specChecksums[pod] = text
                }
            case "PODFILE CHECKSUM", "COCOAPODS":
                guard case let .scalar(text, _) = node else { throw fail(node.line, "\(key) must be a single value") }
                if key == "COCOAPODS" { cocoapodsVersion = text } else { podfileChecksum = text }
            default:
                // Sections newer CocoaPods versions add are not needed.
                break
            }
        }
    }

    /// Splits `Name (a, b)` into the name and what the parentheses hold.
    static func dependency(_ text: String) -> Dependency {
        guard let open = text.range(of: " ("), text.hasSuffix(")") else {
            return Dependency(name: text, requirements: [], externalSource: nil)
        }
        let name = String(text[..<open.lowerBound])
        let inside = String(text[open.upperBound..<text.index(before: text.endIndex)])
        if inside.hasPrefix("from ") {
            return Dependency(name: name, requirements: [], externalSource: String(inside.dropFirst(5)))
        }
        let requirements = inside.components(separatedBy: ", ").map { $0.trimmingCharacters(in: .whitespaces) }
        return Dependency(name: name, requirements: requirements, externalSource: nil)
    }
}

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

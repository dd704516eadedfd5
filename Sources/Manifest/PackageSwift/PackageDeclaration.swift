import Foundation

/// What a component's Package.swift declares, read without running it: the tools version,
/// the literal `Package(…)` initializer's dependencies, products and targets. Whatever the
/// manifest computes (a dependency added in an `if`, a URL built from a variable, an
/// `#if`, `package.dependencies.append`) is not guessed: it is a problem with its line,
/// and whoever reads the declaration decides what to do with a manifest that has any.
public struct PackageDeclaration: Equatable, Sendable {
    /// `// swift-tools-version:5.9` as numbers, `nil` when the first line does not say it.
    public var toolsVersion: ToolsVersion?
    /// The `name:` of the package.
    public var name: String?
    /// The literal `.package(…)` entries of `dependencies:`, in order.
    public var dependencies: [DeclaredDependency]
    /// The literal products, or `nil` when `products:` is not a literal list.
    public var products: [DeclaredProduct]
    /// The literal targets.
    public var targets: [DeclaredTarget]
    /// Every part of the manifest compctl cannot read as a literal, with its line.
    public var problems: [ManifestIssue]

    /// A swift-tools-version, `major.minor.patch`.
    public struct ToolsVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
        public var major: Int
        public var minor: Int
        public var patch: Int

        public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        public static func < (lhs: ToolsVersion, rhs: ToolsVersion) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }

        public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
    }

    /// Reads Package.swift source; `path` names the file in problems.
    public init(parsing bytes: [UInt8], path: String = "Package.swift") throws(ManifestError) {
        let tokens = try SwiftLexer.tokenize(bytes, file: path)
        var reader = DeclarationReader(tokens: tokens, bytes: bytes, path: path)
        toolsVersion = Self.toolsVersion(in: bytes)
        reader.read()
        name = reader.name
        dependencies = reader.dependencies
        products = reader.products
        targets = reader.targets
        problems = reader.problems
        if toolsVersion == nil {
            problems.insert(ManifestIssue(file: path, line: 1, message:
                "the first line does not declare the tools version; start the file with `// swift-tools-version:5.9` (or the version it needs)"), at: 0)
        }
    }

    /// The tools version the first line declares, as SwiftPM reads it: `//`, optional
    /// spaces, `swift-tools-version:` in any case, a version of two or three numbers.
    public static func toolsVersion(in bytes: [UInt8]) -> ToolsVersion? {
        var end = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        guard let line = String(bytes: bytes[0..<end], encoding: .utf8) else { return nil }
        var text = Substring(line)
        guard text.hasPrefix("//") else { return nil }
        text = text.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        let label = "swift-tools-version:"
        guard text.lowercased().hasPrefix(label) else { return nil }
        text = text.dropFirst(label.count).drop { $0 == " " || $0 == "\t" }
        let specifier = text.prefix { $0.isNumber || $0 == "." }
        let parts = specifier.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        let patch = parts.count == 3 ? Int(parts[2]) : 0
        guard let patch else { return nil }
        return ToolsVersion(major, minor, patch)
    }
}

/// One `.package(…)` entry of a manifest's `dependencies:`.
public struct DeclaredDependency: Equatable, Sendable {
    /// Where the package comes from.
    public enum Location: Equatable, Sendable {
        case url(String)
        case path(String)
        /// `.package(id: "scope.name", …)`, a registry package.
        case registry(String)
    }

    /// What the entry asks for, as written.
    public enum Requirement: Equatable, Sendable {
        case exact(String)
        case upToNextMajor(String)
        case upToNextMinor(String)
        /// `"lower"..<"upper"`.
        case halfOpen(String, String)
        /// `"lower"..."upper"`.
        case closed(String, String)
        case branch(String)
        case revision(String)
        /// A `path:` package has none.
        case none
    }

    public var location: Location
    /// The `name:` argument (before tools 5.2 the name targets refer to).
    public var name: String?
    public var requirement: Requirement
    /// The line of `.package`.
    public var line: Int
}

/// One product: a library, executable or plugin and the targets it holds.
public struct DeclaredProduct: Equatable, Sendable {
    public var name: String
    public var targets: [String]
    public var line: Int
}

/// One target with the dependencies it names.
public struct DeclaredTarget: Equatable, Sendable {
    /// A target dependency as written.
    public enum Dependency: Equatable, Sendable {
        /// `"Name"` or `.byName(name: "Name")`: a target, or a product of the package named so.
        case byName(String)
        /// `.target(name:)`.
        case target(String)
        /// `.product(name:package:)`.
        case product(String, package: String?)
    }

    public var name: String
    /// `target`, `executableTarget`, `testTarget`, `plugin`, `macro`, `binaryTarget`, …
    public var kind: String
    public var dependencies: [Dependency]
    /// The packages of `plugins: [.plugin(name:package:)]`.
    public var pluginPackages: [String]
    public var line: Int
}

/// Walks the tokens of a manifest for `DeclaredPackage`.
private struct DeclarationReader {
    let tokens: [SwiftToken]
    let bytes: [UInt8]
    let path: String
    let closers: [Int]
    var name: String?
    var dependencies: [DeclaredDependency] = []
    var products: [DeclaredProduct] = []
    var targets: [DeclaredTarget] = []
    var problems: [ManifestIssue] = []
    /// Token indices of the `.package(` calls read as literal entries.
    var literalPackageCalls: Set<Int> = []

    init(tokens: [SwiftToken], bytes: [UInt8], path: String) {
        self.tokens = tokens
        self.bytes = bytes
        self.path = path
        closers = tokens.closers()
    }

    mutating func problem(_ line: Int, _ message: String) {
        problems.append(ManifestIssue(file: path, line: line, message: message))
    }

    func text(_ range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        return String(decoding: bytes[tokens[first].start..<tokens[last].end], as: UTF8.self)
    }

    mutating func read() {
        // `let package = Package(`: the one initializer the manifest's meaning comes from.
        var variable: String?
        var open: Int?
        for i in tokens.indices where tokens[i].isIdentifier("Package") && i + 1 < tokens.count
            && tokens[i + 1].isPunctuation("(") && closers[i + 1] >= 0 {
            if i >= 2, tokens[i - 1].isPunctuation("="), tokens[i - 2].kind == .identifier { variable = tokens[i - 2].text }
            open = i + 1
            break
        }
        guard let open else {
            problem(1, "no `Package(…)` initializer was found; compctl reads the literal `let package = Package(…)`")
            return
        }
        let close = closers[open]
        for k in open..<close where tokens[k].isPunctuation("#") && k + 1 < close && tokens[k + 1].isIdentifier("if") {
            problem(tokens[k].line, "an `#if` inside `Package(…)` makes the manifest depend on the build; compctl reads only what every build sees, so move the condition out or declare the dependency plainly")
        }
        for argument in tokens.splitArguments(open + 1..<close, closers: closers) {
            guard let label = tokens.label(of: argument) else { continue }
            let value = argument.lowerBound + 2..<argument.upperBound
            switch label {
            case "name": name = value.count == 1 ? tokens[value.lowerBound].stringValue : nil
            case "dependencies": readDependencies(value)
            case "products": readProducts(value)
            case "targets": readTargets(value)
            default: break
            }
        }
        // Anything that changes the package after the initializer is code compctl does not run.
        if let variable {
            for k in tokens.indices where k + 2 < tokens.count && tokens[k].isIdentifier(variable)
                && tokens[k + 1].isPunctuation(".")
                && ["dependencies", "targets", "products"].contains(tokens[k + 2].text) && !(open..<close).contains(k) {
                problem(tokens[k].line, "`\(variable).\(tokens[k + 2].text)` is changed by code compctl does not run; declare every \(tokens[k + 2].text == "dependencies" ? "dependency" : "entry") in the `Package(…)` initializer")
            }
        }
        for k in tokens.indices where k + 2 < tokens.count && tokens[k].isPunctuation(".") && tokens[k + 1].isIdentifier("package")
            && tokens[k + 2].isPunctuation("(") && !literalPackageCalls.contains(k) {
            problem(tokens[k].line, "this `.package(…)` is not an entry of the literal `dependencies:` list of `Package(…)`, so it depends on code compctl does not run; declare it in that list")
        }
    }

    /// The elements of a literal `[…]`, or nil (with a problem) when `value` is not one.
    mutating func listElements(_ value: Range<Int>, what: String) -> [Range<Int>]? {
        guard value.count >= 2, tokens[value.lowerBound].isPunctuation("["),
              closers[value.lowerBound] == value.upperBound - 1 else {
            let line = value.first.map { tokens[$0].line } ?? 1
            problem(line, "`\(what):` is `\(text(value))`, not a literal list; compctl reads only literal lists, so write the \(what) out in `Package(…)`")
            return nil
        }
        return tokens.splitArguments(value.lowerBound + 1..<value.upperBound - 1, closers: closers)
    }

    /// `.name(…)`: the call's name and the range of its arguments.
    func call(_ element: Range<Int>) -> (name: String, arguments: [Range<Int>])? {
        let t = element
        guard t.count >= 4, tokens[t.lowerBound].isPunctuation("."), tokens[t.lowerBound + 1].kind == .identifier,
              tokens[t.lowerBound + 2].isPunctuation("("), closers[t.lowerBound + 2] == t.upperBound - 1 else { return nil }
        return (tokens[t.lowerBound + 1].text, tokens.splitArguments(t.lowerBound + 3..<t.upperBound - 1, closers: closers))
    }

    /// The string literal `label:` holds among `arguments`.
    func string(_ label: String, in arguments: [Range<Int>]) -> String? {
        guard let argument = arguments.first(where: { tokens.label(of: $0) == label }), argument.count == 3 else { return nil }
        return tokens[argument.lowerBound + 2].stringValue
    }

    mutating func readDependencies(_ value: Range<Int>) {
        guard let elements = listElements(value, what: "dependencies") else { return }
        for element in elements {
            let line = tokens[element.lowerBound].line
            guard let (callName, arguments) = call(element), callName == "package" else {
                problem(line, "`\(text(element))` is not a `.package(…)` declaration; compctl reads only literal `.package(url:…)` entries")
                continue
            }
            literalPackageCalls.insert(element.lowerBound)
            guard let locationIndex = arguments.firstIndex(where: { ["url", "path", "id"].contains(tokens.label(of: $0) ?? "") }) else {
                problem(line, "`\(text(element))` names no `url:`, `path:` or `id:`")
                continue
            }
            let label = tokens.label(of: arguments[locationIndex])!
            guard let location = string(label, in: arguments) else {
                problem(line, "the \(label) of this `.package` is computed (`\(text(arguments[locationIndex]))`); write it as a string literal")
                continue
            }
            let declaredName = arguments[..<locationIndex].compactMap { argument in
                tokens.label(of: argument) == "name" && argument.count == 3 ? tokens[argument.lowerBound + 2].stringValue : nil
            }.first
            let rest = Array(arguments[(locationIndex + 1)...]).filter { tokens.label(of: $0) != "traits" }
            var entry = DeclaredDependency(
                location: label == "url" ? .url(location) : label == "path" ? .path(location) : .registry(location),
                name: declaredName, requirement: .none, line: line)
            if label != "path" {
                guard let requirement = requirement(rest) else {
                    let written = rest.isEmpty ? "nothing" : rest.map(text).joined(separator: ", ")
                    problem(line, "the requirement of `\(location)` (\(written)) is not a literal compctl can read; write `from: \"x.y.z\"`, `exact: \"x.y.z\"`, `.upToNextMinor(from:)`, a range of string literals, `branch:` or `revision:`")
                    continue
                }
                entry.requirement = requirement
            }
            dependencies.append(entry)
        }
    }

    func requirement(_ arguments: [Range<Int>]) -> DeclaredDependency.Requirement? {
        guard arguments.count == 1, let argument = arguments.first else { return nil }
        let t = Array(tokens[argument])
        if t.count == 3, let lower = t[0].stringValue, let upper = t[2].stringValue {
            if t[1].isPunctuation("..<") { return .halfOpen(lower, upper) }
            if t[1].isPunctuation("...") { return .closed(lower, upper) }
        }
        let (parsed, _) = PackageDependency.requirement(arguments, tokens: tokens, text: text(argument))
        switch parsed {
        case let .exact(v): return .exact(v)
        case let .upToNextMajor(v): return .upToNextMajor(v)
        case let .upToNextMinor(v): return .upToNextMinor(v)
        case let .branch(b): return .branch(b)
        case let .revision(r): return .revision(r)
        case .range, .unrecognized, .none: return nil
        }
    }

    mutating func readProducts(_ value: Range<Int>) {
        guard let elements = listElements(value, what: "products") else { return }
        for element in elements {
            let line = tokens[element.lowerBound].line
            guard let (_, arguments) = call(element), let productName = string("name", in: arguments) else {
                problem(line, "the product `\(text(element))` is not a literal `.library(name:targets:)` or `.executable(name:targets:)`")
                continue
            }
            var names: [String] = []
            if let argument = arguments.first(where: { tokens.label(of: $0) == "targets" }),
               let items = listElements(argument.lowerBound + 2..<argument.upperBound, what: "targets") {
                for item in items {
                    if item.count == 1, let target = tokens[item.lowerBound].stringValue {
                        names.append(target)
                    } else {
                        problem(tokens[item.lowerBound].line, "the target `\(text(item))` of product \(productName) is not a string literal")
                    }
                }
            }
            products.append(DeclaredProduct(name: productName, targets: names, line: line))
        }
    }

    mutating func readTargets(_ value: Range<Int>) {
        guard let elements = listElements(value, what: "targets") else { return }
        for element in elements {
            let line = tokens[element.lowerBound].line
            guard let (kind, arguments) = call(element), let targetName = string("name", in: arguments) else {
                problem(line, "the target `\(text(element))` is not a literal `.target(name:…)`")
                continue
            }
            var target = DeclaredTarget(name: targetName, kind: kind, dependencies: [], pluginPackages: [], line: line)
            if let argument = arguments.first(where: { tokens.label(of: $0) == "dependencies" }),
               let items = listElements(argument.lowerBound + 2..<argument.upperBound, what: "dependencies") {
                for item in items {
                    if item.count == 1, let byName = tokens[item.lowerBound].stringValue {
                        target.dependencies.append(.byName(byName))
                    } else if let (callName, callArguments) = call(item), let dependencyName = string("name", in: callArguments) {
                        switch callName {
                        case "product": target.dependencies.append(.product(dependencyName, package: string("package", in: callArguments)))
                        case "target": target.dependencies.append(.target(dependencyName))
                        case "byName": target.dependencies.append(.byName(dependencyName))
                        default: problem(tokens[item.lowerBound].line, "the dependency `\(text(item))` of target \(targetName) is not one compctl reads")
                        }
                    } else {
                        problem(tokens[item.lowerBound].line, "the dependency `\(text(item))` of target \(targetName) is not a literal")
                    }
                }
            }
            if let argument = arguments.first(where: { tokens.label(of: $0) == "plugins" }),
               let items = listElements(argument.lowerBound + 2..<argument.upperBound, what: "plugins") {
                for item in items {
                    if let (callName, callArguments) = call(item), callName == "plugin", let package = string("package", in: callArguments) {
                        target.pluginPackages.append(package)
                    }
                }
            }
            targets.append(target)
        }
    }
}

/// What compctl reads from a Podfile: sources, the platform, every target and every `pod` line
/// the file can reach, plus a warning for each line it had to skip.
///
/// Pods are kept as declarations: one per `pod` line (and per distinct value, when a helper
/// method is called with different arguments), with every target that reaches the line.
public struct Podfile: Equatable, Sendable {
    /// The file name used in warnings and errors.
    public var path: String
    /// `source` lines, in file order.
    public var sources: [String]
    /// The platform of the root target (`platform :ios, '13.0'` outside any target block).
    public var platform: PodfilePlatform?
    /// `plugin` lines, in file order.
    public var plugins: [String]
    /// Every target, the implicit root target `Pods` first, then in file order.
    public var targets: [PodfileTarget]
    /// Every `pod` line read, in the order compctl reached them.
    public var declarations: [PodDeclaration]
    /// Lines compctl skipped, each with the reason; sorted by line.
    public var warnings: [PodfileWarning]
    /// Where the pin editor may add lines, per target name.
    var layouts: [String: TargetLayout] = [:]

    /// The target with that name.
    public func target(named name: String) -> PodfileTarget? {
        targets.first { $0.name == name }
    }

    /// The declarations a target makes itself (directly or through helper methods it calls),
    /// not counting what it inherits from its parent.
    public func declarations(of target: String) -> [PodDeclaration] {
        declarations.filter { $0.targets.contains(target) }
    }

    /// The root pods the pin editor can pin, in the order the file first names them: every
    /// `pod` line naming the pod or one of its subspecs comes from a spec repo, names it
    /// literally, and was read. `pin --all` pins these.
    public var pinnableRootNames: [String] {
        var order: [String] = []
        var blocked: Set<String> = Set(warnings.compactMap { $0.pod.map(podRootName) })
        for declaration in declarations {
            let root = declaration.rootName
            if declaration.options.externalSource != nil || declaration.nameFromArgument { blocked.insert(root) }
            if !order.contains(root) { order.append(root) }
        }
        return order.filter { !blocked.contains($0) }
    }

    /// Every pod the file names, once per target that declares it, for the resolver.
    /// `:subspecs => ['A', 'B']` on `Foo` becomes `Foo/A` and `Foo/B`, as CocoaPods expands it.
    public var dependencies: [PodfileDependency] {
        var result: [PodfileDependency] = []
        for declaration in declarations {
            let names = declaration.options.subspecs.map { subspecs in
                subspecs.map { "\(declaration.name)/\($0)" }
            } ?? [declaration.name]
            for use in declaration.uses {
                for name in names {
                    result.append(PodfileDependency(
                        name: name, requirements: declaration.requirements,
                        externalSource: declaration.options.externalSource, declaredBy: use.target,
                        line: declaration.line, callLines: use.callLines, isConditional: use.isConditional))
                }
            }
        }
        return result
    }
}

/// `platform :ios, '13.0'`. The version is `nil` when the line gives none, or when it is not a
/// literal (compctl then also warns).
public struct PodfilePlatform: Equatable, Sendable {
    public var name: String
    public var version: String?

    public init(name: String, version: String?) {
        self.name = name
        self.version = version
    }
}

/// A `target` or `abstract_target` block, or the implicit root target `Pods`.
public struct PodfileTarget: Equatable, Sendable {
    /// What `inherit!` says the target takes from its parent.
    public enum Inheritance: String, Equatable, Sendable {
        case complete
        case searchPaths = "search_paths"
        case none
    }

    public var name: String
    /// The enclosing target; `nil` only for the root target.
    public var parent: String?
    public var isAbstract: Bool
    public var inheritance: Inheritance
    /// The target's own `platform` line, if it has one.
    public var platform: PodfilePlatform?
    /// Whether the target's block says `use_frameworks!` (not counting its parents).
    public var usesFrameworks: Bool
    /// The line of the `target` call; `nil` for the root target.
    public var line: Int?
    /// Whether the target is declared inside an `if`, `case` or loop.
    public var isConditional: Bool

    public init(name: String, parent: String?, isAbstract: Bool = false, inheritance: Inheritance = .complete,
                platform: PodfilePlatform? = nil, usesFrameworks: Bool = false, line: Int? = nil, isConditional: Bool = false) {
        self.name = name
        self.parent = parent
        self.isAbstract = isAbstract
        self.inheritance = inheritance
        self.platform = platform
        self.usesFrameworks = usesFrameworks
        self.line = line
        self.isConditional = isConditional
    }

    /// `inherit! :search_paths`: a test target that links against its host's pods.
    public var inheritsSearchPathsOnly: Bool { inheritance == .searchPaths }

    /// The name CocoaPods gives the implicit root target.
    public static let rootName = "Pods"
}

/// Where a pod comes from when it does not come from a spec repo.
public struct PodExternalSource: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case git, path, podspec
    }

    public var kind: Kind
    /// The URL or path.
    public var value: String
    /// `:branch`, `:tag` or `:commit` with `:git`.
    public var branch: String?
    public var tag: String?
    public var commit: String?

    public init(kind: Kind, value: String, branch: String? = nil, tag: String? = nil, commit: String? = nil) {
        self.kind = kind
        self.value = value
        self.branch = branch
        self.tag = tag
        self.commit = commit
    }
}

/// The options of a `pod` line that compctl understands.
public struct PodOptions: Hashable, Sendable {
    public var externalSource: PodExternalSource?
    /// `:subspecs => [...]`.
    public var subspecs: [String]?
    /// `:testspecs => [...]`.
    public var testspecs: [String]?
    /// `:configurations => [...]` or `:configuration => '...'`.
    public var configurations: [String]?
    /// `:modular_headers => true|false`; `nil` when absent or not a literal.
    public var modularHeaders: Bool?
    /// `:inhibit_warnings => true|false`; `nil` when absent or not a literal.
    public var inhibitWarnings: Bool?
    /// `:source => 'url'`: the spec repo this pod must come from.
    public var source: String?
    /// Names of other options (`:project_name`, `:linkage`, …), in file order.
    public var otherOptions: [String]

    public init(externalSource: PodExternalSource? = nil, subspecs: [String]? = nil, testspecs: [String]? = nil,
                configurations: [String]? = nil, modularHeaders: Bool? = nil, inhibitWarnings: Bool? = nil,
                source: String? = nil, otherOptions: [String] = []) {
        self.externalSource = externalSource
        self.subspecs = subspecs
        self.testspecs = testspecs
        self.configurations = configurations
        self.modularHeaders = modularHeaders
        self.inhibitWarnings = inhibitWarnings
        self.source = source
        self.otherOptions = otherOptions
    }
}

/// The quote a literal was written with, kept so an edit writes the same kind.
public enum PodfileQuote: Equatable, Sendable {
    case single
    case double
    /// The name is not a plain quoted literal (a variable, `%q()`); edits use single quotes.
    case other

    var character: UInt8 {
        self == .double ? UInt8(ascii: "\"") : UInt8(ascii: "'")
    }
}

/// How one target reaches a `pod` line.
public struct PodUse: Equatable, Sendable {
    /// The target whose block runs the line.
    public var target: String
    /// The lines of the helper-method calls that lead to the `pod` line, outermost first;
    /// empty when the line sits in the target block itself.
    public var callLines: [Int]
    /// Whether an `if`, `case`, loop or modifier guards the line or a call leading to it.
    public var isConditional: Bool

    public init(target: String, callLines: [Int] = [], isConditional: Bool = false) {
        self.target = target
        self.callLines = callLines
        self.isConditional = isConditional
    }
}

/// One `pod` line as compctl read it, with the byte ranges the pin editor rewrites.
public struct PodDeclaration: Equatable, Sendable {
    /// `Foo` or `Foo/Bar`.
    public var name: String
    /// The requirements as written (`~> 1.0`, `< 1.5`); empty when the line has none.
    public var requirements: [String]
    public var options: PodOptions
    /// The line of the `pod` call.
    public var line: Int
    /// Every target that reaches the line, directly or through helper methods.
    public var uses: [PodUse]
    /// UTF-8 byte ranges of the requirement arguments in the file (a literal, or a variable
    /// that held one), in order.
    public var requirementRanges: [Range<Int>]
    /// UTF-8 byte range of the name argument.
    public var nameRange: Range<Int>
    /// Where `, '1.0'` goes when the line has no requirement: right after the name argument.
    public var requirementInsertionPoint: Int { nameRange.upperBound }
    /// The quote of the name literal.
    public var quote: PodfileQuote
    /// Whether the name comes from a parameter of the helper method the line sits in, so one
    /// line declares different pods for different callers.
    public var nameFromArgument: Bool
    /// The name of the helper method the line sits in, if any.
    public var method: String?
    /// UTF-8 byte offset right after the last argument: where the editor adds an option.
    public var argumentsEnd: Int = 0
    /// Where the line's `:source` option is, when it has one.
    public var sourceOption: SourceOption?

    /// A `:source` option's place on its line.
    public struct SourceOption: Equatable, Sendable {
        /// The option with the comma and space before it: what removing it deletes.
        public var removal: Range<Int>
        /// Whether it sits in a `{ … }` hash argument, which the editor leaves alone.
        public var isInHash: Bool
    }

    /// The targets that reach the line, each once, in the order they reached it.
    public var targets: [String] {
        var seen: Set<String> = []
        return uses.compactMap { seen.insert($0.target).inserted ? $0.target : nil }
    }

    /// Whether every way to reach the line is guarded by a condition.
    public var isConditional: Bool { uses.allSatisfy(\.isConditional) }

    /// The pod name without its subspec: `Foo` for `Foo/Bar`.
    public var rootName: String { podRootName(name) }
}

/// One pod the Podfile names, as one target declares it: the flattened view for the resolver.
public struct PodfileDependency: Equatable, Sendable {
    public var name: String
    public var requirements: [String]
    public var externalSource: PodExternalSource?
    /// The target that declares it.
    public var declaredBy: String
    /// The line of the `pod` call.
    public var line: Int
    /// Helper-method calls leading to it, outermost first.
    public var callLines: [Int]
    public var isConditional: Bool

    public init(name: String, requirements: [String], externalSource: PodExternalSource? = nil, declaredBy: String,
                line: Int, callLines: [Int] = [], isConditional: Bool = false) {
        self.name = name
        self.requirements = requirements
        self.externalSource = externalSource
        self.declaredBy = declaredBy
        self.line = line
        self.callLines = callLines
        self.isConditional = isConditional
    }
}

/// A line compctl could not evaluate and skipped.
public struct PodfileWarning: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    /// The pod, when the skipped line is a `pod` line whose name is known.
    public var pod: String?

    public init(line: Int, message: String, pod: String? = nil) {
        self.line = line
        self.message = message
        self.pod = pod
    }

    public var description: String { "line \(line): \(message)" }
}

/// `Foo` for `Foo/Bar`.
func podRootName(_ name: String) -> String {
    name.firstIndex(of: "/").map { String(name[..<$0]) } ?? name
}

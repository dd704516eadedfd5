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
        let root = try LockYAML.parse(text, file: path)
        guard case let .mapping(sections, _) = root else {
            throw Self.fail(path, root.line, "a Podfile.lock is a mapping of sections (PODS:, DEPENDENCIES:, …); regenerate it with `pod install`")
        }
        self.init(path: path)
        for (key, node) in sections {
            switch key {
            case "PODS":
                pods += try Self.pods(node, path: path)
            case "DEPENDENCIES":
                guard case let .sequence(items, _) = node else { throw Self.fail(path, node.line, "DEPENDENCIES must be a list") }
                for item in items {
                    guard case let .scalar(text, _) = item else { throw Self.fail(path, item.line, "a dependency must be a single line") }
                    dependencies.append(Self.dependency(text))
                }
            case "SPEC REPOS":
                specRepos += try Self.specRepos(node, path: path)
            case "EXTERNAL SOURCES", "CHECKOUT OPTIONS":
                let options = try Self.podOptions(node, section: key, path: path)
                if key == "EXTERNAL SOURCES" { externalSources = options } else { checkoutOptions = options }
            case "SPEC CHECKSUMS":
                guard case let .mapping(entries, _) = node else { throw Self.fail(path, node.line, "SPEC CHECKSUMS must map each pod to a checksum") }
                for (pod, value) in entries {
                    guard case let .scalar(text, _) = value else { throw Self.fail(path, value.line, "the checksum of `\(pod)` must be a single value") }
                    specChecksums[pod] = text
                }
            case "PODFILE CHECKSUM", "COCOAPODS":
                guard case let .scalar(text, _) = node else { throw Self.fail(path, node.line, "\(key) must be a single value") }
                if key == "COCOAPODS" { cocoapodsVersion = text } else { podfileChecksum = text }
            default:
                // Sections newer CocoaPods versions add are not needed.
                break
            }
        }
    }

    private static func fail(_ path: String, _ line: Int, _ message: String) -> ManifestError {
        .malformed(ManifestIssue(file: path, line: line, message: message))
    }

    /// The PODS section: `Name (version)` entries, each optionally with its dependencies.
    private static func pods(_ node: LockYAML, path: String) throws(ManifestError) -> [Pod] {
        guard case let .sequence(items, _) = node else { throw fail(path, node.line, "PODS must be a list of `Name (version)` entries") }
        var pods: [Pod] = []
        for item in items {
            let entry: String
            var dependencies: [Dependency] = []
            switch item {
            case let .scalar(text, _):
                entry = text
            case let .mapping(pairs, _) where pairs.count == 1:
                entry = pairs[0].key
                guard case let .sequence(children, _) = pairs[0].value else {
                    throw fail(path, pairs[0].value.line, "the dependencies of `\(entry)` must be a list")
                }
                for child in children {
                    guard case let .scalar(text, _) = child else { throw fail(path, child.line, "a dependency must be a single line") }
                    dependencies.append(Self.dependency(text))
                }
            default:
                throw fail(path, item.line, "PODS entries are `Name (version)`, optionally followed by their dependencies")
            }
            let parsed = Self.dependency(entry)
            guard parsed.requirements.count == 1, parsed.externalSource == nil else {
                throw fail(path, item.line, "`\(entry)` has no version; PODS entries are `Name (version)`")
            }
            pods.append(Pod(name: parsed.name, version: parsed.requirements[0], dependencies: dependencies))
        }
        return pods
    }

    /// The SPEC REPOS section: each repo with the pods that came from it.
    private static func specRepos(_ node: LockYAML, path: String) throws(ManifestError) -> [SpecRepo] {
        guard case let .mapping(repos, _) = node else { throw fail(path, node.line, "SPEC REPOS must map each repo to its pods") }
        var result: [SpecRepo] = []
        for (repo, list) in repos {
            guard case let .sequence(items, _) = list else { throw fail(path, list.line, "the pods of `\(repo)` must be a list") }
            var names: [String] = []
            for item in items {
                guard case let .scalar(name, _) = item else { throw fail(path, item.line, "a pod name must be a single line") }
                names.append(name)
            }
            result.append(SpecRepo(repo: repo, pods: names))
        }
        return result
    }

    /// EXTERNAL SOURCES or CHECKOUT OPTIONS: each pod's options, without their leading `:`.
    private static func podOptions(_ node: LockYAML, section: String, path: String) throws(ManifestError) -> [String: [String: String]] {
        guard case let .mapping(entries, _) = node else { throw fail(path, node.line, "\(section) must map each pod to its options") }
        var result: [String: [String: String]] = [:]
        for (pod, options) in entries {
            guard case let .mapping(pairs, _) = options else { throw fail(path, options.line, "the options of `\(pod)` must be a mapping") }
            var values: [String: String] = [:]
            for (option, value) in pairs {
                guard case let .scalar(text, _) = value else { throw fail(path, value.line, "option `\(option)` must be a single value") }
                values[option.hasPrefix(":") ? String(option.dropFirst()) : option] = text
            }
            result[pod] = values
        }
        return result
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

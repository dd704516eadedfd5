import Podspec
import Versioning

/// One dependency as a spec writes it: a pod or subspec name (`XXUIKit/Core`) and its
/// requirement strings, all of which must hold (none: any version).
public struct SpecDependency: Hashable, Sendable, Codable {
    public var name: String
    public var requirements: [String]

    /// A dependency on `name` with `requirements`.
    public init(name: String, requirements: [String] = []) {
        self.name = name
        self.requirements = requirements
    }

    /// The pod the dependency is on: `XXUIKit` for `XXUIKit/Core`.
    public var rootName: String { PodName.root(of: name) }

    /// Whether the dependency is on the pod `root` (`rootName == root`), told without making
    /// the root name. Compared as Strings, as everywhere else names are: `Café` written with
    /// a combining accent is the same pod.
    func isOn(pod root: String) -> Bool {
        guard let slash = Podspec.PodName.firstSlash(in: name) else { return name == root }
        return name[..<slash] == root
    }
}

/// Helpers for CocoaPods' spec names (`Foo`, `Foo/Bar`, `Foo/Bar/Baz`).
enum PodName {
    /// `Foo` for `Foo/Bar/Baz` (`Specification.root_name`). The slash is looked for in the
    /// bytes, as Ruby's `split('/')` does, and not among Characters, which costs a grapheme
    /// break test per character on the resolver's hottest path.
    static func root(of name: String) -> String {
        guard let slash = Podspec.PodName.firstSlash(in: name) else { return name }
        return String(name[..<slash])
    }

    /// `Bar/Baz` for `Foo/Bar/Baz`, and the empty path for `Foo`.
    static func subspecPath(of name: String) -> String {
        guard let slash = Podspec.PodName.firstSlash(in: name) else { return "" }
        return String(name[name.utf8.index(after: slash)...])
    }

    /// `Foo/Bar` from `Foo` and `Bar`; `Foo` for the empty path.
    static func join(_ root: String, _ path: String) -> String {
        path.isEmpty ? root : root + "/" + path
    }
}

/// Values by subspec path (the root's is empty), in the order added. Most pods have one
/// spec, the root, or a handful: a scan of the paths finds one without hashing it, which the
/// resolver does several times for every spec it reads. Past a handful, a dictionary does.
/// Paths and values are kept side by side in one array: one allocation per table, and the
/// resolver builds two tables for every spec it reads.
struct PathTable<Value: Sendable>: Sendable {
    private var entries: [(path: String, value: Value)] = []
    private var index: [String: Int]?
    private static var scanLimit: Int { 8 }

    /// An empty table with room for `capacity` paths.
    init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
    }

    /// The value at `path`, if any.
    subscript(path: String) -> Value? {
        position(of: path).map { entries[$0].value }
    }

    /// Where the value at `path` is in `entries`, if it has one.
    private func position(of path: String) -> Int? {
        if let index { return index[path] }
        return entries.firstIndex { $0.path == path }
    }

    /// How many paths have a value.
    var count: Int { entries.count }

    /// The paths, in the order added.
    var keys: [String] { entries.map(\.path) }

    /// The values, in the order added.
    var values: some Collection<Value> { entries.lazy.map(\.value) }

    /// Adds `value` at `path` unless the path has one already.
    mutating func insertIfAbsent(_ value: Value, at path: String) {
        // Looked for by position: the subscript would copy the value found only to drop it.
        guard position(of: path) == nil else { return }
        entries.append((path, value))
        if index != nil {
            index![path] = entries.count - 1
        } else if entries.count > Self.scanLimit {
            index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.path, $0) })
        }
    }
}

/// What the resolver needs from one version of a pod's podspec, flattened once when the spec
/// is loaded: each spec of the tree (the root has the empty path) with the dependencies it
/// brings, the subspecs it pulls in, and where it runs. Sources make it
/// (`SpecProvider.model(name:version:)`); only the resolver reads it.
public final class SpecModel: Sendable {
    /// One spec of the tree, the root or a subspec.
    struct Node: Sendable {
        /// `Bar/Baz` for `Foo/Bar/Baz`; empty for the root.
        var path: String
        /// The node's own `dependency` lines.
        var dependencies: [SpecDependency]
        /// The node's `default_subspecs`, relative to it.
        var defaultSubspecs: [String]
        /// The paths of the node's direct subspecs, in declaration order.
        var children: [String]
        /// Platform name → minimum deployment target, with a parent's platforms inherited
        /// when the node declares none (`Specification#available_platforms`). Empty: every
        /// platform; an empty target: any version of it, as a podspec writes it.
        var platforms: [String: String]
    }

    /// What using one spec of the tree brings in, at this version.
    struct Feature: Sendable {
        /// Dependencies on other pods.
        var dependencies: [SpecDependency]
        /// Subspec paths of the same pod it needs (its own subspecs, or a sibling named in a
        /// dependency such as `Foo/Core`).
        var activations: [String]
    }

    let name: String
    let version: Version
    let nodes: PathTable<Node>
    /// Whether the pod has any subspec at this version.
    let hasSubspecs: Bool
    /// Whether a subspec inherits the dependencies of the specs above it, as a podspec's do;
    /// not for a pod taken from Podfile.lock, whose entries list every dependency already.
    let inheritsDependencies: Bool

    /// What every use of the pod brings in: the root spec's own dependencies, which every
    /// subspec inherits (CocoaPods' `dependencies` attribute is inherited).
    let rootFeature: Feature
    /// What depending on `Foo/<path>` (the empty path: plain `Foo`) brings in beyond the root
    /// spec's own dependencies, by path.
    private let features: PathTable<Feature>
    /// The root spec says the pod is deprecated (`deprecated`, `deprecated_in_favor_of`).
    let isDeprecated: Bool
    /// The pod the deprecation points to, if it names one.
    let deprecatedInFavorOf: String?

    /// `nodes` in tree order: the root, then each subspec depth-first. Without
    /// `inheritsDependencies`, each node's dependencies are all it brings in.
    convenience init(name: String, version: Version, nodes: [Node], inheritsDependencies: Bool = true,
                     isDeprecated: Bool = false, deprecatedInFavorOf: String? = nil) {
        var byPath = PathTable<Node>(capacity: nodes.count)
        for node in nodes { byPath.insertIfAbsent(node, at: node.path) }
        self.init(name: name, version: version, nodes: byPath, inheritsDependencies: inheritsDependencies,
                  isDeprecated: isDeprecated, deprecatedInFavorOf: deprecatedInFavorOf)
    }

    /// The nodes by path, in tree order.
    private init(name: String, version: Version, nodes: PathTable<Node>, inheritsDependencies: Bool,
                 isDeprecated: Bool, deprecatedInFavorOf: String?) {
        self.name = name
        self.isDeprecated = isDeprecated
        self.deprecatedInFavorOf = deprecatedInFavorOf
        self.version = version
        self.inheritsDependencies = inheritsDependencies
        self.nodes = nodes
        hasSubspecs = nodes.count > 1
        if inheritsDependencies, let root = nodes[""] {
            rootFeature = Self.feature(name: name, chain: CollectionOfOne(root), expanding: nil)
        } else {
            rootFeature = Feature(dependencies: [], activations: [])
        }
        var features = PathTable<Feature>(capacity: nodes.count)
        for node in nodes.values {
            let feature = inheritsDependencies
                ? Self.feature(name: name, nodes: nodes, path: node.path)
                : Self.feature(name: name, chain: CollectionOfOne(node), expanding: nil)
            if let feature { features.insertIfAbsent(feature, at: node.path) }
        }
        self.features = features
    }

    /// The dependencies of the spec at `path` as `Specification#dependencies` lists them:
    /// those of the specs above it first (a subspec inherits them), each name once, with the
    /// requirements of a name declared again added to its first place (Core's
    /// `merge_hash_value`).
    func ownDependencies(at path: String) -> [SpecDependency] {
        guard let node = nodes[path] else { return [] }
        guard inheritsDependencies, !path.isEmpty else { return node.dependencies }
        var chain: [Node] = [nodes[""]].compactMap { $0 }
        var prefix = ""
        for part in path.split(separator: "/") {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            if let step = nodes[prefix] { chain.append(step) }
        }
        var result: [SpecDependency] = []
        for step in chain {
            for dependency in step.dependencies {
                if let index = result.firstIndex(where: { $0.name == dependency.name }) {
                    result[index].requirements += dependency.requirements
                } else {
                    result.append(dependency)
                }
            }
        }
        return result
    }

    /// The subspecs the spec at `path` brings in at its own version
    /// (`Specification#subspec_dependencies`): its default subspecs, or all its direct
    /// subspecs when it names none; as paths.
    func subspecDependencies(at path: String) -> [String] {
        guard inheritsDependencies, let node = nodes[path] else { return [] }
        if node.defaultSubspecs.isEmpty { return node.children }
        return node.defaultSubspecs.map { path.isEmpty ? $0 : path + "/" + $0 }.filter { nodes[$0] != nil }
    }

    /// What depending on `Foo/<path>` (the empty path: plain `Foo`) brings in beyond the root
    /// spec's own dependencies, or nil when the pod has no such subspec at this version.
    ///
    /// A subspec inherits the dependencies of the subspecs above it, and a spec that has
    /// subspecs pulls in its `default_subspecs`, or all its subspecs when it names none
    /// (`Specification#subspec_dependencies`).
    func feature(at path: String) -> Feature? {
        features[path]
    }

    private static func feature(name: String, nodes: PathTable<Node>, path: String) -> Feature? {
        guard let node = nodes[path] else { return nil }
        var chain: [Node] = []
        var prefix = ""
        if !path.isEmpty {
            for part in path.split(separator: "/") {
                prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
                guard let step = nodes[prefix] else { return nil }
                chain.append(step)
            }
        }
        return feature(name: name, chain: chain, expanding: node)
    }

    private static func feature(name: String, chain: some Collection<Node>, expanding node: Node?) -> Feature {
        var dependencies: [SpecDependency] = []
        var activations: [String] = []
        if chain.count == 1, let only = chain.first, areDistinct(onOtherPodsThan: name, only.dependencies) {
            // Most specs: one step, each dependency on another pod and named once. The loop
            // in the other branch would copy them all, in the same order.
            dependencies = only.dependencies
        } else {
            dependencies.reserveCapacity(chain.reduce(0) { $0 + $1.dependencies.count })
            for step in chain {
                for dependency in step.dependencies {
                    if dependency.isOn(pod: name) {
                        // A dependency on a subspec of the same pod: CocoaPods pins it to the
                        // same version (`Resolver#dependencies_for`), so only the subspec counts.
                        let path = PodName.subspecPath(of: dependency.name)
                        if !activations.contains(path) { activations.append(path) }
                    } else if !dependencies.contains(dependency) {
                        dependencies.append(dependency)
                    }
                }
            }
        }
        if let node {
            let expansion = node.defaultSubspecs.isEmpty
                ? node.children
                : node.defaultSubspecs.map { node.path.isEmpty ? $0 : node.path + "/" + $0 }
            for path in expansion where !activations.contains(path) { activations.append(path) }
        }
        return Feature(dependencies: dependencies, activations: activations)
    }

    /// Whether each of `dependencies` is on a pod other than `name`, and names a spec no
    /// other one names.
    private static func areDistinct(onOtherPodsThan name: String, _ dependencies: [SpecDependency]) -> Bool {
        for (index, dependency) in dependencies.enumerated() {
            if dependency.isOn(pod: name) { return false }
            for earlier in dependencies[..<index] where earlier.name == dependency.name { return false }
        }
        return true
    }

    /// Whether the spec at `path` runs on `platform` (`Specification#supported_on_platform?`),
    /// and if not, the deployment target it asks for (nil: the platform is not supported).
    func support(at path: String, on platform: Platform) -> PlatformSupport {
        guard let node = nodes[path] else { return .supported }
        if node.platforms.isEmpty { return .supported }
        guard let text = node.platforms[platform.name] else { return .unsupportedPlatform }
        guard let required = try? Version(text) else { return .supported }
        return required <= platform.deploymentTarget ? .supported : .needsDeploymentTarget(required)
    }
}

/// Whether a spec runs on the platform a resolution is for.
enum PlatformSupport: Equatable {
    case supported
    /// The spec declares platforms and this one is not among them.
    case unsupportedPlatform
    /// The spec needs a higher deployment target.
    case needsDeploymentTarget(Version)

    /// Both say "not supported at all", or both "needs a higher target" (of any value).
    func isSameKind(as other: PlatformSupport) -> Bool {
        switch (self, other) {
        case (.supported, .supported), (.unsupportedPlatform, .unsupportedPlatform),
             (.needsDeploymentTarget, .needsDeploymentTarget):
            return true
        default:
            return false
        }
    }
}

/// The platform of the targets being resolved, as a Podfile's `platform :ios, '13.0'` says.
public struct Platform: Hashable, Sendable {
    /// `ios`, `osx`, `tvos`, `watchos` or `visionos`, as podspecs name them.
    public var name: String
    public var deploymentTarget: Version

    /// The platform `name` (`ios`) at `deploymentTarget`.
    public init(name: String, deploymentTarget: Version) {
        self.name = name
        self.deploymentTarget = deploymentTarget
    }

    /// The platform as CocoaPods prints it: `iOS 13.0`.
    public var description: String {
        "\(displayName) \(deploymentTarget)"
    }

    /// The platform's name as people write it: `iOS`, `macOS`.
    public var displayName: String {
        let names = ["ios": "iOS", "osx": "macOS", "macos": "macOS", "tvos": "tvOS",
                     "watchos": "watchOS", "visionos": "visionOS"]
        return names[name] ?? name
    }
}

extension SpecModel {
    /// An unmanaged pod as Podfile.lock records it: each spec the lock lists brings exactly
    /// the dependencies listed for it (a lock entry lists inherited ones and subspecs too).
    convenience init(unmanaged pod: LockedUnmanagedPod) {
        var nodes: [Node] = []
        var paths = Set(pod.specs.keys.map { PodName.subspecPath(of: $0) })
        paths.insert("")
        for path in paths.sorted() {
            var prefix = ""
            for part in path.split(separator: "/").dropLast() {
                prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
                if !paths.contains(prefix) { nodes.append(Node(path: prefix, dependencies: [], defaultSubspecs: [], children: [], platforms: [:])) }
            }
            nodes.append(Node(path: path, dependencies: pod.specs[PodName.join(pod.name, path)] ?? [],
                              defaultSubspecs: [], children: [], platforms: [:]))
        }
        self.init(name: pod.name, version: pod.version, nodes: nodes, inheritsDependencies: false)
    }

    /// The flattened form of a parsed podspec at `version`.
    public convenience init(specification: Specification, version: Version) {
        var nodes = PathTable<Node>(capacity: 1)
        Self.flatten(specification, parentPlatforms: [:], into: &nodes)
        self.init(name: specification.rootName, version: version, nodes: nodes, inheritsDependencies: true,
                  isDeprecated: specification.deprecated, deprecatedInFavorOf: specification.deprecatedInFavorOf)
    }

    /// Adds the node of `spec`, then those of its subspecs, depth-first; a path given twice
    /// keeps its first node.
    private static func flatten(_ spec: Specification, parentPlatforms: [String: String], into nodes: inout PathTable<Node>) {
        // An empty target means "supported, no minimum" (`s.platform = :ios`); a subspec that
        // names a platform without a target inherits the parent's.
        let targets = spec.deploymentTargets
        let platforms: [String: String]
        if targets.isEmpty {
            platforms = parentPlatforms
        } else if parentPlatforms.isEmpty {
            // Nothing to inherit (a root spec): the targets as they are.
            platforms = targets
        } else {
            var own: [String: String] = [:]
            own.reserveCapacity(targets.count)
            for (platform, target) in targets {
                own[platform] = target.isEmpty ? parentPlatforms[platform] ?? "" : target
            }
            platforms = own
        }
        let subspecs = spec.subspecs
        let path = PodName.subspecPath(of: spec.name)
        nodes.insertIfAbsent(Node(
            path: path,
            dependencies: spec.dependencies.map { SpecDependency(name: $0.name, requirements: $0.requirements) },
            defaultSubspecs: spec.defaultSubspecs,
            children: subspecs.map { PodName.subspecPath(of: $0.name) },
            platforms: platforms), at: path)
        for subspec in subspecs { flatten(subspec, parentPlatforms: platforms, into: &nodes) }
    }
}

import Foundation
import Podspec
import Versioning

/// The files a CDN serves for a set of specs, laid out as trunk lays them out: what the CDN
/// tests, the benchmarks and the demo serve on 127.0.0.1, made from a spec folder
/// (`from(_:)`) or from generated specs.
///
/// `CocoaPods-version.yml` (with `prefix_lengths`), one `all_pods_versions_<fragment>.txt`
/// per shard that holds a pod (`Name/1.0.0/1.1.0` lines, versions ascending as trunk writes
/// them), `all_pods.txt`, `deprecated_podspecs.txt`, and each spec as
/// `Specs/<fragment path>/Name/<version>/Name.podspec.json`.
public struct CDNTree: Sendable {
    /// Relative path → content.
    public private(set) var files: [String: Data] = [:]
    public let layout: SpecRepoLayout
    private var versionsByPod: [String: [String]] = [:]

    /// An empty tree sharded by `prefixLengths` (trunk's `[1, 1, 1]` by default).
    public init(prefixLengths: [Int] = [1, 1, 1]) {
        layout = SpecRepoLayout(specsDirectory: PodName.specsFolder, prefixLengths: prefixLengths)
    }

    /// The tree of every readable spec in `repository`; Ruby podspecs are written as the JSON
    /// CocoaPods would serve. A spec that does not read is left out. With `everyShard`, each
    /// shard has its index, empty when no pod falls in it, as on trunk, where every one holds
    /// some; without, such a shard is a 404.
    public static func from(_ repository: SpecRepository, prefixLengths: [Int] = [1, 1, 1], everyShard: Bool = true)
        -> CDNTree
    {
        var tree = CDNTree(prefixLengths: prefixLengths)
        for pod in repository.pods {
            for entry in pod.versions {
                guard let spec = try? repository.specification(name: pod.name, version: entry.version) else { continue }
                tree.add(spec)
            }
        }
        tree.finish(everyShard: everyShard)
        return tree
    }

    /// Adds `spec` (a root spec) as JSON; `finish()` writes the indexes afterwards.
    public mutating func add(_ spec: Specification) {
        add(name: spec.name, version: spec.version, json: PodspecJSON.encode(spec))
    }

    /// Adds the JSON podspec `json` of `name` at `version`.
    public mutating func add(name: String, version: String, json: Data) {
        files[layout.podPath(for: name) + "/" + version + "/" + name + ".podspec.json"] = json
        versionsByPod[name, default: []].append(version)
    }

    /// Writes the metadata, the shard indexes (with `everyShard`, an empty one for each shard
    /// no pod falls in), `all_pods.txt` and `deprecated_podspecs.txt` (listing `deprecated`,
    /// spec paths) for the specs added so far.
    public mutating func finish(deprecated: [String] = [], everyShard: Bool = false) {
        if everyShard {
            var fragments: [[String]] = [[]]
            for length in layout.prefixLengths where fragments.count * (1 << (4 * length)) <= 1 << 16 {
                let digits = (0..<(1 << (4 * length))).map { String($0, radix: 16).leftPadded(to: length) }
                fragments = fragments.flatMap { prefix in digits.map { prefix + [$0] } }
            }
            for fragment in fragments where fragment.count == layout.prefixLengths.count {
                files[CDNSource.indexFile(fragment: fragment)] = Data()
            }
        }
        let lengths = layout.prefixLengths.map { "- \($0)" }.joined(separator: "\n")
        files[PodName.metadataFile] = Data("---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n\(lengths)\n".utf8)
        var shards: [String: [String]] = [:]
        for (name, versions) in versionsByPod {
            let sorted = versions.sorted { lhs, rhs in
                switch (try? Version(lhs), try? Version(rhs)) {
                case let (left?, right?): return left < right
                default: return lhs < rhs
                }
            }
            shards[CDNSource.indexFile(fragment: layout.shards(for: name)), default: []]
                .append(([name] + sorted).joined(separator: "/"))
        }
        for (file, lines) in shards {
            files[file] = Data((lines.sorted().joined(separator: "\n") + "\n").utf8)
        }
        files["all_pods.txt"] = Data((versionsByPod.keys.sorted().joined(separator: "\n") + "\n").utf8)
        files["deprecated_podspecs.txt"] = Data(deprecated.map { $0 + "\n" }.joined().utf8)
    }

    /// Writes every file below `directory`.
    public func write(to directory: String) throws {
        for (path, data) in files {
            let target = directory + "/" + path
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target))
        }
    }
}

/// A `Specification` written as the JSON podspec CocoaPods serves (`pod ipc spec`): name,
/// version, source, platforms, dependencies, default subspecs and subspecs (named by their
/// last component, as the JSON format nests them).
public enum PodspecJSON {
    /// The JSON of `spec`, keys sorted.
    public static func encode(_ spec: Specification) -> Data {
        let object = json(spec, isRoot: true)
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    private static func json(_ spec: Specification, isRoot: Bool) -> [String: Any] {
        var object: [String: Any] = [
            "name": isRoot ? spec.name : String(spec.name.split(separator: "/").last ?? Substring(spec.name)),
        ]
        if isRoot {
            object["version"] = spec.version
            if let source = spec.source {
                var fields: [String: String] = [:]
                for (key, value) in [("git", source.git), ("tag", source.tag), ("branch", source.branch),
                                     ("commit", source.commit), ("http", source.http), ("path", source.path)] {
                    if let value { fields[key] = value }
                }
                object["source"] = fields
            }
            if let other = spec.deprecatedInFavorOf {
                object["deprecated_in_favor_of"] = other
            } else if spec.deprecated {
                object["deprecated"] = true
            }
        }
        if !spec.deploymentTargets.isEmpty {
            object["platforms"] = spec.deploymentTargets.mapValues { $0.isEmpty ? NSNull() as Any : $0 as Any }
        }
        if !spec.dependencies.isEmpty {
            var dependencies: [String: [String]] = [:]
            for dependency in spec.dependencies { dependencies[dependency.name] = dependency.requirements }
            object["dependencies"] = dependencies
        }
        if !spec.defaultSubspecs.isEmpty { object["default_subspecs"] = spec.defaultSubspecs }
        if !spec.subspecs.isEmpty { object["subspecs"] = spec.subspecs.map { json($0, isRoot: false) } }
        return object
    }
}

extension String {
    /// The string with `0`s in front, up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}

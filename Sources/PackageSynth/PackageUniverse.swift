import Foundation
import Git

/// A seeded synthetic universe of Swift packages, for the agreement tests against
/// `swift package resolve` and for `scripts/bench.sh`: packages in layers (each depends
/// only on lower ones, so the graph has no cycle), versions with rcs, requirements of
/// every SwiftPM form, tags with and without `v`, unused declarations, and a root package.
public struct PackageUniverse: Sendable {
    /// One package version's dependency.
    public struct Dependency: Sendable {
        public var package: String
        /// The requirement as Package.swift writes it: `from: "1.2.0"`, `"1.0.0"..<"2.0.0"`.
        public var requirement: String
        /// Whether a target uses it (a declared but unused dependency is left out by SwiftPM).
        public var used: Bool

        public init(package: String, requirement: String, used: Bool = true) {
            self.package = package
            self.requirement = requirement
            self.used = used
        }
    }

    /// One tagged version.
    public struct Release: Sendable {
        public var version: String
        public var tag: String
        public var toolsVersion: String
        public var dependencies: [Dependency]
        /// A Swift source that does not compile, for compile-check tests.
        public var broken: Bool

        public init(version: String, tag: String? = nil, toolsVersion: String = "5.9", dependencies: [Dependency] = [],
                    broken: Bool = false) {
            self.version = version
            self.tag = tag ?? version
            self.toolsVersion = toolsVersion
            self.dependencies = dependencies
            self.broken = broken
        }
    }

    /// One package: its name (the repository is `<name>.git`) and releases, oldest first.
    public struct Package: Sendable {
        public var name: String
        public var releases: [Release]
        /// Tags that name no version (`latest`, `release-1`).
        public var otherTags: [String]

        public init(name: String, releases: [Release], otherTags: [String] = []) {
            self.name = name
            self.releases = releases
            self.otherTags = otherTags
        }
    }

    public var packages: [Package]
    /// The root package's dependencies.
    public var root: [Dependency]

    public init(packages: [Package], root: [Dependency]) {
        self.packages = packages
        self.root = root
    }

    // MARK: - Generating

    /// A universe of `count` packages with about `versions` releases each, from `seed`.
    /// `dense` gives every version one to four dependencies, mostly `from:` an early release
    /// (a large graph that usually resolves, for the benchmark); otherwise zero to three of
    /// every requirement form (conflicts are common).
    public static func generate(seed: UInt64, count: Int, versions: Int, rootDependencies: Int = 3,
                                layers: Int = 4, dense: Bool = false) -> PackageUniverse {
        var random = SplitMix(seed: seed)
        var packages: [Package] = []
        for index in 0..<count {
            let name = "P" + String(format: "%03d", index)
            var releases: [Release] = []
            var (major, minor, patch) = (random.below(2) == 0 ? 0 : 1, random.below(3), 0)
            let vPrefix = random.below(5) == 0
            for position in 0..<versions {
                if position > 0 {
                    switch random.below(10) {
                    case 0: (major, minor, patch) = (major + 1, 0, 0)
                    case 1...4: (minor, patch) = (minor + 1, 0)
                    default: patch += 1
                    }
                }
                let isRC = random.below(6) == 0
                let version = "\(major).\(minor).\(patch)" + (isRC ? "-rc.\(1 + random.below(3))" : "")
                let twoParts = !isRC && patch == 0 && random.below(8) == 0
                let tagVersion = twoParts ? "\(major).\(minor)" : version
                var dependencies: [Dependency] = []
                // Lower layers only: no cycles.
                let layerSize = max(1, count / layers)
                let lowest = (index / layerSize) * layerSize
                if lowest > 0 {
                    for _ in 0..<(dense ? 1 + random.below(4) : random.below(4)) {
                        let target = packages[random.below(lowest)]
                        guard !dependencies.contains(where: { $0.package == target.name }) else { continue }
                        let text = dense ? lenientRequirement(on: target, random: &random) : requirement(on: target, random: &random)
                        dependencies.append(Dependency(package: target.name, requirement: text, used: dense || random.below(12) != 0))
                    }
                }
                releases.append(Release(version: version, tag: (vPrefix ? "v" : "") + tagVersion,
                                        toolsVersion: random.below(3) == 0 ? "6.0" : "5.9", dependencies: dependencies))
            }
            packages.append(Package(name: name, releases: releases, otherTags: random.below(4) == 0 ? ["latest"] : []))
        }
        var root: [Dependency] = []
        let top = packages.suffix(max(rootDependencies, count / 2))
        for _ in 0..<rootDependencies * 2 where root.count < rootDependencies {
            let target = top[top.startIndex + random.below(top.count)]
            guard !root.contains(where: { $0.package == target.name }) else { continue }
            root.append(Dependency(package: target.name, requirement: requirement(on: target, random: &random)))
        }
        return PackageUniverse(packages: packages, root: root)
    }

    /// A requirement most versions of `target` meet: `from:` one of its first releases,
    /// sometimes a range up to its next major.
    static func lenientRequirement(on target: Package, random: inout SplitMix) -> String {
        let releases = target.releases.filter { !$0.version.contains("-") }
        guard !releases.isEmpty else { return "from: \"\(target.releases[0].version)\"" }
        let release = releases[random.below(max(1, releases.count / 3))].version
        let major = Int(release.split(separator: ".")[0]) ?? 0
        return random.below(10) == 0 ? "\"\(release)\"..<\"\(major + 1).0.0\"" : "from: \"\(release)\""
    }

    /// A requirement on `target` of a random form, anchored on one of its releases.
    static func requirement(on target: Package, random: inout SplitMix) -> String {
        let release = target.releases[random.below(target.releases.count)].version
        let parts = release.split(separator: "-")[0].split(separator: ".").compactMap { Int($0) }
        let (major, minor, patch) = (parts[0], parts[1], parts[2])
        switch random.below(10) {
        case 0...4: return "from: \"\(release)\""
        case 5: return ".upToNextMinor(from: \"\(release)\")"
        case 6: return "exact: \"\(release)\""
        case 7: return "\"\(release)\"..<\"\(major + 1).0.0\""
        case 8: return "\"\(release)\"...\"\(major).\(minor + 2).\(patch)\""
        default: return "\"\(major).\(minor).0\"..<\"\(major).\(minor + 1).0\""
        }
    }

    // MARK: - Writing

    /// Writes one bare repository per package into `directory` (`<name>.git`) and returns
    /// the root's Package.swift, whose dependencies name those repositories by path.
    @discardableResult
    public func write(to directory: String, rootName: String = "App") throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let signature = Signature(name: "Synth", email: "synth@example.invalid", time: Date(timeIntervalSince1970: 1_700_000_000))
        for package in packages {
            let repository = try Repository.create(at: "\(directory)/\(package.name).git", bare: true)
            var parent: ObjectID?
            for (position, release) in package.releases.enumerated() {
                let manifest = Self.manifest(name: package.name, toolsVersion: release.toolsVersion,
                                             dependencies: release.dependencies, directory: directory, library: true)
                let source = release.broken
                    ? "public let version = \"\(release.version)\"\npublic func broken() -> Int { return \"not an Int\" }\n"
                    : "public let version = \"\(release.version)\"\n"
                let tree = try repository.tree(applying: [
                    .write(path: "Package.swift", contents: Data(manifest.utf8)),
                    .write(path: "Sources/\(package.name)/\(package.name).swift", contents: Data(source.utf8)),
                ], to: nil)
                let commit = try repository.createCommit(tree: tree, parents: parent.map { [$0] } ?? [],
                                                         message: "\(package.name) \(release.version)",
                                                         author: signature, committer: signature, updating: "refs/heads/main")
                parent = commit
                if position % 2 == 0 {
                    try repository.createTag(release.tag, target: commit, message: "\(package.name) \(release.version)", tagger: signature)
                } else {
                    try repository.updateReference("refs/tags/\(release.tag)", to: commit, expecting: nil, message: "tag")
                }
            }
            if let parent {
                for tag in package.otherTags {
                    try repository.updateReference("refs/tags/\(tag)", to: parent, expecting: nil, message: "tag")
                }
            }
        }
        return Self.manifest(name: rootName, toolsVersion: "6.0", dependencies: root, directory: directory, library: false)
    }

    /// A Package.swift for `name` depending on `dependencies` (repositories in `directory`).
    public static func manifest(name: String, toolsVersion: String, dependencies: [Dependency], directory: String,
                                library: Bool) -> String {
        var text = "// swift-tools-version:\(toolsVersion)\nimport PackageDescription\n\nlet package = Package(\n    name: \"\(name)\",\n"
        if library { text += "    products: [.library(name: \"\(name)\", targets: [\"\(name)\"])],\n" }
        text += "    dependencies: [\n"
        for dependency in dependencies {
            text += "        .package(url: \"\(directory)/\(dependency.package).git\", \(dependency.requirement)),\n"
        }
        text += "    ],\n    targets: [\n        .target(name: \"\(name)\", dependencies: [\n"
        for dependency in dependencies where dependency.used {
            text += "            .product(name: \"\(dependency.package)\", package: \"\(dependency.package)\"),\n"
        }
        text += "        ]),\n    ]\n)\n"
        return text
    }
}

/// SplitMix64: a reproducible sequence for the generator.
public struct SplitMix: Sendable {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}

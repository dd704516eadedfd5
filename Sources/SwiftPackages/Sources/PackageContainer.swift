import Foundation
import Manifest

/// One tag that names a version.
public struct TaggedVersion: Hashable, Sendable {
    public var version: SemanticVersion
    /// The tag, as written (`v1.2.0`).
    public var tag: String

    public init(version: SemanticVersion, tag: String) {
        self.version = version
        self.tag = tag
    }
}

/// A package's repository as the resolver reads it (SwiftPM's `PackageContainer`): its
/// versions, and the manifest at each. `GitPackageContainer` reads one through libgit2;
/// tests use `InMemoryPackageContainer`.
public protocol PackageContainer: AnyObject, Sendable {
    /// The package's identity.
    var identity: PackageIdentity { get }
    /// Where it lives (an absolute path or a URL), as Package.resolved records it.
    var location: String { get }
    /// The versions its tags name, ascending (SwiftPM's tag rules, see `VersionTags`).
    func versions() throws -> [TaggedVersion]
    /// The manifest at `version`'s tag: its bytes and the path it is shown as in messages.
    func manifest(at version: TaggedVersion, toolsVersion: PackageDeclaration.ToolsVersion) throws -> ManifestFile
    /// The commit `version`'s tag marks (annotated tags peeled), for Package.resolved.
    func revision(of version: TaggedVersion) throws -> String
    /// When `version` was tagged (an annotated tag's date, else its commit's), for rc ages.
    func date(of version: TaggedVersion) -> Date?
}

extension PackageContainer {
    public func date(of version: TaggedVersion) -> Date? { nil }
}

/// A manifest's bytes and how messages name it (`/repos/Net.git@1.2.0:Package.swift`).
public struct ManifestFile: Sendable {
    public var bytes: [UInt8]
    public var displayPath: String

    public init(bytes: [UInt8], displayPath: String) {
        self.bytes = bytes
        self.displayPath = displayPath
    }
}

/// Opens package containers by location; the resolver asks once per package.
public protocol PackageContainerProvider: Sendable {
    /// The container for the package at `location` (an absolute path or a URL).
    func container(for location: String, identity: PackageIdentity) throws -> any PackageContainer
}

/// The manifest a versioned checkout uses (SwiftPM's `ManifestLoader.findManifest`): the
/// newest `Package@swift-X[.Y[.Z]].swift` not newer than the tools version, unless the
/// plain Package.swift is newer still and compatible.
public enum ManifestSelection {
    /// The file to read among `names` (a tree's entries), given how to read the tools
    /// version of the plain manifest.
    public static func manifestName(
        among names: [String], toolsVersion current: PackageDeclaration.ToolsVersion,
        plainToolsVersion: () -> PackageDeclaration.ToolsVersion?
    ) -> String {
        var specific: [(PackageDeclaration.ToolsVersion, String)] = []
        for name in names where name.hasPrefix("Package@swift-") && name.hasSuffix(".swift") {
            let core = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = core.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { continue }
            let numbers = parts.map { Int($0)! }
            specific.append((PackageDeclaration.ToolsVersion(numbers[0], numbers.count > 1 ? numbers[1] : 0,
                                                             numbers.count > 2 ? numbers[2] : 0), name))
        }
        guard let candidate = specific.filter({ $0.0 <= current }).max(by: { $0.0 < $1.0 }) else { return "Package.swift" }
        let plain = names.contains("Package.swift") ? plainToolsVersion() ?? PackageDeclaration.ToolsVersion(3, 1) : PackageDeclaration.ToolsVersion(3, 1)
        if plain <= current && plain > candidate.0 { return "Package.swift" }
        return candidate.1
    }
}

/// SwiftPM's reading of tags as versions (`SourceControlPackageContainer`): a tag is a
/// version when it parses, with or without a leading `v` (`1.2` is `1.2.0`); tags ending
/// in `@swift-6`, `@swift-6.3` or `@swift-6.3.1` for the tools version in use replace the
/// plain ones when there is any; of several tags naming one version, the one with the most
/// dot-separated parts wins, and among equals the one without `v`.
public enum VersionTags {
    /// The versions `tags` name, ascending.
    public static func versions(of tags: [String], toolsVersion: PackageDeclaration.ToolsVersion) -> [TaggedVersion] {
        let keys = ["@swift-\(toolsVersion.major).\(toolsVersion.minor).\(toolsVersion.patch)",
                    "@swift-\(toolsVersion.major).\(toolsVersion.minor)", "@swift-\(toolsVersion.major)"]
        var plain: [String: (SemanticVersion, [String])] = [:]
        var specific: [String: (SemanticVersion, [String])] = [:]
        for tag in tags {
            for key in keys where tag.hasSuffix(key) {
                if let version = SemanticVersion(tag: String(tag.dropLast(key.count))) {
                    specific[version.description, default: (version, [])].1.append(tag)
                }
                break
            }
            if let version = SemanticVersion(tag: tag) {
                plain[version.description, default: (version, [])].1.append(tag)
            }
        }
        let chosen = specific.isEmpty ? plain : specific
        return chosen.values.map { TaggedVersion(version: $0.0, tag: preferred($0.1)) }
            .sorted { $0.version == $1.version ? literalKey($0.version) < literalKey($1.version) : $0.version < $1.version }
    }

    private static func literalKey(_ version: SemanticVersion) -> String {
        version.buildMetadata.joined(separator: ".")
    }

    /// The tag SwiftPM prefers among several naming one version.
    static func preferred(_ tags: [String]) -> String {
        guard tags.count > 1 else { return tags[0] }
        // SwiftPM sorts ascending by specificity and takes the last.
        let sorted = tags.sorted { a, b in
            let (ca, cb) = (a.components(separatedBy: ".").count, b.components(separatedBy: ".").count)
            if ca == cb { return a.hasPrefix("v") }
            return ca < cb
        }
        return sorted.last!
    }
}

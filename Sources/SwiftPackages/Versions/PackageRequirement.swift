/// What a `.package(…)` declaration (or an Xcode project's package reference) asks for, with
/// SwiftPM's meaning of each form.
public enum PackageRequirement: Hashable, Sendable, CustomStringConvertible {
    /// `exact: "1.2.3"`.
    case exact(SemanticVersion)
    /// `from: "1.2.3"` or `.upToNextMajor(from:)`: `1.2.3..<2.0.0`.
    case upToNextMajor(SemanticVersion)
    /// `.upToNextMinor(from: "1.2.3")`: `1.2.3..<1.3.0`.
    case upToNextMinor(SemanticVersion)
    /// `"1.0.0"..<"1.5.0"`, or `"1.0.0"..."1.4.9"` (SwiftPM adds a patch to the upper bound).
    case range(VersionRange)
    case branch(String)
    case revision(String)

    /// The versions the requirement allows; nil for a branch or revision, which name no version.
    public var versionSet: VersionSet? {
        switch self {
        case let .exact(v): return .exact(v)
        case let .upToNextMajor(v): return .range(VersionRange(v, SemanticVersion(v.major + 1, 0, 0)))
        case let .upToNextMinor(v): return .range(VersionRange(v, SemanticVersion(v.major, v.minor + 1, 0)))
        case let .range(r): return .range(r)
        case .branch, .revision: return nil
        }
    }

    /// Whether the requirement names a version rather than a branch or revision.
    public var isVersioned: Bool { versionSet != nil }

    /// How the requirement is written in Package.swift: `from: "1.2.3"`, `exact: "1.2.3"`,
    /// `"1.0.0"..<"2.0.0"`, `branch: "main"`.
    public var description: String {
        switch self {
        case let .exact(v): return "exact: \"\(v)\""
        case let .upToNextMajor(v): return "from: \"\(v)\""
        case let .upToNextMinor(v): return ".upToNextMinor(from: \"\(v)\")"
        case let .range(r): return "\"\(r.lower)\"..<\"\(r.upper)\""
        case let .branch(name): return "branch: \"\(name)\""
        case let .revision(id): return "revision: \"\(id)\""
        }
    }

    /// A short form for graphs and tables: `from 1.2.3`, `exact 1.2.3`, `1.0.0..<2.0.0`,
    /// `upToNextMinor 1.2.3`, `branch main`.
    public var label: String {
        switch self {
        case let .exact(v): return "exact \(v)"
        case let .upToNextMajor(v): return "from \(v)"
        case let .upToNextMinor(v): return "upToNextMinor \(v)"
        case let .range(r): return "\(r.lower)..<\(r.upper)"
        case let .branch(name): return "branch \(name)"
        case let .revision(id): return "revision \(id.prefix(12))"
        }
    }

    /// Whether a bound names a prerelease, so that prereleases can match (SwiftPM's rule).
    public var namesPrerelease: Bool { versionSet?.supportsPrereleases ?? false }

    /// `lower..."upper"` as SwiftPM's `ClosedRange` overload makes it: the upper bound's
    /// patch plus one, keeping its prerelease and build identifiers.
    public static func closedRange(_ lower: SemanticVersion, _ upper: SemanticVersion) -> PackageRequirement {
        .range(VersionRange(lower, SemanticVersion(upper.major, upper.minor, upper.patch + 1,
                                                   prerelease: upper.prerelease, buildMetadata: upper.buildMetadata)))
    }
}

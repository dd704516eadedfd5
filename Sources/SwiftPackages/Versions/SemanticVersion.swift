/// A version as SwiftPM reads it (`TSCUtility.Version`): `major.minor.patch`, then
/// prerelease identifiers after `-` and build metadata after `+`, ordered by Semantic
/// Versioning 2.0.0. Build metadata never takes part in comparing two versions.
public struct SemanticVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    /// The identifiers after `-` (`["rc", "1"]` for `1.2.0-rc.1`).
    public var prerelease: [String]
    /// The identifiers after `+`.
    public var buildMetadata: [String]

    /// A version from its parts.
    public init(_ major: Int, _ minor: Int, _ patch: Int, prerelease: [String] = [], buildMetadata: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = prerelease
        self.buildMetadata = buildMetadata
    }

    /// The version `text` spells strictly (three numeric parts), as a manifest's `from:`
    /// or `exact:` must; `nil` when SwiftPM would refuse it.
    public init?(_ text: String) {
        guard let parsed = Self.parse(text, lenient: false) else { return nil }
        self = parsed
    }

    /// The version a git tag names, as SwiftPM reads tags: an optional leading `v`, and
    /// `1.2` taken as `1.2.0`. `nil` for a tag that is no version.
    public init?(tag: String) {
        let text = tag.first == "v" ? String(tag.dropFirst()) : tag
        guard let parsed = Self.parse(text, lenient: true) else { return nil }
        self = parsed
    }

    private static func parse(_ text: String, lenient: Bool) -> SemanticVersion? {
        guard text.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        let plus = text.firstIndex(of: "+")
        let beforeBuild = text[..<(plus ?? text.endIndex)]
        let dash = beforeBuild.firstIndex(of: "-")
        let core = text[..<(dash ?? plus ?? text.endIndex)].split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3 || (lenient && core.count == 2),
              let major = number(core[0]), let minor = number(core[1]),
              let patch = core.count == 2 ? 0 : number(core[2]) else { return nil }
        func identifiers(_ part: Substring) -> [String]? {
            let items = part.split(separator: ".", omittingEmptySubsequences: false)
            guard items.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }) else { return nil }
            return items.map(String.init)
        }
        var prerelease: [String] = []
        if let dash {
            guard let items = identifiers(text[text.index(after: dash)..<(plus ?? text.endIndex)]) else { return nil }
            prerelease = items
        }
        var build: [String] = []
        if let plus {
            guard let items = identifiers(text[text.index(after: plus)...]) else { return nil }
            build = items
        }
        return SemanticVersion(major, minor, patch, prerelease: prerelease, buildMetadata: build)
    }

    /// `Int(_:)` as SwiftPM applies it to a version part (a leading `+` is accepted, as
    /// Swift's integer parsing accepts it); negative numbers cannot occur, `-` splits.
    private static func number(_ text: Substring) -> Int? {
        Int(text)
    }

    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
        if !buildMetadata.isEmpty { text += "+" + buildMetadata.joined(separator: ".") }
        return text
    }

    /// Whether the version has prerelease identifiers (`1.2.0-rc.1`).
    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// The smallest version above this one that SwiftPM's version sets use as an exclusive
    /// bound: `major.minor.(patch + 1)` for a release, the prerelease with `.0` appended for
    /// a prerelease (`1.2.0-rc.1.0`).
    public var nextPatch: SemanticVersion {
        isPrerelease ? SemanticVersion(major, minor, patch, prerelease: prerelease + ["0"]) : SemanticVersion(major, minor, patch + 1)
    }

    /// The same version without its prerelease identifiers.
    public var withoutPrerelease: SemanticVersion {
        SemanticVersion(major, minor, patch, buildMetadata: buildMetadata)
    }

    /// Equal including build metadata (`1.0.0+a` is not literally `1.0.0+b`).
    public func isLiterallyEqual(to other: SemanticVersion) -> Bool {
        self == other && buildMetadata == other.buildMetadata && prerelease == other.prerelease
    }

    /// Equal once prerelease identifiers are ignored.
    func isEqualWithoutPrerelease(_ other: SemanticVersion) -> Bool {
        major == other.major && minor == other.minor && patch == other.patch
    }

    public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    // Only the numeric parts: two prerelease spellings can compare equal (`01` and `1`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
    }

    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        guard !lhs.prerelease.isEmpty else { return false }
        guard !rhs.prerelease.isEmpty else { return true }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (Int(left), Int(right)) {
            case let (a?, b?): return a < b
            case (nil, nil): return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }
}

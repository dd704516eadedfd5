/// One version restriction on a pod, such as `~> 1.2` or `>= 1.0.0-rc.1`, parsed and
/// tested exactly as CocoaPods' `Pod::Requirement` (the vendored `Gem::Requirement`) does.
///
/// A pod's dependency may carry several; all of them must hold.
public struct Requirement: Sendable {
    /// The operators CocoaPods knows. With no operator, a requirement means `=`.
    public enum Operator: String, Sendable, CaseIterable, Codable {
        case equal = "="
        case notEqual = "!="
        case greater = ">"
        case less = "<"
        case greaterOrEqual = ">="
        case lessOrEqual = "<="
        /// The pessimistic operator: `~> 1.2` is `>= 1.2, < 2`, `~> 0.1.7` is `>= 0.1.7, < 0.2`.
        case pessimistic = "~>"
    }

    /// The operator (`=` when the text had none).
    public let op: Operator
    /// The version the operator compares with.
    public let version: Version
    /// For `~>`: Gem's `bump` of `version`, the exclusive upper bound of the release.
    private let upperBound: Version?

    /// Parses `[operator] version` as `Pod::Requirement.parse` does, or throws
    /// `VersionError.malformedRequirement` saying why not.
    public init(_ string: String) throws {
        if let plain = Requirement.plain(string) {
            self = plain
        } else {
            try self.init(parsing: string)
        }
    }

    /// The general parse of `init(_:)`, for any text (`plain` aside: for tests).
    static func parsedInGeneral(_ string: String) throws -> Requirement {
        try Requirement(parsing: string)
    }

    /// `~> 1.2.3`, `>=1.0`, `2.0`: a known operator, if any, then spaces, then a plain
    /// release (`Version.plainRelease`), with nothing before or after. Nearly every
    /// requirement has this shape; it is read here from the bytes, without the Character
    /// walks of the general parse, which gives the same answer for it. Nil for anything else.
    static func plain(_ string: String) -> Requirement? {
        let utf8 = string.utf8
        var index = utf8.startIndex
        var first: UInt8 = 0, second: UInt8 = 0, count = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "=") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "<")
                    || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "~") else { break }
            count += 1
            if count == 1 { first = byte } else if count == 2 { second = byte } else { return nil }
            index = utf8.index(after: index)
        }
        let op: Operator
        switch (count, first, second) {
        case (0, _, _), (1, UInt8(ascii: "="), _): op = .equal
        case (1, UInt8(ascii: ">"), _): op = .greater
        case (1, UInt8(ascii: "<"), _): op = .less
        case (2, UInt8(ascii: ">"), UInt8(ascii: "=")): op = .greaterOrEqual
        case (2, UInt8(ascii: "<"), UInt8(ascii: "=")): op = .lessOrEqual
        case (2, UInt8(ascii: "~"), UInt8(ascii: ">")): op = .pessimistic
        case (2, UInt8(ascii: "!"), UInt8(ascii: "=")): op = .notEqual
        default: return nil
        }
        if count > 0 {
            while index < utf8.endIndex, utf8[index] == UInt8(ascii: " ") { index = utf8.index(after: index) }
        }
        guard let version = Version.plainRelease(String(string[index...])) else { return nil }
        return Requirement(op, version)
    }

    private init(parsing string: String) throws {
        let text = Version.trimmed(string)
        // The operator is whatever run of operator symbols (and spaces between them)
        // leads the text; only a known one is accepted, as the requirement pattern does.
        let symbols = text.prefix(while: { "=!<>~^".contains($0) || $0.isRubySpace })
            .trimmingRubySpace()
        var op = Operator.equal
        if !symbols.isEmpty {
            guard let known = Operator(rawValue: String(symbols)) else {
                throw VersionError.malformedRequirement(text, reason: "'\(symbols)' is not an operator")
            }
            op = known
        }
        let rest = text.dropFirst(symbols.count)
        let versionText = String(rest.drop(while: \.isRubySpace))
        guard !versionText.isEmpty else {
            throw VersionError.malformedRequirement(text, reason: "the version is missing")
        }
        let bytes = Array(versionText.utf8)
        guard VersionGrammar.matchesSingle(bytes) else {
            let reason: String
            if VersionGrammar.matchesVersion(bytes) {
                reason = "the version may carry build metadata ('+…') only once"
            } else {
                reason = "'\(versionText)' is not a valid version: "
                    + VersionGrammar.diagnose(bytes)
            }
            throw VersionError.malformedRequirement(text, reason: reason)
        }
        let version: Version
        do {
            version = try Version(validated: versionText, bytes: bytes)
        } catch let VersionError.malformed(_, reason) {
            throw VersionError.malformedRequirement(
                text, reason: "'\(versionText)' is not a valid version: \(reason)")
        }
        self.init(op, version)
    }

    /// A requirement from its parts.
    public init(_ op: Operator, _ version: Version) {
        self.op = op
        self.version = version
        self.upperBound = op == .pessimistic ? version.gemBump() : nil
    }

    /// Whether `candidate` meets this requirement by the plain test
    /// (`Gem::Requirement#satisfied_by?`), ignoring the resolver's prerelease rule.
    public func isSatisfied(by candidate: Version) -> Bool {
        let order = Version.compare(candidate, version)
        switch op {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .greaterOrEqual: return order >= 0
        case .lessOrEqual: return order <= 0
        case .greater:
            // Pod::Version defines ==, >= and <= by its segments, but > and < come from
            // Comparable and so from <=>, which falls back to the text for equal
            // versions: in CocoaPods `1.0.0` satisfies `> 1.0`, and `1.0` satisfies `< 1.0.0`.
            return order > 0
                || (order == 0 && Version.textPrecedes(version.description, candidate.description))
        case .less:
            return order < 0
                || (order == 0 && Version.textPrecedes(candidate.description, version.description))
        case .pessimistic:
            // Gem: `v >= r && v.release < r.bump`, the last `<` again by <=>.
            guard order >= 0, let bound = upperBound else { return false }
            let release = Version.compareNumbers(candidate, bound)
            if release != 0 { return release < 0 }
            return Version.textPrecedes(candidate.gemReleaseText(), bound.description)
        }
    }

    /// Whether this requirement names a prerelease version, which is what lets the
    /// resolver consider prereleases of the pod at all (`Gem::Requirement#prerelease?`).
    public var namesPrerelease: Bool { version.isPrerelease }
}

extension Requirement: CustomStringConvertible {
    /// The requirement as CocoaPods prints it: operator, space, version (`= 1.0` for `1.0`).
    public var description: String { "\(op.rawValue) \(version.description)" }
}

extension Requirement: Hashable {
    /// Equal when operator and version text are the same: `~> 1.0` and `~> 1.0.0` mean
    /// different ranges although `1.0 == 1.0.0`.
    public static func == (lhs: Requirement, rhs: Requirement) -> Bool {
        lhs.op == rhs.op && lhs.version.description == rhs.version.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(op)
        hasher.combine(version.description)
    }
}

extension Requirement {
    /// Whether `candidate` meets every one of `requirements` by the plain test.
    public static func allSatisfied(_ requirements: [Requirement], by candidate: Version) -> Bool {
        requirements.allSatisfy { $0.isSatisfied(by: candidate) }
    }
}

extension Character {
    fileprivate var isRubySpace: Bool { asciiValue?.isRubySpace ?? false }
}

extension Substring {
    /// The text without the white space Ruby's `\s` matches at its end.
    fileprivate func trimmingRubySpace() -> Substring {
        var result = self
        while let last = result.utf8.last, last.isRubySpace { result = result.dropLast() }
        return result
    }
}

extension Version {
    /// Gem's `bump`: drop the prerelease, drop the last number unless it is the only one,
    /// and add one to the new last (5.3.1 → 5.4, 1 → 2).
    func gemBump() -> Version {
        var values = leadingNumbers
        if values.count > 1 { values.removeLast() }
        values[values.count - 1] += 1
        return Version(releaseNumbers: values)
    }

    /// The text of Gem's `release`: the version itself when it is no prerelease, else its
    /// leading numbers joined by dots (1.2.0.a → 1.2.0).
    func gemReleaseText() -> String {
        guard isPrerelease else { return description }
        return Version.dotted(leadingNumbers)
    }

    /// The leading numbers as written, trailing zeros included.
    var leadingNumbers: [Int] {
        numbers + repeatElement(0, count: leadingNumberCount - numbers.count)
    }
}

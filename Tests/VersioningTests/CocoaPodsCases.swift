// The case table: every row comes from CocoaPods' own source or spec files (or from the
// DESIGN.md rules they implement), grouped by origin. Expectations were checked against
// CocoaPods' Pod::Version / Pod::Requirement code run under Ruby; CI needs no Ruby.

/// Two versions and how CocoaPods orders them: "<", "=" or ">".
struct ComparisonRow: Sendable, CustomStringConvertible {
    let lhs: String, order: String, rhs: String
    var description: String { "\(lhs) \(order) \(rhs)" }
}

/// A text and whether `Pod::Version.correct?` accepts it.
struct ValidityRow: Sendable, CustomStringConvertible {
    let text: String, isValid: Bool
    var description: String { "'\(text)' valid: \(isValid)" }
}

/// A version and whether `Pod::Version#prerelease?` says it is one.
struct PrereleaseRow: Sendable, CustomStringConvertible {
    let text: String, isPrerelease: Bool
    var description: String { "\(text) prerelease: \(isPrerelease)" }
}

enum CocoaPodsCases {
    static let comparisons: [ComparisonRow] = [
        // CocoaPods/Core spec/version_spec.rb, "correctly makes basic version comparisons"
        ("1.0.0", "<", "2.0.0"),
        ("1.0.0", "<", "1.0.1"),
        ("1.0.0", "<", "1.1.0"),
        ("1.1.0", "<", "1.1.1"),
        // spec/version_spec.rb, "correctly ignores metadata in comparisons"
        ("1.0.0+fff", "=", "1.0.0"),
        ("1.0.0+fff", "=", "1.0.0+000"),
        ("1.0.0-beta.1+fff", "=", "1.0.0-beta.1+000"),
        ("1.1.0+fff", "<", "1.1.1+fff"),
        // spec/version_spec.rb, "ignores missing numeric identifiers while comparing"
        ("1.9.0-alpha", "<", "1.9-beta"),
        ("2.0.0-beta", "<", "2.0-rc"),
        ("2.0.0.0.0.0.1-beta", ">", "2.0-rc"),
        // spec/version_spec.rb, "tie-breaks between semantically equal versions": equal
        // under ==, ordered by their text only by <=> (see cocoaPodsOrder below)
        ("1", "=", "1.0"),
        ("1.0", "=", "1.0.0"),
        ("1.0-alpha", "=", "1.0.0-alpha"),
        ("1.1.1.1-alpha", "=", "1.1.1.1.0-alpha"),
        // spec/version_spec.rb, "Follows semver when comparing between pre-release versions"
        ("1.0.0-alpha", "<", "1.0.0-alpha.1"),
        ("1.0.0-alpha.1", "<", "1.0.0-alpha.beta"),
        ("1.0.0-alpha.beta", "<", "1.0.0-beta"),
        ("1.0.0-beta", "<", "1.0.0-beta.2"),
        ("1.0.0-beta.2", "<", "1.0.0-beta.11"),
        ("1.0.0-beta.11", "<", "1.0.0-rc.1"),
        ("1.0.0-rc.1", "<", "1.0.0"),
        ("1.0.0-beta+fff", "=", "1.0.0-beta+000"),
        ("1.0-beta.8", "<", "1.0-beta.8a"),
        // lib/cocoapods-core/vendor/version.rb, class comment
        ("3.10", ">", "3.2"),
        ("1.0.a10", ">", "1.0.a9"),
        ("1.0.a10", "=", "1.0.a.10"),
        ("1.0", ">", "1.0.b1"),
        ("1.0.b1", ">", "1.0.a.2"),
        ("1.0.a.2", ">", "0.9"),
        // DESIGN.md "Versions and requirements" (the list)
        ("1.0.0-rc.10", ">", "1.0.0-rc.9"),
        ("1.0.0-beta", "<", "1.0.0-rc"),
        ("1.0.0-RC.1", "<", "1.0.0-rc.1"),
        ("1.0.0-rc.1", "=", "1.0.0.rc.1"),
        ("1.0", "=", "1.0.0"),
        ("1.0.0+build.5", "=", "1.0.0"),
    ].map(ComparisonRow.init)

    static let validity: [ValidityRow] = [
        // spec/version_spec.rb examples
        ("1.2.3", true), ("1.0.0a1", true), ("1.0.0-alpha", true), ("1.0.0-alpha.1", true),
        ("1.0.0-0.3.7", true), ("1.0.0-x.7.z.92", true), ("1.0.0+5", true),
        ("1.0.0+5114f85", true), ("1.0.0-alpha+exp.sha.5114f85", true), ("1.0.2.3", true),
        ("1.0-alpha", true), ("1.alpha", true), ("1.alpha.2", true),
        // spec/requirement_spec.rb, "raises if initialized with an invalid input"
        ("1.0!beta", false),
        // DESIGN.md / the issue
        ("v1.0", false), ("1..0", false), ("1.0.", false),
    ].map(ValidityRow.init)

    static let prerelease: [PrereleaseRow] = [
        // spec/version_spec.rb, "identifies release versions" and "matches Semantic
        // Version pre-release versions"
        ("1.0.0", false), ("1.0.0a1", true), ("1.0.0-alpha", true), ("1.0.0-alpha.1", true),
        ("1.0.0-0.3.7", true), ("1.0.0-x.7.z.92", true),
    ].map(PrereleaseRow.init)
}

// The case tables. Each group names where it comes from: a file of CocoaPods/Core (its
// spec files, or the source and its comments), CocoaPods/CocoaPods' resolver, or
// DESIGN.md, whose rules restate them. Expectations were produced by, or checked
// against, CocoaPods' own Pod::Version / Pod::Requirement code run under Ruby (on top of
// Ruby's Gem::Version / Gem::Requirement, which CocoaPods vendors); CI needs no Ruby.
//
// One deliberate difference: where a number meets a word at the same place in the
// prerelease part (`alpha.1` vs `alpha.beta`), CocoaPods' `==` skips the place and its
// `<=>` falls back to the text. compctl needs a total order that agrees with its hash,
// so the number sorts first; that is also what CocoaPods' spec asserts for that pair.

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

/// A version and its `major`, `minor` and `patch`.
struct ComponentsRow: Sendable, CustomStringConvertible {
    let text: String, major: Int, minor: Int, patch: Int
    var description: String { "\(text) → \(major), \(minor), \(patch)" }
}

/// A requirement text and how CocoaPods prints it, or nil when it refuses it.
struct RequirementParseRow: Sendable, CustomStringConvertible {
    let text: String, printed: String?
    var description: String { "'\(text)' → \(printed ?? "invalid")" }
}

/// Requirements on one pod, and which of `CocoaPodsCases.candidates` meet them: by the
/// plain test (`satisfied`) and under the resolver's prerelease rule (`admitted`).
struct SatisfactionRow: Sendable, CustomStringConvertible {
    let requirements: [String], satisfied: String, admitted: String
    var description: String { requirements.joined(separator: ", ") }
}

/// A bump and its result: the next version, or the error text.
struct BumpRow: Sendable, CustomStringConvertible {
    let from: String, kind: String, label: String, result: String
    var description: String { "\(from) \(kind) (\(label)) → \(result)" }
}

enum CocoaPodsCases {
    /// Every row in the tables below, the way the brief counts cases: one per comparison,
    /// validity, prerelease, components, parse and bump row, one per adjacent pair of the
    /// sorted list, and one per requirement set and candidate for satisfaction.
    static var count: Int {
        comparisons.count + cocoaPodsOrder.count + (sortedByCocoaPods.count - 1)
            + validity.count + prerelease.count + components.count + requirementParsing.count
            + (satisfaction.count + satisfactionOfAll.count) * candidates.count
            + bumps.count + gemBumps.count + gemReleases.count
    }

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
        // by ==; only <=> orders them, by their text (see cocoaPodsOrder)
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
        // lib/cocoapods-core/vendor/version.rb, class comment (3.10 > 3.2; 1.0.a10 is
        // 1.0.a.10 and > 1.0.a9; newest to oldest: 1.0, 1.0.b1, 1.0.a.2, 0.9)
        ("3.10", ">", "3.2"),
        ("1.0.a10", ">", "1.0.a9"),
        ("1.0.a10", "=", "1.0.a.10"),
        ("1.0", ">", "1.0.b1"),
        ("1.0.b1", ">", "1.0.a.2"),
        ("1.0.a.2", ">", "0.9"),
        // lib/cocoapods-core/version.rb, compare_segments: a word starts the prerelease
        // part, which sorts before any further number and before the release
        ("1.0.a", "<", "1.0"),
        ("1.a", "<", "1.0.1"),
        ("1.0.0.rc.1", "<", "1.0.0.0.1"),
        ("1.0.rc", "=", "1.0.0.rc"),
        ("1.0.0-0.3.7", ">", "1.0.0"),
        ("1.0.0-0.3.7", "=", "1.0.0.0.3.7"),
        ("1.0.0+b1+x", "=", "1.0.0.b.1"),
        ("1+a1+b", "=", "1.a.1"),
        ("00.01.002", "=", "0.1.2"),
        // DESIGN.md "Versions and requirements"
        ("1.0.0-rc.10", ">", "1.0.0-rc.9"),
        ("1.0.0-beta", "<", "1.0.0-rc"),
        ("1.0.0-RC.1", "<", "1.0.0-rc.1"),
        ("1.0.0-rc.1", "=", "1.0.0.rc.1"),
        ("1.0", "=", "1.0.0"),
        ("1.0.0+build.5", "=", "1.0.0"),
        ("0.1.8-rc.1", ">", "0.1.7"),
        ("0.1.8-rc.1", "<", "0.1.8"),
        ("0.1.8-rc.2", ">", "0.1.8-rc.1"),
        ("1.6.19", "<", "1.7.0"),
    ].map(ComparisonRow.init)

    /// Pairs that are equal by `==` and ordered by CocoaPods' `<=>` through their text;
    /// the first precedes the second. From spec/version_spec.rb, "tie-breaks between
    /// semantically equal versions", and version.rb's `<=>`.
    static let cocoaPodsOrder: [(String, String)] = [
        ("1", "1.0"),
        ("1.0", "1.0.0"),
        ("1.0-alpha", "1.0.0-alpha"),
        ("1.1.1.1-alpha", "1.1.1.1.0-alpha"),
        ("1.0.0", "1.0.0+fff"),
        ("1.0.0+000", "1.0.0+fff"),
        ("1.0.0-rc.1", "1.0.0.rc.1"),
    ]

    /// Versions from the spec files, the vendored comment and DESIGN.md, in the order
    /// CocoaPods' `sort` puts them (checked from shuffled input).
    static let sortedByCocoaPods: [String] = """
        0.1.7 0.1.8-beta.3 0.1.8-rc.1 0.1.8-rc.2 0.1.8-rc.9 0.1.8-rc.10 0.1.8 0.9 1.0.0-RC.1 \
        1.0.0a1 1.0.a.2 1.0.a9 1.0.a10 1.0.0-alpha 1.0.0-alpha.1 1.0.0-alpha.beta 1.0.b1 \
        1.0.0-beta 1.0.0-beta.2 1.0-beta.8 1.0-beta.8a 1.0.0-beta.11 1.0.0-rc.1 1.0.0.rc.1 \
        1.0.0-x.7.z.92 1 1.0 1.0.0 1.0.0+fff 1.0.0-0.3.7 1.1.0+fff 1.1.1+fff 1.6.19 1.7.0 \
        1.9.0-alpha 1.9-beta 2.0.0-beta 2.0-rc 2.0.0.0.0.0.1-beta 3.2 3.10
        """.split(separator: " ").map(String.init)

    static let validity: [ValidityRow] = [
        // spec/version_spec.rb examples
        ("1.2.3", true), ("1.0.0a1", true), ("1.0.0-alpha", true), ("1.0.0-alpha.1", true),
        ("1.0.0-0.3.7", true), ("1.0.0-x.7.z.92", true), ("1.0.0+5", true),
        ("1.0.0+5114f85", true), ("1.0.0-alpha+exp.sha.5114f85", true), ("1.0.2.3", true),
        ("1.0-alpha", true), ("1.alpha", true), ("1.alpha.2", true), ("1", true),
        ("1.0.0+fff", true), ("1.0.0-beta.1+000", true), ("2.0.0.0.0.0.1-beta", true),
        ("1.0-beta.8a", true),
        // spec/requirement_spec.rb, "raises if initialized with an invalid input"
        ("1.0!beta", false),
        // DESIGN.md / the issue
        ("v1.0", false), ("1..0", false), ("1.0.", false),
        // lib/cocoapods-core/version.rb, VERSION_PATTERN and ANCHORED_VERSION_PATTERN:
        // `[0-9]+(\.[0-9a-zA-Z\-]+)*(\+[0-9a-zA-Z\-\.]+)?`, repeated, white space around
        ("0", true), ("00.01.002", true), ("1.0.0-rc.1+build.5", true),
        ("1.2.3+0000.build", true), ("0.0.1alpha", true), ("1.0.0.RC.1", true),
        ("1.-", true), ("1.0-", true), ("1.0.0-", true), ("1.0.0--rc", true),
        ("0.1+.1", true), ("1.0+1a.b", true), ("1.0.0+-", true), ("1+a1+b", true),
        (" 1.0 ", true), ("\t1.0.0-rc.1\n", true),
        ("v0.0.1", false), ("0.0 .1", false), ("1 .0", false), ("1. 0", false), ("1a", false),
        ("1-rc", false), ("1.0+", false), ("1.0++a", false), ("1+x1a+b", false),
        ("1+1+1", false), ("1.0.0+b.+c", false), ("1.0.0+build+2", false), ("1.0_1", false),
        ("1.0.0-rc_1", false), ("1,0", false), (".1", false), ("-1", false), ("+1", false),
        ("1.0.0-rc.1.", false), ("1.0.0-rc..1", false), ("1.0.0-ümlaut", false),
        ("1.0/1", false), ("=1.0", false), ("1.0.0.+1", false), ("HEAD based on 1.0", false),
    ].map(ValidityRow.init)

    static let prerelease: [PrereleaseRow] = [
        // spec/version_spec.rb, "identifies release versions" and "matches Semantic
        // Version pre-release versions"
        ("1.0.0", false), ("1.0.0a1", true), ("1.0.0-alpha", true), ("1.0.0-alpha.1", true),
        ("1.0.0-0.3.7", true), ("1.0.0-x.7.z.92", true),
        // lib/cocoapods-core/version.rb, prerelease?: a letter or `-` outside the metadata
        ("1.0.0+5114f85", false), ("1.0.0+build-7", false), ("1.0.0-rc.1+b", true),
        ("1.0.0.rc.1", true), ("1.0-", true), ("1+a1+b", true), ("0.1.8-rc.1", true),
        ("0.1.8", false),
    ].map(PrereleaseRow.init)

    static let components: [ComponentsRow] = [
        // spec/version_spec.rb, "returns the major/minor/patch identifier"
        ("1.9.0", 1, 9, 0), ("1.0.0-alpha", 1, 0, 0), ("1.alpha", 1, 0, 0), ("1", 1, 0, 0),
        ("1.0.1-alpha", 1, 0, 1), ("1.alpha.2", 1, 0, 0), ("1.9.4", 1, 9, 4),
        // lib/cocoapods-core/version.rb, numeric_segments
        ("1.4.0-alpha", 1, 4, 0), ("2.3.4.5", 2, 3, 4), ("1.2.3+9", 1, 2, 3),
    ].map(ComponentsRow.init)

    static let requirementParsing: [RequirementParseRow] = [
        // spec/requirement_spec.rb: "can be initialized with a string", "defaults to the
        // equality operator", "can be initialized with a pre-release version", "returns
        // the default requirement"
        ("<= 1.0", "<= 1.0"), ("1.0", "= 1.0"), ("= 1.0-beta", "= 1.0-beta"), (">= 0", ">= 0"),
        // lib/cocoapods-core/requirement.rb, PATTERN: optional operator, optional space
        ("~> 1.0", "~> 1.0"), ("~>1.0", "~> 1.0"), (">=1.0", ">= 1.0"), ("  >  1.0  ", "> 1.0"),
        ("!= 1.0", "!= 1.0"), ("< 1.0", "< 1.0"), ("=1.0", "= 1.0"), ("~> 0.1.7", "~> 0.1.7"),
        ("= 0.1.8-rc.1", "= 0.1.8-rc.1"), ("~> 1.0+build.7", "~> 1.0+build.7"),
        ("1.0!beta", nil), ("=> 1.0", nil), ("== 1.0", nil), ("~> v1.0", nil), ("~>", nil),
        ("", nil), (">= ", nil), ("^1.0", nil), ("~ 1.0", nil), ("> = 1.0", nil),
        ("~> 1+a1+b", nil), ("1.0 1.1", nil), (">= 1.0, < 2.0", nil), ("<> 1.0", nil),
        ("=< 1.0", nil), ("~> 1..0", nil), ("~> 1.0.", nil),
    ].map(RequirementParseRow.init)

    /// The versions every satisfaction row is tried against.
    static let candidates: [String] = """
        0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 \
        1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 \
        3.0 3.4.9 3.5 3.5.9 3.6 4.0
        """.split(separator: " ").map(String.init)

    static let satisfaction: [SatisfactionRow] = [
        // lib/cocoapods-core/vendor/version.rb, the "spermy" table in the class comment
        ([">= 3.0"], satisfied: "3.0 3.4.9 3.5 3.5.9 3.6 4.0", admitted: "3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        (["~> 3.0"], satisfied: "3.0 3.4.9 3.5 3.5.9 3.6", admitted: "3.0 3.4.9 3.5 3.5.9 3.6"),
        (["~> 3.0.0"], satisfied: "3.0", admitted: "3.0"),
        (["~> 3.5"], satisfied: "3.5 3.5.9 3.6", admitted: "3.5 3.5.9 3.6"),
        (["~> 3.5.0"], satisfied: "3.5 3.5.9", admitted: "3.5 3.5.9"),
        // DESIGN.md: `~> 0.1.7` is `>= 0.1.7, < 0.2` and never takes an rc unasked;
        // testers pin `=0.1.8-rc.1`; `~> 1.6` drifts from 1.6.19 to 1.7.0
        (["~> 0.1.7"], satisfied: "0.1.7 0.1.8-rc.1 0.1.8 0.1.10", admitted: "0.1.7 0.1.8 0.1.10"),
        (["= 0.1.8-rc.1"], satisfied: "0.1.8-rc.1", admitted: "0.1.8-rc.1"),
        (["0.1.8-rc.1"], satisfied: "0.1.8-rc.1", admitted: "0.1.8-rc.1"),
        (["~> 1.6"], satisfied: "1.6.19 1.7.0 1.9.9", admitted: "1.6.19 1.7.0 1.9.9"),
        // spec/requirement_spec.rb requirements, and the default `>= 0`
        (["<= 1.0"],
         satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1",
         admitted: "0 0.1.7 0.1.8 0.1.10 0.2 0.9 1 1.0 1.0.0 1.0.0+build.1"),
        (["1.0"], satisfied: "1 1.0 1.0.0 1.0.0+build.1", admitted: "1 1.0 1.0.0 1.0.0+build.1"),
        (["= 1.0"], satisfied: "1 1.0 1.0.0 1.0.0+build.1", admitted: "1 1.0 1.0.0 1.0.0+build.1"),
        ([">= 0"],
         satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0",
         admitted: "0 0.1.7 0.1.8 0.1.10 0.2 0.9 1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        // lib/cocoapods-core/vendor/requirement.rb, OPS: every operator. `>` and `<` use
        // <=>, which orders equal versions by their text: `1.0.0 > 1.0`, `1 < 1.0`.
        (["!= 1.0"],
         satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1.0.0-beta 1.0.0-rc.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0",
         admitted: "0 0.1.7 0.1.8 0.1.10 0.2 0.9 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        (["> 1.0"],
         satisfied: "1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0",
         admitted: "1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        (["< 1.0"],
         satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0.0-beta 1.0.0-rc.1",
         admitted: "0 0.1.7 0.1.8 0.1.10 0.2 0.9 1"),
        ([">=1.0"],
         satisfied: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0",
         admitted: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        (["<1.0.0"],
         satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0-beta 1.0.0-rc.1",
         admitted: "0 0.1.7 0.1.8 0.1.10 0.2 0.9 1 1.0"),
        // vendor/requirement.rb `~>` (`v >= r && v.release < r.bump`) on 1 to 5 numbers
        (["~> 1"],
         satisfied: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9",
         admitted: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9"),
        (["~> 1.2"], satisfied: "1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9", admitted: "1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9"),
        (["~> 1.2.3"], satisfied: "1.2.3 1.2.3.4 1.2.3.5 1.2.4", admitted: "1.2.3 1.2.3.4 1.2.3.5 1.2.4"),
        (["~> 1.2.3.4"], satisfied: "1.2.3.4 1.2.3.5", admitted: "1.2.3.4 1.2.3.5"),
        (["~> 1.2.3.4.5"], satisfied: "", admitted: ""),
        (["~> 0"], satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9", admitted: "0 0.1.7 0.1.8 0.1.10 0.2 0.9"),
        (["~> 0.0"], satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9", admitted: "0 0.1.7 0.1.8 0.1.10 0.2 0.9"),
        // `~>` on prereleases: Gem's `bump` drops the prerelease part first
        (["~> 1.0.0-beta"],
         satisfied: "1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1",
         admitted: "1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1"),
        (["~> 1.0-rc.1"],
         satisfied: "1 1.0 1.0.0 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9",
         admitted: "1 1.0 1.0.0 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9"),
        (["~> 0.1.8-rc.1"], satisfied: "0.1.8-rc.1 0.1.8 0.1.10", admitted: "0.1.8-rc.1 0.1.8 0.1.10"),
        // CocoaPods/CocoaPods lib/cocoapods/resolver.rb: any requirement that names a
        // prerelease, whatever its operator, lets every prerelease of the pod in
        ([">= 1.0.0-beta"],
         satisfied: "1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0",
         admitted: "1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        (["!= 1.0.0-rc.1"],
         satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0",
         admitted: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        (["< 2.0.0-rc.1"],
         satisfied: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9",
         admitted: "0 0.1.7 0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9"),
        (["> 0.1.8-rc.1"],
         satisfied: "0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0",
         admitted: "0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9 1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0"),
        // lib/cocoapods-core/version.rb: build metadata does not count
        (["~> 1.0+build.7"],
         satisfied: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9",
         admitted: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9"),
        (["= 1.0.0+build.2"], satisfied: "1 1.0 1.0.0 1.0.0+build.1", admitted: "1 1.0 1.0.0 1.0.0+build.1"),
    ].map(SatisfactionRow.init)

    /// Several requirements on one pod: all must hold (vendor/requirement.rb
    /// `satisfied_by?`), and one naming a prerelease opens the door for all
    /// (resolver.rb). The first row is DESIGN.md's rc leak: a tester's `= 0.1.8-rc.1`
    /// drags the rc into a consumer that asked for `~> 0.1.7`.
    static let satisfactionOfAll: [SatisfactionRow] = [
        (["~> 0.1.7", "= 0.1.8-rc.1"], satisfied: "0.1.8-rc.1", admitted: "0.1.8-rc.1"),
        (["~> 0.1.7", "< 0.1.8"], satisfied: "0.1.7 0.1.8-rc.1", admitted: "0.1.7"),
        // spec/requirement_spec.rb, "can be initialized with an array of versions"
        (["= 1.0", "= 2.0"], satisfied: "", admitted: ""),
        ([">= 1.0", "< 2.0"],
         satisfied: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1",
         admitted: "1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9"),
        (["~> 1.6", "!= 1.7.0"], satisfied: "1.6.19 1.9.9", admitted: "1.6.19 1.9.9"),
        ([">= 1.0.0-beta", "< 2.0"],
         satisfied: "1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1",
         admitted: "1 1.0 1.0.0 1.0.0-beta 1.0.0-rc.1 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 1.2.4 1.6.19 1.7.0 1.9.9 2.0.0-rc.1"),
        (["~> 0.1", "> 0.1.8-rc.1"], satisfied: "0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9", admitted: "0.1.8 0.1.10 0.2.0-rc.1 0.2 0.9"),
        (["> 0.1.7", "< 0.2"], satisfied: "0.1.8-rc.1 0.1.8 0.1.10 0.2.0-rc.1", admitted: "0.1.8 0.1.10"),
        (["~> 3.0", "~> 3.5"], satisfied: "3.5 3.5.9 3.6", admitted: "3.5 3.5.9 3.6"),
        ([], satisfied: candidatesText, admitted: releasesText),
    ].map(SatisfactionRow.init)

    private static let candidatesText = candidates.joined(separator: " ")
    private static let releasesText = """
        0 0.1.7 0.1.8 0.1.10 0.2 0.9 1 1.0 1.0.0 1.0.0+build.1 1.0.1 1.1 1.2.3 1.2.3.4 1.2.3.5 \
        1.2.4 1.6.19 1.7.0 1.9.9 2.0 3.0 3.4.9 3.5 3.5.9 3.6 4.0
        """

    /// compctl's bump rules (DESIGN.md "Versions and requirements" and the issue). Kinds:
    /// major, minor, patch, release, rc (patch base), rc-minor, rc-major.
    static let bumps: [BumpRow] = [
        // DESIGN.md rc sequence
        ("0.1.7", "rc", "rc", "0.1.8-rc.1"),
        ("0.1.7", "rc-minor", "rc", "0.2.0-rc.1"),
        ("0.1.7", "rc-major", "rc", "1.0.0-rc.1"),
        ("0.1.8-rc.1", "rc", "rc", "0.1.8-rc.2"),
        ("0.1.8-rc.2", "release", "rc", "0.1.8"),
        ("0.1.8-rc.9", "rc", "rc", "0.1.8-rc.10"),
        ("0.1.8-rc.1", "rc-minor", "rc", "0.2.0-rc.1"),
        ("0.1.8-rc.1", "rc-major", "rc", "1.0.0-rc.1"),
        // releases: raise one number, lower ones to 0
        ("0.1.7", "patch", "rc", "0.1.8"),
        ("0.1.7", "minor", "rc", "0.2.0"),
        ("0.1.7", "major", "rc", "1.0.0"),
        ("1.0", "patch", "rc", "1.0.1"),
        ("1.0", "minor", "rc", "1.1.0"),
        ("1.0", "major", "rc", "2.0.0"),
        ("1", "patch", "rc", "1.0.1"),
        ("1.2.3.4", "patch", "rc", "1.2.4"),
        ("1.6.19", "minor", "rc", "1.7.0"),
        ("1.0", "rc", "rc", "1.0.1-rc.1"),
        // prereleases: npm semver `inc`
        ("1.2.3-rc.1", "patch", "rc", "1.2.3"),
        ("1.2.3-rc.1", "minor", "rc", "1.3.0"),
        ("1.2.3-rc.1", "major", "rc", "2.0.0"),
        ("1.3.0-rc.1", "minor", "rc", "1.3.0"),
        ("1.3.0-rc.1", "patch", "rc", "1.3.0"),
        ("1.3.0-rc.1", "major", "rc", "2.0.0"),
        ("1.3.0-rc.1", "rc-minor", "rc", "1.3.0-rc.2"),
        ("2.0.0-rc.1", "major", "rc", "2.0.0"),
        ("2.0.0-rc.1", "minor", "rc", "2.0.0"),
        ("2.0.0-rc.1", "rc-major", "rc", "2.0.0-rc.2"),
        // labels compare bytewise: beta < rc, RC < rc; a bump never goes backwards
        ("0.1.8-rc.3", "rc", "beta", "error: bumping '0.1.8-rc.3' would give '0.1.8-beta.1', which does not sort after it; a bump never goes backwards: choose a bump or an rc label that gives a later version"),
        ("0.1.8-beta.3", "rc", "rc", "0.1.8-rc.1"),
        ("0.1.8-beta.3", "rc", "beta", "0.1.8-beta.4"),
        ("0.1.8-RC.1", "rc", "rc", "0.1.8-rc.1"),
        ("0.1.8-rc.1", "rc", "RC", "error: bumping '0.1.8-rc.1' would give '0.1.8-RC.1', which does not sort after it; a bump never goes backwards: choose a bump or an rc label that gives a later version"),
        ("0.1.7", "rc", "beta", "0.1.8-beta.1"),
        // other prerelease spellings CocoaPods accepts
        ("0.1.8-rc", "rc", "rc", "0.1.8-rc.1"),
        ("0.1.8-rc1", "rc", "rc", "0.1.8-rc.2"),
        ("0.1.8.rc.1", "rc", "rc", "0.1.8-rc.2"),
        ("0.1.8.rc.1", "release", "rc", "0.1.8"),
        ("1.0-rc.1", "release", "rc", "1.0"),
        // build metadata is dropped
        ("0.1.7+build.5", "patch", "rc", "0.1.8"),
        ("0.1.7+build.5", "rc", "rc", "0.1.8-rc.1"),
        ("0.1.8-rc.1+build.5", "release", "rc", "0.1.8"),
        ("0.1.8-rc.1+build.5", "rc", "rc", "0.1.8-rc.2"),
        // refusals
        ("0.1.8", "release", "rc", "error: '0.1.8' is not a prerelease, so there is no release to promote it to; bump the major, minor or patch instead, or start a release candidate"),
        ("1.0.0-0.3.7", "patch", "rc", "error: bumping '1.0.0-0.3.7' would give '1.0.0', which does not sort after it; a bump never goes backwards: choose a bump or an rc label that gives a later version"),
        ("0.1.7", "rc", "rc1", "error: 'rc1' is not a valid rc label: use letters only, such as rc, beta or alpha"),
        ("0.1.7", "rc", "", "error: '' is not a valid rc label: use letters only, such as rc, beta or alpha"),
    ].map(BumpRow.init)

    /// vendor/version.rb `bump`: "5.3.1 => 5.4", "5.3.1.b.2 => 5.4", one number alone
    /// is raised; this is the upper bound of `~>`.
    static let gemBumps: [(String, String)] = [
        ("5.3.1", "5.4"), ("5.3.1.b.2", "5.4"), ("1", "2"), ("0.1.7", "0.2"), ("3.0.0", "3.1"),
        ("1.0-rc.1", "2"), ("1.2.3.4.5", "1.2.3.5"), ("01.002", "2"),
    ]

    /// vendor/version.rb `release`: "1.2.0.a -> 1.2.0"; a release returns itself.
    static let gemReleases: [(String, String)] = [
        ("1.2.0.a", "1.2.0"), ("1.2.0", "1.2.0"), ("0.1.8-rc.2", "0.1.8"),
        ("1.0.0-0.3.7", "1.0.0.0.3.7"), ("1.0+b", "1.0+b"), ("01.3-rc", "1.3"),
    ]
}

/// Why a version, a requirement or a bump was refused.
public enum VersionError: Error, Equatable, CustomStringConvertible {
    /// The text is not a version by CocoaPods' rules; `reason` says what is wrong with it.
    case malformed(String, reason: String)
    /// The text is not a requirement (`[operator] version`); `reason` says what is wrong.
    case malformedRequirement(String, reason: String)
    /// A release was asked of a version that is no prerelease.
    case notAPrerelease(String)
    /// The bump would give a version that does not sort after the one bumped.
    case bumpNotGreater(from: String, to: String)
    /// The release-candidate label is not a plain word of letters.
    case invalidRCLabel(String)

    public var description: String {
        switch self {
        case let .malformed(text, reason):
            return "'\(text)' is not a valid version: \(reason); "
                + "write numbers separated by dots, such as 1.2.3, "
                + "optionally followed by a prerelease part, such as 1.2.3-rc.1"
        case let .malformedRequirement(text, reason):
            return "'\(text)' is not a valid requirement: \(reason); "
                + "write an optional operator (=, !=, >, <, >=, <=, ~>) and a version, "
                + "such as '~> 1.2' or '>= 1.0.0-rc.1'"
        case let .notAPrerelease(text):
            return "'\(text)' is not a prerelease, so there is no release to promote it to; "
                + "bump the major, minor or patch instead, or start a release candidate"
        case let .bumpNotGreater(from, to):
            return "bumping '\(from)' would give '\(to)', which does not sort after it; "
                + "a bump never goes backwards: choose a bump or an rc label that gives a later version"
        case let .invalidRCLabel(label):
            return "'\(label)' is not a valid rc label: use letters only, such as rc, beta or alpha"
        }
    }
}

import Foundation
import Versioning

/// What an rc is and which state it is in: one rule for `report skew` and `outdated`, so that
/// the same rc gets the same word everywhere.
///
/// An rc is a version whose prerelease part starts with compctl.yml's `rc_label`
/// (`2.1.0-rc.2`); other prereleases (`2.3.0-xcframework`) are not rcs. An rc is
/// - `released` when its release (`2.1.0` for `2.1.0-rc.2`) is published;
/// - `stale` when it was not released and either a higher release supersedes it (it will not
///   be released) or it is older than `staleAfterDays`;
/// - `pending` otherwise: not released yet, and nothing says it will not be.
public struct ReleaseCandidatePolicy {
    /// The prerelease label of rcs.
    public var label: String
    /// An unreleased rc older than this many days is stale.
    public var staleAfterDays: Int
    public var publishDates: any PublishDateSource
    /// "Now", for ages.
    public var now: Date

    /// The policy for rcs labelled `label`, stale after `staleAfterDays`, dated by `publishDates`.
    public init(label: String = "rc", staleAfterDays: Int = 30, publishDates: any PublishDateSource = FixedPublishDates(),
                now: Date = Date()) {
        self.label = label
        self.staleAfterDays = staleAfterDays
        self.publishDates = publishDates
        self.now = now
    }

    /// Every rc of `pod` among `versions` (all its published versions, in any order),
    /// lowest first, with its age and state.
    public func candidates(of pod: String, among versions: [Version]) -> [ReleaseCandidate] {
        let releases = versions.filter { !$0.isPrerelease }
        let newest = releases.max()
        return versions.filter { $0.isReleaseCandidate(label: label) }.sorted().map { version in
            let releasedAs = Self.releasePart(of: version).flatMap { release in releases.first { $0 == release } }
            let age = publishDates.publishDate(of: pod, version: version).map { date in
                max(0, Int((now.timeIntervalSince(date) / 86_400).rounded(.down)))
            }
            let superseded = releasedAs == nil ? newest.flatMap { $0 > version ? $0 : nil } : nil
            let state: ReleaseCandidate.State
            if releasedAs != nil {
                state = .released
            } else if superseded != nil {
                state = .stale
            } else if let age, age > staleAfterDays {
                state = .stale
            } else {
                state = .pending
            }
            return ReleaseCandidate(
                pod: pod, version: version, ageDays: age, state: state, releasedAs: releasedAs, supersededBy: superseded)
        }
    }

    /// `1.7.0` for `1.7.0-rc.1` or `1.7.0.rc.1`: the numbers before the prerelease part
    /// (`Pod::Version#release`).
    static func releasePart(of version: Version) -> Version? {
        var text = ""
        for character in version.description {
            if character.isLetter || character == "-" || character == "+" { break }
            text.append(character)
        }
        while text.hasSuffix(".") { text.removeLast() }
        return try? Version(text)
    }
}

import Foundation
import Versioning

/// When each spec was published to its spec repo: the hook the rc ages come from.
///
/// A git spec repo answers with the commit time of the commit that added the spec; a plain
/// directory with the spec file's modification time; tests with fixed dates.
public protocol PublishDateSource {
    /// When `version` of `pod` (a root name) was published, or nil when it is not known.
    func publishDate(of pod: String, version: Version) -> Date?
}

/// Publish dates held in memory: for tests, and for sources that know no dates (empty).
public struct FixedPublishDates: PublishDateSource, Sendable {
    private let dates: [String: [Version: Date]]

    /// Dates by pod and version.
    public init(_ dates: [String: [Version: Date]] = [:]) {
        self.dates = dates
    }

    public func publishDate(of pod: String, version: Version) -> Date? {
        dates[pod]?[version]
    }
}

/// Publish dates from a function: how a reader outside this library (a spec repo's git
/// history, its files' modification times) plugs in.
public struct PublishDateLookup: PublishDateSource {
    private let lookup: (String, Version) -> Date?

    /// Answers with `lookup(pod, version)`.
    public init(_ lookup: @escaping (_ pod: String, _ version: Version) -> Date?) {
        self.lookup = lookup
    }

    public func publishDate(of pod: String, version: Version) -> Date? {
        lookup(pod, version)
    }
}

/// The first answer of several sources, asked in priority order (the spec repos' order,
/// where the first that holds a version wins).
public struct FirstPublishDate: PublishDateSource {
    public var sources: [any PublishDateSource]

    /// Asks `sources` in order.
    public init(_ sources: [any PublishDateSource]) {
        self.sources = sources
    }

    public func publishDate(of pod: String, version: Version) -> Date? {
        for source in sources {
            if let date = source.publishDate(of: pod, version: version) { return date }
        }
        return nil
    }
}

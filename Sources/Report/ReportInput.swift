import Foundation
import Graph
import Versioning

/// Everything the skew report is made from: the spec sources, the projects, the rules of the
/// configuration, where rc ages come from, and the moment the report is made.
public struct ReportInput {
    /// The spec repos, highest priority first.
    public var providers: [any SpecProvider]
    /// The projects, main projects and example apps, in the configuration's order.
    public var projects: [ProjectInput]
    /// The configured layers, lowest first.
    public var layers: [LayerRule]
    /// The suffix of interface pods when the interface rule is on.
    public var interfaceSuffix: String?
    /// An unreleased rc older than this many days is stale.
    public var staleRCDays: Int
    /// The prerelease label of release candidates (compctl.yml's `rc_label`): other
    /// prereleases (`2.3.0-xcframework`) are no rcs.
    public var rcLabel: String
    public var publishDates: any PublishDateSource
    /// "Now" for rc ages and the report's date (injected in tests).
    public var now: Date
    /// The categories whose findings make the verdict `fail`.
    public var failOn: [ReportCategory]
    /// Warnings found while gathering the input (a Podfile line that was skipped, …).
    public var warnings: [String]
    /// The binary spec repo (compctl.yml's `binary_repo`), asked whether each component's newest
    /// release has a binary; nil when there is no binary channel.
    public var binaries: (any SpecProvider)?
    /// The Swift packages, when the configuration has any.
    public var packages: PackageReportInput?

    /// The input of a report; only the sources and projects are needed.
    public init(
        providers: [any SpecProvider], projects: [ProjectInput], layers: [LayerRule] = [],
        interfaceSuffix: String? = nil, staleRCDays: Int = 30, rcLabel: String = "rc", publishDates: any PublishDateSource = FixedPublishDates(),
        now: Date = Date(), failOn: [ReportCategory] = [], warnings: [String] = [], binaries: (any SpecProvider)? = nil
    ) {
        self.providers = providers
        self.projects = projects
        self.layers = layers
        self.interfaceSuffix = interfaceSuffix
        self.staleRCDays = staleRCDays
        self.rcLabel = rcLabel
        self.publishDates = publishDates
        self.now = now
        self.failOn = failOn
        self.warnings = warnings
        self.binaries = binaries
    }
}

/// One project as its manifests say: what its Podfile requires, to be resolved by the
/// report, or why the Podfile could not be read.
public struct ProjectInput {
    public var name: String
    public var kind: ProjectKind
    /// The Podfile, as the configuration names it (for the report's text only).
    public var podfile: String?
    /// The Podfile's `pod` lines with its platform and `Podfile.lock`'s versions; nil when
    /// the project has no Podfile or it could not be read.
    public var request: ResolveRequest?
    /// Why the Podfile could not be read, when `request` is nil for that reason.
    public var failure: String?

    /// A project from its parts.
    public init(name: String, kind: ProjectKind, podfile: String? = nil, request: ResolveRequest?, failure: String? = nil) {
        self.name = name
        self.kind = kind
        self.podfile = podfile
        self.request = request
        self.failure = failure
    }
}

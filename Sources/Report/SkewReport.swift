import Graph
import Versioning

/// The nightly skew report (`compctl report skew`): the state of every component across the
/// spec repos and the projects, and everything that needs attention. Every format renders
/// this one value; the JSON format is its Codable form.
public struct SkewReport: Codable, Sendable, Equatable {
    /// The version of this document's shape; bumped on incompatible changes.
    public var schemaVersion: Int
    /// When the report was made, ISO 8601 in UTC (`2025-06-15T12:00:00Z`).
    public var generatedAt: String
    /// The spec repos, highest priority first.
    public var sources: [String]
    /// The projects, as the configuration lists them.
    public var projects: [ProjectSummary]
    /// An unreleased rc older than this many days is stale.
    public var staleRCDays: Int
    public var summary: Summary
    public var verdict: Verdict
    /// One row per component (every pod the sources hold), by name.
    public var components: [ComponentState]
    /// Requirements that exclude the newest release of a pod, grouped by that pod.
    public var staleConstraints: [StaleConstraint]
    public var skew: Skew
    /// What `graph --check` finds in the newest releases and in each project's resolution,
    /// except skew, which has its own section.
    public var problems: [Problem]
    /// Published components no main project reaches.
    public var unused: [UnusedComponent]
    /// Every rc in the sources with its state, by pod and version.
    public var releaseCandidates: [ReleaseCandidate]
    /// The newest-release graph, for drawing.
    public var graph: ReportGraph
    /// What could not be read or resolved, in plain sentences.
    public var warnings: [String]
    /// The latest runs, oldest first, this one last (at most `ReportHistory.runsShown`), when
    /// `--history` keeps them; nil without it.
    public var history: [HistoryPoint]?

    /// The current `schemaVersion`.
    public static let currentSchemaVersion = 1

    /// A report from its parts.
    public init(
        generatedAt: String, sources: [String], projects: [ProjectSummary], staleRCDays: Int, summary: Summary,
        verdict: Verdict, components: [ComponentState], staleConstraints: [StaleConstraint], skew: Skew,
        problems: [Problem], unused: [UnusedComponent], releaseCandidates: [ReleaseCandidate], graph: ReportGraph,
        warnings: [String]
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.generatedAt = generatedAt
        self.sources = sources
        self.projects = projects
        self.staleRCDays = staleRCDays
        self.summary = summary
        self.verdict = verdict
        self.components = components
        self.staleConstraints = staleConstraints
        self.skew = skew
        self.problems = problems
        self.unused = unused
        self.releaseCandidates = releaseCandidates
        self.graph = graph
        self.warnings = warnings
    }
}

/// The two kinds of project the configuration names.
public enum ProjectKind: String, Codable, Sendable, Equatable {
    /// An app that ships.
    case main
    /// A component's example ("shell") app.
    case example
}

/// One project as the report saw it.
public struct ProjectSummary: Codable, Sendable, Equatable {
    public var name: String
    public var kind: ProjectKind
    /// The Podfile, as the configuration names it.
    public var podfile: String?
    /// Whether its Podfile resolved against the sources.
    public var resolved: Bool
    /// How many pods of the sources it uses.
    public var pods: Int

    /// A project summary from its parts.
    public init(name: String, kind: ProjectKind, podfile: String?, resolved: Bool, pods: Int) {
        self.name = name
        self.kind = kind
        self.podfile = podfile
        self.resolved = resolved
        self.pods = pods
    }
}

/// The counts at the top of the report.
public struct Summary: Codable, Sendable, Equatable {
    /// Pods the sources hold.
    public var components: Int
    public var projects: Int
    /// Problems (each counted once, however many graphs show it).
    public var problems: Int
    /// Pods pinned differently by different projects, plus pairs of consumer ranges with no
    /// version in common.
    public var skew: Int
    /// Pods whose newest release some consumer's requirement excludes.
    public var staleConstraints: Int
    public var staleRCs: Int
    public var pendingRCs: Int
    /// Pins (over all projects) with a newer release.
    public var pinsBehind: Int
    public var unused: Int

    /// The count of findings in `category`.
    public func count(of category: ReportCategory) -> Int {
        switch category {
        case .problems: problems
        case .skew: skew
        case .staleRC: staleRCs
        case .staleConstraints: staleConstraints
        case .behind: pinsBehind
        case .unused: unused
        }
    }
}

/// The kinds of finding `--fail-on` can turn into exit code 2.
public enum ReportCategory: String, Codable, Sendable, CaseIterable, Comparable {
    case problems
    case skew
    case staleRC = "stale-rc"
    case staleConstraints = "stale-constraints"
    case behind
    case unused

    /// What `--fail-on` accepts: every category, and `any` for all of them.
    public static func parse(_ text: String) -> [ReportCategory]? {
        if text == "any" { return allCases }
        return ReportCategory(rawValue: text).map { [$0] }
    }

    /// In declaration order.
    public static func < (lhs: ReportCategory, rhs: ReportCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `3 problems`, `1 stale rc`.
    public func phrase(_ count: Int) -> String {
        let one = count == 1
        switch self {
        case .problems: return "\(count) \(one ? "problem" : "problems")"
        case .skew: return "\(count) skew \(one ? "finding" : "findings")"
        case .staleRC: return "\(count) stale \(one ? "rc" : "rcs")"
        case .staleConstraints: return "\(count) stale \(one ? "constraint" : "constraints")"
        case .behind: return "\(count) \(one ? "pin" : "pins") behind"
        case .unused: return "\(count) unused \(one ? "component" : "components")"
        }
    }
}

/// The outcome: `fail` when a category `--fail-on` names has findings (exit code 2), `warn`
/// when there are findings but none of those, `pass` when there are none.
public struct Verdict: Codable, Sendable, Equatable {
    /// The three outcomes.
    public enum Status: String, Codable, Sendable {
        case pass
        case warn
        case fail
    }

    public var status: Status
    /// The categories this run fails on.
    public var failOn: [ReportCategory]
    /// The categories with findings, in category order.
    public var findings: [ReportCategory]
    /// The categories that made it fail.
    public var failing: [ReportCategory]
    /// The findings for people: `3 problems, 1 stale rc (--fail-on problems)`.
    public var text: String

    /// The verdict over `summary` when failing on `failOn`.
    public init(summary: Summary, failOn: [ReportCategory]) {
        let failOn = Array(Set(failOn)).sorted()
        self.failOn = failOn
        findings = ReportCategory.allCases.filter { summary.count(of: $0) > 0 }
        failing = findings.filter { failOn.contains($0) }
        status = failing.isEmpty ? (findings.isEmpty ? .pass : .warn) : .fail
        let counts = findings.map { $0.phrase(summary.count(of: $0)) }.joined(separator: ", ")
        let policy = failOn.isEmpty
            ? "no --fail-on"
            : "--fail-on " + (failOn.count == ReportCategory.allCases.count ? "any" : failOn.map(\.rawValue).joined(separator: ","))
        text = status == .pass ? "nothing needs attention" : "\(counts) (\(policy))"
    }
}

/// One row of the state table.
public struct ComponentState: Codable, Sendable, Equatable {
    public var name: String
    /// The configured layer, if any.
    public var layer: String?
    /// The highest version that is no prerelease.
    public var newestRelease: Version?
    /// The highest rc (a version carrying the rc label), with its age and state.
    public var newestRC: ReleaseCandidate?
    /// Its version in each project that uses it, in the configuration's project order.
    public var pins: [Pin]
    /// Whether the binary spec repo has the newest release's binary; nil without a binary
    /// channel (or without a release).
    public var newestReleaseHasBinary: Bool?

    /// A row from its parts.
    public init(name: String, layer: String?, newestRelease: Version?, newestRC: ReleaseCandidate?, pins: [Pin],
                newestReleaseHasBinary: Bool? = nil) {
        self.name = name
        self.layer = layer
        self.newestRelease = newestRelease
        self.newestRC = newestRC
        self.pins = pins
        self.newestReleaseHasBinary = newestReleaseHasBinary
    }

    /// The pin in `project`, if it uses the pod.
    public func pin(in project: String) -> Pin? {
        pins.first { $0.project == project }
    }
}

/// The version a project uses of a pod.
public struct Pin: Codable, Sendable, Equatable {
    /// Where the version was read.
    public enum Origin: String, Codable, Sendable {
        /// The Podfile's exact requirement (`pod 'Foo', '1.2.0'`).
        case podfile
        /// `Podfile.lock`.
        case lock
        /// The resolution compctl made.
        case resolution
    }

    public var project: String
    public var version: Version
    public var origin: Origin
    /// How many releases are newer than `version`.
    public var behind: Int
    /// Whether `version` is higher than the newest release (an rc pinned before its release).
    public var ahead: Bool

    /// A pin from its parts.
    public init(project: String, version: Version, origin: Origin, behind: Int, ahead: Bool = false) {
        self.project = project
        self.version = version
        self.origin = origin
        self.behind = behind
        self.ahead = ahead
    }
}

/// A release candidate and how far it got.
public struct ReleaseCandidate: Codable, Sendable, Equatable {
    /// Where an rc stands.
    public enum State: String, Codable, Sendable {
        /// Its release (the same version without the prerelease part) was published.
        case released
        /// Not released, not superseded by a higher release, and younger than the stale limit
        /// (or of unknown age).
        case pending
        /// Not released, and either superseded by a higher release or older than the stale limit.
        case stale
    }

    public var pod: String
    public var version: Version
    /// Whole days since it was published; nil when the publish date is unknown.
    public var ageDays: Int?
    public var state: State
    /// The release it became, for a released rc.
    public var releasedAs: Version?
    /// The newest release, when that is higher than an unreleased rc.
    public var supersededBy: Version?

    /// An rc from its parts.
    public init(pod: String, version: Version, ageDays: Int?, state: State, releasedAs: Version? = nil,
                supersededBy: Version? = nil) {
        self.pod = pod
        self.version = version
        self.ageDays = ageDays
        self.state = state
        self.releasedAs = releasedAs
        self.supersededBy = supersededBy
    }
}

/// Who states a requirement on a pod: a pod at a version, or a project's Podfile.
public struct Consumer: Codable, Sendable, Equatable, Hashable {
    /// The two kinds of consumer.
    public enum Kind: String, Codable, Sendable, Hashable {
        case pod
        case project
    }

    /// The pod or project name.
    public var name: String
    /// The pod's version; nil for a project.
    public var version: Version?
    public var kind: Kind
    /// Its requirements on the pod, as CocoaPods prints them (`~> 2.0`, `= 2.1.0-rc.2`),
    /// joined by commas; `any version` when it has none.
    public var requirement: String
    /// The graphs it was seen in: `newest releases`, or a project's name.
    public var scopes: [String]

    /// A consumer from its parts.
    public init(name: String, version: Version?, kind: Kind, requirement: String, scopes: [String]) {
        self.name = name
        self.version = version
        self.kind = kind
        self.requirement = requirement
        self.scopes = scopes
    }

    /// `XXOrder (1.6.0)`, or a project's name.
    public var label: String {
        version.map { "\(name) (\($0))" } ?? name
    }
}

/// A pod whose newest release some consumers' requirements exclude.
public struct StaleConstraint: Codable, Sendable, Equatable {
    public var pod: String
    public var newestRelease: Version
    /// The consumers holding it back, projects first, then pods by name.
    public var heldBackBy: [Holder]

    /// A stale constraint from its parts.
    public init(pod: String, newestRelease: Version, heldBackBy: [Holder]) {
        self.pod = pod
        self.newestRelease = newestRelease
        self.heldBackBy = heldBackBy
    }

    /// One consumer whose requirement excludes the newest release.
    public struct Holder: Codable, Sendable, Equatable {
        public var consumer: Consumer
        /// The highest version the requirement lets the resolver take (prereleases only
        /// when it names one); nil when none.
        public var highestAllowed: Version?

        /// A holder from its parts.
        public init(consumer: Consumer, highestAllowed: Version?) {
            self.consumer = consumer
            self.highestAllowed = highestAllowed
        }
    }
}

/// Pods that projects disagree on.
public struct Skew: Codable, Sendable, Equatable {
    /// Pods that projects pin at different versions.
    public var pins: [PinSkew]
    /// Consumers of one pod whose requirements have no version in common.
    public var ranges: [RangeSkew]

    /// The skew findings.
    public init(pins: [PinSkew], ranges: [RangeSkew]) {
        self.pins = pins
        self.ranges = ranges
    }

    /// A pod pinned differently by different projects.
    public struct PinSkew: Codable, Sendable, Equatable {
        public var pod: String
        /// Every project's pin, in project order.
        public var pins: [Pin]

        /// A pin skew from its parts.
        public init(pod: String, pins: [Pin]) {
            self.pod = pod
            self.pins = pins
        }
    }

    /// Two groups of consumers of one pod whose requirements cannot hold together.
    public struct RangeSkew: Codable, Sendable, Equatable {
        public var pod: String
        /// Consumers that allow the same versions.
        public var first: [Consumer]
        /// Consumers that allow other versions, none of which `first` allows.
        public var second: [Consumer]

        /// A range skew from its parts.
        public init(pod: String, first: [Consumer], second: [Consumer]) {
            self.pod = pod
            self.first = first
            self.second = second
        }
    }
}

/// A problem `graph --check` finds, once however many graphs show it.
public struct Problem: Codable, Sendable, Equatable {
    /// `cycle`, `unsatisfiable`, `layer`, `rc-leak`, `interface`, `shadowing` (the kinds of
    /// `graph --check`), or `conflict` for a project whose Podfile does not resolve.
    public var kind: String
    /// The pods involved, sorted; for a `conflict`, the project.
    public var pods: [String]
    /// The edges it is about, for the drawing (a cycle's, a breach, an rc leak's consumers).
    public var links: [GraphProblem.Link]
    /// Where it shows and what it says there, the newest releases first.
    public var occurrences: [Occurrence]

    /// A problem from its parts.
    public init(kind: String, pods: [String], links: [GraphProblem.Link], occurrences: [Occurrence]) {
        self.kind = kind
        self.pods = pods
        self.links = links
        self.occurrences = occurrences
    }

    /// One graph a problem shows in.
    public struct Occurrence: Codable, Sendable, Equatable {
        /// `newest releases`, or a project's name.
        public var scope: String
        public var message: String

        /// An occurrence from its parts.
        public init(scope: String, message: String) {
            self.scope = scope
            self.message = message
        }
    }

    /// The scope name of the newest-release graph.
    public static let newestReleases = "newest releases"
}

/// A published component that no main project reaches.
public struct UnusedComponent: Codable, Sendable, Equatable {
    public var name: String
    public var layer: String?
    /// Its newest release, or its newest version when it has only prereleases.
    public var newestVersion: Version?

    /// An unused component from its parts.
    public init(name: String, layer: String?, newestVersion: Version?) {
        self.name = name
        self.layer = layer
        self.newestVersion = newestVersion
    }
}

/// The newest-release graph as the drawing needs it.
public struct ReportGraph: Codable, Sendable, Equatable {
    /// The configured layers, lowest first.
    public var layers: [String]
    /// Pods, by name.
    public var nodes: [Node]
    /// One edge per pair of pods, in the order the graph lists them.
    public var edges: [Edge]

    /// A graph from its parts.
    public init(layers: [String], nodes: [Node], edges: [Edge]) {
        self.layers = layers
        self.nodes = nodes
        self.edges = edges
    }

    /// One pod.
    public struct Node: Codable, Sendable, Equatable {
        public var name: String
        public var version: Version?
        public var layer: String?
        /// Whether a problem names it.
        public var hasProblem: Bool

        /// A node from its parts.
        public init(name: String, version: Version?, layer: String?, hasProblem: Bool = false) {
            self.name = name
            self.version = version
            self.layer = layer
            self.hasProblem = hasProblem
        }
    }

    /// One dependency between two pods.
    public struct Edge: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        /// The requirements as written on the edge (`XXPay (~> 2.0)`).
        public var label: String
        /// The problem kind to highlight it with: `cycle`, `layer` or `rc-leak`.
        public var highlight: String?

        /// An edge from its parts.
        public init(from: String, to: String, label: String, highlight: String? = nil) {
            self.from = from
            self.to = to
            self.label = label
            self.highlight = highlight
        }
    }
}

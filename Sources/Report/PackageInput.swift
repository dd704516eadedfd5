import Foundation
import Graph
import Versioning

/// The Swift packages of a report, read and checked with SwiftPM's rules by the caller (the
/// SwiftPackages library) and handed in as graphs, versions and allowed-version maps, so
/// that the report treats packages as it treats pods: state table, pins, problems, stale
/// constraints, skew, rcs and unused components.
public struct PackageReportInput {
    /// The newest release of every component package.
    public var newestGraph: DependencyGraph
    /// What the checks found in `newestGraph`.
    public var newestProblems: [GraphProblem]
    /// Every package's versions, ascending, by identity.
    public var versions: [String: [Version]]
    /// Each package's layer of compctl.yml.
    public var layers: [String: String]
    public var projects: [PackageProjectInput]
    /// Every requirement on every package, with the versions it allows.
    public var consumers: [PackageConsumerInput]
    /// When each package version was tagged.
    public var publishDates: any PublishDateSource

    /// The packages of a report.
    public init(newestGraph: DependencyGraph, newestProblems: [GraphProblem], versions: [String: [Version]],
                layers: [String: String] = [:], projects: [PackageProjectInput], consumers: [PackageConsumerInput],
                publishDates: any PublishDateSource = FixedPublishDates()) {
        self.newestGraph = newestGraph
        self.newestProblems = newestProblems
        self.versions = versions
        self.layers = layers
        self.projects = projects
        self.consumers = consumers
        self.publishDates = publishDates
    }
}

/// One project's Swift packages: what they resolved to (or why not), and its pins.
public struct PackageProjectInput {
    /// The project's name in compctl.yml (the same as its Podfile's, when it has both).
    public var name: String
    public var kind: ProjectKind
    /// Its Package.swift or Xcode project, as the configuration names it.
    public var manifest: String
    /// The resolved packages; nil when they do not resolve.
    public var graph: DependencyGraph?
    public var problems: [GraphProblem]
    /// Why the packages do not resolve.
    public var conflict: String?
    /// The version of each package it uses.
    public var pins: [(package: String, version: Version, origin: Pin.Origin)]

    /// A project's packages.
    public init(name: String, kind: ProjectKind, manifest: String, graph: DependencyGraph?, problems: [GraphProblem],
                conflict: String?, pins: [(package: String, version: Version, origin: Pin.Origin)]) {
        self.name = name
        self.kind = kind
        self.manifest = manifest
        self.graph = graph
        self.problems = problems
        self.conflict = conflict
        self.pins = pins
    }

    /// The packages it uses.
    public var used: Set<String> { Set(pins.map(\.package)).union(graph?.nodes.map(\.name) ?? []) }
}

/// One requirement on a package: who states it and which of the package's versions
/// (`PackageReportInput.versions`) it allows, by SwiftPM's rules.
public struct PackageConsumerInput {
    public var package: String
    public var consumer: Consumer
    /// One flag per version of `package`.
    public var allowed: [Bool]

    public init(package: String, consumer: Consumer, allowed: [Bool]) {
        self.package = package
        self.consumer = consumer
        self.allowed = allowed
    }
}

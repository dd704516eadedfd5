import ArgumentParser
import Config
import Foundation
import Graph
import Integration
import Manifest
import Report
import SpecRepo
import SwiftPackages
import TextFormat
import Versioning

/// `compctl outdated`: for each project of compctl.yml (main projects and example apps),
/// each pinned pod's version against the newest release and the newest rc.
struct OutdatedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outdated",
        abstract: "Pinned versions against the newest release and rc, per project.",
        discussion: """
            One aligned row per private pod pinned behind its newest release, that is with a \
            newer release published (--all: every private pod; a pin ahead of the newest \
            release, such as an rc, is not behind): project, pod, the version the Podfile pins \
            (or, for a pod it does not pin exactly, the version Podfile.lock records, with the \
            requirement), the newest release, and the newest rc (a version with the rc_label \
            of compctl.yml) with its state, as `report skew` says it: released (its release \
            is published), stale (not released, and a higher release supersedes it or it is \
            older than stale_rc_days) or pending.

            A project that takes Swift packages (package_swift in compctl.yml, --package, or \
            ./Package.swift when there is no Podfile) gets a table of its packages too: every \
            package it resolves to, at the version its manifest pins exactly, else the one \
            Package.resolved records (with the manifest's requirement), against the newest \
            release and rc among the package's tags. JSON: {"schemaVersion": 1, "projects": \
            [{"name", "podfile", "pods": [{"name", "pinned", "requirement", "newestRelease", \
            "newestRC", "rcState"}], "packages": [the same fields]}]}.
            """ + CommandExamples.section("outdated")
    )

    @Option(help: ArgumentHelp(
        "One Podfile instead of the projects of compctl.yml.", valueName: "path"))
    var podfile: String?

    @OptionGroup var packageOptions: PackageOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @Flag(help: "List every private pod, not only those behind their newest release.")
    var all = false

    @Option(name: .customLong("now"), help: .hidden)
    var now: String?

    func validate() throws {
        if let now, ReportSkewCommand.date(now) == nil {
            throw ValidationError("--now takes seconds since 1970 or an ISO 8601 time such as 2025-06-15T12:00:00Z, not '\(now)'")
        }
    }

    struct Row: Encodable {
        var name: String
        var pinned: String
        /// The Podfile's requirement when it does not pin exactly (`pinned` is then the lock's).
        var requirement: String?
        var newestRelease: String?
        var newestRC: String?
        /// `released`, `stale` or `pending`.
        var rcState: String?
    }

    struct ProjectRows: Encodable {
        var name: String
        var podfile: String?
        var pods: [Row]
        /// The project's Swift packages; absent when it takes none.
        var packages: [Row]?
    }

    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var projects: [ProjectRows]
    }

    func run() throws {
        let configuration = try reportingErrors { try config.load() }
        var targets: [(String, String)] = []
        var packageTargets: [(String, any PackageMainProject)] = []
        if podfile != nil || packageOptions.path != nil {
            targets = podfile.map { [("Podfile", $0)] } ?? []
            if let path = packageOptions.path {
                packageTargets = [("App", try reportingErrors { try MainManifests.load(path) })]
            }
        } else if !configuration.projects.isEmpty {
            targets = configuration.projects.compactMap { project in
                project.podfile.map { (project.name, DisplayPath.relative(configuration.resolve(path: $0))) }
            }
            packageTargets = try reportingErrors {
                try configuration.projects.compactMap { project in
                    try project.packagesManifest.map { (project.name, try MainManifests.load(configuration.resolve(path: $0))) }
                }
            }
        } else {
            let manifests = try reportingErrors { try MainManifests.choose(podfile: nil, package: nil, configuration: configuration) }
            targets = manifests.podfile.map { [("Podfile", $0)] } ?? []
            packageTargets = manifests.package.map { [((FileManager.default.currentDirectoryPath as NSString).lastPathComponent, $0)] } ?? []
        }
        var projects: [ProjectRows] = []
        if !targets.isEmpty {
            projects = try podRows(targets, configuration: configuration)
        }
        if !packageTargets.isEmpty {
            let rows = try packageRows(packageTargets, configuration: configuration)
            for (name, packages) in rows {
                if let index = projects.firstIndex(where: { $0.name == name }) {
                    projects[index].packages = packages
                } else {
                    projects.append(ProjectRows(name: name, podfile: nil, pods: [], packages: packages))
                }
            }
        }
        if json {
            try JSONOutput.print(Document(projects: projects))
            return
        }
        if projects.allSatisfy({ $0.pods.isEmpty && ($0.packages ?? []).isEmpty }) {
            Console.note(packageTargets.isEmpty ? "every private pod is at its newest release"
                : "every private pod and package is at its newest release")
            return
        }
        var tables: [String] = []
        for (column, rows) in [("POD", projects.map { ($0.name, $0.pods) }), ("PACKAGE", projects.map { ($0.name, $0.packages ?? []) })]
            where rows.contains(where: { !$0.1.isEmpty }) {
            var table = [["PROJECT", column, "PINNED", "RELEASE", "RC"]]
            for (project, list) in rows {
                for row in list {
                    table.append([project, row.name, row.pinned + (row.requirement.map { " (\($0))" } ?? ""),
                                  row.newestRelease ?? "-",
                                  row.newestRC.map { "\($0) (\(row.rcState ?? "pending"))" } ?? "-"])
                }
            }
            tables.append(TextTable(table).plainText())
        }
        Console.outRaw(tables.joined(separator: "\n"))
    }

    /// The rc rule of compctl.yml with `dates` for ages.
    private func rcPolicy(_ configuration: Configuration, dates: any PublishDateSource) -> ReleaseCandidatePolicy {
        ReleaseCandidatePolicy(label: configuration.rcLabel, staleAfterDays: configuration.staleRCDays, publishDates: dates,
                               now: now.flatMap(ReportSkewCommand.date) ?? Date())
    }

    /// The rows of each project's Swift packages: behind ones, or with `--all` every one.
    private func packageRows(_ targets: [(String, any PackageMainProject)], configuration: Configuration) throws -> [(String, [Row])] {
        let provider = try reportingErrors { try PackageCommands.provider() }
        var result: [(String, [Row])] = []
        for (name, project) in targets {
            if let warning = UnfinishedIntegrate.warning(root: (project.resolvedPath as NSString).deletingLastPathComponent) {
                Console.warning(warning)
            }
            let resolution = try PackageCommands.resolve(project, provider: provider)
            let (root, resolved) = try reportingErrors { (try project.root(), try PackageResolvedFile.read(at: project.resolvedPath)) }
            var containers: [String: any PackageContainer] = [:]
            let dates = PublishDateLookup { identity, version in
                guard let container = containers[identity] else { return nil }
                let tagged = (try? container.versions())?.first { $0.version.description == version.description }
                return tagged.flatMap { container.date(of: $0) }
            }
            let rcs = rcPolicy(configuration, dates: dates)
            var rows: [Row] = []
            for pin in PackageVersionPin.pins(root: root, resolution: resolution, resolved: resolved) {
                guard let package = resolution.package(pin.identity) else { continue }
                let container = try reportingErrors { try provider.container(for: package.location, identity: package.identity) }
                containers[pin.identity.description] = container
                let versions = try reportingErrors { try container.versions() }.compactMap { try? Version($0.version.description) }
                let releases = versions.filter { !$0.isPrerelease }
                let rc = rcs.candidates(of: pin.identity.description, among: versions).last
                let row = Row(name: pin.identity.description, pinned: pin.version.description,
                              requirement: pin.requirement?.label, newestRelease: releases.max()?.description,
                              newestRC: rc?.version.description, rcState: rc?.state.rawValue)
                let behind = (try? Version(pin.version.description)).map { pinned in releases.contains { $0 > pinned } } ?? true
                if all || behind { rows.append(row) }
            }
            result.append((name, rows))
        }
        return result
    }

    /// The rows of each project's Podfile: its private pods behind their newest release, or
    /// with `--all` every private pod.
    private func podRows(_ targets: [(String, String)], configuration: Configuration) throws -> [ProjectRows] {
        // The private sources only: outdated is about the components, and never asks trunk.
        let sources = try reportingErrors {
            try SpecSources(configuration: configuration, offline: sourceOptions.offline)
                .privateSources(sourceOptions.sources, podfile: targets.first?.1)
        }
        let catalog = PodCatalog(providers: sources.map(\.provider))
        let rcs = rcPolicy(configuration, dates: FirstPublishDate(sources.compactMap { $0.repository.flatMap(ReportSkewCommand.publishDates) }))
        var projects: [ProjectRows] = []
        for (name, path) in targets {
            let (parsed, lock) = try reportingErrors { () throws -> (Podfile, PodfileLock?) in
                try PodfileInputs.requireFile(path)
                if let warning = UnfinishedIntegrate.warning(root: ProjectFiles.root(ofPodfile: path)) { Console.warning(warning) }
                let lockPath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("Podfile.lock").path
                let lock = FileManager.default.fileExists(atPath: lockPath) ? try PodfileLock(contentsOf: lockPath) : nil
                return (try Podfile(contentsOf: path), lock)
            }
            var locked: [String: String] = [:]
            for pod in lock?.pods ?? [] {
                let root = pod.name.split(separator: "/").first.map(String.init) ?? pod.name
                if locked[root] == nil { locked[root] = pod.version }
            }
            var rows: [Row] = []
            var seen: Set<String> = []
            for declaration in parsed.declarations where !seen.contains(declaration.rootName) {
                let versions = try reportingErrors { try catalog.versions(of: declaration.rootName) }
                guard !versions.isEmpty, declaration.options.externalSource == nil else { continue }
                let exact = declaration.requirements.count == 1 ? Self.exact(declaration.requirements[0]) : nil
                guard let pinned = exact ?? locked[declaration.rootName] else { continue }
                seen.insert(declaration.rootName)
                let releases = versions.filter { !$0.isPrerelease }
                let rc = rcs.candidates(of: declaration.rootName, among: versions).last
                let row = Row(name: declaration.rootName, pinned: pinned,
                              requirement: exact == nil ? declaration.requirements.joined(separator: ", ") : nil,
                              newestRelease: releases.max()?.description, newestRC: rc?.version.description,
                              rcState: rc?.state.rawValue)
                // Behind: a newer release is out. A pin above the newest release (an rc) is ahead.
                let behind = (try? Version(pinned)).map { pin in releases.contains { $0 > pin } } ?? true
                if all || behind { rows.append(row) }
            }
            projects.append(ProjectRows(name: name, podfile: path, pods: rows))
        }
        return projects
    }

    /// The version of an exact requirement (`1.2.3` or `= 1.2.3`), else `nil`.
    static func exact(_ requirement: String) -> String? {
        var text = requirement.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("=") { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
        return (try? Version(text)) != nil ? text : nil
    }
}

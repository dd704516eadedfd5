import ArgumentParser
import Config
import Foundation
import Graph
import Integration
import Manifest
import Report
import SpecRepo
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
            older than stale_rc_days) or pending. JSON: {"schemaVersion": 1, "projects": [{"name", "podfile", "pods": \
            [{"name", "pinned", "requirement", "newestRelease", "newestRC", "rcState"}]}]}.
            """ + CommandExamples.section("outdated")
    )

    @Option(help: ArgumentHelp(
        "One Podfile instead of the projects of compctl.yml.", valueName: "path"))
    var podfile: String?

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
        var podfile: String
        var pods: [Row]
    }

    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var projects: [ProjectRows]
    }

    func run() throws {
        let (configuration, sources) = try reportingErrors { () throws -> (Configuration, [SpecRepoSource]) in
            let configuration = try config.load()
            // The private sources only: outdated is about the components, and never asks trunk.
            let main = podfile ?? PodfileInputs.defaultPath(explicit: nil, configuration: configuration)
            return (configuration, try SpecSources(configuration: configuration, offline: sourceOptions.offline)
                .privateSources(sourceOptions.sources, podfile: main))
        }
        let catalog = PodCatalog(providers: sources.map(\.provider))
        let rcs = ReleaseCandidatePolicy(
            label: configuration.rcLabel, staleAfterDays: configuration.staleRCDays,
            publishDates: FirstPublishDate(sources.compactMap { $0.repository.flatMap(ReportSkewCommand.publishDates) }),
            now: now.flatMap(ReportSkewCommand.date) ?? Date())
        var targets: [(String, String)] = []
        if let podfile {
            targets = [("Podfile", podfile)]
        } else {
            targets = configuration.projects.compactMap { project in
                project.podfile.map { (project.name, DisplayPath.relative(configuration.resolve(path: $0))) }
            }
            if targets.isEmpty { targets = [("Podfile", "Podfile")] }
        }
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
        if json {
            try JSONOutput.print(Document(projects: projects))
            return
        }
        if projects.allSatisfy({ $0.pods.isEmpty }) {
            Console.note("every private pod is at its newest release")
            return
        }
        var table = [["PROJECT", "POD", "PINNED", "RELEASE", "RC"]]
        for project in projects {
            for row in project.pods {
                table.append([project.name, row.name, row.pinned + (row.requirement.map { " (\($0))" } ?? ""),
                              row.newestRelease ?? "-",
                              row.newestRC.map { "\($0) (\(row.rcState ?? "pending"))" } ?? "-"])
            }
        }
        Console.outRaw(TextTable(table).plainText())
    }

    /// The version of an exact requirement (`1.2.3` or `= 1.2.3`), else `nil`.
    static func exact(_ requirement: String) -> String? {
        var text = requirement.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("=") { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
        return (try? Version(text)) != nil ? text : nil
    }
}

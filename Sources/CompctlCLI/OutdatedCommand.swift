import ArgumentParser
import Config
import Foundation
import Graph
import Manifest
import Versioning

/// `compctl outdated`: for each project of compctl.yml (main projects and example apps),
/// each pinned pod's version against the newest release and the newest rc.
struct OutdatedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outdated",
        abstract: "Pinned versions against the newest release and rc, per project.",
        discussion: """
            One aligned row per pod the Podfile pins exactly: project, pod, pinned, newest \
            release, newest rc (an rc older than the release is not shown). JSON: \
            {"schemaVersion": 1, "projects": [{"name", "podfile", "pods": [{"name", \
            "pinned", "newestRelease", "newestRC"}]}]}.
            """
    )

    @Option(help: ArgumentHelp(
        "One Podfile instead of the projects of compctl.yml.", valueName: "path"))
    var podfile: String?

    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var config: ConfigOptions

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    struct Row: Encodable {
        var name: String
        var pinned: String
        var newestRelease: String?
        var newestRC: String?
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
        let (configuration, sources) = try reportingErrors { () throws -> (Configuration, [ResolvedSource]) in
            let configuration = try config.load()
            return (configuration, try SourceResolver(configuration: configuration).sources(sourceOptions.sources))
        }
        let catalog = PodCatalog(providers: sources.map(\.repository))
        var targets: [(String, String)] = []
        if let podfile {
            targets = [("Podfile", podfile)]
        } else {
            targets = configuration.projects.compactMap { project in
                project.podfile.map { (project.name, PodfileInputs.relativeToCurrentDirectory(configuration.resolve(path: $0))) }
            }
            if targets.isEmpty { targets = [("Podfile", "Podfile")] }
        }
        var projects: [ProjectRows] = []
        for (name, path) in targets {
            let parsed = try reportingErrors { () throws -> Podfile in
                try PodfileInputs.requireFile(path)
                try IntegrationJournal.recoverIfNeeded(in: PinCommand.projectRoot(of: path))
                return try Podfile(contentsOf: path)
            }
            var rows: [Row] = []
            var seen: Set<String> = []
            for declaration in parsed.declarations where !seen.contains(declaration.rootName) {
                guard declaration.requirements.count == 1, let pinned = Self.exact(declaration.requirements[0]) else { continue }
                seen.insert(declaration.rootName)
                let versions = catalog.versions(of: declaration.rootName)
                let release = versions.filter { !$0.isPrerelease }.max()
                let rc = versions.filter { $0.isPrerelease && (release == nil || $0 > release!) }.max()
                rows.append(Row(name: declaration.rootName, pinned: pinned, newestRelease: release?.description,
                                newestRC: rc?.description))
            }
            projects.append(ProjectRows(name: name, podfile: path, pods: rows))
        }
        if json {
            try JSONOutput.print(Document(projects: projects))
            return
        }
        var table = [["PROJECT", "POD", "PINNED", "RELEASE", "RC"]]
        for project in projects {
            for row in project.pods {
                table.append([project.name, row.name, row.pinned, row.newestRelease ?? "-", row.newestRC ?? "-"])
            }
        }
        let widths = (0..<5).map { column in table.map { $0[column].count }.max() ?? 0 }
        Console.outRaw(table.map { cells in
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }.joined() + "\n"
        }.joined())
    }

    /// The version of an exact requirement (`1.2.3` or `= 1.2.3`), else `nil`.
    static func exact(_ requirement: String) -> String? {
        var text = requirement.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("=") { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
        return (try? Version(text)) != nil ? text : nil
    }
}

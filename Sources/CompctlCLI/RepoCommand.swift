import ArgumentParser
import SpecRepo

/// `compctl repo`: private spec repos.
struct RepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Inspect private spec repos.",
        subcommands: [RepoShowCommand.self]
    )
}

/// `compctl repo show SOURCE [--json]`: every pod with its versions, highest first, and the
/// junk that was skipped (on stderr, and in the JSON).
struct RepoShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List every pod of a spec repo with its versions, highest first.",
        discussion: """
            Prints one line per pod, `Name<TAB>v1 v2 …`, in CocoaPods' order (by name, \
            byte-wise). Junk that is skipped (hidden files, *.podspec~, directories that are \
            not versions, empty version directories, …) is reported on stderr as \
            `warning: <path>: <why>`, with paths relative to the repo's root. No spec is parsed.

            JSON: {"schemaVersion": 1, "pods": [{"name": …, "versions": [highest first]}], \
            "skipped": [{"path": …, "reason": …}]}. Pods are an array to keep their order.
            """
    )

    @Argument(help: "The spec repo: a directory (a plain folder or a git work tree).")
    var source: String

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    func run() throws {
        let repository = try reportingErrors { try SpecRepository(directory: source) }
        for junk in repository.skipped {
            Console.warning(junk.description)
        }
        if json {
            try JSONOutput.print(RepoShowDocument(repository))
            return
        }
        // One write for the whole listing: 10,000 pods are 10,000 lines.
        var text = ""
        for pod in repository.pods {
            text += pod.name + "\t" + pod.versions.map(\.directoryName).joined(separator: " ") + "\n"
        }
        Console.outRaw(text)
    }
}

/// The `repo show --json` document.
struct RepoShowDocument: Encodable {
    struct Pod: Encodable {
        var name: String
        var versions: [String]
    }

    struct Skipped: Encodable {
        var path: String
        var reason: String
    }

    var schemaVersion = JSONOutput.schemaVersion
    var pods: [Pod]
    var skipped: [Skipped]

    init(_ repository: SpecRepository) {
        pods = repository.pods.map { Pod(name: $0.name, versions: $0.versions.map(\.directoryName)) }
        skipped = repository.skipped.map { Skipped(path: $0.path, reason: $0.reason.description) }
    }
}

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
            Console.outRaw(RepoShowDocument(repository).renderedJSON() + "\n")
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
struct RepoShowDocument {
    struct Pod {
        var name: String
        var versions: [String]
    }

    struct Skipped {
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

    /// The document exactly as `JSONOutput.render` lays it out (sorted keys, two-space
    /// indentation, `" : "`), written directly: `JSONEncoder` alone takes about half a
    /// second for 10,000 pods x 20 versions, twice what listing them takes.
    func renderedJSON() -> String {
        var out = "{\n  \"pods\" : ["
        if pods.isEmpty {
            out += "\n\n  ]"
        } else {
            for (index, pod) in pods.enumerated() {
                out += index == 0 ? "\n    {\n" : ",\n    {\n"
                out += "      \"name\" : " + Self.quoted(pod.name) + ",\n      \"versions\" : ["
                if pod.versions.isEmpty {
                    out += "\n\n      ]"
                } else {
                    out += "\n        " + pod.versions.map(Self.quoted).joined(separator: ",\n        ") + "\n      ]"
                }
                out += "\n    }"
            }
            out += "\n  ]"
        }
        out += ",\n  \"schemaVersion\" : \(schemaVersion),\n  \"skipped\" : ["
        if skipped.isEmpty {
            out += "\n\n  ]"
        } else {
            out += skipped.enumerated().map { index, entry in
                (index == 0 ? "\n" : "") + "    {\n      \"path\" : " + Self.quoted(entry.path)
                    + ",\n      \"reason\" : " + Self.quoted(entry.reason) + "\n    }"
            }.joined(separator: ",\n")
            out += "\n  ]"
        }
        return out + "\n}"
    }

    /// A JSON string literal, escaped as `JSONEncoder` escapes (slashes left alone).
    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

import ArgumentParser
import Diagnostics
import Foundation
import SpecRepo

/// `compctl lint PODSPEC [--source SOURCE…] [--json]`: validates a podspec and, given spec
/// repos, that its dependencies exist and can be satisfied.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Validate a podspec and, with --source, that its dependencies can be satisfied.",
        discussion: """
            Checks that the podspec parses, that its name can be a pod's (none of what \
            CocoaPods refuses, not Specs or CocoaPods-version.yml, no control or bidirectional \
            character), that its version is a valid version and every requirement parses, and that dependencies on its own subspecs name existing ones. \
            With --source, each dependency (Foo/Bar counts as Foo) must exist in one of the \
            spec repos and have a version that satisfies its requirements; a prerelease counts \
            only when a requirement names one, as in the resolver.

            Every problem is reported, one `error:` line each, and the exit code is 2. \
            Exit 1 when the podspec or a source cannot be read at all.

            JSON: {"schemaVersion": 1, "podspec": …, "sources": [names], "ok": bool, \
            "problems": [{"kind": …, "dependency": …, "message": …}]}.

            --format github prints GitHub Actions workflow commands (an annotation on the \
            podspec's line for each problem); --format gitlab prints a GitLab Code Quality \
            report with stable fingerprints. Text from the spec is escaped.
            """ + CommandExamples.section("lint")
    )

    @Argument(help: "The podspec to check (Foo.podspec or Foo.podspec.json).")
    var podspec: String

    @Option(name: .customLong("source"), help: "A spec repo to check dependencies against (a name, a git URL, a bare repository or a directory); repeat for several, in priority order.")
    var sources: [String] = []

    @OptionGroup var config: ConfigOptions

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @Option(help: ArgumentHelp("text (the default), github or gitlab: the problems for a CI system.", valueName: "format"))
    var format: LintFormat = .text

    func validate() throws {
        if json && format != .text { throw ValidationError("--json and --format \(format.rawValue) are two outputs; give one") }
    }

    func run() throws {
        try Self.run(LintLine(self))
    }

    /// Runs `line`, whether ArgumentParser read it (`run()`) or `QuickPath` did.
    static func run(_ line: LintLine) throws {
        let podspec = line.podspec
        let sources = line.sources
        let json = line.json
        let format = line.format
        let repositories = try reportingErrors { () throws -> [SpecRepository] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: podspec, isDirectory: &isDirectory) else {
                throw CommandError("no podspec at '\(podspec)'; pass the path of a .podspec or .podspec.json file")
            }
            guard !isDirectory.boolValue else {
                throw CommandError("'\(podspec)' is a directory; pass the path of a .podspec or .podspec.json file")
            }
            guard !sources.isEmpty else { return [] }
            let specSources = try SpecSources(configuration: try ConfigOptions.load(path: line.config))
            return try sources.map { source in
                // A pod's folders are read when the lint asks for the pod, not the whole repo;
                // a version counts when its folder holds the pod's spec, as a full listing says.
                let opened = try specSources.open(source, depth: .versionDirectoriesOnDemand)
                if let cdn = opened.cdn { throw SpecRepoError.cdnCannotList(source: cdn.name) }
                guard let repository = opened.repository else {
                    throw CommandError("\(source) has no commit yet: there is nothing to check dependencies against")
                }
                return repository
            }
        }
        let problems = SpecLinter(sources: repositories).lint(contentsOf: podspec)
        // The junk of what the lint read.
        for repository in repositories {
            for junk in repository.skipped {
                Console.warning("\(repository.name): \(junk)")
            }
        }
        if let ci = format.ci {
            Console.outRaw(ci.render(LintAnnotations(podspec: podspec).annotations(problems)))
        } else if json {
            try JSONOutput.print(LintDocument(
                podspec: podspec,
                sources: repositories.map(\.name),
                ok: problems.isEmpty,
                problems: problems.map {
                    LintDocument.Problem($0)
                }
            ))
        } else if problems.isEmpty {
            let checked = repositories.isEmpty
                ? "dependencies not checked (no --source)"
                : "dependencies satisfied by " + repositories.map(\.name).joined(separator: ", ")
            Console.out("\(podspec): ok; \(checked)")
        }
        for problem in problems {
            Console.error(problem.message)
        }
        if !problems.isEmpty { throw Exit.problems }
    }
}

/// A `lint` command line as `LintCommand.run(_:)` runs it: read by ArgumentParser into the
/// command, or by `QuickPath` without making the command (CI lints each podspec).
struct LintLine: Equatable {
    var podspec = ""
    var sources: [String] = []
    var config: String?
    var json = false
    var format: LintFormat = .text

    init() {}

    /// The line ArgumentParser read into `command`.
    init(_ command: LintCommand) {
        podspec = command.podspec
        sources = command.sources
        config = command.config.path
        json = command.json
        format = command.format
    }

    /// Whether the line prints JSON: `--json`, or GitLab's report.
    var printsJSON: Bool { json || format == .gitlab }
}

/// How `lint` prints its problems besides `--json`.
enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case github
    case gitlab

    /// The CI format, when it is one.
    var ci: CIFormat? { CIFormat(rawValue: rawValue) }
}

/// Lint problems as CI findings on the podspec's lines: the line a message names
/// (`Foo.podspec:3: …`), else the line of the dependency concerned.
struct LintAnnotations {
    var podspec: String
    private let lines: [Substring]

    init(podspec: String) {
        self.podspec = podspec
        lines = ((try? String(contentsOfFile: podspec, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
    }

    func annotations(_ problems: [LintProblem]) -> [CIAnnotation] {
        problems.map { problem in
            var message = problem.message
            var line: Int?
            if message.hasPrefix(podspec + ":") {
                message.removeFirst(podspec.count + 1)
                let digits = message.prefix { $0.isNumber }
                if !digits.isEmpty, message.dropFirst(digits.count).hasPrefix(":") {
                    line = Int(digits)
                    message.removeFirst(digits.count + 1)
                }
                message = String(message.drop { $0 == " " })
            }
            return CIAnnotation(check: problem.kind.rawValue, file: podspec,
                                line: line ?? problem.dependency.flatMap(lineDeclaring), message: message)
        }
    }

    /// The first line that declares a dependency on `name` (quoted, after `dependency`).
    private func lineDeclaring(_ name: String) -> Int? {
        let root = name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
        let quoted = ["'\(name)'", "\"\(name)\"", "'\(root)", "\"\(root)"]
        let escaped = name.replacingOccurrences(of: "\n", with: "\\n")
        return lines.firstIndex { line in
            line.contains("dependenc") && (quoted.contains { line.contains($0) } || line.contains(escaped))
        }.map { $0 + 1 }
    }
}

/// The `lint --json` document.
struct LintDocument: Encodable {
    /// One lint problem, as `lint --json` and `publish --json` print it.
    struct Problem: Encodable {
        var kind: String
        var dependency: String?
        var message: String

        init(_ problem: LintProblem) {
            kind = problem.kind.rawValue
            dependency = problem.dependency
            message = problem.message
        }
    }

    var schemaVersion = JSONOutput.schemaVersion
    var podspec: String
    var sources: [String]
    var ok: Bool
    var problems: [Problem]
}

import ArgumentParser
import BinaryChannel
import Foundation
import Git
import Graph
import Podspec
import SpecRepo

/// `compctl publish PODSPEC --repo SOURCE`: checks a spec and pushes it into a spec repo;
/// `--binary` publishes the binary twin of a version already published.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a podspec into a private spec repo, safely under concurrent publishers.",
        discussion: """
            First the checks, against the spec repo freshly fetched: lint (version, requirements, \
            every dependency resolvable in the spec repo or a --source), no dependency cycle \
            introduced, and the tag named by the spec's source present in the component's \
            repository. Then the spec is committed at Name/Version/Name.podspec[.json] (under \
            Specs/ and sharded when the repo is) as `[Add] Name (version)` for a new pod or \
            `[Update] Name (version)`, and pushed. A rejected push is fetched, re-applied and \
            retried with jittered backoff. If it never lands, compctl's clone of the spec repo is \
            put back to the remote's state.

            A published version is never overwritten without --force (the commit then reads \
            `[Fix] Name (version)`). Exit 2 when a check finds problems; 1 when publishing fails.

            --binary publishes the binary of a version whose source spec is already published \
            (integrate publishes it, or `publish` did): binary_command of compctl.yml runs in a \
            fresh checkout of the component at the version's tag, with COMPCTL_COMPONENT, \
            COMPCTL_VERSION, COMPCTL_TAG and COMPCTL_BINARY_OUTPUT set, and writes a zip and \
            binary.json (what it vendors) into $COMPCTL_BINARY_OUTPUT. The zip goes to \
            artifact_store (uploaded, read back and checked, never over another archive), then \
            the binary spec (same name, version, dependencies and subspecs; source: the archive's \
            URL and SHA-256) is published into binary_repo (or --repo). An rc gets a binary \
            only with --allow-rc. A version whose binary is published already is left as it is.

            JSON: {"schemaVersion": 1, "name", "version", "repo", "url", "path", "message", \
            "kind": "Add"|"Update"|"Fix", "commit", "attempts", "published": bool, "dryRun": bool, \
            "problems": [{"kind", "dependency", "message"}]}.
            """ + CommandExamples.section("publish")
    )

    @Argument(help: "The podspec to publish (Foo.podspec or Foo.podspec.json).")
    var podspec: String

    @Option(name: .customLong("repo"), help: "The spec repo: a name, a git URL or a bare repository (with --binary: default binary_repo).")
    var repo: String?

    @Flag(help: "Build, store and publish the binary of a version whose source spec is published.")
    var binary = false

    @Flag(name: .customLong("allow-rc"), help: "With --binary: build the binary of a release candidate too.")
    var allowRC = false

    @Option(name: .customLong("source"), help: "Another spec repo dependencies may come from (e.g. public pods); repeatable.")
    var sources: [String] = []

    @Flag(help: "Overwrite a version the spec repo already has.")
    var force = false

    @Flag(help: "Do not ask the component's repository whether the tag exists (for an unreachable host).")
    var skipTagCheck = false

    @Flag(help: "Fetch and check, then show the path and commit message without writing anything.")
    var dryRun = false

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @OptionGroup var config: ConfigOptions

    func validate() throws {
        if binary {
            if force { throw ValidationError("--force does not apply to --binary: a published binary is never replaced") }
            if skipTagCheck { throw ValidationError("--skip-tag-check does not apply to --binary, which builds at the tag") }
        } else {
            if repo == nil { throw ValidationError("give the spec repo to publish into with --repo SOURCE") }
            if allowRC { throw ValidationError("--allow-rc goes with --binary") }
        }
    }

    func run() async throws {
        if binary {
            try await publishBinary()
            return
        }
        let repo = repo ?? ""
        let (result, target) = try reportingErrors { () throws -> (PublishOutcome, PublishTarget) in
            let specSources = try SpecSources(config: config)
            let target = try specSources.locator.publishTarget(repo)
            let shown = PublishTarget(name: target.name, url: Git.redact(target.url))
            let file: PodspecFile
            do {
                file = try readPodspec()
            } catch let error as PodspecError {
                // A podspec that does not parse is a lint problem, as in `compctl lint`.
                return (.problems([LintProblem(kind: .invalidPodspec, message: error.description)]), shown)
            }
            let extra = try sources.map { source in
                guard let repository = try specSources.open(source, depth: .versions).repository else {
                    throw CommandError("\(source) has no commit yet: there is nothing to resolve dependencies against")
                }
                return repository as any SpecProvider
            }
            let publisher = SpecPublisher(cache: specSources.cache, policy: Self.retryPolicy, extraSources: extra)
            defer { specSources.reporter.finish() }
            let result = try publisher.publish(file, to: target.name, url: target.url, force: force,
                                               skipTagCheck: skipTagCheck, dryRun: dryRun)
            return (result, shown)
        }
        if json {
            try JSONOutput.print(PublishDocument(result, target: target, dryRun: dryRun))
        } else {
            PublishCommand.printText(result, target: target)
        }
        if case .problems(let problems) = result {
            for problem in problems { Console.error(problem.message) }
            throw Exit.problems
        }
    }

    /// How often a rejected publish is retried: up to 12 attempts, pauses of up to 50 ms,
    /// 100 ms, … capped at 4 s (about 25 s at worst), so that a burst of CI jobs publishing
    /// into one spec repo at once all land.
    static let retryPolicy = RetryPolicy(maxAttempts: 12, initialDelay: .milliseconds(50), maxDelay: .seconds(4))

    private func readPodspec() throws -> PodspecFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: podspec, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandError("no podspec at '\(podspec)'; pass the path of a .podspec or .podspec.json file")
        }
        return try PodspecFile.read(podspec)
    }

    /// The lines `publish` (and `bump --publish`) print for a result.
    static func printText(_ result: PublishOutcome, target: PublishTarget) {
        switch result {
        case .problems:
            break
        case .planned(let plan):
            Console.out("would write \(plan.path) in \(target.name) (\(target.url))")
            if let replaced = plan.replacedDirectory { Console.out("would replace \(replaced)") }
            Console.out("would commit \(plan.message)")
        case .published(let plan, let commit, let attempts, let changed):
            guard changed else {
                Console.out("\(target.name) already has this exact spec at \(plan.path); nothing to publish")
                return
            }
            Console.out("published \(plan.name) \(plan.version) to \(target.name): \(plan.message) at \(plan.path)"
                + (commit.map { " (\($0.shortHex))" } ?? ""))
            if attempts > 1 {
                Console.note("note: pushed on attempt \(attempts): other publishers got there first, so it was re-applied")
            }
        }
    }
}

/// The spec repo a publish went to, as output shows it.
struct PublishTarget {
    var name: String
    /// Redacted.
    var url: String
}

/// The `publish --json` document.
struct PublishDocument: Encodable {
    typealias Problem = LintDocument.Problem

    var schemaVersion = JSONOutput.schemaVersion
    var repo: String
    var url: String
    var dryRun: Bool
    var published = false
    var name: String?
    var version: String?
    var path: String?
    var message: String?
    var kind: String?
    var commit: String?
    var attempts: Int?
    var problems: [Problem] = []

    init(_ result: PublishOutcome, target: PublishTarget, dryRun: Bool) {
        repo = target.name
        url = target.url
        self.dryRun = dryRun
        var plan: PublishPlan?
        switch result {
        case .problems(let found):
            problems = found.map(Problem.init)
        case .planned(let planned):
            plan = planned
        case .published(let published, let commit, let attempts, let changed):
            plan = published
            self.published = changed
            self.commit = commit?.hex
            self.attempts = attempts
        }
        name = plan?.name
        version = plan?.version
        path = plan?.path
        message = plan?.message
        kind = plan?.kind.rawValue
    }
}

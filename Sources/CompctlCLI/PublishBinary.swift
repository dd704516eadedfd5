import BinaryChannel
import Config
import Foundation
import Git
import Graph
import Podspec
import SpecRepo
import Versioning

extension PublishCommand {
    /// `publish --binary PODSPEC`: the binary of a version whose source spec is published.
    func publishBinary() async throws {
        let (prepared, sources) = try reportingErrors { () throws -> (PreparedBinary, SpecSources) in
            let sources = try SpecSources(config: config)
            return (try prepareBinary(sources), sources)
        }
        defer { sources.reporter.finish() }
        let publisher = BinaryPublisher(
            settings: prepared.settings,
            specPublisher: SpecPublisher(cache: sources.cache, policy: Self.retryPolicy,
                                         extraSources: prepared.sourceRepos),
            note: { Console.note($0) })
        let result = try await reportingErrors {
            try await publisher.publish(prepared.spec, sourceRepos: prepared.sourceRepos, repository: prepared.repository,
                                        allowRC: allowRC, dryRun: dryRun)
        }
        let target = prepared.settings.repository
        let shown = PublishTarget(name: target.name, url: Git.redact(target.url))
        if json {
            try JSONOutput.print(BinaryPublishDocument(result, spec: prepared.spec, target: shown, dryRun: dryRun))
        } else {
            Self.printText(result, spec: prepared.spec, target: shown)
        }
        if case let .problems(problems) = result {
            for problem in problems { Console.error(problem.message) }
            throw Exit.problems
        }
    }

    /// What publishing the binary needs, read and checked before anything is built.
    struct PreparedBinary {
        var spec: Specification
        var sourceRepos: [any SpecProvider]
        /// The local clone holding the tag, or nil to fetch the spec's `:git`.
        var repository: String?
        var settings: BinaryChannelSettings
    }

    private func prepareBinary(_ specSources: SpecSources) throws -> PreparedBinary {
        let configuration = specSources.configuration
        let local = try PodspecFile.read(podspec)
        let settings = try BinarySettings.make(configuration, repo: repo, locator: specSources)
        // The source spec as published is the one the binary twins, wherever the local file has moved on.
        let names = sources.isEmpty ? configuration.sourceSpecRepoNames : sources
        var sourceRepos: [any SpecProvider] = []
        for name in names {
            guard let repository = try specSources.open(name, depth: .versions).repository else { continue }
            sourceRepos.append(repository)
        }
        var spec = local.spec
        if let version = try? Versioning.Version(local.spec.version) {
            for repository in sourceRepos where (try? repository.versions(of: spec.name))?.contains(version) == true {
                spec = try repository.specification(name: spec.name, version: version)
                break
            }
        }
        return PreparedBinary(spec: spec, sourceRepos: sourceRepos,
                              repository: Self.localClone(holding: spec.source?.tag, near: podspec), settings: settings)
    }

    /// The git work tree holding `path` when it has `tag`: the build clones it instead of the
    /// spec's remote, which may be out of reach.
    static func localClone(holding tag: String?, near path: String) -> String? {
        guard let tag else { return nil }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        guard let repository = try? Repository.open(at: directory, searchingParents: true),
              (try? repository.resolve("refs/tags/\(tag)")) != nil else { return nil }
        return repository.workDirectory ?? repository.gitDirectory
    }

    /// The lines `publish --binary` prints.
    static func printText(_ result: BinaryPublication, spec: Specification, target: PublishTarget) {
        switch result {
        case .problems:
            break
        case let .alreadyPublished(path):
            Console.out("\(spec.name) \(spec.version) already has a binary in \(target.name) (\(path)); nothing to publish")
        case let .planned(url, plan):
            Console.out("would build \(spec.name) \(spec.version) at tag \(spec.source?.tag ?? "?") with binary_command")
            Console.out("would store the archive at \(Git.redact(url))")
            Console.out("would write \(plan.path) in \(target.name) (\(target.url)) and commit \(plan.message)")
        case let .published(archive, plan, commit, build, log):
            Console.out((archive.alreadyStored ? "found" : "stored") + " \(Git.redact(archive.url)) (sha256 \(archive.sha256))")
            Console.out("published the binary of \(spec.name) \(spec.version) to \(target.name): \(plan.message) at \(plan.path)"
                + (commit.map { " (\($0.shortHex))" } ?? ""))
            Console.note("built in \(Seconds.text(build)); log: \(log)")
        }
    }
}

/// compctl.yml's binary channel as the commands use it.
enum BinarySettings {
    /// The settings for publishing a binary: compctl.yml's `binary_command`, `artifact_store`
    /// and `binary_repo` (or `repo`), each required.
    static func make(_ configuration: Configuration, repo: String?, locator: SpecSources) throws -> BinaryChannelSettings {
        guard let command = configuration.binary.command else { throw BinaryError.noBinaryCommand }
        guard let store = configuration.binary.artifactStore else { throw BinaryError.noArtifactStore }
        guard let name = repo ?? configuration.binary.repo else { throw BinaryError.noBinaryRepo }
        let target = try locator.publishTarget(name)
        return BinaryChannelSettings(
            command: command, store: try ArtifactStores.open(store, relativeTo: configuration.directory),
            repository: (target.name, target.url), rcLabel: configuration.rcLabel,
            logDirectory: (SpecRepoCache.homeDirectory() as NSString).appendingPathComponent("logs"))
    }
}

extension Configuration {
    /// The spec repos of compctl.yml that hold source specs: all but the binary repo, by priority.
    var sourceSpecRepoNames: [String] {
        specRepos.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
            .map(\.element.name).filter { $0 != binary.repo }
    }
}

/// Durations as output shows them: `0.42 s`, `12.3 s`.
enum Seconds {
    static func text(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value < 10 ? String(format: "%.2f s", value) : String(format: "%.1f s", value)
    }
}

/// The `publish --binary --json` document.
struct BinaryPublishDocument: Encodable {
    struct Archive: Encodable {
        var url: String
        var sha256: String
        var alreadyStored: Bool
    }

    var schemaVersion = JSONOutput.schemaVersion
    var name: String
    var version: String
    var repo: String
    var url: String
    var dryRun: Bool
    var published = false
    var alreadyPublished = false
    var archive: Archive?
    var path: String?
    var message: String?
    var commit: String?
    var buildSeconds: Double?
    var problems: [LintDocument.Problem] = []

    init(_ result: BinaryPublication, spec: Specification, target: PublishTarget, dryRun: Bool) {
        name = spec.name
        version = spec.version
        repo = target.name
        url = target.url
        self.dryRun = dryRun
        switch result {
        case let .problems(found): problems = found.map(LintDocument.Problem.init)
        case let .alreadyPublished(path):
            alreadyPublished = true
            self.path = path
        case let .planned(_, plan):
            path = plan.path
            message = plan.message
        case let .published(stored, plan, commit, build, _):
            published = true
            archive = Archive(url: Git.redact(stored.url), sha256: stored.sha256, alreadyStored: stored.alreadyStored)
            path = plan.path
            message = plan.message
            self.commit = commit?.hex
            buildSeconds = Double(build.components.seconds) + Double(build.components.attoseconds) / 1e18
        }
    }
}

import CompileCheck
import Foundation
import Git
import Graph
import Podspec
import SpecRepo
import Versioning

/// What publishing a binary needs besides the component: compctl.yml's binary channel.
public struct BinaryChannelSettings: Sendable {
    /// `binary_command`.
    public var command: CheckCommand
    /// `artifact_store`.
    public var store: any ArtifactStoring
    /// The binary spec repo: its name and URL.
    public var repository: (name: String, url: String)
    /// `rc_label`: versions with it are rcs.
    public var rcLabel: String
    /// Where build logs go: `<logDirectory>/<Name>/binary-<time>-<pid>.log`.
    public var logDirectory: String
    /// Stops a build after this long.
    public var timeout: Duration?

    /// The settings from their parts.
    public init(command: CheckCommand, store: any ArtifactStoring, repository: (name: String, url: String), rcLabel: String,
                logDirectory: String, timeout: Duration? = nil) {
        self.command = command
        self.store = store
        self.repository = repository
        self.rcLabel = rcLabel
        self.logDirectory = logDirectory
        self.timeout = timeout
    }
}

/// How publishing one binary ended.
public enum BinaryPublication: Sendable {
    /// The binary spec repo already has this version: nothing was built.
    case alreadyPublished(path: String)
    /// A dry run: the checks passed and this is what would happen.
    case planned(archiveURL: String, plan: PublishPlan)
    /// Built, stored, verified, and its spec published.
    case published(archive: StoredArtifact, plan: PublishPlan, commit: ObjectID?, build: Duration, log: String)
    /// The binary spec did not pass the spec repo's checks (a dependency no source has).
    case problems([LintProblem])
}

/// Publishes the binary twin of a published source spec: checks that the source spec is
/// there and the binary spec repo lacks the version, builds the archive (`BinaryBuilder`),
/// stores it (`ArtifactStoring`: atomic, verified, never over another), and only then
/// publishes the binary spec through the same `SpecPublisher` as every spec. A failure at
/// any step publishes nothing; an archive stored by a run killed before its spec was
/// published is never referenced.
public struct BinaryPublisher {
    public var settings: BinaryChannelSettings
    /// Publishes into the binary spec repo.
    public var specPublisher: SpecPublisher
    public var builder: BinaryBuilder
    /// Hears what is happening, for a progress line.
    public var note: @Sendable (String) -> Void

    /// A publisher; `specPublisher`'s extra sources should be the source spec repos, where
    /// the binary spec's dependencies are.
    public init(settings: BinaryChannelSettings, specPublisher: SpecPublisher, builder: BinaryBuilder = BinaryBuilder(),
                note: @escaping @Sendable (String) -> Void = { _ in }) {
        self.settings = settings
        self.specPublisher = specPublisher
        self.builder = builder
        self.note = note
    }

    /// Publishes the binary of `source`, a root spec already published in one of `sourceRepos`
    /// (each asked for its versions), built from `repository` (a git URL or a local clone) at
    /// the spec's tag. `allowRC` builds an rc's binary; `dryRun` stops before building.
    public func publish(_ source: Specification, sourceRepos: [any SpecProvider], repository: String? = nil,
                        allowRC: Bool = false, dryRun: Bool = false) async throws -> BinaryPublication {
        let name = source.name, version = source.version
        if !allowRC, let parsed = try? Version(version), parsed.isReleaseCandidate(label: settings.rcLabel) {
            throw BinaryError.releaseCandidate(name: name, version: version)
        }
        try requireSourceSpec(source, in: sourceRepos)
        guard let tag = source.source?.tag, let origin = repository ?? source.source?.git else {
            throw BinaryError.checkoutFailed(name: name, tag: source.source?.tag ?? "?", url: source.source?.git ?? "?",
                                             reason: "the spec names no :git repository and :tag to build from")
        }
        let target = settings.repository
        // The spec's checks (its dependencies, the version not yet there) before the build.
        let provisional = try BinarySpec.make(from: source, declaration: BinaryDeclaration(archive: "archive.zip", root: BinaryContents()),
                                              url: "file:///provisional", sha256: String(repeating: "0", count: 64), origin: tag)
        switch try precheck(provisional, into: target) {
        case let .existing(path): return .alreadyPublished(path: path)
        case let .problems(problems): return .problems(problems)
        case let .ready(plan):
            if dryRun {
                return .planned(archiveURL: settings.store.url(of: ArtifactKey(name: name, version: version, fileName: "<archive>")), plan: plan)
            }
        }

        let scratch = try Self.makeScratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let log = (settings.logDirectory as NSString).appendingPathComponent("\(name)/binary-\(stamp)-\(getpid()).log")
        note("building \(name) \(version) at tag \(tag) with binary_command")
        let built = try await builder.build(
            BinaryBuildRequest(name: name, version: version, repository: origin, tag: tag, command: settings.command,
                               logPath: log, timeout: settings.timeout),
            scratch: scratch)
        let problems = built.declaration.problems(for: source, entries: built.entries)
        if !problems.isEmpty { throw BinaryError.declarationMismatch(name: name, version: version, problems: problems) }

        let key = ArtifactKey(name: name, version: version, fileName: built.declaration.archive)
        note("storing \(built.declaration.archive) (sha256 \(built.sha256.prefix(12))…) in \(settings.store.location)")
        let stored = try settings.store.store(built.archive, as: key, sha256: built.sha256)
        let spec = try BinarySpec.make(from: source, declaration: built.declaration, url: stored.url, sha256: stored.sha256,
                                       origin: "tag \(tag) (\(built.commit.prefix(8)))")
        note("publishing the binary spec of \(name) \(version) to \(target.name)")
        let outcome: PublishOutcome
        do {
            outcome = try specPublisher.publish(spec, to: target.name, url: target.url, skipTagCheck: true)
        } catch SpecRepoError.alreadyPublished(_, _, _, let path) {
            // Another publisher got there while this one built.
            return .alreadyPublished(path: path)
        }
        switch outcome {
        case let .problems(problems): return .problems(problems)
        case let .planned(plan): return .planned(archiveURL: stored.url, plan: plan)
        case let .published(plan, commit, _, _):
            return .published(archive: stored, plan: plan, commit: commit, build: built.duration, log: built.log)
        }
    }

    private enum Precheck {
        case existing(String)
        case problems([LintProblem])
        case ready(PublishPlan)
    }

    private func precheck(_ spec: PodspecFile, into target: (name: String, url: String)) throws -> Precheck {
        do {
            switch try specPublisher.precheck(spec, to: target.name, url: target.url) {
            case let .problems(problems): return .problems(problems)
            case let .planned(plan), let .published(plan, _, _, _): return .ready(plan)
            }
        } catch SpecRepoError.alreadyPublished(_, _, _, let path) {
            return .existing(path)
        }
    }

    /// Throws `noSourceSpec` unless a source spec repo holds `source`'s version.
    private func requireSourceSpec(_ source: Specification, in repositories: [any SpecProvider]) throws {
        let version = try? Version(source.version)
        for repository in repositories {
            if let version, (try? repository.versions(of: source.name))?.contains(version) == true { return }
        }
        throw BinaryError.noSourceSpec(name: source.name, version: source.version, repositories: repositories.map(\.name))
    }

    /// A scratch folder for one build, `compctl-binary.<pid>.XXXXXX` in the temp directory.
    static func makeScratch() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/compctl-binary.\(getpid()).XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw BinaryError.storeFailed(url: NSTemporaryDirectory(), reason: "cannot make a scratch folder")
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

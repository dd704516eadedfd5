import ArgumentParser
import ComponentRelease
import Foundation
import Git
import Podspec
import SpecRepo
import Versioning

/// `compctl bump`: releases the component whose work tree this is.
struct BumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bump",
        abstract: "Release the component in this work tree: new version, commit, tag, push, publish.",
        discussion: """
            Finds the podspec (the only *.podspec or *.podspec.json at the repository's root, \
            or --podspec), computes the next version (as `compctl version bump`, with the rc \
            label of compctl.yml), rewrites only the version literal, commits \
            `Release Foo 0.1.8-rc.1` and creates an annotated tag in compctl.yml's tag format. \
            --push pushes the branch, then the tag, to origin; --repo SOURCE then publishes \
            the spec (its checks run before anything changes).

            Refuses, changing nothing, when a tracked file has uncommitted changes (untracked \
            files stay out of the release commit and do not stop it), the tag exists (locally or \
            on origin), the version would go backwards, or the podspec cannot be rewritten \
            safely. If the push fails, the commit, the tag and the podspec change are undone.

            A Swift package (a Package.swift and no podspec at the repository's root) has no \
            version literal: its versions are its tags. bump takes the highest version tag in \
            HEAD's history (read as SwiftPM reads tags: 1.2.0, v1.2.0, 1.2), computes the next \
            version by the same rules, and creates the annotated tag on HEAD; --push pushes the \
            branch, then the tag. A first release starts from 0.0.0. JSON: {"schemaVersion": 1, \
            "name", "package", "from", "version", "branch", "tag", "commit", "pushed", "dryRun"}.

            JSON: {"schemaVersion": 1, "name", "podspec", "from", "version", "branch", "tag", \
            "commit", "pushed", "dryRun", "published": {"repo", "path", "message", "commit"} or null}.
            """ + CommandExamples.section("bump")
    )

    @OptionGroup var bump: BumpFlags

    @Option(help: ArgumentHelp("The podspec to bump (default: the only one at the repository's root).", valueName: "path"))
    var podspec: String?

    @Flag(help: "Commit without creating the tag.")
    var noTag = false

    @Flag(help: "Push the branch and the tag to origin.")
    var push = false

    @Option(help: ArgumentHelp("After pushing, publish the spec into this spec repo.", valueName: "source"))
    var repo: String?

    /// `--repo`'s old spelling, kept for scripts written before it.
    @Option(name: .customLong("publish"), help: .hidden)
    var publishSpelling: String?

    /// The spec repo to publish into, however it was spelt.
    private var publish: String? { repo ?? publishSpelling }

    @Flag(help: "Check everything and show what would happen, changing nothing.")
    var dryRun = false

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @OptionGroup var config: ConfigOptions

    func validate() throws {
        if repo != nil, publishSpelling != nil {
            throw ValidationError("--publish is the old spelling of --repo; give one of them")
        }
        let flag = repo != nil ? "--repo" : "--publish"
        if publish != nil, !push {
            throw ValidationError("\(flag) needs --push: consumers fetch the tag from the component's remote")
        }
        if publish != nil, noTag {
            throw ValidationError("\(flag) cannot be combined with --no-tag: the published spec names the tag")
        }
    }

    private var kind: BumpKind { bump.kind }

    /// The spec `bump --repo` publishes, already checked against its spec repo.
    private struct Publishing {
        var file: PodspecFile
        var target: PublishTarget
        var name: String
        var url: String
        var plan: PublishPlan
    }

    func run() throws {
        if podspec == nil, PackageReleaser.isPackageWithoutPodspec(at: FileManager.default.currentDirectoryPath) {
            try releasePackage()
            return
        }
        let sources = try reportingErrors { try SpecSources(config: config) }
        defer { sources.reporter.finish() }
        let releaser = ComponentReleaser(credentials: sources.cache.credentials)
        let plan = try reportingErrors {
            try releaser.plan(BumpRequest(
                kind: kind, podspec: podspec, rcLabel: sources.configuration.rcLabel,
                tagFormat: sources.configuration.tagFormat.rawValue, createsTag: !noTag, push: push))
        }
        for warning in plan.warnings { Console.warning(warning) }
        // The spec as it will be published, checked against the spec repo before anything changes.
        let publishing = try publish.map { try precheck(plan, in: $0, sources: sources) }
        if dryRun {
            try printDryRun(plan, publishing: publishing)
            return
        }

        let result = try reportingErrors { try releaser.apply(plan, push: push) }
        if !json {
            Console.out("released \(plan.name) \(plan.to): commit \(result.commit.shortHex) on \(plan.branch)"
                + (plan.tag.map { ", tag \($0)" } ?? ""))
            if result.pushed {
                Console.out("pushed \(plan.branch)" + (plan.tag.map { " and tag \($0)" } ?? "")
                    + " to \(Git.redact(plan.remoteURL ?? plan.remoteName))")
            }
        }
        let published = try publishing.flatMap { try publishReleased(plan, $0, cache: sources.cache) }
        if json {
            try JSONOutput.print(BumpDocument(plan: plan, commit: result.commit, pushed: result.pushed, dryRun: false,
                                              published: published))
        }
    }

    /// Releases the Swift package of this work tree by its next tag.
    private func releasePackage() throws {
        try reportingErrors {
            if publish != nil {
                throw CommandError("--repo publishes a podspec, and this Swift package has none at its root: "
                    + "its release is the tag alone; leave out --repo")
            }
            if noTag { throw CommandError("--no-tag leaves nothing to do for a Swift package, whose release is its tag; leave it out") }
        }
        let configuration = try reportingErrors { try config.load() }
        try reportingErrors { try GitSession.prepare() }
        let releaser = PackageReleaser()
        let plan = try reportingErrors {
            try releaser.plan(kind: kind, rcLabel: configuration.rcLabel, tagFormat: configuration.tagFormat.rawValue, push: push)
        }
        for warning in plan.warnings { Console.warning(warning) }
        let url = Git.redact(plan.remoteURL ?? plan.remoteName)
        if dryRun {
            if json {
                try JSONOutput.print(PackageBumpDocument(plan, pushed: false, dryRun: true))
                return
            }
            Console.out("would tag \(plan.head.shortHex) on \(plan.branch) as \(plan.tag): \(plan.message)"
                + " (from \(plan.fromTag ?? "no version tag"))")
            if push { Console.out("would push \(plan.branch) and tag \(plan.tag) to \(url)") }
            return
        }
        let pushed = try reportingErrors { try releaser.apply(plan, push: push) }
        if json {
            try JSONOutput.print(PackageBumpDocument(plan, pushed: pushed, dryRun: false))
            return
        }
        Console.out("released \(plan.name) \(plan.to): tag \(plan.tag) on \(plan.head.shortHex) (\(plan.branch))")
        if pushed { Console.out("pushed \(plan.branch) and tag \(plan.tag) to \(url)") }
    }

    /// Checks the bumped spec against the spec repo `source`; its problems exit 2 with
    /// nothing changed.
    private func precheck(_ plan: BumpPlan, in source: String, sources: SpecSources) throws -> Publishing {
        try reportingErrors {
            let target = try sources.locator.publishTarget(source)
            let file = PodspecFile(path: plan.podspecDisplayPath, contents: plan.newContents,
                                   spec: try PodspecReader.read(data: plan.newContents, path: plan.podspecDisplayPath))
            let shown = PublishTarget(name: target.name, url: Git.redact(target.url))
            switch try SpecPublisher(cache: sources.cache).precheck(file, to: target.name, url: target.url) {
            case .problems(let problems):
                for problem in problems { Console.error(problem.message) }
                Console.error("the spec would not publish to \(target.name); nothing was changed")
                throw Exit.problems
            case .planned(let publishPlan), .published(let publishPlan, _, _, _):
                return Publishing(file: file, target: shown, name: target.name, url: target.url, plan: publishPlan)
            }
        }
    }

    /// `--dry-run`: what the bump would do, as text or JSON.
    private func printDryRun(_ plan: BumpPlan, publishing: Publishing?) throws {
        if json {
            try JSONOutput.print(BumpDocument(plan: plan, commit: nil, pushed: false, dryRun: true, published: nil))
            return
        }
        Console.out("would set the version of \(plan.podspecDisplayPath) from \(plan.from) to \(plan.to)")
        Console.out("would commit \(plan.message) on \(plan.branch)")
        if let tag = plan.tag { Console.out("would tag \(tag)") }
        if push {
            let url = Git.redact(plan.remoteURL ?? plan.remoteName)
            Console.out("would push \(plan.branch)" + (plan.tag.map { " and tag \($0)" } ?? "") + " to \(url)")
        }
        if let publishing {
            Console.out("would publish \(publishing.plan.path) to \(publishing.target.name): \(publishing.plan.message)")
        }
    }

    /// Publishes the released spec; a failure says how to publish it by hand. Returns what
    /// the JSON document says of it.
    private func publishReleased(_ plan: BumpPlan, _ publishing: Publishing, cache: SpecRepoCache) throws
        -> BumpDocument.Published?
    {
        let retry = "`compctl publish \(plan.podspecDisplayPath) --repo \(publish ?? publishing.name)`"
        let outcome: PublishOutcome
        do {
            outcome = try SpecPublisher(cache: cache, policy: PublishCommand.retryPolicy).publish(
                publishing.file, to: publishing.name, url: publishing.url)
        } catch {
            Console.error("\(plan.name) \(plan.to) is released and pushed, but publishing it to "
                + "\(publishing.target.name) failed: \(error); publish it with \(retry)")
            throw Exit.failure
        }
        if case .problems(let problems) = outcome {
            for problem in problems { Console.error(problem.message) }
            Console.error("\(plan.name) \(plan.to) is released and pushed, but was not published to "
                + "\(publishing.target.name); fix the problems, then run \(retry)")
            throw Exit.problems
        }
        guard json else {
            PublishCommand.printText(outcome, target: publishing.target)
            return nil
        }
        guard case .published(let done, let commit, _, _) = outcome else { return nil }
        return .init(repo: publishing.target.name, path: done.path, message: done.message, commit: commit?.hex)
    }
}

/// The `bump --json` document of a Swift package.
struct PackageBumpDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var name: String
    var package = "Package.swift"
    var from: String?
    var version: String
    var branch: String
    var tag: String
    var commit: String
    var pushed: Bool
    var dryRun: Bool

    init(_ plan: PackageBumpPlan, pushed: Bool, dryRun: Bool) {
        name = plan.name
        from = plan.from?.description
        version = plan.to.description
        branch = plan.branch
        tag = plan.tag
        commit = plan.head.hex
        self.pushed = pushed
        self.dryRun = dryRun
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(name, forKey: .name)
        try container.encode(package, forKey: .package)
        // A first release has no version to come from: null, so the keys stay the same.
        try container.encode(from, forKey: .from)
        try container.encode(version, forKey: .version)
        try container.encode(branch, forKey: .branch)
        try container.encode(tag, forKey: .tag)
        try container.encode(commit, forKey: .commit)
        try container.encode(pushed, forKey: .pushed)
        try container.encode(dryRun, forKey: .dryRun)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, name, package, from, version, branch, tag, commit, pushed, dryRun
    }
}

/// The `bump --json` document.
struct BumpDocument: Encodable {
    struct Published: Encodable {
        var repo: String
        var path: String
        var message: String
        var commit: String?
    }

    var schemaVersion = JSONOutput.schemaVersion
    var name: String
    var podspec: String
    var from: String
    var version: String
    var branch: String
    var tag: String?
    var commit: String?
    var pushed: Bool
    var dryRun: Bool
    var published: Published?

    init(plan: BumpPlan, commit: ObjectID?, pushed: Bool, dryRun: Bool, published: Published?) {
        name = plan.name
        podspec = plan.podspecDisplayPath
        from = plan.from
        version = plan.to.description
        branch = plan.branch
        tag = plan.tag
        self.commit = commit?.hex
        self.pushed = pushed
        self.dryRun = dryRun
        self.published = published
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(name, forKey: .name)
        try container.encode(podspec, forKey: .podspec)
        try container.encode(from, forKey: .from)
        try container.encode(version, forKey: .version)
        try container.encode(branch, forKey: .branch)
        // Absent values are null, so the document always has the same keys.
        try container.encode(tag, forKey: .tag)
        try container.encode(commit, forKey: .commit)
        try container.encode(pushed, forKey: .pushed)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(published, forKey: .published)
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion, name, podspec, from, version, branch, tag, commit, pushed, dryRun, published
    }
}

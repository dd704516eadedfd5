import BinaryChannel
import Config
import Foundation
import Graph
import Integration
import Podspec
import SpecRepo
import Versioning

extension IntegrateCommand {
    /// With binary_repo in compctl.yml (and no --all-from-source): the pods the check takes
    /// prebuilt, their archives verified against their specs before anything changes.
    func prepareBinaryCheck(_ prepared: inout PreparedIntegration, configuration: Configuration) throws {
        guard !allFromSource, prepared.plan.podfile != nil, !prepared.plan.candidates.isEmpty,
              let view = try BinaryChannelView.open(configuration: configuration, sources: prepared.stagedSources,
                                                    devPods: devPods.pods(configuration), offline: false)
        else { return }
        let plan = try prepared.binaryCheck(chooser: view.chooser, address: view.address, isBinaryRepo: view.isBinaryRepo)
        guard !plan.pods.isEmpty else { return }
        let store = configuration.binary.artifactStore.flatMap { $0.lowercased().hasPrefix("http") ? $0 : nil }
        try plan.verify(with: ArchiveFetcher(storeBase: store.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }))
        prepared.plan.binaryCheck = plan
        Console.note("the check builds \(prepared.plan.candidates.map(\.pin.root).joined(separator: ", ")) from source and takes "
            + "\(plan.pods.count) pod\(plan.pods.count == 1 ? "" : "s") prebuilt from \(view.name) (checksums verified): "
            + plan.pods.map { "\($0.name) \($0.version)" }.joined(separator: ", "))
    }

    /// After an integrate that published source specs: the binary of each, through the same
    /// `BinaryPublisher` as `publish --binary`, when compctl.yml has a binary channel
    /// (`binary_command`, `artifact_store` and `binary_repo`). An rc gets none (`publish
    /// --binary --allow-rc` builds one). The integrate has landed by then: a binary that
    /// cannot be published is a warning saying how to publish it later, and changes nothing
    /// else (its spec is never published without its archive).
    func publishBinaries(of plan: IntegrationPlan, published: [String], configuration: Configuration) async {
        let channel = configuration.binary
        guard channel.command != nil, channel.artifactStore != nil, channel.repo != nil else { return }
        let specs = plan.candidates.filter { published.contains($0.pin.text) }.compactMap { $0.podspec?.spec }
        guard !specs.isEmpty else { return }
        let sources: SpecSources
        let settings: BinaryChannelSettings
        var sourceRepos: [any SpecProvider] = []
        do {
            sources = try SpecSources(configuration: configuration)
            settings = try BinarySettings.make(configuration, repo: nil, locator: sources)
            // The spec repo just published into holds the source specs (fetched again here).
            for name in [plan.target.url] + configuration.sourceSpecRepoNames {
                if let repository = try sources.open(name, depth: .versions).repository { sourceRepos.append(repository) }
            }
        } catch {
            Console.warning("no binary was published: \(error); publish them with `compctl publish --binary`")
            return
        }
        defer { sources.reporter.finish() }
        let publisher = BinaryPublisher(
            settings: settings,
            specPublisher: SpecPublisher(cache: sources.cache, policy: PublishCommand.retryPolicy, extraSources: sourceRepos),
            note: { Console.note($0) })
        for spec in specs {
            if let version = try? Version(spec.version), version.isReleaseCandidate(label: configuration.rcLabel) {
                Console.note("\(spec.name) \(spec.version) is an rc: no binary is built "
                    + "(`compctl publish \(spec.name).podspec --binary --allow-rc` builds one)")
                continue
            }
            do {
                switch try await publisher.publish(spec, sourceRepos: sourceRepos) {
                case let .published(archive, plan, _, build, _):
                    Console.note("published the binary of \(spec.name) \(spec.version) to \(settings.repository.name) "
                        + "(\(plan.path), archive sha256 \(archive.sha256.prefix(12))…), built in \(Seconds.text(build))")
                case .alreadyPublished:
                    Console.note("\(spec.name) \(spec.version) already has a binary in \(settings.repository.name)")
                case .planned:
                    break
                case let .problems(problems):
                    Console.warning("the binary spec of \(spec.name) \(spec.version) was not published: "
                        + problems.map(\.message).joined(separator: "; "))
                }
            } catch {
                Console.warning("the binary of \(spec.name) \(spec.version) was not published: \(error); the integrate "
                    + "stands: publish it with `compctl publish \(spec.name).podspec --binary` in its work tree")
            }
        }
    }
}

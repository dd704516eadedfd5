import ArgumentParser
import BinaryChannel
import Config
import Graph
import SpecRepo

/// `--dev-pods A,B`: the pods under development, in place of compctl.yml's `dev_pods`.
struct DevPodsOption: ParsableArguments {
    @Option(name: .customLong("dev-pods"), help: ArgumentHelp(
        "The pods under development, comma-separated, which come from source (default: compctl.yml's dev_pods).",
        valueName: "pods"))
    var devPods: String?

    /// The pods the command line names, or compctl.yml's `dev_pods`.
    func pods(_ configuration: Configuration) -> Set<String> {
        Self.pods(devPods, configuration)
    }

    /// `pods(_:)` for `--dev-pods` given as `devPods` (nil: not given).
    static func pods(_ devPods: String?, _ configuration: Configuration) -> Set<String> {
        guard let devPods else { return Set(configuration.binary.devPods) }
        return Set(devPods.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}

/// compctl.yml's binary channel as `resolve` and `pin` see it: the binary spec repo opened
/// beside the Podfile's sources (or found among them, when a `:source` names it), and the
/// address a Podfile's `:source` names it by.
struct BinaryChannelView {
    /// The binary repo's name in compctl.yml.
    var name: String
    /// Its url as compctl.yml writes it: what `pin --channel` writes as `:source`.
    var address: String
    /// Its url resolved against compctl.yml's folder.
    var resolvedAddress: String
    var chooser: ChannelChooser

    /// The view, or nil when compctl.yml has no `binary_repo`. A binary repo with no commit
    /// yet holds no binary.
    static func open(configuration: Configuration, sources: [SpecRepoSource], devPods: Set<String>,
                     offline: Bool) throws -> BinaryChannelView? {
        guard let name = configuration.binary.repo,
              let entry = configuration.specRepos.first(where: { $0.name == name }) else { return nil }
        var view = BinaryChannelView(
            name: name, address: entry.url, resolvedAddress: configuration.resolve(path: entry.url),
            chooser: ChannelChooser(binaries: EmptyBinaryRepository(name: name), binaryRepoNames: [], devPods: devPods))
        let among = sources.filter(view.isBinaryRepo)
        if let found = among.first {
            view.chooser.binaries = found.provider
        } else {
            let opened = try SpecSources(configuration: configuration, offline: offline).open(name, depth: .onDemand)
            view.chooser.binaries = opened.binaryProvider(name: name)
        }
        view.chooser.binaryRepoNames = Set([name] + among.map(\.name))
        return view
    }

    /// The names `sources` give compctl.yml's binary repo (none without a binary channel):
    /// its pods are twins, not shadowing pods.
    static func twinNames(configuration: Configuration, sources: [SpecRepoSource]) -> Set<String> {
        guard let name = configuration.binary.repo,
              let entry = configuration.specRepos.first(where: { $0.name == name }) else { return [] }
        let resolved = configuration.resolve(path: entry.url)
        return Set(sources.filter { $0.isNamed(by: name) || $0.isNamed(by: entry.url) || $0.isNamed(by: resolved) }
            .map(\.name))
    }

    /// Whether a Podfile's `:source => address` names the binary repo.
    func isNamed(by address: String) -> Bool {
        address == name || SpecRepoURL.same(address, self.address) || SpecRepoURL.same(address, resolvedAddress)
    }

    /// Whether `source` is the binary repo.
    func isBinaryRepo(_ source: SpecRepoSource) -> Bool {
        source.isNamed(by: name) || source.isNamed(by: address) || source.isNamed(by: resolvedAddress)
    }

    /// The channel of every private pod of `resolution` read from `sources`.
    func channels(of resolution: Resolution, sources: [SpecRepoSource]) throws -> [PodChannel] {
        let privates = Set(sources.filter { !$0.isTrunk && !isBinaryRepo($0) }.map(\.name))
        return try chooser.channels(of: resolution, privateSources: privates)
    }

    /// What `resolve` and `graph` say of the channels: the channel of every private pod of
    /// `resolution`, nil without a binary channel. A pod under development that still comes
    /// from the binary repo is warned of, and with `notes` the pods that come from source only
    /// for want of a binary are named.
    static func reportedChannels(of resolution: Resolution, configuration: Configuration, sources: [SpecRepoSource],
                                 devPods: Set<String>, offline: Bool, notes: Bool) throws -> [PodChannel]? {
        guard let view = try open(configuration: configuration, sources: sources, devPods: devPods, offline: offline) else {
            return nil
        }
        let channels = try view.channels(of: resolution, sources: sources)
        ChannelChooser.warnings(channels, binaryRepo: view.name).forEach(Console.warning)
        if notes, let note = ChannelChooser.fallbackNote(channels, binaryRepo: view.name) { Console.note(note) }
        return channels
    }
}

extension OpenedSource {
    /// The binary repo `name` as opened: its specs, none when it has no commit yet.
    func binaryProvider(name: String) -> any SpecProvider {
        if let cdn { return cdn }
        if let repository { return repository }
        return EmptyBinaryRepository(name: name)
    }
}

import Graph
import Podspec
import SpecRepo
import Versioning

/// Where a pod's files come from: its source spec (compiled in the app) or its binary spec
/// (a prebuilt archive).
public enum Channel: String, Sendable, Codable, CaseIterable {
    case binary
    case source
}

/// One private pod of a resolution: the channel the Podfile takes it from, and the one the
/// binary channel chooses for it (the pods under development from source; every other pod
/// from the binary repo when it holds that version, else from source).
public struct PodChannel: Equatable, Sendable {
    /// The pod's root name.
    public var pod: String
    public var version: Version
    /// Where the resolution took it from: the binary repo (the Podfile's `:source` names it)
    /// or a source spec repo.
    public var channel: Channel
    /// Whether the pod is under development (`dev_pods`, `--dev-pods`).
    public var isDevPod: Bool
    /// Whether the binary repo holds this version.
    public var hasBinary: Bool

    /// The pod at `version`, taken from `channel`.
    public init(pod: String, version: Version, channel: Channel, isDevPod: Bool, hasBinary: Bool) {
        self.pod = pod
        self.version = version
        self.channel = channel
        self.isDevPod = isDevPod
        self.hasBinary = hasBinary
    }

    /// What the binary channel chooses: source for a pod under development or without a
    /// binary of this version, else binary.
    public var chosen: Channel { isDevPod || !hasBinary ? .source : .binary }

    /// Why the pod comes from source, or why it should not come from binary, in a few words;
    /// nil for a pod on the channel chosen for it because it has a binary.
    public var reason: String? {
        switch (channel, isDevPod, hasBinary) {
        case (.binary, true, _): return "dev pod"
        case (.binary, false, _): return nil
        case (.source, true, _): return "dev pod"
        case (.source, false, false): return "no binary of \(version)"
        case (.source, false, true): return "binary available"
        }
    }

    /// The channel with its reason, as a table shows it: `binary`, `source (dev pod)`,
    /// `source (no binary of 1.2.0)`.
    public var text: String {
        reason.map { "\(channel.rawValue) (\($0))" } ?? channel.rawValue
    }
}

/// Decides the channel of every private pod of a resolution, given the binary spec repo and
/// the pods under development. A pod comes from the binary channel only when the resolution
/// took it from the binary repo (its `:source` names it); the Podfile is never read
/// otherwise, so what `resolve` shows is what `pod install` does.
public struct ChannelChooser {
    /// The binary spec repo.
    public var binaries: any SpecProvider
    /// The names a resolution gives the binary repo as a pod's source.
    public var binaryRepoNames: Set<String>
    /// The pods under development (root names).
    public var devPods: Set<String>

    /// A chooser over the binary repo `binaries`, known in resolutions by `binaryRepoNames`.
    public init(binaries: any SpecProvider, binaryRepoNames: Set<String>, devPods: Set<String>) {
        self.binaries = binaries
        self.binaryRepoNames = binaryRepoNames
        self.devPods = devPods
    }

    /// The channel of each pod of `resolution` taken from a spec repo in `privateSources` or
    /// from the binary repo, by name; public (trunk) and external pods have none. Throws
    /// `GraphError.unreadableSource` when the binary repo cannot tell.
    public func channels(of resolution: Resolution, privateSources: Set<String>) throws -> [PodChannel] {
        try channels(of: resolution.pods, privateSources: privateSources)
    }

    /// The channel of each of `pods` (a resolution's) as `channels(of:privateSources:)` says.
    public func channels(of pods: [ResolvedPod], privateSources: Set<String>) throws -> [PodChannel] {
        try pods.compactMap { pod in
            guard !pod.isExternal else { return nil }
            let fromBinary = binaryRepoNames.contains(pod.source) || pod.source == binaries.name
            guard fromBinary || privateSources.contains(pod.source) else { return nil }
            let hasBinary: Bool
            do {
                hasBinary = try binaries.versions(of: pod.name).contains(pod.version)
            } catch {
                throw GraphError.unreadableSource(source: binaries.name, pod: pod.name, message: String(describing: error))
            }
            return PodChannel(pod: pod.name, version: pod.version, channel: fromBinary ? .binary : .source,
                              isDevPod: devPods.contains(pod.name), hasBinary: hasBinary || fromBinary)
        }
    }

    /// What `resolve` warns of: a pod under development that the Podfile takes from the
    /// binary repo, so its changes would not be built (the switch that did not happen).
    public static func warnings(_ channels: [PodChannel], binaryRepo: String) -> [String] {
        channels.filter { $0.isDevPod && $0.channel == .binary }.map {
            "\($0.pod) is under development (dev_pods) but comes from the binary repo \(binaryRepo): its `pod` line's "
                + ":source names it, so the app would link the prebuilt \($0.version), not your changes; switch it "
                + "back with `compctl pin --channel \($0.pod)=source`"
        }
    }

    /// What `resolve` notes: the pods that come from source only because the binary repo has
    /// no binary of their version (the fallback made visible), or nil when none does.
    public static func fallbackNote(_ channels: [PodChannel], binaryRepo: String) -> String? {
        let missing = channels.filter { !$0.isDevPod && !$0.hasBinary }
        guard !missing.isEmpty else { return nil }
        let list = missing.map { "\($0.pod) \($0.version)" }.joined(separator: ", ")
        return "\(binaryRepo) has no binary of \(list), so \(missing.count == 1 ? "it comes" : "they come") from source; "
            + "publish one with `compctl publish --binary`"
    }
}

/// A binary spec repo with nothing published yet (a git repository without a commit): it
/// holds no binary, which is no reason to stop a resolution or a report.
public struct EmptyBinaryRepository: SpecProvider {
    public let name: String

    /// The empty binary repo `name`.
    public init(name: String) {
        self.name = name
    }

    public func podNames() throws -> [String] { [] }
    public func versions(of name: String) throws -> [Version] { [] }
    public func specification(name: String, version: Version) throws -> Specification {
        throw SpecRepoError.noSuchVersion(name: name, version: version.description, repository: self.name)
    }
}

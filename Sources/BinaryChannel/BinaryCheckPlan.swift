import Checksum
import Foundation
import Graph
import Podspec
import Versioning

/// One pod the compile check takes prebuilt: its binary spec's archive and checksum.
public struct PrebuiltPod: Equatable, Sendable {
    public var name: String
    public var version: Version
    /// The archive (`source: {http: …}` of the binary spec).
    public var url: String
    /// The archive's checksum as the spec gives it: `sha256`, else `sha1`.
    public var checksum: (algorithm: String, hex: String)?

    public static func == (lhs: PrebuiltPod, rhs: PrebuiltPod) -> Bool {
        lhs.name == rhs.name && lhs.version == rhs.version && lhs.url == rhs.url
            && lhs.checksum?.algorithm == rhs.checksum?.algorithm && lhs.checksum?.hex == rhs.checksum?.hex
    }
}

/// The compile check with binaries: the candidates and the pods under development build
/// from source, and every other private pod whose version the binary repo holds comes
/// prebuilt, by a `:source` naming the binary repo on its `pod` lines for the check only.
public struct BinaryCheckPlan: Equatable, Sendable {
    /// What the Podfile's `:source` names the binary repo by.
    public var address: String
    /// The pods taken prebuilt, by name.
    public var pods: [PrebuiltPod]

    /// The plan for `resolution` (the Podfile with the candidates pinned): `chooser` says
    /// which private pods (from `privateSources`) have a binary and which are under
    /// development; `candidates` (root names) always build from source.
    public static func make(resolution: Resolution, chooser: ChannelChooser, privateSources: Set<String>,
                            candidates: Set<String>, address: String) throws -> BinaryCheckPlan {
        try make(pods: resolution.pods, chooser: chooser, privateSources: privateSources, candidates: candidates,
                 address: address)
    }

    /// The plan for a resolution's `pods`, as `make(resolution:…)` decides it.
    public static func make(pods resolved: [ResolvedPod], chooser: ChannelChooser, privateSources: Set<String>,
                            candidates: Set<String>, address: String) throws -> BinaryCheckPlan {
        var pods: [PrebuiltPod] = []
        for channel in try chooser.channels(of: resolved, privateSources: privateSources)
        where channel.hasBinary && !channel.isDevPod && !candidates.contains(channel.pod) {
            let spec = try chooser.binaries.specification(name: channel.pod, version: channel.version)
            guard let url = spec.source?.http else { continue }
            let checksum = spec.source?.sha256.map { ("sha256", $0) } ?? spec.source?.sha1.map { ("sha1", $0) }
            pods.append(PrebuiltPod(name: channel.pod, version: channel.version, url: url, checksum: checksum))
        }
        return BinaryCheckPlan(address: address, pods: pods.sorted { $0.name < $1.name })
    }

    /// Downloads every archive and compares its checksum with its spec's, before anything
    /// changes: a binary whose archive was replaced after it was published, or that is gone,
    /// fails the integrate with the pod, the URL and both hashes.
    public func verify(with fetcher: ArchiveFetcher) throws {
        for pod in pods {
            let data: Data?
            do {
                data = try fetcher.download(pod.url)
            } catch {
                throw BinaryError.archiveUnreachable(pod: pod.name, version: "\(pod.version)", url: pod.url, reason: "\(error)")
            }
            guard let data else {
                throw BinaryError.archiveUnreachable(pod: pod.name, version: "\(pod.version)", url: pod.url,
                                                     reason: "there is nothing at that URL")
            }
            guard let (algorithm, expected) = pod.checksum else { continue }
            let found = algorithm == "sha256" ? SHA256.hex(data) : SHA1.hex(data)
            if found.lowercased() != expected.lowercased() {
                throw BinaryError.checksumMismatch(pod: pod.name, version: "\(pod.version)", url: pod.url,
                                                   algorithm: algorithm, expected: expected, found: found)
            }
        }
    }
}

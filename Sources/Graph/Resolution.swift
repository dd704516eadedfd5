import Podspec
import Versioning

/// A pod the resolution chose.
public struct ResolvedPod: Hashable, Sendable, Codable {
    public var name: String
    public var version: Version
    /// The source it comes from, or the external origin.
    public var source: String
    /// The subspecs in use, full names, sorted (`XXUIKit/Core`).
    public var subspecs: [String]
    public var isExternal: Bool

    /// A resolved pod from its parts.
    public init(name: String, version: Version, source: String, subspecs: [String] = [], isExternal: Bool = false) {
        self.name = name
        self.version = version
        self.source = source
        self.subspecs = subspecs
        self.isExternal = isExternal
    }
}

/// A pod no configured source holds (a public pod from trunk): compctl does not resolve it.
public struct UnmanagedPod: Hashable, Sendable, Codable {
    public var name: String
    /// The version `Podfile.lock` records, if any.
    public var lockedVersion: Version?

    /// The unmanaged pod `name`, at `lockedVersion` when `Podfile.lock` has one.
    public init(name: String, lockedVersion: Version?) {
        self.name = name
        self.lockedVersion = lockedVersion
    }
}

/// Something a resolution or a graph noticed that does not stop it.
public enum GraphWarning: Hashable, Sendable, CustomStringConvertible {
    /// The pod is in more than one source; the first one's versions win where they overlap.
    case shadowed(pod: String, sources: [String])
    /// A spec could not be read; that version was skipped.
    case unreadableSpec(pod: String, version: Version, message: String)
    /// An external pod came without a spec, so nothing it depends on was resolved.
    case externalWithoutSpec(pod: String, origin: String)
    /// CocoaPods' search did not settle within its budget of steps (or gave an answer
    /// compctl cannot use); the versions shown meet every requirement but were chosen in
    /// CocoaPods' decision order by the faster solver, and may differ from `pod install`'s.
    case notCocoaPodsAnswer(reason: String)
    /// A resolved pod's spec says it is deprecated, perhaps naming the pod to use instead;
    /// `pod install` warns of it (`Installer#warn_for_deprecations`) in the same words.
    case deprecated(pod: String, inFavorOf: String?)

    public var description: String {
        switch self {
        case let .shadowed(pod, sources):
            return "\(pod) is in more than one source (\(sources.joined(separator: ", "))); "
                + "\(sources[0]) comes first, so a pod of the same name elsewhere can shadow it: "
                + "give the pod a `:source` in the Podfile or rename one of them"
        case let .unreadableSpec(pod, version, message):
            return "\(pod) (\(version)) was skipped because its spec cannot be read: \(message)"
        case let .externalWithoutSpec(pod, origin):
            return "\(pod) comes from \(origin) and its spec was not given, so its dependencies were not resolved"
        case let .notCocoaPodsAnswer(reason):
            return "\(reason); these versions meet every requirement, but `pod install` may choose others"
        case let .deprecated(pod, inFavorOf?):
            return "\(pod) has been deprecated in favor of \(inFavorOf)"
        case let .deprecated(pod, nil):
            return "\(pod) has been deprecated"
        }
    }
}

/// The result of a resolution: the pods and versions, the pods left alone, and the graph.
public struct Resolution: Sendable {
    /// The resolved pods, by name.
    public var pods: [ResolvedPod]
    /// Pods no source holds, by name.
    public var unmanaged: [UnmanagedPod]
    public var warnings: [GraphWarning]
    /// The resolved graph: the root's requirements and every selected spec's dependencies.
    public var graph: DependencyGraph

    /// The version chosen for `pod`.
    public func version(of pod: String) -> Version? {
        pods.first { $0.name == pod }?.version
    }
}

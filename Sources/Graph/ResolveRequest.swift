import Podspec
import Versioning

/// One requirement the root states: a `pod` line of a Podfile target.
public struct RootRequirement: Hashable, Sendable {
    /// The pod or subspec, as written (`XXUIKit/Core`).
    public var name: String
    /// Its requirement strings (none: any version).
    public var requirements: [String]
    /// Who states it, for explanations: `target 'AcmeApp'`.
    public var declaredBy: String
    /// The one source to take the pod from (a Podfile's `:source`), by source name.
    public var source: String?

    /// `pod name, requirements…` as `declaredBy` states it, optionally from one source.
    public init(name: String, requirements: [String] = [], declaredBy: String, source: String? = nil) {
        self.name = name
        self.requirements = requirements
        self.declaredBy = declaredBy
        self.source = source
    }
}

/// A pod that an external source (`:path`, `:git`, `:podspec`) provides, out of the spec
/// repos: with its spec it is resolved at exactly that version (its dependencies count, and
/// requirements on it must hold); without a spec it is left out of the resolution.
public struct ExternalPod: Sendable {
    /// The pod's root name.
    public var name: String
    /// Where it comes from, as messages show it: `:path => '../XXCart'`.
    public var origin: String
    /// Its spec, when the caller could read it.
    public var specification: Specification?

    /// The pod `name` from `origin`, with its spec when it could be read.
    public init(name: String, origin: String, specification: Specification? = nil) {
        self.name = name
        self.origin = origin
        self.specification = specification
    }
}

/// What to resolve: the root requirements, the platform, external pods, and the versions a
/// `Podfile.lock` records (used only for pods no source holds).
public struct ResolveRequest: Sendable {
    public var requirements: [RootRequirement]
    /// The platform of the targets; specs that need a higher deployment target are skipped.
    public var platform: Platform?
    public var externalPods: [ExternalPod]
    /// Versions from `Podfile.lock`, by root name: the version an unmanaged pod is taken at.
    public var lockedVersions: [String: Version]
    /// Pod (root name) → the source name `SPEC REPOS` of Podfile.lock took it from: a locked
    /// pod is looked up only there, as CocoaPods gives each locked dependency the lock's
    /// `podspec_repo`. A pod's own `:source` wins over it.
    public var lockedSources: [String: String] = [:]
    /// What explanations call the root when no target is meant.
    public var rootName: String

    /// A request; only `requirements` is needed.
    public init(requirements: [RootRequirement], platform: Platform? = nil, externalPods: [ExternalPod] = [],
                lockedVersions: [String: Version] = [:], rootName: String = "the Podfile") {
        self.requirements = requirements
        self.platform = platform
        self.externalPods = externalPods
        self.lockedVersions = lockedVersions
        self.rootName = rootName
    }
}

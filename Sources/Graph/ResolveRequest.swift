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
    /// Its external source as Podfile.lock's `EXTERNAL SOURCES` records one (`path`, `git`,
    /// `branch`…), so that a changed source unlocks the pod as in `pod install`.
    public var externalSource: [String: String]?

    /// `pod name, requirements…` as `declaredBy` states it, optionally from one source.
    public init(name: String, requirements: [String] = [], declaredBy: String, source: String? = nil,
                externalSource: [String: String]? = nil) {
        self.name = name
        self.requirements = requirements
        self.declaredBy = declaredBy
        self.source = source
        self.externalSource = externalSource
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

/// What to resolve: the root requirements, the platform, external pods, Podfile.lock and
/// which of its pods may move, and the pods taken from the lock unmanaged.
public struct ResolveRequest: Sendable {
    public var requirements: [RootRequirement]
    /// The platform of the targets; specs that need a higher deployment target are skipped.
    public var platform: Platform?
    public var externalPods: [ExternalPod]
    /// Versions from `Podfile.lock`, by root name: the version shown for a pod left out as
    /// unmanaged (`missingPodsAreUnmanaged`).
    public var lockedVersions: [String: Version]
    /// Pod (root name) → the source name `SPEC REPOS` of Podfile.lock took it from: a locked
    /// pod is looked up only there, as CocoaPods gives each locked dependency the lock's
    /// `podspec_repo`. A pod's own `:source` wins over it.
    public var lockedSources: [String: String] = [:]
    /// What explanations call the root when no target is meant.
    public var rootName: String
    /// Podfile.lock: its pods stay at their versions as `pod install` keeps them, except
    /// those `update` names and those whose Podfile dependency changed.
    public var lock: ResolutionLock?
    /// Which locked pods may move (`pod update [NAME…]`).
    public var update: LockUpdate
    /// Pods taken at their Podfile.lock version with the lock's dependencies, without reading
    /// any source (public pods while trunk cannot be read). They are listed as unmanaged.
    public var unmanagedPods: [LockedUnmanagedPod]
    /// Whether a pod that no source holds and `unmanagedPods` does not list is left out as
    /// unmanaged, its dependencies unknown, instead of failing the resolution as it fails
    /// `pod install`.
    public var missingPodsAreUnmanaged: Bool

    /// A request; only `requirements` is needed.
    public init(requirements: [RootRequirement], platform: Platform? = nil, externalPods: [ExternalPod] = [],
                lockedVersions: [String: Version] = [:], rootName: String = "the Podfile", lock: ResolutionLock? = nil,
                update: LockUpdate = .none, unmanagedPods: [LockedUnmanagedPod] = [], missingPodsAreUnmanaged: Bool = false) {
        self.requirements = requirements
        self.platform = platform
        self.externalPods = externalPods
        self.lockedVersions = lockedVersions
        self.rootName = rootName
        self.lock = lock
        self.update = update
        self.unmanagedPods = unmanagedPods
        self.missingPodsAreUnmanaged = missingPodsAreUnmanaged
    }
}

import Versioning

/// One PubGrub package: the root (the Podfile, or whatever asks), one pod, or one subspec of a
/// pod. A pod's versions are its package's versions; a subspec is a package with a single
/// version ("used"), because CocoaPods takes all subspecs of a pod at the pod's version: its
/// dependencies depend on the version its pod is at.
struct Package {
    enum Kind {
        case root
        case pod(PodUniverse)
        /// `path` is the subspec path (`Core`, `Core/Base`); the empty path is the plain pod
        /// as a dependency names it, that is, its default subspecs.
        case subspec(pod: Int, path: String)
    }

    let kind: Kind
    /// The versions the package may take in this resolution (a pod without prereleases
    /// enabled has only its releases).
    let universe: VersionSet
    /// The name messages use.
    let name: String

    var pod: PodUniverse? {
        if case let .pod(universe) = kind { return universe }
        return nil
    }
}

/// A term about one package.
struct PackageTerm {
    var package: Int
    var term: Term
}

/// A set of terms that cannot all hold, and why.
struct Incompatibility {
    var terms: [PackageTerm]
    var cause: Cause

    /// Why an incompatibility holds.
    enum Cause {
        /// The root must be selected.
        case root
        /// A dependency: the first term(s) depend on the last.
        case dependency(DependencyCause)
        /// Only prereleases are left, and no requirement in use names one.
        case prereleaseOnly
        /// The versions cannot be used at all, whatever else is chosen.
        case unavailable(Unavailability)
        /// Derived by resolution from two other incompatibilities (their indices).
        case conflict(Int, Int)
    }

    var derivedFrom: (Int, Int)? {
        if case let .conflict(a, b) = cause { return (a, b) }
        return nil
    }
}

/// A dependency as written: who declares it, what it names and with which requirements.
struct DependencyCause {
    /// For a dependency of the root: who declares it (`target 'App'`).
    var declarer: String?
    /// For a dependency of a subspec: that subspec's package; its pod is the second term.
    var subspec: Int?
    /// The dependency as written (`XXUIKit/Core`).
    var name: String
    /// Its requirement strings, as written.
    var requirements: [String]
    /// A dependency on a subspec of the same pod, which takes no version of its own.
    var isSameVersion: Bool
    /// Whether one of the requirements names a prerelease.
    var namesPrerelease: Bool
    /// The package depended on (the last term).
    var target: Int
}

/// Why versions of a pod or subspec cannot be used.
enum Unavailability {
    /// The spec does not run on the platform being resolved for.
    case platform(PlatformSupport, Platform)
    /// The spec could not be read or parsed.
    case unreadable(String)
    /// The pod has no such subspec at these versions.
    case missingSubspec
    /// One of the spec's requirements does not parse.
    case malformedRequirement(dependency: String, VersionError)
    /// Podfile.lock keeps the pod at this version.
    case locked(Version)
}

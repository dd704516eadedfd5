import Podspec
import Versioning

/// Where the resolver, the graph checks, `lint` and `publish` get pods and specs from: a
/// spec repo (the SpecRepo library's `SpecRepository`), an in-memory source in tests, and
/// next a remote one (a CDN over HTTP). Graph never reads git or files itself.
///
/// Every read may throw, so a source that fetches over a network reports a failure instead
/// of an empty answer; the callers turn it into an error that names the source and the pod.
/// Listing names and versions should be cheap and must not parse specs; `specification` may
/// parse, and is asked only for the versions that are tried.
public protocol SpecProvider: Sendable {
    /// The source's name for messages and for a Podfile's `:source` (a spec repo's name).
    var name: String { get }

    /// Every pod's root name, in any order.
    func podNames() throws -> [String]

    /// Whether `podNames()` may be asked: false for a CDN source, which holds too many pods
    /// to list (trunk's 100,000); the enumerations then leave it out.
    var canList: Bool { get }

    /// The versions of the pod `name` (a root name, not `Foo/Bar`), in any order; empty when
    /// the source has no such pod. Throws when the source cannot tell.
    func versions(of name: String) throws -> [Version]

    /// The spec of `name` at `version`. Throws when the source lacks it, when it cannot be
    /// read or parsed, or when it disagrees with where it is filed: that version is skipped,
    /// with a warning. A source that cannot reach the spec at all (a network failure) throws
    /// `GraphError.unreadableSource` instead, which ends the resolution.
    func specification(name: String, version: Version) throws -> Specification

    /// The spec of `name` at `version` flattened for the resolver, with the same errors as
    /// `specification(name:version:)`. A source that reads specs ahead on other threads builds
    /// it there too, off the resolver's thread; the default builds it from the spec here.
    func model(name: String, version: Version) throws -> SpecModel

    /// A hint that the versions (and then specs) of the pods `dependencies` name (root names,
    /// each with the requirements of the first dependency on it) are about to be asked for,
    /// so that a remote source can fetch them in parallel ahead of the reads, and guess from
    /// the requirements which version's spec comes next. The resolver calls it with the
    /// root's requirements and the dependencies of each version it takes. Never required: the
    /// reads work without it, and a failure shows in the read that follows.
    func prefetch(_ dependencies: [SpecDependency])

    /// A hint that the specs of the pod `name` (a root name) at `versions` are about to be
    /// read, one after another: a remote source fetches them in parallel now instead of one
    /// round trip per read. Never required, as `prefetch(_:)`.
    func prefetchSpecs(name: String, versions: [Version])
}

extension SpecProvider {
    /// A local source can list its pods.
    public var canList: Bool { true }

    /// Does nothing: a local source reads each pod when asked.
    public func prefetch(_ dependencies: [SpecDependency]) {}

    /// Does nothing: a local source reads each spec when asked.
    public func prefetchSpecs(name: String, versions: [Version]) {}

    /// The spec of `name` at `version`, flattened now.
    public func model(name: String, version: Version) throws -> SpecModel {
        SpecModel(specification: try specification(name: name, version: version), version: version)
    }

    /// Whether the source has a pod called `name` (a root name).
    public func contains(_ name: String) throws -> Bool {
        !(try versions(of: name)).isEmpty
    }
}

/// How specs are announced to the sources ahead of being read, a window at a time.
public enum LookAheadWindow {
    /// How many of the `remaining` candidates an announcement that may cover `window` takes:
    /// all of them when fewer than `window` would be left, since fetching those few now, in
    /// parallel, costs less than a round trip of their own later.
    public static func size(_ window: Int, of remaining: Int) -> Int {
        remaining < 2 * window ? remaining : window
    }
}

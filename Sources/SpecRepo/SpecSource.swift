import Podspec
import Versioning

/// Where the resolver, the graph checks and `lint` get pods and specs from. A spec repo
/// (`SpecRepository`) is the real implementation; tests pass in-memory ones.
///
/// Listing names and versions must be cheap and must not parse specs; `specification`
/// may parse, and implementations cache what they parse.
public protocol SpecSource: AnyObject, Sendable {
    /// The source's name for messages, e.g. `acme` (a spec repo's directory name).
    var name: String { get }

    /// Every pod's root name, in CocoaPods' order (byte-wise ascending).
    func podNames() -> [String]

    /// The versions of the pod `name` (a root name, not `Foo/Bar`), highest first;
    /// empty when the source has no such pod.
    func versions(of name: String) -> [Version]

    /// The spec of `name` at `version`. Throws when the source lacks it, when it does not
    /// parse, or when it disagrees with where it is filed.
    func specification(name: String, version: Version) throws -> Specification
}

extension SpecSource {
    /// Whether the source has a pod called `name` (a root name).
    public func contains(_ name: String) -> Bool {
        !versions(of: name).isEmpty
    }
}

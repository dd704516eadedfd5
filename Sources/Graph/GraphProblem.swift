import Podspec
import Versioning

/// One problem a graph check found.
public struct GraphProblem: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of problem it is; also the order `graph --check` lists them in.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case cycle
        case unsatisfiable
        case skew
        case layer
        case rcLeak = "rc-leak"
        case interface
        case shadowing
    }

    /// One edge a problem is about.
    public struct Link: Hashable, Sendable, Codable {
        public var from: String
        public var to: String

        /// The edge from `from` to `to`.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    public var kind: Kind
    /// One plain sentence naming every pod and requirement involved.
    public var message: String
    /// The pods involved, sorted, each once.
    public var pods: [String]
    /// The edges the problem is about (the cycle's, the breaching one, the unsatisfiable
    /// ones), for formats that highlight them.
    public var links: [Link]

    /// A problem; `pods` are sorted and made unique.
    public init(kind: Kind, message: String, pods: [String], links: [Link] = []) {
        self.kind = kind
        self.message = message
        self.pods = Array(Set(pods)).sorted { Podspec.PodName.bytewiseLess($0, $1) }
        self.links = links
    }

    /// `cycle: XXCart (1.2.1) → XXDetail (~> 2.0) → XXCart (~> 1.2)`.
    public var description: String { "\(kind.rawValue): \(message)" }
}

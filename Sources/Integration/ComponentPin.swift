import Podspec

/// One component at one version, `NAME=VERSION`: what `pin` and `integrate` pin and what
/// an integrate's journal records. The name is a pod's (`Foo` or `Foo/Core`) and the
/// version one `PodName` accepts, so neither can forge a line of a commit message.
public struct ComponentPin: Hashable, Sendable, CustomStringConvertible {
    /// The pod, possibly a subspec (`Foo/Core`).
    public var name: String
    /// The exact version, as written.
    public var version: String

    /// A pin of `name` at `version`, taken as they are (see `parse` for checked input).
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// The pin `text` writes, or `nil` when it is not a valid `NAME=VERSION`.
    public init?(text: String) {
        guard let pin = try? Self.parse(text) else { return nil }
        self = pin
    }

    /// The pod and version of `text`, or why they cannot be a pod's name and version.
    public static func parse(_ text: String) throws(ComponentPinError) -> ComponentPin {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw ComponentPinError(description: "write NAME=VERSION, such as XXLogger=1.4.1")
        }
        if let problem = PodName.dependencyProblem(parts[0]) {
            throw ComponentPinError(description: "the name \(PodName.quoted(parts[0])) \(problem)")
        }
        if let problem = PodName.versionProblem(parts[1]) {
            throw ComponentPinError(description: "the version \(PodName.quoted(parts[1])) \(problem)")
        }
        return ComponentPin(name: parts[0], version: parts[1])
    }

    /// The root pod: `Foo` for `Foo/Core`.
    public var root: String { name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name }
    /// `NAME=VERSION`.
    public var text: String { "\(name)=\(version)" }
    public var description: String { text }
}

/// Why a `NAME=VERSION` was refused.
public struct ComponentPinError: Error, Equatable, CustomStringConvertible {
    public var description: String
}

import Podspec
import Versioning

/// A spec source held in memory: for tests, benchmarks and specs given on the command line.
public final class InMemorySpecProvider: SpecProvider, @unchecked Sendable {
    public let name: String
    private let specs: [String: [Version: Specification]]
    private let failures: [String: [Version: String]]
    private let versionLists: [String: [Version]]

    /// A source with `specs` (root specs, any order). `unreadable` lists versions whose
    /// spec cannot be read, with the message reading them gives.
    public init(name: String, specs: [Specification], unreadable: [(name: String, version: Version, message: String)] = []) {
        self.name = name
        var byName: [String: [Version: Specification]] = [:]
        for spec in specs {
            guard let version = try? Version(spec.version) else { continue }
            byName[spec.name, default: [:]][version] = spec
        }
        var failures: [String: [Version: String]] = [:]
        for entry in unreadable { failures[entry.name, default: [:]][entry.version] = entry.message }
        self.specs = byName
        self.failures = failures
        var lists: [String: [Version]] = [:]
        for name in Set(byName.keys).union(failures.keys) {
            lists[name] = (Array((byName[name] ?? [:]).keys) + Array((failures[name] ?? [:]).keys)).sorted(by: >)
        }
        versionLists = lists
    }

    /// Every pod's root name, sorted.
    public func podNames() -> [String] {
        versionLists.keys.sorted()
    }

    /// The versions of `name`, highest first.
    public func versions(of name: String) -> [Version] {
        versionLists[name] ?? []
    }

    /// The spec of `name` at `version`; throws for an unreadable one or a missing one.
    public func specification(name: String, version: Version) throws -> Specification {
        if let message = failures[name]?[version] { throw InMemorySpecError(message: message) }
        guard let spec = specs[name]?[version] else {
            throw InMemorySpecError(message: "\(self.name) has no spec for \(name) (\(version))")
        }
        return spec
    }
}

/// Why an in-memory source could not give a spec.
struct InMemorySpecError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

import Graph
import Podspec
import Versioning

/// Finds the dependency cycle a new spec would close in a spec source: a depth-first
/// search from the spec's dependencies, each taken at the newest version that satisfies
/// its requirements (with the resolver's prerelease rule), looking for a path back to the
/// spec's own pod. A simple stand-in for the full graph engine, enough for `publish`.
///
/// A dependency that names the pod at any version counts: CocoaPods refuses a circular
/// dependency whatever the versions. Dependencies the source lacks or cannot satisfy, and
/// specs that do not load, end that path (lint reports the direct ones).
public struct DependencyCycleFinder {
    /// Where the dependencies' specs come from.
    public var source: any SpecProvider

    /// A finder over `source`.
    public init(source: any SpecProvider) {
        self.source = source
    }

    /// One pod on a cycle: its name and the version the search took.
    public struct Step: Sendable, Equatable, CustomStringConvertible {
        /// The pod's root name.
        public var name: String
        /// Its version.
        public var version: String

        public var description: String { "\(name) \(version)" }
    }

    /// The cycle through `spec`, starting and ending with it (`Foo 2.0 → Bar 1.1 → Foo`),
    /// or `nil` when there is none. Throws `SpecRepoError.unreadableSource` when the source
    /// cannot tell a pod's versions.
    public func cycle(through spec: Specification) throws -> [Step]? {
        let start = Step(name: spec.rootName, version: spec.version)
        var explored: Set<String> = []
        var path = [start]
        return try search(from: spec, target: spec.rootName, path: &path, explored: &explored)
    }

    /// The problem to report for the cycle through the spec read from `file`, if any.
    public func problem(for spec: Specification, file: String) throws -> LintProblem? {
        guard let steps = try cycle(through: spec) else { return nil }
        let chain = steps.dropLast().map(\.description) + [spec.rootName]
        return LintProblem(
            kind: .dependencyCycle, dependency: steps.count > 1 ? steps[1].name : nil,
            message: "\(file): publishing \(spec.rootName) \(spec.version) to \(source.name) would close a dependency "
                + "cycle: \(chain.joined(separator: " → ")); remove one of these dependencies"
        )
    }

    private func search(
        from spec: Specification, target: String, path: inout [Step], explored: inout Set<String>
    ) throws -> [Step]? {
        for (name, requirements) in Self.dependencies(of: spec) {
            if name == target { return path + [Step(name: target, version: "")] }
            guard let version = try newest(of: name, satisfying: requirements) else { continue }
            let key = name + " " + version.description
            guard explored.insert(key).inserted,
                  let dependency = try? source.specification(name: name, version: version)
            else { continue }
            path.append(Step(name: name, version: version.description))
            if let found = try search(from: dependency, target: target, path: &path, explored: &explored) {
                return found
            }
            path.removeLast()
        }
        return nil
    }

    /// The newest version of `name` in the source that the requirements admit; `nil` when
    /// none does or a requirement does not parse.
    private func newest(of name: String, satisfying texts: [String]) throws -> Version? {
        var requirements: [Requirement] = []
        for text in texts {
            guard let requirement = try? Requirement(text) else { return nil }
            requirements.append(requirement)
        }
        let versions: [Version]
        do {
            versions = try source.versions(of: name)
        } catch {
            throw SpecRepoError.unreadableSource(source: source.name, pod: name, reason: String(describing: error))
        }
        return versions.filter { PrereleaseRule.admits($0, under: requirements) }.max()
    }

    /// The root names a spec and all its subspecs depend on (dependencies on its own
    /// subspecs left out), each with every requirement on it, in first-seen order.
    static func dependencies(of spec: Specification) -> [(name: String, requirements: [String])] {
        var order: [String] = []
        var requirements: [String: [String]] = [:]
        for owner in [spec] + spec.allSubspecs {
            for dependency in owner.dependencies {
                let root = dependency.name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? dependency.name
                if root == spec.rootName { continue }
                if requirements[root] == nil { order.append(root) }
                requirements[root, default: []] += dependency.requirements
            }
        }
        return order.map { ($0, requirements[$0] ?? []) }
    }
}

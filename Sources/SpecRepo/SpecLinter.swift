import Graph
import Podspec
import Versioning

/// One problem `lint` found in a podspec, with the complete message (file, what, how to fix).
public struct LintProblem: Hashable, Sendable, CustomStringConvertible {
    /// The kind of check that failed.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The podspec does not parse.
        case invalidPodspec = "invalid-podspec"
        /// The spec's name cannot be a pod's name (`PodName.problem(_:)`).
        case invalidName = "invalid-name"
        /// The spec's version is not a CocoaPods version.
        case invalidVersion = "invalid-version"
        /// A dependency's requirement does not parse.
        case invalidRequirement = "invalid-requirement"
        /// A dependency on one of the spec's own subspecs names one that does not exist.
        case missingSubspec = "missing-subspec"
        /// No source has the dependency.
        case missingDependency = "missing-dependency"
        /// The sources have the dependency, but no version that satisfies its requirements.
        case unsatisfiableDependency = "unsatisfiable-dependency"
        /// A source could not tell the dependency's versions (it failed to read them).
        case unreadableSource = "unreadable-source"
        /// Publishing the spec would close a dependency cycle in the target spec repo.
        case dependencyCycle = "dependency-cycle"
        /// The tag the spec's source names does not exist in the component's repository.
        case missingTag = "missing-tag"
    }

    /// Which check failed.
    public var kind: Kind
    /// The dependency concerned, as written (`Foo/Bar`), if the problem is about one.
    public var dependency: String?
    /// The full message, starting with the podspec's path.
    public var message: String

    /// A problem of `kind` about `dependency`.
    public init(kind: Kind, dependency: String? = nil, message: String) {
        self.kind = kind
        self.dependency = dependency
        self.message = message
    }

    public var description: String { message }
}

/// Checks a podspec on its own (version and requirement syntax, its own subspecs) and,
/// given spec sources, that every dependency exists and has a version that satisfies its
/// requirements under the resolver's prerelease rule. Collects every problem.
public struct SpecLinter: Sendable {
    /// The sources dependencies are looked up in, in priority order.
    public var sources: [any SpecProvider]

    /// A linter that checks dependencies against `sources` (none: syntax only).
    public init(sources: [any SpecProvider] = []) {
        self.sources = sources
    }

    /// Every problem of the podspec at `path`: a single `invalidPodspec` when the reader
    /// refuses it, else what `lint(_:file:)` finds.
    public func lint(contentsOf path: String) -> [LintProblem] {
        let spec: Specification
        do {
            spec = try PodspecReader.read(contentsOf: path)
        } catch {
            return [LintProblem(kind: .invalidPodspec, message: String(describing: error))]
        }
        return lint(spec, file: path)
    }

    /// Every problem of `spec`, which was read from `file` (used in the messages).
    public func lint(_ spec: Specification, file: String) -> [LintProblem] {
        var problems = Self.identityProblems(of: spec, file: file)
        for declaration in declarations(of: spec) {
            problems += check(declaration, in: spec, file: file)
        }
        return problems
    }

    /// The problems of the spec's name and version on their own (`PodName`): what must hold
    /// before the spec may go anywhere near a spec repo or a commit message.
    public static func identityProblems(of spec: Specification, file: String) -> [LintProblem] {
        var problems: [LintProblem] = []
        if let problem = PodName.problem(spec.name) {
            problems.append(LintProblem(
                kind: .invalidName,
                message: "\(file): the name \(PodName.quoted(spec.name)) \(problem); rename the pod"
            ))
        }
        switch PodName.versionProblem(spec.version) {
        case nil:
            break
        case .empty?, .notAVersion?:
            problems.append(LintProblem(
                kind: .invalidVersion,
                message: "\(file): version \(PodName.quoted(spec.version)) is not a valid version; "
                    + "write numbers separated by dots, such as 1.2.3 or 1.2.3-rc.1"
            ))
        case let problem?:
            problems.append(LintProblem(
                kind: .invalidVersion,
                message: "\(file): version \(PodName.quoted(spec.version)) \(problem); "
                    + "write the version alone, such as 1.2.3 or 1.2.3-rc.1"
            ))
        }
        return problems
    }

    // MARK: - Dependencies

    /// A dependency and the spec or subspec that declares it.
    private struct Declaration {
        var dependency: Dependency
        var owner: String
    }

    /// The root's dependencies, then each subspec's, depth first; a dependency declared
    /// again with the same requirements is checked once, for its first declarer.
    private func declarations(of spec: Specification) -> [Declaration] {
        var seen: Set<[String]> = []
        var result: [Declaration] = []
        for owner in [spec] + spec.allSubspecs {
            for dependency in owner.dependencies where seen.insert([dependency.name] + dependency.requirements).inserted {
                result.append(Declaration(dependency: dependency, owner: owner.name))
            }
        }
        return result
    }

    private func check(_ declaration: Declaration, in spec: Specification, file: String) -> [LintProblem] {
        let dependency = declaration.dependency
        let subject = "\(file): " + describe(declaration, root: spec.name)

        var requirements: [Requirement] = []
        var problems: [LintProblem] = []
        for text in dependency.requirements {
            do {
                requirements.append(try Requirement(text))
            } catch {
                problems.append(LintProblem(
                    kind: .invalidRequirement, dependency: dependency.name,
                    message: "\(file): dependency '\(dependency.name)'\(ownerSuffix(declaration, root: spec.name)): requirement '\(text)' is not valid; write an optional operator "
                        + "(=, !=, >, <, >=, <=, ~>) and a version, such as '~> 1.2'"
                ))
            }
        }
        guard problems.isEmpty else { return problems }

        let rootName = dependency.name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? dependency.name
        if rootName == spec.name {
            // A dependency on one of the spec's own subspecs is resolved inside the spec.
            let names = Set(spec.allSubspecs.map(\.name))
            guard dependency.name == spec.name || names.contains(dependency.name) else {
                let short = dependency.name.dropFirst(spec.name.count + 1)
                return [LintProblem(
                    kind: .missingSubspec, dependency: dependency.name,
                    message: "\(subject): \(spec.name) has no subspec '\(short)'; "
                        + "declare it with s.subspec '\(short)' or fix the name"
                )]
            }
            return []
        }
        guard !sources.isEmpty else { return [] }

        var candidates: [Version] = []
        for source in sources {
            do {
                candidates += try source.versions(of: rootName)
            } catch {
                return [LintProblem(
                    kind: .unreadableSource, dependency: dependency.name,
                    message: "\(subject): cannot read the versions of '\(rootName)' from \(source.name): \(error); "
                        + "check that the source can be reached, then lint again"
                )]
            }
        }
        let sourceNames = sourceList()
        guard !candidates.isEmpty else {
            return [LintProblem(
                kind: .missingDependency, dependency: dependency.name,
                message: "\(subject): no pod '\(rootName)' in \(sourceNames); fix the name, "
                    + "or pass the spec repo that publishes it with --source"
            )]
        }
        if candidates.contains(where: { PrereleaseRule.admits($0, under: requirements) }) { return [] }

        candidates.sort { $1 < $0 }
        let matching = candidates.filter { Requirement.allSatisfied(requirements, by: $0) }

        let newest = candidates.first { !$0.isPrerelease } ?? candidates[0]
        var message = "\(subject): no version in \(sourceNames) satisfies it; newest is \(newest.description)"
        if let prerelease = matching.first {
            message += "; \(prerelease.description) would, but a prerelease is only taken when a requirement "
                + "names one, such as '= \(prerelease.description)'"
        } else {
            message += "; loosen the requirement or publish a version that satisfies it"
        }
        return [LintProblem(kind: .unsatisfiableDependency, dependency: dependency.name, message: message)]
    }

    /// `dependency 'Bar' (~> 2.0, < 2.5)`, plus `of Foo/Core` when a subspec declares it.
    private func describe(_ declaration: Declaration, root: String) -> String {
        var text = "dependency '\(declaration.dependency.name)'"
        if !declaration.dependency.requirements.isEmpty {
            text += " (\(declaration.dependency.requirements.joined(separator: ", ")))"
        }
        return text + ownerSuffix(declaration, root: root)
    }

    /// ` of Foo/Core` when a subspec declares the dependency, else nothing.
    private func ownerSuffix(_ declaration: Declaration, root: String) -> String {
        declaration.owner == root ? "" : " of \(declaration.owner)"
    }

    /// `acme`, `acme or trunk`, `a, b or c`.
    private func sourceList() -> String {
        let names = sources.map(\.name)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

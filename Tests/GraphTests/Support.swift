import Graph
import Podspec
import Testing
import Versioning

extension Dependency {
    /// `s.dependency name, requirements…`.
    static func on(_ name: String, _ requirements: String...) -> Dependency {
        Dependency(name: name, requirements: requirements)
    }
}

extension Specification {
    /// A spec with defaults: version 1.0.0, no dependencies, no subspecs, any platform.
    static func test(
        _ name: String, _ version: String = "1.0.0", _ dependencies: [Dependency] = [],
        subspecs: [Specification] = [], defaultSubspecs: [String] = [], deploymentTargets: [String: String] = [:]
    ) -> Specification {
        Specification(
            name: name, version: version, dependencies: dependencies, subspecs: subspecs,
            defaultSubspecs: defaultSubspecs, deploymentTargets: deploymentTargets)
    }

    /// A subspec `parent/name` (give the full name).
    static func sub(_ fullName: String, _ dependencies: [Dependency] = [], subspecs: [Specification] = [],
                    defaultSubspecs: [String] = [], deploymentTargets: [String: String] = [:]) -> Specification {
        Specification(
            name: fullName, version: "", dependencies: dependencies, subspecs: subspecs,
            defaultSubspecs: defaultSubspecs, deploymentTargets: deploymentTargets)
    }
}

/// Specs of `name` at each of `versions`, all with the same dependencies.
func pod(_ name: String, _ versions: [String], _ dependencies: [Dependency] = [],
         deploymentTargets: [String: String] = [:]) -> [Specification] {
    versions.map { .test(name, $0, dependencies, deploymentTargets: deploymentTargets) }
}

extension InMemorySpecProvider {
    /// An in-memory source called `name` (default `acme`).
    static func test(_ specs: [Specification]..., name: String = "acme") -> InMemorySpecProvider {
        InMemorySpecProvider(name: name, specs: specs.flatMap { $0 })
    }
}

extension RootRequirement {
    /// `pod 'name', requirements…` in `target 'App'`.
    static func app(_ name: String, _ requirements: String..., target: String = "App", source: String? = nil) -> RootRequirement {
        RootRequirement(name: name, requirements: requirements, declaredBy: "target '\(target)'", source: source)
    }
}

func v(_ text: String) -> Version {
    try! Version(text)
}

/// Resolves `requirements` against `providers`; the pods as `Name (version)`, sorted.
func resolved(_ providers: [any SpecProvider], _ requirements: [RootRequirement], platform: Platform? = nil,
              externals: [ExternalPod] = []) throws -> [String] {
    let resolution = try Resolver(providers: providers).resolve(
        ResolveRequest(requirements: requirements, platform: platform, externalPods: externals))
    return resolution.pods.map { "\($0.name) (\($0.version))" }
}

/// The explanation a resolution that must fail gives.
func conflict(_ providers: [any SpecProvider], _ requirements: [RootRequirement], platform: Platform? = nil,
              externals: [ExternalPod] = [], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        let resolution = try Resolver(providers: providers).resolve(
            ResolveRequest(requirements: requirements, platform: platform, externalPods: externals))
        Issue.record("expected a conflict, got \(resolution.pods.map { "\($0.name) \($0.version)" })",
                     sourceLocation: sourceLocation)
        return ""
    } catch let GraphError.conflict(explanation) {
        return explanation
    } catch {
        Issue.record("expected a conflict, got \(error)", sourceLocation: sourceLocation)
        return ""
    }
}

let iOS13 = Platform(name: "ios", deploymentTarget: v("13.0"))

import Config
import Foundation
import Graph
import Report
import SwiftPackages
import Versioning

/// The Swift packages of compctl.yml as the skew report's input: the component packages'
/// newest releases and their checks, each project's resolution, pins and problems, and
/// every requirement with the versions it allows (SwiftPM's rules).
enum PackageReportInputs {
    /// The report's package input; nil when compctl.yml names no package.
    static func gather(_ configuration: Configuration, warnings: inout [String]) throws -> PackageReportInput? {
        let provider = try PackageCommands.provider()
        guard let components = try PackageCommands.components(configuration, provider: provider) else { return nil }
        let checker = PackageCommands.checker(configuration)
        var versions: [String: [SemanticVersion]] = [:]
        var tagged: [String: [TaggedVersion]] = [:]
        var locations: [String: String] = [:]
        for component in components.components {
            versions[component.identity.description] = component.versions.map(\.version)
            tagged[component.identity.description] = component.versions
            locations[component.identity.description] = component.location
        }
        var consumers = ConsumerTable()
        for component in components.components {
            for dependency in component.dependencies {
                consumers.add(dependency, from: Consumer(name: component.identity.description, version: graphVersion(component.newest?.version),
                                                         kind: .pod, requirement: "", scopes: []),
                              scope: Problem.newestReleases, versions: versions)
            }
        }
        var projects: [PackageProjectInput] = []
        for project in configuration.projects {
            guard let manifest = project.packagesManifest else { continue }
            let kind: ProjectKind = project.kind == .main ? .main : .example
            let main = try MainManifests.load(configuration.resolve(path: manifest))
            let root = try main.root()
            for dependency in root.dependencies {
                consumers.add(dependency, from: Consumer(name: project.name, version: nil, kind: .project, requirement: "", scopes: []),
                              scope: project.name, versions: versions)
            }
            do {
                let resolution = try PackageProjectResolution.resolve(main, provider: provider)
                for flagged in resolution.flagged { warnings.append(flagged.description) }
                let declarer = PackageCommands.declarer(main)
                for package in resolution.packages {
                    for dependency in package.dependencies {
                        consumers.add(dependency, from: Consumer(name: package.identity.description, version: graphVersion(package.state.version),
                                                                 kind: .pod, requirement: "", scopes: []),
                                      scope: project.name, versions: versions)
                    }
                }
                let resolved = try PackageResolvedFile.read(at: main.resolvedPath)
                let pins = PackageVersionPin.pins(root: root, resolution: resolution, resolved: resolved).compactMap { pin in
                    graphVersion(pin.version).map { version -> (package: String, version: Version, origin: Pin.Origin) in
                        (pin.identity.description, version, pin.origin == .manifest ? .podfile : pin.origin == .resolved ? .lock : .resolution)
                    }
                }
                projects.append(PackageProjectInput(
                    name: project.name, kind: kind, manifest: manifest,
                    graph: PackageGraphs.resolved(resolution, root: root, declarer: declarer),
                    problems: try checker.problems(resolution: resolution, root: root, declarer: declarer), conflict: nil, pins: pins))
            } catch let PackageError.conflict(explanation) {
                projects.append(PackageProjectInput(name: project.name, kind: kind, manifest: manifest, graph: nil, problems: [],
                                                    conflict: explanation, pins: []))
            }
        }
        let dates = PublishDateLookup { identity, version in
            guard let location = locations[identity], let candidates = tagged[identity],
                  let container = try? provider.container(for: location, identity: PackageIdentity(name: identity)),
                  let match = candidates.first(where: { $0.version.description == version.description }) else { return nil }
            return container.date(of: match)
        }
        return PackageReportInput(
            newestGraph: PackageGraphs.newestReleases(components), newestProblems: try checker.problems(newest: components),
            versions: versions.mapValues { $0.compactMap(graphVersion) },
            layers: Dictionary(uniqueKeysWithValues: components.components.compactMap { component in
                configuration.layer(ofPackage: component.identity.description).map { (component.identity.description, $0.name) }
            }),
            projects: projects, consumers: consumers.entries, publishDates: dates)
    }

    static func graphVersion(_ version: SemanticVersion?) -> Version? {
        version.flatMap { try? Version($0.description) }
    }

    /// Requirements on packages, each once with every graph it was seen in.
    struct ConsumerTable {
        private(set) var entries: [PackageConsumerInput] = []

        mutating func add(_ dependency: PackageDependencyDeclaration, from consumer: Consumer, scope: String,
                          versions: [String: [SemanticVersion]]) {
            guard let requirement = dependency.requirement, let set = requirement.versionSet,
                  let all = versions[dependency.identity.description] else { return }
            var consumer = consumer
            consumer.requirement = requirement.label
            if let index = entries.firstIndex(where: {
                $0.package == dependency.identity.description && $0.consumer.name == consumer.name
                    && $0.consumer.version == consumer.version && $0.consumer.requirement == consumer.requirement
            }) {
                if !entries[index].consumer.scopes.contains(scope) { entries[index].consumer.scopes.append(scope) }
                return
            }
            consumer.scopes = [scope]
            entries.append(PackageConsumerInput(package: dependency.identity.description, consumer: consumer,
                                                allowed: all.map { set.contains($0) }))
        }
    }
}

import Config
import Foundation
import Git
import Graph
import SwiftPackages

/// A planned integrate of Swift packages into a project: the plan to execute, the pins'
/// new manifest and Package.resolved, and the graph problems the pins add.
public struct PreparedPackageIntegration {
    /// What `Integrator` executes.
    public var plan: IntegrationPlan
    /// The manifest and Package.resolved with the pins, and the resolution they come from.
    public var pinning: PackagePinning
    /// Problems of the package checks with the pins that the project did not have before.
    public var newProblems: [GraphProblem]

    /// `NAME=VERSION …`, as given.
    public var pinTexts: String { plan.pins.map(\.text).joined(separator: " ") }
}

extension IntegrationPlanner {
    /// Plans the integrate of Swift packages into `project` (a Package.swift, or an Xcode
    /// project): the pins (each a package it declares, at a tagged version) resolved with the
    /// rest as SwiftPM would (a conflict throws `PackageError.conflict`), the manifest pinned
    /// exactly and Package.resolved rewritten, the compile check; nothing is published. The
    /// plan holds the project's lock and a scratch folder until it is released.
    public func plan(packages project: any PackageMainProject, provider: any PackageContainerProvider,
                     checker: PackageChecker) throws -> PreparedPackageIntegration {
        let root = PackageProjectPins.root(of: project)
        let access = try ProjectAccess(scope: PackageProjectPins.scope(of: project, configuration: configuration),
                                       timeout: request.lockTimeout, delegate: delegate)
        let manifest = try ProjectFiles.writable(project.manifestFile, root: root)
        let resolvedPath = try ProjectFiles.writable(project.resolvedPath, root: root)
        let check = try packageCheckCommand()
        var pins: [(identity: PackageIdentity, version: SemanticVersion)] = []
        for pin in request.pins {
            guard let version = SemanticVersion(pin.version) else { throw IntegrationError.notAPackageVersion(pin.text) }
            if version.isPrerelease && !request.allowRC { throw IntegrationError.rcNeedsFlag(pin.text) }
            pins.append((PackageIdentity(name: pin.name), version))
        }
        guard let repository = try? Repository.open(at: root, searchingParents: true) else {
            throw IntegrationError.notAGitProject(root)
        }
        try ProjectCheckout.requireCommitted(repository, files: [manifest, resolvedPath])
        if request.push { try ProjectCheckout.requireInStepWithOrigin(repository) }
        if let name = request.pushBranch { try ProjectCheckout.requireNewBranch(name, in: repository) }

        let pinning = try PackagePinning(project: project, pins: pins, provider: provider)
        let newProblems = try Self.newProblems(with: pinning, project: project, provider: provider, checker: checker)
        let scratch = try ScratchDirectory.make()
        let files = [
            PinnedFile(path: manifest) { current, _ in try current.map(pinning.pinnedManifest) },
            PinnedFile(path: resolvedPath) { _, earlier in
                try earlier[manifest].map(pinning.resolvedFile(forPinnedManifest:))
            },
        ]
        let plan = IntegrationPlan(
            root: root, podfile: nil, packageManifest: manifest, candidates: [], target: SpecRepoTarget(name: "", url: ""),
            check: check, stagedSpecRepo: nil, scratch: scratch, pinnedFiles: files,
            packagePins: pins.map { ComponentPin(name: $0.identity.description, version: $0.version.description) },
            access: access)
        return PreparedPackageIntegration(plan: plan, pinning: pinning,
                                          newProblems: newProblems)
    }

    /// How graphs name the project's root: `package 'app'`.
    static func declarer(_ project: any PackageMainProject) -> String {
        (try? project.root().displayName.replacingOccurrences(of: "root package", with: "package")) ?? "the package"
    }

    /// The compile check: `--check-command`, else compctl.yml's.
    private func packageCheckCommand() throws -> CheckCommand {
        if let text = request.checkCommand { return .shell(text) }
        guard let configured = configuration.checkCommand else { throw IntegrationError.noCheckCommand }
        return configured
    }
}

extension IntegrationPlanner {
    /// Adds Swift package pins to a Podfile project's plan: its Package.swift gets them after
    /// the pods' (composed), and Package.resolved is rewritten. Returns the package checks'
    /// new problems. A resolution conflict throws `PackageError.conflict`.
    func addPackagePins(_ pins: [ComponentPin], manifest: String, to plan: inout IntegrationPlan,
                        project repository: Repository) throws -> [GraphProblem] {
        let project = try PackageSwiftProject(path: manifest)
        try ProjectCheckout.requireCommitted(repository, files: [project.resolvedPath])
        var wanted: [(identity: PackageIdentity, version: SemanticVersion)] = []
        for pin in pins {
            guard let version = SemanticVersion(pin.version) else { throw IntegrationError.notAPackageVersion(pin.text) }
            if version.isPrerelease && !request.allowRC { throw IntegrationError.rcNeedsFlag(pin.text) }
            wanted.append((PackageIdentity(name: pin.name), version))
        }
        let provider = GitPackageContainerProvider(cacheDirectory: GitPackageContainerProvider.standardCacheDirectory())
        let checker = PackageProjectPins.checker(configuration)
        let pinning = try PackagePinning(project: project, pins: wanted, provider: provider)
        let newProblems = try Self.newProblems(with: pinning, project: project, provider: provider, checker: checker)
        if let index = plan.pinnedFiles.firstIndex(where: { $0.path == manifest }) {
            let podPins = plan.pinnedFiles[index]
            plan.pinnedFiles[index] = PinnedFile(path: manifest) { current, earlier in
                try (try podPins.pin(current, earlier) ?? current).map(pinning.pinnedManifest)
            }
        }
        let resolvedPath = try ProjectFiles.writable(project.resolvedPath, root: plan.root)
        plan.pinnedFiles.append(PinnedFile(path: resolvedPath) { _, earlier in
            try earlier[manifest].map(pinning.resolvedFile(forPinnedManifest:))
        })
        plan.packagePins = wanted.map { ComponentPin(name: $0.identity.description, version: $0.version.description) }
        return newProblems
    }

    /// The problems of the package checks with `pinning`'s pins that `project` does not have
    /// as it stands (all of them when it does not resolve as it stands).
    private static func newProblems(with pinning: PackagePinning, project: any PackageMainProject,
                                    provider: any PackageContainerProvider, checker: PackageChecker) throws -> [GraphProblem] {
        let before: Set<String>
        if let current = try? PackageProjectResolution.resolve(project, provider: provider) {
            before = Set(try checker.problems(resolution: current, root: try project.root(), declarer: declarer(project)).map(\.description))
        } else {
            before = []
        }
        let after = try checker.problems(resolution: pinning.resolution, root: pinning.root, declarer: declarer(project))
        return after.filter { !before.contains($0.description) }
    }
}

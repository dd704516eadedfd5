import ArgumentParser
import Config
import Foundation
import Integration
import SwiftPackages

/// `integrate` into a project that takes only Swift packages: the Integration library's
/// package planning, then the same Integrator as for pods.
extension IntegrateCommand {
    /// The main project when it takes only Swift packages (no Podfile); nil otherwise.
    func packageOnlyProject(_ configuration: Configuration) throws -> (any PackageMainProject)? {
        guard podfile == nil else { return nil }
        let manifests = try reportingErrors {
            try MainManifests.choose(podfile: nil, package: packageOptions.path, configuration: configuration)
        }
        return manifests.podfile == nil ? manifests.package : nil
    }

    /// Runs `body` (planning); a Swift package conflict is explained and exits 2, other
    /// errors are reported and exit 1.
    func explainingPackageConflicts<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let PackageError.conflict(explanation) {
            Console.error("the Swift packages cannot be resolved with \(pins.map(\.pin.text).joined(separator: " ")):")
            Console.note(explanation)
            Console.note("nothing was changed")
            throw Exit.problems
        } catch {
            return try reportingErrors { throw error }
        }
    }

    /// `integrate --recover` in a project that takes only Swift packages.
    func recoverPackages(_ project: any PackageMainProject, configuration: Configuration) throws {
        try reportingErrors {
            let hadJournal = try IntegrationPlanner.recover(packages: project, configuration: configuration,
                                                            timeout: .seconds(lockTimeout), delegate: ConsoleIntegrationDelegate())
            if !hadJournal { Console.note("\(project.displayPath): no unfinished integrate; nothing to recover") }
        }
    }

    func integratePackages(into project: any PackageMainProject, configuration: Configuration) async throws {
        let provider = try reportingErrors { try PackageCommands.provider() }
        let request = IntegrationRequest(
            pins: pins.map(\.pin), checkCommand: checkCommand, push: push, pushBranch: pushBranch, allowRC: allowRC,
            lockTimeout: .seconds(lockTimeout))
        let sources = try reportingErrors { try SpecSources(configuration: configuration) }
        let planner = IntegrationPlanner(request: request, configuration: configuration, sources: sources,
                                         delegate: ConsoleIntegrationDelegate())
        let prepared: PreparedPackageIntegration
        do {
            prepared = try planner.plan(packages: project, provider: provider, checker: PackageCommands.checker(configuration))
        } catch let PackageError.conflict(explanation) {
            Console.error("\(project.displayPath) cannot be resolved with \(pins.map(\.pin.text).joined(separator: " ")):")
            Console.note(explanation)
            Console.note("nothing was changed")
            throw Exit.problems
        } catch {
            _ = try reportingErrors { throw error }
            return
        }
        defer { try? FileManager.default.removeItem(atPath: prepared.plan.scratch) }
        for flagged in prepared.pinning.resolution.flagged { Console.warning(flagged.description) }
        if !prepared.newProblems.isEmpty {
            for problem in prepared.newProblems { Console.error("new \(problem)") }
            Console.note("nothing was changed: the integrate would add \(prepared.newProblems.count) problem"
                + "\(prepared.newProblems.count == 1 ? "" : "s") to \(project.displayPath)")
            throw Exit.problems
        }
        let shown = DisplayPath.relative(project.manifestFile)
        let resolved = DisplayPath.relative(project.resolvedPath)
        if dryRun {
            Console.out("integrate into \(shown) (dry run, nothing changed):")
            for pin in prepared.plan.packagePins { Console.out("  \(pin.name) \(pin.version): exact in \(shown), pinned in \(resolved)") }
            Console.out("  run the compile check, then "
                + (pushBranch.map { "commit on a new branch \($0) and push it" } ?? (push ? "commit and push" : "commit")))
            return
        }
        let integrator = Integrator(options: IntegrationOptions(push: push, pushBranch: pushBranch, maxRequeues: maxRequeues,
                                                                timeout: timeout.map { .seconds($0) }),
                                    delegate: ConsoleIntegrationDelegate(restored: "\(shown) and \(resolved)"))
        let outcome = try await reportingIntegrationErrors { try await integrator.integrate(prepared.plan) }
        if json { try IntegrateDocument.print(outcome, pins: prepared.plan.pins) }
        switch outcome {
        case .failed:
            throw Exit.failure
        case .alreadyIntegrated where !json:
            Console.out("\(prepared.pinTexts) already integrated into \(shown)")
            Console.note("\(shown) and \(resolved) already pin these versions; nothing to do")
        case let .passed(landed) where !json:
            Console.out("integrated \(prepared.pinTexts) into \(shown)")
            let where_ = pushBranch.map { " on \($0) and pushed branch \($0); open a pull request from it" } ?? (push ? " and pushed" : "")
            Console.note("pinned in \(shown) and \(resolved); committed \(landed.commit.hex.prefix(8))\(where_); log: \(landed.log)")
        case .alreadyIntegrated, .passed:
            break
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Config
import Foundation
import Git
import Graph
import Integration
import SwiftPackages
import TextFormat

/// `--package PATH`, for the commands that read a main project's Swift packages.
struct PackageOptions: ParsableArguments {
    @Option(name: .customLong("package"), help: ArgumentHelp(
        "The main project's Package.swift (or its directory) or Xcode project instead of a Podfile "
            + "(default: the main project's package_swift or xcodeproj in compctl.yml, else ./Package.swift or the one "
            + "./*.xcodeproj when there is no ./Podfile).",
        valueName: "path"))
    var path: String?
}

/// Which manifests of the main project a command reads: its Podfile, its Swift packages
/// (a Package.swift), or both.
struct MainManifests {
    /// The Podfile, as a path to show and read.
    var podfile: String?
    /// The project that takes Swift packages.
    var package: (any PackageMainProject)?

    /// `--podfile` and `--package` when given; else the first main project of compctl.yml
    /// (its podfile and package_swift); else ./Podfile, or ./Package.swift when there is no
    /// Podfile (as `swift package` finds it). With nothing at all, the Podfile's absence is
    /// the error the Podfile commands report.
    static func choose(podfile: String?, package: String?, configuration: Configuration) throws -> MainManifests {
        if podfile != nil || package != nil {
            return MainManifests(podfile: podfile, package: try package.map(load))
        }
        if let project = configuration.projects.first(where: { $0.kind == .main }) {
            let manifest = project.packagesManifest.map { configuration.resolve(path: $0) }
            return MainManifests(
                podfile: project.podfile.map { DisplayPath.relative(configuration.resolve(path: $0)) },
                package: try manifest.map(load))
        }
        let fileManager = FileManager.default
        if !fileManager.fileExists(atPath: "Podfile") {
            if fileManager.fileExists(atPath: "Package.swift") {
                return MainManifests(podfile: nil, package: try load("Package.swift"))
            }
            // An app that takes its packages through its Xcode project: the one beside.
            let projects = ((try? fileManager.contentsOfDirectory(atPath: ".")) ?? []).filter { $0.hasSuffix(".xcodeproj") }
            if projects.count == 1 { return MainManifests(podfile: nil, package: try load(projects[0])) }
        }
        return MainManifests(podfile: "Podfile", package: nil)
    }

    /// The package project at `path`: a Package.swift or a directory holding one, or an
    /// Xcode project (`App.xcodeproj` or its `project.pbxproj`).
    static func load(_ path: String) throws -> any PackageMainProject {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        if trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix(".xcodeproj/project.pbxproj") {
            return try XcodePackageProject(path: trimmed)
        }
        return try PackageSwiftProject(path: path)
    }
}

/// The package side of the commands: opening repositories, resolving, printing.
enum PackageCommands {
    /// The repositories of packages, remote ones mirrored under `$COMPCTL_HOME/packages`.
    static func provider() throws -> GitPackageContainerProvider {
        try GitSession.prepare()
        return GitPackageContainerProvider(cacheDirectory: GitPackageContainerProvider.standardCacheDirectory())
    }

    /// Resolves `project`; a conflict is explained on stderr (after `onConflict` saw it)
    /// and exits 2, any other error exits 1. Parts of manifests compctl could not read are
    /// warnings.
    static func resolve(_ project: any PackageMainProject, provider: any PackageContainerProvider,
                        onConflict: (String) -> Void = { _ in }) throws -> PackageResolution {
        do {
            let resolution = try PackageProjectResolution.resolve(project, provider: provider)
            for flagged in resolution.flagged { Console.warning(flagged.description) }
            return resolution
        } catch let PackageError.conflict(explanation) {
            onConflict(explanation)
            Console.error("\(project.displayPath) cannot be resolved:")
            Console.note(explanation)
            throw Exit.problems
        } catch let error as ExitCode {
            throw error
        } catch {
            Console.error(String(describing: error))
            throw Exit.failure
        }
    }

    /// The package checks with compctl.yml's layers, interface rule and rc label.
    static func checker(_ configuration: Configuration) -> PackageChecker {
        PackageProjectPins.checker(configuration)
    }

    /// The component packages of compctl.yml: its `packages:` and what its main projects'
    /// manifests depend on, each with every package their newest releases depend on.
    static func components(_ configuration: Configuration, provider: any PackageContainerProvider) throws -> ComponentPackages? {
        var locations = configuration.packages.map { configuration.resolve(path: $0.url) }
        var projects = try configuration.projects.compactMap { project in
            try project.packagesManifest.map { try MainManifests.load(configuration.resolve(path: $0)) }
        }
        // Without compctl.yml: the package project in the current directory.
        if configuration.projects.isEmpty, let here = try MainManifests.choose(podfile: nil, package: nil, configuration: configuration).package {
            projects.append(here)
        }
        for project in projects {
            let root = try project.root()
            locations += root.dependencies.filter { $0.requirement?.isVersioned ?? false }.map(\.location)
        }
        guard !locations.isEmpty else { return nil }
        let components = try ComponentPackages.load(locations, provider: provider)
        for flagged in components.flagged { Console.warning(flagged.description) }
        return components
    }

    /// How the graph names a project's root: `package 'App'`.
    static func declarer(_ project: any PackageMainProject) -> String {
        (try? project.root().displayName.replacingOccurrences(of: "root package", with: "package")) ?? "the package"
    }

    /// `identity<TAB>version` lines (aligned columns on a terminal).
    static func printVersions(_ resolution: PackageResolution) {
        let rows = resolution.packages.map { [$0.identity.description, $0.state.label] }
        if isatty(STDOUT_FILENO) == 1 {
            Console.outRaw(TextTable(rows).plainText())
        } else {
            Console.outRaw(rows.map { "\($0[0])\t\($0[1])\n" }.joined())
        }
    }
}

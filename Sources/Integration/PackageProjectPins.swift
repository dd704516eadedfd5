import Config
import FileIO
import Foundation
import Graph
import SwiftPackages

/// The Swift package side of `pin` and `integrate`: where a package project lives, what
/// recovery may touch in it, and writing a `PackagePinning` (the manifest, then
/// Package.resolved; the manifest goes back when Package.resolved cannot be written).
public enum PackageProjectPins {
    /// The project's root: the directory of its Package.swift (or of its Xcode project).
    public static func root(of project: any PackageMainProject) -> String {
        let manifest = URL(fileURLWithPath: project.manifestFile).standardizedFileURL
        let directory = manifest.deletingLastPathComponent()
        // An Xcode project's file lives in `App.xcodeproj/`; its project is the folder around it.
        if directory.pathExtension == "xcodeproj" { return directory.deletingLastPathComponent().path }
        return directory.path
    }

    /// What recovery may touch: the project's manifest and Package.resolved (and a Podfile
    /// with its lock beside them, which a project may have too).
    public static func scope(of project: any PackageMainProject, configuration: Configuration) -> JournalScope {
        let root = root(of: project)
        var scope = JournalScope(root: root, podfile: root + "/Podfile", packageManifest: nil,
                                 remotes: configuration.specRepos.map { configuration.resolve(path: $0.url) })
        scope.files += [project.manifestFile, project.resolvedPath].map { IntegrationJournal.absolute($0, root: root) }
        return scope
    }

    /// The package checks with compctl.yml's layers (package identities matched without
    /// case), interface rule and rc label.
    public static func checker(_ configuration: Configuration) -> PackageChecker {
        let layers = configuration.layers.map { layer in
            LayerRule(name: layer.name, allowSameLayer: layer.allowSameLayer) { identity in
                configuration.layer(ofPackage: identity)?.name == layer.name
            }
        }
        return PackageChecker(layers: layers, interfaceSuffix: GraphChecker.interfaceSuffix(of: configuration),
                              rcLabel: configuration.rcLabel)
    }

    /// The files a package integrate writes and commits.
    public static func files(of project: any PackageMainProject) -> [String] {
        [project.manifestFile, project.resolvedPath]
    }

    /// Writes the pinned manifest and Package.resolved, each atomically (through a symlink
    /// that stays in the project); the manifest goes back if Package.resolved cannot be written.
    public static func write(_ pinning: PackagePinning) throws {
        let root = root(of: pinning.project)
        let manifest = try ProjectFiles.writable(pinning.project.manifestFile, root: root)
        let resolved = try ProjectFiles.writable(pinning.project.resolvedPath, root: root)
        if pinning.manifestPinned != pinning.manifestOriginal { try AtomicFile.write(Data(pinning.manifestPinned), to: manifest) }
        guard pinning.resolvedPinned != pinning.resolvedOriginal else { return }
        do {
            try Integrator.makeFolder(of: resolved, inside: root)
            try AtomicFile.write(Data(pinning.resolvedPinned), to: resolved)
        } catch {
            try? AtomicFile.write(Data(pinning.manifestOriginal), to: manifest)
            throw error
        }
    }
}

extension IntegrationPlanner {
    /// `integrate --recover` for a project that takes only Swift packages: takes its lock
    /// (which recovers a journal a killed integrate left) and lets go. Returns whether there
    /// was a journal.
    public static func recover(packages project: any PackageMainProject, configuration: Configuration, timeout: Duration,
                               delegate: any IntegrationDelegate) throws -> Bool {
        let root = PackageProjectPins.root(of: project)
        let hadJournal = FileManager.default.fileExists(atPath: IntegrationJournal.path(in: root))
        let access = try ProjectAccess(scope: PackageProjectPins.scope(of: project, configuration: configuration),
                                       timeout: timeout, delegate: delegate)
        access.release()
        return hadJournal
    }
}

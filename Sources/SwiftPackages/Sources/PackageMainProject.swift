import Foundation

/// A main project that takes Swift packages: a Package.swift, or an Xcode project with
/// package references. What `resolve`, `graph`, `why`, `outdated`, `pin` and `integrate`
/// need from either.
public protocol PackageMainProject: Sendable {
    /// How messages and tables name the project's manifest (`Package.swift`, `App.xcodeproj`).
    var displayPath: String { get }
    /// The Package.resolved that records its pins.
    var resolvedPath: String { get }
    /// The root of a resolution: what the project depends on.
    func root() throws -> RootPackage
    /// The file its package requirements live in: Package.swift, or `project.pbxproj`.
    var manifestFile: String { get }
    /// That file's bytes.
    func manifestBytes() throws -> [UInt8]
    /// The manifest's bytes with each of `pins` required exactly, and nothing else changed.
    func pinning(_ pins: [PackageIdentity: SemanticVersion], in bytes: [UInt8]) throws -> [UInt8]
    /// The Package.resolved to write for `resolution`, given the pinned manifest and the file
    /// there is now.
    func resolvedFile(for resolution: PackageResolution, pinnedManifest: [UInt8], existing: PackageResolvedFile?,
                      provider: any PackageContainerProvider) throws -> PackageResolvedFile
}

extension PackageSwiftProject: PackageMainProject {
    public var displayPath: String { Self.display(manifestPath) }
}

/// Resolves a package main project against the packages' repositories.
public enum PackageProjectResolution {
    /// The project's resolution, preferring the versions its Package.resolved pins (as
    /// `swift package resolve` does) unless `ignoringPins`. Throws `PackageError.conflict`
    /// with the explanation when nothing satisfies every requirement.
    public static func resolve(_ project: any PackageMainProject, provider: any PackageContainerProvider,
                               ignoringPins: Bool = false) throws -> PackageResolution {
        let root = try project.root()
        let pins = ignoringPins ? [:] : (try PackageResolvedFile.read(at: project.resolvedPath))?.versions ?? [:]
        return try PackageResolver(provider: provider, pins: pins).resolve(root)
    }
}

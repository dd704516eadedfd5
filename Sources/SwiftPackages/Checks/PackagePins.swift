/// How a project holds one package: the version it is at, and whether the project pins it
/// exactly or only allows it (then the version comes from Package.resolved).
public struct PackageVersionPin: Sendable, Equatable {
    /// Where the version was read.
    public enum Origin: String, Sendable {
        /// An exact requirement of the project's own manifest.
        case manifest
        /// Package.resolved.
        case resolved
        /// Neither: the resolution's choice.
        case resolution
    }

    public var identity: PackageIdentity
    public var version: SemanticVersion
    public var origin: Origin
    /// The project's own requirement when it is not exact (`from 1.0.0`); nil for an exact
    /// pin or a package it takes only through others.
    public var requirement: PackageRequirement?

    /// Every package `resolution` holds for the project `root`, with the version its
    /// manifest pins exactly, else its Package.resolved's, else the resolution's.
    public static func pins(root: RootPackage, resolution: PackageResolution, resolved: PackageResolvedFile?) -> [PackageVersionPin] {
        let locked = resolved?.versions ?? [:]
        return resolution.packages.compactMap { package in
            let own = root.dependencies.first { $0.identity == package.identity }?.requirement
            if case let .exact(version)? = own {
                return PackageVersionPin(identity: package.identity, version: version, origin: .manifest, requirement: nil)
            }
            if let version = locked[package.identity] {
                return PackageVersionPin(identity: package.identity, version: version, origin: .resolved, requirement: own)
            }
            guard let version = package.state.version else { return nil }
            return PackageVersionPin(identity: package.identity, version: version, origin: .resolution, requirement: own)
        }
    }
}

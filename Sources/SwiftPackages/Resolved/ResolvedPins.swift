import Foundation

extension PackageResolvedFile {
    /// The Package.resolved SwiftPM writes for `resolution`: every package with its
    /// location, version and the commit its tag marks (local packages are left out, as
    /// SwiftPM leaves them out), in `format`, with `originHash` in format 3.
    public init(resolution: PackageResolution, format: Int, originHash: String?, provider: any PackageContainerProvider,
                names: [PackageIdentity: String] = [:]) throws {
        var pins: [Pin] = []
        for package in resolution.packages {
            let kind = PackageLocation.isLocalPath(package.location) ? "localSourceControl" : "remoteSourceControl"
            switch package.state {
            case let .version(version, tag):
                let container = try provider.container(for: package.location, identity: package.identity)
                let revision = try container.revision(of: TaggedVersion(version: version, tag: tag))
                pins.append(Pin(identity: package.identity, kind: kind, location: package.location,
                                name: names[package.identity], version: version.description, revision: revision))
            case let .branch(name, revision):
                pins.append(Pin(identity: package.identity, kind: kind, location: package.location,
                                name: names[package.identity], version: nil, branch: name, revision: revision))
            case let .revision(revision):
                pins.append(Pin(identity: package.identity, kind: kind, location: package.location,
                                name: names[package.identity], version: nil, revision: revision))
            case .local:
                continue
            }
        }
        self.init(format: format, originHash: format == 3 ? originHash : nil, pins: pins)
    }
}

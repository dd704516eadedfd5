import Foundation

/// The component packages of a universe, each with its versions and what its newest
/// release depends on: what `graph` (without a main project), `report skew` and
/// `outdated` read.
public struct ComponentPackages: Sendable {
    /// One component package.
    public struct Component: Sendable {
        public var identity: PackageIdentity
        public var location: String
        /// Its versions, ascending.
        public var versions: [TaggedVersion]
        /// The highest version without a prerelease, else the highest version.
        public var newest: TaggedVersion?
        /// What the newest version's manifest declares (the product-required ones).
        public var dependencies: [PackageDependencyDeclaration]

        /// The highest version without prerelease identifiers.
        public var newestRelease: SemanticVersion? { versions.last { !$0.version.isPrerelease }?.version }
    }

    /// Sorted by identity.
    public var components: [Component]
    /// Parts of manifests compctl could not read.
    public var flagged: [FlaggedManifest]

    /// The component called `identity`.
    public func component(_ identity: PackageIdentity) -> Component? {
        components.first { $0.identity == identity }
    }

    /// Reads the packages at `locations` and every package their newest releases depend on
    /// (transitively, at most `limit` packages).
    public static func load(_ locations: [String], provider: any PackageContainerProvider, limit: Int = 10_000) throws -> ComponentPackages {
        var pending = locations
        var seen: [PackageIdentity: String] = [:]
        var components: [Component] = []
        var flagged: [FlaggedManifest] = []
        var flaggedSeen = Set<String>()
        while let location = pending.first, components.count < limit {
            pending.removeFirst()
            let identity = PackageIdentity(location: location)
            if let known = seen[identity] {
                if PackageLocation.canonical(known) != PackageLocation.canonical(location) {
                    throw PackageError.identityConflict(identity: identity, first: known, second: location)
                }
                continue
            }
            seen[identity] = location
            let container = try provider.container(for: location, identity: identity)
            let versions = try container.versions()
            let newest = versions.last { !$0.version.isPrerelease } ?? versions.last
            var dependencies: [PackageDependencyDeclaration] = []
            if let newest {
                let file = try container.manifest(at: newest, toolsVersion: SwiftToolsVersion.current)
                let read = try ManifestDependencies.read(file, identity: identity, version: newest.version.description,
                                                         packageLocation: location, isRoot: false)
                dependencies = read.dependencies
                for item in read.flagged where flaggedSeen.insert(item.issue.text).inserted { flagged.append(item) }
                for dependency in read.dependencies where dependency.requirement?.isVersioned ?? false {
                    pending.append(dependency.location)
                }
            }
            components.append(Component(identity: identity, location: location, versions: versions, newest: newest,
                                        dependencies: dependencies))
        }
        return ComponentPackages(components: components.sorted { $0.identity < $1.identity }, flagged: flagged)
    }
}

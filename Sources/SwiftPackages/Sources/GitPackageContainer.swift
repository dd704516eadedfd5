import FileIO
import Checksum
import Foundation
import Git
import Manifest

/// A package's git repository read through libgit2, with no checkout: a local repository
/// (bare or not) in place, a remote one through a bare mirror under compctl's cache
/// (`$COMPCTL_HOME/packages/<identity>-<hash>.git`), fetched once per run.
public final class GitPackageContainer: PackageContainer, @unchecked Sendable {
    public let identity: PackageIdentity
    public let location: String
    private let repository: Repository
    private let lock = NSLock()
    private var cachedVersions: [TaggedVersion]?
    private let toolsVersion: PackageDeclaration.ToolsVersion

    /// Opens the repository at `location` (fetching a remote one into `cacheDirectory`).
    public init(location: String, identity: PackageIdentity, cacheDirectory: String,
                toolsVersion: PackageDeclaration.ToolsVersion = SwiftToolsVersion.current) throws {
        self.identity = identity
        self.location = location
        self.toolsVersion = toolsVersion
        if PackageLocation.isLocalPath(location) {
            let path = location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location
            do {
                repository = try Repository.open(at: path)
            } catch {
                throw PackageError.unreadableRepository(identity: identity, location: location,
                                                        reason: "\(error)")
            }
        } else {
            repository = try Self.mirror(of: location, identity: identity, in: cacheDirectory)
        }
    }

    /// The bare mirror of the remote `url` under `directory`, made or fetched now.
    private static func mirror(of url: String, identity: PackageIdentity, in directory: String) throws -> Repository {
        let name = "\(identity)-\(SHA256.hex(Array(PackageLocation.canonical(url).utf8)).prefix(12)).git"
        let path = (directory as NSString).appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            if FileManager.default.fileExists(atPath: path) {
                let repository = try Repository.open(at: path)
                try repository.remote(named: "origin").fetch(refspecs: ["+refs/tags/*:refs/tags/*"], prune: true)
                return repository
            }
            // Cloned beside its place and renamed in, so an interrupted clone leaves nothing.
            let staging = path + ".partial-\(getpid())"
            try? FileManager.default.removeItem(atPath: staging)
            let repository = try Repository.create(at: staging, bare: true)
            try repository.addRemote(named: "origin", url: url).fetch(refspecs: ["+refs/tags/*:refs/tags/*"], prune: true)
            try FileManager.default.moveItem(atPath: staging, toPath: path)
            return try Repository.open(at: path)
        } catch let error as PackageError {
            throw error
        } catch {
            throw PackageError.unreadableRepository(identity: identity, location: Git.redact(url), reason: "\(error)")
        }
    }

    public func versions() throws -> [TaggedVersion] {
        try lock.withLock {
            if let cachedVersions { return cachedVersions }
            let tags: [String]
            do {
                tags = try repository.tagNames()
            } catch {
                throw PackageError.unreadableRepository(identity: identity, location: Git.redact(location), reason: "\(error)")
            }
            let versions = VersionTags.versions(of: tags, toolsVersion: toolsVersion)
            cachedVersions = versions
            return versions
        }
    }

    public func manifest(at version: TaggedVersion, toolsVersion: PackageDeclaration.ToolsVersion) throws -> ManifestFile {
        try lock.withLock {
            do {
                let tree = try repository.tree(at: "refs/tags/\(version.tag)")
                let names = tree.names
                let name = ManifestSelection.manifestName(among: names, toolsVersion: toolsVersion) {
                    (try? tree.blob(at: "Package.swift")).flatMap { PackageDeclaration.toolsVersion(in: [UInt8]($0)) }
                }
                guard tree.entry(named: name) != nil else {
                    throw PackageError.noManifest(identity: identity, version: version.version.description, tag: version.tag,
                                                  location: Git.redact(location))
                }
                return ManifestFile(bytes: [UInt8](try tree.blob(at: name)),
                                    displayPath: "\(Git.redact(location))@\(version.tag):\(name)")
            } catch let error as PackageError {
                throw error
            } catch {
                throw PackageError.unreadableRepository(identity: identity, location: Git.redact(location), reason: "\(error)")
            }
        }
    }

    public func date(of version: TaggedVersion) -> Date? {
        lock.withLock {
            guard let tag = try? repository.tag(named: version.tag) else { return nil }
            if let time = tag.tagger?.time { return time }
            return (try? repository.commit(tag.commit))?.committer.time
        }
    }

    public func revision(of version: TaggedVersion) throws -> String {
        try lock.withLock {
            do {
                return try repository.tag(named: version.tag).commit.hex
            } catch {
                throw PackageError.unreadableRepository(identity: identity, location: Git.redact(location), reason: "\(error)")
            }
        }
    }
}

/// Opens git containers, one per location, caching them for the whole run.
public final class GitPackageContainerProvider: PackageContainerProvider, @unchecked Sendable {
    /// Where mirrors of remote packages live.
    public let cacheDirectory: String
    public let toolsVersion: PackageDeclaration.ToolsVersion
    private let lock = NSLock()
    private var containers: [String: any PackageContainer] = [:]

    /// A provider caching remote mirrors in `cacheDirectory`.
    public init(cacheDirectory: String, toolsVersion: PackageDeclaration.ToolsVersion = SwiftToolsVersion.current) {
        self.cacheDirectory = cacheDirectory
        self.toolsVersion = toolsVersion
    }

    /// `$COMPCTL_HOME/packages` (default `~/.compctl/packages`).
    public static func standardCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["COMPCTL_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".compctl")
        return (home as NSString).appendingPathComponent("packages")
    }

    public func container(for location: String, identity: PackageIdentity) throws -> any PackageContainer {
        let key = PackageLocation.canonical(location)
        if let known = lock.withLock({ containers[key] }) { return known }
        let container = try GitPackageContainer(location: location, identity: identity, cacheDirectory: cacheDirectory,
                                                toolsVersion: toolsVersion)
        return lock.withLock {
            if let known = containers[key] { return known }
            containers[key] = container
            return container
        }
    }
}

/// The Swift tools version compctl reads manifests for: the newest it knows (Swift 6.3.1).
/// Versions whose manifest needs a newer one are skipped, as SwiftPM 6.3 skips them.
public enum SwiftToolsVersion {
    public static let current = PackageDeclaration.ToolsVersion(6, 3, 1)
    /// The oldest tools version SwiftPM 6 still loads.
    public static let minimum = PackageDeclaration.ToolsVersion(4, 0, 0)
}

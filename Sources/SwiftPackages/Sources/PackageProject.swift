import Diagnostics
import Checksum
import Foundation
import Manifest

/// A main project that takes its packages through a Package.swift: the root of a
/// resolution, its Package.resolved beside it, and the manifest's local packages.
public struct PackageSwiftProject: Sendable {
    /// The Package.swift, absolute.
    public var manifestPath: String
    /// Its directory.
    public var directory: String { (manifestPath as NSString).deletingLastPathComponent }
    /// Package.resolved beside it.
    public var resolvedPath: String { (directory as NSString).appendingPathComponent("Package.resolved") }
    /// The manifest as read.
    public var declaration: PackageDeclaration
    /// The manifest's bytes (their SHA-256 is Package.resolved's `originHash`).
    public var bytes: [UInt8]

    /// Reads the Package.swift at `path` (a file, or a directory holding one).
    public init(path: String) throws {
        var file = URL(fileURLWithPath: path).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            file = (file as NSString).appendingPathComponent("Package.swift")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw PackageError.unreadableManifest(FileIssue(file: file, line: nil, message: "no such file, or it is not readable; give the path of a Package.swift"))
        }
        manifestPath = file
        bytes = [UInt8](data)
        do {
            declaration = try PackageDeclaration(parsing: bytes, path: Self.display(file))
        } catch let ManifestError.malformed(issue) {
            throw PackageError.unreadableManifest(issue)
        }
    }

    /// `path` relative to the current directory when it lies below it.
    static func display(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }

    /// The root package's identity: its directory's name.
    public var identity: PackageIdentity { PackageIdentity(location: directory) }

    /// The package's name (`name:` of `Package(…)`), else its directory's name.
    public var name: String { declaration.name ?? (directory as NSString).lastPathComponent }

    /// The root of a resolution: every declared dependency, local packages read from disk.
    public func root() throws -> RootPackage {
        let file = ManifestFile(bytes: bytes, displayPath: Self.display(manifestPath))
        let read = try ManifestDependencies.read(file, identity: identity, version: nil, packageLocation: directory, isRoot: true)
        var locals: [PackageIdentity: [PackageDependencyDeclaration]] = [:]
        var flagged = read.flagged
        var pending = read.dependencies.filter { $0.requirement == nil }
        var depth = 0
        while let local = pending.popLast(), depth < 1000 {
            depth += 1
            guard locals[local.identity] == nil else { continue }
            let path = (local.location as NSString).appendingPathComponent("Package.swift")
            guard let data = FileManager.default.contents(atPath: path) else {
                throw PackageError.unreadableManifest(FileIssue(file: local.place ?? file.displayPath, line: nil,
                    message: "the local package at \(local.location) has no readable Package.swift"))
            }
            let localRead = try ManifestDependencies.read(ManifestFile(bytes: [UInt8](data), displayPath: Self.display(path)),
                                                          identity: local.identity, version: nil,
                                                          packageLocation: local.location, isRoot: false)
            locals[local.identity] = localRead.dependencies
            flagged += localRead.flagged
            pending += localRead.dependencies.filter { $0.requirement == nil }
        }
        return RootPackage(displayName: "root package '\(identity)'", identity: identity, dependencies: read.dependencies,
                           localPackages: locals, flagged: flagged)
    }

    /// The Package.resolved format SwiftPM writes for this manifest's tools version: 3 above
    /// 5.9, 2 from 5.6, else 1.
    public var resolvedFormat: Int {
        guard let tools = declaration.toolsVersion else { return 3 }
        if tools > PackageDeclaration.ToolsVersion(5, 9) { return 3 }
        if tools >= PackageDeclaration.ToolsVersion(5, 6) { return 2 }
        return 1
    }

    /// The `originHash` SwiftPM writes for this manifest: the SHA-256 of its bytes.
    public static func originHash(of manifest: [UInt8]) -> String { SHA256.hex(manifest) }
}

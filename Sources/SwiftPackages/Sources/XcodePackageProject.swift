import Diagnostics
import Foundation
import Manifest

/// A main project that takes Swift packages through an Xcode project: the
/// `XCRemoteSwiftPackageReference` entries of its `project.pbxproj` (and its local package
/// references), with Package.resolved in the workspace beside it or in the project's own.
public struct XcodePackageProject: PackageMainProject {
    /// The `.xcodeproj` directory.
    public var projectPath: String
    public var manifestFile: String { (projectPath as NSString).appendingPathComponent("project.pbxproj") }
    public var resolvedPath: String
    public var displayPath: String { PackageSwiftProject.display(projectPath) }
    /// The project file as read.
    public var project: PBXProject

    /// Reads the Xcode project at `path` (the `.xcodeproj`, or its `project.pbxproj`).
    public init(path: String) throws {
        var directory = URL(fileURLWithPath: path).standardizedFileURL.path
        if directory.hasSuffix("/project.pbxproj") { directory = (directory as NSString).deletingLastPathComponent }
        projectPath = directory
        let file = (directory as NSString).appendingPathComponent("project.pbxproj")
        guard let data = FileManager.default.contents(atPath: file) else {
            throw PackageError.unreadableManifest(FileIssue(file: file, line: nil, message: "no such file, or it is not readable; give the path of an .xcodeproj"))
        }
        do {
            project = try PBXProject(parsing: [UInt8](data), path: PackageSwiftProject.display(file))
        } catch let ManifestError.malformed(issue) {
            throw PackageError.unreadableManifest(issue)
        }
        resolvedPath = Self.resolvedFile(for: directory)
    }

    /// Where Xcode keeps the project's Package.resolved: in a workspace that has one, in the
    /// project's folder or up to two folders above it, else in the project's own workspace.
    static func resolvedFile(for project: String) -> String {
        var folder = (project as NSString).deletingLastPathComponent
        for _ in 0..<3 {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xcworkspace") }.sorted()
            for name in names {
                let candidate = "\(folder)/\(name)/xcshareddata/swiftpm/Package.resolved"
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return "\(project)/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
    }

    /// The folder relative local packages are found from: the project's.
    private var sourceRoot: String { (projectPath as NSString).deletingLastPathComponent }

    public func root() throws -> RootPackage {
        let name = ((projectPath as NSString).lastPathComponent as NSString).deletingPathExtension
        var dependencies: [PackageDependencyDeclaration] = []
        var flagged: [FlaggedManifest] = []
        let identity = PackageIdentity(name: name)
        for reference in project.remotes {
            let place = "\(project.path):\(reference.line)"
            func version(_ key: String) -> SemanticVersion? {
                reference.fields[key].flatMap { SemanticVersion($0) }
            }
            let requirement: PackageRequirement?
            switch reference.kind {
            case "exactVersion": requirement = version("version").map(PackageRequirement.exact)
            case "upToNextMajorVersion": requirement = version("minimumVersion").map(PackageRequirement.upToNextMajor)
            case "upToNextMinorVersion": requirement = version("minimumVersion").map(PackageRequirement.upToNextMinor)
            case "versionRange":
                if let low = version("minimumVersion"), let high = version("maximumVersion") {
                    requirement = .range(VersionRange(low, high))
                } else {
                    requirement = nil
                }
            case "branch": requirement = reference.fields["branch"].map(PackageRequirement.branch)
            case "revision": requirement = reference.fields["revision"].map(PackageRequirement.revision)
            default: requirement = nil
            }
            guard let requirement else {
                flagged.append(FlaggedManifest(identity: identity, version: nil, issue: FileIssueText(
                    text: "\(place): the requirement of `\(reference.repositoryURL)` (\(reference.kind.isEmpty ? "none" : reference.kind)) is not one compctl reads; the package is left out")))
                continue
            }
            let location = PackageLocation.resolved(reference.repositoryURL, relativeTo: sourceRoot)
            dependencies.append(PackageDependencyDeclaration(identity: PackageIdentity(location: location), location: location,
                                                             requirement: requirement, file: project.path, line: reference.line))
        }
        var locals: [PackageIdentity: [PackageDependencyDeclaration]] = [:]
        for local in project.locals {
            let location = PackageLocation.resolved(local.relativePath, relativeTo: sourceRoot)
            let localIdentity = PackageIdentity(location: location)
            dependencies.append(PackageDependencyDeclaration(identity: localIdentity, location: location, requirement: nil,
                                                             file: project.path, line: local.line))
            let manifest = (location as NSString).appendingPathComponent("Package.swift")
            guard let data = FileManager.default.contents(atPath: manifest) else {
                flagged.append(FlaggedManifest(identity: identity, version: nil, issue: FileIssueText(
                    text: "\(project.path):\(local.line): the local package at \(local.relativePath) has no readable Package.swift")))
                locals[localIdentity] = []
                continue
            }
            let read = try ManifestDependencies.read(ManifestFile(bytes: [UInt8](data), displayPath: PackageSwiftProject.display(manifest)),
                                                     identity: localIdentity, version: nil, packageLocation: location, isRoot: false)
            locals[localIdentity] = read.dependencies
            flagged += read.flagged
        }
        return RootPackage(displayName: "Xcode project '\(name)'", identity: nil, dependencies: dependencies,
                           localPackages: locals, flagged: flagged)
    }

    public func manifestBytes() throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: manifestFile) else {
            throw PackageError.unwritable(path: manifestFile, reason: "it cannot be read")
        }
        return [UInt8](data)
    }

    /// `kind = exactVersion; version = x;` for each pinned package's references; nothing
    /// else in the file changes.
    public func pinning(_ pins: [PackageIdentity: SemanticVersion], in bytes: [UInt8]) throws -> [UInt8] {
        let requests = Dictionary(uniqueKeysWithValues: pins.map { ($0.key.description, $0.value.description) })
        return try PBXProjectEditor.pin(requests, in: bytes, path: PackageSwiftProject.display(manifestFile)) { url, identity in
            PackageIdentity(location: url).description == identity
        }.bytes
    }

    /// Package.resolved in the format the file there has (Xcode chooses it), keeping its
    /// `originHash`; a new file is format 2, which needs none.
    public func resolvedFile(for resolution: PackageResolution, pinnedManifest: [UInt8], existing: PackageResolvedFile?,
                             provider: any PackageContainerProvider) throws -> PackageResolvedFile {
        try PackageResolvedFile(resolution: resolution, format: existing?.format ?? 2, originHash: existing?.originHash,
                                provider: provider)
    }
}

import Foundation
import Manifest

/// What pinning Swift packages changes in a main project: its manifest (Package.swift, or
/// an Xcode project's requirements) with each pinned package exact, and its
/// Package.resolved rewritten from the full resolution with those pins. Both are computed,
/// and the resolution checked, before anything is written.
public struct PackagePinning {
    /// The project being pinned.
    public let project: any PackageMainProject
    /// The pins, by identity.
    public let pins: [(identity: PackageIdentity, version: SemanticVersion)]
    /// The resolution with the pins applied.
    public let resolution: PackageResolution
    /// The root with the pins applied.
    public let root: RootPackage
    /// The manifest's bytes now and pinned.
    public let manifestOriginal: [UInt8]
    public let manifestPinned: [UInt8]
    /// Package.resolved now (nil when there is none) and rewritten.
    public let resolvedOriginal: [UInt8]?
    public let resolvedPinned: [UInt8]
    private let provider: any PackageContainerProvider

    /// Checks `pins` (each a package the project declares, once, at a version it has a tag for),
    /// resolves the project with them (a conflict throws `PackageError.conflict`) and
    /// computes the new files. Changes nothing.
    public init(project: any PackageMainProject, pins: [(identity: PackageIdentity, version: SemanticVersion)],
                provider: any PackageContainerProvider) throws {
        self.project = project
        self.pins = pins
        self.provider = provider
        for (index, pin) in pins.enumerated() {
            if let earlier = pins[..<index].first(where: { $0.identity == pin.identity }) {
                throw PackageError.pinnedTwice(identity: pin.identity, first: earlier.version.description, second: pin.version.description)
            }
        }
        var root = try project.root()
        for pin in pins {
            guard let index = root.dependencies.firstIndex(where: { $0.identity == pin.identity }) else {
                throw PackageError.unknownPackage(pin.identity.description, known: root.dependencies.map(\.identity.description))
            }
            let declaration = root.dependencies[index]
            let container = try provider.container(for: declaration.location, identity: declaration.identity)
            let versions = try container.versions()
            guard versions.contains(where: { $0.version == pin.version }) else {
                throw PackageError.unknownVersion(identity: pin.identity, version: pin.version.description,
                                                  known: versions.map(\.version.description))
            }
            for other in root.dependencies.indices where root.dependencies[other].identity == pin.identity {
                root.dependencies[other].requirement = .exact(pin.version)
            }
        }
        self.root = root
        let existing = try PackageResolvedFile.read(at: project.resolvedPath)
        resolution = try PackageResolver(provider: provider, pins: existing?.versions ?? [:]).resolve(root)
        manifestOriginal = try project.manifestBytes()
        manifestPinned = try project.pinning(Dictionary(pins.map { ($0.identity, $0.version) }, uniquingKeysWith: { a, _ in a }),
                                             in: manifestOriginal)
        resolvedOriginal = FileManager.default.contents(atPath: project.resolvedPath).map { [UInt8]($0) }
        resolvedPinned = try project.resolvedFile(for: resolution, pinnedManifest: manifestPinned, existing: existing,
                                                  provider: provider).encoded()
    }

    /// Whether anything changes.
    public var changed: Bool { manifestPinned != manifestOriginal || resolvedPinned != resolvedOriginal }

    /// The manifest's new bytes for the manifest `bytes` (a moved branch's version): the
    /// same pins applied.
    public func pinnedManifest(_ bytes: [UInt8]) throws -> [UInt8] {
        try project.pinning(Dictionary(pins.map { ($0.identity, $0.version) }, uniquingKeysWith: { a, _ in a }), in: bytes)
    }

    /// Package.resolved for a pinned manifest `bytes` (its `originHash` follows them).
    public func resolvedFile(forPinnedManifest bytes: [UInt8]) throws -> [UInt8] {
        let existing = resolvedOriginal.flatMap { try? PackageResolvedFile(data: Data($0), path: project.resolvedPath) }
        return try project.resolvedFile(for: resolution, pinnedManifest: bytes, existing: existing, provider: provider).encoded()
    }
}

extension PackageSwiftProject {
    public var manifestFile: String { manifestPath }

    public func manifestBytes() throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            throw PackageError.unwritable(path: manifestPath, reason: "it cannot be read")
        }
        return [UInt8](data)
    }

    /// `exact: "x.y.z"` for each pinned package of Package.swift; nothing else changes.
    public func pinning(_ pins: [PackageIdentity: SemanticVersion], in bytes: [UInt8]) throws -> [UInt8] {
        let requests = pins.sorted { $0.key < $1.key }.map { Manifest.PackagePin(package: $0.key.description, version: $0.value.description) }
        return try PackageManifestEditor.pin(requests, in: bytes, path: displayPath, replacingOtherRequirements: true).bytes
    }

    /// Package.resolved as SwiftPM writes it for this manifest: the format of its tools
    /// version, `originHash` the digest of the (pinned) manifest.
    public func resolvedFile(for resolution: PackageResolution, pinnedManifest: [UInt8], existing: PackageResolvedFile?,
                             provider: any PackageContainerProvider) throws -> PackageResolvedFile {
        let tools = PackageDeclaration.toolsVersion(in: pinnedManifest)
        let format: Int
        if let tools, tools > PackageDeclaration.ToolsVersion(5, 9) { format = 3 }
        else if let tools, tools >= PackageDeclaration.ToolsVersion(5, 6) { format = 2 }
        else if tools == nil { format = 3 }
        else { format = 1 }
        return try PackageResolvedFile(resolution: resolution, format: format, originHash: Self.originHash(of: pinnedManifest),
                                       provider: provider)
    }
}

import Config
import FileIO
import Foundation
import Manifest
import SpecRepo

/// `pin`'s change to a project: the Podfile with the pins and, when compctl.yml names the
/// project's Package.swift, that manifest with the matching packages pinned. Both are
/// computed before either is written.
public struct ProjectPins {
    /// The Podfile's path as read, and the file to write (a symlink's target).
    public var podfile: String
    var podfileTarget: String
    var podfileOriginal: [UInt8]?
    var podfilePinned: [UInt8]
    /// The project's Package.swift to write, when there is one.
    public var manifest: String?
    var manifestOriginal: [UInt8]?
    var manifestPinned: [UInt8]?

    /// The pins `edit` makes in the Podfile at `podfile`, and `pins` applied to the
    /// project's Package.swift (whose packages are found through `sources`). Symlinks out of
    /// the project are refused.
    public init(podfile: String, edit: ManifestEdit, pins: [ComponentPin], configuration: Configuration,
                sources: [SpecRepoSource]) throws {
        let root = ProjectFiles.root(ofPodfile: podfile)
        self.podfile = podfile
        podfileTarget = try ProjectFiles.writable(podfile, root: root)
        podfileOriginal = FileManager.default.contents(atPath: podfile).map { [UInt8]($0) }
        podfilePinned = edit.bytes
        manifest = try PackageSwiftPins.manifest(for: podfile, configuration: configuration)
            .map { path throws(IntegrationError) in try ProjectFiles.writable(path, root: root) }
        manifestOriginal = manifest.flatMap { FileManager.default.contents(atPath: $0) }.map { [UInt8]($0) }
        if let manifest, let manifestOriginal {
            manifestPinned = try PackageSwiftPins.pinned(pins, manifest: manifestOriginal, path: manifest, sources: sources)
        }
    }

    /// Whether the Podfile changes.
    public var podfileChanged: Bool { podfilePinned != podfileOriginal }
    /// Whether Package.swift changes.
    public var manifestChanged: Bool { manifestPinned != nil && manifestPinned != manifestOriginal }
    /// Whether anything changes.
    public var changed: Bool { podfileChanged || manifestChanged }

    /// Writes what changes, each file atomically; the Podfile goes back if Package.swift
    /// cannot be written.
    public func write() throws {
        if podfileChanged { try AtomicFile.write(Data(podfilePinned), to: podfileTarget) }
        guard manifestChanged, let manifest, let manifestPinned else { return }
        do {
            try AtomicFile.write(Data(manifestPinned), to: manifest)
        } catch {
            if podfileChanged, let podfileOriginal { try? AtomicFile.write(Data(podfileOriginal), to: podfileTarget) }
            throw error
        }
    }
}

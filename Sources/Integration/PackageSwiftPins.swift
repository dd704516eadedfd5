import Config
import Foundation
import Manifest
import SpecRepo
import Versioning

/// The Package.swift side of `pin` and `integrate`: a project's `package_swift` gets
/// `exact: "x.y.z"` for each pinned component whose spec's `source.git` is one of its
/// `.package(url:)` entries.
public enum PackageSwiftPins {
    /// The `package_swift` of the compctl.yml project whose Podfile is `podfilePath`, if it
    /// names one and the file exists.
    public static func manifest(for podfilePath: String, configuration: Configuration) -> String? {
        let wanted = URL(fileURLWithPath: podfilePath).standardizedFileURL.path
        let project = configuration.projects.first { project in
            project.podfile.map { URL(fileURLWithPath: configuration.resolve(path: $0)).standardizedFileURL.path == wanted } ?? false
        }
        guard let manifest = project?.packageManifest else { return nil }
        let path = configuration.resolve(path: manifest)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The package pins for `pins`: each component's `source.git` (from the first source
    /// holding that version) when the manifest bytes have a `.package(url:)` for it.
    public static func packagePins(_ pins: [ComponentPin], manifest bytes: [UInt8], path: String,
                            sources: [SpecRepoSource]) throws -> [PackagePin] {
        let manifest = try PackageManifest(parsing: bytes, path: path)
        var urls: Set<String> = []
        for dependency in manifest.dependencies {
            if case let .url(url) = dependency.location { urls.insert(PackageManifestEditor.normalized(url)) }
        }
        return pins.compactMap { pin in
            guard let version = try? Version(pin.version),
                  let source = sources.first(where: { ((try? $0.provider.versions(of: pin.root)) ?? []).contains(version) }),
                  let git = (try? source.provider.specification(name: pin.root, version: version))?.source?.git,
                  urls.contains(PackageManifestEditor.normalized(git))
            else { return nil }
            return PackagePin(package: git, version: pin.version)
        }
    }

    /// The manifest's bytes with `pins` applied (the same bytes when nothing matches).
    public static func pinned(_ pins: [ComponentPin], manifest bytes: [UInt8], path: String,
                       sources: [SpecRepoSource]) throws -> [UInt8] {
        let packagePins = try packagePins(pins, manifest: bytes, path: path, sources: sources)
        if packagePins.isEmpty { return bytes }
        return try PackageManifestEditor.pin(packagePins, in: bytes, path: path).bytes
    }
}

import Checksum
import FileIO
import Foundation

/// Where one archive goes in a store: `Name/version/file`.
public struct ArtifactKey: Equatable, Sendable {
    public var name: String
    public var version: String
    /// The archive's file name (`XXLogger.zip`).
    public var fileName: String

    /// The key of `fileName` for `name` at `version`.
    public init(name: String, version: String, fileName: String) {
        self.name = name
        self.version = version
        self.fileName = fileName
    }

    /// `Name/version/file`, each part percent-encoded for a URL path.
    var urlPath: String {
        [name, version, fileName].map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? $0 }
            .joined(separator: "/")
    }
}

/// How a store call ended.
public struct StoredArtifact: Equatable, Sendable {
    /// Where the archive can be downloaded: the binary spec's `source.http`.
    public var url: String
    /// Its SHA-256, read back from the store.
    public var sha256: String
    /// Whether the store already held exactly this archive (a retried run).
    public var alreadyStored: Bool
    /// How many uploads it took (0 when it was already stored).
    public var uploads: Int
}

/// A place binary archives are kept: a folder (or `file://` URL) or an HTTP(S) server that
/// takes an authenticated PUT. Storing is atomic and verified, and never replaces an archive
/// with another: the spec that points at an archive is published only after `store` returns.
public protocol ArtifactStoring: Sendable {
    /// Where the store is, for messages.
    var location: String { get }
    /// The URL the archive `key` has in the store.
    func url(of key: ArtifactKey) -> String
    /// Stores the file at `path` as `key`, after checking that the store holds no other archive
    /// there, and reads it back to check that it holds `sha256`. Throws
    /// `differentArtifactExists` rather than overwrite, and `verificationFailed` when what it
    /// reads back differs.
    func store(_ path: String, as key: ArtifactKey, sha256: String) throws -> StoredArtifact
}

/// Where compctl.yml's `artifact_store` points.
public enum ArtifactStoreLocation: Equatable, Sendable {
    /// A folder on this machine (or a mounted share).
    case folder(String)
    /// The base URL of an HTTP(S) store (Artifactory, Nexus, a WebDAV folder).
    case http(String)

    /// Reads `text`: `http://` or `https://`, `file://`, or a path (relative to `directory`).
    public init(parsing text: String, relativeTo directory: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: trimmed), url.host != nil else { throw BinaryError.badStoreLocation(text) }
            self = .http(trimmed.hasSuffix("/") ? String(trimmed.dropLast()) : trimmed)
        } else if lower.hasPrefix("file://") {
            guard let url = URL(string: trimmed), url.isFileURL, !url.path.isEmpty else { throw BinaryError.badStoreLocation(text) }
            self = .folder(url.standardizedFileURL.path)
        } else if trimmed.contains("://") || trimmed.isEmpty {
            throw BinaryError.badStoreLocation(text)
        } else {
            let absolute = trimmed.hasPrefix("/") ? trimmed : (directory as NSString).appendingPathComponent(trimmed)
            self = .folder((absolute as NSString).standardizingPath)
        }
    }
}

/// A folder of archives, `<folder>/Name/version/file`, each linked into place whole (so a
/// killed upload leaves at most a hidden temporary file, never half an archive under its name)
/// and never over an existing one. Its URLs are `file://` URLs, which CocoaPods downloads.
public struct FolderArtifactStore: ArtifactStoring {
    /// The folder.
    public var folder: String

    /// The store in `folder`, created on first use.
    public init(folder: String) {
        self.folder = folder
    }

    public var location: String { folder }

    public func url(of key: ArtifactKey) -> String {
        URL(fileURLWithPath: path(of: key)).absoluteString
    }

    func path(of key: ArtifactKey) -> String {
        [folder, key.name, key.version, key.fileName].joined(separator: "/")
    }

    public func store(_ source: String, as key: ArtifactKey, sha256: String) throws -> StoredArtifact {
        let target = path(of: key)
        let url = url(of: key)
        if let stored = SHA256.hex(ofFile: target) {
            guard stored == sha256 else { throw BinaryError.differentArtifactExists(url: url, stored: stored, built: sha256) }
            return StoredArtifact(url: url, sha256: stored, alreadyStored: true, uploads: 0)
        }
        guard let data = FileManager.default.contents(atPath: source) else {
            throw BinaryError.badArchive(path: source, reason: "it cannot be read")
        }
        let created: Bool
        do {
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            created = try AtomicFile.create(data, at: target)
        } catch {
            throw BinaryError.storeFailed(url: url, reason: "\(error)")
        }
        guard let stored = SHA256.hex(ofFile: target) else {
            throw BinaryError.storeFailed(url: url, reason: "it cannot be read back")
        }
        if !created, stored != sha256 {
            // Another upload took the name between the check and the link.
            throw BinaryError.differentArtifactExists(url: url, stored: stored, built: sha256)
        }
        guard stored == sha256 else { throw BinaryError.verificationFailed(url: url, expected: sha256, found: stored) }
        return StoredArtifact(url: url, sha256: stored, alreadyStored: !created, uploads: created ? 1 : 0)
    }
}

import Checksum
import Foundation
import HTTP

/// The credentials of an HTTP artifact store, from the environment as the git credentials
/// are: `COMPCTL_ARTIFACT_TOKEN` is sent as a bearer token (Artifactory's access tokens, a
/// WebDAV server's), or with `COMPCTL_ARTIFACT_USER` as the password of Basic authentication
/// (Nexus). Never printed.
public struct ArtifactCredentials: Sendable, Equatable, CustomStringConvertible {
    public var token: String?
    public var user: String?

    /// Credentials as given.
    public init(token: String? = nil, user: String? = nil) {
        self.token = token
        self.user = user
    }

    /// `COMPCTL_ARTIFACT_TOKEN` and `COMPCTL_ARTIFACT_USER`; empty values count as unset.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ArtifactCredentials {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        return ArtifactCredentials(token: value("COMPCTL_ARTIFACT_TOKEN"), user: value("COMPCTL_ARTIFACT_USER"))
    }

    /// The `Authorization` field, when there is a token.
    var headers: [String: String] {
        guard let token else { return [:] }
        if let user { return ["Authorization": "Basic " + Data("\(user):\(token)".utf8).base64EncodedString()] }
        return ["Authorization": "Bearer \(token)"]
    }

    public var description: String {
        "artifact token \(token == nil ? "unset" : "set (hidden)")" + (user.map { ", user \($0)" } ?? "")
    }
}

/// An artifact store on an HTTP(S) server that takes an authenticated PUT: Artifactory, Nexus,
/// a WebDAV folder. Storing asks first what the URL holds (the same archive: done; another:
/// refused, never overwritten), uploads with `If-None-Match: *` (so a server that honours it
/// refuses a racing upload) and the SHA-256 in `X-Checksum-Sha256` (which Artifactory checks),
/// retries transient failures (5xx, timeouts, a dropped connection), and reads the archive
/// back to compare its SHA-256 before anything may point at it.
public struct HTTPArtifactStore: ArtifactStoring {
    /// The base URL, without a trailing `/`.
    public var base: String
    public var credentials: ArtifactCredentials
    private let fetcher: ArchiveFetcher

    /// The store at `base`; its client is made on first use.
    public init(base: String, credentials: ArtifactCredentials = .fromEnvironment()) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.credentials = credentials
        fetcher = ArchiveFetcher(storeBase: self.base, credentials: credentials)
    }

    public var location: String { base }

    public func url(of key: ArtifactKey) -> String {
        base + "/" + key.urlPath
    }

    public func store(_ path: String, as key: ArtifactKey, sha256: String) throws -> StoredArtifact {
        let url = url(of: key)
        if let stored = try fetcher.download(url) {
            let found = SHA256.hex(stored)
            guard found == sha256 else { throw BinaryError.differentArtifactExists(url: url, stored: found, built: sha256) }
            return StoredArtifact(url: url, sha256: found, alreadyStored: true, uploads: 0)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BinaryError.badArchive(path: path, reason: "it cannot be read")
        }
        let headers = credentials.headers.merging([
            "Content-Type": "application/zip", "If-None-Match": "*", "X-Checksum-Sha256": sha256,
        ]) { current, _ in current }
        let response = try fetcher.send(HTTPClient.Request(method: "PUT", url: url, headers: headers, body: data))
        var raced = false
        switch response.status {
        case 200, 201, 204: break
        case 412: raced = true
        case 401, 403: throw BinaryError.storeRefused(url: url, status: response.status)
        default: throw BinaryError.storeFailed(url: url, reason: "the server answered the upload with HTTP \(response.status)")
        }
        guard let stored = try fetcher.download(url) else {
            throw BinaryError.verificationFailed(url: url, expected: sha256, found: "nothing (404 after the upload)")
        }
        let found = SHA256.hex(stored)
        guard found == sha256 else {
            if raced { throw BinaryError.differentArtifactExists(url: url, stored: found, built: sha256) }
            throw BinaryError.verificationFailed(url: url, expected: sha256, found: found)
        }
        return StoredArtifact(url: url, sha256: found, alreadyStored: raced, uploads: raced ? 0 : response.attempts)
    }
}

/// Downloads archives by URL: `file://` from disk, `http(s)://` with the HTTP client (with
/// the store's credentials for URLs below the store's base only).
public final class ArchiveFetcher: @unchecked Sendable {
    let storeBase: String?
    let credentials: ArtifactCredentials
    private let lock = NSLock()
    private var client: HTTPClient?

    /// A fetcher that authenticates to the store at `storeBase`.
    public init(storeBase: String? = nil, credentials: ArtifactCredentials = .fromEnvironment()) {
        self.storeBase = storeBase
        self.credentials = credentials
    }

    /// The bytes at `url`; nil when there is nothing there (404, or no such file).
    public func download(_ url: String) throws -> Data? {
        if url.lowercased().hasPrefix("file://") {
            guard let path = URL(string: url)?.path else { throw BinaryError.storeFailed(url: url, reason: "it is not a file URL") }
            return FileManager.default.contents(atPath: path)
        }
        guard url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") else {
            throw BinaryError.storeFailed(url: url, reason: "compctl downloads only file://, http:// and https:// URLs")
        }
        let response = try send(HTTPClient.Request(url: url, headers: authorization(for: url)))
        switch response.status {
        case 200: return response.body
        case 404, 410: return nil
        case 401, 403: throw BinaryError.storeRefused(url: url, status: response.status)
        default: throw BinaryError.storeFailed(url: url, reason: "the server answered HTTP \(response.status)")
        }
    }

    /// Sends `request` (retried as the client retries), or throws `storeFailed`.
    func send(_ request: HTTPClient.Request) throws -> HTTPClient.Response {
        let client: HTTPClient
        do {
            client = try lock.withLock {
                if let existing = self.client { return existing }
                let made = try HTTPClient(options: HTTPClientOptions(maxConnections: 4, maxConnectionsPerHost: 4,
                                                                     maxBodySize: 4 << 30, userAgent: "compctl"))
                self.client = made
                return made
            }
        } catch {
            throw BinaryError.storeFailed(url: request.url, reason: "\(error)")
        }
        switch client.fetch(request) {
        case let .success(response): return response
        case let .failure(error): throw BinaryError.storeFailed(url: request.url, reason: error.description)
        }
    }

    private func authorization(for url: String) -> [String: String] {
        guard let storeBase, url.hasPrefix(storeBase + "/") else { return [:] }
        return credentials.headers
    }
}

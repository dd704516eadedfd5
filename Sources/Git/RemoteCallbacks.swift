import CLibGit2
import Foundation

/// How far a clone or fetch has got, as libgit2 reports it while it downloads and
/// indexes the pack.
public struct TransferProgress: Sendable, Equatable {
    /// Objects the server is sending in all.
    public var totalObjects: Int
    /// Objects downloaded so far.
    public var receivedObjects: Int
    /// Objects hashed and indexed so far.
    public var indexedObjects: Int
    /// Objects taken from the local object database instead of the pack.
    public var localObjects: Int
    /// Deltas in the pack.
    public var totalDeltas: Int
    /// Deltas resolved so far.
    public var indexedDeltas: Int
    /// Bytes downloaded so far.
    public var receivedBytes: Int

    /// A progress value with every field given; the CLI's tests build these.
    public init(
        totalObjects: Int, receivedObjects: Int, indexedObjects: Int, localObjects: Int = 0,
        totalDeltas: Int = 0, indexedDeltas: Int = 0, receivedBytes: Int
    ) {
        self.totalObjects = totalObjects
        self.receivedObjects = receivedObjects
        self.indexedObjects = indexedObjects
        self.localObjects = localObjects
        self.totalDeltas = totalDeltas
        self.indexedDeltas = indexedDeltas
        self.receivedBytes = receivedBytes
    }

    init(_ stats: git_indexer_progress) {
        self.init(
            totalObjects: Int(stats.total_objects), receivedObjects: Int(stats.received_objects),
            indexedObjects: Int(stats.indexed_objects), localObjects: Int(stats.local_objects),
            totalDeltas: Int(stats.total_deltas), indexedDeltas: Int(stats.indexed_deltas),
            receivedBytes: Int(stats.received_bytes))
    }
}

/// The state one network operation (clone, fetch, push) shares with libgit2's C
/// callbacks, which reach it through their `payload` pointer. libgit2 calls them
/// synchronously on the thread that made the call, so this class needs no locking, and
/// the operation keeps it alive with `withExtendedLifetime` for the duration of the call.
final class RemoteCallbacks {
    let url: String
    let location: RemoteLocation
    let credentials: Credentials
    let progress: ((TransferProgress) -> Void)?

    /// The refusal a callback decided on; it explains the failure better than libgit2's message.
    var failure: GitError?
    /// The credential offered last, to name it if the server refuses it.
    var lastOffered: CredentialKind?
    /// References the remote refused during a push, with its reasons (second rejection channel).
    var rejectedReferences: [(reference: String, reason: String)] = []
    /// Whether data moved: errors before that mean the remote was never reached.
    var transferStarted = false

    private var offeredToken = false
    private var offeredKeyFile = false
    private var offeredAgent = false

    init(url: String, credentials: Credentials, progress: ((TransferProgress) -> Void)? = nil) {
        Git.ensureInitialized()
        self.url = url
        self.location = RemoteLocation(url: url)
        self.credentials = credentials
        self.progress = progress
    }

    /// Points `callbacks` at the C functions below, with this object as their payload.
    func install(into callbacks: inout git_remote_callbacks) {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = credentialCallback
        callbacks.certificate_check = certificateCallback
        callbacks.transfer_progress = transferProgressCallback
        callbacks.push_update_reference = pushUpdateReferenceCallback
        callbacks.push_negotiation = pushNegotiationCallback
    }

    static func from(_ payload: UnsafeMutableRawPointer?) -> RemoteCallbacks? {
        payload.map { Unmanaged<RemoteCallbacks>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The error for a network call that returned `code`: a callback's own refusal if
    /// there is one, else libgit2's error, recognised as unreachable or refused where it is.
    /// Call right after the failing call, on the same thread.
    func error(for code: Int32, function: String) -> GitError {
        if let failure { return failure }
        let error = GitError.last(code, function)
        guard case let .libgit2(_, code, errorClass, message) = error else { return error }
        if code == GIT_EAUTH.rawValue {
            let kind: CredentialKind
            if case .ssh = location { kind = lastOffered ?? .missingSSHKey } else { kind = lastOffered ?? .missingToken }
            return .authenticationRefused(url: url, credential: kind)
        }
        if !transferStarted, case let .local(path) = location, !FileManager.default.fileExists(atPath: path) {
            // libgit2 takes a path that does not exist for an unknown URL scheme.
            return .unreachable(url: url, reason: "\(path) does not exist")
        }
        let networkClasses = [GIT_ERROR_NET, GIT_ERROR_OS, GIT_ERROR_SSH, GIT_ERROR_HTTP, GIT_ERROR_SSL].map { Int32($0.rawValue) }
        let missingRepository = errorClass == Int32(GIT_ERROR_REPOSITORY.rawValue)
        if !transferStarted, code != GIT_ECERTIFICATE.rawValue, networkClasses.contains(errorClass) || missingRepository {
            return .unreachable(url: url, reason: message)
        }
        return error
    }

    // MARK: decisions the C callbacks delegate to

    func credential(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>?, userFromURL: String?, allowed: UInt32
    ) -> Int32 {
        let user: String
        if case .ssh = location { user = userFromURL ?? "git" } else { user = userFromURL ?? "x-access-token" }
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
            return git_credential_username_new(out, user)
        }
        // libgit2 asks again after every refusal; each credential is offered once, then
        // the refusal becomes the error instead of an endless loop.
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
            if let keyPath = credentials.sshKeyPath {
                guard !offeredKeyFile else { return refuse(.sshKey(path: keyPath)) }
                offeredKeyFile = true
                lastOffered = .sshKey(path: keyPath)
                let publicKey = keyPath + ".pub"
                return git_credential_ssh_key_new(
                    out, user, FileManager.default.fileExists(atPath: publicKey) ? publicKey : nil, keyPath, nil)
            }
            if credentials.useSSHAgent {
                guard !offeredAgent else { return refuse(.sshAgent) }
                offeredAgent = true
                lastOffered = .sshAgent
                return git_credential_ssh_key_from_agent(out, user)
            }
            return refuse(.missingSSHKey)
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 {
            guard let token = credentials.token else { return refuse(lastOffered ?? .missingToken) }
            guard !offeredToken else { return refuse(.token) }
            offeredToken = true
            lastOffered = .token
            return git_credential_userpass_plaintext_new(out, user, token)
        }
        return refuse(.unsupported)
    }

    private func refuse(_ kind: CredentialKind) -> Int32 {
        failure = .authenticationRefused(url: url, credential: kind)
        git_error_set_str(Int32(GIT_ERROR_CALLBACK.rawValue), "authentication refused")
        return GIT_EAUTH.rawValue
    }

    /// Accepts an ssh host key only if the known-hosts file lists it for this host.
    /// TLS certificates keep libgit2's own verdict (the system's CA store).
    func checkCertificate(_ certificate: UnsafePointer<git_cert>, host: String) -> Int32 {
        guard let hostKey = compctl_git_cert_as_hostkey(certificate) else { return GIT_PASSTHROUGH.rawValue }
        let port: Int
        if case let .ssh(_, urlPort) = location { port = urlPort } else { port = 22 }
        let fields = hostKey.pointee
        guard fields.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let rawKey = fields.hostkey, fields.hostkey_len > 0
        else { return reject(.hostKeyUnavailable(host: host)) }
        let key = Array(UnsafeRawBufferPointer(start: rawKey, count: fields.hostkey_len))
        let keyType = KnownHosts.keyType(ofRawKey: key) ?? "unknown"
        let fingerprint = Self.fingerprint(fields)
        let knownHosts = KnownHosts.load(path: credentials.knownHostsPath)
        switch knownHosts.verify(host: host, port: port, key: key) {
        case .trusted:
            return 0
        case .unknown:
            return reject(.unknownHost(host: host, port: port, keyType: keyType, fingerprint: fingerprint,
                                       knownHosts: knownHosts.path))
        case let .mismatch(line):
            return reject(.hostKeyMismatch(host: host, port: port, keyType: keyType, fingerprint: fingerprint,
                                           knownHosts: knownHosts.path, line: line))
        case let .revoked(line):
            return reject(.hostKeyRevoked(host: host, port: port, keyType: keyType, fingerprint: fingerprint,
                                          knownHosts: knownHosts.path, line: line))
        }
    }

    private func reject(_ error: GitError) -> Int32 {
        failure = error
        git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), "host key rejected")
        return GIT_ECERTIFICATE.rawValue
    }

    /// `SHA256:<base64 without padding>`, as `ssh-keygen -lf` prints it.
    static func fingerprint(_ hostKey: git_cert_hostkey) -> String {
        if hostKey.type.rawValue & GIT_CERT_SSH_SHA256.rawValue != 0 {
            let digest = withUnsafeBytes(of: hostKey.hash_sha256) { Data($0) }
            return "SHA256:" + digest.base64EncodedString().replacingOccurrences(of: "=", with: "")
        }
        let digest = withUnsafeBytes(of: hostKey.hash_sha1) { Array($0) }
        return "SHA1:" + digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

// Only non-capturing closures convert to C function pointers: each one finds its
// RemoteCallbacks through the payload and delegates to it.

private let credentialCallback: git_credential_acquire_cb = { out, _, userFromURL, allowed, payload in
    guard let callbacks = RemoteCallbacks.from(payload) else { return GIT_PASSTHROUGH.rawValue }
    return callbacks.credential(out, userFromURL: userFromURL.map { String(cString: $0) }, allowed: allowed)
}

private let certificateCallback: git_transport_certificate_check_cb = { certificate, _, host, payload in
    guard let callbacks = RemoteCallbacks.from(payload), let certificate else { return GIT_PASSTHROUGH.rawValue }
    return callbacks.checkCertificate(certificate, host: host.map { String(cString: $0) } ?? "")
}

private let transferProgressCallback: git_indexer_progress_cb = { stats, payload in
    guard let callbacks = RemoteCallbacks.from(payload), let stats else { return 0 }
    callbacks.transferStarted = true
    callbacks.progress?(TransferProgress(stats.pointee))
    return 0
}

private let pushUpdateReferenceCallback: git_push_update_reference_cb = { reference, status, payload in
    // status NULL means the remote accepted the update; otherwise it is the remote's reason.
    guard let callbacks = RemoteCallbacks.from(payload), let reference, let status else { return 0 }
    callbacks.rejectedReferences.append((String(cString: reference), String(cString: status)))
    return 0
}

private let pushNegotiationCallback: git_push_negotiation = { _, _, payload in
    RemoteCallbacks.from(payload)?.transferStarted = true
    return 0
}

import CLibGit2
import Foundation
import Testing
@testable import Git

/// Keys made with `ssh-keygen -t ed25519` / `-t ecdsa` for these tests only.
private enum Keys {
    static let first = "AAAAC3NzaC1lZDI1NTE5AAAAIGvhmUyst73ONp5qGY3PYp3Xgf2PrTSB16Hj52ntCGqc"
    static let firstFingerprint = "SHA256:GCddcnCznKeF5+JwPgAhl13dQ/Ux8fC0YhSgi1cZ6Uk"
    static let second = "AAAAC3NzaC1lZDI1NTE5AAAAIHLAiCLoqesWCm6jKG8oXKs/VQE2rffNGYlznqfg2n+9"
    static let ecdsa = "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEG7WYm+xV1lmLYfp+UbO0ZkWS8+16dsZIWFr2/"
        + "UsbettppFh/z8vebAg/S1yM+oVe6AVpOMi2GjrdlvB9DF0n4="

    static func raw(_ base64: String) -> [UInt8] {
        Array(Data(base64Encoded: base64) ?? Data())
    }
}

@Suite struct KnownHostsTests {
    private let file = KnownHosts(contents: """
        # comment, then a blank line

        git.example.com,10.0.0.7 ssh-ed25519 \(Keys.first) ci@example
        [git.example.com]:2222 ssh-ed25519 \(Keys.second)
        *.corp.example,!secret.corp.example ssh-ed25519 \(Keys.first)
        |1|JZNzz4V3xZTz8bt36URbZWkvUsU=|sMsPJXsv1XIQ1MQ8sEwBxecWAbU= ssh-ed25519 \(Keys.second)
        @revoked * ssh-ed25519 \(Keys.second)
        @cert-authority *.example ssh-ed25519 \(Keys.first)
        broken-line-without-a-key
        bad.example ssh-ed25519 not*base64
        ecdsa.example ecdsa-sha2-nistp256 \(Keys.ecdsa)
        """, path: "/fixtures/known_hosts")

    @Test func trustsListedHostsByNameAddressAndPattern() {
        #expect(file.verify(host: "git.example.com", port: 22, key: Keys.raw(Keys.first)) == .trusted(line: 3))
        #expect(file.verify(host: "GIT.Example.com", port: 22, key: Keys.raw(Keys.first)) == .trusted(line: 3))
        #expect(file.verify(host: "10.0.0.7", port: 22, key: Keys.raw(Keys.first)) == .trusted(line: 3))
        #expect(file.verify(host: "build.corp.example", port: 22, key: Keys.raw(Keys.first)) == .trusted(line: 5))
    }

    @Test func negatedPatternsAndOtherPortsDoNotMatch() {
        #expect(file.verify(host: "secret.corp.example", port: 22, key: Keys.raw(Keys.first)) == .unknown)
        #expect(file.verify(host: "git.example.com", port: 2200, key: Keys.raw(Keys.first)) == .unknown)
        #expect(file.verify(host: "unknown.example.org", port: 22, key: Keys.raw(Keys.first)) == .unknown)
    }

    @Test func aDifferentKeyOfTheSameTypeIsAMismatch() {
        #expect(file.verify(host: "git.example.com", port: 2222, key: Keys.raw(Keys.first)) == .mismatch(line: 4))
        // A key of another type is simply not known (as OpenSSH: the host may have several).
        #expect(file.verify(host: "ecdsa.example", port: 22, key: Keys.raw(Keys.first)) == .unknown)
    }

    @Test func revokedKeysAreRefusedEvenWhenListed() {
        #expect(file.verify(host: "git.example.com", port: 2222, key: Keys.raw(Keys.second)) == .revoked(line: 7))
    }

    @Test func hashedHostNamesMatchAsOpenSSHWroteThem() {
        // Line 6 is `ssh-keygen -H` of "[git.example.com]:2222"; the revoked line wins, so
        // check the hash on its own.
        let hashed = KnownHosts(contents: """
            |1|A5iimeRnaxlzWA6l/lvZLF56huU=|hnpG5AzaQnaFlqlDFK9FZXKl9gg= ssh-ed25519 \(Keys.first)
            |1|JZNzz4V3xZTz8bt36URbZWkvUsU=|sMsPJXsv1XIQ1MQ8sEwBxecWAbU= ssh-ed25519 \(Keys.second)
            """, path: "/k")
        #expect(hashed.verify(host: "git.example.com", port: 22, key: Keys.raw(Keys.first)) == .trusted(line: 1))
        #expect(hashed.verify(host: "git.example.com", port: 2222, key: Keys.raw(Keys.second)) == .trusted(line: 2))
        #expect(hashed.verify(host: "other.example.com", port: 22, key: Keys.raw(Keys.first)) == .unknown)
    }

    @Test func unreadableLinesAreIgnoredAndReported() {
        #expect(file.ignoredLines == [9, 10])
        #expect(KnownHosts.load(path: "/nonexistent/known_hosts").verify(host: "a", port: 22, key: Keys.raw(Keys.first)) == .unknown)
    }

    @Test func keyTypeIsReadFromTheKeyBlob() {
        #expect(KnownHosts.keyType(ofRawKey: Keys.raw(Keys.first)) == "ssh-ed25519")
        #expect(KnownHosts.keyType(ofRawKey: Keys.raw(Keys.ecdsa)) == "ecdsa-sha2-nistp256")
        #expect(KnownHosts.keyType(ofRawKey: [0, 0, 0, 9, 1]) == nil)
    }
}

/// The certificate callback as libgit2's ssh transport calls it, with a `git_cert_hostkey`
/// built as libgit2 1.5 fills it (raw key plus hashes), since no ssh server runs here.
@Suite struct HostKeyCallbackTests {
    private func check(key base64: String, host: String, url: String, knownHosts: String) throws -> (Int32, RemoteCallbacks) {
        let scratch = try TemporaryDirectory()
        let path = try scratch.write(knownHosts, to: "known_hosts").path
        let callbacks = RemoteCallbacks(url: url, credentials: Credentials(knownHostsPath: path))
        var table = git_remote_callbacks()
        callbacks.install(into: &table)
        let key = Keys.raw(base64).map { CChar(bitPattern: $0) }
        var hostKey = git_cert_hostkey()
        hostKey.parent.cert_type = GIT_CERT_HOSTKEY_LIBSSH2
        hostKey.type = git_cert_ssh_t(rawValue: GIT_CERT_SSH_RAW.rawValue | GIT_CERT_SSH_SHA256.rawValue)
        hostKey.raw_type = GIT_CERT_SSH_RAW_TYPE_KEY_ED25519
        let digest = Data(base64Encoded: String(Keys.firstFingerprint.dropFirst("SHA256:".count)) + "=") ?? Data()
        withUnsafeMutableBytes(of: &hostKey.hash_sha256) { $0.copyBytes(from: digest) }
        let checkCertificate = try #require(table.certificate_check)
        let code = key.withUnsafeBufferPointer { buffer in
            hostKey.hostkey = buffer.baseAddress
            hostKey.hostkey_len = buffer.count
            return withUnsafeMutablePointer(to: &hostKey) { pointer in
                pointer.withMemoryRebound(to: git_cert.self, capacity: 1) { certificate in
                    checkCertificate(certificate, 0, host, table.payload)
                }
            }
        }
        // The path is gone with the scratch directory; errors keep only the text.
        return (code, callbacks)
    }

    @Test func aListedKeyIsAccepted() throws {
        let (code, callbacks) = try check(key: Keys.first, host: "git.example.com", url: "git@git.example.com:team/specs.git",
                                          knownHosts: "git.example.com ssh-ed25519 \(Keys.first)\n")
        #expect(code == 0)
        #expect(callbacks.failure == nil)
    }

    @Test func anUnknownHostIsAClearError() throws {
        let (code, callbacks) = try check(key: Keys.first, host: "git.example.com",
                                          url: "ssh://git@git.example.com:2222/team/specs.git", knownHosts: "")
        #expect(code == GIT_ECERTIFICATE.rawValue)
        let failure = try #require(callbacks.failure)
        guard case let .unknownHost(host, port, keyType, fingerprint, path) = failure else {
            Issue.record("expected an unknown host, got \(failure)")
            return
        }
        #expect(host == "git.example.com" && port == 2222 && keyType == "ssh-ed25519")
        #expect(fingerprint == Keys.firstFingerprint)
        #expect(failure.description == "ssh host [git.example.com]:2222 is not in \(path) (its ssh-ed25519 key is"
            + " \(Keys.firstFingerprint)); check that fingerprint with the server's administrators, then add the host"
            + " (`ssh-keyscan -p 2222 git.example.com >> \(path)`) or set COMPCTL_KNOWN_HOSTS to a file that lists it")
        // The callback's verdict, not libgit2's generic message, is what the operation throws.
        #expect(callbacks.error(for: GIT_ECERTIFICATE.rawValue, function: "git_remote_fetch") == failure)
    }

    @Test func aChangedKeyIsAMismatchNamingTheLine() throws {
        let (code, callbacks) = try check(key: Keys.first, host: "git.example.com", url: "git@git.example.com:specs.git",
                                          knownHosts: "# pinned\ngit.example.com ssh-ed25519 \(Keys.second)\n")
        #expect(code == GIT_ECERTIFICATE.rawValue)
        let failure = try #require(callbacks.failure)
        guard case let .hostKeyMismatch(_, _, _, _, path, line) = failure else {
            Issue.record("expected a mismatch, got \(failure)")
            return
        }
        #expect(line == 2)
        #expect(failure.description == "the ssh-ed25519 host key of git.example.com (\(Keys.firstFingerprint)) does not"
            + " match \(path) line 2; the server's key changed or the connection is intercepted: confirm the new key"
            + " with the server's administrators before updating that line")
    }

    @Test func tlsCertificatesKeepLibgit2sVerdict() throws {
        let callbacks = RemoteCallbacks(url: "https://example.com/specs.git", credentials: TestGit.noCredentials)
        var table = git_remote_callbacks()
        callbacks.install(into: &table)
        var certificate = git_cert(cert_type: GIT_CERT_X509)
        let checkCertificate = try #require(table.certificate_check)
        #expect(checkCertificate(&certificate, 1, "example.com", table.payload) == GIT_PASSTHROUGH.rawValue)
    }
}

import Checksum
import Foundation

/// An OpenSSH known_hosts file, read to decide whether an ssh server's host key is the
/// one the user trusts. compctl checks it itself, in the certificate callback, so that
/// `COMPCTL_KNOWN_HOSTS` can name another file and every refusal is a precise error.
///
/// Supported: plain and hashed (`|1|salt|hash`) host names, comma-separated patterns
/// with `*`, `?` and `!negation`, `[host]:port` for ports other than 22, and `@revoked`.
/// `@cert-authority` lines are skipped: compctl does not accept host certificates.
public struct KnownHosts: Sendable, Equatable {
    /// What the file says about a host and the key it presented.
    public enum Verdict: Sendable, Equatable {
        /// A line lists the host with exactly this key.
        case trusted(line: Int)
        /// No line names the host (or none with this key type).
        case unknown
        /// A line lists the host with another key of the same type.
        case mismatch(line: Int)
        /// A `@revoked` line lists this key.
        case revoked(line: Int)
    }

    /// One usable line of the file.
    struct Entry: Sendable, Equatable {
        enum Hosts: Sendable, Equatable {
            case patterns([String])
            case hashed(salt: [UInt8], hash: [UInt8])
        }

        var line: Int
        var isRevoked: Bool
        var hosts: Hosts
        var keyType: String
        var key: [UInt8]
    }

    /// The file the entries came from, for error messages.
    public let path: String
    let entries: [Entry]
    /// Line numbers that could not be understood and were ignored.
    public let ignoredLines: [Int]

    /// Parses the text of a known_hosts file.
    public init(contents: String, path: String) {
        self.path = path
        var entries: [Entry] = []
        var ignored: [Int] = []
        var number = 0
        for rawLine in contents.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            var fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            var isRevoked = false
            if let marker = fields.first, marker.hasPrefix("@") {
                // @cert-authority lines describe CAs, not host keys; compctl does not trust those.
                guard marker == "@revoked" else {
                    if marker != "@cert-authority" { ignored.append(number) }
                    continue
                }
                isRevoked = true
                fields.removeFirst()
            }
            guard fields.count >= 3, let key = Data(base64Encoded: String(fields[2])), let hosts = Self.hosts(fields[0])
            else {
                ignored.append(number)
                continue
            }
            entries.append(Entry(line: number, isRevoked: isRevoked, hosts: hosts, keyType: String(fields[1]), key: Array(key)))
        }
        self.entries = entries
        self.ignoredLines = ignored
    }

    /// Reads the file at `path`; a file that does not exist trusts nobody.
    public static func load(path: String) -> KnownHosts {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return KnownHosts(contents: text, path: path)
    }

    /// What the file says about `key` (the raw ssh public key blob) presented by `host` on `port`.
    public func verify(host: String, port: Int, key: [UInt8]) -> Verdict {
        let name = Self.lookupName(host: host, port: port)
        let presentedType = Self.keyType(ofRawKey: key)
        let matching = entries.filter { $0.matches(name) }
        if let revoked = matching.first(where: { $0.isRevoked && $0.key == key }) {
            return .revoked(line: revoked.line)
        }
        let listed = matching.filter { !$0.isRevoked }
        if let trusted = listed.first(where: { $0.key == key }) {
            return .trusted(line: trusted.line)
        }
        if let other = listed.first(where: { $0.keyType == presentedType }) {
            return .mismatch(line: other.line)
        }
        return .unknown
    }

    /// The name OpenSSH looks up: `host`, or `[host]:port` when the port is not 22.
    static func lookupName(host: String, port: Int) -> String {
        let lower = host.lowercased()
        return port == 22 ? lower : "[\(lower)]:\(port)"
    }

    /// The key type written at the start of an ssh public key blob (`ssh-ed25519`, …).
    public static func keyType(ofRawKey key: [UInt8]) -> String? {
        guard key.count >= 4 else { return nil }
        let length = Int(key[0]) << 24 | Int(key[1]) << 16 | Int(key[2]) << 8 | Int(key[3])
        guard length > 0, length <= key.count - 4 else { return nil }
        return String(decoding: key[4..<(4 + length)], as: UTF8.self)
    }

    private static func hosts(_ field: Substring) -> Entry.Hosts? {
        if field.hasPrefix("|1|") {
            let parts = field.dropFirst(3).split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 2, let salt = Data(base64Encoded: String(parts[0])),
                  let hash = Data(base64Encoded: String(parts[1]))
            else { return nil }
            return .hashed(salt: Array(salt), hash: Array(hash))
        }
        let patterns = field.split(separator: ",").map { $0.lowercased() }
        return patterns.isEmpty ? nil : .patterns(patterns)
    }
}

extension KnownHosts.Entry {
    func matches(_ name: String) -> Bool {
        switch hosts {
        case let .hashed(salt, hash):
            return SHA1.hmac(key: salt, message: Array(name.utf8)) == hash
        case let .patterns(patterns):
            // As OpenSSH's match_hostname: a matching negated pattern vetoes the line.
            var matched = false
            for pattern in patterns {
                if pattern.hasPrefix("!") {
                    if globMatches(Array(pattern.utf8.dropFirst()), Array(name.utf8)) { return false }
                } else if globMatches(Array(pattern.utf8), Array(name.utf8)) {
                    matched = true
                }
            }
            return matched
        }
    }
}

/// `*` matches any run of bytes, `?` one byte; everything else matches itself.
func globMatches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    var p = 0
    var t = 0
    var starP = -1
    var starT = 0
    while t < text.count {
        if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
            p += 1
            t += 1
        } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
            starP = p
            starT = t
            p += 1
        } else if starP >= 0 {
            p = starP + 1
            starT += 1
            t = starT
        } else {
            return false
        }
    }
    while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.count
}

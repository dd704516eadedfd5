import Foundation

/// What compctl may offer a remote that asks who it is, and which host keys it trusts.
/// Read from the environment by `fromEnvironment`; its description never shows the token.
public struct Credentials: Sendable, Equatable, CustomStringConvertible {
    /// The https token (`COMPCTL_GIT_TOKEN`), sent as the password of the URL's user or
    /// of `x-access-token`.
    public var token: String?
    /// A private key file for ssh (`COMPCTL_SSH_KEY`); `<path>.pub` is used beside it when
    /// it exists. When set, compctl offers this key and not the agent's.
    public var sshKeyPath: String?
    /// Whether to ask ssh-agent (`SSH_AUTH_SOCK`) for keys.
    public var useSSHAgent: Bool
    /// The known_hosts file ssh host keys are checked against (`COMPCTL_KNOWN_HOSTS`, or
    /// `~/.ssh/known_hosts`).
    public var knownHostsPath: String

    /// Credentials as given; nothing is read from the environment.
    public init(token: String? = nil, sshKeyPath: String? = nil, useSSHAgent: Bool = false, knownHostsPath: String) {
        self.token = token
        self.sshKeyPath = sshKeyPath
        self.useSSHAgent = useSSHAgent
        self.knownHostsPath = knownHostsPath
    }

    /// `COMPCTL_GIT_TOKEN`, `COMPCTL_SSH_KEY`, `SSH_AUTH_SOCK` and `COMPCTL_KNOWN_HOSTS`
    /// (default `$HOME/.ssh/known_hosts`). Empty values count as unset.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Credentials {
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let home = value("HOME") ?? NSHomeDirectory()
        return Credentials(
            token: value("COMPCTL_GIT_TOKEN"),
            sshKeyPath: value("COMPCTL_SSH_KEY"),
            useSSHAgent: value("SSH_AUTH_SOCK") != nil,
            knownHostsPath: value("COMPCTL_KNOWN_HOSTS") ?? (home as NSString).appendingPathComponent(".ssh/known_hosts"))
    }

    public var description: String {
        let key = sshKeyPath.map { "ssh key \($0)" } ?? "no ssh key file"
        return "token \(token == nil ? "unset" : "set (hidden)"), \(key), ssh-agent \(useSSHAgent ? "on" : "off"),"
            + " known hosts \(knownHostsPath)"
    }
}

/// Where a remote URL points, as libgit2 will interpret it.
enum RemoteLocation: Equatable {
    /// A repository on this machine: a path or a `file://` URL.
    case local(path: String)
    /// An ssh server (`ssh://`, `git+ssh://`, or scp-like `user@host:path`).
    case ssh(host: String, port: Int)
    /// Anything else: `https://`, `http://`, `git://`.
    case network

    init(url: String) {
        if url.hasPrefix("file://") {
            var path = String(url.dropFirst("file://".count))
            if path.hasPrefix("localhost/") { path.removeFirst("localhost".count) }
            self = .local(path: path.removingPercentEncoding ?? path)
            return
        }
        if let separator = url.range(of: "://") {
            let scheme = url[..<separator.lowerBound].lowercased()
            guard scheme == "ssh" || scheme == "git+ssh" || scheme == "ssh+git" else {
                self = .network
                return
            }
            let rest = url[separator.upperBound...]
            var authority = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            self = Self.ssh(authority: authority)
            return
        }
        // As libgit2: an existing directory is a local repository even if it contains ':'.
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url, isDirectory: &isDirectory), isDirectory.boolValue {
            self = .local(path: url)
            return
        }
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") {
            var host = url[..<colon]
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            self = .ssh(host: String(host), port: 22)
            return
        }
        self = .local(path: url)
    }

    private static func ssh(authority: Substring) -> RemoteLocation {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            let port = after.hasPrefix(":") ? Int(after.dropFirst()) ?? 22 : 22
            return .ssh(host: String(host), port: port)
        }
        if let colon = authority.lastIndex(of: ":") {
            return .ssh(host: String(authority[..<colon]), port: Int(authority[authority.index(after: colon)...]) ?? 22)
        }
        return .ssh(host: String(authority), port: 22)
    }
}

import CLibGit2

/// Everything that can go wrong in the `Git` library. Every description is lower-case,
/// names the repository, URL, reference or path concerned, says how to fix the problem,
/// and never shows a credential: URLs pass through `Git.redact`.
public enum GitError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A libgit2 call failed: the function, its return code, and the class and message
    /// of `git_error_last()`, captured right after the call on the same thread.
    case libgit2(function: String, code: Int32, errorClass: Int32, message: String)
    /// No repository exists at the path.
    case notARepository(path: String)
    /// The remote could not be reached (connection refused, unknown host, no such repository).
    case unreachable(url: String, reason: String)
    /// The server refused the credentials compctl offered, or compctl had none to offer.
    case authenticationRefused(url: String, credential: CredentialKind)
    /// The ssh server's host key is not listed in the known-hosts file.
    case unknownHost(host: String, port: Int, keyType: String, fingerprint: String, knownHosts: String)
    /// The ssh server's host key differs from the one the known-hosts file lists.
    case hostKeyMismatch(host: String, port: Int, keyType: String, fingerprint: String, knownHosts: String, line: Int)
    /// The ssh server's host key is marked `@revoked` in the known-hosts file.
    case hostKeyRevoked(host: String, port: Int, keyType: String, fingerprint: String, knownHosts: String, line: Int)
    /// The ssh transport gave compctl no host key to check.
    case hostKeyUnavailable(host: String)
    /// A remote name the repository does not configure.
    case remoteNotFound(name: String, repository: String)
    /// A branch, tag, reference or commit name that does not exist.
    case revisionNotFound(revision: String, repository: String)
    /// A path that does not exist in the tree of a revision.
    case pathNotFound(path: String, revision: String)
    /// A path that exists but is not the kind of object asked for (a tree instead of a file…).
    case wrongKind(path: String, revision: String, expected: ObjectKind, actual: ObjectKind)
    /// A path in a tree change that git cannot store.
    case invalidPath(path: String, reason: String)
    /// Text that is not a 40-digit hexadecimal object id.
    case invalidObjectID(String)
    /// A compare-and-swap reference update found another value than expected.
    case referenceChanged(name: String, repository: String, expected: ObjectID?)
    /// A tag that already exists.
    case tagExists(name: String, repository: String)
    /// An operation that needs a work tree, attempted on a bare repository.
    case bareRepository(path: String, operation: String)
    /// The remote refused a reference update (not a fast-forward, a hook, a lost race).
    case pushRejected(url: String, reference: String, reason: String)
    /// `publish` was rejected on every attempt because other publishers kept winning.
    case publishGaveUp(url: String, reference: String, attempts: Int, lastRejection: String)
    /// A git lock file (`…/refs/heads/main.lock`) stopped a write: another git process is
    /// writing that file, or one was killed while it did. `age` is the lock's age in seconds,
    /// `nil` when it was gone by the time compctl looked.
    case locked(lockFile: String, age: Int?)

    public var description: String {
        Git.redactCredentials(in: unredactedDescription)
    }

    private var unredactedDescription: String {
        switch self {
        case let .libgit2(function, code, errorClass, message):
            return "\(Self.humanized(message)) (\(function) returned \(code), \(Self.className(errorClass)) error)"
        case let .notARepository(path):
            return "no git repository at \(path); check the path, or clone the repository there first"
        case let .unreachable(url, reason):
            return "cannot reach \(url): \(Self.humanized(reason)); check the url, the network, and that the repository exists"
        case let .authenticationRefused(url, credential):
            return credential.explanation(url: url)
        case let .unknownHost(host, port, keyType, fingerprint, knownHosts):
            let keyscan = port == 22 ? "ssh-keyscan \(host)" : "ssh-keyscan -p \(port) \(host)"
            return "ssh host \(Self.hostLabel(host, port)) is not in \(knownHosts) (its \(keyType) key is \(fingerprint));"
                + " check that fingerprint with the server's administrators, then add the host"
                + " (`\(keyscan) >> \(knownHosts)`) or set COMPCTL_KNOWN_HOSTS to a file that lists it"
        case let .hostKeyMismatch(host, port, keyType, fingerprint, knownHosts, line):
            return "the \(keyType) host key of \(Self.hostLabel(host, port)) (\(fingerprint)) does not match \(knownHosts)"
                + " line \(line); the server's key changed or the connection is intercepted:"
                + " confirm the new key with the server's administrators before updating that line"
        case let .hostKeyRevoked(host, port, keyType, fingerprint, knownHosts, line):
            return "the \(keyType) host key of \(Self.hostLabel(host, port)) (\(fingerprint)) is marked @revoked in"
                + " \(knownHosts) line \(line); compctl will not connect to it"
        case let .hostKeyUnavailable(host):
            return "ssh host \(host) presented no host key compctl can check against known_hosts; compctl will not connect to it"
        case let .remoteNotFound(name, repository):
            return "\(repository) has no remote called \(name); add it, or check the remote name"
        case let .revisionNotFound(revision, repository):
            return "\(revision) does not exist in \(repository); check the branch, tag or commit name, and fetch if it is new"
        case let .pathNotFound(path, revision):
            return "\(path) does not exist at \(revision); check the path"
        case let .wrongKind(path, revision, expected, actual):
            return "\(path) at \(revision) is \(actual.withArticle), not \(expected.withArticle)"
        case let .invalidPath(path, reason):
            return "invalid path '\(path)': \(reason)"
        case let .invalidObjectID(text):
            return "'\(text)' is not an object id; an object id has 40 hexadecimal digits"
        case let .referenceChanged(name, repository, expected):
            let was = expected.map { "expected \($0.shortHex)" } ?? "expected it not to exist"
            return "\(name) in \(repository) was changed by someone else (\(was)); fetch and try again"
        case let .tagExists(name, repository):
            return "tag \(name) already exists in \(repository); choose another version, or delete the tag first"
        case let .bareRepository(path, operation):
            return "\(path) is a bare repository and has no work tree to \(operation); use a clone with a work tree"
        case let .pushRejected(url, reference, reason):
            return "push of \(reference) to \(url) was rejected: \(Self.humanized(reason));"
                + " fetch, re-apply the change on the new tip, and push again"
        case let .publishGaveUp(url, reference, attempts, lastRejection):
            return "gave up publishing \(reference) to \(url) after \(attempts) attempts: other publishers kept"
                + " moving it first (last rejection: \(Self.humanized(lastRejection))); run the command again"
        case let .locked(lockFile, age):
            let target = lockFile.hasSuffix(".lock") ? String(lockFile.dropLast(5)) : lockFile
            guard let age else {
                return "\(target) was locked by another git process (\(lockFile)); run the command again"
            }
            return "\(lockFile) is \(LockFile.describe(age: age)) old: a git process is updating \(target), or one was"
                + " killed while it did and left the lock behind; if no git process is using that repository, remove"
                + " the lock (`rm \(LockFile.shellWord(lockFile))`) and run the command again"
        }
    }

    /// The libgit2 return code behind this error, when there is one.
    public var code: Int32? {
        if case let .libgit2(_, code, _, _) = self { return code }
        return nil
    }

    /// Builds the error for a libgit2 call that just returned `code`. Must run on the
    /// calling thread right after the call: `git_error_last()` is thread-local.
    static func last(_ code: Int32, _ function: String) -> GitError {
        guard let error = git_error_last() else {
            return .libgit2(function: function, code: code, errorClass: 0, message: "libgit2 gave no message")
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? "libgit2 gave no message"
        if code == GIT_ELOCKED.rawValue, let lockFile = LockFile.path(in: message) {
            return LockFile.error(for: lockFile)
        }
        return .libgit2(function: function, code: code, errorClass: error.pointee.klass, message: message)
    }

    /// libgit2 messages end without a full stop and start lower-case, mostly; some start
    /// with a capital and end with ".", which reads badly in the middle of a sentence.
    static func humanized(_ message: String) -> String {
        var text = Substring(message.trimmingWhitespace())
        while text.hasSuffix(".") { text = text.dropLast() }
        guard let first = text.first, first.isUppercase else { return String(text) }
        let second = text.dropFirst().first
        // Keep acronyms ("SSH could not…", "HTTP 401") as they are.
        if let second, second.isUppercase { return String(text) }
        return first.lowercased() + text.dropFirst()
    }

    private static func hostLabel(_ host: String, _ port: Int) -> String {
        port == 22 ? host : "[\(host)]:\(port)"
    }

    private static func className(_ errorClass: Int32) -> String {
        let names = [
            "unclassified", "out-of-memory", "os", "invalid-argument", "reference", "zlib", "repository", "config",
            "regex", "object-database", "index", "object", "network", "tag", "tree", "indexer", "tls",
            "submodule", "thread", "stash", "checkout", "fetch-head", "merge", "ssh", "filter", "revert",
            "callback", "cherry-pick", "describe", "rebase", "filesystem", "patch", "worktree", "sha", "http",
            "internal",
        ]
        let index = Int(errorClass)
        return names.indices.contains(index) ? names[index] : "class-\(errorClass)"
    }
}

/// Which credential compctl offered when authentication failed, so the error can say
/// which environment variable or agent to check.
public enum CredentialKind: Sendable, Equatable {
    /// The https token from `COMPCTL_GIT_TOKEN` (or the URL's own password).
    case token
    /// The server asked for a username and password and no token was set.
    case missingToken
    /// The keys held by ssh-agent.
    case sshAgent
    /// The private key file named by `COMPCTL_SSH_KEY`.
    case sshKey(path: String)
    /// The server asked for an ssh key and there was neither an agent nor `COMPCTL_SSH_KEY`.
    case missingSSHKey
    /// The server asked only for a kind of credential compctl does not support.
    case unsupported

    func explanation(url: String) -> String {
        switch self {
        case .token:
            return "authentication to \(url) was refused; check COMPCTL_GIT_TOKEN: it must be a valid token"
                + " with access to this repository"
        case .missingToken:
            return "authentication to \(url) is required; set COMPCTL_GIT_TOKEN to a token with access to this repository"
        case .sshAgent:
            return "authentication to \(url) was refused; check that ssh-agent holds a key the server accepts"
                + " (`ssh-add -l`), or set COMPCTL_SSH_KEY to a private key file"
        case let .sshKey(path):
            return "authentication to \(url) was refused with the key \(path); check that COMPCTL_SSH_KEY names"
                + " a private key the server accepts"
        case .missingSSHKey:
            return "authentication to \(url) needs an ssh key; start ssh-agent with a key loaded (SSH_AUTH_SOCK),"
                + " or set COMPCTL_SSH_KEY to a private key file"
        case .unsupported:
            return "authentication to \(url) asks for a kind of credential compctl does not support;"
                + " use an ssh key (ssh-agent or COMPCTL_SSH_KEY) or an https token (COMPCTL_GIT_TOKEN)"
        }
    }
}

/// Turns a negative libgit2 return code into a `GitError`; passes other values through
/// (some calls return 1 for "true").
@discardableResult
@inline(__always)
func check(_ code: Int32, _ function: @autoclosure () -> String) throws(GitError) -> Int32 {
    if code < 0 { throw GitError.last(code, function()) }
    return code
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

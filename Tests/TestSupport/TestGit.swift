import Foundation
import Git

/// libgit2 for tests that build real repositories: isolated from the user's and the
/// system's git configuration (this machine's /etc/gitconfig rewrites URLs), with
/// credentials that offer nothing and a fixed signature.
public enum TestGit {
    private static let isolation: (any Error)? = {
        do {
            try Git.isolateFromUserConfig(emptyDirectory: "")
            return nil
        } catch {
            return error
        }
    }()

    /// Call first in every test that touches git.
    public static func isolate() throws {
        if let isolation { throw isolation }
    }

    /// Credentials that offer nothing and trust no ssh host, whatever the environment holds.
    public static let noCredentials = Credentials(knownHostsPath: "/nonexistent/known_hosts")

    /// A fixed signature, so commits and tags are reproducible.
    public static let signature = Signature(name: "Alice", email: "alice@example.invalid",
                                            time: Date(timeIntervalSince1970: 1_700_000_000))
}

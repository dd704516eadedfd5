import CLibGit2
import Foundation
import Testing
@testable import Git

@Suite struct RedactionTests {
    @Test(arguments: [
        ("https://user:token@host/x", "https://***@host/x"),
        ("https://ghp_secret@github.com/team/specs.git", "https://***@github.com/team/specs.git"),
        ("http://x-access-token:s3cret@127.0.0.1:8080/r.git", "http://***@127.0.0.1:8080/r.git"),
        ("https://user:p@ss@host/x", "https://***@host/x"),
        ("https://host/x@y", "https://host/x@y"),
        ("https://host/x", "https://host/x"),
        ("ssh://git@host:2222/x.git", "ssh://git@host:2222/x.git"),
        ("ssh://git:secret@host/x.git", "ssh://git:***@host/x.git"),
        ("git@github.com:team/specs.git", "git@github.com:team/specs.git"),
        ("deploy:secret@host:team/specs.git", "deploy:***@host:team/specs.git"),
        ("/var/specs.git", "/var/specs.git"),
        ("file:///var/specs.git", "file:///var/specs.git"),
    ])
    func redactsCredentialsInURLs(url: String, expected: String) {
        #expect(Git.redact(url) == expected)
    }

    @Test(arguments: [
        ("https://gitlab.example/specs.git?private_token=glpat-1", "https://gitlab.example/specs.git?private_token=***"),
        ("https://host/x.git?ref=main&access_token=abc&depth=1", "https://host/x.git?ref=main&access_token=***&depth=1"),
        ("https://host/x.git?TOKEN=abc", "https://host/x.git?TOKEN=***"),
        ("https://host/x.git?Password=abc#main", "https://host/x.git?Password=***#main"),
        ("https://host/x.git?auth=a&key=b&api_key=c&secret=d&client_secret=e&pass=f",
         "https://host/x.git?auth=***&key=***&api_key=***&secret=***&client_secret=***&pass=***"),
        ("https://s3.example/x?X-Amz-Credential=AKIA&X-Amz-Signature=abc&X-Amz-Expires=60",
         "https://s3.example/x?X-Amz-Credential=***&X-Amz-Signature=***&X-Amz-Expires=60"),
        ("https://host/x.git?private%5Ftoken=abc", "https://host/x.git?private%5Ftoken=***"),
        ("https://user:pw@host/x.git?token=abc", "https://***@host/x.git?token=***"),
        ("https://host?token=abc", "https://host?token=***"),
        ("git://host/x.git?token=abc", "git://host/x.git?token=***"),
        ("https://host/x.git?ref=main&flag", "https://host/x.git?ref=main&flag"),
        ("https://host/x.git?", "https://host/x.git?"),
        ("https://host/x.git#token=abc", "https://host/x.git#token=abc"),
    ])
    func redactsCredentialsInQueryStrings(url: String, expected: String) {
        #expect(Git.redact(url) == expected)
    }

    @Test func textsRedactQueryStringCredentialsWithoutAnAt() {
        let error = GitError.libgit2(function: "git_remote_fetch", code: -1, errorClass: 34,
                                     message: "unexpected http status code: 404 for 'https://h/a.git?private_token=tok3n'")
        #expect(error.description == "unexpected http status code: 404 for 'https://h/a.git?private_token=***'"
            + " (git_remote_fetch returned -1, http error)")
        #expect(Git.redactCredentials(in: "see https://h/a.git?access_token=tok3n and https://h/b.git?ref=x")
            == "see https://h/a.git?access_token=*** and https://h/b.git?ref=x")
        // The sentence's own colon stays after the URL.
        #expect(GitError.unreachable(url: "git://h/a.git?token=tok3n", reason: "refused").description
            == "cannot reach git://h/a.git?token=***: refused; check the url, the network, and that the repository exists")
    }

    @Test func errorDescriptionsRedactURLsInsideLibgit2Messages() {
        let error = GitError.libgit2(function: "git_remote_fetch", code: -1, errorClass: 12,
                                     message: "unexpected http status code: 404 for 'https://bot:tok3n@example.com/a.git'")
        #expect(error.description == "unexpected http status code: 404 for 'https://***@example.com/a.git'"
            + " (git_remote_fetch returned -1, network error)")
        let rejected = GitError.pushRejected(url: "https://bot:tok3n@example.com/a.git", reference: "refs/heads/main",
                                             reason: "Stale info")
        #expect(rejected.description == "push of refs/heads/main to https://***@example.com/a.git was rejected: stale info;"
            + " fetch, re-apply the change on the new tip, and push again")
    }
}

@Suite struct CredentialTests {
    @Test func readsTheEnvironment() {
        let all = Credentials.fromEnvironment([
            "COMPCTL_GIT_TOKEN": "t0k", "COMPCTL_SSH_KEY": "/keys/deploy", "SSH_AUTH_SOCK": "/run/agent",
            "COMPCTL_KNOWN_HOSTS": "/etc/compctl/known_hosts", "HOME": "/home/ci",
        ])
        #expect(all == Credentials(token: "t0k", sshKeyPath: "/keys/deploy", useSSHAgent: true,
                                   knownHostsPath: "/etc/compctl/known_hosts"))
        #expect(all.description == "token set (hidden), ssh key /keys/deploy, ssh-agent on, known hosts /etc/compctl/known_hosts")
        let none = Credentials.fromEnvironment(["HOME": "/home/ci", "COMPCTL_GIT_TOKEN": ""])
        #expect(none == Credentials(knownHostsPath: "/home/ci/.ssh/known_hosts"))
    }

    @Test func recognisesRemoteLocations() {
        #expect(RemoteLocation(url: "/srv/specs.git") == .local(path: "/srv/specs.git"))
        #expect(RemoteLocation(url: "file:///srv/my%20specs.git") == .local(path: "/srv/my specs.git"))
        #expect(RemoteLocation(url: "git@github.com:team/specs.git") == .ssh(host: "github.com", port: 22))
        #expect(RemoteLocation(url: "ssh://git@git.example.com:2222/specs.git") == .ssh(host: "git.example.com", port: 2222))
        #expect(RemoteLocation(url: "ssh://[::1]:2200/specs.git") == .ssh(host: "::1", port: 2200))
        #expect(RemoteLocation(url: "https://github.com/team/specs.git") == .network)
        #expect(RemoteLocation(url: "git://127.0.0.1/specs.git") == .network)
    }

    /// Calls the credential callback as libgit2 does, and frees what it returns.
    private func ask(_ callbacks: RemoteCallbacks, allowed: git_credential_t, user: String? = nil) -> Int32 {
        var table = git_remote_callbacks()
        callbacks.install(into: &table)
        var credential: UnsafeMutablePointer<git_credential>?
        let code = table.credentials?(&credential, callbacks.url, user, allowed.rawValue, table.payload) ?? -999
        git_credential_free(credential)
        return code
    }

    @Test func eachCredentialIsOfferedOnceThenTheRefusalIsTheError() {
        let https = RemoteCallbacks(url: "https://bot:old@example.com/specs.git",
                                    credentials: Credentials(token: "t0k", knownHostsPath: "/k"))
        #expect(ask(https, allowed: GIT_CREDENTIAL_USERPASS_PLAINTEXT) == 0)
        #expect(ask(https, allowed: GIT_CREDENTIAL_USERPASS_PLAINTEXT) == GIT_EAUTH.rawValue)
        #expect(https.failure == .authenticationRefused(url: "https://bot:old@example.com/specs.git", credential: .token))
        #expect(https.failure?.description == "authentication to https://***@example.com/specs.git was refused;"
            + " check COMPCTL_GIT_TOKEN: it must be a valid token with access to this repository")

        let key = RemoteCallbacks(url: "git@example.com:specs.git",
                                  credentials: Credentials(sshKeyPath: "/keys/deploy", useSSHAgent: true, knownHostsPath: "/k"))
        #expect(ask(key, allowed: GIT_CREDENTIAL_USERNAME) == 0)
        #expect(ask(key, allowed: GIT_CREDENTIAL_SSH_KEY, user: "git") == 0)
        #expect(ask(key, allowed: GIT_CREDENTIAL_SSH_KEY, user: "git") == GIT_EAUTH.rawValue)
        #expect(key.failure?.description == "authentication to git@example.com:specs.git was refused with the key"
            + " /keys/deploy; check that COMPCTL_SSH_KEY names a private key the server accepts")

        let agent = RemoteCallbacks(url: "ssh://git@example.com/specs.git",
                                    credentials: Credentials(useSSHAgent: true, knownHostsPath: "/k"))
        #expect(ask(agent, allowed: GIT_CREDENTIAL_SSH_KEY, user: "git") == 0)
        #expect(ask(agent, allowed: GIT_CREDENTIAL_SSH_KEY, user: "git") == GIT_EAUTH.rawValue)
        #expect(agent.failure == .authenticationRefused(url: "ssh://git@example.com/specs.git", credential: .sshAgent))

        let nothing = RemoteCallbacks(url: "ssh://git@example.com/specs.git", credentials: TestGit.noCredentials)
        #expect(ask(nothing, allowed: GIT_CREDENTIAL_SSH_KEY, user: "git") == GIT_EAUTH.rawValue)
        #expect(nothing.failure?.description == "authentication to ssh://git@example.com/specs.git needs an ssh key;"
            + " start ssh-agent with a key loaded (SSH_AUTH_SOCK), or set COMPCTL_SSH_KEY to a private key file")
        let password = RemoteCallbacks(url: "ssh://git@example.com/specs.git", credentials: TestGit.noCredentials)
        #expect(ask(password, allowed: GIT_CREDENTIAL_SSH_INTERACTIVE, user: "git") == GIT_EAUTH.rawValue)
        #expect(password.failure == .authenticationRefused(url: "ssh://git@example.com/specs.git", credential: .unsupported))
    }

    @Test func aRefusedTokenOverHTTPIsAClearErrorAfterOneTry() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let server = try LoopbackHTTPServer.refusing()
        let url = "http://x-access-token:url-secret@127.0.0.1:\(server.port)/team/specs.git"
        let error = try #require(throws: GitError.self) {
            try Repository.clone(from: url, to: scratch.path("c"), bare: true,
                                 credentials: Credentials(token: "env-secret", knownHostsPath: "/k"))
        }
        #expect(error == .authenticationRefused(url: url, credential: .token))
        #expect(error.description == "authentication to http://***@127.0.0.1:\(server.port)/team/specs.git was refused;"
            + " check COMPCTL_GIT_TOKEN: it must be a valid token with access to this repository")
        let basic = { (user: String, password: String) in "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
        // The URL's own credentials first, then the token once, then no more tries.
        #expect(server.authorizations == [basic("x-access-token", "url-secret"), basic("x-access-token", "env-secret")])

        let anonymous = try #require(throws: GitError.self) {
            try Repository.clone(from: "http://127.0.0.1:\(server.port)/specs.git", to: scratch.path("d"),
                                 credentials: TestGit.noCredentials)
        }
        #expect(anonymous.description == "authentication to http://127.0.0.1:\(server.port)/specs.git is required;"
            + " set COMPCTL_GIT_TOKEN to a token with access to this repository")
    }
}

extension LoopbackHTTPServer {
    /// The Authorization headers received, in order (requests without one are skipped).
    var authorizations: [String] {
        requests.compactMap { $0.header("Authorization") }
    }
}

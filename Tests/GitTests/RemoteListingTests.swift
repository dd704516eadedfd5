import Foundation
import Testing
@testable import Git

@Suite struct RemoteListingTests {
    @Test func listsBranchesTagsAndHeadOfALocalRepository() throws {
        let fixture = try Fixture()
        let remote = try Repository.open(at: fixture.remotePath)
        let tag = try remote.createTag("1.0.0", target: fixture.firstCommit, message: "Release 1.0.0", tagger: .test())

        for url in [fixture.remotePath, "file://" + fixture.remotePath] {
            let references = try Remote.listReferences(at: url, credentials: TestGit.noCredentials)
            let byName = Dictionary(references.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            #expect(byName["refs/heads/main"]?.id == fixture.firstCommit, "\(url)")
            #expect(byName["refs/tags/1.0.0"]?.id == tag, "\(url)")
            #expect(byName["HEAD"]?.id == fixture.firstCommit, "\(url)")
        }
    }

    @Test func listsThroughGitDaemon() throws {
        let fixture = try Fixture()
        try gitCLI("--git-dir", fixture.remotePath, "tag", "2.0.0", "main")
        let daemon = try LocalGitDaemon(basePath: fixture.scratch.url.path)
        let references = try Remote.listReferences(at: daemon.url("remote.git"), credentials: TestGit.noCredentials)
        #expect(references.contains(RemoteReference(name: "refs/tags/2.0.0", id: fixture.firstCommit, symbolicTarget: nil)))
        #expect(references.first { $0.name == "HEAD" }?.symbolicTarget == "refs/heads/main")
    }

    @Test func anUnreachableRemoteIsAPreciseError() throws {
        let fixture = try Fixture()
        let missing = fixture.scratch.path("missing.git")
        #expect(throws: GitError.unreachable(url: missing, reason: "\(missing) does not exist")) {
            try Remote.listReferences(at: missing, credentials: TestGit.noCredentials)
        }
        let port = try freeLocalPort()
        #expect {
            try Remote.listReferences(at: "git://127.0.0.1:\(port)/specs.git", credentials: TestGit.noCredentials)
        } throws: { error in
            guard case .unreachable(let url, _) = error as? GitError else { return false }
            return url == "git://127.0.0.1:\(port)/specs.git"
        }
    }

    @Test func refusedCredentialsAreAPreciseError() throws {
        try TestGit.isolate()
        let server = try LoopbackHTTPServer.refusing()
        let url = "http://127.0.0.1:\(server.port)/Foo.git"
        #expect(throws: GitError.authenticationRefused(url: url, credential: .missingToken)) {
            try Remote.listReferences(at: url, credentials: TestGit.noCredentials)
        }
    }

    @Test func headBranchNamesTheBranchEvenBeforeItsFirstCommit() throws {
        let scratch = try TemporaryDirectory()
        try TestGit.isolate()
        let repository = try Repository.create(at: scratch.path("new.git"), bare: true, initialBranch: "trunk")
        #expect(repository.headBranch == "trunk")
        let fixture = try Fixture()
        let clone = try fixture.clone("work", bare: false)
        #expect(clone.headBranch == "main")
        try gitCLI("checkout", "-q", "--detach", in: fixture.scratch.path("work"))
        #expect(try Repository.open(at: fixture.scratch.path("work")).headBranch == nil)
    }
}

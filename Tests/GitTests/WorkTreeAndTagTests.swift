import Foundation
import Testing
@testable import Git

@Suite struct WorkTreeTests {
    @Test func statusSeesModifiedStagedDeletedAndUntrackedButNotIgnoredFiles() throws {
        let fixture = try Fixture()
        let work = try fixture.clone("work", bare: false)
        #expect(try work.isWorkTreeClean())
        try fixture.scratch.write("changed\n", to: "work/README.md")
        try fixture.scratch.write("new\n", to: "work/Sources/New.swift")
        try fixture.scratch.write("*.log\n", to: "work/.gitignore")
        try fixture.scratch.write("noise\n", to: "work/build.log")
        #expect(try work.uncommittedChanges() == [".gitignore", "README.md", "Sources/New.swift"])
        #expect(try work.uncommittedChanges(includingUntracked: false) == ["README.md"])
        #expect(try !work.isWorkTreeClean())
    }

    @Test func stagesAndCommitsTheIndexOnTheCurrentBranch() throws {
        let fixture = try Fixture()
        let work = try fixture.clone("work", bare: false)
        try fixture.scratch.write("s.version = '0.1.8'\n", to: "work/Foo.podspec")
        try fixture.scratch.write("untouched\n", to: "work/other.txt")
        try work.stage(["Foo.podspec"])
        let commit = try work.commitIndex(message: "Bump Foo to 0.1.8", author: .test(), committer: .test(name: "Bot"))
        #expect(try work.resolve("HEAD") == commit)
        #expect(try work.resolve("refs/heads/main") == commit)
        #expect(try work.commit(commit).parents == [fixture.firstCommit])
        #expect(try work.commit(commit).committer.name == "Bot")
        #expect(try work.uncommittedChanges() == ["other.txt"])
        #expect(try gitCLI("-C", work.displayPath, "log", "-1", "--format=%an <%ae>|%cn|%s") == "Alice <alice@example.invalid>|Bot|Bump Foo to 0.1.8")

        try FileManager.default.removeItem(atPath: fixture.scratch.path("work/Foo.podspec"))
        try work.stageAll()
        try work.commitIndex(message: "Remove the podspec, add other", author: .test())
        #expect(try work.isWorkTreeClean())
        #expect(try work.tree(at: "HEAD").names == ["README.md", "other.txt"])
        #expect(try gitCLI("-C", work.displayPath, "status", "--porcelain").isEmpty)
    }

    @Test func committingInAFreshRepositoryMakesTheFirstCommit() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let work = try Repository.create(at: scratch.path("w"), bare: false)
        try scratch.write("x\n", to: "w/x.txt")
        try work.stageAll()
        let first = try work.commitIndex(message: "first", author: .test())
        #expect(try work.commit(first).parents.isEmpty)
        #expect(try work.resolve("main") == first)
    }

    @Test func workTreeOperationsOnABareRepositoryExplainThemselves() throws {
        let fixture = try Fixture()
        let bare = try Repository.open(at: fixture.remotePath)
        let error = try #require(throws: GitError.self) { try bare.isWorkTreeClean() }
        #expect(error.description == "\(bare.displayPath) is a bare repository and has no work tree to check for changes;"
            + " use a clone with a work tree")
        #expect(throws: GitError.bareRepository(path: bare.displayPath, operation: "commit")) {
            try bare.commitIndex(message: "x")
        }
    }
}

@Suite struct TagTests {
    @Test func createsReadsAndPushesAnnotatedTags() throws {
        let fixture = try Fixture()
        let work = try fixture.clone("work", bare: false)
        let tagger = Signature.test(name: "Release Bot", email: "bot@example.invalid")
        let tagID = try work.createTag("0.1.8", target: fixture.firstCommit, message: "Foo 0.1.8", tagger: tagger)
        #expect(tagID != fixture.firstCommit)

        let tag = try work.tag(named: "0.1.8")
        #expect(tag == Tag(name: "0.1.8", id: tagID, commit: fixture.firstCommit, isAnnotated: true,
                           message: "Foo 0.1.8", tagger: tagger))
        #expect(throws: GitError.tagExists(name: "0.1.8", repository: work.displayPath)) {
            try work.createTag("0.1.8", target: fixture.firstCommit, message: "again")
        }
        #expect(GitError.tagExists(name: "0.1.8", repository: "/w").description
            == "tag 0.1.8 already exists in /w; choose another version, or delete the tag first")

        try work.push(["refs/tags/0.1.8:refs/tags/0.1.8"], credentials: TestGit.noCredentials)
        let remote = try Repository.open(at: fixture.remotePath)
        #expect(try remote.tag(named: "0.1.8") == tag)
        #expect(try gitCLI("--git-dir", fixture.remotePath, "cat-file", "-p", "0.1.8").contains(
            "tagger Release Bot <bot@example.invalid> 1700000000 +0000\n\nFoo 0.1.8"))
        #expect(try fixture.fsckProblems() == nil)
    }

    @Test func readsLightweightTagsAndListsNames() throws {
        let fixture = try Fixture()
        try gitCLI("--git-dir", fixture.remotePath, "tag", "0.1.7", "main")
        try gitCLI("--git-dir", fixture.remotePath, "tag", "-a", "-m", "cli tag", "0.1.8-rc.1", "main")
        let remote = try Repository.open(at: fixture.remotePath)
        #expect(try remote.tagNames() == ["0.1.7", "0.1.8-rc.1"])
        let light = try remote.tag(named: "0.1.7")
        #expect(light == Tag(name: "0.1.7", id: fixture.firstCommit, commit: fixture.firstCommit, isAnnotated: false,
                             message: nil, tagger: nil))
        #expect(try remote.tag(named: "0.1.8-rc.1").message == "cli tag")
        #expect(try remote.resolve("0.1.8-rc.1") == fixture.firstCommit)
        #expect(throws: GitError.revisionNotFound(revision: "refs/tags/9.9.9", repository: remote.displayPath)) {
            try remote.tag(named: "9.9.9")
        }
    }
}

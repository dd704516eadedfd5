import Foundation
import Testing
@testable import Git

@Suite struct TreeTests {
    /// A bare repository whose main has, through the git CLI, a small spec-repo layout.
    private func specRepository() throws -> (Fixture, Repository) {
        let fixture = try Fixture()
        let work = fixture.scratch.path("work")
        try gitCLI("clone", "-q", fixture.remotePath, work)
        try fixture.scratch.write("{\"name\":\"Foo\",\"version\":\"1.0.0\"}\n", to: "work/Specs/Foo/1.0.0/Foo.podspec.json")
        try fixture.scratch.write("{\"name\":\"Foo\",\"version\":\"1.1.0\"}\n", to: "work/Specs/Foo/1.1.0/Foo.podspec.json")
        try fixture.scratch.write("{\"name\":\"Bar\"}\n", to: "work/Specs/Bar/0.1.0/Bar.podspec.json")
        let tool = try fixture.scratch.write("#!/bin/sh\n", to: "work/bin/tool").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
        try gitCLI("-C", work, "add", ".")
        try gitCLI("-C", work, "commit", "-qm", "specs")
        try gitCLI("-C", work, "push", "-q", "origin", "main")
        try gitCLI("-C", work, "tag", "lightweight")
        try gitCLI("-C", work, "push", "-q", "origin", "lightweight")
        return (fixture, try Repository.open(at: fixture.remotePath))
    }

    @Test func listsAndDescendsATreeAtARefInABareRepository() throws {
        let (fixture, repository) = try specRepository()
        defer { withExtendedLifetime(fixture) {} }
        let root = try repository.tree(at: "refs/heads/main")
        #expect(root.names == ["README.md", "Specs", "bin"])
        #expect(root.map(\.kind) == [.blob, .tree, .tree])
        #expect(root.entry(named: "Specs")?.kind == .tree)
        #expect(root.entry(named: "specs") == nil)

        let specs = try root.subtree(at: "Specs")
        #expect(specs.names == ["Bar", "Foo"])
        let foo = try specs.subtree(try #require(specs.entry(named: "Foo")))
        #expect(foo.names == ["1.0.0", "1.1.0"])
        #expect(try foo.blob(at: "1.1.0/Foo.podspec.json") == Data("{\"name\":\"Foo\",\"version\":\"1.1.0\"}\n"))
        #expect(try root.subtree(at: "Specs/Foo/1.0.0").names == ["Foo.podspec.json"])
        #expect(try root.subtree(at: "") === root)

        let tool = try #require(try root.entry(at: "bin/tool"))
        #expect(tool.isExecutable)
        #expect(tool.fileMode == 0o100755)
        #expect(try root.entry(at: "README.md")?.fileMode == 0o100644)
        #expect(try root.entry(at: "Specs/Nope") == nil)
        #expect(try root.entry(at: "README.md")?.id == ObjectID(hex: gitCLI("--git-dir", repository.gitDirectory, "rev-parse", "main:README.md")))
        #expect(root.id == (try ObjectID(hex: gitCLI("--git-dir", repository.gitDirectory, "rev-parse", "main^{tree}"))))
    }

    @Test func readsBlobsAtBranchesTagsAndCommits() throws {
        let (fixture, repository) = try specRepository()
        #expect(try repository.blob(at: "main", path: "Specs/Bar/0.1.0/Bar.podspec.json") == Data("{\"name\":\"Bar\"}\n"))
        #expect(try repository.blob(at: "refs/tags/lightweight", path: "README.md") == Data("hello\n"))
        #expect(try repository.blob(at: fixture.firstCommit.hex, path: "README.md") == Data("hello\n"))
        #expect(try repository.blob(at: "main~1", path: "README.md") == Data("hello\n"))
        #expect(throws: GitError.pathNotFound(path: "Specs/Foo/1.0.0/Foo.podspec.json", revision: "main~1")) {
            try repository.blob(at: "main~1", path: "Specs/Foo/1.0.0/Foo.podspec.json")
        }
    }

    @Test func pathErrorsNameThePathAndTheRevision() throws {
        let (fixture, repository) = try specRepository()
        defer { withExtendedLifetime(fixture) {} }
        let specs = try repository.tree(at: "main").subtree(at: "Specs")
        let notAFile = try #require(throws: GitError.self) { try specs.blob(at: "Foo/1.0.0") }
        #expect(notAFile.description == "Specs/Foo/1.0.0 at main is a directory, not a file")
        let notADirectory = try #require(throws: GitError.self) { try repository.tree(at: "main").subtree(at: "README.md") }
        #expect(notADirectory.description == "README.md at main is a file, not a directory")
        let missing = try #require(throws: GitError.self) { try specs.subtree(at: "Baz") }
        #expect(missing.description == "Specs/Baz does not exist at main; check the path")
    }

    @Test func buildsTreesWithTreebuildersFromAParentTree() throws {
        let (fixture, repository) = try specRepository()
        defer { withExtendedLifetime(fixture) {} }
        let base = try repository.tree(at: "main")
        let edited = try repository.tree(applying: [
            .write(path: "Specs/Foo/2.0.0/Foo.podspec.json", contents: Data("{\"version\":\"2.0.0\"}\n")),
            .delete(path: "Specs/Bar/0.1.0/Bar.podspec.json"),
            .write(path: "README.md", contents: Data("changed\n")),
            .write(path: "bin/run", contents: Data("#!/bin/sh\n"), executable: true),
            .delete(path: "Specs/Missing/1.0.0"),
        ], to: base)
        #expect(edited.names == ["README.md", "Specs", "bin"])
        #expect(try edited.subtree(at: "Specs").names == ["Foo"])
        #expect(try edited.subtree(at: "Specs/Foo").names == ["1.0.0", "1.1.0", "2.0.0"])
        // Untouched directories keep their objects.
        #expect(try edited.entry(at: "Specs/Foo/1.0.0")?.id == base.entry(at: "Specs/Foo/1.0.0")?.id)
        #expect(try edited.entry(at: "bin/run")?.isExecutable == true)
        #expect(try edited.blob(at: "README.md") == Data("changed\n"))

        let commit = try repository.createCommit(tree: edited, parents: [repository.resolve("main")],
                                                 message: "[Add] Foo (2.0.0)", author: .test(), updating: "refs/heads/main")
        #expect(try repository.resolve("main") == commit)
        let recorded = try repository.commit(commit)
        #expect(recorded.message == "[Add] Foo (2.0.0)\n")
        #expect(recorded.author == .test())
        #expect(recorded.tree == edited.id)
        #expect(try gitCLI("--git-dir", repository.gitDirectory, "show", "main:Specs/Foo/2.0.0/Foo.podspec.json")
            == "{\"version\":\"2.0.0\"}")
        #expect(try gitCLI("--git-dir", repository.gitDirectory, "ls-tree", "-r", "--name-only", "main")
            .split(separator: "\n") == ["README.md", "Specs/Foo/1.0.0/Foo.podspec.json", "Specs/Foo/1.1.0/Foo.podspec.json",
                                        "Specs/Foo/2.0.0/Foo.podspec.json", "bin/run", "bin/tool"])
        #expect(try gitCLI("--git-dir", repository.gitDirectory, "fsck", "--strict", "--no-dangling").isEmpty)
    }

    @Test func laterChangesWinAndDirectoriesCanReplaceFiles() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let repository = try Repository.create(at: scratch.path("r.git"), bare: true)
        let first = try repository.tree(applying: [
            .write(path: "a", contents: Data("file\n")),
            .write(path: "b/c", contents: Data("one\n")),
            .write(path: "b/c", contents: Data("two\n")),
        ], to: nil)
        #expect(try first.blob(at: "b/c") == Data("two\n"))
        let second = try repository.tree(applying: [
            .write(path: "a/inside", contents: Data("now a directory\n")),
            .delete(path: "b"),
            .write(path: "b/d", contents: Data("fresh\n")),
        ], to: first)
        #expect(try second.subtree(at: "a").names == ["inside"])
        #expect(try second.subtree(at: "b").names == ["d"])
        let emptied = try repository.tree(applying: [.delete(path: "a/inside"), .delete(path: "b/d")], to: second)
        #expect(emptied.isEmpty)
        #expect(emptied.id == (try ObjectID(hex: "4b825dc642cb6eb9a060e54bf8d69288fbee4904")))
    }

    @Test func rejectsPathsGitCannotStore() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let repository = try Repository.create(at: scratch.path("r.git"), bare: true)
        let cases: [(String, String)] = [
            ("", "invalid path '': the path is empty"),
            ("/etc/passwd", "invalid path '/etc/passwd': paths in a tree are relative; remove the leading '/'"),
            ("a//b", "invalid path 'a//b': it has an empty component ('//' or a trailing '/')"),
            ("a/", "invalid path 'a/': it has an empty component ('//' or a trailing '/')"),
            ("a/../b", "invalid path 'a/../b': '..' is not allowed in a tree"),
            ("x/.GIT/config", "invalid path 'x/.GIT/config': git does not store '.git' in a tree"),
        ]
        for (path, message) in cases {
            let error = try #require(throws: GitError.self) {
                try repository.tree(applying: [.write(path: path, contents: Data())], to: nil)
            }
            #expect(error.description == message)
        }
    }

    /// Reads the DESIGN's 10,000-pod spec repo and prints informal timings (COMPCTL_GIT_BENCH=1);
    /// the figures that count come from scripts/bench.sh.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["COMPCTL_GIT_BENCH"] != nil))
    func listingA200kEntrySpecRepoIsFast() throws {
        try TestGit.isolate()
        let scratch = try TemporaryDirectory()
        let repository = try Repository.create(at: scratch.path("specs.git"), bare: true)
        let clock = ContinuousClock()
        // One shared blob: what is measured is trees, and 200k loose blobs would only slow the setup.
        let contents = Data("{}")
        var podTrees: [FileChange] = []
        let build = clock.measure {
            for pod in 0..<10_000 {
                for version in 0..<20 {
                    podTrees.append(.write(path: "Specs/Pod\(pod)/1.\(version).0/Pod\(pod).podspec.json",
                                           contents: contents))
                }
            }
        }
        var tree: Tree?
        let write = try clock.measure { tree = try repository.tree(applying: podTrees, to: nil) }
        let root = try #require(tree)
        _ = try repository.createCommit(tree: root, parents: [], message: "specs", author: .test(), updating: "refs/heads/main")
        try gitCLI("--git-dir", repository.gitDirectory, "repack", "-adq")
        let reopened = try Repository.open(at: repository.gitDirectory)
        var versions = 0
        let list = try clock.measure {
            let specs = try reopened.tree(at: "refs/heads/main").subtree(at: "Specs")
            for pod in specs { versions += try specs.subtree(pod).names.count }
        }
        print("200k specs: build changes \(build), write trees \(write), list names (packed) \(list)")
        #expect(versions == 200_000)
    }
}

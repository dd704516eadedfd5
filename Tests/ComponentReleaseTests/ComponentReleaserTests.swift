import ComponentRelease
import Foundation
import Git
import Testing
import Versioning

/// A component: a work tree (`Foo/`) with `Foo.podspec` at `version`, committed and tagged,
/// cloned from a bare `origin` (`Foo.git`), all in a scratch directory.
struct ComponentFixture {
    let directory: TemporaryDirectory
    let workTree: String
    let origin: String

    static let podspec = """
        Pod::Spec.new do |s|
          s.name    = 'Foo'
          s.version = '%@'
          s.source  = { :git => 'https://git.example/Foo.git', :tag => s.version.to_s }
          s.dependency 'Bar', '~> 1.0'
        end

        """

    init(_ name: String = #function, version: String = "0.1.7", podspec: String? = nil) throws {
        try TestGit.isolate()
        directory = try TemporaryDirectory(prefix: "compctl-release", name)
        workTree = directory.path + "/Foo"
        origin = directory.path + "/Foo.git"
        try FileManager.default.createDirectory(atPath: workTree, withIntermediateDirectories: true)
        try (podspec ?? String(format: Self.podspec, version)).write(toFile: workTree + "/Foo.podspec", atomically: true, encoding: .utf8)
        try "# Foo\n".write(toFile: workTree + "/README.md", atomically: true, encoding: .utf8)
        try gitCLI("init", "-q", "-b", "main", in: workTree)
        try gitCLI("add", "-A", in: workTree)
        try gitCLI("commit", "-q", "-m", "Foo \(version)", in: workTree)
        try gitCLI("tag", "-a", "-m", "Foo \(version)", version, in: workTree)
        try gitCLI("clone", "-q", "--bare", workTree, origin)
        try gitCLI("remote", "add", "origin", origin, in: workTree)
        try gitCLI("fetch", "-q", "origin", in: workTree)
    }

    /// Everything that must be unchanged after a refusal or a rollback: every reference of
    /// the work tree and of origin, the status, and the podspec's bytes.
    func state() throws -> [String] {
        try [
            gitCLI("for-each-ref", "--format=%(refname) %(objectname)", in: workTree),
            gitCLI("--git-dir", origin, "for-each-ref", "--format=%(refname) %(objectname)"),
            gitCLI("status", "--porcelain", in: workTree),
            String(contentsOfFile: workTree + "/Foo.podspec", encoding: .utf8),
        ]
    }

    func releaser(in directory: String? = nil) -> ComponentReleaser {
        ComponentReleaser(workingDirectory: directory ?? workTree, credentials: TestGit.noCredentials,
                          signature: TestGit.signature)
    }

    /// The scratch directory holding the work tree and origin.
    var root: String { directory.path }

    func remove() {
        directory.remove()
    }
}

@Suite struct ComponentReleaserTests {
    @Test func anRcBumpRewritesOnlyTheVersionCommitsAndTags() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        let releaser = fixture.releaser()
        let plan = try releaser.plan(BumpRequest(kind: .rc(base: .patch)))
        #expect(plan.name == "Foo")
        #expect(plan.from == "0.1.7")
        #expect(plan.to.description == "0.1.8-rc.1")
        #expect(plan.tag == "0.1.8-rc.1")
        #expect(plan.message == "Release Foo 0.1.8-rc.1")
        #expect(plan.podspecDisplayPath == "Foo.podspec")
        #expect(plan.warnings.isEmpty)
        let before = try String(contentsOfFile: fixture.workTree + "/Foo.podspec", encoding: .utf8)

        let result = try releaser.apply(plan, push: false)
        #expect(!result.pushed)
        let after = try String(contentsOfFile: fixture.workTree + "/Foo.podspec", encoding: .utf8)
        #expect(after == before.replacingOccurrences(of: "'0.1.7'", with: "'0.1.8-rc.1'"))
        #expect(try gitCLI("log", "-1", "--format=%s", in: fixture.workTree) == "Release Foo 0.1.8-rc.1")
        #expect(try gitCLI("rev-parse", "HEAD", in: fixture.workTree) == result.commit.hex)
        #expect(try gitCLI("cat-file", "-t", "0.1.8-rc.1", in: fixture.workTree) == "tag")
        #expect(try gitCLI("rev-parse", "0.1.8-rc.1^{commit}", in: fixture.workTree) == result.commit.hex)
        #expect(try gitCLI("status", "--porcelain", in: fixture.workTree).isEmpty)
        #expect(try gitCLI("show", "--stat", "--format=", "HEAD", in: fixture.workTree).contains("Foo.podspec | 2 +-"))

        let next = try releaser.plan(BumpRequest(kind: .rc(base: .patch)))
        #expect(next.to.description == "0.1.8-rc.2")
        #expect(try releaser.plan(BumpRequest(kind: .release)).to.description == "0.1.8")
    }

    @Test func pushSendsTheBranchAndThenTheTag() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        let releaser = fixture.releaser()
        let result = try releaser.apply(try releaser.plan(BumpRequest(kind: .minor, tagFormat: "v{version}", push: true)),
                                        push: true)
        #expect(result.pushed)
        #expect(result.plan.tag == "v0.2.0")
        #expect(try gitCLI("--git-dir", fixture.origin, "rev-parse", "main") == result.commit.hex)
        #expect(try gitCLI("--git-dir", fixture.origin, "rev-parse", "v0.2.0^{commit}") == result.commit.hex)
    }

    @Test func noTagCommitsWithoutATag() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        let releaser = fixture.releaser()
        let result = try releaser.apply(try releaser.plan(BumpRequest(kind: .patch, createsTag: false)), push: false)
        #expect(result.plan.tag == nil)
        #expect(try gitCLI("tag", in: fixture.workTree) == "0.1.7")
    }

    @Test func aRejectedPushRollsEverythingBack() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        // Someone else pushed first: origin's main is ahead of this clone's.
        try gitCLI("clone", "-q", fixture.origin, fixture.root + "/other")
        try "other\n".write(toFile: fixture.root + "/other/NOTES.md", atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: fixture.root + "/other")
        try gitCLI("commit", "-q", "-m", "other", in: fixture.root + "/other")
        try gitCLI("push", "-q", "origin", "main", in: fixture.root + "/other")
        let before = try fixture.state()

        let releaser = fixture.releaser()
        let plan = try releaser.plan(BumpRequest(kind: .patch, push: true))
        #expect {
            try releaser.apply(plan, push: true)
        } throws: { error in
            guard case .pushFailed(let branch, let url, _) = error as? ReleaseError else { return false }
            return branch == "main" && url == fixture.origin
        }
        #expect(try fixture.state() == before)
        #expect(ReleaseError.pushFailed(branch: "main", url: "/o.git", reason: "rejected").description
            == "push of main to /o.git failed: rejected; the release commit, the tag and the podspec change were rolled "
            + "back, the repository is as it was: pull, then run bump again")
    }

    @Test func refusesADirtyWorkTree() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try "changed\n".write(toFile: fixture.workTree + "/README.md", atomically: true, encoding: .utf8)
        try "changed\n".write(toFile: fixture.workTree + "/Foo.podspec", atomically: true, encoding: .utf8)
        try gitCLI("add", "Foo.podspec", in: fixture.workTree)
        try "new\n".write(toFile: fixture.workTree + "/NEW.md", atomically: true, encoding: .utf8)
        let before = try fixture.state()
        let shown = fixture.workTree
        #expect(throws: ReleaseError.dirtyWorkTree(workTree: shown, paths: ["Foo.podspec", "README.md"])) {
            try fixture.releaser().plan(BumpRequest(kind: .patch))
        }
        #expect(ReleaseError.dirtyWorkTree(workTree: "/c", paths: ["a", "b"]).description
            == "the work tree /c has uncommitted changes (a, b); commit or stash them first, so that the release "
            + "commit holds only the version change; nothing was changed")
        #expect(try fixture.state() == before)
    }

    /// Untracked files cannot get into the release commit, which holds only the podspec, so
    /// they do not stop a release (as `git describe --dirty` and `npm version` ignore them): a
    /// CI job keeps its caches and reports in the checkout (GitLab caches only paths in it).
    @Test func untrackedFilesStayOutOfTheReleaseCommit() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try "[]\n".write(toFile: fixture.workTree + "/gl-code-quality-report.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: fixture.workTree + "/.compctl-home/repos", withIntermediateDirectories: true)
        try "x\n".write(toFile: fixture.workTree + "/.compctl-home/repos/HEAD", atomically: true, encoding: .utf8)
        let releaser = fixture.releaser()
        let result = try releaser.apply(try releaser.plan(BumpRequest(kind: .rc(base: .patch))), push: false)
        #expect(try gitCLI("show", "--name-only", "--format=", result.commit.hex, in: fixture.workTree) == "Foo.podspec")
        #expect(try gitCLI("status", "--porcelain", in: fixture.workTree) == "?? .compctl-home/\n?? gl-code-quality-report.json")
    }

    @Test func refusesATagThatExistsLocallyOrOnTheRemote() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try gitCLI("tag", "0.1.8", in: fixture.workTree)
        #expect(throws: ReleaseError.tagExists(tag: "0.1.8", workTree: fixture.workTree)) {
            try fixture.releaser().plan(BumpRequest(kind: .patch))
        }
        try gitCLI("tag", "-d", "0.1.8", in: fixture.workTree)
        try gitCLI("--git-dir", fixture.origin, "tag", "0.1.8", "main")
        #expect(throws: ReleaseError.tagExistsOnRemote(tag: "0.1.8", url: fixture.origin)) {
            try fixture.releaser().plan(BumpRequest(kind: .patch))
        }
    }

    @Test func refusesAVersionThatWouldGoBackwards() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try gitCLI("tag", "0.3.0", in: fixture.workTree)
        #expect(throws: ReleaseError.versionGoesBackwards(version: "0.1.8", tag: "0.3.0", tagVersion: "0.3.0")) {
            try fixture.releaser().plan(BumpRequest(kind: .patch))
        }
        #expect(throws: ReleaseError.cannotBump(path: "Foo.podspec", reason: VersionError.notAPrerelease("0.1.7").description)) {
            try fixture.releaser().plan(BumpRequest(kind: .release))
        }
    }

    @Test func aTagOnAnotherBranchDoesNotBlockAHotfix() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try gitCLI("checkout", "-q", "-b", "next", in: fixture.workTree)
        try "next\n".write(toFile: fixture.workTree + "/NEXT.md", atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: fixture.workTree)
        try gitCLI("commit", "-q", "-m", "next", in: fixture.workTree)
        try gitCLI("tag", "0.2.0", in: fixture.workTree)
        try gitCLI("checkout", "-q", "main", in: fixture.workTree)
        #expect(try fixture.releaser().plan(BumpRequest(kind: .patch)).to.description == "0.1.8")
    }

    @Test func refusesAPodspecItCannotRewriteSafely() throws {
        let podspec = """
            Pod::Spec.new do |s|
              s.name    = 'Foo'
              s.version = `git describe --tags`.strip
            end

            """
        let fixture = try ComponentFixture(podspec: podspec)
        defer { fixture.remove() }
        #expect {
            try fixture.releaser().plan(BumpRequest(kind: .patch))
        } throws: { error in
            guard let error = error as? ReleaseError else { return false }
            return error.description.hasPrefix("Foo.podspec:3: ") && error.description.hasSuffix("; nothing was changed")
        }
    }

    @Test func findsThePodspecOrSaysWhyNot() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.workTree + "/Sources", withIntermediateDirectories: true)
        try "x\n".write(toFile: fixture.workTree + "/Sources/a.swift", atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: fixture.workTree)
        try gitCLI("commit", "-q", "-m", "sources", in: fixture.workTree)
        let plan = try fixture.releaser(in: fixture.workTree + "/Sources").plan(BumpRequest(kind: .patch))
        #expect(plan.podspecDisplayPath == fixture.workTree + "/Foo.podspec")
        #expect(plan.podspecRelativePath == "Foo.podspec")

        try "{}".write(toFile: fixture.workTree + "/Bar.podspec.json", atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: fixture.workTree)
        try gitCLI("commit", "-q", "-m", "bar", in: fixture.workTree)
        #expect(throws: ReleaseError.severalPodspecs(directory: fixture.workTree, names: ["Bar.podspec.json", "Foo.podspec"])) {
            try fixture.releaser().plan(BumpRequest(kind: .patch))
        }
        #expect(try fixture.releaser().plan(BumpRequest(kind: .patch, podspec: "Foo.podspec")).to.description == "0.1.8")
        #expect(throws: ReleaseError.podspecMissing(path: "Nope.podspec")) {
            try fixture.releaser().plan(BumpRequest(kind: .patch, podspec: "Nope.podspec"))
        }
        #expect(throws: ReleaseError.notAGitRepository(path: fixture.root)) {
            try fixture.releaser(in: fixture.root).plan(BumpRequest(kind: .patch))
        }
    }

    @Test func refusesADetachedHeadAndAPushWithoutOrigin() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try gitCLI("remote", "remove", "origin", in: fixture.workTree)
        #expect(throws: ReleaseError.noRemote(name: "origin", workTree: fixture.workTree)) {
            try fixture.releaser().plan(BumpRequest(kind: .patch, push: true))
        }
        try gitCLI("checkout", "-q", "--detach", in: fixture.workTree)
        #expect(throws: ReleaseError.detachedHead(workTree: fixture.workTree)) {
            try fixture.releaser().plan(BumpRequest(kind: .patch))
        }
    }

    @Test func anUnreachableOriginIsAWarningWithoutPushAndAnErrorWithIt() throws {
        let fixture = try ComponentFixture()
        defer { fixture.remove() }
        try gitCLI("remote", "set-url", "origin", fixture.root + "/gone.git", in: fixture.workTree)
        let plan = try fixture.releaser().plan(BumpRequest(kind: .patch))
        #expect(plan.warnings == ["could not check whether tag 0.1.8 exists on \(fixture.root)/gone.git: cannot reach "
            + "\(fixture.root)/gone.git: \(fixture.root)/gone.git does not exist; check the url, the network, and that "
            + "the repository exists"])
        #expect {
            try fixture.releaser().plan(BumpRequest(kind: .patch, push: true))
        } throws: { error in
            guard case .remoteUnreachable(let url, _) = error as? ReleaseError else { return false }
            return url == fixture.root + "/gone.git"
        }
    }
}

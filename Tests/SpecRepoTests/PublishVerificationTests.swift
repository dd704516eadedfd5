import Foundation
import Git
import Podspec
import Testing
@testable import SpecRepo

/// Publish lists the spec repo before and after its change and pushes nothing when a pod
/// version would vanish or the new spec would not be listed, whatever caused it. The name
/// check normally stops such a spec first; these tests go around it, at the library level.
@Suite struct PublishVerificationTests {
    private static let rootLayout = podFiles("Bar", ["1.0.0"]).merging(podFiles("Baz", ["2.0.0", "2.1.0"]))

    /// `files` in memory as a spec tree.
    private func tree(_ files: [String: String]) -> InMemorySpecTree {
        InMemorySpecTree(location: "memory:acme", textFiles: files)
    }

    @Test func aChangeThatTurnsTheRootLayoutIntoSpecsHidesEveryPodAndIsRefused() throws {
        // A Specs/ folder appearing in a repo with pods at the root: CocoaPods would read only it.
        let plan = PublishPlan(name: "Foo", version: "1.0.0", kind: .add, path: "Specs/Foo/1.0.0/Foo.podspec.json")
        let after = Self.rootLayout.merging(["Specs/Foo/1.0.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0")])
        let expected = SpecRepoError.publishWouldLosePods(
            name: "Foo", version: "1.0.0", repository: "acme", path: plan.path,
            vanished: ["Bar 1.0.0", "Baz 2.1.0", "Baz 2.0.0"], listsNewSpec: true)
        #expect(throws: expected) {
            try SpecPublisher.verifyListing(before: tree(Self.rootLayout), after: tree(after), publishing: plan,
                                            repository: "acme")
        }
        #expect(expected.description == "publishing Foo 1.0.0 to acme would break the spec repo: the repo would no "
            + "longer list Bar 1.0.0, Baz 2.1.0, Baz 2.0.0; nothing was pushed: check the spec's name and the repo's "
            + "layout (Specs/, CocoaPods-version.yml) with `compctl repo show`")
    }

    @Test func aSpecThatTheRepoWouldNotListIsRefused() throws {
        // The published Ruby spec would sit beside a JSON one, which CocoaPods reads instead.
        let plan = PublishPlan(name: "Foo", version: "1.0.0", kind: .add, path: "Foo/1.0.0/Foo.podspec")
        let after = Self.rootLayout.merging(["Foo/1.0.0/Foo.podspec": rubySpec("Foo", "1.0.0"),
                                             "Foo/1.0.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0")])
        #expect(throws: SpecRepoError.publishWouldLosePods(
            name: "Foo", version: "1.0.0", repository: "acme", path: plan.path, vanished: [], listsNewSpec: false)) {
            try SpecPublisher.verifyListing(before: tree(Self.rootLayout), after: tree(after), publishing: plan,
                                            repository: "acme")
        }
        // Not there at all.
        #expect(throws: SpecRepoError.publishWouldLosePods(
            name: "Foo", version: "1.0.0", repository: "acme", path: plan.path, vanished: [], listsNewSpec: false)) {
            try SpecPublisher.verifyListing(before: nil, after: tree(Self.rootLayout), publishing: plan,
                                            repository: "acme")
        }
        // Filed where CocoaPods reads it: fine, also into an empty repo and with sharding.
        try SpecPublisher.verifyListing(
            before: tree(Self.rootLayout), after: tree(Self.rootLayout.merging(["Foo/1.0.0/Foo.podspec": rubySpec("Foo", "1.0.0")])),
            publishing: plan, repository: "acme")
        try SpecPublisher.verifyListing(before: nil, after: tree(podFiles("Foo", ["1.0.0"])),
                                        publishing: PublishPlan(name: "Foo", version: "1.0.0", kind: .add,
                                                                path: "Foo/1.0.0/Foo.podspec.json"),
                                        repository: "acme")
    }

    @Test func aForcedFixThatRespellsTheVersionKeepsEveryVersion() throws {
        let before = Self.rootLayout.merging(podFiles("Foo", ["1.0"]))
        let after = Self.rootLayout.merging(podFiles("Foo", ["1.0.0"]))
        try SpecPublisher.verifyListing(
            before: tree(before), after: tree(after),
            publishing: PublishPlan(name: "Foo", version: "1.0.0", kind: .fix, path: "Foo/1.0.0/Foo.podspec.json",
                                    replacedDirectory: "Foo/1.0"),
            repository: "acme")
    }

    /// What the push path builds from a real tip (the name check bypassed): a spec named
    /// Specs in a repo with pods at the root is caught by the listing, not only by its name.
    @Test func theChangeOfferedForPushIsVerifiedOnTheRealTree() throws {
        let fixture = try CacheFixture(files: Self.rootLayout)
        let repository = try Repository.open(at: fixture.remote)
        let tip = try repository.tree(repository.commit(repository.resolve("main")).tree)
        let spec = try PodspecFile.test("Specs", "1.0.0")
        #expect(throws: SpecRepoError.publishWouldLosePods(
            name: "Specs", version: "1.0.0", repository: "acme", path: "Specs/1.0.0/Specs.podspec.json",
            vanished: [], listsNewSpec: false)) {
            try SpecPublisher.change(publishing: spec, onto: tip, in: repository, location: fixture.remote,
                                     force: false, repository: "acme")
        }
        // A valid spec goes through, with the message and the tree the plan says.
        let (plan, change) = try SpecPublisher.change(publishing: .test("Foo", "1.0.0"), onto: tip, in: repository,
                                                      location: fixture.remote, force: false, repository: "acme")
        #expect(plan.path == "Foo/1.0.0/Foo.podspec.json")
        #expect(change.message == "[Add] Foo (1.0.0)")
    }

    @Test func aPodFolderThatWouldReplaceAFileOfTheRepoIsRefusedAndNothingIsPushed() throws {
        let fixture = try CacheFixture(files: Self.rootLayout.merging(["LICENSE": "MIT\n"]))
        let before = try references(of: fixture.remote)
        var publisher = SpecPublisher(cache: fixture.cache, policy: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(5)))
        publisher.listTags = { _ in ["1.0.0"] }
        let expected = SpecRepoError.pathTakenByFile(name: "LICENSE", version: "1.0.0", repository: "acme", path: "LICENSE")
        #expect(throws: expected) {
            try publisher.publish(.test("LICENSE", "1.0.0"), to: "acme", url: fixture.remote)
        }
        #expect(expected.description == "publishing LICENSE 1.0.0 to acme would replace the file LICENSE with a "
            + "folder; nothing was pushed: rename the pod, or move that file out of the way")
        #expect(try references(of: fixture.remote) == before)
        #expect(try gitCLI("--git-dir", fixture.remote, "show", "main:LICENSE") == "MIT")
    }
}

import Foundation
import Graph
@testable import Integration
import SpecRepo
import Testing
import TestSupport
import Versioning

/// What a Podfile's inputs take from Podfile.lock about sources: the pods trunk would give
/// when it cannot be read, and the source `SPEC REPOS` keeps a locked pod to.
@Suite struct PodfileInputsSourcesTests {
    static let lock = """
        PODS:
          - Foo (1.0.0):
            - PublicNet (~> 2.0)
          - PublicImage (5.18.0):
            - PublicImage/Core (= 5.18.0)
          - PublicImage/Core (5.18.0):
            - PublicCore (~> 1.0)
          - PublicNet (2.0.0)
          - PublicCore (1.0.0)

        DEPENDENCIES:
          - Foo (~> 1.0)
          - PublicImage (~> 5.18)

        SPEC REPOS:
          https://git.acme.example/ios/Specs.git:
            - Foo
          trunk:
            - PublicCore
            - PublicImage
            - PublicNet

        COCOAPODS: 1.15.2

        """

    /// A project whose Podfile reads the private repo `repo/` (Foo) and trunk.
    func project(podfile lines: [String], lock: String? = PodfileInputsSourcesTests.lock) throws
        -> (TemporaryDirectory, SpecRepoSource)
    {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"name": "Foo", "version": "1.0.0"}"#, to: "repo/Foo/1.0.0/Foo.podspec.json")
        try directory.write("source 'https://git.acme.example/ios/Specs.git'\nsource 'trunk'\nplatform :ios, '13.0'\n"
            + "target 'App' do\n" + lines.map { "  \($0)\n" }.joined() + "end\n", to: "Podfile")
        if let lock { try directory.write(lock, to: "Podfile.lock") }
        let repository = try SpecRepository(directory: directory("repo"))
        return (directory, SpecRepoSource(repository: repository, addresses: ["https://git.acme.example/ios/Specs.git"]))
    }

    @Test func publicPodsComeFromTheLockWithTheirDependenciesWhenTrunkIsNotRead() throws {
        let (directory, acme) = try project(podfile: ["pod 'Foo', '~> 1.0'", "pod 'PublicImage', '~> 5.18'", "pod 'NewPublic'"])
        let inputs = try PodfileInputs(path: directory("Podfile"), sources: [acme], trunkUnread: "compctl.yml says trunk: off")
        let fallback = try #require(inputs.trunkFallback)
        #expect(fallback.reason == "compctl.yml says trunk: off")
        #expect(fallback.pods == [
            LockedPod(name: "PublicCore", version: try Version("1.0.0")),
            LockedPod(name: "PublicImage", version: try Version("5.18.0"),
                      dependencies: [SpecDependency(name: "PublicCore", requirements: ["~> 1.0"])]),
            LockedPod(name: "PublicNet", version: try Version("2.0.0")),
            LockedPod(name: "NewPublic", version: nil),
        ])
        #expect(try PodfileInputs(path: directory("Podfile"), sources: [acme]).trunkFallback == nil)
    }

    @Test func withoutSpecReposTheLockedPodsNoReadableSourceHoldsArePublic() throws {
        let lock = Self.lock.components(separatedBy: "SPEC REPOS:")[0] + "COCOAPODS: 1.15.2\n"
        let (directory, acme) = try project(podfile: ["pod 'Foo'"], lock: lock)
        let inputs = try PodfileInputs(path: directory("Podfile"), sources: [acme], trunkUnread: "offline")
        #expect(inputs.trunkFallback?.pods.map(\.name) == ["PublicImage", "PublicNet", "PublicCore"])
    }

    @Test func specReposKeepsALockedPodToItsSourceUntilItsLineChanges() throws {
        let (directory, acme) = try project(podfile: ["pod 'Foo', '~> 1.0'", "pod 'PublicImage', '~> 5.19'"])
        let inputs = try PodfileInputs(path: directory("Podfile"), sources: [acme])
        // PublicImage's line changed (unlocked); trunk is not among the sources read.
        #expect(inputs.request.lockedSources == ["Foo": "repo"])

        let (explicit, source) = try project(podfile: ["pod 'Foo', '~> 1.0', :source => 'https://git.acme.example/ios/Specs.git'"])
        let withSource = try PodfileInputs(path: explicit("Podfile"), sources: [source])
        #expect(withSource.request.lockedSources.isEmpty)
        #expect(withSource.request.requirements.first?.source == "repo")
    }
}

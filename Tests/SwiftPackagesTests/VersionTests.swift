import Manifest
import Testing
@testable import SwiftPackages

@Suite struct SemanticVersionTests {
    @Test(arguments: [
        ("1.2.3", "1.2.3"), ("1.2.3-rc.1", "1.2.3-rc.1"), ("1.2.3-rc.1+build.5", "1.2.3-rc.1+build.5"),
        ("01.2.3", "1.2.3"), ("1.2.3-", "1.2.3-"),
    ])
    func strictVersionsParse(text: String, description: String) {
        #expect(SemanticVersion(text)?.description == description)
    }

    @Test(arguments: ["1.2", "1", "v1.2.3", "1.2.3.4", "1.2.x", "1.2.3-rc_1", "1.2.3-é", ""])
    func strictRefusals(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test(arguments: [
        ("v1.2.3", "1.2.3"), ("1.2", "1.2.0"), ("v1.2", "1.2.0"), ("2.0.0-beta.1", "2.0.0-beta.1"),
    ])
    func tagsParseLeniently(tag: String, version: String) {
        #expect(SemanticVersion(tag: tag)?.description == version)
    }

    @Test(arguments: ["V1.2.3", "1", "release-1", "latest", "1.2.3@swift-5"])
    func tagsThatAreNoVersion(tag: String) {
        #expect(SemanticVersion(tag: tag) == nil)
    }

    @Test func semverOrdering() {
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
                       "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0"].map { SemanticVersion($0)! }
        #expect(ordered.shuffled().sorted() == ordered)
        #expect(SemanticVersion("1.0.0+a")! == SemanticVersion("1.0.0+b")!)
        #expect(!SemanticVersion("1.0.0+a")!.isLiterallyEqual(to: SemanticVersion("1.0.0+b")!))
    }

    @Test func nextPatchOfAPrereleaseIsItsSuccessor() {
        #expect(SemanticVersion("1.2.3")!.nextPatch.description == "1.2.4")
        #expect(SemanticVersion("1.2.3-rc.1")!.nextPatch.description == "1.2.3-rc.1.0")
    }
}

@Suite struct RequirementTests {
    private func allows(_ requirement: PackageRequirement, _ versions: [String]) -> [String] {
        versions.filter { requirement.versionSet!.contains(SemanticVersion($0)!) }
    }

    private let candidates = ["0.9.0", "1.0.0", "1.2.3", "1.2.9", "1.3.0-rc.1", "1.3.0", "1.9.9", "2.0.0-beta.1", "2.0.0", "2.1.0"]

    @Test func fromIsUpToTheNextMajorWithoutPrereleases() {
        #expect(allows(.upToNextMajor(SemanticVersion("1.2.3")!), candidates) == ["1.2.3", "1.2.9", "1.3.0", "1.9.9"])
    }

    @Test func aBoundNamingAPrereleaseLetsPrereleasesIn() {
        // SwiftPM's rule: only when a bound names one, and never the upper bound's own prerelease.
        #expect(allows(.upToNextMajor(SemanticVersion("1.3.0-rc.1")!), candidates) == ["1.3.0-rc.1", "1.3.0", "1.9.9"])
        #expect(allows(.range(VersionRange(SemanticVersion("1.0.0")!, SemanticVersion("2.0.0-beta.2")!)), candidates)
            == ["1.0.0", "1.2.3", "1.2.9", "1.3.0-rc.1", "1.3.0", "1.9.9", "2.0.0-beta.1"])
    }

    @Test func upToNextMinorExactAndClosedRanges() {
        #expect(allows(.upToNextMinor(SemanticVersion("1.2.3")!), candidates) == ["1.2.3", "1.2.9"])
        #expect(allows(.exact(SemanticVersion("1.3.0-rc.1")!), candidates) == ["1.3.0-rc.1"])
        #expect(allows(.closedRange(SemanticVersion("1.0.0")!, SemanticVersion("1.9.9")!), candidates)
            == ["1.0.0", "1.2.3", "1.2.9", "1.3.0", "1.9.9"])
    }

    @Test func versionSetAlgebraKeepsSwiftPMsEquivalences() {
        let v = SemanticVersion("1.2.3")!
        #expect(VersionSet.exact(v) == .range(VersionRange(v, v.nextPatch)))
        let a = VersionSet.range(VersionRange(SemanticVersion("1.0.0")!, SemanticVersion("2.0.0")!))
        let b = VersionSet.range(VersionRange(SemanticVersion("1.5.0")!, SemanticVersion("3.0.0")!))
        #expect(a.intersection(b).description == "1.5.0..<2.0.0")
        #expect(a.difference(b).description == "1.0.0..<1.5.0")
        #expect(a.union(b).description == "1.0.0..<3.0.0")
        #expect(a.difference(.exact(SemanticVersion("1.5.0")!)).description == "{1.0.0..<1.5.0, 1.5.1..<2.0.0}")
    }
}

@Suite struct IdentityAndTagTests {
    @Test(arguments: [
        ("https://github.com/apple/swift-nio.git", "swift-nio"), ("https://github.com/Apple/Swift-NIO/", "swift-nio"),
        ("/srv/git/Net.git", "net"), ("git@git.acme.example:ios/Net.git", "net"), ("../Net", "net"),
    ])
    func identityIsTheLowerCasedLastComponent(location: String, identity: String) {
        #expect(PackageIdentity(location: location).description == identity)
        #expect(PackageIdentity(name: "NET") == PackageIdentity(location: location) || identity != "net")
    }

    @Test func canonicalLocationsIgnoreSchemeCaseAndGit() {
        #expect(PackageLocation.canonical("https://GitHub.com/apple/swift-nio.git/") == "github.com/apple/swift-nio")
        #expect(PackageLocation.canonical("git@github.com:apple/swift-nio.git") == "github.com/apple/swift-nio")
        #expect(PackageLocation.canonical("ssh://git@github.com/apple/swift-nio") == "github.com/apple/swift-nio")
    }

    @Test func tagsBecomeVersionsAsSwiftPMReadsThem() {
        let versions = VersionTags.versions(of: ["1.0.0", "v1.0.0", "1.1", "v1.1.0", "2.0.0-rc.1", "latest", "v3"],
                                            toolsVersion: .init(6, 3, 1))
        #expect(versions.map { "\($0.version)=\($0.tag)" } == ["1.0.0=1.0.0", "1.1.0=v1.1.0", "2.0.0-rc.1=2.0.0-rc.1"])
    }

    @Test func toolsVersionSpecificTagsReplaceThePlainOnes() {
        let versions = VersionTags.versions(of: ["1.0.0", "1.1.0", "1.0.5@swift-6", "1.0.4@swift-5"], toolsVersion: .init(6, 3, 1))
        #expect(versions.map { "\($0.version)=\($0.tag)" } == ["1.0.5=1.0.5@swift-6"])
    }

    @Test func versionSpecificManifestsAreChosenByToolsVersion() {
        let names = ["Package.swift", "Package@swift-5.swift", "Package@swift-6.2.swift", "Package@swift-7.swift"]
        #expect(ManifestSelection.manifestName(among: names, toolsVersion: .init(6, 3, 1)) { .init(5, 9) } == "Package@swift-6.2.swift")
        #expect(ManifestSelection.manifestName(among: names, toolsVersion: .init(6, 3, 1)) { .init(6, 3) } == "Package.swift")
        #expect(ManifestSelection.manifestName(among: ["Package.swift"], toolsVersion: .init(6, 3, 1)) { .init(5, 9) } == "Package.swift")
    }
}

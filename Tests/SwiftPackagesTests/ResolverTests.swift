import Foundation
import Manifest
import Testing
@testable import SwiftPackages

/// Packages held in memory: name → version → the dependencies of its manifest.
final class MemoryPackages: PackageContainerProvider, @unchecked Sendable {
    var manifests: [String: [String: String]] = [:]

    /// Adds `name` at `version`, depending on `dependencies` (`"Net": "from: \"1.0.0\""`).
    func add(_ name: String, _ version: String, _ dependencies: KeyValuePairs<String, String> = [:], tools: String = "5.9") {
        let declared = dependencies.map { "        .package(url: \"/repos/\($0.key).git\", \($0.value)),\n" }.joined()
        let used = dependencies.map { ".product(name: \"\($0.key)\", package: \"\($0.key)\")" }.joined(separator: ", ")
        manifests[name.lowercased(), default: [:]][version] = """
            // swift-tools-version:\(tools)
            import PackageDescription
            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])],
                dependencies: [
            \(declared)    ],
                targets: [.target(name: "\(name)", dependencies: [\(used)])]
            )

            """
    }

    func container(for location: String, identity: PackageIdentity) throws -> any PackageContainer {
        MemoryContainer(identity: identity, location: location, manifests: manifests[identity.description] ?? [:])
    }

    /// A root depending on `dependencies`.
    static func root(_ dependencies: KeyValuePairs<String, PackageRequirement>) -> RootPackage {
        RootPackage(displayName: "root package 'app'", identity: PackageIdentity(name: "app"),
                    dependencies: dependencies.map {
                        PackageDependencyDeclaration(identity: PackageIdentity(name: $0.key), location: "/repos/\($0.key).git",
                                                     requirement: $0.value)
                    })
    }
}

final class MemoryContainer: PackageContainer, @unchecked Sendable {
    let identity: PackageIdentity
    let location: String
    let manifests: [String: String]

    init(identity: PackageIdentity, location: String, manifests: [String: String]) {
        self.identity = identity
        self.location = location
        self.manifests = manifests
    }

    func versions() throws -> [TaggedVersion] {
        VersionTags.versions(of: Array(manifests.keys), toolsVersion: SwiftToolsVersion.current)
    }

    func manifest(at version: TaggedVersion, toolsVersion: PackageDeclaration.ToolsVersion) throws -> ManifestFile {
        ManifestFile(bytes: Array(manifests[version.tag]!.utf8), displayPath: "\(identity)@\(version.tag):Package.swift")
    }

    func revision(of version: TaggedVersion) throws -> String { String(repeating: "0", count: 40) }
}

private func v(_ text: String) -> SemanticVersion { SemanticVersion(text)! }

@Suite struct ResolverTests {
    private func resolve(_ packages: MemoryPackages, _ root: RootPackage, pins: [String: String] = [:]) throws -> [String] {
        let resolver = PackageResolver(provider: packages,
                                       pins: Dictionary(uniqueKeysWithValues: pins.map { (PackageIdentity(name: $0.key), v($0.value)) }))
        return try resolver.resolve(root).packages.map { "\($0.identity) \($0.state.label)" }
    }

    @Test func anRCThatFromDoesNotPick() throws {
        let packages = MemoryPackages()
        packages.add("Net", "1.0.0")
        packages.add("Net", "1.1.0-rc.1")
        #expect(try resolve(packages, MemoryPackages.root(["Net": .upToNextMajor(v("1.0.0"))])) == ["net 1.0.0"])
        #expect(try resolve(packages, MemoryPackages.root(["Net": .exact(v("1.1.0-rc.1"))])) == ["net 1.1.0-rc.1"])
    }

    @Test func aDiamondTakesTheHighestVersionEveryoneAllows() throws {
        let packages = MemoryPackages()
        for version in ["1.0.0", "1.4.0", "1.6.0"] { packages.add("Core", version) }
        packages.add("Net", "1.0.0", ["Core": "from: \"1.0.0\""])
        packages.add("UI", "2.0.0", ["Core": "\"1.0.0\"..<\"1.5.0\""])
        let root = MemoryPackages.root(["Net": .upToNextMajor(v("1.0.0")), "UI": .upToNextMajor(v("2.0.0"))])
        #expect(try resolve(packages, root) == ["core 1.4.0", "net 1.0.0", "ui 2.0.0"])
    }

    @Test func pinnedVersionsAreKeptWhileAllowed() throws {
        let packages = MemoryPackages()
        for version in ["1.0.0", "1.1.0", "1.2.0"] { packages.add("Net", version) }
        let root = MemoryPackages.root(["Net": .upToNextMajor(v("1.0.0"))])
        #expect(try resolve(packages, root, pins: ["net": "1.1.0"]) == ["net 1.1.0"])
        #expect(try resolve(packages, root, pins: ["net": "0.9.0"]) == ["net 1.2.0"])
    }

    @Test func aConflictIsExplainedRequirementByRequirement() throws {
        let packages = MemoryPackages()
        packages.add("Core", "1.0.0")
        packages.add("Core", "2.0.0")
        packages.add("Net", "1.0.0", ["Core": "exact: \"1.0.0\""])
        let root = MemoryPackages.root(["Net": .upToNextMajor(v("1.0.0")), "Core": .upToNextMajor(v("2.0.0"))])
        #expect(throws: PackageError.conflict("""
            Because 'net' 1.0.0 depends on 'core' exact 1.0.0 and no version of 'net' 1.0.1..<2.0.0 matches, 'net' 1.0.0..<2.0.0 requires 'core' 1.0.0.
            And because root package 'app' depends on 'net' from 1.0.0, 'core' 1.0.0 is required.
            So, because root package 'app' depends on 'core' from 2.0.0, version solving failed.
            """)) {
            try resolve(packages, root)
        }
    }

    @Test func oneIdentityForTwoRepositoriesIsRefused() throws {
        let packages = MemoryPackages()
        packages.add("Core", "1.0.0")
        packages.add("Net", "1.0.0", ["Core": "from: \"1.0.0\""])
        var root = MemoryPackages.root(["Net": .upToNextMajor(v("1.0.0"))])
        root.dependencies.append(PackageDependencyDeclaration(identity: PackageIdentity(name: "core"),
                                                              location: "/elsewhere/Core.git", requirement: .upToNextMajor(v("1.0.0"))))
        #expect(throws: PackageError.identityConflict(identity: PackageIdentity(name: "core"), first: "/elsewhere/Core.git",
                                                       second: "/repos/Core.git")) {
            try resolve(packages, root)
        }
    }

    @Test func versionsForANewerSwiftAreSkipped() throws {
        let packages = MemoryPackages()
        packages.add("Net", "1.0.0")
        packages.add("Net", "1.1.0", tools: "9.0")
        #expect(try resolve(packages, MemoryPackages.root(["Net": .upToNextMajor(v("1.0.0"))])) == ["net 1.0.0"])
    }

    @Test func aComputedManifestIsFlaggedAndItsLiteralPartUsed() throws {
        let packages = MemoryPackages()
        packages.add("Core", "1.0.0")
        packages.manifests["net"] = ["1.0.0": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Net", dependencies: [.package(url: "/repos/Core.git", from: "1.0.0")])
            package.dependencies += [.package(url: "/repos/Extra.git", from: "1.0.0")]

            """]
        let resolution = try PackageResolver(provider: packages).resolve(MemoryPackages.root(["Net": .upToNextMajor(v("1.0.0"))]))
        #expect(resolution.packages.map(\.identity.description) == ["core", "net"])
        #expect(resolution.flagged.map(\.description) == [
            "net@1.0.0:Package.swift:4: `package.dependencies` is changed by code compctl does not run; declare every dependency in the `Package(…)` initializer",
            "net@1.0.0:Package.swift:4: this `.package(…)` is not an entry of the literal `dependencies:` list of `Package(…)`, so it depends on code compctl does not run; declare it in that list",
        ])
    }
}

@Suite struct PackageResolvedFileTests {
    @Test func formatsTwoAndThreeAreWrittenAsSwiftPMWritesThem() throws {
        let pins = [PackageResolvedFile.Pin(identity: PackageIdentity(name: "net"), kind: "remoteSourceControl",
                                            location: "https://git.acme.example/ios/Net.git", version: "1.2.0",
                                            revision: "0123456789012345678901234567890123456789")]
        let v3 = PackageResolvedFile(format: 3, originHash: "abc", pins: pins)
        #expect(String(decoding: v3.encoded(), as: UTF8.self) == """
            {
              "originHash" : "abc",
              "pins" : [
                {
                  "identity" : "net",
                  "kind" : "remoteSourceControl",
                  "location" : "https://git.acme.example/ios/Net.git",
                  "state" : {
                    "revision" : "0123456789012345678901234567890123456789",
                    "version" : "1.2.0"
                  }
                }
              ],
              "version" : 3
            }

            """)
        let read = try PackageResolvedFile(data: Data(v3.encoded()), path: "Package.resolved")
        #expect(read == v3)
        #expect(try PackageResolvedFile(data: Data(PackageResolvedFile(format: 2, originHash: "x", pins: pins).encoded()), path: "P").originHash == nil)
    }

    @Test func formatOneIsReadAndWritten() throws {
        let text = """
            {
              "object": {
                "pins": [
                  {
                    "package": "Net",
                    "repositoryURL": "https://git.acme.example/ios/Net.git",
                    "state": {
                      "branch": null,
                      "revision": "0123456789012345678901234567890123456789",
                      "version": "1.2.0"
                    }
                  }
                ]
              },
              "version": 1
            }

            """
        let file = try PackageResolvedFile(data: Data(text.utf8), path: "Package.resolved")
        #expect(file.versions == [PackageIdentity(name: "net"): v("1.2.0")])
        #expect(String(decoding: file.encoded(), as: UTF8.self) == text)
    }

    @Test func aBrokenFileIsAnErrorNamingIt() {
        #expect(throws: PackageError.malformedResolvedFile(path: "App/Package.resolved", reason: "unknown 'Package.resolved' version '9'")) {
            try PackageResolvedFile(data: Data("{\"version\": 9}".utf8), path: "App/Package.resolved")
        }
    }
}

import Foundation
import PackageSynth
import Testing
import TestSupport
@testable import SwiftPackages

/// Packages behind a URL (here `git://` on 127.0.0.1): read through a bare mirror in the
/// cache, made on first use and fetched on the next.
@Suite struct RemotePackageTests {
    @Test func aRemotePackageIsMirroredAndItsTagsRead() throws {
        try TestGit.isolate()
        let directory = try TemporaryDirectory()
        typealias Release = PackageUniverse.Release
        let universe = PackageUniverse(packages: [
            .init(name: "Core", releases: [Release(version: "1.0.0"), Release(version: "1.1.0", tag: "v1.1.0")]),
        ], root: [])
        try universe.write(to: directory.path("served"))
        let daemon = try LocalGitDaemon(basePath: directory.path("served"))
        let provider = GitPackageContainerProvider(cacheDirectory: directory.path("cache"))
        let container = try provider.container(for: daemon.url("Core.git"), identity: PackageIdentity(name: "core"))
        #expect(try container.versions().map { "\($0.version)=\($0.tag)" } == ["1.0.0=1.0.0", "1.1.0=v1.1.0"])
        let manifest = try container.manifest(at: try container.versions()[1], toolsVersion: SwiftToolsVersion.current)
        #expect(String(decoding: manifest.bytes, as: UTF8.self).contains("name: \"Core\""))
        #expect(manifest.displayPath == "\(daemon.url("Core.git"))@v1.1.0:Package.swift")
        let mirrors = try FileManager.default.contentsOfDirectory(atPath: directory.path("cache"))
        #expect(mirrors.count == 1 && mirrors[0].hasPrefix("core-") && mirrors[0].hasSuffix(".git"), "\(mirrors)")

        // A new release is fetched into the same mirror on the next run.
        try gitCLI("--git-dir", directory.path("served/Core.git"), "tag", "1.2.0", "v1.1.0")
        let next = try GitPackageContainerProvider(cacheDirectory: directory.path("cache"))
            .container(for: daemon.url("Core.git"), identity: PackageIdentity(name: "core"))
        #expect(try next.versions().map(\.version.description) == ["1.0.0", "1.1.0", "1.2.0"])

        let unreachable = GitPackageContainerProvider(cacheDirectory: directory.path("cache"))
        #expect(throws: PackageError.self) {
            try unreachable.container(for: daemon.url("Missing.git"), identity: PackageIdentity(name: "missing"))
        }
    }
}

import Foundation
import Git
import PackageSynth
import Testing
import TestSupport
@testable import SwiftPackages

/// The oracle: `swift package resolve`, run for real, offline, on universes of local bare
/// repositories. compctl's resolver must pick the versions SwiftPM writes to
/// Package.resolved, write that file byte for byte as SwiftPM does, and fail where SwiftPM
/// fails. Each run of SwiftPM costs seconds, so the suite keeps to a handful of universes;
/// `scripts/bench.sh` runs a 200-package one.
@Suite(.serialized) struct SwiftPMAgreementTests {
    /// What both tools made of one universe.
    struct Outcome: Sendable {
        var swift: [String]
        var compctl: [String]
        var swiftResolved: String?
        var compctlResolved: String?
        var swiftLog: String
        var compctlError: String?
    }

    /// Writes `universe`, resolves it with SwiftPM and with compctl.
    static func compare(_ universe: PackageUniverse) throws -> Outcome {
        try TestGit.isolate()
        let directory = try TemporaryDirectory()
        let manifest = try universe.write(to: directory.path("repos"))
        try directory.write(manifest, to: "App/Package.swift")
        try directory.write("public let app = 1\n", to: "App/Sources/App/App.swift")
        let swift = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "package", "resolve", "--scratch-path", directory.path("scratch"), "--cache-path", directory.path("cache"),
             "--manifest-cache", "local", "--package-path", directory.path("App")])
        let resolvedPath = directory.path("App/Package.resolved")
        var outcome = Outcome(swift: [], compctl: [], swiftLog: swift.stderr + swift.stdout)
        if swift.exitCode == 0, let data = FileManager.default.contents(atPath: resolvedPath) {
            outcome.swiftResolved = String(decoding: data, as: UTF8.self)
            let file = try PackageResolvedFile(data: data, path: resolvedPath)
            outcome.swift = file.pins.map { "\($0.identity) \($0.version ?? "?")" }
            try FileManager.default.removeItem(atPath: resolvedPath)
        } else {
            outcome.swift = ["conflict"]
        }
        let project = try PackageSwiftProject(path: directory.path("App"))
        let provider = GitPackageContainerProvider(cacheDirectory: directory.path("compctl-cache"))
        do {
            let resolution = try PackageProjectResolution.resolve(project, provider: provider)
            outcome.compctl = resolution.packages.map { "\($0.identity) \($0.state.label)" }
            let file = try PackageResolvedFile(resolution: resolution, format: project.resolvedFormat,
                                               originHash: PackageSwiftProject.originHash(of: project.bytes), provider: provider)
            outcome.compctlResolved = String(decoding: file.encoded(), as: UTF8.self)
        } catch let PackageError.conflict(explanation) {
            outcome.compctl = ["conflict"]
            outcome.compctlError = explanation
        }
        return outcome
    }

    /// Generated universes: ranges of every form, rcs, `v` tags, two-part tags, unused
    /// declarations, diamonds; seed 1 has no solution.
    static let generated: [(seed: UInt64, packages: Int, versions: Int, root: Int)] = [
        (2, 12, 6, 4), (3, 12, 6, 4), (1, 12, 6, 4),
    ]

    @Test(arguments: generated.indices)
    func compctlResolvesWhatSwiftPackageResolveWrites(index: Int) async throws {
        let parameters = Self.generated[index]
        let universe = PackageUniverse.generate(seed: parameters.seed, count: parameters.packages, versions: parameters.versions,
                                                rootDependencies: parameters.root)
        let outcome = try await onOwnThread { try Self.compare(universe) }
        #expect(outcome.compctl == outcome.swift, "seed \(parameters.seed): \(outcome.swiftLog)\n\(outcome.compctlError ?? "")")
        #expect(outcome.compctlResolved == outcome.swiftResolved, "seed \(parameters.seed)")
        if parameters.seed == 1 {
            #expect(outcome.swift == ["conflict"] && outcome.compctlError?.hasSuffix("version solving failed.") == true)
        }
    }

    /// A diamond whose shared package has an rc that `from:` must not pick, a `v`-tagged
    /// package, and a root that names an rc exactly.
    @Test func aDiamondWithRCs() async throws {
        typealias Release = PackageUniverse.Release
        typealias Dependency = PackageUniverse.Dependency
        let universe = PackageUniverse(packages: [
            .init(name: "Core", releases: [Release(version: "1.0.0"), Release(version: "1.1.0"), Release(version: "1.2.0-rc.1"),
                                            Release(version: "2.0.0")]),
            .init(name: "Net", releases: [
                Release(version: "1.0.0", tag: "v1.0.0", dependencies: [Dependency(package: "Core", requirement: "from: \"1.0.0\"")]),
                Release(version: "1.1.0", tag: "v1.1", dependencies: [Dependency(package: "Core", requirement: "\"1.1.0\"..<\"2.0.0\"")]),
            ]),
            .init(name: "UI", releases: [
                Release(version: "3.0.0", dependencies: [Dependency(package: "Core", requirement: ".upToNextMinor(from: \"1.0.0\")")]),
                Release(version: "3.1.0-rc.2", dependencies: [Dependency(package: "Core", requirement: "exact: \"1.2.0-rc.1\"")]),
            ]),
            .init(name: "Pay", releases: [Release(version: "0.1.0"), Release(version: "0.1.1-rc.1")]),
        ], root: [
            Dependency(package: "Net", requirement: "from: \"1.0.0\""), Dependency(package: "UI", requirement: "from: \"3.0.0\""),
            Dependency(package: "Pay", requirement: "exact: \"0.1.1-rc.1\""),
        ])
        let outcome = try await onOwnThread { try Self.compare(universe) }
        #expect(outcome.swift == ["core 1.0.0", "net 1.0.0", "pay 0.1.1-rc.1", "ui 3.0.0"], "\(outcome.swiftLog)")
        #expect(outcome.compctl == outcome.swift)
        #expect(outcome.compctlResolved == outcome.swiftResolved)
    }
}

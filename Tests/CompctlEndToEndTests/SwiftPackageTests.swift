import Foundation
import PackageSynth
import Testing

/// A world of component packages in bare repositories and a main package `App` (a git
/// repository with an origin) that depends on them.
final class PackageWorld: @unchecked Sendable {
    typealias Release = PackageUniverse.Release
    typealias Dependency = PackageUniverse.Dependency

    let world: GitWorld
    let universe: PackageUniverse

    /// `Core` 1.0.0, 1.1.0 and 1.2.0-rc.1; `Net` 1.0.0 and 1.1.0 on `Core` from 1.0.0; `UI`
    /// 2.0.0 on `Core` ..<1.1.0; the app on `Net` and `UI` from their first versions.
    static let standard = PackageUniverse(packages: [
        .init(name: "Core", releases: [Release(version: "1.0.0"), Release(version: "1.1.0"), Release(version: "1.2.0-rc.1")]),
        .init(name: "Net", releases: [
            Release(version: "1.0.0", dependencies: [Dependency(package: "Core", requirement: "from: \"1.0.0\"")]),
            Release(version: "1.1.0", dependencies: [Dependency(package: "Core", requirement: "from: \"1.0.0\"")]),
        ]),
        .init(name: "UI", releases: [
            Release(version: "2.0.0", dependencies: [Dependency(package: "Core", requirement: "\"1.0.0\"..<\"1.1.0\"")]),
        ]),
    ], root: [
        Dependency(package: "Net", requirement: "from: \"1.0.0\""), Dependency(package: "UI", requirement: "from: \"2.0.0\""),
    ])

    init(_ universe: PackageUniverse = standard) throws {
        try TestGit.isolate()
        world = try GitWorld()
        self.universe = universe
        let manifest = try universe.write(to: world("repos"))
        try world.write(["Package.swift": manifest, "Sources/App/App.swift": "public let app = 1\n"], under: "App")
        try gitCLI("init", "-q", "-b", "main", world("App"))
        try gitCLI("config", "user.name", "Alice", in: world("App"))
        try gitCLI("config", "user.email", "alice@example.invalid", in: world("App"))
        try gitCLI("add", "-A", in: world("App"))
        try gitCLI("commit", "-q", "-m", "app", in: world("App"))
    }

    /// Runs compctl in the app.
    func compctl(_ arguments: [String]) throws -> CommandResult {
        try world.compctl(arguments, in: world("App"))
    }
}

@Suite struct SwiftPackageResolveTests {
    @Test func aPackageSwiftInTheCurrentDirectoryIsTheMainProject() throws {
        let packages = try PackageWorld()
        let result = try packages.compctl(["resolve"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "core\t1.0.0\nnet\t1.1.0\nui\t2.0.0\n")
        #expect(result.stderr == "")

        let json = try packages.compctl(["resolve", "--json"])
        #expect(json.exitCode == 0)
        #expect(json.stdout.contains("\"packages\" : {\n    \"core\" : \"1.0.0\",\n    \"net\" : \"1.1.0\",\n    \"ui\" : \"2.0.0\"\n  }"), "\(json.stdout)")
    }

    @Test func aConflictIsExplainedAndExitsTwo() throws {
        var universe = PackageWorld.standard
        universe.root.append(.init(package: "Core", requirement: "from: \"1.1.0\""))
        let packages = try PackageWorld(universe)
        let result = try packages.compctl(["resolve"])
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: Package.swift cannot be resolved:
            Because 'ui' 2.0.0 depends on 'core' 1.0.0..<1.1.0 and no version of 'ui' 2.0.1..<3.0.0 matches, 'ui' 2.0.0..<3.0.0 requires 'core' 1.0.0..<1.1.0.
            And because root package 'app' depends on 'ui' from 2.0.0, 'core' 1.0.0..<1.1.0 is required.
            So, because root package 'app' depends on 'core' from 1.1.0, version solving failed.

            """)
    }
}

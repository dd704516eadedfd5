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

    /// What compctl cannot read without running Swift is reported with its file and line and
    /// left out, never guessed: code that changes a component's dependencies at one of its tags,
    /// and a computed url in the app's own Package.swift.
    @Test func computedDeclarationsAreReportedWithTheirLine() throws {
        let packages = try PackageWorld()
        let (core, net) = (packages.world("repos/Core.git"), packages.world("net-clone"))
        try gitCLI("clone", "-q", "-b", "main", packages.world("repos/Net.git"), net)
        try """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Net",
                products: [.library(name: "Net", targets: ["Net"])],
                dependencies: [.package(url: "\(core)", from: "1.0.0")],
                targets: [.target(name: "Net", dependencies: [.product(name: "Core", package: "Core")])]
            )
            package.dependencies += [.package(url: "/elsewhere/Extra.git", from: "1.0.0")]

            """.write(toFile: net + "/Package.swift", atomically: true, encoding: .utf8)
        try gitCLI("commit", "-qam", "Net 1.2.0", in: net)
        try gitCLI("tag", "1.2.0", in: net)
        try gitCLI("push", "-q", "origin", "main", "1.2.0", in: net)
        let app = packages.world("App")
        var manifest = try String(contentsOfFile: app + "/Package.swift", encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "let package = Package(", with: "let repos = \"\(packages.world("repos"))\"\nlet package = Package(")
        manifest = manifest.replacingOccurrences(of: "    dependencies: [\n", with: "    dependencies: [\n        .package(url: repos + \"/Extra.git\", from: \"1.0.0\"),\n")
        try manifest.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        let line = manifest.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("repos + ") }! + 1

        let result = try packages.compctl(["resolve"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "core\t1.0.0\nnet\t1.2.0\nui\t2.0.0\n")
        #expect(result.stderr.contains("warning: Package.swift:\(line): the url of this `.package` is computed (`url: repos + \"/Extra.git\"`); write it as a string literal"), "\(result.stderr)")
        #expect(result.stderr.contains("repos/Net.git@1.2.0:Package.swift:10: `package.dependencies` is changed by code compctl does not run"), "\(result.stderr)")
        #expect(!result.stderr.contains("Extra.git\", from"), "nothing is guessed from the computed parts: \(result.stderr)")
        let json = try packages.compctl(["resolve", "--json"])
        #expect(json.stdout.contains("\"flagged\" : [\n    \"Package.swift:\(line): the url"), "\(json.stdout)")
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

@Suite struct SwiftPackageOutdatedAndReportTests {
    /// A compctl.yml naming only the app's Package.swift: `outdated` used to stop at
    /// "no Podfile at 'Podfile'".
    @Test func outdatedCoversAProjectWithOnlyAPackageSwift() throws {
        let packages = try PackageWorld()
        try packages.world.write(["compctl.yml": "projects:\n  - name: App\n    package_swift: Package.swift\n"], under: "App")
        let result = try packages.compctl(["outdated", "--now", "2023-11-15T12:00:00Z"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == """
            PROJECT  PACKAGE  PINNED  RELEASE  RC
            App      core     1.0.0   1.1.0    1.2.0-rc.1 (pending)

            """)
        let all = try packages.compctl(["outdated", "--all", "--now", "2023-11-15T12:00:00Z"])
        #expect(all.stdout == """
            PROJECT  PACKAGE  PINNED              RELEASE  RC
            App      core     1.0.0               1.1.0    1.2.0-rc.1 (pending)
            App      net      1.1.0 (from 1.0.0)  1.1.0    -
            App      ui       2.0.0 (from 2.0.0)  2.0.0    -

            """, "\(all.stderr)")
    }

    /// Components published both as pods and as packages, used by a main project through its
    /// Package.swift only: `report skew` used to call every one of them unused.
    @Test func reportSkewCountsComponentsAPackageSwiftUses() throws {
        let packages = try PackageWorld()
        var specs: [String: String] = [:]
        for name in ["Core", "Net", "UI"] {
            specs["\(name)/1.0.0/\(name).podspec.json"] = """
                {"name": "\(name)", "version": "1.0.0", "source": {"git": "\(packages.world("repos/\(name).git"))", "tag": "1.0.0"}}
                """
        }
        try packages.world.specRepo(files: specs)
        try packages.world.write(["compctl.yml": """
            spec_repos:
              - name: specs
                url: \(packages.world("specs.git"))
            projects:
              - name: App
                package_swift: Package.swift

            """], under: "App")
        let result = try packages.compctl(["report", "skew", "--format", "json", "--now", "2023-11-15T12:00:00Z"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("names no podfile"), "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let unused = (json?["unused"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(unused == [], "\(result.stdout)")
    }
}

@Suite struct SwiftPackageGraphTests {
    @Test func whyNamesEveryPathToAPackageInAnyCase() throws {
        let packages = try PackageWorld()
        let result = try packages.compctl(["why", "Core"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == """
            package 'app' → net (from 1.0.0) → core (from 1.0.0)
            package 'app' → ui (from 2.0.0) → core (1.0.0..<1.1.0)

            """)
    }

    @Test func theResolvedGraphAndItsWaves() throws {
        let packages = try PackageWorld()
        let graph = try packages.compctl(["graph", "--package", "."])
        #expect(graph.exitCode == 0, "\(graph.stderr)")
        #expect(graph.stdout == """
            package 'app'
              → net (from 1.0.0)
              → ui (from 2.0.0)
            core (1.0.0)
            net (1.1.0)
              → core (from 1.0.0)
            ui (2.0.0)
              → core (1.0.0..<1.1.0)

            """)
        let waves = try packages.compctl(["graph", "--package", ".", "--affected", "Core"])
        #expect(waves.stdout == "wave 0: core\nwave 1: net ui\n", "\(waves.stderr)")
    }

    /// Skew and unsatisfiable requirements between component packages, by SwiftPM's rules:
    /// `from: "1.2.0"` is not satisfied by 1.2.0-rc.1, and `exact: "1.0.0"` and `from: "1.1.0"`
    /// leave no version of core for both.
    @Test func skewAndUnsatisfiableRequirementsOfTheComponentPackages() throws {
        typealias Release = PackageUniverse.Release
        typealias Dependency = PackageUniverse.Dependency
        let universe = PackageUniverse(packages: [
            .init(name: "Core", releases: [Release(version: "1.0.0"), Release(version: "1.1.0"), Release(version: "1.2.0-rc.1")]),
            .init(name: "Net", releases: [Release(version: "1.0.0", dependencies: [Dependency(package: "Core", requirement: "exact: \"1.0.0\"")])]),
            .init(name: "UI", releases: [Release(version: "1.0.0", dependencies: [Dependency(package: "Core", requirement: "from: \"1.1.0\"")])]),
            .init(name: "Pay", releases: [Release(version: "1.0.0", dependencies: [Dependency(package: "Core", requirement: "from: \"1.2.0\"")])]),
        ], root: [Dependency(package: "Net", requirement: "from: \"1.0.0\"")])
        let packages = try PackageWorld(universe)
        let list = ["Core", "Net", "UI", "Pay"].map { "  - \(packages.world("repos/\($0).git"))\n" }.joined()
        try packages.world.write(["compctl.yml": "packages:\n\(list)projects:\n  - name: App\n    package_swift: Package.swift\n"], under: "App")
        let result = try packages.compctl(["graph", "--check"])
        #expect(result.exitCode == 2)
        #expect(result.stdout == """
            unsatisfiable: pay (1.0.0) requires core (from 1.2.0), which no version of core satisfies (SwiftPM takes a prerelease only when a bound names one)
            skew: core: net (1.0.0) requires exact 1.0.0 but ui (1.0.0) requires from 1.1.0; no version of core satisfies both

            """, "\(result.stderr)")
        #expect(result.stderr == "2 problems in the newest releases of 4 packages\n")
    }

    @Test func theChecksOfTheComponentPackages() throws {
        typealias Release = PackageUniverse.Release
        typealias Dependency = PackageUniverse.Dependency
        let universe = PackageUniverse(packages: [
            .init(name: "Core", releases: [Release(version: "1.0.0"), Release(version: "1.1.0-rc.1")]),
            .init(name: "Net", releases: [Release(version: "1.0.0", dependencies: [Dependency(package: "Core", requirement: "exact: \"1.1.0-rc.1\"")])]),
            .init(name: "Cart", releases: [Release(version: "1.0.0", dependencies: [Dependency(package: "Detail", requirement: "from: \"1.0.0\"")])]),
            .init(name: "Detail", releases: [Release(version: "1.0.0", dependencies: [Dependency(package: "Cart", requirement: "from: \"1.0.0\"")])]),
            .init(name: "Log", releases: [Release(version: "2.0.0", dependencies: [Dependency(package: "Net", requirement: "from: \"1.0.0\"")])]),
        ], root: [Dependency(package: "Cart", requirement: "from: \"1.0.0\"")])
        let packages = try PackageWorld(universe)
        try packages.world.write(["compctl.yml": """
            packages:
              - \(packages.world("repos/Core.git"))
              - url: \(packages.world("repos/Net.git"))
              - \(packages.world("repos/Log.git"))
            projects:
              - name: App
                package_swift: Package.swift
            layers:
              - name: base
                pods: ["Core", "Log"]
              - name: feature
                pods: ["*"]

            """], under: "App")
        let result = try packages.compctl(["graph", "--check"])
        #expect(result.exitCode == 2)
        #expect(result.stdout == """
            cycle: cart (1.0.0) → detail (from 1.0.0) → cart (from 1.0.0)
            layer: log (2.0.0) in layer base depends on net (from 1.0.0) in the higher layer feature
            rc-leak: core 1.1.0-rc.1 is a release candidate: net (1.0.0), a release, asks for it by name (exact 1.1.0-rc.1), so every project that takes net 1.0.0 gets it too

            """, "\(result.stderr)")
        #expect(result.stderr == "3 problems in the newest releases of 5 packages\n")
    }
}

import Foundation
import PackageSynth
import Testing

@Suite struct SwiftPackageIntegrateTests {
    /// The app's files and commits, to show that a refused or failed integrate changed nothing.
    private func snapshot(_ packages: PackageWorld) throws -> [String] {
        let app = packages.world("App")
        return [try gitCLI("log", "--format=%H %s", in: app), try gitCLI("status", "--porcelain", in: app),
                try String(contentsOfFile: app + "/Package.swift", encoding: .utf8),
                (try? String(contentsOfFile: app + "/Package.resolved", encoding: .utf8)) ?? "(none)"]
    }

    @Test func aPassingCheckPinsAndCommitsBothFiles() throws {
        let packages = try PackageWorld()
        let check = "grep -q 'Net.git\", exact: \"1.1.0\"' Package.swift && grep -q '\"version\" : \"1.1.0\"' Package.resolved"
        let result = try packages.compctl(["integrate", "net=1.1.0", "--check-command", check])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "integrated net=1.1.0 into Package.swift\n")
        let app = packages.world("App")
        #expect(try gitCLI("log", "-1", "--format=%B", in: app) == "Integrate net 1.1.0\n\nPins:\n  .package(net, exact: \"1.1.0\")")
        #expect(try gitCLI("show", "--name-only", "--format=", "HEAD", in: app) == "Package.resolved\nPackage.swift")
        #expect(try gitCLI("status", "--porcelain", in: app) == "")
        let manifest = try String(contentsOfFile: app + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(url: \"\(packages.world("repos/Net.git"))\", exact: \"1.1.0\"),"))
        #expect(manifest.contains(".package(url: \"\(packages.world("repos/UI.git"))\", from: \"2.0.0\"),"))
        // Every package pinned, with the originHash of the pinned manifest.
        let resolved = try String(contentsOfFile: app + "/Package.resolved", encoding: .utf8)
        #expect(resolved.contains("\"identity\" : \"core\""))
        #expect(resolved.contains("\"identity\" : \"ui\""))
        #expect(resolved.hasPrefix("{\n  \"originHash\" : \""))

        let again = try packages.compctl(["integrate", "net=1.1.0", "--check-command", "false"])
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(again.stdout == "net=1.1.0 already integrated into Package.swift\n")
    }

    @Test func aFailedCheckRestoresTheFilesByteForByte() throws {
        let packages = try PackageWorld()
        let before = try snapshot(packages)
        let result = try packages.compctl(["integrate", "Net=1.1.0", "--check-command", "echo boom; exit 3"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("error: the compile check failed with exit code 3; nothing was published and Package.swift and Package.resolved were restored\nboom\n"), "\(result.stderr)")
        #expect(try snapshot(packages) == before)
    }

    @Test func aConflictOrAnUnknownPackageChangesNothing() throws {
        let packages = try PackageWorld()
        let before = try snapshot(packages)
        let conflict = try packages.compctl(["integrate", "core=1.1.0", "--check-command", "true"])
        #expect(conflict.exitCode == 1)
        // core is no dependency the app declares: it is pinned through the packages that use it.
        #expect(conflict.stderr.contains("error: no package 'core' in the project's dependency graph (packages: net, ui)"), "\(conflict.stderr)")
        let missing = try packages.compctl(["integrate", "ui=9.0.0", "--check-command", "true"])
        #expect(missing.exitCode == 1)
        #expect(missing.stderr.contains("error: package 'ui' has no tag for version 9.0.0"), "\(missing.stderr)")
        #expect(try snapshot(packages) == before)
    }

    /// `Net` and `net` are one package (SwiftPM's identities ignore case): two versions of it
    /// are refused before anything changes. They were taken, the manifest pinned at the first
    /// and Package.resolved at the second.
    @Test func onePackageNamedTwiceInAnyCaseIsRefused() throws {
        let packages = try PackageWorld()
        let before = try snapshot(packages)
        for command in [["integrate", "Net=1.1.0", "net=1.0.0", "--check-command", "true"], ["pin", "Net=1.1.0", "net=1.0.0"]] {
            let result = try packages.compctl(command)
            #expect(result.exitCode == 1, "\(command): \(result.stdout)")
            #expect(result.stderr.contains("error: package 'net' is given twice, at 1.1.0 and at 1.0.0 (package identities ignore case, as in SwiftPM); give it once"), "\(command): \(result.stderr)")
            #expect(try snapshot(packages) == before, "\(command)")
        }
    }

    @Test func aPinThatBreaksResolutionExitsTwo() throws {
        var universe = PackageWorld.standard
        universe.packages[2].releases.append(.init(version: "2.1.0", dependencies: [.init(package: "Core", requirement: "from: \"1.1.0\"")]))
        universe.packages[1].releases.append(.init(version: "1.2.0", dependencies: [.init(package: "Core", requirement: "exact: \"1.0.0\"")]))
        let packages = try PackageWorld(universe)
        let before = try snapshot(packages)
        let result = try packages.compctl(["integrate", "net=1.2.0", "ui=2.1.0", "--check-command", "true"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("error: Package.swift cannot be resolved with net=1.2.0 ui=2.1.0:\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("nothing was changed\n"))
        #expect(try snapshot(packages) == before)
    }
}

/// The compile check that really compiles: `swift build` of the app with the pins.
@Suite struct SwiftPackageBuildCheckTests {
    @Test func swiftBuildPassesForAGoodReleaseAndFailsForABrokenOne() throws {
        typealias Release = PackageUniverse.Release
        var universe = PackageWorld.standard
        universe.packages[1].releases.append(Release(version: "1.2.0", dependencies: [.init(package: "Core", requirement: "from: \"1.0.0\"")],
                                                     broken: true))
        universe.root[0].requirement = "exact: \"1.0.0\""
        let packages = try PackageWorld(universe)
        let app = packages.world("App")
        try "import Net\nimport UI\npublic let app = Net.version + UI.version\n".write(toFile: app + "/Sources/App/App.swift", atomically: true, encoding: .utf8)
        try gitCLI("commit", "-qam", "use the packages", in: app)
        // SwiftPM is the oracle for compctl's Package.resolved: swift build rewrites a file
        // whose originHash or pins it disagrees with, and cmp fails the check if it did.
        let kept = packages.world("checked.resolved")
        let check = "cp Package.resolved '\(kept)' && swift build --scratch-path '\(packages.world("build"))' 2>&1 && cmp Package.resolved '\(kept)'"

        let good = try packages.compctl(["integrate", "net=1.1.0", "--check-command", check, "--timeout", "900"])
        #expect(good.exitCode == 0, "\(good.stderr)")
        #expect(try gitCLI("log", "-1", "--format=%s", in: app) == "Integrate net 1.1.0")
        #expect(try String(contentsOfFile: app + "/Package.resolved", encoding: .utf8).contains("\"version\" : \"1.1.0\""))
        #expect(FileManager.default.contents(atPath: app + "/Package.resolved") == FileManager.default.contents(atPath: kept))

        let before = [try gitCLI("log", "--format=%H", in: app), try String(contentsOfFile: app + "/Package.swift", encoding: .utf8),
                      try String(contentsOfFile: app + "/Package.resolved", encoding: .utf8)]
        let broken = try packages.compctl(["integrate", "net=1.2.0", "--check-command", check, "--timeout", "900"])
        #expect(broken.exitCode == 1)
        #expect(broken.stderr.contains("error: the compile check failed with exit code 1; nothing was published and Package.swift and Package.resolved were restored"), "\(broken.stderr)")
        #expect(broken.stderr.contains("error: cannot convert return expression of type 'String' to return type 'Int'"), "\(broken.stderr)")
        #expect([try gitCLI("log", "--format=%H", in: app), try String(contentsOfFile: app + "/Package.swift", encoding: .utf8),
                 try String(contentsOfFile: app + "/Package.resolved", encoding: .utf8)] == before)
    }
}

/// A main project with a Podfile and a Package.swift: pods and packages in one integrate.
@Suite struct PodfileAndPackageSwiftIntegrateTests {
    @Test func bothPinsLandInOneCommit() throws {
        let fixture = try IntegrateWorld()
        let manifest = try PackageWorld.standard.write(to: fixture.world("repos"))
        try manifest.write(toFile: fixture.world("app/Package.swift"), atomically: true, encoding: .utf8)
        try "spec_repos:\n  - name: specs\n    url: \(fixture.world("specs.git"))\nprojects:\n  - name: App\n    podfile: Podfile\n    package_swift: Package.swift\n    kind: main\n"
            .write(toFile: fixture.world("app/compctl.yml"), atomically: true, encoding: .utf8)
        try gitCLI("add", "-A", in: fixture.world("app"))
        try gitCLI("commit", "-qm", "packages", in: fixture.world("app"))

        let result = try fixture.integrate(["Foo=1.1.0", "net=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "integrated Foo=1.1.0 net=1.1.0 into Podfile\n")
        #expect(try gitCLI("show", "--name-only", "--format=%s", "HEAD", in: fixture.world("app"))
            == "Integrate Foo 1.1.0, net 1.1.0\n\nPackage.resolved\nPackage.swift\nPodfile")
        #expect(try fixture.podfile().contains("pod 'Foo', '1.1.0'"))
        #expect(try String(contentsOfFile: fixture.world("app/Package.swift"), encoding: .utf8).contains("Net.git\", exact: \"1.1.0\")"))
        #expect(try gitCLI("--git-dir", fixture.world("specs.git"), "ls-tree", "-r", "--name-only", "main").contains("Foo/1.1.0/"))
    }
}

@Suite struct SwiftPackagePinTests {
    @Test func pinWritesTheExactRequirementAndTheWholeResolvedFile() throws {
        let packages = try PackageWorld()
        let app = packages.world("App")
        let original = try String(contentsOfFile: app + "/Package.swift", encoding: .utf8)
        let dry = try packages.compctl(["pin", "NET=1.0.0", "--dry-run"])
        #expect(dry.exitCode == 0, "\(dry.stderr)")
        #expect(dry.stdout == "net\t1.0.0\n")
        #expect(dry.stderr == "would pin 1 package in Package.swift and Package.resolved\n")
        #expect(try String(contentsOfFile: app + "/Package.swift", encoding: .utf8) == original)
        #expect(!FileManager.default.fileExists(atPath: app + "/Package.resolved"))

        let pinned = try packages.compctl(["pin", "net=1.0.0"])
        #expect(pinned.exitCode == 0, "\(pinned.stderr)")
        #expect(try String(contentsOfFile: app + "/Package.swift", encoding: .utf8)
            == original.replacingOccurrences(of: "Net.git\", from: \"1.0.0\"", with: "Net.git\", exact: \"1.0.0\""))
        let resolve = try packages.compctl(["resolve"])
        #expect(resolve.stdout == "core\t1.0.0\nnet\t1.0.0\nui\t2.0.0\n")

        let both = try packages.compctl(["pin", "ui=2.0.0", "net=1.1.0", "--json"])
        #expect(both.exitCode == 0, "\(both.stderr)")
        #expect(both.stdout.contains("\"package\" : \"Package.swift\""))
    }
}

@Suite struct SwiftPackageRecoveryTests {
    @Test func aKilledIntegrateIsRestoredByTheNextRun() throws {
        let packages = try PackageWorld()
        let app = packages.world("App")
        let original = try String(contentsOfFile: app + "/Package.swift", encoding: .utf8)
        let process = Process()
        process.executableURL = Paths.compctl
        process.arguments = ["integrate", "net=1.1.0", "--check-command", "sleep 30"]
        process.currentDirectoryURL = URL(fileURLWithPath: app)
        process.environment = ProcessInfo.processInfo.environment.merging(packages.world.environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let journal = app + "/.compctl/integrate.journal"
        let deadline = Date().addingTimeInterval(60)
        while !(FileManager.default.fileExists(atPath: app + "/Package.resolved")
                && FileManager.default.fileExists(atPath: journal)), Date() < deadline {
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try String(contentsOfFile: app + "/Package.swift", encoding: .utf8) != original)

        let recovered = try packages.compctl(["integrate", "--recover"])
        #expect(recovered.exitCode == 0, "\(recovered.stderr)")
        #expect(recovered.stderr.contains("did not finish; restored Package.swift, Package.resolved as they were"), "\(recovered.stderr)")
        #expect(try String(contentsOfFile: app + "/Package.swift", encoding: .utf8) == original)
        #expect(!FileManager.default.fileExists(atPath: app + "/Package.resolved"))
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try gitCLI("status", "--porcelain", in: app) == "")
    }
}

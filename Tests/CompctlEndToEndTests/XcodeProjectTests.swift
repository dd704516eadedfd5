import Foundation
import PackageSynth
import Testing

/// An iOS app that takes its packages through its Xcode project, with the Package.resolved
/// Xcode keeps in the project's workspace.
@Suite struct XcodeProjectTests {
    private func world(resolvedFormat: Int) throws -> (PackageWorld, String) {
        let packages = try PackageWorld()
        let app = packages.world("iOSApp")
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {

            /* Begin XCRemoteSwiftPackageReference section */
            \t\tA1 /* XCRemoteSwiftPackageReference "Net" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "\(packages.world("repos/Net.git"))";
            \t\t\trequirement = {
            \t\t\t\tkind = upToNextMajorVersion;
            \t\t\t\tminimumVersion = 1.0.0;
            \t\t\t};
            \t\t};
            \t\tB2 /* XCRemoteSwiftPackageReference "UI" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "\(packages.world("repos/UI.git"))";
            \t\t\trequirement = {
            \t\t\t\tkind = exactVersion;
            \t\t\t\tversion = 2.0.0;
            \t\t\t};
            \t\t};
            /* End XCRemoteSwiftPackageReference section */
            \t};
            \trootObject = C3 /* Project object */;
            }

            """
        var files = ["App.xcodeproj/project.pbxproj": pbxproj]
        if resolvedFormat == 1 {
            files["App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"] = """
                {
                  "object": {
                    "pins": [
                      {
                        "package": "Net",
                        "repositoryURL": "\(packages.world("repos/Net.git"))",
                        "state": {
                          "branch": null,
                          "revision": "0000000000000000000000000000000000000000",
                          "version": "1.0.0"
                        }
                      }
                    ]
                  },
                  "version": 1
                }

                """
        }
        try packages.world.write(files, under: "iOSApp")
        try gitCLI("init", "-q", "-b", "main", app)
        try gitCLI("add", "-A", in: app)
        try gitCLI("-c", "user.name=A", "-c", "user.email=a@x.invalid", "commit", "-qm", "app", in: app)
        return (packages, app)
    }

    @Test func theReferencesResolveAndAPinTouchesOnlyTheRequirement() throws {
        let (packages, app) = try world(resolvedFormat: 1)
        // The Package.resolved pins net 1.0.0, which `from: 1.0.0` still allows: it is kept.
        let resolved = try packages.world.compctl(["resolve"], in: app)
        #expect(resolved.exitCode == 0, "\(resolved.stderr)")
        #expect(resolved.stdout == "core\t1.0.0\nnet\t1.0.0\nui\t2.0.0\n")

        let why = try packages.world.compctl(["why", "core"], in: app)
        #expect(why.stdout == "Xcode project 'App' → net (from 1.0.0) → core (from 1.0.0)\nXcode project 'App' → ui (exact 2.0.0) → core (1.0.0..<1.1.0)\n", "\(why.stderr)")

        let project = app + "/App.xcodeproj/project.pbxproj"
        let before = try String(contentsOfFile: project, encoding: .utf8)
        let pinned = try packages.world.compctl(["pin", "net=1.1.0"], in: app)
        #expect(pinned.exitCode == 0, "\(pinned.stderr)")
        #expect(try String(contentsOfFile: project, encoding: .utf8) == before.replacingOccurrences(
            of: "kind = upToNextMajorVersion;\n\t\t\t\tminimumVersion = 1.0.0;", with: "kind = exactVersion;\n\t\t\t\tversion = 1.1.0;"))
        // Xcode's format 1 file stays format 1, with every package of the resolution.
        let file = try String(contentsOfFile: app + "/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", encoding: .utf8)
        #expect(file.hasSuffix("  \"version\": 1\n}\n"))
        #expect(file.contains("\"package\": \"net\"") && file.contains("\"version\": \"1.1.0\"") && file.contains("\"package\": \"core\""))
        let outdated = try packages.world.compctl(["outdated", "--all", "--now", "2023-11-15T12:00:00Z"], in: app)
        #expect(outdated.stdout.contains("net      1.1.0"), "\(outdated.stdout)\(outdated.stderr)")
    }

    @Test func integratePinsTheProjectAndCommitsIt() throws {
        let (packages, app) = try world(resolvedFormat: 0)
        // A failed check leaves the project as it was: the pbxproj byte for byte, no
        // Package.resolved (there was none), no commit.
        let project = app + "/App.xcodeproj/project.pbxproj"
        let resolvedPath = app + "/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        let (pbxproj, head) = (FileManager.default.contents(atPath: project), try gitCLI("rev-parse", "HEAD", in: app))
        let failed = try packages.world.compctl(["integrate", "net=1.1.0", "--check-command", "test -f \(resolvedPath) && exit 4"], in: app)
        #expect(failed.exitCode == 1)
        #expect(failed.stderr.contains("compile check failed with exit code 4"), "\(failed.stderr)")
        #expect(FileManager.default.contents(atPath: project) == pbxproj)
        #expect(!FileManager.default.fileExists(atPath: resolvedPath))
        #expect(try gitCLI("rev-parse", "HEAD", in: app) == head)
        #expect(try gitCLI("status", "--porcelain", in: app) == "")

        let result = try packages.world.compctl(["integrate", "net=1.1.0", "--check-command", "grep -q 'version = 1.1.0;' App.xcodeproj/project.pbxproj"], in: app)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "integrated net=1.1.0 into App.xcodeproj/project.pbxproj\n")
        #expect(try gitCLI("show", "--name-only", "--format=", "HEAD", in: app)
            == "App.xcodeproj/project.pbxproj\nApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
    }
}

import Foundation
import Testing

@Suite struct SwiftPackageBumpTests {
    /// A clone of the world's `Core` package (1.0.0, 1.1.0, 1.2.0-rc.1), ready to release.
    private func core() throws -> (PackageWorld, String) {
        let packages = try PackageWorld()
        let work = packages.world("Core")
        try gitCLI("clone", "-q", packages.world("repos/Core.git"), work)
        try gitCLI("config", "user.name", "Alice", in: work)
        try gitCLI("config", "user.email", "alice@example.invalid", in: work)
        return (packages, work)
    }

    @Test func theNextRCAndTheReleaseAreTagsOnHEAD() throws {
        let (packages, work) = try core()
        let head = try gitCLI("rev-parse", "HEAD", in: work)
        let rc = try packages.world.compctl(["bump", "--rc", "--push"], in: work)
        #expect(rc.exitCode == 0, "\(rc.stderr)")
        #expect(rc.stdout == """
            released Core 1.2.0-rc.2: tag 1.2.0-rc.2 on \(head.prefix(7)) (main)
            pushed main and tag 1.2.0-rc.2 to \(packages.world("repos/Core.git"))

            """)
        #expect(try gitCLI("--git-dir", packages.world("repos/Core.git"), "cat-file", "-t", "1.2.0-rc.2") == "tag")
        #expect(try gitCLI("--git-dir", packages.world("repos/Core.git"), "rev-parse", "1.2.0-rc.2^{commit}") == head)

        let release = try packages.world.compctl(["bump", "--release", "--push", "--json"], in: work)
        #expect(release.exitCode == 0, "\(release.stderr)")
        #expect(release.stdout.contains("\"from\" : \"1.2.0-rc.2\""), "\(release.stdout)")
        #expect(release.stdout.contains("\"tag\" : \"1.2.0\""))
        #expect(try gitCLI("--git-dir", packages.world("repos/Core.git"), "tag", "--list", "1.2*") == "1.2.0\n1.2.0-rc.1\n1.2.0-rc.2"
            .split(separator: "\n").sorted().joined(separator: "\n"))

        // The app's `from: "1.0.0"` consumers get the release, never the rc.
        let resolved = try packages.compctl(["resolve"])
        #expect(resolved.stdout == "core\t1.0.0\nnet\t1.1.0\nui\t2.0.0\n", "\(resolved.stderr)")
    }

    @Test func refusalsChangeNothing() throws {
        let (packages, work) = try core()
        let tags = try gitCLI("tag", "--list", in: work)
        try "changed\n".write(toFile: work + "/README.md", atomically: true, encoding: .utf8)
        let dirty = try packages.world.compctl(["bump", "--patch"], in: work)
        #expect(dirty.exitCode == 1)
        #expect(dirty.stderr.contains("has uncommitted changes (README.md)"), "\(dirty.stderr)")
        try FileManager.default.removeItem(atPath: work + "/README.md")

        let publish = try packages.world.compctl(["bump", "--rc", "--push", "--repo", "specs"], in: work)
        #expect(publish.exitCode == 1)
        #expect(publish.stderr == "error: --repo publishes a podspec, and this Swift package has none at its root: its release is the tag alone; leave out --repo\n")
        // 1.2.0-rc.2 tagged on another branch: the next rc of this line is taken.
        try gitCLI("checkout", "-q", "-b", "other", in: work)
        try gitCLI("commit", "-q", "--allow-empty", "-m", "other", in: work)
        try gitCLI("tag", "1.2.0-rc.2", in: work)
        try gitCLI("checkout", "-q", "main", in: work)
        let taken = try packages.world.compctl(["bump", "--rc"], in: work)
        #expect(taken.exitCode == 1)
        #expect(taken.stderr.hasPrefix("error: tag 1.2.0-rc.2 already exists in "), "\(taken.stderr)")
        try gitCLI("tag", "-d", "1.2.0-rc.2", in: work)
        #expect(try gitCLI("tag", "--list", in: work) == tags)
    }

    @Test func aFirstReleaseAndTheDryRun() throws {
        let packages = try PackageWorld()
        let work = packages.world("Fresh")
        try packages.world.write(["Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Fresh\")\n"], under: "Fresh")
        try gitCLI("init", "-q", "-b", "main", work)
        try gitCLI("add", "-A", in: work)
        try gitCLI("-c", "user.name=A", "-c", "user.email=a@x.invalid", "commit", "-qm", "fresh", in: work)
        let head = try gitCLI("rev-parse", "HEAD", in: work)
        let dry = try packages.world.compctl(["bump", "--minor", "--dry-run"], in: work)
        #expect(dry.exitCode == 0, "\(dry.stderr)")
        #expect(dry.stdout == "would tag \(head.prefix(7)) on main as 0.1.0: Release Fresh 0.1.0 (from no version tag)\n")
        #expect(try gitCLI("tag", "--list", in: work) == "")
    }
}

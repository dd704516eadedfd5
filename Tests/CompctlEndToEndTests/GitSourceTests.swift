import Foundation
import Testing

/// `resolve`, `graph` and `lint` read git sources as `repo show` does: a bare repository
/// from its objects, a URL (or a compctl.yml name with a URL) through compctl's cache.
@Suite struct GitSourceTests {
    /// The sample spec repo (`Specs/`) as a bare repository in `world`.
    private func sampleSpecRepo(_ world: GitWorld) throws -> String {
        let bare = world("specs.git")
        let work = world("specs-src")
        try FileManager.default.copyItem(atPath: SampleApp.specs, toPath: work)
        try gitCLI("init", "-q", "-b", "main", work)
        try gitCLI("add", "-A", in: work)
        try gitCLI("commit", "-q", "-m", "specs", in: work)
        try gitCLI("clone", "-q", "--bare", work, bare)
        return bare
    }

    @Test func resolveReadsABareRepositoryAndAURLLikeTheDirectory() throws {
        let world = try GitWorld()
        let bare = try sampleSpecRepo(world)
        let podfile = try SampleApp.podfile(["pod 'XXCart', '~> 1.2'", "pod 'XXUIKit'"], in: world.directory)
        let fromDirectory = try world.compctl(["resolve", "--podfile", podfile, "--source", SampleApp.specs])
        #expect(fromDirectory.exitCode == 0, "\(fromDirectory)")
        for source in [bare, "file://" + bare] {
            let result = try world.compctl(["resolve", "--podfile", podfile, "--source", source])
            #expect(result.exitCode == 0, "\(source): \(result)")
            #expect(result.stdout == fromDirectory.stdout, "\(source)")
        }
        #expect(try world.cacheEntries() == ["specs"])
    }

    @Test func aConfiguredGitURLIsClonedOnFirstUse() throws {
        let world = try GitWorld()
        let bare = try sampleSpecRepo(world)
        try world.directory.write("spec_repos:\n  - name: acme\n    url: file://\(bare)\n", to: "compctl.yml")
        try world.directory.write("spec_repos:\n  - name: acme\n    url: \(SampleApp.specs)\n", to: "directory.yml")
        let graph = try world.compctl(["graph", "--format", "json"])
        let fromDirectory = try world.compctl(["graph", "--format", "json", "--config", "directory.yml"])
        #expect(graph.exitCode == fromDirectory.exitCode, "\(graph)")
        #expect(graph.stdout == fromDirectory.stdout)
        #expect(try world.cacheEntries() == ["acme"])

        try world.directory.write(jsonPodspec("Foo", "1.0.0", dependencies: ["XXLogger": ["~> 1.4"]]), to: "Foo.podspec.json")
        let lint = try world.compctl(["lint", "Foo.podspec.json", "--source", "acme"])
        #expect(lint.exitCode == 0, "\(lint)")
        #expect(lint.stdout == "Foo.podspec.json: ok; dependencies satisfied by acme\n")
    }

    /// A name added with `repo add` is a SOURCE for every command that reads spec repos,
    /// as it is for `lint`, `publish` and `repo show`: each reads what it reads from a
    /// compctl.yml name with the same repo.
    @Test func aRepoAddNameWorksInEveryCommand() throws {
        let world = try GitWorld()
        let bare = try sampleSpecRepo(world)
        let podfile = try SampleApp.podfile(["pod 'XXCart', '~> 1.2'", "pod 'XXLogger'"], in: world.directory)
        try world.directory.write("spec_repos:\n  - name: acme\n    url: \(SampleApp.specs)\n", to: "directory.yml")
        let added = try world.compctl(["repo", "add", "acme", bare])
        #expect(added.exitCode == 0, "\(added)")

        let commands: [[String]] = [
            ["resolve", "--podfile", podfile],
            ["graph", "--format", "json"],
            ["graph", "--podfile", podfile, "--format", "json"],
            ["pin", "--dry-run", "XXLogger=1.4.1", "--podfile", podfile],
            ["outdated", "--podfile", podfile],
        ]
        for command in commands {
            let fromDirectory = try world.compctl(command + ["--config", "directory.yml"])
            let fromAdded = try world.compctl(command + ["--source", "acme"])
            #expect(fromAdded.exitCode == fromDirectory.exitCode, "\(command): \(fromAdded)")
            #expect(fromAdded.stdout == fromDirectory.stdout, "\(command)")
            #expect(fromAdded.stderr == fromDirectory.stderr, "\(command)")
        }
        let report = try world.compctl(["report", "skew", "--source", "acme", "--json"])
        #expect(report.exitCode == 0, "\(report)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(json["sources"] as? [String] == ["acme"])
        #expect((json["components"] as? [Any])?.count == 25)
        #expect(try world.cacheEntries() == ["acme"])
    }

    @Test func anEmptyGitSourceIsAnError() throws {
        let world = try GitWorld()
        let bare = try world.specRepo(files: [:])
        let podfile = try SampleApp.podfile(["pod 'XXLogger'"], in: world.directory)
        let result = try world.compctl(["resolve", "--podfile", podfile, "--source", bare])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: '\(bare)' has no commit yet, so it holds no specs; publish a spec into it first\n")
    }
}

import Config
import Foundation
import Git
import Graph
@testable import Integration
import SpecRepo
import Testing
import TestSupport

/// Planning against real repositories: a bare spec repo, a component repo with its tags, and
/// the main project's checkout. Planning must find the spec at the tag and stage it, and
/// refuse bad requests before anything in the project changes.
@Suite struct IntegrationPlannerTests {
    @Test func findsTheSpecAtItsTagAndStagesIt() throws {
        let world = try PlanningWorld()
        let before = world.project.podfileText
        let prepared = try world.planner(["Foo=1.2.0"]).plan(podfile: world.project.podfile)
        defer { try? FileManager.default.removeItem(atPath: prepared.plan.scratch) }

        let candidate = try #require(prepared.plan.candidates.first)
        #expect(candidate.pin.text == "Foo=1.2.0")
        #expect(candidate.podspec?.path.hasSuffix("Foo.git@1.2.0:Foo.podspec.json") == true)
        #expect(prepared.plan.check == .shell("true"))
        #expect(prepared.plan.target.name == "specs")
        // The staged spec repo holds the candidate; the real one does not.
        #expect(try gitCLI("ls-tree", "-r", "--name-only", "HEAD", in: prepared.plan.stagedSpecRepo)
            .contains("Foo/1.2.0/Foo.podspec.json"))
        #expect(try !gitCLI("ls-tree", "-r", "--name-only", "HEAD", in: world.specs).contains("Foo/1.2.0"))
        #expect(prepared.edit.changes.count == 1)
        #expect(String(decoding: prepared.edit.bytes, as: UTF8.self).contains("pod 'Foo', '1.2.0'"))
        #expect(try prepared.newProblems().isEmpty)
        // Nothing in the project changed; only the lock is held until the plan is released.
        #expect(world.project.podfileText == before)
        #expect(!world.project.journalExists)
        prepared.plan.access?.release()
        #expect(!FileManager.default.fileExists(atPath: IntegrationJournal.directory(in: world.project.root)))
    }

    @Test func anAlreadyPublishedVersionHasNoSpecToPublish() throws {
        let world = try PlanningWorld()
        let prepared = try world.planner(["Foo=1.0.0"]).plan(podfile: world.project.podfile)
        defer { try? FileManager.default.removeItem(atPath: prepared.plan.scratch) }
        #expect(prepared.plan.candidates.map { $0.podspec == nil } == [true])
    }

    @Test func aNewLayerBreachIsANewProblem() throws {
        let world = try PlanningWorld(fooDependsOnBar: true)
        let prepared = try world.planner(["Foo=1.2.0"]).plan(podfile: world.project.podfile)
        defer { try? FileManager.default.removeItem(atPath: prepared.plan.scratch) }
        let problems = try prepared.newProblems()
        #expect(problems.map(\.kind) == [.layer])
        #expect(problems.first?.description.contains("Foo") == true)
    }

    @Test func refusesBadRequestsBeforeAnyChange() throws {
        let world = try PlanningWorld()
        let cases: [(pins: [String], configure: (inout IntegrationRequest) -> Void, expected: IntegrationError)] = [
            (["Foo=1.3.0-rc.1"], { _ in }, .rcNeedsFlag("Foo=1.3.0-rc.1")),
            (["Nope=1.0.0"], { _ in }, .unknownComponent("Nope", repo: "specs")),
            (["Foo=9.9.9"], { _ in }, .noTag("Foo", version: "9.9.9", tag: "9.9.9", url: world.component,
                                            reason: "the repository has no such tag")),
            (["Foo=1.2.0"], { $0.push = true }, .behindOrigin(branch: "main")),
        ]
        for (pins, configure, expected) in cases {
            var planner = try world.planner(pins)
            configure(&planner.request)
            #expect(throws: expected) { try planner.plan(podfile: world.project.podfile) }
            #expect(!world.project.journalExists)
            #expect(!FileManager.default.fileExists(atPath: IntegrationJournal.directory(in: world.project.root)))
        }
    }

    @Test func refusesAnUncommittedPodfile() throws {
        let world = try PlanningWorld()
        try (world.project.podfileText + "# local edit\n").write(toFile: world.project.podfile, atomically: true, encoding: .utf8)
        #expect(throws: IntegrationError.uncommittedManifests(["Podfile"])) {
            try world.planner(["Foo=1.2.0"]).plan(podfile: world.project.podfile)
        }
    }

    @Test func refusesWithoutACheckCommand() throws {
        let world = try PlanningWorld(checkCommand: nil)
        #expect(throws: IntegrationError.noCheckCommand) {
            try world.planner(["Foo=1.2.0"]).plan(podfile: world.project.podfile)
        }
    }

    @Test func refusesProjectsSharingADirectory() throws {
        #expect(throws: IntegrationError.sharedProjectDirectory(projects: ["A", "B"], directory: "/p")) {
            try IntegrationPlanner.requireOwnDirectories([("A", "/p/Podfile"), ("B", "/p/Podfile"), ("C", "/q/Podfile")])
        }
        try IntegrationPlanner.requireOwnDirectories([("A", "/p/Podfile"), ("C", "/q/Podfile")])
    }

    /// Without --podfile an integrate goes into every main project that has a Podfile, and
    /// --recover recovers each of them; --podfile names the one.
    @Test func choosesTheProjectsToIntegrateAndRecover() throws {
        let yaml = """
            spec_repos: []
            projects:
              - name: App
                podfile: App/Podfile
              - name: Shop
                podfile: Shop/Podfile
              - name: Package
                package_swift: Package.swift
              - name: Example
                podfile: Example/Podfile
                kind: example
            """
        let configuration = try ConfigLoader.parse(yaml, path: "/work/compctl.yml", directory: "/work")
        #expect(IntegrationPlanner.mainProjects(of: configuration).map(\.name) == ["App", "Shop"])
        #expect(IntegrationPlanner.podfilesToRecover(explicit: nil, configuration: configuration)
            == ["/work/App/Podfile", "/work/Shop/Podfile"])
        #expect(IntegrationPlanner.podfilesToRecover(explicit: "Other/Podfile", configuration: configuration) == ["Other/Podfile"])
        #expect(IntegrationPlanner.podfile(explicit: "/work/App/../Shop/Podfile", configuration: configuration) == "/work/Shop/Podfile")
        let none = try ConfigLoader.parse("spec_repos: []\n", path: "/work/compctl.yml", directory: "/work")
        #expect(IntegrationPlanner.mainProjects(of: none).isEmpty)
        #expect(IntegrationPlanner.podfilesToRecover(explicit: nil, configuration: none).count == 1)
    }

    /// Each of several projects is planned by its name; one that cannot be planned says why,
    /// and the scratch folders of the planned ones go when the planner is done.
    @Test func plansSeveralProjectsByName() throws {
        let world = try PlanningWorld()
        let yaml = "projects:\n  - name: App\n    podfile: \(world.project.podfile)\n"
            + "  - name: Missing\n    podfile: \(world.project.root)/missing/Podfile\n"
        let projects = try ConfigLoader.parse(yaml, path: world.project.root + "/compctl.yml", directory: world.project.root).projects
        let plans = try SeveralProjectsPlanner(projects, configuration: world.configuration, planner: world.planner(["Foo=1.2.0"]))
        guard case let .planned(prepared) = plans.plan("App") else { Issue.record("App was not planned"); return }
        #expect(prepared.plan.podfile == world.project.podfile)
        prepared.plan.access?.release()
        guard case let .unplannable(errors, _) = plans.plan("Missing") else { Issue.record("Missing was planned"); return }
        #expect(errors == [IntegrationError.noPodfile(world.project.root + "/missing/Podfile").errors[0]])
        #expect(FileManager.default.fileExists(atPath: prepared.plan.scratch))
        plans.removeScratches()
        #expect(!FileManager.default.fileExists(atPath: prepared.plan.scratch))
    }
}

/// A spec repo `specs.git` holding Foo 1.0.0 and Bar 1.0.0, Foo's repo with tags 1.0.0 and
/// 1.2.0 (and 1.3.0-rc.1), and a main project whose Podfile asks for Foo `~> 1.0`, with a
/// compctl.yml that puts Foo below Bar in its layers.
struct PlanningWorld {
    let directory: TemporaryDirectory
    let project: ProjectFixture
    let specs: String
    let component: String
    let configuration: Configuration

    init(fooDependsOnBar: Bool = false, checkCommand: String? = "true") throws {
        directory = try TemporaryDirectory(prefix: "planning")
        project = try ProjectFixture()
        let base = ProjectFiles.realPath(directory.url.path)!
        component = base + "/Foo.git"
        specs = base + "/specs.git"

        let foo = base + "/foo-work"
        try FileManager.default.createDirectory(atPath: foo, withIntermediateDirectories: true)
        try gitCLI("init", "-q", "-b", "main", in: foo)
        for version in ["1.0.0", "1.2.0", "1.3.0-rc.1"] {
            let dependencies = fooDependsOnBar && version == "1.2.0" ? #", "dependencies": {"Bar": []}"# : ""
            try Self.spec("Foo", version, source: component, extra: dependencies)
                .write(toFile: foo + "/Foo.podspec.json", atomically: true, encoding: .utf8)
            try gitCLI("add", ".", in: foo)
            try gitCLI("commit", "-q", "-m", version, in: foo)
            try gitCLI("tag", version, in: foo)
        }
        try gitCLI("clone", "-q", "--bare", foo, component)

        let work = base + "/specs-work"
        for (name, version) in [("Foo", "1.0.0"), ("Bar", "1.0.0")] {
            let folder = "\(work)/\(name)/\(version)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Self.spec(name, version, source: name == "Foo" ? component : base + "/Bar.git")
                .write(toFile: "\(folder)/\(name).podspec.json", atomically: true, encoding: .utf8)
        }
        try gitCLI("init", "-q", "-b", "main", in: work)
        try gitCLI("add", ".", in: work)
        try gitCLI("commit", "-q", "-m", "Specs", in: work)
        try gitCLI("clone", "-q", "--bare", work, specs)

        // The project's origin is ahead of it, so `--push` must refuse.
        let origin = base + "/app.git"
        try gitCLI("clone", "-q", "--bare", project.root, origin)
        try gitCLI("remote", "add", "origin", origin, in: project.root)
        let other = base + "/app-other"
        try gitCLI("clone", "-q", origin, other)
        try gitCLI("commit", "-q", "--allow-empty", "-m", "Elsewhere", in: other)
        try gitCLI("push", "-q", "origin", "main", in: other)

        let yaml = """
            spec_repos:
              - name: specs
                url: \(specs)
            \(checkCommand.map { "check_command: \"\($0)\"" } ?? "")
            layers:
              - name: low
                pods: ["Foo"]
              - name: high
                pods: ["Bar"]
            """
        configuration = try ConfigLoader.parse(yaml, path: project.root + "/compctl.yml", directory: project.root)
    }

    /// A planner for `pins` with the real spec repos, opened through a cache in the world.
    func planner(_ pins: [String]) throws -> IntegrationPlanner {
        let cache = SpecRepoCache(directory: directory.path("home/repos"), credentials: TestGit.noCredentials)
        let configured = configuration.specRepos.map { ConfiguredSpecRepo(name: $0.name, url: $0.url) }
        return IntegrationPlanner(
            request: IntegrationRequest(pins: try pins.map { try ComponentPin.parse($0) }, lockTimeout: .seconds(5)),
            configuration: configuration, sources: SourceLocator(cache: cache, configured: configured),
            delegate: RecordingDelegate())
    }

    private static func spec(_ name: String, _ version: String, source: String, extra: String = "") -> String {
        #"{"name": "\#(name)", "version": "\#(version)", "source": {"git": "\#(source)", "tag": "\#(version)"}, "#
            + #""platforms": {"ios": "13.0"}\#(extra)}"#
    }
}

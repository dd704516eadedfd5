import Foundation
import Testing

/// Pod names and versions are checked where they enter (lint, publish, bump, pin, the
/// spec-repo scanner): a name that collides with a spec repo's layout, or carries white
/// space, control or bidirectional characters, never reaches a spec repo or a commit.
@Suite struct PodNameTests {
    /// The refusal of the name `Specs`, as every entry point words it.
    static let specsReason = "the name 'Specs' is reserved: a spec repo keeps its pods in a Specs/ folder, so where "
        + "they sit at the repo's root a pod of that name hides every other pod"

    /// A JSON podspec with any name and version (escaped as JSON needs), its source at `git`.
    private func podspec(_ name: String, _ version: String, git: String) throws -> String {
        let object: [String: Any] = ["name": name, "version": version, "source": ["git": git, "tag": version]]
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A spec repo with pods at its root (Bar 1.0.0 and Baz 2.0.0).
    private func rootLayoutWorld() throws -> (GitWorld, String) {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0"),
            "Baz/2.0.0/Baz.podspec.json": jsonPodspec("Baz", "2.0.0"),
        ])
        return (world, specs)
    }

    @Test func publishingAPodNamedSpecsIsRefusedAndTheSpecRepoKeepsItsPods() throws {
        let (world, specs) = try rootLayoutWorld()
        let component = try world.component("Specs", version: "1.0.0")
        let before = try world.state(of: specs)

        let result = try world.compctl(["publish", "Specs/Specs.podspec", "--repo", specs])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Specs/Specs.podspec: \(Self.specsReason); rename the pod\n")
        #expect(try world.state(of: specs) == before)
        #expect(try world.log(specs) == ["specs"])

        let shown = try world.compctl(["repo", "show", specs])
        #expect(shown.exitCode == 0, "\(shown)")
        #expect(shown.stdout == "Bar\t1.0.0\nBaz\t2.0.0\n")

        let lint = try world.compctl(["lint", "Specs.podspec"], in: component)
        #expect(lint.exitCode == 2, "\(lint)")
        #expect(lint.stdout == "")
        #expect(lint.stderr == "error: Specs.podspec: \(Self.specsReason); rename the pod\n")
    }

    /// A repo that already holds such a pod (pushed by another tool) keeps its other pods
    /// visible: the impostor is junk, reported on stderr.
    @Test func aPodNamedSpecsAlreadyInTheRepoIsJunkAndHidesNothing() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0"),
            "Specs/1.0.0/Specs.podspec.json": jsonPodspec("Specs", "1.0.0"),
            "specs/1.0.0/specs.podspec.json": jsonPodspec("specs", "1.0.0"),
        ])
        let shown = try world.compctl(["repo", "show", specs])
        #expect(shown.exitCode == 0, "\(shown)")
        #expect(shown.stdout == "Bar\t1.0.0\n")
        #expect(shown.stderr == """
            warning: Specs: not a pod folder: \(Self.specsReason); rename the pod
            warning: specs: not a pod folder: the name 'specs' is reserved: a spec repo keeps its pods in a Specs/ folder (file names ignore case on macOS), so where they sit at the repo's root a pod of that name hides every other pod; rename the pod

            """)
    }
}

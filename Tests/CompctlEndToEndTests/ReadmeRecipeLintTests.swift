import Foundation
import Testing

/// The README's CI recipes pass the linters their CI systems' users run: actionlint with
/// shellcheck for the GitHub workflows and the local action, GitLab's schema for the
/// pipeline (`scripts/lint-recipes.sh`; scripts/bootstrap.sh installs the tools). Running
/// them is `ReadmeRecipeExecutionTests`.
@Suite struct ReadmeRecipeLintTests {
    static let script = TestPaths.packageRoot.appendingPathComponent("scripts/lint-recipes.sh").path

    @Test func theRecipesPassTheLinters() throws {
        let result = try ProcessRunner.run("bash", [Self.script])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "recipes: 3 GitHub workflows pass actionlint with shellcheck, 1 local action GitHub's schema, "
            + "1 GitLab pipeline GitLab's schema\n", "\(result)")
    }

    /// Each linter's finding fails the script, so it fails the tests: an expression GitHub
    /// rejects, a shell quoting slip in a `run:` script, a key GitLab does not know.
    @Test(arguments: [
        ("COMPCTL_GIT_TOKEN: ${{ secrets.GITHUB_TOKEN }}", "COMPCTL_GIT_TOKEN: ${{ runner.temp }}",
         #"context "runner" is not allowed here"#),
        (#"wait "$pid""#, "wait $pid", "SC2086"),
        ("  stage: deploy", "  stagee: deploy", "'stagee' was unexpected"),
    ])
    func aFindingFailsTheScript(original: String, broken: String, finding: String) throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(original))
        let directory = try TemporaryDirectory()
        let copy = try directory.write(readme.replacingOccurrences(of: original, with: broken), to: "README.md")
        let result = try ProcessRunner.run("bash", [Self.script, copy.path])
        #expect(result.exitCode == 1, "\(result)")
        #expect((result.stdout + result.stderr).contains(finding), "\(result)")
    }
}

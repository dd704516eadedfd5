import Foundation
import Testing
@testable import TestSupport

/// The pieces of the recipe runners that the README's recipes lean on: GitHub's expressions,
/// GitLab's `rules:if` and variable expansion, the files steps write for the runner.
@Suite struct ActionsExpressionTests {
    let scope = ActionsExpression.Scope(contexts: [
        "github": .object(["event": .object(["head_commit": .object(["message": .string("Release XXLogger 1.4.3-rc.1\n")])])]),
        "matrix": .object(["pods": .array([.string("XXCart"), .string("XXPay")]), "wave": .number(1)]),
        "needs": .object(["affected": .object(["outputs": .strings(["matrix": #"{"include":[{"pods":["A"],"wave":0}]}"#])])]),
        "runner": .strings(["os": "Linux", "arch": "X64"]),
        "inputs": .strings(["version": "0.1.0"]),
        "vars": .strings(["EMPTY": "", "SET": "true"]),
    ])

    @Test func theRecipesExpressions() throws {
        #expect(try ActionsExpression.evaluate("!startsWith(github.event.head_commit.message, 'Release ')", in: scope) == .bool(false))
        #expect(try ActionsExpression.evaluate("startsWith(github.event.head_commit.message, 'release ')", in: scope) == .bool(true))
        #expect(try ActionsExpression.evaluate("join(matrix.pods, ' ')", in: scope) == .string("XXCart XXPay"))
        #expect(try ActionsExpression.evaluate("fromJSON(needs.affected.outputs.matrix)", in: scope)
            == .object(["include": .array([.object(["pods": .array([.string("A")]), "wave": .number(0)])])]))
        #expect(try ActionsExpression.evaluate("runner.os == 'linux'", in: scope) == .bool(true))
        #expect(try ActionsExpression.evaluate("matrix['wave'] == '1' && 'it''s'", in: scope) == .string("it's"))
        #expect(try ActionsExpression.interpolate("compctl-${{ inputs.version }}-${{ runner.os }}-${{runner.arch}}", in: scope)
            == "compctl-0.1.0-Linux-X64")
        #expect(try ActionsExpression.interpolate("n=${{ matrix.wave }} ${{ toJSON(matrix.pods) }}", in: scope) == #"n=1 ["XXCart","XXPay"]"#)
    }

    /// `if:` adds `success() &&` unless it asks for a status itself.
    @Test func conditions() throws {
        var failed = scope
        failed.failed = true
        #expect(try ActionsExpression.condition(nil, in: scope))
        #expect(try !ActionsExpression.condition(nil, in: failed))
        #expect(try !ActionsExpression.condition("failure()", in: scope))
        #expect(try ActionsExpression.condition("failure()", in: failed))
        #expect(try ActionsExpression.condition("always()", in: failed))
        #expect(try !ActionsExpression.condition("runner.os == 'Linux'", in: failed))
        #expect(try ActionsExpression.condition("${{ !vars.EMPTY }}", in: scope))
        #expect(try !ActionsExpression.condition("${{ vars.EMPTY }}", in: scope))
        #expect(try ActionsExpression.condition("${{ vars.SET }}", in: scope))
    }

    /// What the runner does not model is an error, never an empty string.
    @Test func whatIsNotModelledIsAnError() {
        #expect(throws: TestSupportError.self) { try ActionsExpression.evaluate("hashFiles('**/Podfile.lock')", in: scope) }
        #expect(throws: TestSupportError.self) { try ActionsExpression.evaluate("steps.build.outputs.x", in: scope) }
        #expect(throws: TestSupportError.self) { try ActionsExpression.evaluate("runner.temp", in: scope) }
        #expect(throws: TestSupportError.self) { try ActionsExpression.interpolate("${{ inputs.version", in: scope) }
        #expect(throws: TestSupportError.self) { try ActionsExpression.evaluate("inputs.version inputs", in: scope) }
    }
}

@Suite struct GitLabRulesTests {
    let release = "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $CI_COMMIT_MESSAGE !~ /^Release /"

    @Test func theRecipesRules() throws {
        let push = ["CI_COMMIT_BRANCH": "main", "CI_DEFAULT_BRANCH": "main", "CI_COMMIT_MESSAGE": "Log to a file\n"]
        #expect(try GitLabRules.evaluate(release, variables: push))
        #expect(try !GitLabRules.evaluate(release, variables: push.merging(["CI_COMMIT_MESSAGE": "Release XXLogger 1.4.3\n"]) { $1 }))
        #expect(try !GitLabRules.evaluate(release, variables: push.merging(["CI_COMMIT_BRANCH": "topic"]) { $1 }))
        #expect(try GitLabRules.evaluate("$COMPONENT", variables: ["COMPONENT": "XXLogger=1.4.3"]))
        #expect(try !GitLabRules.evaluate("$COMPONENT", variables: ["COMPONENT": ""]))
        #expect(try !GitLabRules.evaluate("$COMPONENT", variables: [:]))
        #expect(try GitLabRules.evaluate(#"$CI_PIPELINE_SOURCE == "schedule""#, variables: ["CI_PIPELINE_SOURCE": "schedule"]))
        #expect(try !GitLabRules.evaluate(#"$CI_PIPELINE_SOURCE == "schedule""#, variables: ["CI_PIPELINE_SOURCE": "push"]))
        #expect(try GitLabRules.evaluate("($A == null || $B) && $C =~ /x/", variables: ["B": "1", "C": "axb"]))
    }

    @Test func whatIsNotModelledIsAnError() {
        #expect(throws: TestSupportError.self) { try GitLabRules.evaluate("$A > $B", variables: [:]) }
        #expect(throws: TestSupportError.self) { try GitLabRules.evaluate("$A == \"x", variables: [:]) }
    }

    @Test func variablesExpand() {
        let variables = ["CI_PROJECT_DIR": "/builds/app", "SPECS_TOKEN": "glpat", "A": "$B", "B": "b"]
        #expect(GitLabCIRunner.expand("$CI_PROJECT_DIR/.compctl-home", with: variables) == "/builds/app/.compctl-home")
        #expect(GitLabCIRunner.expand("${SPECS_TOKEN}x $A $NONE.", with: variables) == "glpatx b .")
        #expect(GitLabCIRunner.expand("costs $5", with: variables) == "costs $5")
    }
}

@Suite struct RunnerFileTests {
    /// GITHUB_ENV and GITHUB_OUTPUT: `NAME=value` lines and `NAME<<EOF` blocks.
    @Test func environmentFiles() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("A=1\nB=x=y\nM<<EOF\nline 1\nline 2\nEOF\n", to: "env")
        #expect(try RunnerSupport.environmentFile(file).map { "\($0)=\($1)" } == ["A=1", "B=x=y", "M=line 1\nline 2"])
        let broken = try directory.write("just words\n", to: "broken")
        #expect(throws: TestSupportError.self) { try RunnerSupport.environmentFile(broken) }
    }

    @Test func cacheRestoresByKeyThenByTheNewestPrefix() throws {
        let directory = try TemporaryDirectory()
        let cache = try CIRunnerCache(directory: directory.url.appendingPathComponent("cache"))
        let path = directory.url.appendingPathComponent("history")
        for run in 1...2 {
            try directory.write("run \(run)\n", to: "history/skew-\(run).json")
            #expect(try cache.save(key: "skew-history-\(run)", paths: [path]))
        }
        #expect(try !cache.save(key: "skew-history-2", paths: [path]))
        try FileManager.default.removeItem(at: path)
        #expect(try cache.restore(key: "skew-history-3", prefixes: ["skew-history-"], paths: [path]) == "skew-history-2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path.path).sorted() == ["skew-1.json", "skew-2.json"])
        #expect(try cache.restore(key: "other", prefixes: ["nothing-"], paths: [path]) == nil)
    }
}

/// The runners refuse what they do not model, so that a new recipe step cannot go
/// unexercised silently.
@Suite struct RunnerRefusalTests {
    private func githubRunner() throws -> (TemporaryDirectory, GitHubActionsRunner) {
        let directory = try TemporaryDirectory()
        try directory.write("# app\n", to: "src/README.md")
        try gitCLI("init", "-q", "-b", "main", directory("src"))
        try gitCLI("add", "-A", in: directory("src"))
        try gitCLI("commit", "-q", "-m", "app", in: directory("src"))
        try gitCLI("clone", "-q", "--bare", directory("src"), directory("app.git"))
        let runner = try GitHubActionsRunner(.init(root: directory.url.appendingPathComponent("runner"), repository: "acme/app",
                                                   origin: "file://" + directory("app.git")))
        return (directory, runner)
    }

    @Test(arguments: [
        ("    steps:\n      - uses: actions/setup-node@v4\n", "the action actions/setup-node@v4 is not modelled"),
        ("    services: {db: {image: postgres}}\n    steps:\n      - run: true\n", "keys the recipe runner does not model: services"),
        ("    steps:\n      - run: echo ${{ hashFiles('x') }}\n", "the function `hashFiles`"),
        ("    steps:\n      - run: true\n        working-directory: sub\n", "does not model: working-directory"),
        ("    runs-on: windows-latest\n    steps:\n      - run: true\n", "runs-on: windows-latest is not modelled"),
    ])
    func gitHubRefuses(job: String, error: String) throws {
        let (directory, runner) = try githubRunner()
        _ = directory
        let workflow = "on: push\njobs:\n  build:\n" + (job.contains("runs-on") ? "" : "    runs-on: ubuntu-latest\n") + job
        let thrown = try #require(throws: TestSupportError.self) { try runner.run(workflow, event: .init(name: "push")) }
        #expect(thrown.description.contains(error), "\(thrown)")
    }

    /// A job's step that fails makes the job fail, and later steps run only if they ask to.
    @Test func aFailingStepFailsTheJob() throws {
        let (directory, runner) = try githubRunner()
        _ = directory
        let jobs = try runner.run("""
            on: push
            jobs:
              build:
                runs-on: ubuntu-latest
                steps:
                  - run: echo "x=1" >> "$GITHUB_OUTPUT"; exit 3
                  - run: echo never
                  - if: failure()
                    run: echo "cleanup for $GITHUB_REPOSITORY"
            """, event: .init(name: "push"))
        #expect(jobs.map(\.status) == [.failure])
        #expect(jobs[0].log.contains("(exit 3)") && !jobs[0].log.contains("\nnever\n") && jobs[0].log.contains("cleanup for acme/app\n"),
                "\(jobs[0])")
    }

    @Test func gitLabRefusesUnknownKeywords() throws {
        let directory = try TemporaryDirectory()
        let runner = try GitLabCIRunner(.init(root: directory.url, project: "acme/app", repository: "/nonexistent.git"))
        for (pipeline, error) in [
            ("include: other.yml\njob:\n  script: [true]\n", "`include` is no job"),
            ("job:\n  script: [true]\n  services: [postgres]\n", "does not model"),
            ("default:\n  after_script: [true]\njob:\n  script: [true]\n", "after_script"),
        ] {
            let thrown = try #require(throws: TestSupportError.self) { try runner.run(pipeline, job: "job", for: .init(source: "push")) }
            #expect(thrown.description.contains(error), "\(thrown)")
        }
    }
}

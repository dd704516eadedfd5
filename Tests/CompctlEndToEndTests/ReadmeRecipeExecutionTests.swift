import Foundation
import Testing

/// The README's CI recipes, executed: every GitHub workflow and every job of the GitLab
/// pipeline runs job by job, step by step, as its CI system would run it
/// (`GitHubActionsRunner`, `GitLabCIRunner` in TestSupport), on fresh runner-like checkouts of
/// bare repositories: the spec repo, the component XXLogger and the main project AcmeApp,
/// each holding the recipe files the README tells it to keep. Each test checks what the job
/// leaves behind (the rc's tag and spec in the bare repos, the integrate commit or branch,
/// the pull or merge request, the report and its history), not just its exit code.
///
/// compctl reaches PATH only as the recipes put it there: their cache of compctl's release,
/// which the runners hold already (`seedCompctl`), as after the first run of a version.
/// What cannot run here is done by a local equivalent, listed in `equivalents`; the runners
/// refuse any step, action, keyword or expression they do not model, and
/// `everyRecipeAndJobIsExercised` fails when a recipe or a job has no test here.
@Suite struct ReadmeRecipeExecutionTests {
    /// What runs in place of a recipe's line that cannot run here, and why.
    static let equivalents = [
        LocalEquivalent(
            original: "apt-get update -qq && apt-get install -y -qq libgit2-dev pkg-config",
            command: "pkg-config --exists libgit2",
            reason: "tests install no packages; scripts/bootstrap.sh installed libgit2 as the job would"),
        LocalEquivalent(
            original: "brew install libgit2 pkg-config",
            command: "pkg-config --exists libgit2",
            reason: "Homebrew is the macOS runner's; this machine has libgit2 from scripts/bootstrap.sh"),
        LocalEquivalent(
            original: "if command -v apt-get >/dev/null; then apt-get update -qq && apt-get install -y -qq libgit2-dev pkg-config; "
                + "else brew install libgit2 pkg-config; fi",
            command: "pkg-config --exists libgit2",
            reason: "tests install no packages; scripts/bootstrap.sh installed libgit2 as the job would"),
        LocalEquivalent(
            original: "swift build -c release --package-path .compctl-build",
            command: "test -x .compctl-build/.build/release/compctl",
            reason: "a release build of compctl takes minutes; the restored cache holds it, so the build has nothing to do"),
    ]

    /// Every recipe of the README with the jobs the tests below run.
    static let exercised: [String: Set<String>] = [
        ".github/actions/compctl/action.yml": [],
        ".github/workflows/release-candidate.yml": ["rc"],
        ".github/workflows/integrate.yml": ["check", "affected", "dependents", "integrate"],
        ".github/workflows/skew-report.yml": ["report"],
        ".gitlab-ci.yml": ["release-candidate", "integrate", "skew-report"],
    ]

    @Test func everyRecipeAndJobIsExercised() throws {
        let recipes = RecipeWorld.recipes
        #expect(Dictionary(grouping: recipes, by: \.path).count == recipes.count, "two recipes name the same file")
        #expect(Set(recipes.map(\.path)) == Set(Self.exercised.keys), "recipes: \(recipes.map(\.path))")
        for recipe in recipes {
            let jobs: [String]
            switch recipe.kind {
            case .githubWorkflow: jobs = try YAMLValue.parse(recipe.text)["jobs"]?.keys ?? []
            case .gitlabPipeline: jobs = try GitLabCIRunner.jobs(in: recipe.text)
            case .githubAction: jobs = []
            }
            #expect(Set(jobs) == Self.exercised[recipe.path], "\(recipe.path): jobs \(jobs)")
        }
        // Each local equivalent stands in for a line that is in a recipe.
        let lines = Set(recipes.flatMap { $0.text.components(separatedBy: "\n") }.map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: #"^(- )?(run: )?"#, with: "", options: .regularExpression)
        })
        for equivalent in Self.equivalents {
            #expect(lines.contains(equivalent.original), "no recipe has the line \(equivalent.original)")
        }
    }

    // MARK: A component's release candidate

    @Test func githubReleaseCandidate() throws {
        let world = try RecipeWorld(released: false)
        let runner = try world.github(.component)
        let workflow = try world.recipe(".github/workflows/release-candidate.yml")
        let push = GitHubActionsRunner.Event(name: "push", payload: ["head_commit": .strings(["message": "Log to a file\n"])])
        let jobs = try runner.run(workflow, event: push)
        let rc = try #require(jobs.first)
        #expect(jobs.count == 1 && rc.status == .success, "\(jobs)")
        try world.expectReleaseCandidate(log: rc.log)
        #expect(!rc.log.contains("::error"), "\(rc)")
        // The credentials step handed the ssh key and known_hosts to later steps.
        let temp = try #require(rc.runnerTemp)
        #expect(rc.finalEnvironment["COMPCTL_SSH_KEY"] == temp.appendingPathComponent("specs_key").path, "\(rc)")
        #expect(try permissions(of: temp.appendingPathComponent("specs_key").path) == 0o600)
        #expect(try String(contentsOf: temp.appendingPathComponent("specs_key.pub"), encoding: .utf8).hasPrefix("ssh-ed25519 "))
        #expect(rc.finalEnvironment["COMPCTL_KNOWN_HOSTS"] == temp.appendingPathComponent("known_hosts").path)
        #expect(try String(contentsOf: temp.appendingPathComponent("known_hosts"), encoding: .utf8) == RecipeWorld.knownHosts + "\n")

        // The release commit it pushed starts the workflow again; the job's `if` stops there.
        let before = try world.state()
        let again = try runner.run(workflow, event: .init(name: "push", payload: [
            "head_commit": .strings(["message": "Release XXLogger 1.4.3-rc.1\n"])]), runID: 2)
        #expect(again.map(\.status) == [.skipped], "\(again)")
        #expect(try world.state() == before)
    }

    @Test func gitlabReleaseCandidate() throws {
        let world = try RecipeWorld(released: false)
        let runner = try world.gitlab(.component)
        let pipeline = try world.recipe(".gitlab-ci.yml")
        let push = GitLabCIRunner.Pipeline(source: "push")
        // A push to a component's main runs only the rc job.
        #expect(try runner.run(pipeline, job: "integrate", for: push).status == .notInPipeline)
        #expect(try runner.run(pipeline, job: "skew-report", for: push).status == .notInPipeline)
        let job = try runner.run(pipeline, job: "release-candidate", for: push)
        #expect(job.status == .success, "\(job)")
        try world.expectReleaseCandidate(log: job.log)
        let report = try #require(job.artifacts).appendingPathComponent("gl-code-quality-report.json")
        #expect(try String(contentsOf: report, encoding: .utf8) == "[\n\n]\n", "\(job)")

        // The release commit's own pipeline has no rc job.
        let before = try world.state()
        #expect(try runner.run(pipeline, job: "release-candidate", for: push).status == .notInPipeline)
        #expect(try world.state() == before)
    }

    // MARK: Integrating a release into the main project

    @Test func githubIntegrate() throws {
        let world = try RecipeWorld(released: true)
        let runner = try world.github(.mainProject, protectedMain: false)
        let jobs = try runner.run(try world.recipe(".github/workflows/integrate.yml"), event: RecipeWorld.dispatch)
        #expect(jobs.map(\.id) == ["check", "affected", "dependents-1", "dependents-2", "dependents-3", "integrate"], "\(jobs)")
        for job in jobs { #expect(job.status == .success, "\(job)") }
        #expect(jobs[1].outputs["matrix"] == #"{"include":[{"pods":["XXLogger"],"wave":0},{"pods":["XXNetworking"],"wave":1},"#
            + #"{"pods":["XXAccount"],"wave":2}]}"#)
        try world.expectExampleBuilds()
        try world.expectIntegrated(on: "main")
        #expect(try world.heads() == ["main"])
    }

    /// With a protected main the pins land on a branch of their own and a pull request opens from it.
    @Test func githubIntegrateIntoAProtectedMain() throws {
        let world = try RecipeWorld(released: true)
        let runner = try world.github(.mainProject, protectedMain: true)
        let before = try world.mainHead()
        let jobs = try runner.run(try world.recipe(".github/workflows/integrate.yml"), event: RecipeWorld.dispatch)
        for job in jobs { #expect(job.status == .success, "\(job)") }
        try world.expectExampleBuilds()
        try world.expectIntegrated(on: "compctl/XXLogger=1.4.3")
        #expect(try world.mainHead() == before)
        #expect(try world.read("pull-requests") == """
            --head
            compctl/XXLogger=1.4.3
            --title
            Integrate XXLogger=1.4.3
            --body
            Pinned by the integrate job after its compile check passed.

            """)
    }

    /// The integrate job's `permissions` are what lets it push: without them GitHub's token
    /// is read-only and the push is refused (the README's first recipe had none).
    @Test func theIntegrateJobNeedsItsPermissions() throws {
        let world = try RecipeWorld(released: true)
        let runner = try world.github(.mainProject, protectedMain: false)
        let before = try world.mainHead()
        let workflow = try world.recipe(".github/workflows/integrate.yml")
        let block = "    permissions:\n      contents: write              # push the pinned Podfile\n"
            + "      pull-requests: write         # with a protected main: open the pull request\n"
        #expect(workflow.contains(block))
        let jobs = try runner.run(workflow.replacingOccurrences(of: block, with: ""), event: RecipeWorld.dispatch)
        let integrate = try #require(jobs.last)
        #expect(integrate.status == .failure, "\(integrate)")
        #expect(integrate.log.contains("GitHub refuses the push without `permissions: contents: write`"), "\(integrate)")
        #expect(try world.heads() == ["main"] && world.mainHead() == before)
    }

    @Test func gitlabIntegrate() throws {
        let world = try RecipeWorld(released: true)
        let gitlab = try LoopbackHTTPServer { request, _ in
            request.method == "POST" ? .text(#"{"iid": 1}"#, status: 201) : .notFound
        }
        let runner = try world.gitlab(.mainProject, api: gitlab.baseURL + "/api/v4")
        let pipeline = try world.recipe(".gitlab-ci.yml")
        let before = try world.mainHead()
        let started = GitLabCIRunner.Pipeline(source: "web", variables: ["COMPONENT": "XXLogger=1.4.3"])
        let job = try runner.run(pipeline, job: "integrate", for: started)
        #expect(job.status == .success, "\(job)")
        try world.expectExampleBuilds()
        try world.expectIntegrated(on: "compctl/XXLogger=1.4.3")
        #expect(try world.mainHead() == before)
        let request = try #require(gitlab.requests.first)
        #expect(gitlab.requests.count == 1)
        #expect(request.method == "POST" && request.path == "/api/v4/projects/42/merge_requests")
        #expect(request.header("private-token") == RecipeWorld.gitlabToken)
        #expect(request.formFields == ["source_branch": "compctl/XXLogger=1.4.3", "target_branch": "main",
                                       "title": "Integrate XXLogger=1.4.3"])
    }

    // MARK: The nightly report

    @Test func githubNightlyReport() throws {
        let world = try RecipeWorld(released: true)
        let runner = try world.github(.mainProject)
        let workflow = try world.recipe(".github/workflows/skew-report.yml")
        for run in 1...3 {
            let jobs = try runner.run(workflow, event: .init(name: "schedule"), runID: 100 + run)
            let report = try #require(jobs.first)
            #expect(jobs.count == 1 && report.status == .success, "\(jobs)")
            #expect(report.summary.hasPrefix("# Component skew report\n"), "\(report)")
            let artifact = runner.artifact("skew-report", run: run)
            #expect(try world.history(in: artifact.appendingPathComponent("report.json")) == run, "\(report)")
            #expect(try String(contentsOf: artifact.appendingPathComponent("report.html"), encoding: .utf8).contains("<svg"))
        }
        #expect(runner.cache.savedKeys.filter { $0.hasPrefix("skew-history-") }
            == ["skew-history-101", "skew-history-102", "skew-history-103"])
    }

    @Test func gitlabNightlyReport() throws {
        let world = try RecipeWorld(released: true)
        let runner = try world.gitlab(.mainProject)
        let pipeline = try world.recipe(".gitlab-ci.yml")
        let schedule = GitLabCIRunner.Pipeline(source: "schedule")
        #expect(try runner.run(pipeline, job: "integrate", for: schedule).status == .notInPipeline)
        for run in 1...3 {
            let job = try runner.run(pipeline, job: "skew-report", for: schedule)
            #expect(job.status == .success, "\(job)")
            let artifacts = try #require(job.artifacts)
            #expect(try world.history(in: artifacts.appendingPathComponent("report.json")) == run, "\(job)")
            #expect(try String(contentsOf: artifacts.appendingPathComponent("report.md"), encoding: .utf8)
                .hasPrefix("# Component skew report\n"))
            #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report.html").path))
        }
    }
}

/// The repositories a team keeps for the recipes, as bare repos in a temporary folder: the
/// spec repo `specs.git` (XXFoundation 1.0.0, XXLogger 1.4.2, XXNetworking 3.2.0 and
/// XXAccount 2.1.0, each depending on the one before), the component `XXLogger.git` (1.4.2,
/// a change after it, and maybe the release 1.4.3, tagged but not yet published) and the main
/// project `AcmeApp.git` (a Podfile pinning all four, compctl.yml, a compile check and
/// `ci/build-example.sh`, which records what it builds); each holds the README's recipes.
final class RecipeWorld: @unchecked Sendable {
    static let readme = (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    static let recipes = CIRecipe.all(in: readme)
    static let knownHosts = "git.acme.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"
    static let gitlabToken = "glpat-local"
    static let dispatch = GitHubActionsRunner.Event(name: "workflow_dispatch", inputs: ["component": "XXLogger=1.4.3"])

    let directory: TemporaryDirectory
    let deployKey: String
    /// The git daemons of the GitLab runners, stopped with the world.
    private var daemons: [LocalGitDaemon] = []

    enum Repository: String {
        case component = "XXLogger"
        case mainProject = "AcmeApp"
    }

    /// With `released`, XXLogger's 1.4.3 is released (committed and tagged, not yet
    /// published), for the main project's recipes; without, its main is one change past
    /// 1.4.2, for the component's.
    init(released: Bool, _ name: String = #function) throws {
        directory = try TemporaryDirectory(prefix: "compctl-recipes", name)
        let keyFile = directory("deploy_key")
        let keygen = try ProcessRunner.run("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "deploy", "-f", keyFile])
        guard keygen.exitCode == 0 else { throw TestSupportError("ssh-keygen: \(keygen)") }
        deployKey = try String(contentsOfFile: keyFile, encoding: .utf8).trimmingCharacters(in: .newlines)

        try bare("specs", [
            "XXFoundation/1.0.0/XXFoundation.podspec.json": jsonPodspec("XXFoundation", "1.0.0", git: url("XXFoundation")),
            "XXLogger/1.4.2/XXLogger.podspec.json": jsonPodspec("XXLogger", "1.4.2", git: url("XXLogger"),
                                                                dependencies: ["XXFoundation": ["~> 1.0"]]),
            "XXNetworking/3.2.0/XXNetworking.podspec.json": jsonPodspec("XXNetworking", "3.2.0", git: url("XXNetworking"),
                                                                        dependencies: ["XXLogger": ["~> 1.4"]]),
            "XXAccount/2.1.0/XXAccount.podspec.json": jsonPodspec("XXAccount", "2.1.0", git: url("XXAccount"),
                                                                  dependencies: ["XXLogger": ["~> 1.4"], "XXNetworking": ["~> 3.2"]]),
        ])
        let specRepos = "spec_repos:\n  - name: acme\n    url: \(url("specs"))\n"
        func podspec(_ version: String) -> String {
            """
            Pod::Spec.new do |s|
              s.name    = 'XXLogger'
              s.version = '\(version)'
              s.summary = 'Logging for Acme.'
              s.source  = { :git => '\(url("XXLogger"))', :tag => s.version.to_s }
              s.source_files = 'Sources/**/*.swift'
              s.dependency 'XXFoundation', '~> 1.0'
            end

            """
        }
        var commits: [([String: String], String, String?)] = [
            (["Sources/Logger.swift": "public func log(_ text: String) { print(text) }\npublic func logToFile() {}\n"], "Log to a file", nil),
        ]
        if released { commits.append((["XXLogger.podspec": podspec("1.4.3")], "Release XXLogger 1.4.3", "1.4.3")) }
        try bare("XXLogger", recipes(for: .component).merging([
            "XXLogger.podspec": podspec("1.4.2"),
            "compctl.yml": specRepos,
            "Sources/Logger.swift": "public func log(_ text: String) { print(text) }\n",
        ]) { $1 }, then: commits, tag: "1.4.2")

        try bare("AcmeApp", recipes(for: .mainProject).merging([
            "Podfile": """
                source '\(url("specs"))'
                platform :ios, '13.0'

                target 'AcmeApp' do
                  pod 'XXAccount', '2.1.0'
                  pod 'XXNetworking', '3.2.0'
                  pod 'XXLogger', '1.4.2'
                  pod 'XXFoundation', '1.0.0'
                end

                """,
            "compctl.yml": specRepos + """
                projects:
                  - name: AcmeApp
                    podfile: Podfile
                check_command: ["sh", "ci/compile-check.sh"]

                """,
            // Stands in for `pod install` and `xcodebuild`: the pinned Podfile and the staged spec agree.
            "ci/compile-check.sh": """
                #!/bin/sh
                set -eu
                grep -q "pod '$COMPCTL_COMPONENT', '$COMPCTL_VERSION'" "$COMPCTL_PODFILE"
                git --git-dir "$COMPCTL_STAGED_SPEC_REPO" ls-tree -r --name-only HEAD | grep -q "^$COMPCTL_COMPONENT/$COMPCTL_VERSION/"

                """,
            "ci/build-example.sh": "#!/bin/sh\necho \"$1 $2\" >> '\(directory("builds"))'\n",
        ]) { $1 }, executables: ["ci/compile-check.sh", "ci/build-example.sh"])
    }

    /// `directory/relative`.
    func callAsFunction(_ relative: String) -> String { directory(relative) }

    /// The bare repository `name` (`acme/name.git`, as `$CI_SERVER_URL/$CI_PROJECT_PATH.git`).
    func bare(_ name: String) -> String { directory("acme/\(name).git") }

    func url(_ repository: String) -> String { "file://" + bare(repository) }

    func read(_ relative: String) throws -> String { try directory.read(relative) }

    /// The README recipes `repository` keeps, by their paths.
    func recipes(for repository: Repository) -> [String: String] {
        var files: [String: String] = [:]
        for recipe in Self.recipes where recipe.repository == nil || recipe.repository == repository.rawValue {
            files[recipe.path] = recipe.text
        }
        return files
    }

    /// The README's recipe for `path`.
    func recipe(_ path: String) throws -> String {
        try #require(Self.recipes.first { $0.path == path }).text
    }

    /// A bare repo `name.git` from `files` in one commit (tagged `tag`), then `then`'s
    /// commits (each tagged when it names a tag).
    private func bare(_ name: String, _ files: [String: String], then commits: [([String: String], String, String?)] = [],
                      tag: String? = nil, executables: [String] = []) throws {
        let work = directory("\(name)-src")
        try directory.write(files, under: "\(name)-src")
        for file in executables {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work + "/" + file)
        }
        try gitCLI("init", "-q", "-b", "main", work)
        try gitCLI("add", "-A", in: work)
        try gitCLI("commit", "-q", "-m", name == "specs" ? "Specs" : "\(name) first version", in: work)
        if let tag { try gitCLI("tag", "-a", "-m", tag, tag, in: work) }
        for (changes, message, tag) in commits {
            try directory.write(changes, under: "\(name)-src")
            try gitCLI("commit", "-q", "-am", message, in: work)
            if let tag { try gitCLI("tag", "-a", "-m", tag, tag, in: work) }
        }
        try gitCLI("clone", "-q", "--bare", work, bare(name))
        try FileManager.default.removeItem(atPath: work)
    }

    /// The environment every job gets beyond the CI system's: this machine's git config left out.
    static let isolation = ["GIT_CONFIG_NOSYSTEM": "1"]

    /// compctl's release in `cache` under `key` at `path`, as the recipe's first run of this
    /// version would have saved it: `.build/release/compctl` (the binary under test).
    private func seedCompctl(_ cache: CIRunnerCache, key: String) throws {
        let folder = directory.url.appendingPathComponent("compctl-release-\(key)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".build/release/compctl").path,
                                                   withDestinationPath: Paths.compctl.path)
        try cache.save(key: key, paths: [folder])
    }

    static let version: String = {
        let output = (try? compctl(["--version"]).stdout) ?? ""
        return output.split(separator: " ").dropFirst().first.map(String.init) ?? "unknown"
    }()

    /// A GitHub runner for `repository`'s workflows, with the secrets and variables they use
    /// and `gh` standing in for GitHub's CLI: it checks its token as GitHub would and
    /// records the pull request it would open in `pull-requests`.
    func github(_ repository: Repository, protectedMain: Bool = false) throws -> GitHubActionsRunner {
        let runner = try GitHubActionsRunner(.init(
            root: directory.url.appendingPathComponent("github-\(repository.rawValue)"),
            repository: "acme/\(repository.rawValue)", origin: url(repository.rawValue),
            secrets: ["SPECS_DEPLOY_KEY": deployKey],
            vars: ["SPECS_KNOWN_HOSTS": Self.knownHosts, "PROTECTED_MAIN": protectedMain ? "true" : ""],
            standIns: ["gh": """
                #!/bin/sh
                set -eu
                [ "${1:-} ${2:-}" = "pr create" ] || { echo "gh stand-in: only 'gh pr create' is modelled, not: $*" >&2; exit 2; }
                case "${GH_TOKEN:-}" in
                    "") echo "gh: set the GH_TOKEN environment variable" >&2; exit 4 ;;
                    *pull-requests=write*) ;;
                    *) echo "pull request create failed: GraphQL: Resource not accessible by integration" >&2; exit 1 ;;
                esac
                shift 2
                printf '%s\\n' "$@" > '\(directory("pull-requests"))'

                """],
            localEquivalents: ReadmeRecipeExecutionTests.equivalents, environment: Self.isolation))
        for platform in ["Linux-X64", "macOS-ARM64"] {
            try seedCompctl(runner.cache, key: "compctl-\(Self.version)-\(platform)")
        }
        return runner
    }

    /// A GitLab runner for `repository`'s pipeline, with the project's CI/CD variable
    /// SPECS_TOKEN and GitLab's API at `api`. Its checkouts fetch from a read-only
    /// `git daemon`, as GitLab's origin URL carries the job token, which cannot push; the
    /// server (`CI_SERVER_URL`) is a `git daemon` that takes pushes, as GitLab does with a
    /// token that may write.
    func gitlab(_ repository: Repository, api: String = "http://127.0.0.1:9/api/v4") throws -> GitLabCIRunner {
        let jobToken = try LocalGitDaemon(basePath: directory.path, allowPush: false)
        let server = try LocalGitDaemon(basePath: directory.path)
        daemons += [jobToken, server]
        let runner = try GitLabCIRunner(.init(
            root: directory.url.appendingPathComponent("gitlab-\(repository.rawValue)"),
            project: "acme/\(repository.rawValue)", repository: bare(repository.rawValue),
            origin: jobToken.url("acme/\(repository.rawValue).git"), serverURL: "git://127.0.0.1:\(server.port)",
            variables: ["SPECS_TOKEN": Self.gitlabToken],
            apiURL: api, localEquivalents: ReadmeRecipeExecutionTests.equivalents, environment: Self.isolation))
        try seedCompctl(runner.cache, key: "compctl-\(Self.version)")
        return runner
    }

    // MARK: What the jobs left behind

    /// Every reference of the three bare repos.
    func state() throws -> String {
        try ["specs", "XXLogger", "AcmeApp"].map { try gitCLI("--git-dir", bare($0), "for-each-ref") }
            .joined(separator: "\n")
    }

    func mainHead() throws -> String {
        try gitCLI("--git-dir", bare("AcmeApp"), "rev-parse", "main")
    }

    /// The branches of AcmeApp.git.
    func heads() throws -> [String] {
        try gitCLI("--git-dir", bare("AcmeApp"), "for-each-ref", "--format=%(refname:short)", "refs/heads")
            .split(separator: "\n").map(String.init)
    }

    /// The rc jobs' outcome: XXLogger's 1.4.3-rc.1 committed, tagged and pushed, and its spec
    /// published.
    func expectReleaseCandidate(log: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let component = bare("XXLogger")
        #expect(try gitCLI("--git-dir", component, "log", "-1", "--format=%s", "main") == "Release XXLogger 1.4.3-rc.1",
                "\(log)", sourceLocation: sourceLocation)
        #expect(try gitCLI("--git-dir", component, "rev-parse", "1.4.3-rc.1^{commit}") == gitCLI("--git-dir", component, "rev-parse", "main"),
                sourceLocation: sourceLocation)
        #expect(try gitCLI("--git-dir", component, "show", "main:XXLogger.podspec").contains("s.version = '1.4.3-rc.1'"),
                sourceLocation: sourceLocation)
        let specs = bare("specs")
        #expect(try gitCLI("--git-dir", specs, "log", "-1", "--format=%s", "main") == "[Update] XXLogger (1.4.3-rc.1)",
                "\(log)", sourceLocation: sourceLocation)
        #expect(try gitCLI("--git-dir", specs, "ls-tree", "--name-only", "main", "XXLogger/1.4.3-rc.1/").hasPrefix("XXLogger/1.4.3-rc.1/XXLogger.podspec"),
                sourceLocation: sourceLocation)
    }

    /// `ci/build-example.sh` built each affected pod with the component, wave by wave.
    func expectExampleBuilds(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try read("builds") == "XXLogger XXLogger=1.4.3\nXXNetworking XXLogger=1.4.3\nXXAccount XXLogger=1.4.3\n",
                sourceLocation: sourceLocation)
    }

    /// The integrate commit on `branch` of AcmeApp.git pins XXLogger 1.4.3, which is published.
    func expectIntegrated(on branch: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let app = bare("AcmeApp")
        let podfile = try gitCLI("--git-dir", app, "show", "\(branch):Podfile")
        #expect(podfile.contains("pod 'XXLogger', '1.4.3'") && podfile.contains("pod 'XXNetworking', '3.2.0'"),
                "\(podfile)", sourceLocation: sourceLocation)
        #expect(try gitCLI("--git-dir", app, "log", "-1", "--format=%s", branch).contains("XXLogger"), sourceLocation: sourceLocation)
        let specs = bare("specs")
        #expect(try gitCLI("--git-dir", specs, "log", "-1", "--format=%s", "main") == "[Update] XXLogger (1.4.3)",
                sourceLocation: sourceLocation)
    }

    /// How many runs the `history` of a report.json holds.
    func history(in report: URL) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        return (object?["history"] as? [Any])?.count ?? -1
    }
}

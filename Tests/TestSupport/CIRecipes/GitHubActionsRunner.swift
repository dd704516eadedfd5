import Foundation

/// Runs a GitHub Actions workflow on this machine as a hosted runner would, for the tests
/// that execute the README's recipes: jobs in the order `needs` gives, each on a fresh
/// runner (its own HOME, RUNNER_TEMP and workspace), matrix jobs one after another, each
/// `run:` step with GitHub's shell and environment (workflow, job and step `env:`; the
/// `GITHUB_*` and `RUNNER_*` variables; `GITHUB_ENV`, `GITHUB_PATH`, `GITHUB_OUTPUT` and
/// `GITHUB_STEP_SUMMARY` files honoured between steps), `${{ }}` evaluated by
/// `ActionsExpression`, local composite actions from the checked-out workspace.
///
/// What it does instead of GitHub:
/// - `actions/checkout` fetches the `origin` bare repository with the git CLI as the action
///   does (`fetch-depth` 1 by default: a shallow fetch of the one commit without tags; 0:
///   every branch and tag), then `checkout -B <branch>`.
/// - `actions/cache`, `actions/cache/restore` and `actions/cache/save` use a `CIRunnerCache`
///   (restore by key, then by `restore-keys` prefix; `actions/cache` saves after a job that
///   succeeded).
/// - `actions/upload-artifact` copies the files into `artifacts/<run>/<name>/`.
/// - `GITHUB_TOKEN` (`secrets.GITHUB_TOKEN`, `github.token`) names the permissions the job
///   has (`ghs-local:contents=write,pull-requests=write`); none given is `contents=read`, as in
///   a repository created today. A step that moves a branch or tag of `origin` fails unless
///   its `COMPCTL_GIT_TOKEN` could push there (a job token with `contents: write`, or another
///   token): compctl reads no credentials from actions/checkout. A stand-in command (`gh`)
///   can check the token it is given.
/// - Steps whose `run:` text matches a `LocalEquivalent` run its command instead.
/// - `runs-on` picks `runner.os` and `runner.arch` (ubuntu: Linux X64; macos-15: macOS
///   ARM64); `container` is this machine.
/// Anything else (an action it does not know, a key of a workflow, job or step it does not
/// handle, a context or function of an expression it does not model) is an error, so that
/// no new recipe step can go unexercised silently.
public final class GitHubActionsRunner: @unchecked Sendable {
    /// The machine and the repository a workflow runs on.
    public struct Setup: Sendable {
        /// The runner's folder: each job's HOME, RUNNER_TEMP and workspace, the artifacts.
        public var root: URL
        /// The repository the workflow belongs to (`acme/AcmeApp`) and its bare origin (a
        /// `file://` URL, so that shallow fetches are shallow).
        public var repository: String
        public var origin: String
        public var secrets: [String: String]
        public var vars: [String: String]
        /// PATH before anything a step adds.
        public var path: [String]
        /// Commands put on PATH ahead of it (name → shell script), standing in for tools
        /// such as GitHub's CLI.
        public var standIns: [String: String]
        public var localEquivalents: [LocalEquivalent]
        /// More environment every step gets (isolation from this machine's git config).
        public var environment: [String: String]

        public init(root: URL, repository: String, origin: String, secrets: [String: String] = [:],
                    vars: [String: String] = [:], path: [String] = CIRunnerPath.withoutCompctl(),
                    standIns: [String: String] = [:], localEquivalents: [LocalEquivalent] = [],
                    environment: [String: String] = [:]) {
            self.root = root
            self.repository = repository
            self.origin = origin
            self.secrets = secrets
            self.vars = vars
            self.path = path
            self.standIns = standIns
            self.localEquivalents = localEquivalents
            self.environment = environment
        }
    }

    /// What started the workflow.
    public struct Event: Sendable {
        /// `push`, `workflow_dispatch`, `schedule`.
        public var name: String
        /// `github.event`.
        public var payload: [String: ActionsValue]
        /// `workflow_dispatch` inputs.
        public var inputs: [String: String]
        /// The branch the run is for.
        public var branch: String

        public init(name: String, payload: [String: ActionsValue] = [:], inputs: [String: String] = [:], branch: String = "main") {
            self.name = name
            self.payload = payload
            self.inputs = inputs
            self.branch = branch
        }
    }

    /// How one job (or one matrix job) ended.
    public struct JobResult: CustomStringConvertible {
        public enum Status: String { case success, failure, skipped }
        public var id: String
        public var matrix: ActionsValue?
        public var status: Status
        public var outputs: [String: String]
        /// The job summary: what its steps appended to `GITHUB_STEP_SUMMARY`.
        public var summary: String
        /// Each step's name, command and output.
        public var log: String
        /// The environment of its last step, after every `GITHUB_ENV` line.
        public var finalEnvironment: [String: String]
        public var runnerTemp: URL?

        public var description: String { "job \(id)\(matrix.map { " \($0.jsonText)" } ?? ""): \(status)\n\(log)" }
    }

    public let setup: Setup
    public let cache: CIRunnerCache
    private var runs = 0
    private var usedEquivalents = Set<String>()

    public init(_ setup: Setup) throws {
        self.setup = setup
        cache = try CIRunnerCache(directory: setup.root.appendingPathComponent("cache"))
    }

    /// The `LocalEquivalent`s some step matched so far.
    public var used: Set<String> { usedEquivalents }

    /// Where `upload-artifact` put artifact `name` of run `run` (1-based).
    public func artifact(_ name: String, run: Int) -> URL {
        setup.root.appendingPathComponent("artifacts/\(run)/\(name)")
    }

    /// Runs `workflow` (its YAML) for `event` with `runID` as `github.run_id`; returns every
    /// job's result in the order they ran.
    public func run(_ workflow: String, event: Event, runID: Int = 1) throws -> [JobResult] {
        runs += 1
        let document = try YAMLValue.parse(workflow)
        try refuseUnknown(document, ["name", "on", "permissions", "env", "jobs", "concurrency"], in: "the workflow")
        try checkTrigger(document["on"], event: event)
        guard case .mapping(let jobEntries) = document["jobs"] else { throw TestSupportError("the workflow has no jobs") }
        var pending = jobEntries
        var results: [String: [JobResult]] = [:]
        var ordered: [JobResult] = []
        let originSHA = try gitCLI("--git-dir", originPath, "rev-parse", "refs/heads/\(event.branch)")
        let inputs = try dispatchInputs(document["on"], event: event)
        while !pending.isEmpty {
            guard let index = pending.firstIndex(where: { entry in
                entry.value["needs"]?.items.compactMap(\.string).allSatisfy { results[$0] != nil } ?? true
            }) else {
                throw TestSupportError("jobs \(pending.map(\.key)) need jobs that never run")
            }
            let entry = pending.remove(at: index)
            let needs = entry.value["needs"]?.items.compactMap(\.string) ?? []
            var needsContext: [String: ActionsValue] = [:]
            for name in needs {
                let jobs = results[name]!
                let result = jobs.contains { $0.status == .failure } ? "failure" : jobs.allSatisfy { $0.status == .skipped } ? "skipped" : "success"
                var outputs: [String: String] = [:]
                for job in jobs { outputs.merge(job.outputs) { _, new in new } }
                needsContext[name] = .object(["result": .string(result), "outputs": .strings(outputs)])
            }
            let context = RunContext(workflow: document, event: event, inputs: inputs, runID: runID, run: runs, sha: originSHA,
                                     needs: needsContext)
            let jobResults = try runJob(entry.key, entry.value, context: context,
                                        neededFailed: needsContext.values.contains(where: isFailure),
                                        neededSkipped: needs.contains { name in results[name]!.allSatisfy { $0.status == .skipped } })
            results[entry.key] = jobResults
            ordered += jobResults
        }
        return ordered
    }

    private func isFailure(_ need: ActionsValue) -> Bool {
        if case .object(let members) = need, members["result"] == .string("failure") { return true }
        return false
    }

    private var originPath: String {
        setup.origin.hasPrefix("file://") ? String(setup.origin.dropFirst("file://".count)) : setup.origin
    }

    /// What the jobs of one run share.
    struct RunContext {
        var workflow: YAMLValue
        var event: Event
        var inputs: [String: String]
        var runID: Int
        var run: Int
        var sha: String
        var needs: [String: ActionsValue]
    }

    // MARK: Triggers

    private func checkTrigger(_ on: YAMLValue?, event: Event) throws {
        guard let on else { throw TestSupportError("the workflow has no `on`") }
        let triggers = on.keys.isEmpty ? on.items.compactMap(\.string) : on.keys
        guard triggers.contains(event.name) else {
            throw TestSupportError("the workflow does not run on \(event.name) (it runs on \(triggers.joined(separator: ", ")))")
        }
        if let branches = on[event.name]?["branches"]?.items.compactMap(\.string), !branches.contains(event.branch) {
            throw TestSupportError("the workflow runs on \(event.name) to \(branches), not to \(event.branch)")
        }
    }

    private func dispatchInputs(_ on: YAMLValue?, event: Event) throws -> [String: String] {
        guard event.name == "workflow_dispatch" else { return [:] }
        let declared = on?["workflow_dispatch"]?["inputs"]
        var inputs: [String: String] = [:]
        for entry in declared?.entries ?? [] {
            if let given = event.inputs[entry.key] {
                inputs[entry.key] = given
            } else if let fallback = entry.value["default"]?.string {
                inputs[entry.key] = fallback
            } else if entry.value["required"]?.string == "true" {
                throw TestSupportError("the required input \(entry.key) is missing")
            }
        }
        for name in event.inputs.keys where inputs[name] == nil {
            throw TestSupportError("the workflow declares no input \(name)")
        }
        return inputs
    }

    // MARK: Jobs

    private func runJob(_ id: String, _ job: YAMLValue, context: RunContext, neededFailed: Bool, neededSkipped: Bool) throws -> [JobResult] {
        try refuseUnknown(job, ["name", "runs-on", "container", "env", "steps", "needs", "outputs", "strategy", "if",
                                "permissions", "concurrency", "timeout-minutes"], in: "job \(id)")
        var base: [String: ActionsValue] = [
            "github": github(context, token: nil),
            "inputs": .strings(context.inputs),
            "vars": .strings(setup.vars),
            "needs": .object(context.needs),
        ]
        let jobScope = ActionsExpression.Scope(contexts: base, failed: neededFailed)
        if neededSkipped && !(job["if"]?.string?.contains("always()") ?? false) {
            return [JobResult(id: id, status: .skipped, outputs: [:], summary: "", log: "skipped: a needed job was skipped",
                              finalEnvironment: [:])]
        }
        guard try ActionsExpression.condition(job["if"]?.string, in: jobScope) else {
            return [JobResult(id: id, status: .skipped, outputs: [:], summary: "", log: "skipped: if: \(job["if"]?.string ?? "")",
                              finalEnvironment: [:])]
        }
        var combinations: [ActionsValue?] = [nil]
        if let strategy = job["strategy"] {
            try refuseUnknown(strategy, ["matrix", "max-parallel", "fail-fast"], in: "job \(id)'s strategy")
            combinations = try matrix(strategy["matrix"], scope: jobScope).map { $0 }
        }
        var results: [JobResult] = []
        for (number, combination) in combinations.enumerated() {
            if let combination { base["matrix"] = combination }
            results.append(try runOne(combination == nil ? id : "\(id)-\(number + 1)", job, context: context, contexts: base,
                                      matrix: combination))
        }
        return results
    }

    private func matrix(_ value: YAMLValue?, scope: ActionsExpression.Scope) throws -> [ActionsValue] {
        let matrix: ActionsValue
        if let text = value?.string {
            matrix = try ActionsExpression.evaluate(stripped(text), in: scope)
        } else {
            throw TestSupportError("only a matrix computed by an expression is modelled")
        }
        guard case .object(let members) = matrix, members.keys.sorted() == ["include"],
              case .array(let include) = members["include"]! else {
            throw TestSupportError("only a matrix of `include` entries is modelled: \(matrix.jsonText)")
        }
        guard !include.isEmpty else { throw TestSupportError("the matrix is empty, which GitHub rejects: \(matrix.jsonText)") }
        return include
    }

    private func stripped(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("${{"), trimmed.hasSuffix("}}") else { return trimmed }
        return String(trimmed.dropFirst(3).dropLast(2))
    }

    /// The permissions of the job's token: the job's `permissions`, else the workflow's,
    /// else read-only contents.
    private func permissions(_ job: YAMLValue, _ workflow: YAMLValue) throws -> [String: String] {
        guard let declared = job["permissions"] ?? workflow["permissions"] else { return ["contents": "read"] }
        if let all = declared.string {
            switch all {
            case "read-all": return ["contents": "read", "pull-requests": "read"]
            case "write-all": return ["contents": "write", "pull-requests": "write"]
            default: throw TestSupportError("permissions: \(all) is not modelled")
            }
        }
        return Dictionary(uniqueKeysWithValues: declared.entries.map { ($0.key, $0.value.string ?? "") })
    }

    private func github(_ context: RunContext, token: String?) -> ActionsValue {
        var members: [String: ActionsValue] = [
            "event_name": .string(context.event.name),
            "event": .object(context.event.payload),
            "ref": .string("refs/heads/\(context.event.branch)"),
            "ref_name": .string(context.event.branch),
            "sha": .string(context.sha),
            "repository": .string(setup.repository),
            "run_id": .string(String(context.runID)),
        ]
        if let token { members["token"] = .string(token) }
        return .object(members)
    }

    /// The state of one job while its steps run.
    final class JobState {
        var environment: [String: String]
        var pathEntries: [String] = []
        var summary = ""
        var log = ""
        var failed = false
        var steps: [String: ActionsValue] = [:]
        var postSaves: [(key: String, paths: [URL])] = []
        init(environment: [String: String]) { self.environment = environment }
    }

    private func runOne(_ id: String, _ job: YAMLValue, context: RunContext, contexts: [String: ActionsValue],
                        matrix: ActionsValue?) throws -> JobResult {
        let folder = setup.root.appendingPathComponent("runs/\(context.run)/\(id)")
        let home = folder.appendingPathComponent("home")
        let temp = folder.appendingPathComponent("temp")
        let workspace = folder.appendingPathComponent("work/\(setup.repository.split(separator: "/").last ?? "repo")")
        let standIns = folder.appendingPathComponent("stand-ins")
        for directory in [home, temp, workspace, standIns] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        for (name, script) in setup.standIns {
            let file = standIns.appendingPathComponent(name)
            try script.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let (os, arch) = try runner(job["runs-on"]?.string)
        let grants = try permissions(job, context.workflow)
        let token = "ghs-local:" + grants.keys.sorted().map { "\($0)=\(grants[$0]!)" }.joined(separator: ",")
        var secrets = setup.secrets
        secrets["GITHUB_TOKEN"] = token
        var contexts = contexts
        contexts["github"] = github(context, token: token)
        contexts["secrets"] = .strings(secrets)
        // Job-level env sees no runner context (actionlint says so too).
        var environment: [String: String] = [:]
        for entry in context.workflow["env"]?.entries ?? [] {
            environment[entry.key] = try ActionsExpression.interpolate(entry.value.string ?? "", in: .init(contexts: contexts))
        }
        for entry in job["env"]?.entries ?? [] {
            environment[entry.key] = try ActionsExpression.interpolate(entry.value.string ?? "", in: .init(contexts: contexts))
        }
        contexts["runner"] = .strings(["os": os, "arch": arch, "temp": temp.path])
        let state = JobState(environment: environment)
        let base: [String: String] = setup.environment.merging([
            "HOME": home.path, "LANG": "C.UTF-8", "CI": "true", "GITHUB_ACTIONS": "true",
            "GITHUB_WORKSPACE": workspace.path, "GITHUB_SHA": context.sha, "GITHUB_REF": "refs/heads/\(context.event.branch)",
            "GITHUB_REF_NAME": context.event.branch, "GITHUB_EVENT_NAME": context.event.name,
            "GITHUB_REPOSITORY": setup.repository, "GITHUB_RUN_ID": String(context.runID),
            "RUNNER_TEMP": temp.path, "RUNNER_OS": os, "RUNNER_ARCH": arch,
        ]) { _, new in new }
        let machine = Machine(base: base, path: [standIns.path] + setup.path, workspace: workspace, home: home, temp: temp,
                              context: context)
        for (index, step) in (job["steps"]?.items ?? []).enumerated() {
            try runStep(step, index: index, state: state, contexts: contexts, machine: machine)
        }
        if !state.failed {
            for save in state.postSaves { try cache.save(key: save.key, paths: save.paths) }
        }
        var outputs: [String: String] = [:]
        var outputContexts = contexts
        outputContexts["steps"] = .object(state.steps)
        for entry in job["outputs"]?.entries ?? [] {
            outputs[entry.key] = try ActionsExpression.interpolate(entry.value.string ?? "", in: .init(contexts: outputContexts))
        }
        return JobResult(id: id, matrix: matrix, status: state.failed ? .failure : .success, outputs: outputs,
                         summary: state.summary, log: state.log, finalEnvironment: state.environment, runnerTemp: temp)
    }

    private func runner(_ label: String?) throws -> (String, String) {
        switch label {
        case let label? where label.hasPrefix("ubuntu-"): return ("Linux", "X64")
        case "macos-15", "macos-latest": return ("macOS", "ARM64")
        default: throw TestSupportError("runs-on: \(label ?? "nothing") is not modelled")
        }
    }

    /// What every step of a job runs on.
    struct Machine {
        var base: [String: String]
        var path: [String]
        var workspace: URL
        var home: URL
        var temp: URL
        var context: RunContext
    }

    // MARK: Steps

    private func runStep(_ step: YAMLValue, index: Int, state: JobState, contexts: [String: ActionsValue], machine: Machine) throws {
        try refuseUnknown(step, ["name", "id", "if", "run", "uses", "with", "env", "shell"], in: "step \(index + 1)")
        var contexts = contexts
        contexts["steps"] = .object(state.steps)
        contexts["env"] = .strings(state.environment)
        var environment = state.environment
        for entry in step["env"]?.entries ?? [] {
            environment[entry.key] = try ActionsExpression.interpolate(entry.value.string ?? "", in: .init(contexts: contexts))
        }
        contexts["env"] = .strings(environment)
        let scope = ActionsExpression.Scope(contexts: contexts, failed: state.failed)
        let name = step["name"]?.string ?? step["uses"]?.string ?? step["run"]?.string?.components(separatedBy: "\n").first ?? "step"
        guard try ActionsExpression.condition(step["if"]?.string, in: scope) else {
            state.log += "## \(name): skipped (\(step["if"]?.string.map { "if: \($0)" } ?? "an earlier step failed"))\n"
            return
        }
        state.log += "## \(name)\n"
        var outputs: [String: String] = [:]
        var succeeded = true
        if let run = step["run"]?.string {
            (succeeded, outputs) = try runScript(run, shell: step["shell"]?.string, environment: environment, scope: scope,
                                                 state: state, machine: machine)
        } else if let uses = step["uses"]?.string {
            var with: [String: String] = [:]
            for entry in step["with"]?.entries ?? [] {
                with[entry.key] = try ActionsExpression.interpolate(entry.value.string ?? "", in: scope)
            }
            (succeeded, outputs) = try runAction(uses, with: with, environment: environment, contexts: contexts, state: state,
                                                 machine: machine)
        } else {
            throw TestSupportError("step \(index + 1) has neither run nor uses")
        }
        if !succeeded { state.failed = true }
        if let id = step["id"]?.string {
            state.steps[id] = .object(["outputs": .strings(outputs), "outcome": .string(succeeded ? "success" : "failure")])
        }
    }

    private func runScript(_ run: String, shell: String?, environment: [String: String], scope: ActionsExpression.Scope,
                           state: JobState, machine: Machine) throws -> (Bool, [String: String]) {
        var script = try ActionsExpression.interpolate(run, in: scope)
        if let equivalent = setup.localEquivalents.first(where: { $0.original == run.trimmingCharacters(in: .whitespacesAndNewlines) }) {
            usedEquivalents.insert(equivalent.original)
            state.log += "(local equivalent: \(equivalent.reason))\n"
            guard let command = equivalent.command else { return (true, [:]) }
            script = command + "\n"
        }
        let files = ["GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"].map { name in
            (name, machine.temp.appendingPathComponent("\(name.lowercased())-\(UUID().uuidString)"))
        }
        for (_, file) in files { try Data().write(to: file) }
        let scriptFile = machine.temp.appendingPathComponent("\(UUID().uuidString).sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let command: [String]
        switch shell {
        case nil: command = ["/bin/bash", "-e", scriptFile.path]
        case "bash": command = ["/bin/bash", "--noprofile", "--norc", "-eo", "pipefail", scriptFile.path]
        case "sh": command = ["/bin/sh", "-e", scriptFile.path]
        default: throw TestSupportError("shell: \(shell!) is not modelled")
        }
        var env = machine.base.merging(environment) { _, new in new }
        env["PATH"] = (state.pathEntries + machine.path).joined(separator: ":")
        for (name, file) in files { env[name] = file.path }
        state.log += script.hasSuffix("\n") ? script : script + "\n"
        let before = try RunnerSupport.references(of: originPath)
        var (code, output) = try RunnerSupport.shell(command, in: machine.workspace, environment: env)
        if code == 0, try RunnerSupport.references(of: originPath) != before, let refusal = pushRefusal(token: env["COMPCTL_GIT_TOKEN"]) {
            try RunnerSupport.restoreReferences(of: originPath, to: before)
            output += "error: GitHub refused this step's push to origin (undone): \(refusal)\n"
            code = 1
        }
        state.log += output + (code == 0 ? "" : "(exit \(code))\n")
        for (name, value) in try RunnerSupport.environmentFile(files[0].1) { state.environment[name] = value }
        let added = (try String(contentsOf: files[1].1, encoding: .utf8)).split(separator: "\n").map(String.init)
        state.pathEntries = added.reversed() + state.pathEntries
        var outputs: [String: String] = [:]
        for (name, value) in try RunnerSupport.environmentFile(files[2].1) { outputs[name] = value }
        state.summary += try String(contentsOf: files[3].1, encoding: .utf8)
        return (code == 0, outputs)
    }

    /// Why GitHub would refuse a push to origin that compctl made with `token` as its
    /// `COMPCTL_GIT_TOKEN`, or `nil`. compctl (libgit2) reads no `http.extraheader`, where
    /// actions/checkout keeps the job's token, so a push needs the variable; the job's own
    /// token needs `contents: write`. Another token (a secret) is taken as one that may push.
    private func pushRefusal(token: String?) -> String? {
        guard let token, !token.isEmpty else {
            return "authentication is required, and compctl does not read the token actions/checkout keeps in "
                + "http.extraheader; set COMPCTL_GIT_TOKEN (the job's GITHUB_TOKEN, or a token that may push)"
        }
        guard token.hasPrefix("ghs-local:") else { return nil }
        return token.contains("contents=write") ? nil
            : "the GITHUB_TOKEN has \(token); GitHub refuses the push without `permissions: contents: write`"
    }

    // MARK: Actions

    private func runAction(_ uses: String, with: [String: String], environment: [String: String],
                           contexts: [String: ActionsValue], state: JobState, machine: Machine) throws -> (Bool, [String: String]) {
        func inputs(_ known: Set<String>) throws {
            let unknown = Set(with.keys).subtracting(known)
            guard unknown.isEmpty else { throw TestSupportError("\(uses): inputs \(unknown.sorted()) are not modelled") }
        }
        func expand(_ path: String) -> URL {
            if path.hasPrefix("~/") { return machine.home.appendingPathComponent(String(path.dropFirst(2))) }
            return path.hasPrefix("/") ? URL(fileURLWithPath: path) : machine.workspace.appendingPathComponent(path)
        }
        func lines(_ text: String?) -> [String] {
            (text ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        switch uses {
        case "actions/checkout@v5":
            try inputs(["fetch-depth"])
            try checkout(depth: Int(with["fetch-depth"] ?? "1") ?? 1, machine: machine)
            state.log += "checked out \(setup.origin) at \(machine.context.sha) (fetch-depth \(with["fetch-depth"] ?? "1"))\n"
            return (true, [:])
        case "actions/cache@v4", "actions/cache/restore@v5":
            try inputs(["path", "key", "restore-keys"])
            guard let key = with["key"], let path = with["path"] else { throw TestSupportError("\(uses) needs path and key") }
            let paths = lines(path).map(expand)
            let restored = try cache.restore(key: key, prefixes: lines(with["restore-keys"]), paths: paths)
            state.log += restored.map { "restored the cache \($0)\n" } ?? "no cache for \(key)\n"
            if uses == "actions/cache@v4", restored != key { state.postSaves.append((key, paths)) }
            return (true, ["cache-hit": restored == key ? "true" : "false"])
        case "actions/cache/save@v5":
            try inputs(["path", "key"])
            guard let key = with["key"], let path = with["path"] else { throw TestSupportError("\(uses) needs path and key") }
            let saved = try cache.save(key: key, paths: lines(path).map(expand))
            state.log += saved ? "saved the cache \(key)\n" : "the cache \(key) exists already; not saved\n"
            return (true, [:])
        case "actions/upload-artifact@v6":
            try inputs(["name", "path"])
            let target = artifact(with["name"] ?? "artifact", run: machine.context.run)
            let copied = try RunnerSupport.collect(lines(with["path"]).map { $0.hasPrefix("~/") ? expand($0).path : $0 },
                                                   base: machine.workspace, into: target)
            state.log += copied.isEmpty ? "warning: no files found for the artifact\n" : "uploaded \(copied)\n"
            return (true, [:])
        case let local where local.hasPrefix("./"):
            return try runComposite(local, with: with, contexts: contexts, state: state, machine: machine)
        default:
            throw TestSupportError("the action \(uses) is not modelled by the recipe runner")
        }
    }

    private func checkout(depth: Int, machine: Machine) throws {
        let branch = machine.context.event.branch
        try RunnerSupport.git(["init", "-q", "-b", branch], in: machine.workspace)
        try RunnerSupport.git(["remote", "add", "origin", setup.origin], in: machine.workspace)
        if depth == 0 {
            try RunnerSupport.git(["fetch", "-q", "--prune", "--no-recurse-submodules", "origin",
                                   "+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"], in: machine.workspace)
        } else {
            try RunnerSupport.git(["fetch", "-q", "--no-tags", "--prune", "--no-recurse-submodules", "--depth=\(depth)", "origin",
                                   "+\(machine.context.sha):refs/remotes/origin/\(branch)"], in: machine.workspace)
        }
        try RunnerSupport.git(["checkout", "-q", "--force", "-B", branch, "refs/remotes/origin/\(branch)"], in: machine.workspace)
    }

    private func runComposite(_ path: String, with: [String: String], contexts: [String: ActionsValue], state: JobState,
                              machine: Machine) throws -> (Bool, [String: String]) {
        let file = machine.workspace.appendingPathComponent(path).appendingPathComponent("action.yml")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw TestSupportError("\(path)/action.yml is not in the workspace (was the repository checked out?)")
        }
        let action = try YAMLValue.parse(text)
        try refuseUnknown(action, ["name", "description", "inputs", "outputs", "runs"], in: "\(path)/action.yml")
        guard action["runs"]?["using"]?.string == "composite" else { throw TestSupportError("only composite actions are modelled") }
        var inputs: [String: String] = [:]
        for entry in action["inputs"]?.entries ?? [] {
            inputs[entry.key] = with[entry.key] ?? entry.value["default"]?.string ?? ""
        }
        for name in with.keys where inputs[name] == nil { throw TestSupportError("\(path) has no input \(name)") }
        var inner = contexts
        inner["inputs"] = .strings(inputs)
        let outer = state.steps
        state.steps = [:]
        defer { state.steps = outer }
        for (index, step) in (action["runs"]?["steps"]?.items ?? []).enumerated() {
            if step["run"] != nil, step["shell"] == nil { throw TestSupportError("\(path): a run step without shell") }
            try runStep(step, index: index, state: state, contexts: inner, machine: machine)
        }
        return (!state.failed, [:])
    }

    private func refuseUnknown(_ value: YAMLValue, _ known: Set<String>, in place: String) throws {
        let unknown = value.unknownKeys(known)
        guard unknown.isEmpty else {
            throw TestSupportError("\(place) has keys the recipe runner does not model: \(unknown.joined(separator: ", "))")
        }
    }
}

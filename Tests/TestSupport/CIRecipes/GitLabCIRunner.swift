import Foundation

/// Runs one job of a GitLab CI pipeline on this machine as a shell-executor runner would,
/// for the tests that execute the README's recipes: `rules:if` decides whether the job is in
/// the pipeline; the checkout is GitLab's (a fetch of `GIT_DEPTH` commits, default 20, then
/// the commit checked out as a detached HEAD); the variables are GitLab's predefined `CI_*`
/// ones, the pipeline's `variables:` and the job's (with `$VAR` expanded), the project's
/// CI/CD variables and the pipeline's own (`COMPONENT=…` when started by hand or by API), in
/// GitLab's order of precedence; `before_script` and `script` (the job's, else `default`'s)
/// run in one bash with `set -eo pipefail`; the cache (`key`, `paths`, `when`) is restored
/// before and saved after, the artifacts (`paths`, `reports`, `when`) collected after.
///
/// What it does instead of GitLab: `image` is this machine (`Setup.path`); `origin` can fetch
/// but not push, as GitLab's checkout URL with the job token; lines matching a
/// `LocalEquivalent` run its command instead; the cache is a `CIRunnerCache`; artifacts are
/// copied into `artifacts/<run>/<job>/`. Any other keyword, at the top or in a job, is an
/// error, so that no new recipe line goes unexercised silently.
public final class GitLabCIRunner: @unchecked Sendable {
    /// The machine and the project a pipeline runs for.
    public struct Setup: Sendable {
        /// The runner's folder: builds, cache, artifacts.
        public var root: URL
        /// `group/project`, its numeric id and default branch.
        public var project: String
        public var projectID: Int
        public var defaultBranch: String
        /// The project's bare repository on this machine, and the URL a job's checkout has as
        /// `origin` (GitLab's carries the job token, which can fetch but not push: a
        /// read-only `git daemon` here).
        public var repository: String
        public var origin: String
        /// `CI_SERVER_URL`: where `$CI_SERVER_URL/$CI_PROJECT_PATH.git` is the project's
        /// repository (a `file://` folder here).
        public var serverURL: String
        /// The project's CI/CD variables (`SPECS_TOKEN`).
        public var variables: [String: String]
        /// `CI_API_V4_URL`: GitLab's API, a loopback server in the tests.
        public var apiURL: String
        public var path: [String]
        public var localEquivalents: [LocalEquivalent]
        /// More environment every job gets (isolation from this machine's git config).
        public var environment: [String: String]

        public init(root: URL, project: String, projectID: Int = 42, defaultBranch: String = "main", repository: String,
                    origin: String? = nil, serverURL: String = "file:///nonexistent",
                    variables: [String: String] = [:], apiURL: String = "http://127.0.0.1:9/api/v4",
                    path: [String] = CIRunnerPath.withoutCompctl(), localEquivalents: [LocalEquivalent] = [],
                    environment: [String: String] = [:]) {
            self.root = root
            self.project = project
            self.projectID = projectID
            self.defaultBranch = defaultBranch
            self.repository = repository
            self.origin = origin ?? "file://" + repository
            self.serverURL = serverURL
            self.variables = variables
            self.apiURL = apiURL
            self.path = path
            self.localEquivalents = localEquivalents
            self.environment = environment
        }
    }

    /// What started the pipeline.
    public struct Pipeline: Sendable {
        /// `CI_PIPELINE_SOURCE`: `push`, `schedule`, `web`, `api`.
        public var source: String
        public var branch: String
        /// Variables given to this pipeline (a schedule's, a manual run's, an API trigger's).
        public var variables: [String: String]

        public init(source: String, branch: String = "main", variables: [String: String] = [:]) {
            self.source = source
            self.branch = branch
            self.variables = variables
        }
    }

    /// How the job ended.
    public struct JobResult: CustomStringConvertible {
        public enum Status: String { case success, failure, notInPipeline }
        public var status: Status
        public var log: String
        /// Where its artifacts were copied.
        public var artifacts: URL?
        public var description: String { "\(status)\n\(log)" }
    }

    public let setup: Setup
    public let cache: CIRunnerCache
    private var runs = 0
    private var usedEquivalents = Set<String>()

    public init(_ setup: Setup) throws {
        self.setup = setup
        cache = try CIRunnerCache(directory: setup.root.appendingPathComponent("cache"))
    }

    /// The `LocalEquivalent`s some line matched so far.
    public var used: Set<String> { usedEquivalents }

    private static let jobKeywords: Set<String> = ["stage", "rules", "script", "before_script", "cache", "artifacts",
                                                   "resource_group", "variables", "image"]
    private static let topKeywords: Set<String> = ["variables", "default", "stages"]

    /// The names of the pipeline's jobs, in order.
    public static func jobs(in pipeline: String) throws -> [String] {
        try YAMLValue.parse(pipeline).keys.filter { !topKeywords.contains($0) }
    }

    /// Runs `job` of `pipeline` (its YAML).
    public func run(_ pipeline: String, job name: String, for trigger: Pipeline) throws -> JobResult {
        runs += 1
        let document = try YAMLValue.parse(pipeline)
        for key in document.keys where !Self.topKeywords.contains(key) {
            guard let job = document[key], job["script"] != nil else {
                throw TestSupportError("the pipeline's `\(key)` is no job and no keyword the recipe runner models")
            }
            let unknown = job.unknownKeys(Self.jobKeywords)
            guard unknown.isEmpty else { throw TestSupportError("job \(key) has keys the runner does not model: \(unknown)") }
        }
        let defaults = document["default"] ?? .mapping([])
        let unknownDefaults = defaults.unknownKeys(["image", "cache", "before_script"])
        guard unknownDefaults.isEmpty else { throw TestSupportError("default: \(unknownDefaults) is not modelled") }
        guard let job = document[name] else { throw TestSupportError("the pipeline has no job \(name)") }

        let build = setup.root.appendingPathComponent("builds/\(runs)")
        let project = build.appendingPathComponent(setup.project.split(separator: "/").last.map(String.init) ?? "project")
        let home = build.appendingPathComponent("home")
        for directory in [project, home] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        let sha = try gitCLI("--git-dir", setup.repository, "rev-parse", "refs/heads/\(trigger.branch)")
        let message = try gitCLI("--git-dir", setup.repository, "log", "-1", "--format=%B", sha)

        // Variables: predefined, then the file's (global, then the job's), then the project's,
        // then the pipeline's; `$VAR` in the file's values expanded against all of them.
        var variables: [String: String] = [
            "CI": "true", "GITLAB_CI": "true", "CI_PROJECT_DIR": project.path, "CI_PROJECT_ID": String(setup.projectID),
            "CI_PROJECT_PATH": setup.project, "CI_PROJECT_NAME": project.lastPathComponent,
            "CI_DEFAULT_BRANCH": setup.defaultBranch, "CI_COMMIT_SHA": sha, "CI_COMMIT_SHORT_SHA": String(sha.prefix(8)),
            "CI_COMMIT_BRANCH": trigger.branch, "CI_COMMIT_REF_NAME": trigger.branch, "CI_COMMIT_MESSAGE": message + "\n",
            "CI_COMMIT_TITLE": message.components(separatedBy: "\n").first ?? "", "CI_PIPELINE_SOURCE": trigger.source,
            "CI_PIPELINE_ID": String(runs), "CI_JOB_NAME": name, "CI_JOB_ID": String(runs), "CI_API_V4_URL": setup.apiURL,
            "CI_SERVER_URL": setup.serverURL, "CI_REPOSITORY_URL": setup.origin, "CI_JOB_TOKEN": "glcbt-local",
        ]
        let declared = (document["variables"]?.entries ?? []) + (job["variables"]?.entries ?? [])
        for entry in declared { variables[entry.key] = entry.value.string ?? "" }
        variables.merge(setup.variables) { _, new in new }
        variables.merge(trigger.variables) { _, new in new }
        let raw = variables
        for entry in declared where setup.variables[entry.key] == nil && trigger.variables[entry.key] == nil {
            variables[entry.key] = Self.expand(raw[entry.key] ?? "", with: raw)
        }

        var log = ""
        if let rules = job["rules"] {
            let matched = try rules.items.contains { rule in
                guard let condition = rule["if"]?.string else { throw TestSupportError("only rules with if are modelled") }
                return try GitLabRules.evaluate(condition, variables: variables)
            }
            guard matched else { return JobResult(status: .notInPipeline, log: "no rule matched", artifacts: nil) }
        }

        // GitLab's checkout: a shallow fetch, then the commit as a detached HEAD.
        let depth = variables["GIT_DEPTH"] ?? "20"
        try RunnerSupport.git(["init", "-q"], in: project)
        try RunnerSupport.git(["remote", "add", "origin", setup.origin], in: project)
        try RunnerSupport.git(["fetch", "-q", "--prune", "--depth", depth, "origin",
                               "+refs/heads/\(trigger.branch):refs/remotes/origin/\(trigger.branch)"], in: project)
        try RunnerSupport.git(["checkout", "-f", "-q", sha], in: project)
        log += "checked out \(sha) as a detached HEAD (depth \(depth))\n"

        // `cache:` is one cache or a list of them; the job's replaces default's.
        var caches: [(key: String, paths: [URL], when: String?)] = []
        let cacheValue = job["cache"] ?? defaults["cache"]
        let specs: [YAMLValue]
        if case .mapping = cacheValue { specs = [cacheValue!] } else { specs = cacheValue?.items ?? [] }
        for spec in specs {
            let unknown = spec.unknownKeys(["key", "paths", "when"])
            guard unknown.isEmpty else { throw TestSupportError("cache: \(unknown) is not modelled") }
            guard let key = spec["key"]?.string else { throw TestSupportError("a cache without a key") }
            caches.append((Self.expand(key, with: variables),
                           (spec["paths"]?.items.compactMap(\.string) ?? []).map { project.appendingPathComponent($0) },
                           spec["when"]?.string))
        }
        for cache in caches {
            let restored = try self.cache.restore(key: cache.key, prefixes: [], paths: cache.paths)
            log += restored.map { "restored the cache \($0)\n" } ?? "no cache for \(cache.key)\n"
        }

        var lines: [String] = []
        for line in ((job["before_script"] ?? defaults["before_script"])?.items ?? []) + (job["script"]?.items ?? []) {
            guard let text = line.string else { throw TestSupportError("a script entry that is not text in job \(name)") }
            if let equivalent = setup.localEquivalents.first(where: { $0.original == text.trimmingCharacters(in: .whitespacesAndNewlines) }) {
                usedEquivalents.insert(equivalent.original)
                lines.append("# local equivalent of: \(text)\n# (\(equivalent.reason))")
                if let command = equivalent.command { lines.append(command) }
            } else {
                lines.append(text)
            }
        }
        let script = "set -eo pipefail\n" + lines.joined(separator: "\n") + "\n"
        let scriptFile = build.appendingPathComponent("script.sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        var environment = setup.environment.merging(variables) { _, new in new }
        environment["HOME"] = home.path
        environment["LANG"] = "C.UTF-8"
        environment["PATH"] = setup.path.joined(separator: ":")
        log += script
        let (code, output) = try RunnerSupport.shell(["/bin/bash", "--noprofile", "--norc", scriptFile.path], in: project,
                                                     environment: environment)
        log += output + (code == 0 ? "" : "(exit \(code))\n")
        let succeeded = code == 0

        func applies(_ when: String?) -> Bool {
            switch when ?? "on_success" {
            case "always": return true
            case "on_failure": return !succeeded
            default: return succeeded
            }
        }
        for cache in caches where applies(cache.when) {
            try self.cache.save(key: cache.key, paths: cache.paths, replacing: true)
        }
        var artifactsFolder: URL?
        if let artifacts = job["artifacts"] {
            let unknown = artifacts.unknownKeys(["when", "paths", "reports", "expire_in"])
            guard unknown.isEmpty else { throw TestSupportError("artifacts: \(unknown) is not modelled") }
            if applies(artifacts["when"]?.string) {
                let target = setup.root.appendingPathComponent("artifacts/\(runs)/\(name)")
                var paths = artifacts["paths"]?.items.compactMap(\.string) ?? []
                for report in artifacts["reports"]?.entries ?? [] {
                    guard report.key == "codequality" else { throw TestSupportError("reports: \(report.key) is not modelled") }
                    paths += report.value.items.compactMap(\.string)
                }
                let copied = try RunnerSupport.collect(paths, base: project, into: target)
                log += "artifacts: \(copied)\n"
                artifactsFolder = target
            }
        }
        return JobResult(status: succeeded ? .success : .failure, log: log, artifacts: artifactsFolder)
    }

    /// `text` with `$NAME` and `${NAME}` replaced by the variables' values (unknown ones by
    /// nothing), repeatedly for values that name other variables.
    static func expand(_ text: String, with variables: [String: String], depth: Int = 0) -> String {
        guard depth < 5, text.contains("$") else { return text }
        var result = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            guard characters[index] == "$", index + 1 < characters.count else {
                result.append(characters[index])
                index += 1
                continue
            }
            var start = index + 1
            let braced = characters[start] == "{"
            if braced { start += 1 }
            var end = start
            while end < characters.count, characters[end].isLetter || characters[end] == "_"
                    || (end > start && characters[end].isNumber) {
                end += 1
            }
            guard end > start else {
                result.append(characters[index])
                index += 1
                continue
            }
            let name = String(characters[start..<end])
            result += expand(variables[name] ?? "", with: variables, depth: depth + 1)
            index = braced && end < characters.count && characters[end] == "}" ? end + 1 : end
        }
        return result
    }
}

/// GitLab's `rules:if` expressions: `$VAR` (true when set and not empty), `"string"` and
/// `'string'`, `null`, `/regex/`, the operators `==`, `!=`, `=~`, `!~`, `&&`, `||` and
/// parentheses. Anything else is an error.
public enum GitLabRules {
    /// Whether `expression` holds for `variables`.
    public static func evaluate(_ expression: String, variables: [String: String]) throws -> Bool {
        var parser = Parser(characters: Array(expression), source: expression, variables: variables)
        let value = try parser.disjunction()
        parser.skipSpace()
        guard parser.index == parser.characters.count else {
            throw TestSupportError("unexpected text at \(parser.index) in rules:if `\(expression)`")
        }
        return value
    }

    enum Operand: Equatable {
        case text(String?)
        case pattern(String)
    }

    struct Parser {
        var characters: [Character]
        var source: String
        var variables: [String: String]
        var index = 0

        mutating func skipSpace() {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }

        mutating func take(_ text: String) -> Bool {
            skipSpace()
            let symbol = Array(text)
            guard index + symbol.count <= characters.count, Array(characters[index..<index + symbol.count]) == symbol else { return false }
            index += symbol.count
            return true
        }

        mutating func disjunction() throws -> Bool {
            var value = try conjunction()
            while take("||") { value = try conjunction() || value }
            return value
        }

        mutating func conjunction() throws -> Bool {
            var value = try comparison()
            while take("&&") { value = try comparison() && value }
            return value
        }

        mutating func comparison() throws -> Bool {
            if take("(") {
                let value = try disjunction()
                guard take(")") else { throw TestSupportError("`(` without `)` in rules:if `\(source)`") }
                return value
            }
            let left = try operand()
            for operation in ["==", "!=", "=~", "!~"] where take(operation) {
                let right = try operand()
                switch (operation, left, right) {
                case ("==", .text(let a), .text(let b)): return a == b
                case ("!=", .text(let a), .text(let b)): return a != b
                case ("=~", .text(let a), .pattern(let pattern)): return try matches(a, pattern)
                case ("!~", .text(let a), .pattern(let pattern)): return try !matches(a, pattern)
                default: throw TestSupportError("\(operation) between \(left) and \(right) in rules:if `\(source)`")
                }
            }
            guard case .text(let value) = left else { throw TestSupportError("a pattern alone in rules:if `\(source)`") }
            return !(value ?? "").isEmpty
        }

        func matches(_ text: String?, _ pattern: String) throws -> Bool {
            let regex = try NSRegularExpression(pattern: pattern)
            let subject = text ?? ""
            return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
        }

        mutating func operand() throws -> Operand {
            skipSpace()
            guard index < characters.count else { throw TestSupportError("rules:if `\(source)` ends too soon") }
            let first = characters[index]
            if first == "$" {
                index += 1
                let start = index
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    index += 1
                }
                return .text(variables[String(characters[start..<index])])
            }
            if first == "\"" || first == "'" || first == "/" {
                index += 1
                let start = index
                while index < characters.count, characters[index] != first { index += 1 }
                guard index < characters.count else { throw TestSupportError("unterminated \(first) in rules:if `\(source)`") }
                let text = String(characters[start..<index])
                index += 1
                return first == "/" ? .pattern(text) : .text(text)
            }
            if take("null") { return .text(nil) }
            throw TestSupportError("unexpected \(first) in rules:if `\(source)`")
        }
    }
}

import ArgumentParser
import Foundation
import Git
import SpecRepo
import TextFormat

/// `compctl repo`: private spec repos and compctl's cache of them.
struct RepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "Manage and inspect private spec repos.",
        discussion: """
            Remote spec repos are cloned (bare, through libgit2) into $COMPCTL_HOME/repos/NAME \
            (default ~/.compctl/repos/NAME) and read from git objects. A spec repo listed in \
            compctl.yml is cloned on first use; `repo add` caches one that compctl.yml does not list.
            """ + CommandExamples.section("repo"),
        subcommands: [
            RepoAddCommand.self, RepoListCommand.self, RepoUpdateCommand.self, RepoRemoveCommand.self,
            RepoShowCommand.self,
        ]
    )
}

/// `compctl repo add NAME URL`: clones a spec repo into the cache.
struct RepoAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Clone a spec repo into compctl's cache under NAME.",
        discussion: """
            URL is a git URL (https://, ssh://, git@host:path, file://) or the path of a \
            repository. The repository must be a spec repo (pods at its root or under Specs/), \
            or empty. Nothing is left in the cache when the clone or that check fails.
            --dry-run only asks the remote for its branches (which checks the URL and the \
            credentials) and clones nothing.
            """ + CommandExamples.section("repo add")
    )

    @Argument(help: "The name to use as SOURCE (letters, digits, '-', '_', '.').")
    var name: String

    @Argument(help: "Where the spec repo lives.")
    var url: String

    @Flag(help: "Check that the remote answers, and show what would be cloned, without cloning.")
    var dryRun = false

    @OptionGroup var config: ConfigOptions

    func validate() throws {
        guard SpecRepoCache.isValidName(name) else { throw ValidationError(SpecRepoError.invalidName(name).description) }
    }

    func run() throws {
        try reportingErrors {
            let sources = try SpecSources(config: config)
            defer { sources.reporter.finish() }
            if let entry = sources.configuration.specRepos.first(where: { $0.name == name }) {
                throw CommandError("compctl.yml already lists a spec repo called '\(name)' (\(Git.redact(entry.url))); "
                    + "it is cloned on first use, or now with `compctl repo update \(name)`")
            }
            let location = SourceLocator.isURL(url) ? url : sources.locator.absolute(url)
            if dryRun {
                if sources.cache.contains(name) {
                    throw SpecRepoError.alreadyAdded(name: name, url: Git.redact(try sources.cache.info(name).url))
                }
                let head = try RemoteHead(url: location, credentials: sources.cache.credentials)
                Console.out("would clone \(Git.redact(location)) into \(sources.cache.path(of: name)) as \(name): "
                    + head.summary)
                return
            }
            let repo = try sources.cache.add(name: name, url: location)
            sources.reporter.finish()
            Console.out("added \(name) (\(Git.redact(repo.url))): " + summary(repo, cache: sources.cache))
        }
    }

    private func summary(_ repo: CachedSpecRepo, cache: SpecRepoCache) -> String {
        guard let head = repo.head else { return "\(repo.branch) is empty, nothing is published yet" }
        let pods = (try? cache.tree(of: repo.name)).flatMap { $0 }
            .flatMap { try? SpecRepository(tree: $0, name: repo.name, depth: .versions) }?.pods.count
        return "\(repo.branch) at \(head.shortHex)" + (pods.map { ", \($0) pod\($0 == 1 ? "" : "s")" } ?? "")
    }
}

/// `compctl repo list [--json]`: the configured and cached spec repos.
struct RepoListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the spec repos of compctl.yml and of the cache.",
        discussion: """
            One row per repo: name, URL (credentials hidden), branch, head commit, last fetch. \
            compctl.yml's repos come first, in priority order, then those added with `repo add`. \
            A repo compctl.yml lists at a local path is read in place and never cached.

            JSON: {"schemaVersion": 1, "repos": [{"name", "url", "origin": "config"|"added", \
            "state": "cached"|"not cloned"|"in place", "branch", "head", "lastFetch"}]}.
            """ + CommandExamples.section("repo list")
    )

    @Flag(help: "Print one JSON document instead of a table.")
    var json = false

    @OptionGroup var config: ConfigOptions

    func run() throws {
        let rows = try reportingErrors { () throws -> [RepoListDocument.Repo] in
            let sources = try SpecSources(config: config)
            var rows: [RepoListDocument.Repo] = []
            var listed: Set<String> = []
            for entry in sources.locator.configured {
                listed.insert(entry.name)
                if !SourceLocator.isURL(entry.url) {
                    rows.append(.init(name: entry.name, url: Git.redact(entry.url), origin: "config", state: "in place"))
                } else if sources.cache.contains(entry.name), let repo = try? sources.cache.info(entry.name) {
                    rows.append(.init(repo, origin: "config"))
                } else {
                    rows.append(.init(name: entry.name, url: Git.redact(entry.url), origin: "config", state: "not cloned"))
                }
            }
            for name in sources.cache.names() where !listed.contains(name) {
                rows.append(.init(try sources.cache.info(name), origin: "added"))
            }
            return rows
        }
        if json {
            try JSONOutput.print(RepoListDocument(repos: rows))
            return
        }
        guard !rows.isEmpty else {
            Console.note("no spec repos: list them in compctl.yml (spec_repos), or add one with `compctl repo add NAME URL`")
            return
        }
        let table = [["NAME", "URL", "BRANCH", "HEAD", "LAST FETCH"]] + rows.map { row in
            [row.name, row.url, row.branch ?? "-", row.head ?? (row.state == "cached" ? "(empty)" : "-"),
             row.lastFetch ?? (row.state == "cached" ? "never" : row.state)]
        }
        Console.outRaw(TextTable(table).plainText())
    }
}

/// The `repo list --json` document.
struct RepoListDocument: Encodable {
    struct Repo: Encodable {
        var name: String
        var url: String
        var origin: String
        var state: String
        var branch: String?
        var head: String?
        var lastFetch: String?

        init(name: String, url: String, origin: String, state: String) {
            self.name = name
            self.url = url
            self.origin = origin
            self.state = state
        }

        init(_ repo: CachedSpecRepo, origin: String) {
            self.init(name: repo.name, url: Git.redact(repo.url), origin: origin, state: "cached")
            branch = repo.branch
            head = repo.head?.shortHex
            lastFetch = repo.lastFetch.map { ISO8601DateFormatter().string(from: $0) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(url, forKey: .url)
            try container.encode(origin, forKey: .origin)
            try container.encode(state, forKey: .state)
            // Absent values are written as null, so every row has the same keys.
            try container.encode(branch, forKey: .branch)
            try container.encode(head, forKey: .head)
            try container.encode(lastFetch, forKey: .lastFetch)
        }

        enum CodingKeys: String, CodingKey {
            case name, url, origin, state, branch, head, lastFetch
        }
    }

    var schemaVersion = JSONOutput.schemaVersion
    var repos: [Repo]
}

/// `compctl repo update [NAME]`: fetches cached spec repos.
struct RepoUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Fetch one cached spec repo, or all of them (cloning compctl.yml's repos not cloned yet).",
        discussion: "Exit 1 if any repo could not be updated; the others are still updated." + CommandExamples.section("repo update")
    )

    @Argument(help: "The spec repo to update; all when left out.")
    var name: String?

    @Flag(help: "Ask each remote where its branch is and show what a fetch would change, fetching nothing.")
    var dryRun = false

    @OptionGroup var config: ConfigOptions

    func run() throws {
        let sources = try reportingErrors { try SpecSources(config: config) }
        var names: [String] = []
        if let name {
            let known = sources.locator.configured.contains { $0.name == name } || sources.cache.contains(name)
            guard known else {
                Console.error(SpecRepoError.notCached(name: name, cache: sources.cache.directory).description)
                throw Exit.failure
            }
            names = [name]
        } else {
            names = sources.locator.knownNames()
            if names.isEmpty {
                Console.note("no spec repos to update: list them in compctl.yml (spec_repos), or add one with "
                    + "`compctl repo add NAME URL`")
            }
        }
        var failed = false
        for name in names {
            do {
                Console.out(try update(name, sources: sources))
            } catch {
                sources.reporter.finish()
                Console.error("\(name): \(error)")
                failed = true
            }
        }
        if failed { throw Exit.failure }
    }

    private func update(_ name: String, sources: SpecSources) throws -> String {
        defer { sources.reporter.finish() }
        if let entry = sources.locator.configured.first(where: { $0.name == name }) {
            guard SourceLocator.isURL(entry.url) else {
                return "\(name): read in place from \(Git.redact(entry.url)), nothing to fetch"
            }
            if dryRun && !sources.cache.contains(name) {
                let head = try RemoteHead(url: entry.url, credentials: sources.cache.credentials)
                return "\(name): would clone \(Git.redact(entry.url)): " + head.summary
            }
            if !dryRun, try sources.cache.ensure(name: name, url: entry.url) {
                let repo = try sources.cache.info(name)
                return "\(name): cloned, \(repo.branch) at \(repo.head?.shortHex ?? "(empty)")"
            }
        }
        if dryRun {
            let repo = try sources.cache.info(name)
            let remote = try RemoteHead(url: repo.url, credentials: sources.cache.credentials, branch: repo.branch)
            let before = repo.head?.shortHex ?? "(empty)"
            let after = remote.head?.shortHex ?? "(empty)"
            guard repo.head != remote.head else { return "\(name): up to date, \(repo.branch) at \(before)" }
            return "\(name): would fetch \(repo.branch) \(before) → \(after)"
        }
        let update = try sources.cache.update(name)
        let head = update.repo.head?.shortHex ?? "(empty)"
        guard update.changed else { return "\(name): up to date, \(update.repo.branch) at \(head)" }
        return "\(name): \(update.repo.branch) \(update.previousHead?.shortHex ?? "(empty)") → \(head)"
    }
}

/// `compctl repo remove NAME`: deletes a spec repo from the cache.
struct RepoRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete a spec repo from compctl's cache.",
        discussion: "A repo that compctl.yml lists stays listed there and is cloned again on next use." + CommandExamples.section("repo remove")
    )

    @Argument(help: "The cached spec repo to delete.")
    var name: String

    @Flag(help: "Show what would be deleted, deleting nothing.")
    var dryRun = false

    @OptionGroup var config: ConfigOptions

    func run() throws {
        try reportingErrors {
            let sources = try SpecSources(config: config)
            let url = try sources.cache.info(name).url
            if dryRun {
                Console.out("would remove \(name) (\(Git.redact(url))) at \(sources.cache.path(of: name))")
                return
            }
            try sources.cache.remove(name)
            Console.out("removed \(name) (\(Git.redact(url)))")
            if sources.configuration.specRepos.contains(where: { $0.name == name }) {
                Console.note("note: compctl.yml still lists \(name); it is cloned again on next use")
            }
        }
    }
}

/// `compctl repo show SOURCE [--json]`: every pod with its versions, highest first, and the
/// junk that was skipped (on stderr, and in the JSON).
struct RepoShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "List every pod of a spec repo with its versions, highest first.",
        discussion: """
            Prints one line per pod, `Name<TAB>v1 v2 …`, in CocoaPods' order (by name, \
            byte-wise). Junk that is skipped (hidden files, *.podspec~, directories that are \
            not versions, empty version directories, …) is reported on stderr as \
            `warning: <path>: <why>`, with paths relative to the repo's root. No spec is parsed.

            SOURCE is, in this order of precedence: a git URL (cloned into the cache on first \
            use, fetched before reading unless --no-fetch); a name from compctl.yml; a bare \
            repository (read from git objects at HEAD) or a directory (a plain folder or a git \
            work tree, read as files, so uncommitted edits are visible); the name of a repo \
            added with `repo add`.

            JSON: {"schemaVersion": 1, "pods": [{"name": …, "versions": [highest first]}], \
            "skipped": [{"path": …, "reason": …}]}. Pods are an array to keep their order.
            """ + CommandExamples.section("repo show")
    )

    @Argument(help: "The spec repo: a name, a git URL, a bare repository or a directory.")
    var source: String

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @Flag(help: "Read a cached git source as it is, without fetching it first.")
    var noFetch = false

    @OptionGroup var config: ConfigOptions

    func run() throws {
        let opened = try reportingErrors { () throws -> OpenedSource in
            let opened = try SpecSources(config: config, fetch: !noFetch).open(source)
            if let cdn = opened.cdn { throw SpecRepoError.cdnCannotList(source: cdn.name) }
            return opened
        }
        guard let repository = opened.repository else {
            Console.note("note: \(opened.displayLocation) has no commit yet: no pods")
            if json { Console.outRaw(RepoShowDocument(pods: [], skipped: []).renderedJSON() + "\n") }
            return
        }
        for junk in repository.skipped {
            Console.warning(junk.description)
        }
        if json {
            Console.outRaw(RepoShowDocument(repository).renderedJSON() + "\n")
            return
        }
        // One write for the whole listing: 10,000 pods are 10,000 lines.
        var text = ""
        for pod in repository.cocoaPodsListing() {
            text += pod.name + "\t" + pod.versions.joined(separator: " ") + "\n"
        }
        Console.outRaw(text)
    }
}

/// Where a remote's default branch is, asked without cloning or fetching (`ls-remote`).
struct RemoteHead {
    var branch: String
    var head: ObjectID?

    /// Asks the remote at `url`; `branch` defaults to the one its HEAD names (else `main`).
    init(url: String, credentials: Credentials, branch: String? = nil) throws {
        let references = try Remote.listReferences(at: url, credentials: credentials)
        let target = references.first { $0.name == "HEAD" }?.symbolicTarget
        let name = branch ?? target.map { String($0.dropFirst("refs/heads/".count)) } ?? "main"
        self.branch = name
        head = references.first { $0.name == "refs/heads/\(name)" }?.id
    }

    var summary: String {
        head.map { "\(branch) at \($0.shortHex)" } ?? "\(branch) is empty"
    }
}

/// The `repo show --json` document.
struct RepoShowDocument {
    struct Pod {
        var name: String
        var versions: [String]
    }

    struct Skipped {
        var path: String
        var reason: String
    }

    var schemaVersion = JSONOutput.schemaVersion
    var pods: [Pod]
    var skipped: [Skipped]

    init(pods: [Pod], skipped: [Skipped]) {
        self.pods = pods
        self.skipped = skipped
    }

    init(_ repository: SpecRepository) {
        pods = repository.cocoaPodsListing().map { Pod(name: $0.name, versions: $0.versions) }
        skipped = repository.skipped.map { Skipped(path: $0.path, reason: $0.reason.description) }
    }

    /// The document exactly as `JSONOutput.render` lays it out (sorted keys, two-space
    /// indentation, `" : "`), written directly: `JSONEncoder` alone takes about half a
    /// second for 10,000 pods x 20 versions, twice what listing them takes.
    func renderedJSON() -> String {
        var out = "{\n  \"pods\" : ["
        if pods.isEmpty {
            out += "\n\n  ]"
        } else {
            for (index, pod) in pods.enumerated() {
                out += index == 0 ? "\n    {\n" : ",\n    {\n"
                out += "      \"name\" : " + Self.quoted(pod.name) + ",\n      \"versions\" : ["
                if pod.versions.isEmpty {
                    out += "\n\n      ]"
                } else {
                    out += "\n        " + pod.versions.map(Self.quoted).joined(separator: ",\n        ") + "\n      ]"
                }
                out += "\n    }"
            }
            out += "\n  ]"
        }
        out += ",\n  \"schemaVersion\" : \(schemaVersion),\n  \"skipped\" : ["
        if skipped.isEmpty {
            out += "\n\n  ]"
        } else {
            out += skipped.enumerated().map { index, entry in
                (index == 0 ? "\n" : "") + "    {\n      \"path\" : " + Self.quoted(entry.path)
                    + ",\n      \"reason\" : " + Self.quoted(entry.reason) + "\n    }"
            }.joined(separator: ",\n")
            out += "\n  ]"
        }
        return out + "\n}"
    }

    /// A JSON string literal, escaped as `JSONEncoder` escapes (slashes left alone).
    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

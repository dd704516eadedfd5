#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Config
import Foundation
import Git
import SpecRepo

/// Everything a command needs to turn SOURCE arguments into spec repos: the configuration,
/// the cache under `$COMPCTL_HOME` and a progress line for clones and fetches.
struct SpecSources {
    let configuration: Configuration
    let locator: SourceLocator
    let reporter: TransferReporter

    /// Loads the configuration (a bad compctl.yml is an error) and sets up git.
    init(config: ConfigOptions, fetch: Bool = true) throws {
        try self.init(configuration: try config.load(), fetch: fetch)
    }

    /// Sets up git over an already loaded configuration.
    init(configuration: Configuration, fetch: Bool = true) throws {
        try GitSession.prepare()
        self.configuration = configuration
        let reporter = TransferReporter()
        self.reporter = reporter
        let cache = SpecRepoCache.standard(progress: { activity, progress in reporter.report(activity, progress) })
        // By priority, lowest first; equal priorities keep the file's order.
        let configured = configuration.specRepos.enumerated()
            .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
            .map { ConfiguredSpecRepo(name: $0.element.name, url: configuration.resolve(path: $0.element.url),
                                      writtenURL: $0.element.url) }
        locator = SourceLocator(cache: cache, configured: configured, fetchesCachedSources: fetch)
    }

    var cache: SpecRepoCache { locator.cache }

    /// Opens `source`, ending any progress line afterwards.
    func open(_ source: String, depth: ListingDepth = .versionDirectories) throws -> OpenedSource {
        defer { reporter.finish() }
        return try locator.open(source, depth: depth)
    }

    /// The spec repos `arguments` name (`--source`), or with none compctl.yml's by priority,
    /// for the commands that resolve; every SOURCE that cannot be read is an `error:` line.
    func sources(_ arguments: [String], depth: ListingDepth = .onDemand) throws -> [SpecRepoSource] {
        defer { reporter.finish() }
        do {
            return try locator.sources(arguments, depth: depth)
        } catch SpecRepoError.several(let messages) {
            throw CommandError(messages.joined(separator: "\nerror: "))
        }
    }
}

/// Shows clone and fetch progress on one line of stderr, only when stderr is a terminal.
/// libgit2 reports progress on the thread that runs the clone or fetch, one operation at a
/// time, so the state here is never touched by two threads at once.
final class TransferReporter: @unchecked Sendable {
    private let line = ProgressLine()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var activity: CacheActivity?
    private var last: TransferProgress?

    func report(_ activity: CacheActivity, _ progress: TransferProgress) {
        guard isTerminal else { return }
        if let current = self.activity, current != activity { finish() }
        self.activity = activity
        last = progress
        line.update(Self.text(activity, progress, done: false))
    }

    /// Ends the line with a summary, if a transfer was shown.
    func finish() {
        guard isTerminal, let activity, let last else { return }
        line.finish(Self.text(activity, last, done: true))
        self.activity = nil
        self.last = nil
    }

    static func text(_ activity: CacheActivity, _ progress: TransferProgress, done: Bool) -> String {
        // The name only: on an 80-column terminal a URL would push the numbers off the line.
        let verb: String
        switch activity {
        case .cloning(let name, _): verb = (done ? "cloned " : "cloning ") + name
        case .fetching(let name, _): verb = (done ? "fetched " : "fetching ") + name
        }
        let size = byteCount(progress.receivedBytes)
        if done { return "\(verb): \(progress.totalObjects) objects, \(size)" }
        guard progress.totalObjects > 0 else { return "\(verb)…" }
        if progress.receivedObjects < progress.totalObjects {
            let percent = progress.receivedObjects * 100 / progress.totalObjects
            return "\(verb): receiving \(percent)% (\(progress.receivedObjects)/\(progress.totalObjects) objects, \(size))"
        }
        let deltas = progress.totalDeltas > 0 ? progress.indexedDeltas * 100 / progress.totalDeltas : 100
        return "\(verb): resolving deltas \(deltas)% (\(progress.indexedDeltas)/\(progress.totalDeltas))"
    }

    static func byteCount(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / 1024 / 1024)
    }
}

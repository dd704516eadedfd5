import Config
import Foundation
import Git
import Integration
import SpecRepo

/// Everything a command needs to turn SOURCE arguments into spec repos: the configuration,
/// the cache under `$COMPCTL_HOME` and a progress line for clones and fetches.
struct SpecSources: SpecSourceReading {
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

    /// The name and URL that publishing into `source` pushes to.
    func publishTarget(_ source: String) throws -> (name: String, url: String) {
        try locator.publishTarget(source)
    }

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

import Config
import Foundation
import Git
import Integration
import Manifest
import SpecRepo

/// Everything a command needs to turn SOURCE arguments into spec repos and CDN sources: the
/// configuration, the caches under `$COMPCTL_HOME`, whether trunk is read, and a progress
/// line for clones and fetches.
struct SpecSources: SpecSourceReading {
    let configuration: Configuration
    let locator: SourceLocator
    let reporter: TransferReporter
    /// Whether and where trunk is read: `COMPCTL_TRUNK` (`off`, or a URL to read it from),
    /// else compctl.yml's `trunk`.
    let trunk: TrunkSetting

    /// Loads the configuration (a bad compctl.yml is an error) and sets up git.
    init(config: ConfigOptions, fetch: Bool = true, offline: Bool = false) throws {
        try self.init(configuration: try config.load(), fetch: fetch, offline: offline)
    }

    /// Sets up git over an already loaded configuration; `offline` reads only what the caches hold.
    init(configuration: Configuration, fetch: Bool = true, offline: Bool = false,
         environment: [String: String] = ProcessEnvironment.current()) throws {
        try GitSession.prepare()
        self.configuration = configuration
        let reporter = TransferReporter()
        self.reporter = reporter
        let cache = SpecRepoCache.standard(
            environment: environment, progress: { activity, progress in reporter.report(activity, progress) })
        // By priority, lowest first; equal priorities keep the file's order.
        let configured = configuration.specRepos.enumerated()
            .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
            .map { ConfiguredSpecRepo(name: $0.element.name, url: configuration.resolve(path: $0.element.url),
                                      writtenURL: $0.element.url, podfileSources: $0.element.podfileSources) }
        let access = CDNAccess(home: SpecRepoCache.homeDirectory(environment: environment), offline: offline,
                               options: CDNAccess.defaultOptions(environment: environment))
        trunk = Self.trunkSetting(configuration: configuration, environment: environment)
        locator = SourceLocator(cache: cache, configured: configured, fetchesCachedSources: fetch, cdn: access, trunk: trunk)
    }

    /// compctl.yml's `trunk: off`, else `COMPCTL_TRUNK=off` or `=URL` (a mirror, or a CDN on
    /// this machine), else trunk's own CDN.
    static func trunkSetting(configuration: Configuration, environment: [String: String]) -> TrunkSetting {
        if !configuration.readsTrunk { return .off(reason: "compctl.yml says trunk: off") }
        if let value = environment["COMPCTL_TRUNK"].map(SpecRepoURL.trimmingWhitespace), !value.isEmpty {
            if ["off", "0", "false", "no"].contains(value.lowercased()) { return .off(reason: "COMPCTL_TRUNK=off") }
            if value.contains("://") { return .on(url: value) }
        }
        return .standard
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

    /// The spec repos `arguments` name (`--source`), or with none compctl.yml's by priority;
    /// every SOURCE that cannot be read is an `error:` line.
    func sources(_ arguments: [String], depth: ListingDepth = .onDemand) throws -> [SpecRepoSource] {
        defer { reporter.finish() }
        return try severally { try locator.sources(arguments, depth: depth) }
    }

    /// The sources of the Podfile `podfile` (see `SourcePlan.forPodfile`): its `source` lines
    /// and `:source`s (trunk when it names none), mapped and added to by compctl.yml, or by
    /// `commandLine` (`--source`); trunk that cannot be read is left out, saying why.
    /// With `revalidatesInBackground`, CDN sources give their cached shards at once and
    /// revalidate them meanwhile: the resolution must then settle them (`PodfileInputs.resolve`
    /// does).
    func sources(for podfile: Podfile, commandLine: [String], revalidatesInBackground: Bool = false) throws -> OpenedSources {
        defer { reporter.finish() }
        let plan = PodfileInputs.sourcePlan(for: podfile, commandLine: commandLine, configured: locator.configured,
                                            trunk: trunk, binaryRepo: configuration.binary.repo)
        // Only the sources opened here: others opened later are not settled by the resolution.
        locator.cdn.revalidatesInBackground = revalidatesInBackground
        defer { locator.cdn.revalidatesInBackground = false }
        let opened = try severally { try locator.sources(plan) }
        if revalidatesInBackground {
            for source in opened.sources { source.cdn?.revalidatesInBackground = true }
        }
        return opened
    }

    /// What the commands that list pods read (`graph` without a Podfile, `outdated`, the
    /// report): `commandLine`, else compctl.yml's spec repos but the binary repo (whose specs
    /// are twins of the source specs, not more components), else the `source` lines of the
    /// Podfile at `podfile` when there is one; never trunk, unless named.
    func privateSources(_ commandLine: [String], podfile: String?) throws -> [SpecRepoSource] {
        defer { reporter.finish() }
        var fallback: [String] = []
        if commandLine.isEmpty, locator.configured.isEmpty, let podfile, FileManager.default.fileExists(atPath: podfile) {
            fallback = (try? Podfile(contentsOf: podfile))?.sources ?? []
        }
        let components = locator.configured.filter { $0.name != configuration.binary.repo }
        let plan = SourcePlan.withoutPodfile(commandLine: commandLine, configured: components, fallback: fallback)
        guard !plan.sources.isEmpty else { throw SpecRepoError.noSources }
        return try severally { try locator.sources(plan).sources }
    }

    /// Runs `body`, turning several SOURCE problems into one `error:` line each.
    private func severally<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch SpecRepoError.several(let messages) {
            throw CommandError(messages.joined(separator: "\nerror: "))
        }
    }
}

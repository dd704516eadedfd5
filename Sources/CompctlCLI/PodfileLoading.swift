import Config
import Foundation
import Graph
import Integration
import Manifest
import SpecRepo

/// How the commands read a Podfile and resolve it: the Integration library's
/// `PodfileInputs` with the command line's options, and the conflict explained on stderr.
extension PodfileInputs {
    /// What `resolve`, `why` and `pin` start from: the configuration, the Podfile (`--podfile`,
    /// else the main project's, else `./Podfile`; a missing one is reported before any source
    /// is opened) and its sources (the Podfile's, as compctl.yml maps them, or `--source`).
    /// A read-only command passes `revalidatesInBackground` (see `SpecSources.sources(for:…)`):
    /// it only resolves, and `resolve(against:sources:)` settles the CDN sources.
    static func load(
        podfile: String?, sources sourceOptions: SourceOptions, config: ConfigOptions,
        warnsOfUnfinishedIntegrate: Bool = true, revalidatesInBackground: Bool = false
    ) throws -> (inputs: PodfileInputs, sources: [SpecRepoSource], configuration: Configuration) {
        let configuration = try config.load()
        let inputs = try load(podfile: podfile, sources: sourceOptions.sources, offline: sourceOptions.offline,
                              configuration: configuration, warnsOfUnfinishedIntegrate: warnsOfUnfinishedIntegrate,
                              revalidatesInBackground: revalidatesInBackground)
        return (inputs, inputs.sources, configuration)
    }

    /// `load(podfile:sources:config:…)` with the configuration loaded already and the
    /// sources given as `--source` values (`sources`) and `--offline`.
    static func load(
        podfile: String?, sources: [String], offline: Bool, configuration: Configuration,
        warnsOfUnfinishedIntegrate: Bool = true, revalidatesInBackground: Bool = false
    ) throws -> PodfileInputs {
        let path = defaultPath(explicit: podfile, configuration: configuration)
        let specSources = try SpecSources(configuration: configuration, offline: offline)
        return try read(path: path, specSources: specSources, commandLine: sources,
                        warnsOfUnfinishedIntegrate: warnsOfUnfinishedIntegrate,
                        revalidatesInBackground: revalidatesInBackground)
    }

    /// Reads the Podfile at `path` and opens its sources. With `warnsOfUnfinishedIntegrate`
    /// (the read-only commands), a journal left by an integrate that did not finish is
    /// reported as a warning first; only a writer holding the project's lock (`integrate`,
    /// `pin`) recovers it.
    static func read(path: String, specSources: SpecSources, commandLine: [String],
                     warnsOfUnfinishedIntegrate: Bool = true, revalidatesInBackground: Bool = false) throws -> PodfileInputs {
        try requireFile(path)
        if warnsOfUnfinishedIntegrate { warnOfUnfinishedIntegrate(podfile: path) }
        let podfile = try Podfile(contentsOf: path)
        let opened = try specSources.sources(for: podfile, commandLine: commandLine,
                                             revalidatesInBackground: revalidatesInBackground)
        return try PodfileInputs(path: path, sources: opened.sources, trunkUnread: opened.trunkUnread, podfile: podfile)
    }

    /// Warns when the project of the Podfile at `path` holds the journal of an integrate that
    /// did not finish (read-only commands never recover it).
    static func warnOfUnfinishedIntegrate(podfile path: String) {
        if let warning = UnfinishedIntegrate.warning(root: ProjectFiles.root(ofPodfile: path)) { Console.warning(warning) }
    }

    /// Resolves the request against `catalog`, which reads `sources`. A conflict is
    /// explained on stderr, after the junk found in the sources (after `onConflict` has seen
    /// it), and exits 2; so does a private pod the resolution would take from trunk; bad
    /// input exits 1.
    ///
    /// A CDN source that revalidates in the background is settled first; when a file it gave
    /// turns out to have changed, the resolution runs again on the new copies.
    func resolve(against catalog: PodCatalog, sources: [SpecRepoSource], onConflict: (String) -> Void = { _ in })
        throws -> Resolution
    {
        var outcome = Result { try Resolver(catalog: catalog).resolve(request) }
        // Every CDN source settles (no short cut past the first that changed), at most 3 times.
        var rounds = 0
        while rounds < 3, try settle(sources) {
            rounds += 1
            catalog.forget()
            outcome = Result { try Resolver(catalog: catalog).resolve(request) }
        }
        let resolution = try explainingConflicts(of: path, sources: sources, onConflict: onConflict) {
            try outcome.get()
        }
        let confused = dependencyConfusion(in: resolution)
        if !confused.isEmpty {
            onConflict(confused.map(\.description).joined(separator: "\n"))
            ResolutionWarnings.printJunk(of: sources)
            confused.forEach { Console.error($0.description) }
            throw Exit.problems
        }
        return resolution
    }
}

/// Settles the CDN sources among `sources` (every one of them); true when one of them found
/// that a file it gave had changed. A CDN whose layout changed is an `error:` line, exit 1.
private func settle(_ sources: [SpecRepoSource]) throws -> Bool {
    do {
        return try sources.map { try $0.cdn?.settle() ?? false }.contains(true)
    } catch {
        Console.error(String(describing: error))
        throw Exit.failure
    }
}

/// Runs a resolution of the Podfile at `path` over `sources`. A conflict is explained on
/// stderr, after the junk found in the sources (after `onConflict` has seen it), and exits
/// 2; any other error is an `error:` line and exits 1.
func explainingConflicts<T>(
    of path: String, sources: [SpecRepoSource], onConflict: (String) -> Void = { _ in }, _ body: () throws -> T
) throws -> T {
    do {
        return try body()
    } catch let GraphError.conflict(explanation) {
        onConflict(explanation)
        ResolutionWarnings.printJunk(of: sources)
        Console.error("\(path) cannot be resolved:")
        Console.note(explanation)
        throw Exit.problems
    } catch {
        Console.error(String(describing: error))
        throw Exit.failure
    }
}

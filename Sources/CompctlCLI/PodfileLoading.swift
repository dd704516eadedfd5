import Config
import Foundation
import Graph
import Integration
import SpecRepo

/// How the commands read a Podfile and resolve it: the Integration library's
/// `PodfileInputs` with the command line's options, and the conflict explained on stderr.
extension PodfileInputs {
    /// What `resolve`, `why` and `pin` start from: the configuration, the Podfile (`--podfile`,
    /// else the main project's, else `./Podfile`; a missing one is reported before any source
    /// is opened) and the sources (`--source`, else compctl.yml's spec repos).
    static func load(
        podfile: String?, sources sourceOptions: SourceOptions, config: ConfigOptions,
        warnsOfUnfinishedIntegrate: Bool = true
    ) throws -> (inputs: PodfileInputs, sources: [SpecRepoSource], configuration: Configuration) {
        let configuration = try config.load()
        let path = defaultPath(explicit: podfile, configuration: configuration)
        try requireFile(path)
        let sources = try SpecSources(configuration: configuration).sources(sourceOptions.sources)
        return (try read(path: path, sources: sources, warnsOfUnfinishedIntegrate: warnsOfUnfinishedIntegrate),
                sources, configuration)
    }

    /// Reads the Podfile at `path`. With `warnsOfUnfinishedIntegrate` (the read-only
    /// commands), a journal left by an integrate that did not finish is reported as a
    /// warning first; only a writer holding the project's lock (`integrate`, `pin`)
    /// recovers it.
    static func read(path: String, sources: [SpecRepoSource], warnsOfUnfinishedIntegrate: Bool = true) throws -> PodfileInputs {
        try requireFile(path)
        if warnsOfUnfinishedIntegrate, let warning = UnfinishedIntegrate.warning(root: ProjectFiles.root(ofPodfile: path)) {
            Console.warning(warning)
        }
        return try PodfileInputs(path: path, sources: sources)
    }

    /// Resolves the request against `catalog`, which reads `sources`. A conflict is
    /// explained on stderr, after the junk found in the sources (after `onConflict` has seen
    /// it), and exits 2; bad input exits 1.
    func resolve(against catalog: PodCatalog, sources: [SpecRepoSource], onConflict: (String) -> Void = { _ in })
        throws -> Resolution
    {
        try explainingConflicts(of: path, sources: sources, onConflict: onConflict) {
            try Resolver(catalog: catalog).resolve(request)
        }
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

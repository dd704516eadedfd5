import Foundation
import Graph
import Integration
import SpecRepo
import Versioning

/// `compctl-synth --time-search PODFILE --source DIR`: how much of a resolve is CocoaPods'
/// search itself. Resolves the Podfile against the spec repo folder as `compctl resolve`
/// does (listing each pod and parsing each spec as it is asked for, reading ahead on the
/// other cores), then resolves the same request again over the same catalog, where every pod
/// it needs is listed and every spec parsed already: that second resolve is the search with
/// the reading taken out (Molinillo's steps, the requirement sorts, the activations), which
/// runs on one thread and which no reading ahead can overlap. Then it resolves the request
/// again from scratch in the same process (the Podfile read, the repo opened, every pod and
/// spec read from disk again, the search): the resolve's own work without the process's
/// start and the first use of its code and memory. Prints the first resolve's time, the
/// median of `runs` searches and the median of `runs` resolves from scratch, in seconds, for
/// scripts/bench.sh; with the lists of what that resolve read, also the time to list and
/// parse it all on one thread.
enum SearchTimer {
    struct DifferentAnswer: Error, CustomStringConvertible {
        var first: String
        var again: String
        var description: String { "the search over specs already read answered \(again), not \(first)" }
    }

    /// Lists the pod folders named in the file `folders` and reads and parses the specs named
    /// in the file `files` (one path a line, relative to the repo, as `scripts/bench.sh`
    /// takes them from strace), one after another on this thread, through a fresh
    /// `SpecRepository` over `source`: the reading and parsing a resolve does, on one core.
    static func readAndParse(source: String, folders: String, files: String) throws -> Duration {
        let repository = try SpecRepository(directory: source, depth: .onDemand)
        let pods = try lines(folders).filter { $0 != "." && !$0.contains("/") }
        let specs: [(String, Version)] = try lines(files).compactMap { path in
            let parts = path.split(separator: "/")
            guard parts.count == 3, let version = try? Version(String(parts[1])) else { return nil }
            return (String(parts[0]), version)
        }
        let clock = ContinuousClock()
        let started = clock.now
        for pod in pods { _ = repository.versions(of: pod) }
        for (pod, version) in specs { _ = try? repository.specification(name: pod, version: version) }
        return clock.now - started
    }

    private static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    static func measure(podfile: String, source: String, runs: Int) throws
        -> (first: Duration, search: Duration, again: Duration) {
        let repository = try SpecRepository(directory: source, depth: .onDemand)
        let inputs = try PodfileInputs(path: podfile, sources: [SpecRepoSource(repository: repository, addresses: [source])])
        let catalog = PodCatalog(providers: [repository])
        let clock = ContinuousClock()
        let started = clock.now
        let answer = outcome { try Resolver(catalog: catalog).resolve(inputs.request) }
        let first = clock.now - started
        var searches: [Duration] = []
        for _ in 0..<max(1, runs) {
            let start = clock.now
            let again = outcome { try Resolver(catalog: catalog).resolve(inputs.request) }
            searches.append(clock.now - start)
            // The same answer, or the second resolve did not search what the first did.
            guard again == answer else { throw DifferentAnswer(first: answer, again: again) }
        }
        searches.sort()
        var agains: [Duration] = []
        for _ in 0..<max(1, runs) {
            let start = clock.now
            let fresh = try SpecRepository(directory: source, depth: .onDemand)
            let freshInputs = try PodfileInputs(path: podfile, sources: [SpecRepoSource(repository: fresh, addresses: [source])])
            let again = outcome { try Resolver(catalog: PodCatalog(providers: [fresh])).resolve(freshInputs.request) }
            agains.append(clock.now - start)
            guard again == answer else { throw DifferentAnswer(first: answer, again: again) }
        }
        agains.sort()
        return (first, searches[searches.count / 2], agains[agains.count / 2])
    }

    /// The pods and versions chosen, or the error (a conflict's explanation).
    private static func outcome(_ resolve: () throws -> Resolution) -> String {
        do {
            return try resolve().pods.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
        } catch {
            return "error: \(error)"
        }
    }
}

import Graph
import Podspec
import Testing
import Versioning

/// A source that records what it is asked and can fail to list, as a remote one may.
final class RecordingProvider: SpecProvider, @unchecked Sendable {
    let name: String
    private let inner: InMemorySpecProvider
    private let failing: Set<String>
    private let failsToListNames: Bool
    private(set) var log: [String] = []

    init(_ specs: [Specification]..., failing: Set<String> = [], failsToListNames: Bool = false) {
        name = "remote"
        inner = InMemorySpecProvider(name: name, specs: specs.flatMap { $0 })
        self.failing = failing
        self.failsToListNames = failsToListNames
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func podNames() throws -> [String] {
        log.append("names")
        if failsToListNames { throw Failure(description: "HTTP 503 for all_pods.txt") }
        return inner.podNames()
    }

    func versions(of name: String) throws -> [Version] {
        log.append("versions \(name)")
        if failing.contains(name) { throw Failure(description: "HTTP 503 for \(name)") }
        return inner.versions(of: name)
    }

    func specification(name: String, version: Version) throws -> Specification {
        try inner.specification(name: name, version: version)
    }

    func prefetch(_ dependencies: [SpecDependency]) {
        log.append("prefetch " + dependencies.map(\.name).joined(separator: ","))
    }
}

/// A source whose newest version's spec cannot be had, with `error`.
struct FetchFailingProvider: SpecProvider {
    let inner: InMemorySpecProvider
    let newest: Version
    let error: any Error & Sendable
    var name: String { inner.name }

    func podNames() throws -> [String] { inner.podNames() }

    func versions(of name: String) throws -> [Version] { inner.versions(of: name) + [newest] }

    func specification(name: String, version: Version) throws -> Specification {
        if version == newest { throw error }
        return try inner.specification(name: name, version: version)
    }
}

@Suite struct SpecProviderTests {
    /// The solver announces each batch of pods before it reads them, once per pod, so a
    /// remote source can fetch the batch in parallel.
    @Test func theSolverAnnouncesEachBatchBeforeReadingIt() throws {
        let source = RecordingProvider(
            pod("App", ["1.0"], [.on("B"), .on("C", "~> 1.0")]), pod("B", ["1.0"], [.on("C")]), pod("C", ["1.0", "1.1"]))
        #expect(try resolved([source], [.app("App")]) == ["App (1.0)", "B (1.0)", "C (1.1)"])
        #expect(source.log == ["prefetch App", "versions App", "prefetch B,C", "versions B", "versions C"])
    }

    /// A source that cannot list a pod's versions stops the resolution with an error naming
    /// the source and the pod: not a crash, and not "no such pod".
    @Test func aSourceFailureIsALocatedError() throws {
        let source = RecordingProvider(pod("App", ["1.0"], [.on("B")]), pod("B", ["1.0"]), failing: ["B"])
        #expect(throws: GraphError.unreadableSource(source: "remote", pod: "B", message: "HTTP 503 for B")) {
            try Resolver(providers: [source]).resolve(ResolveRequest(requirements: [.app("App")]))
        }
        #expect(GraphError.unreadableSource(source: "remote", pod: "B", message: "HTTP 503 for B").description
            == "cannot read the versions of B from source 'remote': HTTP 503 for B; "
            + "check that the source can be reached, then run again")

        let catalog = PodCatalog(providers: [RecordingProvider(pod("B", ["1.0"]), failing: ["B"])])
        #expect(throws: GraphError.unreadableSource(source: "remote", pod: "B", message: "HTTP 503 for B")) {
            try catalog.versions(of: "B")
        }
        let unlisted = PodCatalog(providers: [RecordingProvider(pod("B", ["1.0"]), failsToListNames: true)])
        #expect(throws: GraphError.unreadableSource(source: "remote", pod: nil, message: "HTTP 503 for all_pods.txt")) {
            try unlisted.newestReleaseGraph()
        }
    }

    /// A spec the source cannot fetch ends the resolution; only a spec that does not read
    /// is skipped for an older version.
    @Test func aSpecTheSourceCannotFetchIsNoReasonToTakeAnOlderVersion() throws {
        let unreachable = GraphError.unreadableSource(source: "remote", pod: "B", message: "timed out fetching B 2.0")
        let source = InMemorySpecProvider(name: "remote", specs: pod("B", ["1.0"]))
        let fetching = FetchFailingProvider(inner: source, newest: v("2.0"), error: unreachable)
        #expect(throws: unreachable) { try Resolver(providers: [fetching]).resolve(ResolveRequest(requirements: [.app("B")])) }
        let unparsable = FetchFailingProvider(inner: source, newest: v("2.0"), error: RecordingProvider.Failure(description: "bad"))
        #expect(try resolved([unparsable], [.app("B")]) == ["B (1.0)"])
    }

    /// A failure while the checks look pods up is an error too, not a missing problem.
    @Test func theChecksThrowASourceFailure() throws {
        let healthy = InMemorySpecProvider.test(pod("App", ["1.0"], [.on("B", "~> 1.0")]), pod("B", ["1.0"]))
        let graph = try Resolver(providers: [healthy]).resolve(ResolveRequest(requirements: [.app("App")])).graph
        let failing = PodCatalog(providers: [RecordingProvider(pod("App", ["1.0"]), pod("B", ["1.0"]), failing: ["B"])])
        #expect(throws: GraphError.unreadableSource(source: "remote", pod: "B", message: "HTTP 503 for B")) {
            try GraphChecker(catalog: failing).problems(in: graph)
        }
    }
}

import Foundation
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

/// A source whose every spec read takes `delay` (a remote one's round trip) and that logs
/// the reads and the announcements (`prefetchSpecs`) it gets, in order.
final class SlowProvider: SpecProvider, @unchecked Sendable {
    let inner: InMemorySpecProvider
    let delay: TimeInterval
    private let lock = NSLock()
    private var entries: [String] = []
    var name: String { inner.name }

    init(_ specs: [Specification]..., delay: TimeInterval = 0) {
        inner = InMemorySpecProvider(name: "remote", specs: specs.flatMap { $0 })
        self.delay = delay
    }

    var log: [String] { lock.withLock { entries } }

    func podNames() throws -> [String] { inner.podNames() }

    func versions(of name: String) throws -> [Version] { inner.versions(of: name) }

    func specification(name: String, version: Version) throws -> Specification {
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        lock.withLock { entries.append("read \(name) \(version)") }
        return try inner.specification(name: name, version: version)
    }

    func prefetchSpecs(name: String, versions: [Version]) {
        lock.withLock { entries.append("announce \(name) " + versions.map(\.description).joined(separator: ",")) }
    }
}

@Suite struct LookAheadTests {
    /// CocoaPods' search reads every version of a pod whose versions depend alike (to group
    /// them, `group_possibilities`), one after another: it announces them first, in a window
    /// that starts at 8 versions and doubles, so that a remote source fetches each window in
    /// parallel, never one round trip per version, and a search that stops early fetches few.
    @Test func theSearchAnnouncesAWindowOfVersionsBeforeReadingThem() throws {
        let (announcements, announced) = try announcementsOfX(versions: 30)
        // 1.23...1.30 are announced when the search lists X's candidates, and again as the
        // grouping starts (a source ignores what it has under way); then 1.1...1.22 as the
        // grouping reaches them: the next window (16) would have left 6 for a round trip
        // of their own.
        #expect(announcements == [8, 8, 22])
        #expect(announced == 30)
    }

    /// A reported defect: over a CDN, a cold resolution ended with a second of round trips
    /// one after another, each for the one or two oldest versions of a pod: the first window
    /// (8) left them out, and the grouping reached them one pod at a time. A window now takes
    /// the rest when fewer than a window would be left.
    @Test func aWindowLeavesNoShortRestForARoundTripOfItsOwn() throws {
        let (announcements, announced) = try announcementsOfX(versions: 10)
        #expect(announcements == [10, 10])
        #expect(announced == 10)
    }

    /// Resolves App → X over a slow source where X has `versions` versions; the sizes of the
    /// announcements of X's specs and how many were announced in all. Fails the test if a
    /// spec of X was read before it was announced.
    private func announcementsOfX(versions count: Int) throws -> (sizes: [Int], announced: Int) {
        let versions = (1...count).map { "1.\($0)" }
        let source = SlowProvider(pod("App", ["1.0"], [.on("X")]), pod("X", versions))
        #expect(try resolved([source], [.app("App")]) == ["App (1.0)", "X (1.\(count))"])
        var announced: Set<String> = []
        var announcements: [[String]] = []
        for entry in source.log {
            let words = entry.split(separator: " ").map(String.init)
            if words[0] == "announce", words[1] == "X" {
                let batch = words[2].split(separator: ",").map(String.init)
                announcements.append(batch)
                announced.formUnion(batch)
            } else if words[0] == "read", words[1] == "X", !announcements.isEmpty {
                #expect(announced.contains(words[2]), "X \(words[2]) was read before it was announced: \(source.log)")
            }
        }
        return (announcements.map(\.count), announced.count)
    }

    /// A reported defect: the time limit of CocoaPods' search counted the time spent waiting
    /// on the sources, so over a slow CDN the search gave up ("did not settle within 5 s")
    /// and fell back with a warning that `pod install` may choose otherwise. The limit now
    /// bounds the search's own work: the same search over a slow source settles.
    @Test func theSearchTimeLimitLeavesOutTheTimeSpentReadingTheSources() throws {
        let pods = (0..<48).map { "P\($0)" }
        let specs = [pod("App", ["1.0"], pods.map { .on($0) })] + pods.map { pod($0, ["1.0", "1.1", "1.2", "1.3", "1.4"]) }
        let slow = SlowProvider(specs.flatMap { $0 }, delay: 0.004)
        let resolution = try Resolver(providers: [slow], searchTimeLimit: .milliseconds(200))
            .resolve(ResolveRequest(requirements: [.app("App")]))
        #expect(resolution.warnings.isEmpty, "\(resolution.warnings)")
        #expect(resolution.pods.count == 49)
        #expect(slow.log.filter { $0.hasPrefix("read ") }.count >= 48 * 5, "the search read every version")
    }

    /// `pod install` warns of a resolved pod whose spec says it is deprecated.
    @Test func aDeprecatedPodIsSaidSoInCocoaPodsWords() throws {
        var old = Specification.test("OldNet", "1.0.0")
        old.deprecated = true
        old.deprecatedInFavorOf = "NewNet"
        var gone = Specification.test("Gone", "2.0.0")
        gone.deprecated = true
        let source = InMemorySpecProvider.test([old, gone], pod("Fine", ["1.0"]))
        let resolution = try Resolver(providers: [source])
            .resolve(ResolveRequest(requirements: [.app("OldNet"), .app("Gone"), .app("Fine")]))
        #expect(resolution.warnings.map(\.description) == [
            "Gone has been deprecated", "OldNet has been deprecated in favor of NewNet",
        ])
    }
}

import Foundation
import Graph
import Podspec
import Testing
import Versioning

/// Resolutions of synthetic repos. By default small ones, checked for validity; with
/// `COMPCTL_BENCH=1` the sizes of the issue (5,000 pods × 20 versions, 50 top pods, several
/// seeds), with timings printed. Nothing here asserts a time.
@Suite struct BenchmarkTests {
    static let benchmarking = ProcessInfo.processInfo.environment["COMPCTL_BENCH"] == "1"

    /// Every edge of the resolved graph is met by the version chosen for its target, and a
    /// chosen prerelease is asked for by name by some edge into it.
    static func validate(_ resolution: Resolution) -> [String] {
        var problems: [String] = []
        let chosen = Dictionary(uniqueKeysWithValues: resolution.pods.map { ($0.name, $0.version) })
        for edge in resolution.graph.edges {
            guard let version = chosen[edge.to] else { continue }
            let requirements = edge.requirements.map { try! Requirement($0) }
            if !requirements.allSatisfy({ $0.isSatisfied(by: version) }) {
                problems.append("\(edge.from) → \(edge.requirementLabel) but \(edge.to) is \(version)")
            }
        }
        for pod in resolution.pods where pod.version.isPrerelease {
            let asked = resolution.graph.edges.contains { edge in
                edge.to == pod.name && edge.requirements.contains { (try? Requirement($0))?.namesPrerelease ?? false }
            }
            if !asked { problems.append("\(pod.name) \(pod.version) is a prerelease nobody asked for") }
        }
        return problems
    }

    static let seeds: [UInt64] = benchmarking ? Array(1...12) : [1, 2, 3]

    /// (tightness, percentage of exact pins): ranges that mostly agree, ranges that often
    /// disagree, and many exact pins, where conflicts and failures are common.
    static let variants: [(UInt64, UInt64)] = [(1, 0), (3, 0), (1, 10)]

    @Test(arguments: seeds, variants.indices)
    func syntheticResolutionIsValid(seed: UInt64, variant: Int) throws {
        let (tightness, pins) = Self.variants[variant]
        let size = Self.benchmarking ? (pods: 5000, versions: 20, top: 50) : (pods: 400, versions: 10, top: 10)
        let repo = SyntheticRepo(pods: size.pods, versions: size.versions, seed: seed, tightness: tightness, pinPercent: pins)
        let provider = InMemorySpecProvider(name: "synthetic", specs: repo.specs)
        var random = SplitMix64(seed: seed &* 31)
        var requirements: [RootRequirement] = []
        while requirements.count < min(size.top, repo.top.count) {
            let name = repo.top[Int(random.next(UInt64(repo.top.count)))]
            if !requirements.contains(where: { $0.name == name }) {
                requirements.append(RootRequirement(name: name, declaredBy: "target 'App'"))
            }
        }
        let catalog = PodCatalog(providers: [provider])
        let clock = ContinuousClock()
        var outcome = ""
        var resolution: Resolution?
        let elapsed = try clock.measure {
            do {
                resolution = try Resolver(catalog: catalog).resolve(ResolveRequest(requirements: requirements))
                outcome = "\(resolution!.pods.count) pods"
            } catch let GraphError.conflict(explanation) {
                outcome = "conflict (\(explanation.split(separator: "\n").count) lines)"
            }
        }
        if Self.benchmarking {
            print("synthetic \(size.pods)×\(size.versions), \(requirements.count) top pods, tightness \(tightness), pins \(pins)%, seed \(seed): "
                + "\(outcome), \(catalog.specsRead) specs read, in \(elapsed)")
        }
        if let resolution {
            #expect(Self.validate(resolution) == [])
        } else {
            #expect(outcome.hasPrefix("conflict"))
        }
    }
}

/// The repository graph and every check over a synthetic repo (10,000 pods × 20 versions
/// with `COMPCTL_BENCH=1`), timed informally.
@Suite struct CheckBenchmarkTests {
    @Test func checksOverASyntheticRepository() throws {
        let size = BenchmarkTests.benchmarking ? (pods: 10_000, versions: 20) : (pods: 500, versions: 10)
        let repo = SyntheticRepo(pods: size.pods, versions: size.versions, seed: 7)
        let catalog = PodCatalog(providers: [InMemorySpecProvider(name: "synthetic", specs: repo.specs)])
        let layerSize = max(1, size.pods / 10)
        let layers = (0..<10).map { layer in
            LayerRule(name: "layer\(layer)", allowSameLayer: layer % 2 == 1) { name in
                (Int(name.dropFirst()) ?? -1) / layerSize == layer
            }
        }
        let clock = ContinuousClock()
        var graph: DependencyGraph?
        var problems: [GraphProblem] = []
        let built = try clock.measure { graph = try catalog.newestReleaseGraph().graph }
        let checked = try clock.measure {
            problems = try GraphChecker(catalog: catalog, layers: layers, interfaceSuffix: "Protocols").problems(in: graph!)
        }
        if BenchmarkTests.benchmarking {
            let kinds = Dictionary(grouping: problems, by: \.kind).mapValues(\.count)
            print("check \(size.pods)×\(size.versions): graph of \(graph!.nodes.count) pods and \(graph!.edges.count) edges "
                  + "in \(built), checks in \(checked): \(kinds)")
        }
        #expect(graph!.nodes.count == size.pods)
        // Dependencies only go to lower layers, so there is no cycle and no layer breach.
        #expect(!problems.contains { $0.kind == .cycle || $0.kind == .layer })
    }
}

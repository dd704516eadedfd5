import Podspec
import Versioning

/// Everything the resolver and the checks know about pods: their versions merged over the
/// sources by priority, specs loaded on first use and kept, and requirements parsed once.
///
/// One catalog serves any number of resolutions over the same sources, so the checks that
/// resolve many times parse each spec and each requirement string only once. It is used
/// from one thread at a time.
///
/// A source that fails to list names or versions is recorded in `sourceFailure` (the pod
/// counts as absent from it meanwhile); every public entry point then throws it, since what
/// was built from the missing answer cannot be trusted.
final class Catalog {
    let providers: [any SpecProvider]
    /// Pods given by an external source (`:path`, `:git`, `:podspec`), by root name.
    private(set) var externals: [String: ExternalPod] = [:]
    /// Pods taken from Podfile.lock without reading a source, by root name.
    private(set) var unmanaged: [String: LockedUnmanagedPod] = [:]
    private var universes: [UniverseKey: PodUniverse?] = [:]
    private var requirements: [String: Result<Requirement, VersionError>] = [:]
    /// How many specs have been asked of the providers so far.
    private(set) var loadedSpecs = 0
    /// Every spec that could not be read so far.
    private(set) var failures: [(pod: String, version: Version, message: String)] = []
    /// The first listing a source failed to give.
    private(set) var sourceFailure: GraphError?
    /// The pods the sources have been told to prefetch.
    private var prefetched: Set<String> = []
    /// The time spent so far inside the providers' reads (listing a pod's versions, giving a
    /// spec): for a remote source mostly waiting on the network. A search's time limit
    /// leaves it out, so that it bounds the search's own work.
    private(set) var timeReadingSources: Duration = .zero
    private let clock = ContinuousClock()

    private struct UniverseKey: Hashable {
        var name: String
        /// The only provider to read, for a pod with a `:source`; nil: all of them.
        var source: Int?
    }

    init(providers: [any SpecProvider]) {
        self.providers = providers
    }

    /// Takes `pods` out of the sources for the next resolutions: each is what its external
    /// source says, or nothing. Replaces the external pods of an earlier resolution.
    func setExternals(_ pods: [ExternalPod]) {
        let changed = Set(externals.keys).union(pods.map(\.name))
        externals = Dictionary(pods.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        if !changed.isEmpty { universes = universes.filter { !changed.contains($0.key.name) } }
    }

    /// Takes `pods` out of the sources for the next resolutions: each is what Podfile.lock
    /// records. Replaces the unmanaged pods of an earlier resolution.
    func setUnmanaged(_ pods: [LockedUnmanagedPod]) {
        let changed = Set(unmanaged.keys).union(pods.map(\.name))
        unmanaged = Dictionary(pods.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        if !changed.isEmpty { universes = universes.filter { !changed.contains($0.key.name) } }
    }

    /// The index of the provider called `name`.
    func providerIndex(named name: String) -> Int? {
        providers.firstIndex { $0.name == name }
    }

    /// The versions of `name` (a root name) in every source, or only in `source`; nil when
    /// no source has the pod (a public pod, or a misspelt one).
    func universe(of name: String, source: Int? = nil) -> PodUniverse? {
        let key = UniverseKey(name: name, source: externals[name] == nil && unmanaged[name] == nil ? source : nil)
        if let known = universes[key] { return known }
        let made = makeUniverse(key)
        universes[key] = made
        return made
    }

    private func makeUniverse(_ key: UniverseKey) -> PodUniverse? {
        if let external = externals[key.name] {
            guard let spec = external.specification, let version = try? Version(spec.version) else { return nil }
            let universe = PodUniverse(name: key.name, versions: [version], providers: [-1], holders: [])
            universe.store(.loaded(SpecModel(specification: spec, version: version)), at: 0)
            universe.external = external
            return universe
        }
        if let pod = unmanaged[key.name] {
            let universe = PodUniverse(name: key.name, versions: [pod.version], providers: [-2], holders: [])
            universe.store(.loaded(SpecModel(unmanaged: pod)), at: 0)
            universe.isUnmanaged = true
            return universe
        }
        // Every source's versions; where two have the same version, the first source wins,
        // as `Pod::Source::Aggregate` and `Specification::Set` pick the first.
        var lists: [(provider: Int, versions: [Version])] = []
        for (index, provider) in providers.enumerated() where key.source == nil || key.source == index {
            let versions: [Version]
            let started = clock.now
            defer { timeReadingSources += clock.now - started }
            do {
                versions = try provider.versions(of: key.name)
            } catch {
                recordFailure(source: provider.name, pod: key.name, error)
                continue
            }
            if !versions.isEmpty { lists.append((index, versions)) }
        }
        guard !lists.isEmpty else { return nil }
        let holders = lists.map(\.provider)
        if lists.count == 1 {
            // One source, usually listed highest first: no hashing, and a sort only when needed.
            var versions = lists[0].versions
            if isStrictlyAscending(versions.reversed()) {
                versions.reverse()
            } else if !isStrictlyAscending(versions) {
                versions = Array(Set(versions)).sorted()
            }
            return PodUniverse(name: key.name, versions: versions,
                               providers: Array(repeating: holders[0], count: versions.count), holders: holders)
        }
        var seen: [Version: Int] = [:]
        for list in lists {
            for version in list.versions where seen[version] == nil { seen[version] = list.provider }
        }
        let sorted = seen.keys.sorted()
        return PodUniverse(
            name: key.name, versions: sorted, providers: sorted.map { seen[$0]! }, holders: holders)
    }

    private func isStrictlyAscending<C: Collection>(_ versions: C) -> Bool where C.Element == Version {
        var previous: Version?
        for version in versions {
            if let previous, !(previous < version) { return false }
            previous = version
        }
        return true
    }

    /// The names of every pod any source that can list its pods holds, sorted byte-wise; a
    /// CDN source is never walked.
    func allPodNames() -> [String] {
        var names = Set<String>()
        for provider in providers where provider.canList {
            do {
                names.formUnion(try provider.podNames())
            } catch {
                recordFailure(source: provider.name, pod: nil, error)
            }
        }
        return names.sorted { Podspec.PodName.bytewiseLess($0, $1) }
    }

    /// Forgets every version and spec read so far, so that the next reads ask the sources
    /// again (a source that found a newer copy of what it gave); the external pods stay.
    func forget() {
        universes = [:]
        loadedSpecs = 0
        failures = []
        sourceFailure = nil
        prefetched = []
    }

    /// Throws the first listing a source failed to give, if any.
    func checkSources() throws {
        if let sourceFailure { throw sourceFailure }
    }

    private func recordFailure(source: String, pod: String?, _ error: any Error) {
        if sourceFailure == nil {
            sourceFailure = .unreadableSource(source: source, pod: pod, message: String(describing: error))
        }
    }

    /// Tells every source that the pods `dependencies` name are about to be read, with the
    /// requirements of the first dependency on each, leaving out those already read or
    /// announced and the external ones.
    func prefetch<S: Sequence>(_ dependencies: S) where S.Element == SpecDependency {
        var wanted: [SpecDependency] = []
        for dependency in dependencies {
            let name = dependency.rootName
            guard externals[name] == nil, unmanaged[name] == nil,
                  universes[UniverseKey(name: name, source: nil)] == nil else { continue }
            if prefetched.insert(name).inserted {
                wanted.append(SpecDependency(name: name, requirements: dependency.requirements))
            }
        }
        guard !wanted.isEmpty else { return }
        for provider in providers { provider.prefetch(wanted) }
    }

    /// Tells the sources that the specs of `universe`'s versions `indices` are about to be
    /// read, leaving out those loaded already; each source hears only of its own versions.
    func prefetchSpecs<S: Sequence>(_ universe: PodUniverse, _ indices: S) where S.Element == Int {
        if universe.holders.count == 1, let provider = universe.holders.first {
            // One source holds the pod: its versions, without sorting them by source.
            let versions = indices.filter { universe.state(at: $0) == nil }.map { universe.versions[$0] }
            if !versions.isEmpty { providers[provider].prefetchSpecs(name: universe.name, versions: versions) }
            return
        }
        var wanted: [Int: [Version]] = [:]
        for index in indices where universe.state(at: index) == nil {
            let provider = universe.providers[index]
            guard provider >= 0 else { continue }
            wanted[provider, default: []].append(universe.versions[index])
        }
        for (provider, versions) in wanted.sorted(by: { $0.key < $1.key }) {
            providers[provider].prefetchSpecs(name: universe.name, versions: versions)
        }
    }

    /// The spec of `universe`'s version `index`, loaded on first use.
    func spec(_ universe: PodUniverse, _ index: Int) -> SpecState {
        if let state = universe.state(at: index) { return state }
        let provider = providers[universe.providers[index]]
        let version = universe.versions[index]
        loadedSpecs += 1
        let state: SpecState
        let started = clock.now
        defer { timeReadingSources += clock.now - started }
        do {
            state = .loaded(try provider.model(name: universe.name, version: version))
        } catch let error as GraphError where error.isUnreadableSource {
            // The source could not be reached: no reason to skip to an older version.
            if sourceFailure == nil { sourceFailure = error }
            state = .failed(String(describing: error))
        } catch {
            state = .failed(String(describing: error))
            failures.append((universe.name, version, String(describing: error)))
        }
        universe.store(state, at: index)
        return state
    }

    /// The spec of `universe`'s version `index` if it has been loaded already.
    func loadedSpec(_ universe: PodUniverse, _ index: Int) -> SpecState? {
        universe.state(at: index)
    }

    /// `text` parsed as a requirement, once.
    func requirement(_ text: String) -> Result<Requirement, VersionError> {
        if let known = requirements[text] { return known }
        let result: Result<Requirement, VersionError>
        do {
            result = .success(try Requirement(text))
        } catch let error as VersionError {
            result = .failure(error)
        } catch {
            result = .failure(.malformedRequirement(text, reason: String(describing: error)))
        }
        requirements[text] = result
        return result
    }

    /// The versions of `universe` that meet every requirement in `texts` by the plain test
    /// (prereleases included), or the first malformed requirement.
    func matching(_ universe: PodUniverse, _ texts: [String]) -> Result<VersionSet, VersionError> {
        if let known = universe.matchingCache[texts] { return .success(known) }
        var parsed: [Requirement] = []
        for text in texts {
            switch requirement(text) {
            case let .success(requirement): parsed.append(requirement)
            case let .failure(error): return .failure(error)
            }
        }
        // No requirement is CocoaPods' `Requirement.default`, `>= 0`, which a prerelease of 0
        // (`0.0.0-rc.1`) does not meet.
        if parsed.isEmpty { parsed = [Self.anyVersion] }
        var set = VersionSet(emptyOf: universe.count)
        for (index, version) in universe.versions.enumerated()
        where parsed.allSatisfy({ $0.isSatisfied(by: version) }) {
            set.insert(index)
        }
        universe.matchingCache[texts] = set
        return .success(set)
    }

    /// `>= 0`.
    static let anyVersion = Requirement(.greaterOrEqual, try! Version("0"))

    /// Whether any of `texts` names a prerelease (`Gem::Requirement#prerelease?`).
    func namesPrerelease(_ texts: [String]) -> Bool {
        texts.contains { text in (try? requirement(text).get())?.namesPrerelease ?? false }
    }

    /// The requirements as CocoaPods prints them (`= 1.0` for `1.0`), joined by commas.
    func display(_ texts: [String]) -> String {
        texts.map { text in (try? requirement(text).get())?.description ?? text }
            .joined(separator: ", ")
    }
}

/// What loading one spec gave.
enum SpecState {
    case loaded(SpecModel)
    /// The spec could not be read or parsed; the message says why.
    case failed(String)

    var model: SpecModel? {
        if case let .loaded(model) = self { return model }
        return nil
    }
}

/// The versions of one pod the resolver can choose from, lowest first, with where each
/// comes from, and what has been learnt about them.
final class PodUniverse {
    let name: String
    let versions: [Version]
    /// The provider of each version (-1: an external source; -2: Podfile.lock, for an
    /// unmanaged pod).
    let providers: [Int]
    /// Every provider that holds the pod, in priority order.
    let holders: [Int]
    let all: VersionSet
    let releases: VersionSet
    /// Set for a pod that comes from an external source.
    var external: ExternalPod?
    /// Whether the pod is taken from Podfile.lock, unmanaged.
    var isUnmanaged = false
    /// Whether no source holds the pod (it has no versions).
    var isMissing = false
    private var specs: [SpecState?]
    fileprivate var matchingCache: [[String]: VersionSet] = [:]

    init(name: String, versions: [Version], providers: [Int], holders: [Int]) {
        self.name = name
        self.versions = versions
        self.providers = providers
        self.holders = holders
        all = VersionSet(fullOf: versions.count)
        var releases = VersionSet(emptyOf: versions.count)
        for (index, version) in versions.enumerated() where !version.isPrerelease {
            releases.insert(index)
        }
        self.releases = releases
        specs = Array(repeating: nil, count: versions.count)
    }

    var count: Int { versions.count }

    /// The index of `version`, if the pod has it.
    func index(of version: Version) -> Int? {
        var low = 0, high = versions.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if versions[mid] == version { return mid }
            if versions[mid] < version { low = mid + 1 } else { high = mid - 1 }
        }
        return nil
    }

    fileprivate func state(at index: Int) -> SpecState? { specs[index] }
    fileprivate func store(_ state: SpecState, at index: Int) { specs[index] = state }

}

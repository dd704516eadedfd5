import Foundation
import Graph
import Podspec
import Versioning

/// A CocoaPods spec repo read through a `SpecTree`: its layout, its pods and versions in
/// `Pod::Source`'s order, the junk it skipped, and specs parsed lazily and cached.
///
/// Opening a repo lists names and versions (and the version directories' files) but
/// parses no spec; with `ListingDepth.onDemand` it lists each pod when first asked for.
/// `specification(name:version:)` parses on first use; a spec that does not parse or
/// disagrees with its directories is also added to `skipped`.
public final class SpecRepository: SpecProvider, @unchecked Sendable {
    /// The repo's name for messages: its directory's name, as `Pod::Source#name`.
    public let name: String
    /// Where the repo is read from.
    public let tree: any SpecTree
    /// `Specs/` or the root, and the sharding.
    public let layout: SpecRepoLayout
    /// How deep the repo is listed.
    public let depth: ListingDepth
    /// Whether `tree` is a folder on disk, asked once: a dynamic cast for every spec read
    /// cost some 400 instructions.
    private let treeIsDirectory: Bool

    /// Every usable pod, byte-wise by name, each with its versions highest first. With
    /// `ListingDepth.onDemand`, the first use lists the whole repo.
    public var pods: [PodEntry] {
        fullListing().pods
    }

    private struct Listing {
        var pods: [PodEntry]
        var index: [String: Int]
        var skipped: [SkippedEntry]

        init(pods: [PodEntry], skipped: [SkippedEntry]) {
            self.pods = pods
            self.skipped = skipped
            index = Dictionary(pods.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    // Guards everything below: `specification` and on-demand listing may be called from
    // several threads.
    private let lock = NSLock()
    /// The whole repo, once listed (at once, unless `depth` is `.onDemand`).
    private var listing: Listing?
    /// Every pod looked for so far, by name, with the reads of its folder and specs.
    private var podReads: [String: PodReads] = [:]
    /// The junk found in the folders of the pods asked for (`.onDemand`), in the order asked.
    private var demandedSkipped: [SkippedEntry] = []
    /// The specs asked for that could not be used, in the order asked.
    private var loadSkipped: [SkippedEntry] = []
    private let prefetchQueue = PrefetchQueue()

    /// What has been read of one pod, under `lock`. Each read is registered before it runs,
    /// by an ask or ahead of the asks (`prefetch`, `prefetchSpecs`), and runs once, on
    /// whichever thread gets to it first; the others wait for it. A result is recorded, with
    /// its junk, only when it is first asked for, so the warnings come in the order of the
    /// asks whatever the threads did. One lookup by the pod's name finds all of it.
    private final class PodReads {
        /// `.onDemand`: the pod as the first ask recorded it (`.some(nil)`: the repo has no
        /// such pod); nil until then.
        var recorded: PodEntry??
        /// `.onDemand`: the read of the pod's folder, until an ask records it.
        var folder: Prefetch<SpecRepoScanner.PodResult>?
        /// Whether the spec its requirements most likely lead to has been read ahead.
        var guessed = false
        /// Its specs' reads, by the version's position among `positioned`: a slot per
        /// version, made on the first read. Found by position, a read costs no hashing of the
        /// folder's name, on every ask and every read ahead.
        private var specs: [SpecRead?] = []
        /// The pod's versions as listed when its first spec was read, which `specs` follows.
        /// The pod is listed once, unless the whole repo is listed later (`fullListing`),
        /// which makes a new array, and may differ if the folder changed meanwhile.
        private var positioned: [VersionEntry] = []
        /// The reads asked for through another listing than `positioned`, by folder name.
        private var byName: [String: SpecRead] = [:]

        /// The read of `pod`'s version at `index`, if one was made.
        func read(of pod: PodEntry, at index: Int) -> SpecRead? {
            let byPosition = isPositioned(pod)
            if byPosition, let read = specs[index] { return read }
            // Through another listing, or by another thread that still holds the one before.
            guard !byName.isEmpty || !byPosition else { return nil }
            let name = pod.versions[index].directoryName
            return byName[name] ?? specs.lazy.compactMap { $0 }.first { $0.directoryName == name }
        }

        /// Keeps `read`, of `pod`'s version at `index`.
        func keep(_ read: SpecRead, of pod: PodEntry, at index: Int) {
            if positioned.isEmpty {
                positioned = pod.versions
                specs = Array(repeating: nil, count: pod.versions.count)
            }
            if isPositioned(pod) {
                specs[index] = read
            } else {
                byName[pod.versions[index].directoryName] = read
            }
        }

        /// Whether `pod`'s versions are the very array `specs` follows.
        private func isPositioned(_ pod: PodEntry) -> Bool {
            !positioned.isEmpty && positioned.withUnsafeBufferPointer { known in
                pod.versions.withUnsafeBufferPointer { $0.baseAddress == known.baseAddress && $0.count == known.count }
            }
        }
    }

    /// The read of one spec: under way until first asked for, then its result.
    private final class SpecRead {
        /// The version folder read.
        let directoryName: String
        var pending: Prefetch<Result<ReadSpec, SpecRepoError>>?
        var result: Result<ReadSpec, SpecRepoError>?

        init(_ directoryName: String, _ pending: Prefetch<Result<ReadSpec, SpecRepoError>>) {
            self.directoryName = directoryName
            self.pending = pending
        }
    }

    /// A spec as read, with the resolver's model of it when the read built one: a read ahead
    /// builds it on its own thread, so that the resolver's thread finds it made.
    private struct ReadSpec {
        var specification: Specification
        var model: SpecModel?
    }

    /// Opens the repo in `tree` and lists it, as deep as `depth` says. Throws when the root
    /// is missing, is a file, holds nothing that looks like a spec repo, or has a malformed
    /// `CocoaPods-version.yml`.
    public init(tree: any SpecTree, name: String? = nil, depth: ListingDepth = .versionDirectories) throws {
        self.tree = tree
        treeIsDirectory = tree is DirectorySpecTree
        self.name = name ?? tree.defaultName
        self.depth = depth
        // Read on demand, a repo without a `Specs` folder opens without a listing of its root
        // (thousands of pod folders, most of which a command never asks for): the two names
        // that decide its layout are looked up.
        let withoutListing = depth.readsOnDemand && tree.readsNamesWithoutListing
        var rootEntries: [TreeEntry] = []
        var named: (specs: TreeEntry?, metadata: TreeEntry?)?
        do {
            if withoutListing {
                named = (try tree.entry(named: "Specs", at: ""), try tree.entry(named: SpecRepoLayout.metadataFile, at: ""))
            }
            if named?.specs?.kind == .directory || named == nil { rootEntries = try tree.entries(at: "") }
        } catch SpecRepoError.noSuchPath {
            throw SpecRepoError.repositoryNotFound(tree.location)
        } catch SpecRepoError.notADirectory {
            throw SpecRepoError.repositoryIsAFile(tree.location)
        }
        if let named, let root = try SpecRepoLayout.withoutListing(in: tree, specs: named.specs, metadata: named.metadata) {
            layout = root
            if named.metadata == nil { try findAPod() }
            return
        }
        layout = try SpecRepoLayout.detect(in: tree, rootEntries: rootEntries)
        // A repo just created on a hosting service (nothing, or only a README, a LICENSE and
        // a .gitignore) is an empty spec repo: publishing into it starts CocoaPods' layout.
        let hasMarker = !layout.specsDirectory.isEmpty
            || rootEntries.contains { $0.name == SpecRepoLayout.metadataFile }
            || SpecRepoLayout.isNewRepository(rootEntries)
        if depth.readsOnDemand {
            if !hasMarker { try findAPod() }
            return
        }
        let scanned = try SpecRepoScanner(tree: tree, layout: layout, depth: depth).scan(rootEntries: rootEntries)
        if scanned.pods.isEmpty && !hasMarker {
            throw SpecRepoError.notASpecRepository(tree.location)
        }
        listing = Listing(pods: scanned.pods, skipped: scanned.skipped)
    }

    /// Shows that a repo read on demand, with no `Specs` folder and no metadata file, is a
    /// spec repo: one folder at the root is a pod (it has a version with the pod's spec in
    /// it), or the root holds only what a hosting service puts in a new repository. The root
    /// is read only until the first pod; that pod is kept for its first ask, which records
    /// it and its junk as any pod's.
    private func findAPod() throws {
        let (entries, found) = try tree.entries(at: "") { entry in
            guard entry.kind == .directory else { return false }
            let result = scanPod(entry.name)
            guard result.pod != nil else { return false }
            lock.withLock { reads(of: entry.name).folder = .finished(result) }
            return true
        }
        guard found || SpecRepoLayout.isNewRepository(entries) else {
            throw SpecRepoError.notASpecRepository(tree.location)
        }
    }

    /// Opens the spec repo checked out in the directory at `path`.
    public convenience init(directory path: String, name: String? = nil, depth: ListingDepth = .versionDirectories) throws {
        try self.init(tree: DirectorySpecTree(path: path), name: name, depth: depth)
    }

    /// The junk skipped so far: what listing found, then what loading specs found.
    public var skipped: [SkippedEntry] {
        lock.withLock { (listing?.skipped ?? demandedSkipped) + loadSkipped }
    }

    /// The listed pod called `name`, if any.
    public func pod(named name: String) -> PodEntry? {
        if let listing = lock.withLock({ listing }) { return listing.index[name].map { listing.pods[$0] } }
        return podAndReads(named: name).pod
    }

    /// The pod called `name` as `pod(named:)` gives it, recorded with its junk on the first
    /// ask, and the reads of its specs.
    private func podAndReads(named name: String) -> (pod: PodEntry?, reads: PodReads) {
        var known: PodEntry??
        let (reads, folder): (PodReads, Prefetch<SpecRepoScanner.PodResult>?) = lock.withLock {
            let reads = self.reads(of: name)
            known = recorded(name, reads)
            return (reads, known == nil ? self.folder(of: name, reads) : nil)
        }
        if let known { return (known, reads) }
        let result = folder!.value()
        return lock.withLock {
            if let known = reads.recorded { return (known, reads) }
            reads.recorded = .some(result.pod)
            reads.folder = nil
            demandedSkipped += result.skipped
            return (result.pod, reads)
        }
    }

    /// The reads of the pod `name`, made on first use. The caller holds `lock`.
    private func reads(of name: String) -> PodReads {
        if let known = podReads[name] { return known }
        let made = PodReads()
        podReads[name] = made
        return made
    }

    /// The pod `name` as the listing or an earlier ask recorded it (`.some(nil)`: no such
    /// pod), or nil when it was not looked for yet. The caller holds `lock`.
    private func recorded(_ name: String, _ reads: PodReads) -> PodEntry?? {
        if let listing { return .some(listing.index[name].map { listing.pods[$0] }) }
        return reads.recorded
    }

    /// The read of the pod folder `name` under way, or one registered now: the resolver's
    /// thread and the threads reading ahead share it, so that none reads it again while
    /// another is reading it. The caller holds `lock`.
    private func folder(of name: String, _ reads: PodReads) -> Prefetch<SpecRepoScanner.PodResult> {
        if let started = reads.folder { return started }
        let made = Prefetch { [self] in scanPod(name) }
        reads.folder = made
        return made
    }

    /// The pod directory of `name` read as `ListingDepth.onDemand` reads it (with its version
    /// directories for `.versionDirectoriesOnDemand`).
    private func scanPod(_ name: String) -> SpecRepoScanner.PodResult {
        // `Pod::Source#pods` lists neither hidden directories nor paths, and the listing
        // leaves out names that cannot be a pod's.
        guard PodName.problem(name) == nil else { return SpecRepoScanner.PodResult(pod: nil, skipped: []) }
        let podDepth: ListingDepth = depth == .versionDirectoriesOnDemand ? depth : .onDemand
        return SpecRepoScanner(tree: tree, layout: layout, depth: podDepth)
            .scanPod(name: name, path: layout.podPath(for: name), absentIfMissing: true)
    }

    /// Every pod's root name, in CocoaPods' order (byte-wise ascending).
    public func podNames() -> [String] {
        pods.map(\.name)
    }

    /// The whole listing, made on first use when the repo is listed on demand.
    private func fullListing() -> Listing {
        if let listing = lock.withLock({ listing }) { return listing }
        let made: Listing
        do {
            let scanned = try SpecRepoScanner(tree: tree, layout: layout,
                                              depth: depth == .versionDirectoriesOnDemand ? .versionDirectories : .versions)
                .scan(rootEntries: try tree.entries(at: ""))
            made = Listing(pods: scanned.pods, skipped: scanned.skipped)
        } catch {
            let reason = (error as? SpecRepoError).map(String.init(describing:)) ?? "\(error)"
            made = Listing(pods: [], skipped: [SkippedEntry(path: layout.specsDirectory, reason: .unreadable(reason))])
        }
        return lock.withLock {
            if listing == nil { listing = made }
            return listing!
        }
    }

    /// The versions of the pod `name`, highest first; empty when the repo has no such pod.
    public func versions(of name: String) -> [Version] {
        pod(named: name)?.versions.map(\.version) ?? []
    }

    /// Whether the repo has a pod called `name` (a root name); a repo's listing never throws.
    public func contains(_ name: String) -> Bool {
        !versions(of: name).isEmpty
    }

    /// The spec of `name` at `version`, parsed on first use and cached. A spec whose name
    /// or version string differs from its directories is refused, as CocoaPods' health
    /// check (`check_spec_path`) refuses it.
    public func specification(name: String, version: Version) throws -> Specification {
        try read(name: name, version: version, modelled: false).specification
    }

    /// The spec of `name` at `version` flattened for the resolver: built by the thread that
    /// read it ahead, or here.
    public func model(name: String, version: Version) throws -> SpecModel {
        let read = try read(name: name, version: version, modelled: true)
        return read.model ?? SpecModel(specification: read.specification, version: version)
    }

    /// The spec of `name` at `version` as read, recorded with its junk on first ask; a read
    /// started here builds the model too when `modelled`.
    private func read(name: String, version: Version, modelled: Bool) throws -> ReadSpec {
        let (found, reads) = podAndReads(named: name)
        guard let pod = found else {
            throw SpecRepoError.noSuchPod(name: name, repository: self.name)
        }
        guard let index = pod.index(of: version) else {
            throw SpecRepoError.noSuchVersion(name: name, version: version.description, repository: self.name)
        }
        // The read's state is taken under the lock: another ask may record its result and
        // drop the pending read meanwhile.
        var cached: Result<ReadSpec, SpecRepoError>?
        var pending: Prefetch<Result<ReadSpec, SpecRepoError>>?
        let spec: SpecRead = lock.withLock {
            let spec = specRead(reads, pod: pod, at: index, modelled: modelled)
            cached = spec.result
            pending = spec.pending
            return spec
        }
        if let cached { return try cached.get() }
        let result = pending!.value()
        return try lock.withLock {
            if let first = spec.result { return first }
            spec.result = result
            spec.pending = nil
            if case .failure(let error) = result, let junk = skippedEntry(for: error, entry: pod.versions[index]) {
                loadSkipped.append(junk)
            }
            return result
        }.get()
    }

    // MARK: - Reading ahead

    /// Reads ahead, spread over the cores, the pod directories of `dependencies` and the
    /// spec of the version each one's requirements most likely lead to (the highest they
    /// allow), then the same for that spec's dependencies: the walk runs ahead of the
    /// resolver, which then finds what it asks for read and parsed. Nothing of it is
    /// reported until it is asked for.
    public func prefetch(_ dependencies: [SpecDependency]) {
        guard tree.supportsConcurrentReads else { return }
        let named = dependencies.filter { PodName.problem($0.name) == nil }
        let new: [SpecDependency] = lock.withLock {
            named.filter { dependency in
                let reads = self.reads(of: dependency.name)
                guard !reads.guessed else { return false }
                reads.guessed = true
                return true
            }
        }
        for dependency in new {
            prefetchQueue.add { [self] in followGuess(dependency) }
        }
    }

    /// Reads ahead, on another core, the specs of `name` that a resolver grouping `versions`
    /// reads next: from the highest down, as long as they depend alike, and the first that
    /// does not (see `readGroup`). Reading further is a guess that costs a remote source a
    /// round trip each when it is right, but a local one a parse each when it is wrong.
    public func prefetchSpecs(name: String, versions: [Version]) {
        guard tree.supportsConcurrentReads, let version = versions.max(), !isReadOrUnderWay(name, version) else { return }
        prefetchQueue.add { [self] in
            guard let (pod, reads) = podAhead(name) else { return }
            // A grouping announces a window of 8 versions first: looked for one by one, they
            // cost less than hashing them into a set and every version of the pod after them.
            let wanted = versions.count <= 16 ? nil : Set(versions)
            readGroup(of: pod, reads, candidates: pod.versions.indices.filter { index in
                let version = pod.versions[index].version
                return wanted?.contains(version) ?? versions.contains(version)
            })
        }
    }

    /// Waits until the reads started ahead have run (for tests, which look at what was read).
    func waitForReadAhead() {
        prefetchQueue.waitUntilIdle()
    }

    /// Whether the spec of `name` at `version` is read already or being read: a search
    /// announces the same versions again and again as it backtracks, and waking a thread to
    /// find that out costs more than the look.
    private func isReadOrUnderWay(_ name: String, _ version: Version) -> Bool {
        lock.withLock {
            guard let reads = podReads[name], let pod = recorded(name, reads) ?? nil, let index = pod.index(of: version) else {
                return false
            }
            return reads.read(of: pod, at: index) != nil
        }
    }

    /// Reads the pod `dependency` names and the specs its requirements lead a resolver to
    /// (`readGroup`), then prefetches the dependencies of the highest version they allow (no
    /// prerelease unless one names a prerelease), which the resolver most likely takes.
    private func followGuess(_ dependency: SpecDependency) {
        guard let (pod, reads) = podAhead(dependency.name) else { return }
        let requirements = dependency.requirements.compactMap { try? Requirement($0) }
        guard requirements.count == dependency.requirements.count else { return }
        let namesPrerelease = requirements.contains { $0.namesPrerelease }
        let candidates = pod.versions.indices.filter { index in
            requirements.allSatisfy { $0.isSatisfied(by: pod.versions[index].version) }
        }
        if let best = candidates.first(where: { namesPrerelease || !pod.versions[$0].version.isPrerelease }),
           case .success(let spec) = specAhead(pod: pod, reads, at: best) {
            var next: [SpecDependency] = []
            for dependency in ([spec] + spec.allSubspecs).flatMap(\.dependencies) {
                let root = SpecDependency(name: dependency.name).rootName
                if root != pod.name, !next.contains(where: { $0.name == root }) {
                    next.append(SpecDependency(name: root, requirements: dependency.requirements))
                }
            }
            prefetch(next)
        }
        readGroup(of: pod, reads, candidates: candidates)
    }

    /// Reads `candidates` (positions among `pod`'s versions, highest first) as a resolver
    /// groups them (Molinillo's `group_possibilities`, from the newest down): while the specs
    /// depend alike, and the first that does not, which ends the group. A spec that cannot be
    /// read is passed over, as the grouping passes over it.
    private func readGroup(of pod: PodEntry, _ reads: PodReads, candidates: [Int]) {
        var first: [Dependency]??
        for index in candidates {
            guard case .success(let spec) = specAhead(pod: pod, reads, at: index) else { continue }
            let alike = Self.groupedDependencies(spec)
            guard let known = first else {
                first = .some(alike)
                continue
            }
            // A spec with subspecs depends on them at its own version: it groups with none.
            guard let known, known == alike else { break }
        }
    }

    /// What decides whether two versions of a pod group together when the pod is asked for
    /// by its root name: the root spec's dependencies, unless it has subspecs (nil).
    private static func groupedDependencies(_ spec: Specification) -> [Dependency]? {
        spec.subspecs.isEmpty ? spec.dependencies : nil
    }

    /// The pod `name` as `pod(named:)` will find it, read now (or waited for) without
    /// recording it: it is recorded, with its junk, when it is asked for. With the reads of
    /// its specs.
    private func podAhead(_ name: String) -> (pod: PodEntry, reads: PodReads)? {
        var known: PodEntry??
        let (reads, pending): (PodReads, Prefetch<SpecRepoScanner.PodResult>?) = lock.withLock {
            let reads = self.reads(of: name)
            known = recorded(name, reads)
            return (reads, known == nil ? folder(of: name, reads) : nil)
        }
        guard let pod = known ?? pending?.value().pod else { return nil }
        return (pod, reads)
    }

    /// The spec of `pod`'s version at `index` as `specification(name:version:)` will find
    /// it, read now (or waited for) without recording it.
    private func specAhead(pod: PodEntry, _ reads: PodReads, at index: Int) -> Result<Specification, SpecRepoError> {
        var cached: Result<ReadSpec, SpecRepoError>?
        let pending: Prefetch<Result<ReadSpec, SpecRepoError>>? = lock.withLock {
            let spec = specRead(reads, pod: pod, at: index, modelled: true)
            cached = spec.result
            return spec.pending
        }
        return (cached ?? pending!.value()).map(\.specification)
    }

    /// The read of the spec of `pod`'s version at `index`, under way or done, or one
    /// registered now, shared as `folder(of:_:)` shares a pod's. The caller holds `lock`.
    private func specRead(_ reads: PodReads, pod: PodEntry, at index: Int, modelled: Bool) -> SpecRead {
        if let started = reads.read(of: pod, at: index) { return started }
        let entry = pod.versions[index]
        let made = SpecRead(entry.directoryName, Prefetch { [self] in load(pod: pod, entry: entry, modelled: modelled) })
        reads.keep(made, of: pod, at: index)
        return made
    }

    // MARK: - Loading

    private func load(pod: PodEntry, entry: VersionEntry, modelled: Bool) -> Result<ReadSpec, SpecRepoError> {
        load(pod: pod, entry: entry).map { specification in
            ReadSpec(specification: specification,
                     model: modelled ? SpecModel(specification: specification, version: entry.version) : nil)
        }
    }

    private func load(pod: PodEntry, entry: VersionEntry) -> Result<Specification, SpecRepoError> {
        var specPath: String
        var data: [UInt8]?
        if let known = entry.specPath {
            specPath = known
        } else {
            // Listed with `ListingDepth.versions` or `.onDemand`: find the spec file now.
            // On a case-sensitive disk, `Name.podspec.json` read as it is named is the file
            // the directory's listing would choose; anything else (a Ruby spec, a spec that
            // cannot be read) is looked for in the listing as before.
            specPath = entry.filePath(pod.name, suffix: ".podspec.json")
            #if os(Linux)
            if treeIsDirectory { data = try? tree.bytes(at: specPath) }
            #endif
        }
        if data == nil, entry.specPath == nil {
            do {
                let files = try tree.entries(at: entry.directoryPath)
                guard let file = SpecRepoScanner.specFile(in: files, pod: pod.name) else {
                    return .failure(.noSpecFile(path: entry.directoryPath, pod: pod.name))
                }
                specPath = entry.filePath(file)
            } catch {
                return .failure(error as? SpecRepoError
                    ?? .unreadable(path: entry.directoryPath, reason: String(describing: error)))
            }
        }
        if data == nil {
            do {
                data = try tree.bytes(at: specPath)
            } catch {
                return .failure(error as? SpecRepoError ?? .unreadable(path: specPath, reason: String(describing: error)))
            }
        }
        let spec: Specification
        do {
            spec = try PodspecReader.read(bytes: data!, path: specPath)
        } catch {
            return .failure(.invalidSpec(path: specPath, line: error.line, message: error.message))
        }
        // Pod::Source::HealthReporter#check_spec_path compares the name and the version
        // *strings*: a spec saying 1.0.0 under 1.0/ is misfiled even though the versions
        // are equal, because `Pod::Source#specification_path` builds paths from strings.
        guard spec.name == pod.name, spec.version == entry.directoryName else {
            return .failure(.specDisagreesWithDirectory(
                path: specPath, name: pod.name, version: entry.directoryName,
                specName: spec.name, specVersion: spec.version
            ))
        }
        return .success(spec)
    }

    private func skippedEntry(for error: SpecRepoError, entry: VersionEntry) -> SkippedEntry? {
        switch error {
        case .invalidSpec(let path, let line, let message):
            return SkippedEntry(path: path, reason: .invalidSpec(line: line, message: message))
        case .specDisagreesWithDirectory(let path, _, _, let specName, let specVersion):
            return SkippedEntry(path: path, reason: .disagreesWithDirectory(specName: specName, specVersion: specVersion))
        case .unreadable(_, let reason):
            return SkippedEntry(path: entry.specPath ?? entry.directoryPath, reason: .unreadable(reason))
        case .noSpecFile(let path, let pod):
            return SkippedEntry(path: path, reason: .noSpecFile(pod: pod))
        default:
            return nil
        }
    }
}

extension SpecRepository {
    /// One pod as `Pod::Source` lists it: its name and its version folders' names.
    public struct SourceListing: Sendable, Equatable {
        /// The pod folder's name.
        public var name: String
        /// Every version folder, newest first, whether or not it holds a podspec.
        public var versions: [String]
    }

    /// The pods and versions exactly as `Pod::Source#pods` and `#versions` list them: a pod
    /// folder with no version folder is listed with no versions, and a version folder is
    /// listed whether or not it holds a podspec. Those are also in `skipped` (warnings);
    /// resolution reads `pods`, which leaves them out.
    public func cocoaPodsListing() -> [SourceListing] {
        var versions: [String: [String]] = [:]
        for pod in pods { versions[pod.name] = pod.versions.map(\.directoryName) }
        for junk in skipped {
            let parts = junk.path.split(separator: "/").map(String.init)
            switch junk.reason {
            case .noVersions:
                guard let name = parts.last else { continue }
                versions[name, default: []] += []
            case .emptyVersionDirectory, .noSpecFile:
                guard parts.count >= 2 else { continue }
                let name = parts[parts.count - 2], version = parts[parts.count - 1]
                if !(versions[name]?.contains(version) ?? false) { versions[name, default: []].append(version) }
            default:
                continue
            }
        }
        return versions.keys.sorted { PodName.bytewiseLess($0, $1) }.map { name in
            let folders = versions[name] ?? []
            let parsed = folders.map { folder -> (String, Version?) in
                guard case .success(let version) = PodName.checkedVersion(folder) else { return (folder, nil) }
                return (folder, version)
            }
            let sorted = parsed.sorted { left, right in
                guard let a = left.1, let b = right.1 else { return left.0 > right.0 }
                if a == b { return left.0 > right.0 }
                return b.precedesInCocoaPodsOrder(a)
            }
            return SourceListing(name: name, versions: sorted.map(\.0))
        }
    }
}

import Foundation
import Graph
import HTTP
import Podspec
import Versioning

/// A CDN source speaking trunk's protocol (CocoaPods' `Pod::CDNSource`): `CocoaPods-version.yml`
/// gives `prefix_lengths`; `all_pods_versions_<fragment>.txt` lists the pods of one shard
/// with their versions (`Name/1.0.0/1.1.0`), the fragment being the MD5 prefix of the name
/// joined with `_`; `Specs/<fragment path>/Name/<version>/Name.podspec.json` is one spec.
///
/// It reads lazily: the shard of each pod asked for, and the spec of each version asked
/// for, never a whole listing (`podNames()` throws, as CocoaPods refuses `all_specs` of a
/// CDN). Requests go out in parallel (`prefetch` starts them early, and guesses the spec
/// the resolver will try next from the requirements it is given). Copies are kept in a
/// `CDNCache`; a shard or the metadata file is revalidated once per run with the `ETag`
/// of the copy (`If-None-Match`, answered by 304), a spec is immutable once published and
/// is read from its copy, unless `deprecated_podspecs.txt` lists it: deprecating a pod
/// rewrites its published specs (`deprecated`, `deprecated_in_favor_of`), so the list is
/// revalidated each run, as CocoaPods' `update` does, and a listed spec is revalidated
/// rather than read from its copy. Offline, only copies are read, and a file without one
/// is an error. When the CDN cannot be reached, a copy is used as it is and `staleReport`
/// says so.
public final class CDNSource: SpecProvider, @unchecked Sendable {
    /// The source's name in messages and for a Podfile's `:source` (`trunk`).
    public let name: String
    /// The CDN's base URL, ending in `/`.
    public let url: String
    /// `Specs/`, sharded by the metadata's `prefix_lengths`.
    public private(set) var layout = SpecRepoLayout(specsDirectory: PodName.specsFolder)
    /// Where the copies are kept.
    public let cache: CDNCache
    /// Whether the network may be used (`--offline`: no).
    public let offline: Bool
    private let client: HTTPClient?
    /// Files this run has fetched already (the metadata a probe read): used without a request.
    private let fresh: Set<String>

    private let condition = NSCondition()
    private var files: [String: FileState] = [:]
    /// What to do once a pending file is in.
    private var followUps: [String: [@Sendable () -> Void]] = [:]
    /// Each pod's listed versions, once read from its shard; and how many times a new shard
    /// cleared them.
    private var listings: [String: [ListedVersion]] = [:]
    private var listingsGeneration = 0
    /// Whether a cached shard is used at once and revalidated meanwhile (see
    /// `revalidatesInBackground`); the revalidations under way, and the files they found changed.
    private var background = false
    private let revalidations = DispatchGroup()
    private var changedFiles: Set<String> = []
    /// What the revalidated metadata says against this run: another layout than the one read
    /// with, or no CDN at all (as a run without the copy would have said when opening it).
    private var metadataProblem: SpecRepoError?
    /// Specs the revalidated deprecation list newly names that were being read as it came.
    private var inFlightWhenDeprecated: Set<String> = []
    /// Whether each name asked for can be a pod's.
    private var validNames: [String: Bool] = [:]
    /// Each pod's MD5 prefix directories, and its folder below them, computed once.
    private var podPaths: [String: PodPaths] = [:]
    /// Each spec read and parsed, or being read: once, by whichever thread asks first (the
    /// resolver, or a read ahead of it), the others waiting for it.
    private var specs: [String: Prefetch<Result<Specification, any Error>>] = [:]
    /// Where copies announced by `prefetchSpecs` are read ahead of the resolver.
    private static let reading = DispatchQueue(label: "compctl-cdn-read-ahead")
    /// The pods whose likely spec was guessed already.
    private var guessedPods: Set<String> = []
    /// The shard indexes this run read a pod's versions from, recorded by `settle()` for the
    /// next run; and whether the last run's record was sent for revalidation.
    private var shardsRead: Set<String> = []
    private var startedRecordedShards = false
    /// The spec paths `deprecated_podspecs.txt` lists, once read (empty when it cannot be).
    private var deprecatedPaths: Set<String>?
    private var staleFiles: [String] = []
    private var staleReason: String?
    private var tally = Counters()

    /// What reading a file gave.
    private enum FileState {
        case pending
        /// The body, or nil when the CDN has no such file (404).
        case ready(Data?)
        case failed(SpecRepoError)
    }

    /// How the files of one run were obtained, for tests and benchmarks.
    public struct Counters: Sendable, Equatable {
        /// Requests sent without a copy to revalidate.
        public var fetched = 0
        /// Conditional requests (`If-None-Match`).
        public var revalidated = 0
        /// Conditional requests answered 304 Not Modified.
        public var notModified = 0
        /// Files read from their copy without a request.
        public var fromCache = 0
        /// Specs fetched ahead of being asked for, on a guess from the requirements.
        public var guessed = 0
        /// Specs started ahead of being asked for (fetched, or read from their copy), on the
        /// resolver's word that it is about to read them (`prefetchSpecs`).
        public var announced = 0
    }

    /// Opens the CDN at `url` named `name`, with its copies in `cache`: reads
    /// `CocoaPods-version.yml` (revalidating its copy unless `offline`, or unless `fresh`
    /// says it was fetched by this run already). Throws when it cannot be read (nor a copy of
    /// it), or is not a CDN's metadata. With `revalidatesInBackground` (see the property), the
    /// copies of the metadata and of the deprecation list are used at once as well.
    public init(name: String, url: String, cache: CDNCache, client: HTTPClient?, offline: Bool, fresh: Set<String> = [],
                revalidatesInBackground: Bool = false) throws {
        self.name = name
        self.url = url.hasSuffix("/") ? url : url + "/"
        self.cache = cache
        self.offline = offline || client == nil
        self.client = client
        self.fresh = fresh
        background = revalidatesInBackground
        if !self.offline { cache.removeAbandonedWrites() }
        let metadataPath = PodName.metadataFile
        if revalidatesInBackground, !self.offline, let client, !fresh.contains(metadataPath),
           let cached = cache.read(metadataPath), !cached.isAbsent,
           let lengths = try? Self.prefixLengths(ofMetadata: cached.body, url: self.url) {
            // Only a copy that opens the CDN is used at once: a run that took an unusable one
            // would fail on it, its revalidation dropped with it, run after run. The layout is
            // set before the revalidation starts, which compares the new one with it.
            layout = SpecRepoLayout(specsDirectory: PodName.specsFolder, prefixLengths: lengths)
            revalidations.enter()
            finish(metadataPath, .ready(cached.body))
            revalidateInBackground(metadataPath, cached: cached, client: client)
        } else {
            request(metadataPath, revalidate: true)
            let lengths = try Self.prefixLengths(ofMetadata: try wait(metadataPath), url: self.url)
            layout = SpecRepoLayout(specsDirectory: PodName.specsFolder, prefixLengths: lengths)
        }
        // Under way while the resolution starts; a cached spec waits for it (see `request`).
        request(Self.deprecatedListFile, revalidate: true)
    }

    /// `deprecated_podspecs.txt`: the paths of the specs that `pod trunk deprecate` rewrote,
    /// one a line (`Specs/1/2/3/Name/1.0.0/Name.podspec.json`).
    public static let deprecatedListFile = "deprecated_podspecs.txt"

    /// The `prefix_lengths` of the CDN at `url` whose `CocoaPods-version.yml` is `data` (nil: the
    /// CDN has none). Throws when it is not a CDN's metadata, or its layout cannot be read.
    static func prefixLengths(ofMetadata data: Data?, url: String) throws -> [Int] {
        let path = PodName.metadataFile
        guard let data else { throw SpecRepoError.notACDN(url: url, reason: "it has no \(path)") }
        let text = String(decoding: data, as: UTF8.self)
        guard isCDNMetadata(text) else {
            throw SpecRepoError.notACDN(url: url, reason: "its \(path) does not name the latest CocoaPods version")
        }
        return try SpecRepoLayout.prefixLengths(inMetadata: text, path: url + path)
    }

    /// Whether `text` is a CDN's `CocoaPods-version.yml`: a mapping with the latest CocoaPods
    /// version (`last`), which is how CocoaPods tells a CDN from a git spec repo
    /// (`Source::Manager#cdn_url?`).
    public static func isCDNMetadata(_ text: String) -> Bool {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("last:"), !trimmed.dropFirst("last:".count).trimmingCharacters(in: .whitespaces).isEmpty,
               !line.hasPrefix(" ") {
                return true
            }
        }
        return false
    }

    // MARK: - SpecProvider

    /// False: a CDN is never listed whole (trunk holds some 100,000 pods).
    public var canList: Bool { false }

    /// Throws: a CDN is never listed whole (trunk holds some 100,000 pods).
    public func podNames() throws -> [String] {
        throw SpecRepoError.cdnCannotList(source: name)
    }

    /// The versions of `name` from its shard, highest first; empty when the shard does not
    /// list it. Throws when the shard cannot be read.
    public func versions(of name: String) throws -> [Version] {
        try versionStrings(of: name).map(\.version)
    }

    /// The spec of `name` at `version`, from its copy or fetched. Throws
    /// `GraphError.unreadableSource` when it cannot be fetched or the CDN lists the version
    /// but has no spec for it, `SpecRepoError` when it does not parse or names another pod.
    public func specification(name: String, version: Version) throws -> Specification {
        guard let listed = try versionStrings(of: name).first(where: { $0.version == version }) else {
            throw SpecRepoError.noSuchVersion(name: name, version: version.description, repository: self.name)
        }
        return try loadSpec(path: specPath(name, listed.text), name: name, version: listed.text)
    }

    /// Starts fetching the shards of `dependencies`, and once a shard is in, the spec of
    /// the version the requirements most likely lead to (the highest they allow), then the
    /// same for that spec's dependencies.
    public func prefetch(_ dependencies: [SpecDependency]) {
        startRecordedShards()
        for dependency in dependencies where isPodName(dependency.name) {
            let index = indexFile(for: dependency.name)
            request(index, revalidate: true) { [weak self] in
                self?.guessSpec(of: dependency)
            }
        }
    }

    /// Starts fetching the specs of `name` at `versions` that have no copy yet, all at once
    /// (the resolver is about to read them one after another). Versions the shard does not
    /// list, a shard not read yet, and specs with a copy are left to the reads.
    public func prefetchSpecs(name: String, versions: [Version]) {
        guard let listed = condition.withLock({ listings[name] }) else { return }
        // A window may run past what the resolver reads (it stops grouping where the
        // dependencies change): a fetch of those costs a request in parallel, but a copy read
        // ahead costs a parse for nothing, so copies are read ahead only for the newest few.
        let readAhead = Set(versions.sorted(by: >).prefix(Self.guessWindow))
        for version in versions {
            guard let text = listed.first(where: { $0.version == version })?.text else { continue }
            let path = specPath(name, text)
            guard condition.withLock({ files[path] == nil && specs[path] == nil }) else { continue }
            if cache.hasCopy(path) {
                // Read and parsed meanwhile on the other core, one after another in the order
                // the resolver will ask (a warm resolution spends its time there).
                guard readAhead.contains(version) else { continue }
                // Made here, not on the reading thread: the resolver announces a pod's versions
                // again and again, and each announcement would queue another read of its own.
                let (read, made) = specRead(path: path, name: name, version: text)
                if made { Self.reading.async { read.run() } }
                continue
            }
            condition.withLock { tally.announced += 1 }
            request(path, revalidate: false)
        }
    }

    // MARK: - Revalidating in the background

    /// Whether a cached shard index is used at once while its revalidation runs, instead of
    /// after it: a warm resolution then costs its own time, not a round trip per layer of the
    /// graph. Whoever turns it on must call `settle()` once done, and read again when it
    /// answers true. Off by default. Given to `init`, the metadata and the deprecation list
    /// are used from their copies too: a metadata that changes the layout makes `settle()`
    /// throw, and a list that deprecates a spec read from its copy makes it answer true.
    public var revalidatesInBackground: Bool {
        get { condition.withLock { background } }
        set { condition.withLock { background = newValue } }
    }

    /// Waits for the revalidations under way; true when one of them found that a file this
    /// source gave had changed (what was read from it is then stale: forget it and read
    /// again, the source now gives the new copy).
    /// Writes the copies fetched as a pack (`CDNCache.writePack()`), and records the shards this
    /// run read for the next run's start (see `CDNCache.rememberShards`).
    /// Throws `SpecRepoError.cdnLayoutChanged` when the revalidated metadata no longer gives
    /// the layout this run read with (the new metadata is cached: the next run reads by it).
    public func settle() throws -> Bool {
        revalidations.wait()
        cache.writePack()
        let (changed, read, problem) = condition.withLock {
            defer { changedFiles = [] }
            let forgot = forgetSpecsInFlightWhenDeprecated()
            return (!changedFiles.isEmpty || forgot, shardsRead, metadataProblem)
        }
        if let problem { throw problem }
        if !offline, !read.isEmpty, Set(cache.rememberedShards()) != read {
            // A record that cannot be written costs the next run its head start, not this one anything.
            try? cache.rememberShards(Array(read))
        }
        return changed
    }

    // MARK: - What the run did

    /// How the files of this run were obtained so far.
    public var counters: Counters {
        condition.withLock { tally }
    }

    /// A sentence for stderr when some files were used as cached because the CDN could not
    /// be reached, else nil.
    public var staleReport: String? {
        condition.withLock {
            guard let reason = staleReason, !staleFiles.isEmpty else { return nil }
            let count = staleFiles.count
            return "\(name): \(count) cached file\(count == 1 ? "" : "s") could not be revalidated (\(reason)); "
                + "used as cached, so newer versions may be missing"
        }
    }

    // MARK: - Paths

    /// The shard index that lists `name`: `all_pods_versions_1_2_3.txt` (`CDNSource#index_file_name_for_fragment`).
    public func indexFile(for name: String) -> String {
        Self.indexFile(fragment: fragment(of: name))
    }

    /// Where a pod's files are: its MD5 prefix directories (`["1", "2", "3"]`) and its folder
    /// (`Specs/1/2/3/Name/`).
    private struct PodPaths {
        var fragment: [String]
        var folder: String
    }

    /// The paths of `name`, computed once per pod.
    private func paths(of name: String) -> PodPaths {
        if let known = condition.withLock({ podPaths[name] }) { return known }
        let fragment = layout.shards(for: name)
        let folder = ([layout.specsDirectory] + fragment + [name]).joined(separator: "/") + "/"
        let made = PodPaths(fragment: fragment, folder: folder)
        condition.withLock { podPaths[name] = made }
        return made
    }

    /// The MD5 prefix directories of `name` (`["1", "2", "3"]`), computed once per pod.
    private func fragment(of name: String) -> [String] {
        paths(of: name).fragment
    }

    /// `all_pods_versions.txt` for an unsharded CDN, else the fragment joined with `_`.
    public static func indexFile(fragment: [String]) -> String {
        "all_pods_versions" + (fragment.isEmpty ? "" : "_" + fragment.joined(separator: "_")) + ".txt"
    }

    /// `Specs/1/2/3/Name/1.0.0/Name.podspec.json`.
    /// Made in one piece: the resolver's announcements ask for thousands of these, and
    /// appending the parts one after another cost some 8,000 instructions a path.
    public func specPath(_ name: String, _ version: String) -> String {
        let folder = paths(of: name).folder
        let suffix = ".podspec.json"
        let count = folder.utf8.count + version.utf8.count + 1 + name.utf8.count + suffix.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = UTF8Copy.copy(folder, to: buffer, at: 0)
            end = UTF8Copy.copy(version, to: buffer, at: end)
            buffer[end] = UInt8(ascii: "/")
            end = UTF8Copy.copy(name, to: buffer, at: end + 1)
            return UTF8Copy.copy(suffix, to: buffer, at: end)
        }
    }

    /// The lines of a shard index, by pod name: each pod's version strings as listed.
    public static func parseIndex(_ text: String) -> [String: [String]] {
        var table: [String: [String]] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: "/").map(String.init)
            guard let pod = fields.first, !pod.isEmpty, table[pod] == nil else { continue }
            table[pod] = Array(fields.dropFirst())
        }
        return table
    }

    /// The version strings the shard index `data` lists for `name` (nil: no line for it),
    /// found without parsing the other lines: a shard lists some 25 pods, and a resolution
    /// asks for one or two of them. A line for a pod of another shard does no harm: that pod
    /// is only looked up in its own shard.
    static func versionTexts(of name: String, in data: Data) -> [String]? {
        let key = Array(name.utf8)
        let newline = UInt8(ascii: "\n"), slash = UInt8(ascii: "/"), carriageReturn = UInt8(ascii: "\r")
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [String]? in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != newline { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == carriageReturn { lineEnd -= 1 }
                let keyEnd = start + key.count
                if keyEnd <= lineEnd, (keyEnd == lineEnd || bytes[keyEnd] == slash),
                   key.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress! + start, key.count) == 0 }) {
                    guard keyEnd < lineEnd else { return [] }
                    return UnsafeRawBufferPointer(rebasing: bytes[(keyEnd + 1)..<lineEnd])
                        .split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
                }
                start = end + 1
            }
            return nil
        }
    }

    // MARK: - Reading

    private struct ListedVersion {
        var version: Version
        var text: String
    }

    /// The listed versions of `name` that are versions, highest first.
    private func versionStrings(of name: String) throws -> [ListedVersion] {
        guard isPodName(name) else { return [] }
        let (known, generation) = condition.withLock { (listings[name], listingsGeneration) }
        if let known { return known }
        let shard = try shardData(indexFile(for: name))
        var listed: [ListedVersion] = []
        var seen = Set<Version>()
        for text in shard.flatMap({ Self.versionTexts(of: name, in: $0) }) ?? [] where !text.hasPrefix(".") {
            // A set, not a search of what is listed so far: a shard is not trusted, and one
            // line of 100,000 versions must not take quadratic time.
            if case let .success(version) = PodName.checkedVersion(text), seen.insert(version).inserted {
                listed.append(ListedVersion(version: version, text: text))
            }
        }
        // Shards list a pod's versions oldest first as a rule: then a reversal is the sort.
        if zip(listed, listed.dropFirst()).allSatisfy({ $0.version < $1.version }) {
            listed.reverse()
        } else {
            listed.sort { $0.version > $1.version }
        }
        // Kept only if no new shard cleared the listings meanwhile: this one may be the old
        // shard's, and the reading again that `settle()` asks for would find it.
        condition.withLock { if listingsGeneration == generation { listings[name] = listed } }
        return listed
    }

    /// Whether `name` can be a pod's (`PodName.problem`), asked once per name; a plain
    /// ASCII name (letters, digits, `-`, `_`, `+`, `.`), as trunk's are, is judged without it.
    private func isPodName(_ name: String) -> Bool {
        if let known = condition.withLock({ validNames[name] }) { return known }
        let plain = !name.isEmpty && name.utf8.count < 200 && name.utf8.first != UInt8(ascii: ".")
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: ".")
            }
            && name.lowercased() != PodName.specsFolder.lowercased() && name.lowercased() != PodName.metadataFile.lowercased()
        let valid = plain || PodName.problem(name) == nil
        condition.withLock { validNames[name] = valid }
        return valid
    }

    /// The shard index `index`, read once per run; nil when the CDN has none.
    private func shardData(_ index: String) throws -> Data? {
        startRecordedShards()
        condition.withLock { _ = shardsRead.insert(index) }
        request(index, revalidate: true)
        return try wait(index)
    }

    /// Fetches the spec of the highest version `dependency`'s requirements allow (no
    /// prerelease unless one names a prerelease), if its shard lists one; once it is in, the
    /// shards of its own dependencies, and so on: the walk runs ahead of the resolver, which
    /// would otherwise wait for each pod's shard when it first meets the pod.
    private func guessSpec(of dependency: SpecDependency) {
        guard condition.withLock({ guessedPods.insert(dependency.name).inserted }),
              let listed = try? versionStrings(of: dependency.name) else { return }
        let requirements = dependency.requirements.compactMap { try? Requirement($0) }
        guard requirements.count == dependency.requirements.count else { return }
        let namesPrerelease = requirements.contains { $0.namesPrerelease }
        // The newest that fits is the one the resolver tries first; the ones below it are
        // read as well, to tell which depend alike (CocoaPods groups such versions): as many
        // as the resolver's first window (`Possibilities`).
        let fitting = listed.filter { candidate in requirements.allSatisfy { $0.isSatisfied(by: candidate.version) } }
        guard let first = fitting.firstIndex(where: { namesPrerelease || !$0.version.isPrerelease }) else { return }
        let likely = fitting[first...].prefix(LookAheadWindow.size(Self.guessWindow, of: fitting.count - first))
        for (rank, candidate) in likely.enumerated() {
            let path = specPath(dependency.name, candidate.text)
            // A copy is read when the resolver asks: reading it ahead of time only costs time
            // (a warm run has them all), and nothing below it needs fetching ahead either.
            if condition.withLock({ files[path] == nil }) {
                if cache.hasCopy(path) { continue }
                condition.withLock { tally.guessed += 1 }
            }
            guard rank == 0 else {
                request(path, revalidate: false)
                continue
            }
            request(path, revalidate: false) { [weak self] in
                guard let self else { return }
                // Parsing is off the HTTP thread, which must keep the transfers moving. The walk
                // ends with the source: a resolution that is over sends nothing more.
                DispatchQueue.global().async { [weak self] in
                    self?.followGuess(path: path, name: dependency.name, version: candidate.text)
                }
            }
        }
    }

    /// How many specs of a pod a guess fetches: the newest that fits and those below it.
    static let guessWindow = 8

    /// Reads the guessed spec at `path` and prefetches what it depends on.
    private func followGuess(path: String, name: String, version: String) {
        guard let spec = try? loadSpec(path: path, name: name, version: version) else { return }
        var next: [SpecDependency] = []
        for dependency in ([spec] + spec.allSubspecs).flatMap(\.dependencies) {
            let root = String(dependency.name.split(separator: "/", maxSplits: 1).first ?? Substring(dependency.name))
            if root != name, !next.contains(where: { $0.name == root }) {
                next.append(SpecDependency(name: root, requirements: dependency.requirements))
            }
        }
        prefetch(next)
    }

    /// The spec at `path` (fetched already, or fetched now), parsed once.
    private func loadSpec(path: String, name: String, version: String) throws -> Specification {
        // Read once: a read under way (ahead of the resolver, or a guess) is waited for.
        try specRead(path: path, name: name, version: version).read.value().get()
    }

    /// The one read of the spec at `path`, and whether this call made it (it is not started:
    /// `Prefetch.run` or `value` does). The read holds the source weakly, so that reads queued
    /// ahead do not keep a source that is done with alive.
    private func specRead(path: String, name: String, version: String)
        -> (read: Prefetch<Result<Specification, any Error>>, made: Bool)
    {
        condition.withLock {
            if let known = specs[path] { return (known, false) }
            let made = Prefetch<Result<Specification, any Error>> { [weak self] in
                guard let self else { return .failure(CancellationError()) }
                return self.readSpec(path: path, name: name, version: version)
            }
            specs[path] = made
            return (made, true)
        }
    }

    /// The spec at `path` fetched (or read from its copy) and parsed.
    private func readSpec(path: String, name: String, version: String) -> Result<Specification, any Error> {
        request(path, revalidate: false)
        do {
            guard let data = try wait(path, requestingAgain: false) else {
                throw GraphError.unreadableSource(
                    source: self.name, pod: name,
                    message: "\(self.url + Self.encoded(path)) answered 404 although \(indexFile(for: name)) lists "
                        + "\(name) \(version); the CDN is being updated or is inconsistent, try again later")
            }
            return .success(try parse(data, path: path, name: name, version: version))
        } catch let error as SpecRepoError where error.isNetworkFailure {
            return .failure(GraphError.unreadableSource(source: self.name, pod: name, message: error.description))
        } catch {
            return .failure(error)
        }
    }

    private func parse(_ data: Data, path: String, name: String, version: String) throws -> Specification {
        let shown = url + path
        let spec: Specification
        do {
            spec = try PodspecReader.read(data: data, path: shown)
        } catch {
            throw SpecRepoError.invalidSpec(path: shown, line: error.line, message: error.message)
        }
        guard spec.name == name, spec.version == version else {
            throw SpecRepoError.specDisagreesWithDirectory(
                path: shown, name: name, version: version, specName: spec.name, specVersion: spec.version)
        }
        return spec
    }

    /// `path` with each component percent-encoded for a URL (empty components dropped).
    static func encoded(_ path: String) -> String {
        // Trunk's paths need no escaping (letters, digits, `-._~+` and single `/`s inside):
        // left as they are without Foundation's percent-encoding, asked thousands of times a run.
        if path.utf8.allSatisfy({ byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        }), !path.hasPrefix("/"), !path.hasSuffix("/"), !path.contains("//") {
            return path
        }
        return path.split(separator: "/").map { component in
            String(component).addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? String(component)
        }.joined(separator: "/")
    }

    private static let pathCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#")
        return set
    }()

    // MARK: - Fetching

    /// Starts reading `path` unless it is read already or under way; `then` runs once it is
    /// in (on the thread that finishes it, or at once). With `revalidate`, a copy is checked
    /// with a conditional request; without, a copy is used as it is.
    private func request(_ path: String, revalidate: Bool, then: (@Sendable () -> Void)? = nil) {
        condition.lock()
        if let state = files[path] {
            if case .pending = state {
                if let then { followUps[path, default: []].append(then) }
                condition.unlock()
            } else {
                condition.unlock()
                then?()
            }
            return
        }
        files[path] = .pending
        if let then { followUps[path, default: []].append(then) }
        condition.unlock()

        let cached = cache.read(path)
        if let cached, !revalidate, !offline, client != nil, path.hasPrefix(layout.specsDirectory + "/") {
            // A spec's copy is good unless the pod was deprecated since: ask the list first.
            request(Self.deprecatedListFile, revalidate: true) { [weak self] in
                guard let self else { return }
                if self.isListedDeprecated(path) {
                    self.send(path, cached: cached)
                } else {
                    self.finish(path, .ready(cached.isAbsent ? nil : cached.body), counting: \.fromCache)
                }
            }
            return
        }
        if let cached, !revalidate || offline || (fresh.contains(path) && !cached.isAbsent) {
            finish(path, .ready(cached.isAbsent ? nil : cached.body), counting: \.fromCache)
            return
        }
        // The metadata's copy is used at once by `init` only, and only when it opens the CDN.
        if let cached, let client, path != PodName.metadataFile, condition.withLock({ background }) {
            // Counted before the copy is given: finish runs what waited for it (a prefetch's
            // guess) on this thread, while the reader it woke may reach `settle()` already.
            revalidations.enter()
            finish(path, .ready(cached.isAbsent ? nil : cached.body))
            revalidateInBackground(path, cached: cached, client: client)
            return
        }
        guard client != nil, !offline else {
            finish(path, .failed(.notCachedOffline(url: url + Self.encoded(path), source: name)))
            return
        }
        send(path, cached: cached)
    }

    /// On the first shard asked for: sends the shards the last run read (`CDNCache`'s record)
    /// all at once, to be revalidated together rather than one by one as the resolution
    /// meets them (off this thread: each is a copy to read).
    private func startRecordedShards() {
        let first = condition.withLock { () -> Bool in
            defer { startedRecordedShards = true }
            return !startedRecordedShards
        }
        guard first, !offline, client != nil else { return }
        let recorded = cache.rememberedShards()
        guard !recorded.isEmpty else { return }
        DispatchQueue.global().async { [self] in
            for shard in recorded where isShardIndex(shard) { request(shard, revalidate: true) }
        }
    }

    /// Whether `path` names a shard index of this CDN's layout (`all_pods_versions_1_2_3.txt`:
    /// as many lowercase hex fragments as `prefix_lengths` has, each as long as it says).
    /// The record of shards read comes from disk: only such names are sent for.
    private func isShardIndex(_ path: String) -> Bool {
        let prefix = "all_pods_versions", suffix = ".txt"
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.utf8.count >= prefix.utf8.count + suffix.utf8.count else {
            return false
        }
        let middle = path.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        let lengths = layout.prefixLengths
        guard !lengths.isEmpty else { return middle.isEmpty }
        guard middle.first == UInt8(ascii: "_") else { return false }
        let parts = middle.dropFirst().split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
        return parts.count == lengths.count && zip(parts, lengths).allSatisfy { part, length in
            part.count == length && part.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }

    /// Whether `deprecated_podspecs.txt` (read already) lists the spec at `path`.
    private func isListedDeprecated(_ path: String) -> Bool {
        condition.lock()
        if let known = deprecatedPaths {
            condition.unlock()
            return known.contains(path)
        }
        let state = files[Self.deprecatedListFile]
        condition.unlock()
        var listed = Set<String>()
        if case .ready(let data?) = state { listed = Self.deprecatedPaths(in: data) }
        return condition.withLock {
            if deprecatedPaths == nil { deprecatedPaths = listed }
            return deprecatedPaths!.contains(path)
        }
    }

    /// The spec paths a `deprecated_podspecs.txt` lists.
    private static func deprecatedPaths(in data: Data) -> Set<String> {
        var listed = Set<String>()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            var text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            while text.hasPrefix("/") { text.removeFirst() }
            if !text.isEmpty { listed.insert(text) }
        }
        return listed
    }

    /// Sends the request for `path`, conditional when there is a copy to revalidate.
    private func send(_ path: String, cached: CDNCachedFile?) {
        guard let client else { return }
        var headers: [String: String] = [:]
        if let etag = cached?.etag, cached?.isAbsent == false { headers["If-None-Match"] = etag }
        let address = url + Self.encoded(path)
        condition.withLock {
            if headers.isEmpty { tally.fetched += 1 } else { tally.revalidated += 1 }
        }
        client.start(HTTPClient.Request(url: address, headers: headers)) { [weak self] result in
            guard let self else { return }
            // Handled off the HTTP thread, which must keep the transfers moving.
            DispatchQueue.global().async { self.received(path, address: address, cached: cached, result) }
        }
    }

    /// What to make of the answer to a request for `path`.
    private func received(_ path: String, address: String, cached: CDNCachedFile?,
                          _ result: Result<HTTPClient.Response, HTTPError>) {
        switch result {
        case let .success(response):
            switch response.status {
            case 200:
                // Kept in memory, written with this process's pack.
                try? cache.write(CDNCachedFile(body: response.body, etag: response.header("ETag")), to: path)
                finish(path, .ready(response.body))
            case 304 where cached != nil && !cached!.isAbsent:
                finish(path, .ready(cached!.body), counting: \.notModified)
            case 404, 410:
                try? cache.write(.absent, to: path)
                finish(path, .ready(nil))
            case 500...599 where cached != nil:
                useStale(path, cached!, reason: "\(address) answered \(response.status)")
            default:
                finish(path, .failed(.cdnAnswered(url: address, status: response.status, attempts: response.attempts)))
            }
        case let .failure(error):
            if let cached, error.kind != .tooLarge {
                useStale(path, cached, reason: error.description)
            } else {
                finish(path, .failed(.cdnUnavailable(url: address, reason: error.description)))
            }
        }
    }

    /// Revalidates the copy of `path` that was given already; a changed file replaces it
    /// (on disk and for the next reads) and is noted for `settle()`. The caller entered
    /// `revalidations` before giving the copy; this leaves it once the answer is handled.
    private func revalidateInBackground(_ path: String, cached: CDNCachedFile, client: HTTPClient) {
        var headers: [String: String] = [:]
        if let etag = cached.etag, !cached.isAbsent { headers["If-None-Match"] = etag }
        let address = url + Self.encoded(path)
        condition.withLock {
            if headers.isEmpty { tally.fetched += 1 } else { tally.revalidated += 1 }
        }
        client.start(HTTPClient.Request(url: address, headers: headers)) { [weak self] result in
            guard let self else { return }
            // Short enough for the HTTP thread (a copy is kept in memory): no hop to another
            // thread for each of the hundreds of 304s of a warm run.
            defer { self.revalidations.leave() }
            self.revalidated(path, address: address, cached: cached, result)
        }
    }

    private func revalidated(_ path: String, address: String, cached: CDNCachedFile,
                             _ result: Result<HTTPClient.Response, HTTPError>) {
        var fresh: CDNCachedFile?
        switch result {
        case let .success(response) where response.status == 200:
            fresh = CDNCachedFile(body: response.body, etag: response.header("ETag"))
        case let .success(response) where response.status == 304 && !cached.isAbsent:
            condition.withLock { tally.notModified += 1 }
        case let .success(response) where response.status == 404 || response.status == 410:
            fresh = .absent
        case let .success(response):
            condition.withLock {
                staleFiles.append(path)
                if staleReason == nil { staleReason = "\(address) answered \(response.status)" }
            }
        case let .failure(error):
            condition.withLock {
                staleFiles.append(path)
                if staleReason == nil { staleReason = error.description }
            }
        }
        guard let fresh else { return }
        try? cache.write(fresh, to: path)
        guard fresh.isAbsent != cached.isAbsent || fresh.body != cached.body else { return }
        switch path {
        case PodName.metadataFile:
            metadataChanged(to: fresh)
        case Self.deprecatedListFile:
            deprecationsChanged(from: cached, to: fresh)
        default:
            condition.withLock {
                files[path] = .ready(fresh.isAbsent ? nil : fresh.body)
                listings = [:]
                listingsGeneration += 1
                changedFiles.insert(path)
            }
        }
    }

    /// The metadata changed since its copy was read: nothing read depends on it but the
    /// layout (a new `last:` is no reason to read again); a new layout, or a metadata that no
    /// longer opens the CDN (which a run without the copy would have failed on, and says so
    /// in its words), is for `settle()` to report.
    private func metadataChanged(to fresh: CDNCachedFile) {
        var problem: SpecRepoError?
        do {
            let lengths = try Self.prefixLengths(ofMetadata: fresh.isAbsent ? nil : fresh.body, url: url)
            if lengths != layout.prefixLengths { problem = .cdnLayoutChanged(url: url) }
        } catch {
            problem = error as? SpecRepoError ?? .cdnLayoutChanged(url: url)
        }
        condition.withLock {
            files[PodName.metadataFile] = .ready(fresh.isAbsent ? nil : fresh.body)
            if metadataProblem == nil { metadataProblem = problem }
        }
    }

    /// The deprecation list changed since its copy was used: the specs it now lists that
    /// this run took from their copies are forgotten (the next read fetches them, as the new
    /// list says), and the resolution reads again if it had read any of them.
    private func deprecationsChanged(from cached: CDNCachedFile, to fresh: CDNCachedFile) {
        let listed = fresh.isAbsent ? [] : Self.deprecatedPaths(in: fresh.body)
        let before = cached.isAbsent ? [] : Self.deprecatedPaths(in: cached.body)
        condition.withLock {
            files[Self.deprecatedListFile] = .ready(fresh.isAbsent ? nil : fresh.body)
            deprecatedPaths = listed
            var stale = false
            for path in listed.subtracting(before) {
                // Its check of the list may have read the old one: `settle()` looks again.
                if case .pending? = files[path] { inFlightWhenDeprecated.insert(path) }
                if forgetRead(path) { stale = true }
            }
            if stale { changedFiles.insert(Self.deprecatedListFile) }
        }
    }

    /// Forgets the specs that were under way when the deprecation list changed and are read
    /// now, whichever list their read went by; true when there were any. Under the lock.
    private func forgetSpecsInFlightWhenDeprecated() -> Bool {
        var forgot = false
        for path in inFlightWhenDeprecated where forgetRead(path) { forgot = true }
        inFlightWhenDeprecated = []
        return forgot
    }

    /// Forgets the spec at `path` as read (its file once in, and its parse), so that the next
    /// read asks again; true when there was anything to forget. A file still pending is left
    /// to those waiting for it. Under the lock.
    private func forgetRead(_ path: String) -> Bool {
        var forgot = false
        if case .ready = files[path] {
            files[path] = nil
            forgot = true
        }
        if specs.removeValue(forKey: path) != nil { forgot = true }
        return forgot
    }

    private func useStale(_ path: String, _ cached: CDNCachedFile, reason: String) {
        condition.withLock {
            staleFiles.append(path)
            if staleReason == nil { staleReason = reason }
        }
        finish(path, .ready(cached.isAbsent ? nil : cached.body))
    }

    private func finish(_ path: String, _ state: FileState, counting counter: WritableKeyPath<Counters, Int>? = nil) {
        condition.lock()
        files[path] = state
        if let counter { tally[keyPath: counter] += 1 }
        let next = followUps.removeValue(forKey: path) ?? []
        condition.broadcast()
        condition.unlock()
        for followUp in next { followUp() }
    }

    /// Waits for `path` (which must have been requested): its body, or nil when the CDN has
    /// no such file. Throws when it could not be read. With `requestingAgain`, a file forgotten
    /// meanwhile (a spec a new deprecation list names) is requested again, so revalidated or
    /// not as it says: nothing else would request it for this waiter.
    private func wait(_ path: String, requestingAgain revalidate: Bool? = nil) throws -> Data? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch files[path] {
            case .ready(let data): return data
            case .failed(let error): throw error
            case .pending: condition.wait()
            case .none:
                guard let revalidate else {
                    condition.wait()
                    continue
                }
                condition.unlock()
                request(path, revalidate: revalidate)
                condition.lock()
            }
        }
    }
}


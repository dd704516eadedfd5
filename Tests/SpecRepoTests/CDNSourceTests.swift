import Foundation
import Graph
import HTTP
import Podspec
import Testing
import TestSupport
import Versioning
@testable import SpecRepo

/// The sample spec repo (Specs/) as a CDN on 127.0.0.1, and a cache folder for it.
final class CDNFixture: @unchecked Sendable {
    let tree: CDNTree
    let server: LoopbackHTTPServer
    let scratch: TemporaryDirectory
    let folder: SpecRepository
    var options = HTTPClientOptions(stallTimeout: 1, retry: RetryPolicy(attempts: 3, baseDelay: 0.01, maxDelay: 0.05))

    /// Serves the sample's specs; `override` may answer a request instead (nil: serve it).
    init(everyShard: Bool = true, files edit: (inout [String: Data]) -> Void = { _ in },
         override: (@Sendable (TestSupport.HTTPRequest, Int) -> TestSupport.HTTPResponse?)? = nil,
         _ name: String = #function) throws {
        folder = try SpecRepository(directory: TestPaths.packageRoot.appendingPathComponent("Specs").path)
        tree = CDNTree.from(folder, everyShard: everyShard)
        var files = tree.files
        edit(&files)
        server = try LoopbackHTTPServer(files: files, override: override)
        scratch = try TemporaryDirectory(prefix: "compctl-cdn", name)
    }

    var cacheDirectory: String { scratch("home/cdn/local") }
    var cache: CDNCache { CDNCache(directory: cacheDirectory, url: server.baseURL + "/") }

    /// A new source over the shared cache, as a new compctl run opens it.
    func source(offline: Bool = false, background: Bool = false) throws -> CDNSource {
        try CDNSource(name: "local", url: server.baseURL + "/", cache: cache,
                      client: offline ? nil : try HTTPClient(options: options), offline: offline,
                      revalidatesInBackground: background)
    }

    /// The CDN paths the cache holds a copy of on disk, once this process's are written.
    var stored: [String] {
        cache.writePack()
        return cache.storedPaths()
    }

    /// This process's copies are written while the scratch folder exists: left to the exit,
    /// they would make it again, after the test removed it.
    deinit {
        cache.writePack()
    }

    /// The requests received so far, as `path` or `path (If-None-Match)`.
    func requests(after count: Int = 0) -> [String] {
        server.requests.dropFirst(count).map { $0.path + ($0.header("If-None-Match") == nil ? "" : " (conditional)") }
    }
}

/// The sample Podfile's pods (scripts/sample-app), as root requirements.
let samplePodfile: [RootRequirement] = [
    ("XXAssets", ["~> 1.2"]), ("XXLocalization", ["1.1.1"]), ("XXFoundation", ["1.7.1"]), ("XXLogger", ["~> 1.4"]),
    ("XXNetworking", ["3.2.0"]), ("XXStorage", ["2.2.1"]), ("XXIconFont", ["0.4.1"]), ("XXUIKit/Core", ["2.4.1"]),
    ("XXUIKit/Theme", ["2.4.1"]), ("XXUIKit/Components", ["2.4.1"]), ("XXRouter", ["1.2.0"]), ("XXMediator", ["1.1.0"]),
    ("XXAccount", ["2.1.2"]), ("XXAnalytics", ["3.1.1"]), ("XXConfig", ["1.2.0"]), ("XXWebContainer", ["1.0.0"]),
    ("XXHome", ["1.4.2"]), ("XXSearch", ["1.2.1"]), ("XXDetail", ["2.0.2"]), ("XXCartProtocols", ["1.2.0"]),
    ("XXCart", ["1.2.1"]), ("XXOrder", ["1.6.0"]), ("XXPay", ["~> 2.0"]), ("XXUser", ["1.3.1"]),
    ("XXMessage", ["~> 0.1.7"]), ("XXSettings", ["1.1.0"]), ("XXCoupon", ["1.1.1"]),
].map { RootRequirement(name: $0.0, requirements: $0.1, declaredBy: "target 'AcmeApp'") }

func resolved(_ providers: [any SpecProvider], _ requirements: [RootRequirement] = samplePodfile) throws -> [String] {
    let request = ResolveRequest(requirements: requirements, platform: Platform(name: "ios", deploymentTarget: try Version("13.0")))
    return try Resolver(providers: providers).resolve(request).pods.map { "\($0.name) \($0.version)" }
}

@Suite struct CDNSourceTests {
    @Test func resolvingThroughTheCDNEqualsResolvingTheFolder() throws {
        let fixture = try CDNFixture()
        let fromFolder = try resolved([fixture.folder])
        #expect(fromFolder.count == 25)
        #expect(try resolved([fixture.source()]) == fromFolder)
        // Newest versions, ranges and prereleases too: every pod of the repo unpinned.
        let loose = fixture.folder.podNames().map { RootRequirement(name: $0, declaredBy: "the Podfile") }
        #expect(try resolved([fixture.source()], loose) == resolved([fixture.folder], loose))
    }

    @Test func aColdRunFetchesTheShardsItTouchesAndTheSpecsItTriesAndAWarmRunOnlyRevalidatesShards() throws {
        let fixture = try CDNFixture()
        let cold = try fixture.source()
        _ = try resolved([cold])
        let coldRequests = fixture.requests()
        let shards = Set(coldRequests.filter { $0.hasPrefix("/all_pods_versions_") })
        let specs = Set(coldRequests.filter { $0.hasPrefix("/Specs/") })
        // The specs the resolver reads, and at most two guesses per pod (specs fetched ahead
        // of the read, from the requirements, which other requirements may then rule out).
        let catalog = PodCatalog(providers: [fixture.folder])
        _ = try Resolver(catalog: catalog).resolve(ResolveRequest(
            requirements: samplePodfile, platform: Platform(name: "ios", deploymentTarget: try Version("13.0"))))
        let tried = catalog.specsRead
        #expect(coldRequests.first == "/CocoaPods-version.yml")
        #expect(coldRequests.allSatisfy { !$0.hasSuffix("(conditional)") })
        #expect(Set(coldRequests).count == coldRequests.count, "each file is fetched once")
        #expect(shards.count == Set(fixture.folder.podNames().map { cold.indexFile(for: $0) }).count)
        #expect(specs.count >= tried)
        // Plus the specs the search announced it would read next (a window of versions
        // below the one it reads, while their dependencies stay equal).
        #expect(specs.count <= tried + cold.counters.guessed + cold.counters.announced)
        #expect(cold.counters.guessed <= 2 * 25)
        #expect(!coldRequests.contains("/all_pods.txt"))

        let warm = try fixture.source()
        _ = try resolved([warm])
        let warmRequests = fixture.requests(after: coldRequests.count)
        let list = "/" + CDNSource.deprecatedListFile
        #expect(coldRequests.contains(list))
        #expect(Set(warmRequests) == Set((["/CocoaPods-version.yml", list] + shards).map { $0 + " (conditional)" }))
        #expect(warmRequests.count == 2 + shards.count)
        #expect(warm.counters.notModified == warmRequests.count)
        #expect(warm.counters.fromCache >= tried)
        #expect(warm.counters.fetched == 0)
    }

    /// The record of the shards the last run read is read from disk: a line that is not a
    /// shard index of this CDN's layout is not requested (a hostile record of a million
    /// made-up names must not turn into a million requests).
    @Test func theRecordOfShardsReadAsksOnlyForShardIndexesOfTheLayout() throws {
        let fixture = try CDNFixture()
        _ = try resolved([try fixture.source()])
        let cold = fixture.requests()
        let shards = cold.filter { $0.hasPrefix("/all_pods_versions_") }.map { String($0.dropFirst()) }
        let madeUp = (0..<300).map { "all_pods_versions_made_up_\($0).txt" }
            + ["all_pods_versions_1_2.txt", "all_pods_versions_1_2_3_4.txt", "all_pods_versions_g_0_0.txt",
               "all_pods_versions_A_0_0.txt", "all_pods_versions_12_0_0.txt", "all_pods_versions.txt", "all_pods_versions_0_0_0.json"]
        try fixture.cache.rememberShards(shards + madeUp)
        _ = fixture.cache.reopened()
        _ = try resolved([try fixture.source()])
        let warm = Set(fixture.requests(after: cold.count))
        let asked = madeUp.filter { warm.contains("/" + $0) || warm.contains("/\($0) (conditional)") }
        #expect(asked.isEmpty, "\(asked.count) made-up shards requested, as \(asked.prefix(3))")
        #expect(shards.allSatisfy { warm.contains("/\($0) (conditional)") })
    }

    @Test func aChangedShardIsFetchedAgainOnTheNextRun() throws {
        let shard = "/" + CDNSource.indexFile(fragment: SpecRepoLayout(prefixLengths: [1, 1, 1]).shards(for: "XXPay"))
        let changed = Locked<Data?>(nil)
        let fixture = try CDNFixture(override: { request, _ in
            // After the first run, XXPay gains a version: its shard changes, so does its ETag.
            guard request.path == shard, let data = changed.withLock({ $0 }) else { return nil }
            return TestSupport.HTTPResponse.content(data, for: request)
        })
        let first = try fixture.source()
        #expect(try !first.versions(of: "XXPay").contains(Version("2.2.0")))
        let original = String(decoding: fixture.tree.files[String(shard.dropFirst())]!, as: UTF8.self)
        let edited = original.split(separator: "\n").map { $0.hasPrefix("XXPay/") ? $0 + "/2.2.0" : $0 }
        changed.withLock { $0 = Data((edited.joined(separator: "\n") + "\n").utf8) }

        let again = try fixture.source()
        #expect(try again.versions(of: "XXPay").first == Version("2.2.0"))
        #expect(fixture.server.requests.suffix(2).contains { $0.path == shard && $0.header("If-None-Match") != nil })
        // The metadata (unchanged) and the shard; `deprecated_podspecs.txt` too, which this
        // read does not wait for.
        #expect(again.counters.revalidated >= 2)
        #expect(again.counters.notModified >= 1)
        // The new copy is kept for the run after.
        #expect(fixture.cache.read(String(shard.dropFirst()))?.body == changed.withLock { $0 })
    }

    @Test func inTheBackgroundACachedShardIsGivenAtOnceAndSettleSaysWhetherItChanged() throws {
        let shard = "/" + CDNSource.indexFile(fragment: SpecRepoLayout(prefixLengths: [1, 1, 1]).shards(for: "XXPay"))
        let changed = Locked<Data?>(nil)
        let hold = DispatchSemaphore(value: 0)
        let holding = Locked(false)
        let fixture = try CDNFixture(override: { request, _ in
            guard request.path == shard else { return nil }
            if holding.withLock({ $0 }) { hold.wait() }
            return changed.withLock { $0 }.map { TestSupport.HTTPResponse.content($0, for: request) }
        })
        _ = try fixture.source().versions(of: "XXPay")

        // Unchanged: the copy at once, a 304 meanwhile, and nothing to read again.
        let warm = try fixture.source()
        warm.revalidatesInBackground = true
        holding.withLock { $0 = true }
        #expect(try !warm.versions(of: "XXPay").contains(Version("2.2.0")))
        hold.signal()
        #expect(try !warm.settle())
        holding.withLock { $0 = false }
        // The metadata and the shard (and `deprecated_podspecs.txt`, which this read does
        // not wait for), all unchanged.
        #expect(warm.counters.notModified >= 2)

        // Changed: the old copy first; settle says so, and the next read gives the new one.
        let original = String(decoding: fixture.tree.files[String(shard.dropFirst())]!, as: UTF8.self)
        let edited = original.split(separator: "\n").map { $0.hasPrefix("XXPay/") ? $0 + "/2.2.0" : $0 }
        changed.withLock { $0 = Data((edited.joined(separator: "\n") + "\n").utf8) }
        let next = try fixture.source()
        next.revalidatesInBackground = true
        // Held as above: under load the revalidation could otherwise land before the read.
        holding.withLock { $0 = true }
        #expect(try !next.versions(of: "XXPay").contains(Version("2.2.0")))
        hold.signal()
        holding.withLock { $0 = false }
        #expect(try next.settle())
        #expect(try next.versions(of: "XXPay").contains(Version("2.2.0")))
        #expect(try !next.settle())
        #expect(fixture.cache.read(String(shard.dropFirst()))?.body == changed.withLock { $0 })
    }

    @Test func openedInTheBackgroundTheMetadataIsUsedFromItsCopyAndOnlyANewLayoutStopsTheRun() throws {
        let metadata = Locked<String?>(nil)
        let hold = DispatchSemaphore(value: 0)
        let holding = Locked(false)
        let answered = Locked(false)
        let fixture = try CDNFixture(override: { request, _ in
            guard request.path == "/CocoaPods-version.yml" else { return nil }
            if holding.withLock({ $0 }) { _ = hold.wait(timeout: .now() + 10) }
            answered.withLock { $0 = true }
            return metadata.withLock { $0 }.map { TestSupport.HTTPResponse.content(Data($0.utf8), for: request) }
        })
        _ = try fixture.source().specification(name: "XXPay", version: Version("2.0.2"))

        // A new `last:`: the run does not wait for it, and has nothing to read again.
        metadata.withLock { $0 = "---\nmin: 1.0.0\nlast: 1.99.0\nprefix_lengths:\n- 1\n- 1\n- 1\n" }
        holding.withLock { $0 = true }
        answered.withLock { $0 = false }
        let warm = try fixture.source(background: true)
        _ = try warm.specification(name: "XXPay", version: Version("2.0.2"))
        #expect(!answered.withLock { $0 }, "opened and read before the metadata's revalidation was answered")
        hold.signal()
        holding.withLock { $0 = false }
        #expect(try !warm.settle())
        #expect(fixture.cache.read("CocoaPods-version.yml")?.body == Data(metadata.withLock { $0 }!.utf8))

        // Another layout: what the run read was laid out by the old one.
        metadata.withLock { $0 = "---\nmin: 1.0.0\nlast: 1.99.0\nprefix_lengths:\n- 2\n" }
        let relaid = try fixture.source(background: true)
        _ = try relaid.versions(of: "XXPay")
        #expect(throws: SpecRepoError.cdnLayoutChanged(url: fixture.server.baseURL + "/")) { try relaid.settle() }
        #expect(try fixture.source().layout.prefixLengths == [2], "the next run reads by the new layout")
    }

    @Test func inTheBackgroundADeprecationOfASpecReadFromItsCopyMakesSettleReadItAgain() throws {
        let layout = SpecRepoLayout(prefixLengths: [1, 1, 1])
        let deprecatedPath = "Specs/" + layout.podPath(for: "XXPay") + "/2.0.2/XXPay.podspec.json"
        let deprecated = Locked(false)
        let hold = DispatchSemaphore(value: 0)
        let holding = Locked(false)
        let fixture = try CDNFixture(override: { request, _ in
            if request.path == "/" + CDNSource.deprecatedListFile {
                if holding.withLock({ $0 }) { _ = hold.wait(timeout: .now() + 10) }
                guard deprecated.withLock({ $0 }) else { return nil }
                return TestSupport.HTTPResponse.content(Data((deprecatedPath + "\n").utf8), for: request)
            }
            guard deprecated.withLock({ $0 }), request.path == "/" + deprecatedPath else { return nil }
            return TestSupport.HTTPResponse.content(Data("""
                {"name": "XXPay", "version": "2.0.2", "deprecated": true,
                 "source": {"git": "https://git.example/XXPay.git", "tag": "2.0.2"}}
                """.utf8), for: request)
        })
        let first = try fixture.source()
        _ = try first.specification(name: "XXPay", version: Version("2.0.2"))
        _ = try first.specification(name: "XXPay", version: Version("2.0.1"))

        deprecated.withLock { $0 = true }
        holding.withLock { $0 = true }
        let warm = try fixture.source(background: true)
        #expect(try !warm.specification(name: "XXPay", version: Version("2.0.2")).deprecated, "its copy, the list not back")
        hold.signal()
        holding.withLock { $0 = false }
        #expect(try warm.settle())
        #expect(try warm.specification(name: "XXPay", version: Version("2.0.2")).deprecated)
        #expect(try !warm.settle())

        // A list that newly names only specs this run did not read changes nothing read.
        let next = try fixture.source(background: true)
        _ = try next.specification(name: "XXPay", version: Version("2.0.1"))
        #expect(try !next.settle())
    }

    @Test func aShardTheCDNLacksMeansNoSuchPodAndIsAskedOnce() throws {
        let fixture = try CDNFixture(everyShard: false)
        let source = try fixture.source()
        let index = source.indexFile(for: "NoSuchPod")
        #expect(try source.versions(of: "NoSuchPod").isEmpty)
        #expect(try source.versions(of: "NoSuchPod").isEmpty)
        #expect(fixture.server.requestCount(for: "/" + index) == 1)
        // A name that cannot be a pod's is never turned into a request.
        #expect(try source.versions(of: "../../etc/passwd").isEmpty)
        #expect(try source.versions(of: "Specs").isEmpty)
        // The metadata and the shard (and `deprecated_podspecs.txt`, asked for as it opens).
        #expect(fixture.server.requests.filter { $0.path != "/" + CDNSource.deprecatedListFile }.count == 2)
    }

    @Test func serverErrorsAreRetried() throws {
        let failed = Locked<Set<String>>([])
        let fixture = try CDNFixture(override: { request, _ in
            // The first request for each file fails.
            failed.withLock { $0.insert(request.path).inserted } ? .text("busy\n", status: 503) : nil
        })
        #expect(try resolved([fixture.source()]) == resolved([fixture.folder]))
        let paths = failed.withLock { $0 }
        #expect(paths.count > 25)
        #expect(fixture.server.requestCount == 2 * paths.count)
    }

    @Test func aSourceThatCannotBeReachedIsAnErrorNamingTheURLUnlessACopyIsCached() throws {
        let down = Locked(false)
        let fixture = try CDNFixture(override: { _, _ in down.withLock { $0 } ? .text("down\n", status: 503) : nil })
        // Cold and down: nothing to fall back on.
        down.withLock { $0 = true }
        let error = try #require(throws: SpecRepoError.self) { try fixture.source() }
        #expect(error == .cdnAnswered(url: fixture.server.baseURL + "/CocoaPods-version.yml", status: 503, attempts: 3))
        #expect(error.description == "\(fixture.server.baseURL)/CocoaPods-version.yml answered HTTP 503 (after 3 attempts); "
            + "check the source's URL, or try again later")

        down.withLock { $0 = false }
        let expected = try resolved([fixture.source()])
        // Warm and down: the copies are used, and the run says so.
        down.withLock { $0 = true }
        let stale = try fixture.source()
        #expect(try resolved([stale]) == expected)
        #expect(stale.staleReport?.hasPrefix("local: ") == true)
        #expect(stale.staleReport?.contains("cached files could not be revalidated (\(fixture.server.baseURL)/") == true)
        // A pod never read before has no copy: its shard is an error, and the resolution ends.
        let more = [RootRequirement(name: "NeverSeen", declaredBy: "the Podfile")]
        let failure = try #require(throws: GraphError.self) { try resolved([stale], more) }
        #expect(failure.isUnreadableSource)
        #expect(failure.description.contains("cannot read the versions of NeverSeen from source 'local'"))
    }

    @Test func aListedSpecTheCDNDoesNotHaveIsAnErrorNamingItsURL() throws {
        var missing = ""
        let fixture = try CDNFixture(files: { files in
            missing = files.keys.first { $0.hasSuffix("/XXLogger/1.4.2/XXLogger.podspec.json") }!
            files[missing] = nil
        })
        let source = try fixture.source()
        let error = try #require(throws: GraphError.self) { try resolved([source]) }
        #expect(error == .unreadableSource(
            source: "local", pod: "XXLogger",
            message: "\(fixture.server.baseURL)/\(missing) answered 404 although \(source.indexFile(for: "XXLogger")) lists "
                + "XXLogger 1.4.2; the CDN is being updated or is inconsistent, try again later"))
    }

    @Test func cutOffBodiesAreRetriedAndNeverEnterTheCache() throws {
        let cut = Locked<Set<String>>([])
        let fixture = try CDNFixture(override: { request, _ in
            // The first answer for each spec is cut short.
            guard request.path.hasPrefix("/Specs/"), cut.withLock({ $0.insert(request.path).inserted }) else { return nil }
            return TestSupport.HTTPResponse.text(String(repeating: "{", count: 200)).truncated(to: 10)
        })
        #expect(try resolved([fixture.source()]) == resolved([fixture.folder]))

        let always = try CDNFixture(override: { request, _ in
            request.path.hasPrefix("/Specs/") ? TestSupport.HTTPResponse.text(String(repeating: "{", count: 200)).truncated(to: 10) : nil
        })
        let source = try always.source()
        let error = try #require(throws: GraphError.self) { try resolved([source]) }
        #expect(error.isUnreadableSource)
        #expect(error.description.contains("closed before the whole answer arrived"))
        // Nothing of a spec was stored, and no temporary file is left behind.
        #expect(!always.stored.contains { $0.hasSuffix(".podspec.json") })
        #expect(always.stored.contains { $0.hasSuffix(".txt") })
        #expect((try? FileManager.default.contentsOfDirectory(atPath: always.cacheDirectory + "/.tmp")) ?? [] == [])
        for path in always.stored {
            #expect(always.cache.read(path) != nil, "\(path) reads whole")
        }
    }

    @Test func aServerThatStallsTimesOutWithAClearError() throws {
        let fixture = try CDNFixture(override: { request, _ in
            request.path.hasPrefix("/all_pods_versions_") ? TestSupport.HTTPResponse.text("").delayed(by: 3) : nil
        })
        fixture.options.retry.attempts = 1
        let error = try #require(throws: GraphError.self) { try resolved([fixture.source()]) }
        #expect(error.isUnreadableSource)
        #expect(error.description.contains("did not answer in time (nothing received for 1 s)"))
    }

    @Test func offlineReadsOnlyTheCache() throws {
        let fixture = try CDNFixture(everyShard: false)
        let error = try #require(throws: SpecRepoError.self) { try fixture.source(offline: true) }
        #expect(error == .notCachedOffline(url: fixture.server.baseURL + "/CocoaPods-version.yml", source: "local"))
        #expect(fixture.server.requestCount == 0)

        let expected = try resolved([fixture.source()])
        // NoSuchPod's shard is a 404 here, and that answer is kept.
        #expect(try fixture.source().versions(of: "NoSuchPod").isEmpty)
        // That source asked for deprecated_podspecs.txt as it opened, and may have been released
        // with the request on the wire.
        let before = fixture.server.requestCountOnceQuiet()
        let offline = try fixture.source(offline: true)
        #expect(try resolved([offline]) == expected)
        #expect(fixture.server.requestCount == before, "\(fixture.server.requests.dropFirst(before).map(\.path))")
        // A shard the CDN answered 404 for is known to be so offline; one never read is not.
        let missing = offline.indexFile(for: "NoSuchPod")
        #expect(fixture.tree.files[missing] == nil)
        #expect(fixture.cache.read(missing)?.isAbsent == true)
        #expect(try offline.versions(of: "NoSuchPod").isEmpty)
        let unknown = try #require(throws: SpecRepoError.self) { try offline.versions(of: "NeverSeen") }
        #expect(unknown.description.hasSuffix("is not in compctl's cache of local, and --offline forbids fetching it; "
            + "run once without --offline to fill the cache"))
    }

    @Test func aSpecFiledUnderAnotherPodOrVersionIsSkipped() throws {
        let fixture = try CDNFixture(files: { files in
            let logger = files.keys.first { $0.hasSuffix("/XXLogger/1.4.2/XXLogger.podspec.json") }!
            files[logger] = Data(#"{"name": "XXOther", "version": "1.4.2"}"#.utf8)
        })
        let source = try fixture.source()
        let error = try #require(throws: SpecRepoError.self) {
            try source.specification(name: "XXLogger", version: try Version("1.4.2"))
        }
        guard case .specDisagreesWithDirectory(_, "XXLogger", "1.4.2", "XXOther", "1.4.2") = error else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test func aShardLineForAPodOfAnotherShardIsIgnored() throws {
        let fixture = try CDNFixture()
        let source = try fixture.source()
        let foreign = CDNSource.indexFile(fragment: source.layout.shards(for: "XXLogger"))
        let own = source.indexFile(for: "Intruder")
        #expect(foreign != own)
        #expect(CDNSource.parseIndex("Intruder/9.9.9\nXXLogger/1.0.0/1.1.0\n") == ["Intruder": ["9.9.9"], "XXLogger": ["1.0.0", "1.1.0"]])
        let poisoned = try CDNFixture(files: { files in
            files[foreign] = Data(((String(data: files[foreign]!, encoding: .utf8) ?? "") + "Intruder/9.9.9\n").utf8)
        })
        #expect(try poisoned.source().versions(of: "Intruder").isEmpty)
    }

    @Test func prefetchingGuessesTheSpecTheRequirementsLeadTo() throws {
        let fixture = try CDNFixture()
        let source = try fixture.source()
        source.prefetch([SpecDependency(name: "XXMessage", requirements: ["~> 0.1.7"]),
                         SpecDependency(name: "XXPay", requirements: ["= 2.1.0-rc.2"])])
        // The guesses are made in the background once the shards are in. Reading a spec
        // before its guess started would fetch it as asked, not as guessed (under load the
        // reader can win that race), so wait for the guesses first.
        let deadline = Date().addingTimeInterval(10)
        while source.counters.guessed < 2 && Date() < deadline { usleep(10_000) }
        _ = try source.specification(name: "XXMessage", version: try Version("0.1.7"))
        _ = try source.specification(name: "XXPay", version: try Version("2.1.0-rc.2"))
        // Then the walk goes on: the specs they depend on are guessed too, each once.
        let specs = fixture.requests().filter { $0.hasPrefix("/Specs/") }
        #expect(specs.contains { $0.hasSuffix("/XXMessage/0.1.7/XXMessage.podspec.json") })
        #expect(specs.contains { $0.hasSuffix("/XXPay/2.1.0-rc.2/XXPay.podspec.json") })
        #expect(Set(specs).count == specs.count)
        #expect(source.counters.guessed >= 2)
    }

    @Test func specsAnnouncedTogetherAreAllRequestedBeforeTheFirstReadAndReadWithoutAnotherRequest() throws {
        let fixture = try CDNFixture()
        let source = try fixture.source()
        let versions = try source.versions(of: "XXPay")
        #expect(versions.count > 2)
        let before = fixture.requests().count
        source.prefetchSpecs(name: "XXPay", versions: versions)
        #expect(source.counters.announced == versions.count)
        for version in versions { _ = try source.specification(name: "XXPay", version: version) }
        // (`deprecated_podspecs.txt`, asked for as the source opens, may come in late.)
        let all = fixture.requests(after: before).filter { !$0.contains(CDNSource.deprecatedListFile) }
        #expect(all.count == versions.count, "each spec once: \(all)")
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { $0.hasPrefix("/Specs/") && $0.contains("/XXPay/") })
        // Announcing them again asks for nothing more; a warm run, which has their copies,
        // reads each when asked and announces none.
        source.prefetchSpecs(name: "XXPay", versions: versions)
        #expect(source.counters.announced == versions.count)
        let warm = try fixture.source()
        _ = try warm.versions(of: "XXPay")
        let warmStart = fixture.requests().count
        warm.prefetchSpecs(name: "XXPay", versions: versions)
        for version in versions { _ = try warm.specification(name: "XXPay", version: version) }
        #expect(fixture.requests(after: warmStart).filter { $0.hasPrefix("/Specs/") }.isEmpty)
        #expect(warm.counters.announced == 0)
    }

    /// A reported gap: `deprecated_podspecs.txt` was never read, so a pod deprecated after
    /// its spec was cached stayed undeprecated in compctl's copy for ever. CocoaPods' CDN
    /// source re-downloads the listed specs it has copies of; compctl revalidates a listed
    /// spec instead of reading its copy, and reads the others from their copies.
    @Test func aSpecTheDeprecatedListNamesIsRevalidatedAndTheOthersAreReadFromTheirCopies() throws {
        let layout = SpecRepoLayout(prefixLengths: [1, 1, 1])
        let deprecatedPath = "Specs/" + layout.podPath(for: "XXPay") + "/2.0.2/XXPay.podspec.json"
        let deprecated = Locked(false)
        let fixture = try CDNFixture(override: { request, _ in
            guard deprecated.withLock({ $0 }) else { return nil }
            if request.path == "/" + CDNSource.deprecatedListFile {
                return TestSupport.HTTPResponse.content(Data((deprecatedPath + "\n").utf8), for: request)
            }
            guard request.path == "/" + deprecatedPath else { return nil }
            return TestSupport.HTTPResponse.content(Data("""
                {"name": "XXPay", "version": "2.0.2", "deprecated_in_favor_of": "XXPayKit",
                 "source": {"git": "https://git.example/XXPay.git", "tag": "2.0.2"}}
                """.utf8), for: request)
        })
        let first = try fixture.source()
        let before = try first.specification(name: "XXPay", version: Version("2.0.2"))
        _ = try first.specification(name: "XXPay", version: Version("2.0.1"))
        #expect(!before.deprecated && before.deprecatedInFavorOf == nil)

        deprecated.withLock { $0 = true }
        let start = fixture.requests().count
        let again = try fixture.source()
        let after = try again.specification(name: "XXPay", version: Version("2.0.2"))
        #expect(after.deprecated)
        #expect(after.deprecatedInFavorOf == "XXPayKit")
        _ = try again.specification(name: "XXPay", version: Version("2.0.1"))
        let requests = fixture.requests(after: start)
        #expect(requests.contains { $0.hasPrefix("/" + CDNSource.deprecatedListFile) }, "\(requests)")
        #expect(requests.contains("/\(deprecatedPath) (conditional)"), "\(requests)")
        #expect(!requests.contains { $0.contains("/XXPay/2.0.1/") }, "an unlisted spec is read from its copy")
        // The new copy is kept, and offline reads it.
        let offline = try fixture.source(offline: true)
        #expect(try offline.specification(name: "XXPay", version: Version("2.0.2")).deprecatedInFavorOf == "XXPayKit")
    }

    @Test func sourcesInParallelShareOneCacheWithoutHarm() throws {
        let fixture = try CDNFixture()
        let expected = try resolved([fixture.folder])
        let results = Locked([[String]]())
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let answer = (try? resolved([fixture.source()])) ?? []
            results.withLock { $0.append(answer) }
        }
        #expect(results.withLock { $0 }.allSatisfy { $0 == expected })
        #expect(fixture.stored.count > 50)
        for path in fixture.stored {
            #expect(fixture.cache.read(path) != nil, "\(path) reads whole")
        }
    }

    @Test func pathsAreEncodedAsFoundationEncodesEachComponent() {
        func slow(_ path: String) -> String {
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "/;?#")
            return path.split(separator: "/").map {
                String($0).addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0)
            }.joined(separator: "/")
        }
        for path in ["Specs/1/2/3/Foo/1.0.0/Foo.podspec.json", "all_pods_versions_a_b_c.txt", "Specs/0/f/e/C++Lib+x/2.0.0-rc.1/C++Lib+x.podspec.json",
                     "Specs/1/a b/Foo;1/x?y#z/%41", "/Specs//a/", "Spécs/Ünï/1.0", "a~b_c.d-e", ""] {
            #expect(CDNSource.encoded(path) == slow(path), "\(path)")
        }
    }

    @Test func aPodsVersionsComeHighestFirstInWhateverOrderItsShardListsThem() throws {
        let shard = CDNSource.indexFile(fragment: SpecRepoLayout(prefixLengths: [1, 1, 1]).shards(for: "Zed"))
        let highestFirst = try ["2.0.0", "2.0.0-rc.1", "1.2.0", "1.0.0"].map { try Version($0) }
        for listed in [["1.0.0", "1.2.0", "2.0.0-rc.1", "2.0.0"], ["2.0.0", "1.0.0", "2.0.0-rc.1", "1.2.0"],
                       ["2.0.0", "2.0.0-rc.1", "1.2.0", "1.0.0"], ["1.0.0", "2.0.0", "1.0.0", "1.2.0", "2.0.0-rc.1"]] {
            let fixture = try CDNFixture(files: { $0[shard] = Data(("Zed/" + listed.joined(separator: "/") + "\n").utf8) })
            #expect(try fixture.source().versions(of: "Zed") == highestFirst, "\(listed)")
        }
    }

    @Test func aVersionListedTwiceIsListedOnceUnderItsFirstText() throws {
        let shard = CDNSource.indexFile(fragment: SpecRepoLayout(prefixLengths: [1, 1, 1]).shards(for: "Zed"))
        // Many versions on one line, each twice (`1.0` then `1.0.0`): a shard is not trusted.
        let versions = (0..<20_000).map { "\($0 / 100).\($0 % 100)" }
        let line = "Zed/" + (versions + versions.map { $0 + ".0" }).joined(separator: "/") + "\n"
        let fixture = try CDNFixture(files: { $0[shard] = Data(line.utf8) })
        let source = try fixture.source()
        let listed = try source.versions(of: "Zed")
        #expect(listed.count == versions.count)
        #expect(listed.first == (try Version("199.99")))
        #expect(source.specPath("Zed", "1.5").hasSuffix("/Zed/1.5/Zed.podspec.json"))
        // The first text is the one a spec is fetched under.
        #expect(throws: (any Error).self) { _ = try source.specification(name: "Zed", version: Version("1.5")) }
        let asked = fixture.requests().filter { $0.contains("/Zed/") }
        #expect(asked.allSatisfy { $0.contains("/Zed/1.5/") && !$0.contains("/Zed/1.5.0/") }, "\(asked)")
    }

    @Test func aSpecsPathIsItsPodsFolderItsVersionAndItsFile() throws {
        let fixture = try CDNFixture()
        let source = try fixture.source()
        for (name, version) in [("Foo", "1.0.0"), ("C++Lib+x", "2.0.0-rc.1"), ("Ünïcode", "0.1"), ("A", "1"),
                                (String(repeating: "Long", count: 40), "10.20.30-beta.4+build.5")] {
            let expected = (["Specs"] + SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1, 1]).shards(for: name)
                + [name, version, name + ".podspec.json"]).joined(separator: "/")
            #expect(source.specPath(name, version) == expected)
            #expect(source.specPath(name, version) == expected, "a second time, from what was kept of the pod")
        }
    }

    @Test func aCDNIsNeverListedWhole() throws {
        let fixture = try CDNFixture()
        let error = try #require(throws: SpecRepoError.self) { try fixture.source().podNames() }
        #expect(error == .cdnCannotList(source: "local"))
    }
}

@Suite struct CDNCacheTests {
    @Test func aCopyReadsBackWithItsETagAndAPackCutShortReadsUpToTheCut() throws {
        let scratch = try TemporaryDirectory()
        let cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        try cache.write(CDNCachedFile(body: Data("Foo/1.0\n".utf8), etag: "\"abc\""), to: "all_pods_versions_1_2_3.txt")
        try cache.write(CDNCachedFile(body: Data("{}".utf8), etag: nil), to: "Specs/1/2/3/Foo/1.0/Foo.podspec.json")
        #expect(cache.read("all_pods_versions_1_2_3.txt") == CDNCachedFile(body: Data("Foo/1.0\n".utf8), etag: "\"abc\""))
        let next = cache.reopened()
        #expect(try scratch.read("cdn/.url") == "https://cdn.example/\n")
        #expect(next.read("all_pods_versions_1_2_3.txt") == CDNCachedFile(body: Data("Foo/1.0\n".utf8), etag: "\"abc\""))
        #expect(next.read("Specs/1/2/3/Foo/1.0/Foo.podspec.json")?.body == Data("{}".utf8))

        // The pack's copies are in the order they were written: the spec's comes last.
        let packs = try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs"))
        try #require(packs.count == 1)
        let pack = URL(fileURLWithPath: scratch("cdn/packs/" + packs[0]))
        let whole = try Data(contentsOf: pack)
        try whole.dropLast(1).write(to: pack)
        let cut = cache.reopened()
        #expect(cut.read("all_pods_versions_1_2_3.txt")?.body == Data("Foo/1.0\n".utf8))
        #expect(cut.read("Specs/1/2/3/Foo/1.0/Foo.podspec.json") == nil)
        #expect(!cut.hasCopy("Specs/1/2/3/Foo/1.0/Foo.podspec.json"))

        // A copy whose own header does not match its length reads as missing; so does a pack
        // that is not one.
        var bent = whole
        let at = try #require(bent.range(of: Data("length: 8".utf8)))
        bent.replaceSubrange(at, with: Data("length: 7".utf8))
        try bent.write(to: pack)
        #expect(cache.reopened().read("all_pods_versions_1_2_3.txt") == nil)
        try Data("Foo/1.0\n".utf8).write(to: pack)
        #expect(cache.reopened().read("all_pods_versions_1_2_3.txt") == nil)
    }

    @Test func aCopyDecodesOnlyWhenItsHeaderIsWholeAndItsLengthMatches() {
        for file in [CDNCachedFile(body: Data("Foo/1.0\n\n".utf8), etag: "W/\"a b\""), CDNCachedFile(body: Data(), etag: nil),
                     .absent, CDNCachedFile(body: Data([0, 0xFF, 10, 10]), etag: "")] {
            #expect(CDNCache.decode(CDNCache.encode(file)) == file)
            // Read from a slice of a larger buffer too, as from a pack.
            let inPack = Data("xyz".utf8) + CDNCache.encode(file)
            #expect(CDNCache.decode(inPack[inPack.startIndex.advanced(by: 3)...]) == file)
        }
        let body = "{}"
        for bad in ["compctl-cdn-cache 2\nlength: 2\n\n\(body)", "compctl-cdn-cache 1\n\n\(body)",
                    "compctl-cdn-cache 1\nlength: 3\n\n\(body)", "compctl-cdn-cache 1\nlength: x2\n\n\(body)",
                    "compctl-cdn-cache 1\nlength: \n\n", "compctl-cdn-cache 1\nlength: 2\n\(body)",
                    "compctl-cdn-cache 1\nabsent: yes\nlength: 2\n\n\(body)",
                    "compctl-cdn-cache 1\netag: \(String(repeating: "e", count: 1100))\nlength: 2\n\n\(body)",
                    "compctl-cdn-cache 1", ""] {
            #expect(CDNCache.decode(Data(bad.utf8)) == nil, "\(bad.prefix(60))")
        }
        #expect(CDNCache.decode(Data("compctl-cdn-cache 1\nfuture: field\nlength: 2\n\n{}".utf8))?.body == Data("{}".utf8))
    }

    /// An `ETag` goes back to the CDN as `If-None-Match`: one with a control character in it
    /// (a carriage return from a hostile server or cache, to inject a header) is not kept or
    /// sent; the copy stays, without it.
    @Test func anETagWithAControlCharacterIsNeitherKeptNorRead() {
        let hostile = "\"a\"\rX-Injected: yes"
        let read = CDNCache.decode(Data("compctl-cdn-cache 1\netag: \(hostile)\nlength: 2\n\n{}".utf8))
        #expect(read == CDNCachedFile(body: Data("{}".utf8), etag: nil))
        for etag in [hostile, "\"a\"\u{0}", "\"a\u{7F}\""] {
            #expect(CDNCache.decode(CDNCache.encode(CDNCachedFile(body: Data("{}".utf8), etag: etag))) == CDNCachedFile(body: Data("{}".utf8), etag: nil))
        }
        #expect(CDNCache.decode(CDNCache.encode(CDNCachedFile(body: Data(), etag: "W/\"a b\u{E9}\""))) == CDNCachedFile(body: Data(), etag: "W/\"a b\u{E9}\""))
    }

    @Test func aRunsCopiesAreOnePackAndTheNewestCopyOfAPathIsRead() throws {
        let scratch = try TemporaryDirectory()
        var cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        try cache.write(CDNCachedFile(body: Data("{}".utf8), etag: nil), to: "Specs/1/2/3/Foo/1.0/Foo.podspec.json")
        try cache.write(CDNCachedFile(body: Data("[]".utf8), etag: nil), to: "Specs/1/2/3/Foo%2F1.0%2FFoo.podspec.json")
        try cache.write(CDNCachedFile(body: Data("a".utf8), etag: "1"), to: "all_pods_versions_1_2_3.txt")
        try cache.write(CDNCachedFile(body: Data("b".utf8), etag: "2"), to: "all_pods_versions_1_2_3.txt")
        cache = cache.reopened()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs")).count == 1)
        #expect(cache.read("Specs/1/2/3/Foo/1.0/Foo.podspec.json")?.body == Data("{}".utf8))
        #expect(cache.read("Specs/1/2/3/Foo%2F1.0%2FFoo.podspec.json")?.body == Data("[]".utf8))
        #expect(cache.read("all_pods_versions_1_2_3.txt") == CDNCachedFile(body: Data("b".utf8), etag: "2"))
        // A later run's copy is in a later pack, and wins.
        try cache.write(CDNCachedFile(body: Data("c".utf8), etag: "3"), to: "all_pods_versions_1_2_3.txt")
        cache = cache.reopened()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs")).count == 2)
        #expect(cache.read("all_pods_versions_1_2_3.txt") == CDNCachedFile(body: Data("c".utf8), etag: "3"))
        #expect(cache.storedPaths() == [
            "Specs/1/2/3/Foo%2F1.0%2FFoo.podspec.json", "Specs/1/2/3/Foo/1.0/Foo.podspec.json", "all_pods_versions_1_2_3.txt",
        ])
    }

    @Test func eightPacksAreMergedByTheNextRunThatWrites() throws {
        let scratch = try TemporaryDirectory()
        var cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        for run in 0..<8 {
            try cache.write(CDNCachedFile(body: Data("run \(run)".utf8), etag: nil), to: "all_pods_versions_1_2_3.txt")
            try cache.write(CDNCachedFile(body: Data("{}".utf8), etag: nil), to: "Specs/1/2/3/Foo/\(run).0/Foo.podspec.json")
            cache = cache.reopened()
        }
        let eight = try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs")).sorted()
        #expect(eight.count == 8)
        // A run that writes nothing merges nothing.
        _ = cache.read("all_pods_versions_1_2_3.txt")
        cache = cache.reopened()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs")).sorted() == eight)

        try cache.write(CDNCachedFile(body: Data("{}".utf8), etag: nil), to: "Specs/1/2/3/Foo/8.0/Foo.podspec.json")
        cache = cache.reopened()
        let after = try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs")).sorted()
        #expect(after.count == 2)
        #expect(after.first == eight.last! + ".m", "the merged pack sorts where the newest one it merged did")
        #expect(cache.read("all_pods_versions_1_2_3.txt")?.body == Data("run 7".utf8))
        #expect(cache.storedPaths().count == 10)
        #expect((0...8).allSatisfy { cache.hasCopy("Specs/1/2/3/Foo/\($0).0/Foo.podspec.json") })
    }

    @Test func onlyPlainRelativePathsAreStored() throws {
        let scratch = try TemporaryDirectory()
        let cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        defer { cache.writePack() }  // while `scratch` exists (see CDNFixture's deinit)
        for path in ["../escape.txt", "/etc/passwd", "Specs/../../x", ".tmp/1-abc", "a//b", "a/\u{1}b", "",
                     "a/", "a/./b", "a/..", "Specs/\u{7F}", "/"] {
            #expect(throws: SpecRepoError.self, "\(path)") { try cache.write(CDNCachedFile(body: Data(), etag: nil), to: path) }
            #expect(cache.read(path) == nil)
        }
        for path in ["a/.b", "Sp\u{E9}cs/x", "all_pods_versions_1_2_3.txt", "Specs/1/A-B_c+d.e/1.0.0-beta.1/x.json"] {
            try cache.write(CDNCachedFile(body: Data("y".utf8), etag: nil), to: path)
            #expect(cache.read(path)?.body == Data("y".utf8), "\(path)")
        }
    }

    @Test func hasCopySeesThePacksAndThisProcesssWrites() throws {
        let scratch = try TemporaryDirectory()
        let cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        defer { cache.writePack() }  // while `scratch` exists (see CDNFixture's deinit)
        let spec = "Specs/1/2/3/Foo/1.0/Foo.podspec.json"
        try cache.write(CDNCachedFile(body: Data("{}".utf8), etag: nil), to: spec)
        #expect(cache.hasCopy(spec))
        #expect(!cache.hasCopy("Specs/1/2/3/Foo/2.0/Foo.podspec.json"))
        #expect(!cache.hasCopy("../escape.txt"))
        // Another value for the same folder in this process shares what it holds…
        #expect(CDNCache(directory: scratch("cdn"), url: "https://cdn.example/").hasCopy(spec))
        // …and the next run sees it on disk.
        let next = cache.reopened()
        defer { next.writePack() }
        #expect(next.hasCopy(spec))
        try next.write(CDNCachedFile(body: Data("{}".utf8), etag: nil), to: "Specs/1/2/3/Foo/2.0/Foo.podspec.json")
        #expect(next.hasCopy("Specs/1/2/3/Foo/2.0/Foo.podspec.json"))
    }

    @Test func abandonedWritesOfGoneProcessesAreRemoved() throws {
        let scratch = try TemporaryDirectory()
        let cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        defer { cache.writePack() }  // while `scratch` exists (see CDNFixture's deinit)
        try cache.write(CDNCachedFile(body: Data("x".utf8), etag: nil), to: "CocoaPods-version.yml")
        try scratch.write("half", to: "cdn/.tmp/999999-abcdef")
        try scratch.write("mine", to: "cdn/.tmp/\(getpid())-abcdef")
        cache.removeAbandonedWrites()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/.tmp")) == ["\(getpid())-abcdef"])
    }

    /// A FIFO where a pack or the shard record belongs (a user's mistake, a hostile cache)
    /// is not a file: reading it must not wait for a writer that never comes.
    @Test func aFIFOInTheCacheIsSkippedWithoutWaiting() throws {
        let scratch = try TemporaryDirectory()
        let cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        try cache.write(CDNCachedFile(body: Data("x".utf8), etag: nil), to: "CocoaPods-version.yml")
        try cache.rememberShards(["all_pods_versions_1_2_3.txt"])
        _ = cache.reopened()
        let fifos = [scratch("cdn/packs/00000000000000000001-0000000001-000001"), scratch("cdn/shards-read")]
        for fifo in fifos {
            unlink(fifo)
            try #require(mkfifo(fifo, 0o600) == 0)
        }
        let done = DispatchSemaphore(value: 0)
        let answers = Locked<(String?, [String])>((nil, ["not read"]))
        Thread.detachNewThread {
            let next = cache.reopened()
            let copy = next.read("CocoaPods-version.yml").map { String(decoding: $0.body, as: UTF8.self) }
            answers.withLock { $0 = (copy, next.rememberedShards()) }
            done.signal()
        }
        let answered = done.wait(timeout: .now() + 5) == .success
        if !answered {
            // Lets the blocked reader go (a writer opens and closes each FIFO).
            for fifo in fifos {
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
            _ = done.wait(timeout: .now() + 5)
        }
        #expect(answered, "reading a cache with a FIFO in it hung")
        #expect(answers.withLock { $0.0 } == "x")
        #expect(answers.withLock { $0.1 } == [])
    }

    /// Something in `packs/` that is not a regular file (a folder, a link to a device or to
    /// nothing, which reads as a pack merged away) is skipped, whatever `errno` an earlier
    /// call left: the packs after it are read, and merged once there are eight.
    @Test func aFolderOrDeviceInPacksIsSkippedAndThePacksAfterItStillCount() throws {
        let scratch = try TemporaryDirectory()
        var cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        try cache.write(CDNCachedFile(body: Data("x".utf8), etag: nil), to: "CocoaPods-version.yml")
        cache = cache.reopened()
        try FileManager.default.createDirectory(atPath: scratch("cdn/packs/00000000000000000001-0000000001-000001"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch("cdn/packs/00000000000000000002-0000000001-000001"),
                                                   withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: scratch("cdn/packs/00000000000000000003-0000000001-000001"),
                                                   withDestinationPath: scratch("cdn/nowhere"))
        for run in 0..<8 {
            try cache.write(CDNCachedFile(body: Data("run \(run)".utf8), etag: nil), to: "all_pods_versions_1_2_3.txt")
            cache = cache.reopened()
            errno = ENOENT
            #expect(cache.read("all_pods_versions_1_2_3.txt")?.body == Data("run \(run)".utf8))
            #expect(cache.read("CocoaPods-version.yml")?.body == Data("x".utf8))
        }
        try cache.write(CDNCachedFile(body: Data("run 8".utf8), etag: nil), to: "all_pods_versions_1_2_3.txt")
        cache = cache.reopened()
        let packs = try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs")).sorted()
        #expect(packs.count == 6, "the folder, the links, the merged pack, runs 7 and 8's: \(packs)")
        #expect(cache.read("all_pods_versions_1_2_3.txt")?.body == Data("run 8".utf8))
        #expect(cache.read("CocoaPods-version.yml")?.body == Data("x".utf8))
    }

    /// Pack names start with the time, but a clock is not to be trusted: a pack written while
    /// the clock ran ahead (and set back since) must not win over every later run's copies,
    /// or each run would fetch those files again, for good, merges included.
    /// A cache whose one pack holds an old copy of a shard index, renamed to `name`.
    func cacheWithOnePack(renamedTo name: String, in scratch: TemporaryDirectory) throws -> CDNCache {
        let cache = CDNCache(directory: scratch("cdn"), url: "https://cdn.example/")
        try cache.write(CDNCachedFile(body: Data("old".utf8), etag: "1"), to: "all_pods_versions_1_2_3.txt")
        _ = cache.reopened()
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs"))
        try #require(written.count == 1)
        try #require(rename(scratch("cdn/packs/" + written[0]), scratch("cdn/packs/" + name)) == 0)
        return cache.reopened()
    }

    @Test func aPackNamedInTheFutureDoesNotOutliveLaterCopies() throws {
        let scratch = try TemporaryDirectory()
        // Written in 2100 by the process's clock.
        var cache = try cacheWithOnePack(renamedTo: "04102444800000000000-0000000001-000001", in: scratch)
        for run in 0..<9 {
            try cache.write(CDNCachedFile(body: Data("run \(run)".utf8), etag: "\(run + 2)"), to: "all_pods_versions_1_2_3.txt")
            cache = cache.reopened()
            #expect(cache.read("all_pods_versions_1_2_3.txt")?.body == Data("run \(run)".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs")).count < 8)
    }

    /// Only files named as compctl names packs are packs: one named otherwise (`zzz`, by hand
    /// or by a hostile cache) would sort after every pack compctl writes, win over all their
    /// copies for good, and give its name to every merge.
    @Test func aFileNotNamedAsAPackIsNotRead() throws {
        let scratch = try TemporaryDirectory()
        var cache = try cacheWithOnePack(renamedTo: "zzz", in: scratch)
        #expect(cache.read("all_pods_versions_1_2_3.txt") == nil)
        for run in 0..<9 {
            try cache.write(CDNCachedFile(body: Data("run \(run)".utf8), etag: "\(run + 2)"), to: "all_pods_versions_1_2_3.txt")
            cache = cache.reopened()
            #expect(cache.read("all_pods_versions_1_2_3.txt")?.body == Data("run \(run)".utf8))
        }
        let packs = try FileManager.default.contentsOfDirectory(atPath: scratch("cdn/packs"))
        #expect(packs.contains("zzz") && !packs.contains("zzz.m") && packs.count < 8, "\(packs)")
    }

    /// The first two writes of a cache at once (a pack and the shard record, from two
    /// threads) both reach the disk: the second must not take the folders for made while
    /// the first is still making them.
    @Test func theFirstWritesOfACacheAtOnceBothReachTheDisk() throws {
        let scratch = try TemporaryDirectory()
        var lost: [String] = []
        for attempt in 0..<60 {
            let cache = CDNCache(directory: scratch("cdn\(attempt)"), url: "https://cdn.example/")
            try cache.write(CDNCachedFile(body: Data("x".utf8), etag: nil), to: "CocoaPods-version.yml")
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                if thread == 0 { try? cache.rememberShards(["all_pods_versions_1_2_3.txt"]) } else { cache.writePack() }
            }
            let next = cache.reopened()
            if next.read("CocoaPods-version.yml") == nil { lost.append("\(attempt): the pack") }
            if next.rememberedShards().isEmpty { lost.append("\(attempt): the shard record") }
        }
        #expect(lost.isEmpty, "\(lost)")
    }

    @Test func eachCDNHasItsOwnFolderAndTrunkIsCalledTrunk() {
        #expect(CDNCache.directory(forURL: "https://cdn.cocoapods.org/", home: "/h") == "/h/cdn/trunk")
        #expect(CDNCache.directory(forURL: "trunk", home: "/h") == "/h/cdn/trunk")
        let local = CDNCache.directory(forURL: "http://127.0.0.1:8080/", home: "/h")
        #expect(local.hasPrefix("/h/cdn/127.0.0.1-8080-"))
        #expect(CDNCache.directory(forURL: "http://127.0.0.1:8080", home: "/h") == local)
        #expect(CDNCache.directory(forURL: "http://127.0.0.1:8081/", home: "/h") != local)
    }
}

@Suite struct SpecRepoURLTests {
    @Test func namesOfOneSourceCompareEqual() {
        let same = [
            ("https://git.acme.example/ios/Specs.git", "https://git.acme.example/ios/specs"),
            ("https://git.acme.example/ios/Specs.git", "https://git.acme.example/ios/Specs/"),
            ("https://git.acme.example/ios/Specs.git", "git@git.acme.example:ios/Specs.git"),
            ("https://git.acme.example/ios/Specs.git", "ssh://git@git.acme.example/ios/Specs"),
            ("https://git.acme.example/ios/Specs.git", "https://user:token@git.acme.example:443/ios/Specs.git"),
            ("file:///srv/git/specs.git", "/srv/git/specs"),
            ("trunk", "https://cdn.cocoapods.org/"),
            ("https://cdn.cocoapods.org", "https://github.com/CocoaPods/Specs.git"),
        ]
        for (a, b) in same { #expect(SpecRepoURL.same(a, b), "\(a) = \(b)") }
        let different = [
            ("https://git.acme.example/ios/Specs.git", "https://git.acme.example/android/Specs.git"),
            ("https://git.acme.example/ios/Specs.git", "https://git.other.example/ios/Specs.git"),
            ("https://git.acme.example:8443/ios/Specs.git", "https://git.acme.example/ios/Specs.git"),
            ("/srv/git/specs", "srv/git/specs"),
            ("trunk", "https://cdn.example/"),
        ]
        for (a, b) in different { #expect(!SpecRepoURL.same(a, b), "\(a) ≠ \(b)") }
        #expect(SpecRepoURL.isTrunk("https://CDN.cocoapods.org"))
        #expect(!SpecRepoURL.isTrunk("https://git.acme.example/ios/Specs.git"))
    }

    @Test(arguments: [
        ("https://github.com/CocoaPods/Specs.git", "cdn.cocoapods.org"),
        ("git@github.com:acme/specs.git", "github.com/acme/specs"),
        ("https://user@h.example:443/a/b/?x#y", "h.example/a/b"),
        ("file:///srv/specs/", "/srv/specs"),
        ("a:b://c", "c"),
        ("ssh://git@h:22/x.git/", "h/x"),
        ("http://h:80", "h"),
        ("HTTPS://H/X.GIT", "h/x"),
        ("git://h.example:9418/specs", "h.example/specs"),
        ("https://h.example:8443/specs", "h.example:8443/specs"),
        // `://` is found by byte, as Ruby finds it: Foundation's search skipped it when a
        // combining mark followed the second slash.
        ("https://\u{338}h.example/x", "\u{338}h.example/x"),
    ])
    func addressesCompareInTheirCanonicalForm(_ address: String, _ canonical: String) {
        #expect(SpecRepoURL.canonical(address) == canonical)
    }

    /// compctl trims without NSString (start-up time); the characters it trims must be the
    /// ones Foundation's `.whitespacesAndNewlines` trims, for every scalar of the BMP.
    @Test func trimsWhatFoundationTrims() {
        for value in 0..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)\(scalar)a b\(scalar)"
            #expect(SpecRepoURL.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "U+\(String(value, radix: 16))")
        }
        #expect(SpecRepoURL.trimmingWhitespace(" \t\r\n") == "")
        #expect(SpecRepoURL.canonical(" https://git.acme.example/ios/Specs.git\n") == "git.acme.example/ios/specs")
    }
}

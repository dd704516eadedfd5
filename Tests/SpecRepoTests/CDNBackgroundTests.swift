import Foundation
import Graph
import HTTP
import Podspec
import Testing
import TestSupport
import Versioning
@testable import SpecRepo

/// A CDN opened with `revalidatesInBackground` (resolve, why, graph) against a server whose
/// metadata and deprecation list change between runs: each run must end where a run with no
/// cache would, or say why not, and never leave a cache that the next run cannot get past.
@Suite struct CDNBackgroundTests {
    /// A metadata answer that is not a CDN's (a proxy's page, a half-deployed CDN) is cached by
    /// the run that revalidates it; the next run must not take that copy at once and fail on it
    /// for ever after the CDN is mended: its revalidation is dropped with the source that failed.
    @Test func aCachedMetadataThatIsNoCDNsIsRevalidatedBeforeUseAndTheRunSaysWhatCameBack() throws {
        let broken = Locked<String?>(nil)
        let fixture = try CDNFixture(override: { request, _ in
            guard request.path == "/CocoaPods-version.yml", let body = broken.withLock({ $0 }) else { return nil }
            return TestSupport.HTTPResponse.content(Data(body.utf8), for: request)
        })
        _ = try fixture.source().specification(name: "XXPay", version: Version("2.0.2"))
        let url = fixture.server.baseURL + "/"

        for (answer, reason) in [
            ("<html>Down for maintenance</html>\n", "its CocoaPods-version.yml does not name the latest CocoaPods version"),
            ("---\nlast: 1.16.2\nprefix_lengths: [x]\n", nil),
        ] {
            broken.withLock { $0 = answer }
            let warm = try fixture.source(background: true)
            _ = try warm.versions(of: "XXPay")
            // What a run with no cache says of this answer, not that the layout changed.
            do {
                _ = try fixture.cold().source()
                Issue.record("a cold run opened \(answer)")
            } catch let cold as SpecRepoError {
                #expect(throws: cold) { try warm.settle() }
                if let reason { #expect(cold == .notACDN(url: url, reason: reason)) }
            }

            broken.withLock { $0 = nil }
            let mended = try fixture.source(background: true)
            #expect(try mended.versions(of: "XXPay").contains(Version("2.0.2")), "the CDN is mended: \(answer)")
            #expect(try !mended.settle())
        }
    }

    /// The metadata now 404: the CDN is gone from that URL, as a run with no cache says; the
    /// next run, once it is back, reads it again.
    @Test func aMetadataNowMissingIsSaidAsACDNWithoutOne() throws {
        let gone = Locked(false)
        let fixture = try CDNFixture(override: { request, _ in
            guard request.path == "/CocoaPods-version.yml", gone.withLock({ $0 }) else { return nil }
            return TestSupport.HTTPResponse(status: 404, body: Data("no".utf8))
        })
        _ = try fixture.source().versions(of: "XXPay")
        gone.withLock { $0 = true }
        let warm = try fixture.source(background: true)
        _ = try warm.versions(of: "XXPay")
        #expect(throws: SpecRepoError.notACDN(url: fixture.server.baseURL + "/", reason: "it has no CocoaPods-version.yml")) {
            try warm.settle()
        }
        gone.withLock { $0 = false }
        let back = try fixture.source(background: true)
        #expect(try back.versions(of: "XXPay").contains(Version("2.0.2")))
        #expect(try !back.settle())
    }
}


/// Deprecations answered while the run reads specs from their copies.
@Suite struct CDNBackgroundDeprecationRaceTests {
    /// `deprecated_podspecs.txt` newly lists every spec, and its answer lands while two threads
    /// read the specs from their copies: whatever the moment, each read ends (a read whose file
    /// was forgotten between its request and its wait is not left waiting for ever), and once
    /// `settle()` has had the resolution read again, no spec is the copy from before the
    /// deprecation (one whose copy was judged by the old list and given after the new list came
    /// is not kept).
    @Test func aDeprecationLandingWhileSpecsAreReadLeavesNoStaleSpecAndNoReadHanging() throws {
        let rewritten = Locked<[String: Data]>([:])
        let deprecating = Locked(false)
        let delay = Locked<TimeInterval>(0)
        let fixture = try CDNFixture(override: { request, _ in
            guard deprecating.withLock({ $0 }) else { return nil }
            let path = String(request.path.dropFirst())
            if path == CDNSource.deprecatedListFile {
                let list = rewritten.withLock { $0.keys.sorted() }.joined(separator: "\n") + "\n"
                return TestSupport.HTTPResponse.content(Data(list.utf8), for: request).delayed(by: delay.withLock { $0 })
            }
            return rewritten.withLock { $0[path] }.map { TestSupport.HTTPResponse.content($0, for: request) }
        })
        // Every spec of these pods, as (name, version text, path).
        let pods = ["XXPay", "XXFoundation", "XXHome", "XXCart", "XXStorage", "XXLogger", "XXNetworking", "XXDetail"]
        let first = try fixture.source()
        var specs: [(name: String, version: Version, path: String)] = []
        for pod in pods {
            for version in try first.versions(of: pod) {
                _ = try first.specification(name: pod, version: version)
                specs.append((pod, version, first.specPath(pod, version.description)))
            }
        }
        first.cache.writePack()
        rewritten.withLock { table in
            for spec in specs {
                var body = fixture.tree.files[spec.path]!
                body.insert(contentsOf: Data(#""deprecated": true, "#.utf8), at: body.firstIndex(of: UInt8(ascii: "{"))! + 1)
                table[spec.path] = body
            }
        }
        let before = fixture.cache.read(CDNSource.deprecatedListFile)

        for round in 0..<60 {
            // Each round starts from the copies of before the deprecation.
            if let before { try fixture.cache.write(before, to: CDNSource.deprecatedListFile) }
            for spec in specs { try fixture.cache.write(CDNCachedFile(body: fixture.tree.files[spec.path]!, etag: nil), to: spec.path) }
            deprecating.withLock { $0 = true }
            delay.withLock { $0 = Double(round % 20) / 4_000 }
            let warm = try fixture.source(background: true)
            let done = DispatchSemaphore(value: 0)
            let outcome = Locked<[String]?>(nil)
            let all = specs
            Thread.detachNewThread {
                let stale = Locked<[String]>([])
                do {
                    var again = true
                    for _ in 0..<4 where again {
                        stale.withLock { $0 = [] }
                        DispatchQueue.concurrentPerform(iterations: 2) { half in
                            for (index, spec) in all.enumerated() where index % 2 == half {
                                if (try? warm.specification(name: spec.name, version: spec.version).deprecated) != true {
                                    stale.withLock { $0.append(spec.path) }
                                }
                            }
                        }
                        again = try warm.settle()
                    }
                } catch {
                    stale.withLock { $0.append("settle threw \(error)") }
                }
                outcome.withLock { $0 = stale.withLock { $0 } }
                done.signal()
            }
            guard done.wait(timeout: .now() + 20) == .success else {
                Issue.record("round \(round): a read never ended")
                return
            }
            let stale = outcome.withLock { $0 } ?? []
            #expect(stale.isEmpty, "round \(round): stale after settling: \(stale)")
            deprecating.withLock { $0 = false }
            if !stale.isEmpty { return }
        }
    }
}

/// A cached shard given at once while its revalidation is sent.
@Suite struct CDNBackgroundShardRaceTests {
    /// The thread that gives a cached shard runs what waited for it (a prefetch's guess) before
    /// it returns: a revalidation counted only then could be missed by a `settle()` that the
    /// resolution, already given the copy, reached first; the run then ended on the old shard.
    @Test func settleWaitsForTheRevalidationOfAShardGivenFromAnotherThread() throws {
        let shard = CDNSource.indexFile(fragment: SpecRepoLayout(prefixLengths: [1, 1, 1]).shards(for: "XXPay"))
        let changed = Locked<Data?>(nil)
        let fixture = try CDNFixture(override: { request, _ in
            guard request.path == "/" + shard else { return nil }
            return changed.withLock { $0 }.map { TestSupport.HTTPResponse.content($0, for: request) }
        })
        _ = try fixture.source().versions(of: "XXPay")
        let old = try #require(fixture.cache.read(shard))
        changed.withLock { $0 = old.body + Data("XXPay/9.9.9\n".utf8) }
        var missed = 0
        for _ in 0..<150 {
            try fixture.cache.write(old, to: shard)
            let source = try fixture.source(background: true)
            #expect(try !source.settle(), "the metadata and the list, unchanged")
            let guessing = Thread { source.prefetch([SpecDependency(name: "XXPay", requirements: ["~> 2.0"])]) }
            guessing.start()
            let versions = try source.versions(of: "XXPay")
            if try !source.settle(), !versions.contains(try Version("9.9.9")) { missed += 1 }
        }
        #expect(missed == 0, "runs that ended on the old shard although the CDN's was new")
    }
}

/// A shard's listing parsed while its revalidation brings a new shard.
@Suite struct CDNBackgroundListingRaceTests {
    /// A pod's versions parsed from the copy while the new shard comes in must not be kept as
    /// its listing after the new shard cleared the listings: the resolution that `settle()`
    /// sends to read again would read the old versions from it, and the run end on them.
    @Test func aListingParsedFromTheOldShardIsNotKeptOnceTheNewOneIsIn() throws {
        let shard = CDNSource.indexFile(fragment: SpecRepoLayout(prefixLengths: [1, 1, 1]).shards(for: "XXPay"))
        // Hundreds of versions: a parse long enough for the revalidation to land in it.
        let many = (0..<300).map { "0.\($0 / 100).\($0 % 100)" }.joined(separator: "/")
        let old = Data("XXPay/\(many)/2.0.2\n".utf8)
        let new = Data("XXPay/\(many)/2.0.2/9.9.9\n".utf8)
        let serveNew = Locked(false)
        let fixture = try CDNFixture(override: { request, _ in
            guard request.path == "/" + shard else { return nil }
            return TestSupport.HTTPResponse.content(serveNew.withLock { $0 } ? new : old, for: request)
        })
        _ = try fixture.source().versions(of: "XXPay")
        serveNew.withLock { $0 = true }
        let copy = try #require(fixture.cache.read(shard))
        var stale = 0
        for _ in 0..<40 {
            try fixture.cache.write(copy, to: shard)
            let source = try fixture.source(background: true)
            #expect(try !source.settle(), "the metadata and the list, unchanged")
            // Two readers of the pod, as the resolver and a guess are.
            let other = Thread { _ = try? source.versions(of: "XXPay") }
            other.start()
            _ = try source.versions(of: "XXPay")
            var again = try source.settle()
            var rounds = 0
            while again, rounds < 3 {
                rounds += 1
                _ = try source.versions(of: "XXPay")
                again = try source.settle()
            }
            if try !source.versions(of: "XXPay").contains(Version("9.9.9")) { stale += 1 }
        }
        #expect(stale == 0, "runs that settled on the old shard's versions")
    }
}

extension CDNFixture {
    /// The same server with an empty cache of its own: what a first run sees.
    func cold() throws -> ColdCDN {
        ColdCDN(url: server.baseURL + "/", scratch: try TemporaryDirectory(prefix: "compctl-cdn-cold", "cold"), options: options)
    }
}

/// A source over a CDN with a cache no run has used yet.
struct ColdCDN {
    let url: String
    let scratch: TemporaryDirectory
    let options: HTTPClientOptions

    func source() throws -> CDNSource {
        try CDNSource(name: "local", url: url, cache: CDNCache(directory: scratch("home/cdn/local"), url: url),
                      client: try HTTPClient(options: options), offline: false)
    }
}

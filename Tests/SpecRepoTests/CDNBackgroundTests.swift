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

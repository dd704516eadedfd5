import Foundation
import HTTP
import Testing
import TestSupport

/// The HTTP client against the loopback server: answers, conditional requests, retries on
/// transient failures, clear errors on the rest, and requests in parallel.
@Suite struct HTTPClientTests {
    /// Retries without the real backoff, so the tests stay quick.
    static let quick = HTTPClientOptions(stallTimeout: 1, retry: RetryPolicy(attempts: 3, baseDelay: 0.01, maxDelay: 0.05))

    func client(_ options: HTTPClientOptions = quick) throws -> HTTPClient {
        try HTTPClient(options: options)
    }

    @Test func getsTheStatusHeadersAndBody() throws {
        let server = try LoopbackHTTPServer { _, _ in .text("Foo/1.0.0/1.1.0\n", headers: ["ETag": "\"v1\""]) }
        let response = try client().fetch(.init(url: server.baseURL + "/all_pods_versions_a_b_c.txt")).get()
        #expect(response.status == 200)
        #expect(response.header("etag") == "\"v1\"")
        #expect(String(decoding: response.body, as: UTF8.self) == "Foo/1.0.0/1.1.0\n")
        #expect(response.protocolVersion == "HTTP/1.1")
        #expect(response.attempts == 1)
        #expect(server.requests.map(\.path) == ["/all_pods_versions_a_b_c.txt"])
    }

    @Test func sendsItsHeaderFieldsSoAConditionalRequestGetsNotModified() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Foo/1.0.0\n", to: "all_pods_versions_a_b_c.txt")
        let server = try LoopbackHTTPServer(serving: directory.path)
        let http = try client()
        let first = try http.fetch(.init(url: server.baseURL + "/all_pods_versions_a_b_c.txt")).get()
        let tag = try #require(first.header("ETag"))
        let again = try http.fetch(.init(url: server.baseURL + "/all_pods_versions_a_b_c.txt",
                                         headers: ["If-None-Match": tag])).get()
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(server.requests.last?.header("If-None-Match") == tag)
    }

    @Test func aNotFoundIsAnAnswerAndIsNotRetried() throws {
        let server = try LoopbackHTTPServer { _, _ in .notFound }
        let response = try client().fetch(.init(url: server.baseURL + "/Specs/1/2/3/Nope/1.0/Nope.podspec.json")).get()
        #expect(response.status == 404)
        #expect(server.requestCount == 1)
    }

    @Test func serverErrorsAreRetriedUntilOneSucceeds() throws {
        let server = try LoopbackHTTPServer { _, number in
            number < 3 ? .text("busy\n", status: number == 1 ? 500 : 503) : .text("ok\n")
        }
        let response = try client().fetch(.init(url: server.baseURL + "/CocoaPods-version.yml")).get()
        #expect(response.status == 200)
        #expect(response.attempts == 3)
        #expect(server.requestCount == 3)
    }

    @Test func aServerErrorThatLastsIsTheFinalAnswerAfterEveryAttempt() throws {
        let server = try LoopbackHTTPServer { _, _ in .text("down\n", status: 502) }
        let http = try client()
        let response = try http.fetch(.init(url: server.baseURL + "/x")).get()
        #expect(response.status == 502)
        #expect(response.attempts == 3)
        #expect(server.requestCount == 3)
        #expect(http.counts.sent == 3)
        #expect(http.counts.retried == 2)
    }

    @Test func aCutOffBodyIsRetriedAndNeverReturnedAsComplete() throws {
        let body = String(repeating: "Pod/1.0.0\n", count: 100)
        let server = try LoopbackHTTPServer { _, number in
            number == 1 ? HTTPResponse.text(body).truncated(to: 50) : .text(body)
        }
        let response = try client().fetch(.init(url: server.baseURL + "/x")).get()
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        #expect(response.attempts == 2)

        let always = try LoopbackHTTPServer { _, _ in HTTPResponse.text(body).truncated(to: 50) }
        let error = try #require(throws: HTTPError.self) { try client().fetch(.init(url: always.baseURL + "/x")).get() }
        #expect(error.kind == .truncated)
        #expect(error.attempts == 3)
        #expect(error.description.hasPrefix("the connection to \(always.baseURL)/x closed before the whole answer arrived"))
        #expect(error.description.hasSuffix("(after 3 attempts)"))
    }

    @Test func aServerThatStallsTimesOutAndASlowFirstAnswerIsRetried() throws {
        let once = try LoopbackHTTPServer { _, number in
            number == 1 ? HTTPResponse.text("late\n").delayed(by: 3) : .text("fresh\n")
        }
        let response = try client().fetch(.init(url: once.baseURL + "/x")).get()
        #expect(String(decoding: response.body, as: UTF8.self) == "fresh\n")
        #expect(response.attempts == 2)

        var options = Self.quick
        options.retry.attempts = 1
        let stalled = try LoopbackHTTPServer { _, _ in HTTPResponse.text("late\n").delayed(by: 3) }
        let error = try #require(throws: HTTPError.self) { try client(options).fetch(.init(url: stalled.baseURL + "/x")).get() }
        #expect(error.kind == .timedOut)
        #expect(error.description == "\(stalled.baseURL)/x did not answer in time (nothing received for 1 s)")
    }

    @Test func nothingListeningIsUnreachableAtOnce() throws {
        let port = try freeLocalPort()
        let error = try #require(throws: HTTPError.self) {
            try client().fetch(.init(url: "http://127.0.0.1:\(port)/CocoaPods-version.yml")).get()
        }
        #expect(error.kind == .unreachable)
        #expect(error.attempts == 1)
        #expect(error.description.hasPrefix("cannot reach http://127.0.0.1:\(port)/CocoaPods-version.yml ("))
    }

    @Test func aBodyLargerThanAllowedFails() throws {
        let server = try LoopbackHTTPServer { _, _ in .text(String(repeating: "x", count: 4 << 20)) }
        var options = Self.quick
        options.maxBodySize = 1 << 20
        let error = try #require(throws: HTTPError.self) { try client(options).fetch(.init(url: server.baseURL + "/big")).get() }
        #expect(error.kind == .tooLarge)
        #expect(error.attempts == 1)
    }

    @Test func requestsRunInParallelWithinTheConnectionLimit() throws {
        let inFlight = Locked((now: 0, peak: 0))
        let server = try LoopbackHTTPServer { request, _ in
            inFlight.withLock { $0.now += 1; $0.peak = max($0.peak, $0.now) }
            Thread.sleep(forTimeInterval: 0.05)
            inFlight.withLock { $0.now -= 1 }
            return .text(request.path)
        }
        var options = Self.quick
        options.maxConnectionsPerHost = 6
        let http = try client(options)
        let results = Locked([String: String]())
        let group = DispatchGroup()
        for index in 0..<40 {
            group.enter()
            http.start(.init(url: server.baseURL + "/file\(index)")) { result in
                let body = (try? result.get()).map { String(decoding: $0.body, as: UTF8.self) } ?? "failed"
                results.withLock { $0["/file\(index)"] = body }
                group.leave()
            }
        }
        group.wait()
        let answers = results.withLock { $0 }
        #expect(answers.count == 40)
        #expect(answers.allSatisfy { $0.key == $0.value })
        let peak = inFlight.withLock { $0.peak }
        #expect(peak > 1)
        #expect(peak <= 6)
    }
}

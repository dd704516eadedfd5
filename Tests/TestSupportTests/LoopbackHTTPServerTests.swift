#if canImport(Glibc)
import Glibc
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// The loopback HTTP server the CDN tests build on, driven by URLSession and by a raw socket.
@Suite struct LoopbackHTTPServerTests {
    /// A GET through URLSession: status, body and the response's header fields.
    func get(_ url: URL, headers: [String: String] = [:]) async throws -> (Int, Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http)
    }

    @Test func servesFilesFromADirectoryOnAKernelChosenPort() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Foo\nBar\n", to: "all_pods.txt")
        try directory.write("{}", to: "Specs/a/b/c/Foo/1.0.0/Foo.podspec.json")
        let server = try LoopbackHTTPServer(serving: directory.path)
        #expect(server.port > 0)
        #expect(server.baseURL == "http://127.0.0.1:\(server.port)")

        let (status, body, _) = try await get(server.url("/all_pods.txt"))
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "Foo\nBar\n")
        let (nested, nestedBody, _) = try await get(server.url("/Specs/a/b/c/Foo/1.0.0/Foo.podspec.json"))
        #expect(nested == 200)
        #expect(nestedBody == Data("{}".utf8))
        let (missing, _, _) = try await get(server.url("/nothing.txt"))
        #expect(missing == 404)
        let (escape, _, _) = try await get(server.url("/../etc/passwd"))
        #expect(escape == 404)
        #expect(server.requestCount == 4)
        #expect(server.requestCount(for: "/all_pods.txt") == 1)
    }

    @Test func answersIfNoneMatchWithNotModified() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Foo\n", to: "all_pods.txt")
        let server = try LoopbackHTTPServer(serving: directory.path)

        let (first, _, response) = try await get(server.url("/all_pods.txt"))
        let etag = try #require(response.value(forHTTPHeaderField: "ETag"))
        #expect(first == 200)
        #expect(etag == HTTPResponse.etag(of: Data("Foo\n".utf8)))
        let (again, body, _) = try await get(server.url("/all_pods.txt"), headers: ["If-None-Match": etag])
        #expect(again == 304)
        #expect(body.isEmpty)
        let (stale, staleBody, _) = try await get(server.url("/all_pods.txt"), headers: ["If-None-Match": "\"other\""])
        #expect(stale == 200)
        #expect(staleBody == Data("Foo\n".utf8))
        #expect(server.requests.map { $0.header("if-none-match") } == [nil, etag, "\"other\""])
    }

    @Test func letsAHandlerChooseStatusAndCountRequests() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Foo\n", to: "all_pods.txt")
        // The first request fails, the ones after it are served.
        let server = try LoopbackHTTPServer(serving: directory.path) { _, number in
            number == 1 ? .text("busy\n", status: 503, headers: ["Retry-After": "1"]) : nil
        }
        let (first, body, response) = try await get(server.url("/all_pods.txt"))
        #expect(first == 503)
        #expect(String(decoding: body, as: UTF8.self) == "busy\n")
        #expect(response.value(forHTTPHeaderField: "Retry-After") == "1")
        let (second, _, _) = try await get(server.url("/all_pods.txt?fresh=1"))
        #expect(second == 200)
        #expect(server.requests.map(\.target) == ["/all_pods.txt", "/all_pods.txt?fresh=1"])
        #expect(server.requests.map(\.method) == ["GET", "GET"])
        #expect(server.requestCount(for: "/all_pods.txt") == 2)
    }

    @Test func delaysAnAnswer() throws {
        let server = try LoopbackHTTPServer { _, _ in HTTPResponse.text("late").delayed(by: 0.3) }
        let start = Date()
        let answer = try rawGet(port: server.port, target: "/late")
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(answer.hasSuffix("\r\n\r\nlate"))
    }

    @Test func aDelayedAnswerHoldsUpNoOther() throws {
        let server = try LoopbackHTTPServer { request, _ in
            request.path == "/slow" ? HTTPResponse.text("slow").delayed(by: 10) : .text("fast")
        }
        let slow = try connectToLoopback(port: server.port)
        defer { close(slow) }
        _ = "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".withCString { write(slow, $0, strlen($0)) }
        let fast = try rawGet(port: server.port, target: "/fast")
        #expect(fast.hasSuffix("\r\n\r\nfast"))
        // The slow request is still waiting for its answer.
        var waiting = pollfd(fd: slow, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 0) == 0)
    }

    @Test func cutsATruncatedBodyShort() throws {
        let server = try LoopbackHTTPServer { _, _ in HTTPResponse.text("0123456789").truncated(to: 4) }
        let answer = try rawGet(port: server.port, target: "/file")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.contains("Content-Length: 10\r\n"))
        #expect(answer.hasSuffix("\r\n\r\n0123"))
        #expect(server.requests == [HTTPRequest(method: "GET", target: "/file", headers: ["host": "127.0.0.1"])])
    }

    @Test func aTruncatedBodyIsAnErrorToURLSession() async throws {
        let server = try LoopbackHTTPServer { _, _ in HTTPResponse.text(String(repeating: "x", count: 1000)).truncated(to: 10) }
        await #expect(throws: (any Error).self) { _ = try await get(server.url("/file")) }
    }

    /// A POST's body is read and kept, as curl sends it (here the README's GitLab merge request).
    @Test func keepsAPostsFormBody() throws {
        let server = try LoopbackHTTPServer { _, _ in .text("{}", status: 201) }
        let post = try ProcessRunner.run("curl", ["--fail", "--silent", "--request", "POST", "--header", "PRIVATE-TOKEN: t",
                                                  "--data-urlencode", "source_branch=compctl/Foo=1.0", "--data-urlencode", "title=A & B",
                                                  server.baseURL + "/api/v4/projects/42/merge_requests"])
        #expect(post.exitCode == 0 && post.stdout == "{}", "\(post)")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.path == "/api/v4/projects/42/merge_requests")
        #expect(request.header("private-token") == "t")
        #expect(request.formFields == ["source_branch": "compctl/Foo=1.0", "title": "A & B"])
    }

    @Test func headSendsNoBody() throws {
        let server = try LoopbackHTTPServer { _, _ in .text("body") }
        let answer = try rawGet(port: server.port, target: "/x", method: "HEAD")
        #expect(answer.contains("Content-Length: 4\r\n"))
        #expect(answer.hasSuffix("\r\n\r\n"))
    }

    @Test func stopsWhenTheHandleGoesAway() throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer { _, _ in .text("") }
        let port = try #require(server?.port)
        #expect(acceptsConnections(port: port))
        server = nil
        #expect(!acceptsConnections(port: port))
    }
}

/// Sends one raw request to 127.0.0.1:`port` and returns everything read until the server
/// closed the connection.
private func rawGet(port: Int, target: String, method: String = "GET") throws -> String {
    let fd = try connectToLoopback(port: port)
    defer { close(fd) }
    let request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    _ = request.withCString { write(fd, $0, strlen($0)) }
    var answer = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { break }
        answer += buffer[0..<count]
    }
    return String(decoding: answer, as: UTF8.self)
}

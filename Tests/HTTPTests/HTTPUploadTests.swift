import Foundation
import HTTP
import Testing
import TestSupport

/// PUT and HEAD, as the binary channel's artifact store uses them.
@Suite struct HTTPUploadTests {
    @Test func putsTheWholeBodyWithItsFieldsAndNoExpectRoundTrip() throws {
        let server = try LoopbackHTTPServer { _, _ in HTTPResponse(status: 201) }
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let response = try HTTPClient(options: HTTPClientTests.quick).fetch(HTTPClient.Request(
            method: "PUT", url: server.baseURL + "/store/X/1.0/X.zip", headers: ["Authorization": "Bearer t"], body: body)).get()
        #expect(response.status == 201)
        let request = try #require(server.requests.first)
        #expect(request.method == "PUT" && request.path == "/store/X/1.0/X.zip")
        #expect(request.body == body)
        #expect(request.header("Authorization") == "Bearer t")
        #expect(request.header("Content-Length") == "300000")
        #expect(request.header("Expect") == nil)
    }

    @Test func aRetriedUploadSendsTheWholeBodyAgain() throws {
        let server = try LoopbackHTTPServer { _, number in number == 1 ? .text("busy\n", status: 503) : HTTPResponse(status: 201) }
        let body = Data("archive bytes".utf8)
        let response = try HTTPClient(options: HTTPClientTests.quick).fetch(
            HTTPClient.Request(method: "PUT", url: server.baseURL + "/a.zip", body: body)).get()
        #expect(response.status == 201 && response.attempts == 2)
        #expect(server.requests.map(\.body) == [body, body])
    }

    @Test func headGetsTheFieldsWithoutABody() throws {
        let server = try LoopbackHTTPServer { _, _ in .text("0123456789") }
        let response = try HTTPClient(options: HTTPClientTests.quick).fetch(
            HTTPClient.Request(method: "HEAD", url: server.baseURL + "/a.zip")).get()
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.header("Content-Length") == "10")
        #expect(server.requests.map(\.method) == ["HEAD"])
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// The artifact store the binary channel's tests upload to.
@Suite struct ArtifactServerTests {
    /// One request over a raw socket (URLSession answers a 401 challenge on its own): the
    /// status and the body, read until the server closes the connection.
    func send(_ method: String, _ url: String, body: Data = Data(), headers: [String: String] = [:]) throws -> (Int, Data) {
        let parsed = URL(string: url)!
        let socket = try connectToLoopback(port: parsed.port!)
        defer { close(socket) }
        var head = "\(method) \(parsed.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Data((head + "\r\n").utf8) + body
        _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        let split = response.range(of: Data("\r\n\r\n".utf8))!
        let status = Int(String(decoding: response[..<split.lowerBound], as: UTF8.self).split(separator: " ")[1])!
        return (status, method == "HEAD" ? Data() : response[split.upperBound...])
    }

    @Test func storesAnAuthenticatedPutAndServesIt() throws {
        let store = try ArtifactServer(failingPuts: 1)
        let url = store.baseURL + "/XXLogger/1.4.2/XXLogger.zip"
        let auth = ["Authorization": "Bearer \(store.token)"]
        #expect(try send("PUT", url, body: Data("zip".utf8)).0 == 401)
        #expect(try send("PUT", url, body: Data("zip".utf8), headers: auth).0 == 503)
        #expect(try send("GET", url).0 == 404)
        #expect(try send("PUT", url, body: Data("zip".utf8), headers: auth).0 == 201)
        #expect(try send("GET", url) == (200, Data("zip".utf8)))
        #expect(try send("PUT", url, body: Data("other".utf8), headers: auth.merging(["If-None-Match": "*"]) { a, _ in a }).0 == 412)
        #expect(store.contents("XXLogger/1.4.2/XXLogger.zip") == Data("zip".utf8))
        store.serve(Data("tampered".utf8), at: "XXLogger/1.4.2/XXLogger.zip")
        #expect(try send("GET", url) == (200, Data("tampered".utf8)))
        #expect(store.paths == ["XXLogger/1.4.2/XXLogger.zip"])
        #expect(store.uploads.count == 4)
    }

    @Test func aStalledUploadKeepsNothingWhenTheClientGoesAway() throws {
        let store = try ArtifactServer(stallingUploads: true)
        let socket = try connectToLoopback(port: store.server.port)
        let body = String(repeating: "z", count: 100)
        let request = "PUT /artifacts/X/1.0/X.zip HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(store.token)\r\n"
            + "Content-Length: \(body.count)\r\n\r\n" + body
        _ = request.withCString { Glibc.send(socket, $0, strlen($0), 0) }
        let head = try #require(store.server.waitForStalledUpload(timeout: 10))
        #expect(head.method == "PUT" && head.path == "/artifacts/X/1.0/X.zip")
        close(socket)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(store.paths.isEmpty)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One request a `LoopbackHTTPServer` received.
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `HEAD`…
    public var method: String
    /// The request target as sent (`/all_pods.txt`, `/a/b?x=1`).
    public var target: String
    /// The header fields, names lower-cased; a repeated field keeps its last value.
    public var headers: [String: String]
    /// The body (`Content-Length` bytes; none without it).
    public var body: Data

    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The fields of an `application/x-www-form-urlencoded` body, decoded.
    public var formFields: [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    /// The target without its query, percent-decoded.
    public var path: String {
        let raw = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        return raw.removingPercentEncoding ?? raw
    }

    /// The value of the header field `name` (any case).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// What a `LoopbackHTTPServer` answers to one request, and how.
public struct HTTPResponse: Sendable {
    /// The status code (200, 304, 404, 500…).
    public var status: Int
    /// Header fields to send besides `Content-Length` and `Connection: close`.
    public var headers: [String: String]
    /// The body (not sent for `HEAD` and 304).
    public var body: Data
    /// How long the server waits before answering.
    public var delay: TimeInterval
    /// When set, only this many bytes of the body are sent (`Content-Length` still says the
    /// whole size) before the connection is closed: a transfer cut short.
    public var truncatedTo: Int?

    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0,
                truncatedTo: Int? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.truncatedTo = truncatedTo
    }

    /// A response with a UTF-8 text body.
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(text.utf8))
    }

    /// 401 asking for Basic credentials: what a server that refuses the ones it got answers.
    public static let unauthorized = HTTPResponse(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"specs\""])

    /// 404 with a short text body.
    public static let notFound = HTTPResponse.text("not found\n", status: 404)

    /// This response, answered `seconds` later.
    public func delayed(by seconds: TimeInterval) -> HTTPResponse {
        var copy = self
        copy.delay = seconds
        return copy
    }

    /// This response with only the first `count` bytes of its body sent.
    public func truncated(to count: Int) -> HTTPResponse {
        var copy = self
        copy.truncatedTo = count
        return copy
    }

    /// The file `request.path` names below `directory`: 200 with an `ETag`, 304 when the
    /// request's `If-None-Match` names that ETag, 404 when there is no such file (or the path
    /// leaves the directory).
    public static func file(in directory: String, for request: HTTPRequest) -> HTTPResponse {
        let relative = request.path.split(separator: "/").map(String.init)
        guard !relative.contains(".."), !relative.isEmpty,
              let data = FileManager.default.contents(atPath: ([directory] + relative).joined(separator: "/")),
              !isDirectory(([directory] + relative).joined(separator: "/"))
        else { return .notFound }
        return content(data, for: request)
    }

    /// `data` as the answer to `request`: 200 with an `ETag`, 304 when the request's
    /// `If-None-Match` names that ETag, 404 when `data` is nil.
    public static func content(_ data: Data?, for request: HTTPRequest) -> HTTPResponse {
        guard let data else { return .notFound }
        let tag = etag(of: data)
        if let match = request.header("If-None-Match"),
           match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag || $0 == "*" }) {
            return HTTPResponse(status: 304, headers: ["ETag": tag])
        }
        return HTTPResponse(status: 200, headers: ["ETag": tag], body: data)
    }

    /// A strong ETag for `data`: its FNV-1a 64-bit hash, quoted.
    public static func etag(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "\""
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}

/// An HTTP/1.1 server on 127.0.0.1, on a port the kernel chose, for tests that must not
/// touch the network: it serves the files of a directory (with ETags and 304s) or answers
/// through a handler that decides each request's status, headers, body, delay and
/// truncation. It records every request. One request per connection (`Connection: close`);
/// each connection is served on its own thread, so a delayed answer holds up no other.
/// Stopped (and its accept loop waited for) when the handle goes away.
public final class LoopbackHTTPServer: Sendable {
    /// Decides the answer to a request; `number` counts the server's requests from 1.
    public typealias Handler = @Sendable (_ request: HTTPRequest, _ number: Int) -> HTTPResponse

    /// The port it listens on.
    public let port: Int
    private let core: Core

    /// Decides, from a request's head (its body still empty), to stop reading its body after
    /// that many bytes and wait for the client to go away, answering nothing: an upload that
    /// stalls, so a test can kill the client in the middle of it. `nil` reads it all.
    public typealias BodyStall = @Sendable (_ head: HTTPRequest) -> Int?

    /// A server answering every request through `handler`; `stall` holds chosen uploads.
    public init(stall: BodyStall? = nil, handler: @escaping Handler) throws {
        let (listener, port) = try listenOnLoopback(backlog: 64)
        self.port = port
        core = Core(listener: listener, handler: handler, stall: stall)
        let core = self.core
        Thread.detachNewThread { core.acceptLoop() }
    }

    /// A server for the files below `directory` (see `HTTPResponse.file(in:for:)`);
    /// `override` may answer a request itself (return `nil` to serve the file), to fail,
    /// delay or cut short chosen requests.
    public convenience init(serving directory: String,
                            override: (@Sendable (_ request: HTTPRequest, _ number: Int) -> HTTPResponse?)? = nil) throws {
        try self.init { request, number in
            override?(request, number) ?? HTTPResponse.file(in: directory, for: request)
        }
    }

    /// A server for `files` (relative path, without the leading `/` → content), answered as
    /// `HTTPResponse.content(_:for:)` does; `override` may answer a request itself (return
    /// `nil` to serve the file).
    public convenience init(files: [String: Data],
                            override: (@Sendable (_ request: HTTPRequest, _ number: Int) -> HTTPResponse?)? = nil) throws {
        try self.init { request, number in
            override?(request, number) ?? HTTPResponse.content(files[String(request.path.dropFirst())], for: request)
        }
    }

    /// A server that answers every request with 401 (refused credentials).
    public static func refusing() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _, _ in .unauthorized }
    }

    deinit {
        core.stop()
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The URL of `path` (which starts with `/`) on this server.
    public func url(_ path: String) -> URL {
        URL(string: baseURL + path)!
    }

    /// Every request received so far, in the order they arrived.
    public var requests: [HTTPRequest] {
        core.received.withLock { $0 }
    }

    /// Waits until a request's body has stalled (see `BodyStall`) and returns its head, or
    /// `nil` after `timeout` seconds.
    public func waitForStalledUpload(timeout: TimeInterval) -> HTTPRequest? {
        guard core.stalled.wait(timeout: .now() + timeout) == .success else { return nil }
        return core.stalledHeads.withLock { $0.last }
    }

    /// How many requests were received so far.
    public var requestCount: Int {
        core.received.withLock { $0.count }
    }

    /// How many requests were received once none has arrived for `quiet` seconds (at most
    /// `timeout` seconds of waiting): for counting after clients that may still have a
    /// request on the wire, such as a source released with one under way.
    public func requestCountOnceQuiet(for quiet: TimeInterval = 0.2, timeout: TimeInterval = 5) -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        var count = requestCount
        while Date() < deadline {
            Thread.sleep(forTimeInterval: quiet)
            let now = requestCount
            if now == count { break }
            count = now
        }
        return count
    }

    /// How many requests for `path` (query ignored) were received so far.
    public func requestCount(for path: String) -> Int {
        requests.filter { $0.path == path }.count
    }

    /// The listening socket and what the threads share.
    private final class Core: Sendable {
        let listener: Int32
        let handler: Handler
        let stall: BodyStall?
        let received = Locked<[HTTPRequest]>([])
        /// Signalled once per stalled upload; `stalledHeads` holds their heads.
        let stalled = DispatchSemaphore(value: 0)
        let stalledHeads = Locked<[HTTPRequest]>([])
        private let acceptLoopEnded = DispatchSemaphore(value: 0)

        init(listener: Int32, handler: @escaping Handler, stall: BodyStall?) {
            self.listener = listener
            self.handler = handler
            self.stall = stall
        }

        func stop() {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
            acceptLoopEnded.wait()
        }

        func acceptLoop() {
            defer { acceptLoopEnded.signal() }
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                Thread.detachNewThread { [self] in serve(connection) }
            }
        }

        private func serve(_ connection: Int32) {
            defer { close(connection) }
            #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            guard let request = readRequest(connection) else { return }
            let number = received.withLock { list in
                list.append(request)
                return list.count
            }
            let response = handler(request, number)
            if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
            var fields = response.headers
            fields["Content-Length"] = String(response.body.count)
            fields["Connection"] = "close"
            var head = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            head += "\r\n"
            var bytes = Data(head.utf8)
            if request.method != "HEAD", response.status != 304 {
                bytes += response.body.prefix(response.truncatedTo ?? response.body.count)
            }
            transmit(bytes, to: connection)
        }

        /// Reads the request line, the header fields and a body of `Content-Length` bytes;
        /// `nil` when the client closed first or sent no HTTP.
        private func readRequest(_ connection: Int32) -> HTTPRequest? {
            var bytes = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            let end = Array("\r\n\r\n".utf8)
            var headEnd: Int?
            while headEnd == nil {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { return nil }
                bytes += buffer[0..<count]
                if bytes.count > 1 << 20 { return nil }
                headEnd = bytes.count < 4 ? nil : (0...(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(end) }
            }
            let lines = String(decoding: bytes[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
            let requestLine = lines[0].split(separator: " ")
            guard requestLine.count >= 2 else { return nil }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            var body = Array(bytes[(headEnd! + 4)...])
            let length = min(Int(headers["content-length"] ?? "") ?? 0, 64 << 20)
            let head = HTTPRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers)
            if let stall, let limit = stall(head) {
                while body.count < min(limit, length) {
                    let count = read(connection, &buffer, min(buffer.count, min(limit, length) - body.count))
                    if count <= 0 { return nil }
                    body += buffer[0..<count]
                }
                stalledHeads.withLock { $0.append(head) }
                stalled.signal()
                // Keep nothing more and answer nothing, until the client gives up (or is killed).
                while read(connection, &buffer, buffer.count) > 0 {}
                return nil
            }
            while body.count < length {
                let count = read(connection, &buffer, min(buffer.count, length - body.count))
                if count <= 0 { return nil }
                body += buffer[0..<count]
            }
            return HTTPRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
                               body: Data(body.prefix(length)))
        }

        private func transmit(_ data: Data, to connection: Int32) {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < buffer.count {
                    let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, flags)
                    if sent < 0, errno == EINTR { continue }
                    if sent <= 0 { return }
                    offset += sent
                }
            }
        }

        private func reason(_ status: Int) -> String {
            switch status {
            case 200: return "OK"
            case 304: return "Not Modified"
            case 401: return "Unauthorized"
            case 403: return "Forbidden"
            case 201: return "Created"
            case 404: return "Not Found"
            case 412: return "Precondition Failed"
            case 429: return "Too Many Requests"
            case 500: return "Internal Server Error"
            case 503: return "Service Unavailable"
            default: return "Status"
            }
        }
    }
}

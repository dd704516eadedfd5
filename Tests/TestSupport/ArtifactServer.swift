import Foundation

/// An artifact store on 127.0.0.1 as Artifactory, Nexus or a WebDAV folder serve one: `PUT`
/// with a bearer token stores a file (`If-None-Match: *` refuses one that exists, with 412),
/// `GET` and `HEAD` serve it. It can refuse the first uploads with 503 (for retries), stall an
/// upload's body (for a kill in the middle of it), or serve other bytes than it was given
/// (a store that corrupted or replaced an archive).
public final class ArtifactServer: Sendable {
    /// The token uploads must carry (`Authorization: Bearer …`).
    public let token: String
    public let server: LoopbackHTTPServer
    private let state: Locked<State>

    private struct State {
        var files: [String: Data] = [:]
        var failuresLeft = 0
        var served: [String: Data] = [:]
        var corrupts = false
    }

    /// A store under `/artifacts` taking uploads with `token`; the first `failingPuts` uploads
    /// get 503; with `stallingUploads`, every upload's body stops after 16 bytes and the server
    /// waits, answering nothing; with `corruptsUploads`, it keeps each upload with its last
    /// byte changed by one.
    public init(token: String = "test-artifact-token", failingPuts: Int = 0, stallingUploads: Bool = false,
                corruptsUploads: Bool = false) throws {
        self.token = token
        let state = Locked(State(failuresLeft: failingPuts, corrupts: corruptsUploads))
        self.state = state
        var stall: LoopbackHTTPServer.BodyStall?
        if stallingUploads {
            stall = { (head: HTTPRequest) -> Int? in head.method == "PUT" ? 16 : nil }
        }
        let handler: LoopbackHTTPServer.Handler = { request, _ in ArtifactServer.answer(request, token: token, state: state) }
        server = try LoopbackHTTPServer(stall: stall, handler: handler)
    }

    /// The store's base URL, for compctl.yml's `artifact_store`.
    public var baseURL: String { server.baseURL + "/artifacts" }

    /// The bytes stored at `path` (below `/artifacts/`), if any.
    public func contents(_ path: String) -> Data? {
        state.withLock { $0.files[path] }
    }

    /// Every stored path, sorted.
    public var paths: [String] {
        state.withLock { $0.files.keys.sorted() }
    }

    /// Stores `data` at `path` as if someone had uploaded it.
    public func store(_ data: Data, at path: String) {
        state.withLock { $0.files[path] = data }
    }

    /// From now on `GET` of `path` returns `data` instead of what is stored.
    public func serve(_ data: Data, at path: String) {
        state.withLock { $0.served[path] = data }
    }

    /// The `PUT` requests received so far.
    public var uploads: [HTTPRequest] {
        server.requests.filter { $0.method == "PUT" }
    }

    private static func answer(_ request: HTTPRequest, token: String, state: Locked<State>) -> HTTPResponse {
        guard request.path.hasPrefix("/artifacts/") else { return .notFound }
        let path = String(request.path.dropFirst("/artifacts/".count))
        switch request.method {
        case "PUT":
            guard request.header("Authorization") == "Bearer \(token)" else { return .unauthorized }
            return state.withLock { state in
                if state.failuresLeft > 0 {
                    state.failuresLeft -= 1
                    return HTTPResponse.text("busy\n", status: 503)
                }
                if request.header("If-None-Match") == "*", state.files[path] != nil {
                    return HTTPResponse.text("exists\n", status: 412)
                }
                var body = request.body
                if state.corrupts, let last = body.indices.last { body[last] &+= 1 }
                state.files[path] = body
                return HTTPResponse(status: 201)
            }
        case "GET", "HEAD":
            let data = state.withLock { $0.served[path] ?? $0.files[path] }
            guard let data else { return .notFound }
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/zip"], body: data)
        default:
            return HTTPResponse.text("method not allowed\n", status: 405)
        }
    }
}

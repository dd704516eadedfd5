import CCurl
import Foundation

/// Requests (GET, HEAD, and PUT uploads) over libcurl's multi interface, many at once: a bounded number of
/// connections (HTTP/2 multiplexes requests over one connection where the server offers
/// it, HTTP/1.1 keeps connections alive), timeouts on connecting and on a stalled transfer,
/// and retries with backoff on transient failures. One thread drives every transfer; the
/// answers come back through completion handlers or, for `fetch`, to the waiting caller.
///
/// libcurl is loaded on first use (see `CCurl`), so a process that never makes a request
/// never pays for loading it.
public final class HTTPClient: Sendable {
    public let options: HTTPClientOptions
    private let engine: Engine

    /// A client with `options`. Throws `HTTPError.Kind.noLibrary` when libcurl cannot be
    /// loaded.
    public init(options: HTTPClientOptions = HTTPClientOptions()) throws(HTTPError) {
        var buffer = [CChar](repeating: 0, count: 512)
        guard ccurl_load(&buffer, buffer.count) == 0 else {
            let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw HTTPError(kind: .noLibrary, url: "",
                            message: "\(reason); compctl reads CDN sources with libcurl: install it "
                                + "(apt-get install libcurl4, or your system's libcurl package)")
        }
        self.options = options
        engine = Engine(options: options)
        let engine = self.engine
        let thread = Thread { engine.run() }
        thread.name = "compctl-http"
        thread.start()
    }

    deinit {
        engine.stop()
    }

    /// The version of the libcurl in use and whether it speaks HTTP/2.
    public static func libraryVersion() -> (version: String, http2: Bool)? {
        guard ccurl_load(nil, 0) == 0 else { return nil }
        return (String(cString: ccurl_version()), ccurl_supports_http2() != 0)
    }

    /// Sends `request`, retrying as `options.retry` allows, and calls `completion` once with
    /// the final answer (any status) or the error. The handler runs on the client's thread:
    /// keep it short.
    public func start(_ request: Request, completion: @escaping @Sendable (Result<Response, HTTPError>) -> Void) {
        engine.submit(Transfer(request: request, completion: completion))
    }

    /// Sends `request` and waits for the final answer or the error.
    public func fetch(_ request: Request) -> Result<Response, HTTPError> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        start(request) { result in
            box.result = result
            done.signal()
        }
        done.wait()
        return box.result!
    }

    /// How many requests were sent so far (each retry counts), and how many of them were retries.
    public var counts: (sent: Int, retried: Int) {
        engine.counts()
    }
}

private final class ResultBox: @unchecked Sendable {
    var result: Result<HTTPClient.Response, HTTPError>?
}

/// One request in flight, with what has arrived so far.
private final class Transfer: @unchecked Sendable {
    let request: HTTPClient.Request
    let completion: @Sendable (Result<HTTPClient.Response, HTTPError>) -> Void
    var attempt = 0
    var handle: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    var body = Data()
    var headers: [String: String] = [:]
    var tooLarge = false
    var maxBodySize = Int.max
    /// How much of a PUT's body libcurl has taken so far.
    var uploaded = 0

    init(request: HTTPClient.Request, completion: @escaping @Sendable (Result<HTTPClient.Response, HTTPError>) -> Void) {
        self.request = request
        self.completion = completion
    }

    /// Starts the next attempt afresh.
    func reset() {
        body = Data()
        headers = [:]
        tooLarge = false
        uploaded = 0
    }
}

/// The multi handle and the thread that drives it. Everything but `submit`, `stop` and
/// `counts` runs on that thread.
private final class Engine: @unchecked Sendable {
    let options: HTTPClientOptions
    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    private var incoming: [Transfer] = []
    private var stopping = false
    private var sent = 0
    private var retried = 0
    private let stopped = DispatchSemaphore(value: 0)
    // Owned by the engine's thread.
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]
    private var waiting: [(due: UInt64, transfer: Transfer)] = []
    /// Whether the user has a `.netrc` in their home, where libcurl reads credentials.
    private let hasNetrc = Engine.netrcExists()

    init(options: HTTPClientOptions) {
        self.options = options
        multi = ccurl_multi_init()
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, options.maxConnections)
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, options.maxConnectionsPerHost)
        ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    func submit(_ transfer: Transfer) {
        // One wake-up for a burst of requests: the engine takes all that came in at once, so
        // a request joining a queue that is not empty has its wake-up sent already.
        let first = lock.withLock { () -> Bool in
            incoming.append(transfer)
            return incoming.count == 1
        }
        if first { ccurl_multi_wakeup(multi) }
    }

    func stop() {
        lock.withLock { stopping = true }
        ccurl_multi_wakeup(multi)
        stopped.wait()
    }

    func counts() -> (sent: Int, retried: Int) {
        lock.withLock { (sent, retried) }
    }

    func run() {
        defer {
            for (handle, transfer) in active {
                ccurl_multi_remove_handle(multi, handle)
                release(transfer)
            }
            ccurl_multi_cleanup(multi)
            stopped.signal()
        }
        while true {
            let (new, stop) = lock.withLock { () -> ([Transfer], Bool) in
                defer { incoming.removeAll() }
                return (incoming, stopping)
            }
            if stop { return }
            for transfer in new { begin(transfer) }
            let now = DispatchTime.now().uptimeNanoseconds
            let due = waiting.filter { $0.due <= now }.map(\.transfer)
            waiting.removeAll { $0.due <= now }
            for transfer in due { begin(transfer) }

            var running: Int32 = 0
            ccurl_multi_perform(multi, &running)
            var code = CURLE_OK
            while let handle = ccurl_multi_next_done(multi, &code) {
                finish(handle, code)
            }
            var timeout = 1000
            if let next = waiting.map(\.due).min() {
                let left = next > now ? Int((next - now) / 1_000_000) + 1 : 0
                timeout = min(timeout, left)
            }
            ccurl_multi_poll(multi, Int32(timeout))
        }
    }

    /// Sends one attempt of `transfer`.
    private func begin(_ transfer: Transfer) {
        transfer.attempt += 1
        transfer.reset()
        transfer.maxBodySize = options.maxBodySize
        lock.withLock {
            sent += 1
            if transfer.attempt > 1 { retried += 1 }
        }
        guard let handle = ccurl_easy_init() else {
            transfer.completion(.failure(HTTPError(kind: .transport, url: transfer.request.url,
                                                   message: "cannot set up a request for \(transfer.request.url)")))
            return
        }
        transfer.handle = handle
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        ccurl_easy_setopt_pointer(handle, CURLOPT_URL, transfer.request.url)
        ccurl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, context)
        ccurl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, writeBody)
        ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        ccurl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, readHeader)
        ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        ccurl_easy_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
        if ccurl_easy_setopt_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK {
            ccurl_easy_setopt_long(handle, CURLOPT_PROTOCOLS, Int(CURLPROTO_HTTP | CURLPROTO_HTTPS))
        }
        if ccurl_easy_setopt_pointer(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK {
            ccurl_easy_setopt_long(handle, CURLOPT_REDIR_PROTOCOLS, Int(CURLPROTO_HTTP | CURLPROTO_HTTPS))
        }
        // HTTP/2 over TLS when the server offers it (ALPN), waiting for a multiplexed
        // connection rather than opening one per request. Plain http:// is HTTP/1.1, where
        // waiting would only serialize the requests over one connection.
        ccurl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        if transfer.request.url.lowercased().hasPrefix("https:") {
            ccurl_easy_setopt_long(handle, CURLOPT_PIPEWAIT, 1)
        }
        ccurl_easy_setopt_pointer(handle, CURLOPT_ACCEPT_ENCODING, "")
        // Credentials from ~/.netrc when there is one; libcurl would look for it at every request.
        if hasNetrc { ccurl_easy_setopt_long(handle, CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue)) }
        ccurl_easy_setopt_pointer(handle, CURLOPT_USERAGENT, options.userAgent)
        ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(options.connectTimeout * 1000))
        ccurl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
        ccurl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(options.stallTimeout.rounded(.up))))
        var fields = transfer.request.headers
        switch transfer.request.method {
        case "HEAD":
            ccurl_easy_setopt_long(handle, CURLOPT_NOBODY, 1)
        case "PUT":
            ccurl_easy_setopt_long(handle, CURLOPT_UPLOAD, 1)
            ccurl_easy_setopt_callback(handle, CURLOPT_READFUNCTION, readUpload)
            ccurl_easy_setopt_pointer(handle, CURLOPT_READDATA, context)
            ccurl_easy_setopt_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(transfer.request.body?.count ?? 0))
            // No `Expect: 100-continue` round trip before the body.
            if fields.keys.allSatisfy({ $0.lowercased() != "expect" }) { fields["Expect"] = "" }
        default:
            break
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            // `Name:` with nothing after it removes a field libcurl would add.
            list = ccurl_slist_append(list, value.isEmpty ? "\(name):" : "\(name): \(value)")
        }
        transfer.headerList = list
        if let list { ccurl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, list) }
        active[handle] = transfer
        ccurl_multi_add_handle(multi, handle)
    }

    /// Frees what one attempt of `transfer` used.
    private func release(_ transfer: Transfer) {
        if let handle = transfer.handle { ccurl_easy_cleanup(handle) }
        if let list = transfer.headerList { ccurl_slist_free_all(list) }
        transfer.handle = nil
        transfer.headerList = nil
    }

    private func finish(_ handle: UnsafeMutableRawPointer, _ code: CURLcode) {
        ccurl_multi_remove_handle(multi, handle)
        guard let transfer = active.removeValue(forKey: handle) else {
            ccurl_easy_cleanup(handle)
            return
        }
        var status = 0
        ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        ccurl_easy_getinfo_long(handle, CURLINFO_HTTP_VERSION, &version)
        let url = transfer.request.url
        let result: Result<HTTPClient.Response, HTTPError>
        if code == CURLE_OK {
            result = .success(HTTPClient.Response(
                status: status, headers: transfer.headers, body: transfer.body,
                protocolVersion: Self.protocolName(version), attempts: transfer.attempt))
        } else {
            let words = String(cString: ccurl_easy_strerror(code))
            let kind: HTTPError.Kind
            let message: String
            switch code {
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
                kind = .unreachable
                message = "cannot reach \(url) (\(words.lowercased()))"
            case CURLE_OPERATION_TIMEDOUT:
                kind = .timedOut
                message = "\(url) did not answer in time (nothing received for \(Self.seconds(options.stallTimeout)))"
            case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
                kind = .truncated
                message = "the connection to \(url) closed before the whole answer arrived (\(words.lowercased()))"
            case CURLE_WRITE_ERROR where transfer.tooLarge:
                kind = .tooLarge
                message = "\(url) sent more than \(options.maxBodySize >> 20) MB, more than compctl accepts"
            default:
                kind = .transport
                message = "cannot fetch \(url): \(words.lowercased())"
            }
            result = .failure(HTTPError(kind: kind, url: url, message: message, attempts: transfer.attempt))
        }
        release(transfer)
        if transfer.attempt < options.retry.attempts, let wait = retryDelay(result, attempt: transfer.attempt) {
            let due = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, wait) * 1e9)
            waiting.append((due, transfer))
            return
        }
        transfer.completion(result)
    }

    /// How long to wait before sending again, or nil when `result` is final.
    private func retryDelay(_ result: Result<HTTPClient.Response, HTTPError>, attempt: Int) -> TimeInterval? {
        switch result {
        case let .success(response) where RetryPolicy.isRetryable(status: response.status):
            return options.retry.delay(after: attempt, retryAfter: response.header("Retry-After"))
        case let .failure(error) where error.isTransient:
            return options.retry.delay(after: attempt, retryAfter: nil)
        default:
            return nil
        }
    }

    /// Whether `.netrc` exists in the home libcurl looks in: `$HOME`, else the user's
    /// home directory in the password database.
    private static func netrcExists() -> Bool {
        var home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if home == nil, let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            home = String(cString: directory)
        }
        guard let home else { return false }
        return access(home + "/.netrc", F_OK) == 0
    }

    private static func protocolName(_ version: Int) -> String {
        switch version {
        case Int(CURL_HTTP_VERSION_1_0): return "HTTP/1.0"
        case Int(CURL_HTTP_VERSION_2_0): return "HTTP/2"
        case 30: return "HTTP/3"
        default: return "HTTP/1.1"
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

/// libcurl's write callback: appends to the transfer's body, refusing more than it accepts.
private let writeBody: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if transfer.body.count + length > transfer.maxBodySize {
        transfer.tooLarge = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        transfer.body.append(bytes, count: length)
    }
    return length
}

/// libcurl's read callback for a PUT: hands over the next part of the request's body.
private let readUpload: ccurl_data_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    guard let body = transfer.request.body, transfer.uploaded < body.count else { return 0 }
    let length = min(size * count, body.count - transfer.uploaded)
    body.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + transfer.uploaded, byteCount: length)
    }
    transfer.uploaded += length
    return length
}

/// libcurl's header callback: one line at a time; a status line (a redirect's, or the final
/// one) starts the fields afresh.
private let readHeader: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        HeaderLine(UnsafeBufferPointer(start: bytes, count: length))
    }
    switch line {
    case .status: transfer.headers = [:]
    case let .field(name, value): transfer.headers[name] = value
    case .other: break
    }
    return length
}

/// One line of an answer's head as libcurl hands it over, read from its bytes (the HTTP
/// thread reads thousands of them in a resolution).
enum HeaderLine: Equatable {
    /// `HTTP/1.1 200 OK`: a status line (a redirect's, or the final one).
    case status
    /// `Name: value`, the name lowercased, both without the spaces and tabs around them.
    case field(name: String, value: String)
    /// The empty line that ends the head, or a line without a colon.
    case other

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.starts(with: "HTTP/".utf8) {
            self = .status
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            self = .other
            return
        }
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
        }
        func trimmed(_ range: Range<Int>) -> String {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
        }
        let name = trimmed(0..<colon)
        self = .field(name: name.utf8.contains { $0 >= 0x41 && $0 <= 0x5A } ? name.lowercased() : name,
                      value: trimmed((colon + 1)..<bytes.count))
    }
}

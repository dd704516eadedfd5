import Foundation

extension HTTPClient {
    /// One request: the method, the URL, the header fields to send besides libcurl's own and,
    /// for an upload, the body.
    public struct Request: Sendable, Hashable {
        /// `GET` (the default), `HEAD`, or `PUT` (an upload of `body`).
        public var method: String
        /// The absolute `http://` or `https://` URL.
        public var url: String
        /// Extra header fields (`If-None-Match`, `Authorization`), by name.
        public var headers: [String: String]
        /// What a `PUT` sends.
        public var body: Data?

        /// A GET of `url` with `headers`.
        public init(url: String, headers: [String: String] = [:]) {
            self.init(method: "GET", url: url, headers: headers)
        }

        /// A `method` request of `url` with `headers` and, for `PUT`, `body`.
        public init(method: String, url: String, headers: [String: String] = [:], body: Data? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }
    }

    /// A complete answer: the final status after redirects, its header fields and the whole body.
    public struct Response: Sendable, Equatable {
        public var status: Int
        /// Header fields of the final answer, names lower-cased; a repeated field keeps its last value.
        public var headers: [String: String]
        public var body: Data
        /// The protocol the answer came over: `HTTP/1.1`, `HTTP/2`, `HTTP/3`.
        public var protocolVersion: String
        /// How many times the request was sent (1 when it was not retried).
        public var attempts: Int

        /// A response from its parts.
        public init(status: Int, headers: [String: String] = [:], body: Data = Data(), protocolVersion: String = "HTTP/1.1",
                    attempts: Int = 1) {
            self.status = status
            self.headers = headers
            self.body = body
            self.protocolVersion = protocolVersion
            self.attempts = attempts
        }

        /// The value of the header field `name` (any case).
        public func header(_ name: String) -> String? {
            headers[name.lowercased()]
        }
    }
}

/// Why a request got no complete answer.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it was; the client retries only the transient ones.
    public enum Kind: String, Sendable, Equatable {
        /// libcurl could not be loaded.
        case noLibrary
        /// The host name did not resolve, or nothing answered on its port: this machine
        /// cannot reach the server (no network, or the server is down).
        case unreachable
        /// The server stopped sending for longer than the stall timeout, or never answered.
        case timedOut
        /// The connection closed before the whole body arrived.
        case truncated
        /// The body was larger than the client accepts.
        case tooLarge
        /// Any other transfer failure (TLS, protocol errors), with libcurl's words.
        case transport
    }

    public var kind: Kind
    /// The URL requested, as the caller gave it.
    public var url: String
    /// What happened, in libcurl's words or compctl's.
    public var message: String
    /// How many times the request was sent.
    public var attempts: Int

    /// An error of `kind` for `url`.
    public init(kind: Kind, url: String, message: String, attempts: Int = 1) {
        self.kind = kind
        self.url = url
        self.message = message
        self.attempts = attempts
    }

    /// Whether sending the request again may succeed.
    public var isTransient: Bool {
        kind == .timedOut || kind == .truncated || kind == .transport
    }

    public var description: String {
        let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
        return "\(message)\(tries)"
    }
}

/// How often and how patiently a request is sent again after a transient failure: a 5xx or
/// 429 answer, a timeout, a cut-off body or a dropped connection.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request is sent at most.
    public var attempts: Int
    /// The wait before the second attempt; each further wait doubles, with jitter.
    public var baseDelay: TimeInterval
    /// The longest wait between two attempts (also the cap on a `Retry-After`).
    public var maxDelay: TimeInterval

    /// A policy of `attempts` sends, waiting `baseDelay`, then twice that, up to `maxDelay`.
    public init(attempts: Int = 4, baseDelay: TimeInterval = 0.25, maxDelay: TimeInterval = 4) {
        self.attempts = max(1, attempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Whether an answer with `status` is worth asking for again.
    public static func isRetryable(status: Int) -> Bool {
        status == 429 || status == 500 || status == 502 || status == 503 || status == 504
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1), honouring a
    /// `Retry-After` in seconds when the server sent one.
    func delay(after attempt: Int, retryAfter: String?) -> TimeInterval {
        if let retryAfter, let seconds = TimeInterval(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return min(seconds, maxDelay)
        }
        let exponential = baseDelay * pow(2, Double(attempt - 1))
        return min(maxDelay, exponential * Double.random(in: 0.75...1.25))
    }
}

/// How an `HTTPClient` connects: limits, timeouts and retries.
public struct HTTPClientOptions: Sendable, Equatable {
    /// Connections open at once, over every host.
    public var maxConnections: Int
    /// Connections open at once to one host (HTTP/2 multiplexes many requests over one).
    public var maxConnectionsPerHost: Int
    /// The longest wait for a connection to be set up.
    public var connectTimeout: TimeInterval
    /// The longest time a transfer may go without receiving a byte (a server that never
    /// answers, or stops half way).
    public var stallTimeout: TimeInterval
    /// The largest body accepted; a bigger one fails the request.
    public var maxBodySize: Int
    public var retry: RetryPolicy
    /// Sent as `User-Agent`.
    public var userAgent: String

    /// Options with the defaults compctl uses for CDN sources.
    public init(maxConnections: Int = 32, maxConnectionsPerHost: Int = 16, connectTimeout: TimeInterval = 10,
                stallTimeout: TimeInterval = 30, maxBodySize: Int = 64 << 20, retry: RetryPolicy = RetryPolicy(),
                userAgent: String = "compctl") {
        self.maxConnections = maxConnections
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.connectTimeout = connectTimeout
        self.stallTimeout = stallTimeout
        self.maxBodySize = maxBodySize
        self.retry = retry
        self.userAgent = userAgent
    }
}

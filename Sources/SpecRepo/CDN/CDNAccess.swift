import Foundation
import Git
import HTTP
import Podspec

/// How one compctl run reaches CDN sources: where their copies are kept, whether the
/// network may be used, and one HTTP client for all of them (made, and libcurl loaded, only
/// once an http(s) source is met, on another thread). Each CDN is opened once per run,
/// whatever names it.
public final class CDNAccess: @unchecked Sendable {
    /// `$COMPCTL_HOME`: copies go to `cdn/` below it.
    public let home: String
    /// `--offline`: only copies are read, and nothing is probed.
    public let offline: Bool
    public let options: HTTPClientOptions
    private let lock = NSLock()
    private let clientLock = NSLock()
    private var client: HTTPClient?
    private var loadingClient = false
    private var opened: [String: CDNSource] = [:]
    private var kinds: [String: Bool] = [:]
    /// CDNs whose metadata this run fetched while probing them.
    private var probed: Set<String> = []
    private var background = false

    /// Whether the CDNs opened from now on use their copies at once and revalidate them
    /// meanwhile (`CDNSource.revalidatesInBackground`, given to its `init`).
    public var revalidatesInBackground: Bool {
        get { lock.withLock { background } }
        set { lock.withLock { background = newValue } }
    }

    /// Access with copies under `home`, over the network unless `offline`.
    public init(home: String, offline: Bool = false, options: HTTPClientOptions = CDNAccess.defaultOptions()) {
        self.home = home
        self.offline = offline
        self.options = options
    }

    /// compctl's options, with `COMPCTL_HTTP_TIMEOUT` (seconds) as the connect and stall timeouts.
    public static func defaultOptions(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> HTTPClientOptions
    {
        // A cold resolution sends thousands of small requests, most of them fetched ahead of
        // the resolver: over HTTP/1.1, 64 connections to a host left the ones it waits on
        // queued behind them for hundreds of milliseconds. (HTTP/2 multiplexes on a few.)
        var options = HTTPClientOptions(maxConnections: 160, maxConnectionsPerHost: 128, userAgent: "compctl (CocoaPods CDN source)")
        if let text = environment["COMPCTL_HTTP_TIMEOUT"], let seconds = TimeInterval(text), seconds > 0 {
            options.connectTimeout = seconds
            options.stallTimeout = seconds
        }
        return options
    }

    /// Makes the shared client on another thread, unless offline or made already: loading
    /// libcurl and the libraries it needs takes some 15 ms, which the copies' reading and
    /// the Podfile's sources can use meanwhile.
    private func startLoadingClient() {
        let first = lock.withLock { () -> Bool in
            defer { loadingClient = true }
            return !loadingClient
        }
        guard first, !offline else { return }
        DispatchQueue.global().async { [self] in _ = try? httpClient() }
    }

    /// The shared client, made on first use (under a lock of its own: the rest of this
    /// type's state is not held up while libcurl loads).
    public func httpClient() throws -> HTTPClient {
        try clientLock.withLock {
            if let client { return client }
            let made = try HTTPClient(options: options)
            client = made
            return made
        }
    }

    /// Whether `url` is a CDN source rather than a git spec repo, as CocoaPods decides
    /// (`Source::Manager#cdn_url?`): an http(s) URL without credentials that serves a
    /// `CocoaPods-version.yml` naming the latest CocoaPods version. trunk is one without
    /// asking; a URL compctl has a copy of answers from the copy; offline, an unknown URL
    /// is taken for git.
    public func isCDN(_ url: String) -> Bool {
        guard Self.isPlainHTTP(url) else { return false }
        startLoadingClient()
        if SpecRepoURL.isTrunk(url) { return true }
        let key = SpecRepoURL.canonical(url)
        if let known = lock.withLock({ kinds[key] }) { return known }
        let cache = CDNCache(directory: CDNCache.directory(forURL: url, home: home), url: url)
        var answer = cache.exists
        if !answer, !offline, let client = try? httpClient() {
            let base = url.hasSuffix("/") ? url : url + "/"
            let metadata = base + "CocoaPods-version.yml"
            if case let .success(response) = client.fetch(HTTPClient.Request(url: metadata)), response.status == 200,
               CDNSource.isCDNMetadata(String(decoding: response.body, as: UTF8.self)) {
                answer = true
                if (try? cache.write(CDNCachedFile(body: response.body, etag: response.header("ETag")),
                                     to: "CocoaPods-version.yml")) != nil {
                    lock.withLock { _ = probed.insert(key) }
                }
            }
        }
        lock.withLock { kinds[key] = answer }
        return answer
    }

    /// Whether compctl has a copy of the CDN at `url` (it was read once).
    public func hasCopy(of url: String) -> Bool {
        CDNCache(directory: CDNCache.directory(forURL: url, home: home), url: url).exists
    }

    /// Whether `url` is `http://` or `https://` without credentials in it.
    public static func isPlainHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let rest = url[url.index(url.startIndex, offsetBy: lower.hasPrefix("https") ? 8 : 7)...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return !authority.contains("@") && Git.redact(url) == url
    }

    /// The CDN at `url`, opened once per run under the name it is first opened with.
    public func open(name: String, url: String) throws -> CDNSource {
        let key = SpecRepoURL.canonical(url)
        if let known = lock.withLock({ opened[key] }) { return known }
        let cache = CDNCache(directory: CDNCache.directory(forURL: url, home: home), url: url)
        let (fresh, background): (Set<String>, Bool) = lock.withLock {
            (probed.contains(key) ? ["CocoaPods-version.yml"] : [], self.background)
        }
        // Reads the packs' index while libcurl may still be loading on its own thread.
        _ = cache.hasCopy(PodName.metadataFile)
        let source = try CDNSource(name: name, url: url, cache: cache, client: offline ? nil : try httpClient(),
                                   offline: offline, fresh: fresh, revalidatesInBackground: background)
        return lock.withLock {
            if let known = opened[key] { return known }
            opened[key] = source
            return source
        }
    }

    /// The name a CDN source goes by when compctl.yml gives it none: `trunk`, else its host
    /// and port (`cdn.example.com`, `127.0.0.1-8080`) and its path.
    public static func name(forURL url: String) -> String {
        if SpecRepoURL.isTrunk(url) { return SpecRepoURL.trunkName }
        let canonical = SpecRepoURL.canonical(url)
        let name = String(canonical.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "-"
        })
        return name.isEmpty ? "cdn" : name
    }
}

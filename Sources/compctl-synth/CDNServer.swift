#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SpecRepo

/// A CDN on 127.0.0.1, for the benchmarks and the demo: trunk's layout
/// (`CocoaPods-version.yml` with prefix_lengths [1, 1, 1], the shard indexes, one JSON podspec
/// per version), made on the fly from a generated repo (never written to disk) or from the
/// specs of a folder, with `latency` added before each answer to stand in for a real CDN.
/// HTTP/1.1 with keep-alive, a thread per connection; `If-None-Match` is answered 304.
/// `GET /__stats` answers the request counts (without the latency, and without counting itself);
/// `GET /__log` the requests so far, a line each: milliseconds since the first one on arrival,
/// the status, and the path (for seeing which requests a client waits on one after another).
final class CDNServer: @unchecked Sendable {
    static let layout = SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1, 1])
    private let content: @Sendable (String) -> [UInt8]?
    private let latency: TimeInterval
    private let lock = NSLock()
    private var stats = ["requests": 0, "conditional": 0, "notModified": 0, "ok": 0, "notFound": 0, "specs": 0,
                         "shards": 0, "peakInFlight": 0]
    private var inFlight = 0
    private var log: [String] = []
    /// Each path's body and ETag, made once: a real CDN serves files it has already, and this
    /// one shares the client's cores in the benchmarks, so what it spends per request is taken
    /// from the client's time. At most `servedLimit` paths are kept.
    private var served: [String: (body: [UInt8]?, etag: String?)] = [:]
    private static let servedLimit = 250_000
    private var firstArrival: DispatchTime?

    /// A server of `content` (path, with its leading `/` → file, nil for none).
    init(latency: TimeInterval, content: @escaping @Sendable (String) -> [UInt8]?) {
        self.latency = latency
        self.content = content
    }

    /// A server of the generated repo `pods`, each spec rendered by `render`.
    convenience init(pods: [PodModel], latency: TimeInterval, render: @escaping @Sendable (PodModel, ReleaseModel) -> String) {
        var index: [String: Int] = [:]
        var shards: [String: [Int]] = [:]
        for (position, pod) in pods.enumerated() {
            index[pod.name] = position
            shards[CDNSource.indexFile(fragment: Self.layout.shards(for: pod.name)), default: []].append(position)
        }
        let metadata = Array("---\nmin: 1.0.0\nlast: 1.16.2\nprefix_lengths:\n- 1\n- 1\n- 1\n".utf8)
        self.init(latency: latency) { [index, shards] path in
            if path == "/CocoaPods-version.yml" { return metadata }
            if path == "/deprecated_podspecs.txt" { return [] }
            if path.hasPrefix("/all_pods_versions_") {
                guard let members = shards[String(path.dropFirst())] else { return nil }
                let lines = members.map { position in
                    ([pods[position].name] + pods[position].releases.map(\.version)).joined(separator: "/")
                }
                return Array((lines.sorted().joined(separator: "\n") + "\n").utf8)
            }
            // /Specs/a/b/c/Name/1.0.0/Name.podspec.json
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count == 7, parts[0] == "Specs", parts[6] == parts[4] + ".podspec.json",
                  let position = index[parts[4]], Self.layout.podPath(for: parts[4]) == parts[0..<5].joined(separator: "/"),
                  let release = pods[position].releases.first(where: { $0.version == parts[5] })
            else { return nil }
            return Array(render(pods[position], release).utf8)
        }
    }

    /// A server of the specs of the spec repo `folder`, as `CDNTree` lays them out.
    convenience init(folder: String, latency: TimeInterval) throws {
        let files = CDNTree.from(try SpecRepository(directory: folder)).files
        self.init(latency: latency) { path in files[String(path.dropFirst())].map(Array.init) }
    }

    /// Listens on `port` (0: one the kernel picks), prints `http://127.0.0.1:PORT/` on stdout,
    /// and serves until killed.
    func serve(port: Int) throws -> Never {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 256) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot listen on 127.0.0.1:\(port)"])
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        FileHandle.standardOutput.write(Data("http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/\n".utf8))
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { continue }
            Thread.detachNewThread { [self] in serve(connection: connection) }
        }
    }

    /// Answers the requests of one connection until the client closes it.
    private func serve(connection: Int32) {
        defer { close(connection) }
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 8192)
        let end = Array("\r\n\r\n".utf8)
        while true {
            while !contains(pending, end) {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { return }
                pending += buffer[0..<count]
                if pending.count > 1 << 16 { return }
            }
            let headerEnd = firstIndex(of: end, in: pending)! + end.count
            let head = String(decoding: pending[0..<headerEnd], as: UTF8.self)
            pending.removeFirst(headerEnd)
            let lines = head.components(separatedBy: "\r\n")
            let parts = lines[0].split(separator: " ")
            guard parts.count >= 2 else { return }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let path = String(parts[1]).removingPercentEncoding ?? String(parts[1])
            let (status, body, etag) = answer(path: path, ifNoneMatch: headers["if-none-match"])
            var response = "HTTP/1.1 \(status) \(status == 200 ? "OK" : status == 304 ? "Not Modified" : "Not Found")\r\n"
            if let etag { response += "ETag: \(etag)\r\n" }
            response += "Content-Length: \(status == 304 ? 0 : body.count)\r\n\r\n"
            var bytes = Array(response.utf8)
            if status != 304 { bytes += body }
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// The status, body and ETag for `path`, after the latency.
    private func answer(path: String, ifNoneMatch: String?) -> (Int, [UInt8], String?) {
        if path == "/__stats" {
            let counts = lock.withLock { stats }
            let json = "{" + counts.keys.sorted().map { "\"\($0)\": \(counts[$0]!)" }.joined(separator: ", ") + "}\n"
            return (200, Array(json.utf8), nil)
        }
        if path == "/__log" {
            return (200, Array(lock.withLock { log.joined() }.utf8), nil)
        }
        let arrival = DispatchTime.now()
        lock.withLock {
            inFlight += 1
            stats["peakInFlight"] = max(stats["peakInFlight"]!, inFlight)
        }
        defer { lock.withLock { inFlight -= 1 } }
        if latency > 0 { Thread.sleep(forTimeInterval: latency) }
        let (body, etag) = file(at: path)
        let status = body == nil ? 404 : (ifNoneMatch == etag ? 304 : 200)
        lock.withLock {
            stats["requests"]! += 1
            if ifNoneMatch != nil { stats["conditional"]! += 1 }
            stats[status == 200 ? "ok" : status == 304 ? "notModified" : "notFound"]! += 1
            if path.hasPrefix("/Specs/") { stats["specs"]! += 1 }
            if path.hasPrefix("/all_pods_versions_") { stats["shards"]! += 1 }
            let first = firstArrival ?? arrival
            firstArrival = first
            let milliseconds = Double(arrival.uptimeNanoseconds - first.uptimeNanoseconds) / 1e6
            log.append(String(format: "%.1f", milliseconds) + " \(status) \(path)\n")
        }
        return (status, body ?? [], etag)
    }

    /// The body of `path` (nil when there is none) and its ETag: the MD5 of the body.
    private func file(at path: String) -> (body: [UInt8]?, etag: String?) {
        if let known = lock.withLock({ served[path] }) { return known }
        let body = content(path)
        let etag = body.map { bytes in "\"" + MD5.digest(bytes).prefix(8).map { String(format: "%02x", $0) }.joined() + "\"" }
        lock.withLock { if served.count < Self.servedLimit { served[path] = (body, etag) } }
        return (body, etag)
    }

    private func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        firstIndex(of: needle, in: bytes) != nil
    }

    private func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}

import Foundation

/// A package's name as SwiftPM knows it: the last component of its URL or path, without
/// `.git`, lower-cased. `Net`, `net` and `https://git.acme.example/ios/Net.git` all name
/// the package `net`.
public struct PackageIdentity: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// The lower-cased identity.
    public let description: String

    /// The identity of the package at `location` (a URL or a path), as
    /// `PackageIdentity(urlString:)` computes it.
    public init(location: String) {
        description = Self.defaultName(of: location).lowercased()
    }

    /// The identity `name` names, compared without case (`Net` is `net`).
    public init(name: String) {
        description = name.lowercased()
    }

    public init(from decoder: Decoder) throws {
        description = try decoder.singleValueContainer().decode(String.self).lowercased()
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public static func < (lhs: PackageIdentity, rhs: PackageIdentity) -> Bool {
        lhs.description < rhs.description
    }

    /// The last path component of `location` with a trailing `/` and `.git` dropped, case
    /// kept: the name a target dependency's `package:` may use.
    public static func defaultName(of location: String) -> String {
        var text = Substring(location)
        if text.last == "/" { text = text.dropLast() }
        if let slash = text.lastIndex(of: "/") { text = text[text.index(after: slash)...] }
        if text.hasSuffix(".git") { text = text.dropLast(4) }
        return String(text)
    }
}

/// Where a package lives, compared as SwiftPM compares locations (`CanonicalPackageLocation`):
/// without case, scheme, user, `.git` or trailing slashes, and with `host:path` read as
/// `host/path`. Two dependencies with one identity but different canonical locations are a
/// conflict SwiftPM refuses.
public enum PackageLocation {
    /// The canonical form of `location`.
    public static func canonical(_ location: String) -> String {
        var text = location.lowercased()
        if let scheme = text.range(of: "://") { text = String(text[scheme.upperBound...]) }
        if let at = text.firstIndex(of: "@"), !text[..<at].contains("/") {
            text = String(text[text.index(after: at)...])
        }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            let rest = text[text.index(after: colon)...]
            // `host:22/path` keeps its port out; `host:path` becomes `host/path`.
            let port = rest.prefix { $0.isNumber }
            let afterPort = rest.dropFirst(port.count)
            text = String(text[..<colon]) + (port.isEmpty || !afterPort.hasPrefix("/") ? "/" + rest : String(afterPort))
        }
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Whether `location` is a path on this machine rather than a URL (a local repository).
    public static func isLocalPath(_ location: String) -> Bool {
        if location.hasPrefix("file://") { return true }
        if location.contains("://") { return false }
        if let at = location.firstIndex(of: "@"), let colon = location.firstIndex(of: ":"), at < colon { return false }
        return true
    }

    /// `location` as SwiftPM stores it for a dependency declared in the package at
    /// `directory`: a `file://` URL or a path becomes an absolute, standardized path (a
    /// relative path is relative to the package), a URL stays as written.
    public static func resolved(_ location: String, relativeTo directory: String) -> String {
        guard isLocalPath(location) else { return location }
        var path = location
        if path.hasPrefix("file://") { path.removeFirst("file://".count) }
        if path.hasPrefix("~/") { path = NSHomeDirectory() + String(path.dropFirst(1)) }
        if !path.hasPrefix("/") { path = (directory as NSString).appendingPathComponent(path) }
        return (path as NSString).standardizingPath
    }
}

import Foundation

/// Addresses of spec repos and CDN sources, compared as naming the same source: the one
/// place that decides whether a Podfile's `source` line, a `:source`, a Podfile.lock's
/// `SPEC REPOS` key, an entry of compctl.yml or a journal's remote mean the same source.
///
/// CocoaPods compares source URLs case-insensitively, without a trailing `/` and without
/// `.git` (`Source::Manager#canonic_url`), and takes any `github.com/CocoaPods/Specs` for
/// its master repo. compctl also takes one repository on one host for the same whatever
/// reaches it (`https://host/ios/Specs.git`, `ssh://git@host/ios/Specs`,
/// `git@host:ios/Specs.git`), leaves credentials, a query and default ports out, reads
/// `file:///path` as `/path`, and takes CocoaPods' GitHub master repo for trunk, whose CDN
/// serves the same specs.
public enum SpecRepoURL {
    /// trunk's CDN, which a Podfile names `https://cdn.cocoapods.org/` (or `trunk`).
    public static let trunk = "https://cdn.cocoapods.org/"
    /// The name CocoaPods gives trunk, in a Podfile.lock's `SPEC REPOS` and in messages.
    public static let trunkName = "trunk"

    /// Whether `a` and `b` name the same source.
    public static func same(_ a: String, _ b: String) -> Bool {
        canonical(a) == canonical(b)
    }

    /// Whether `address` names trunk: `trunk`, its CDN, or CocoaPods' master spec repo on GitHub.
    public static func isTrunk(_ address: String) -> Bool {
        canonical(address) == canonical(trunk)
    }

    /// `text` without the Unicode white space (spaces, tabs, line breaks) at its ends: what
    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives, without its
    /// round trip through NSString (900,000 instructions on first use, in every resolve).
    /// Foundation's set is Unicode's `White_Space` and the zero width space (U+200B).
    public static func trimmingWhitespace(_ text: String) -> String {
        let kept: (Unicode.Scalar) -> Bool = { !$0.properties.isWhitespace && $0.value != 0x200B }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: kept) else { return "" }
        let last = scalars.lastIndex(where: kept)!
        return String(scalars[first...last])
    }

    /// The form addresses are compared in: `host[:port]/path` for a network URL, the path
    /// for a local one, lower-cased, without a trailing `/` or `.git`.
    public static func canonical(_ address: String) -> String {
        var text = trimmingWhitespace(address).lowercased()
        if text == trunkName { text = trunk }
        if text.hasPrefix("file://") {
            text.removeFirst("file://".count)
        } else if let separator = schemeSeparator(text) {
            let scheme = String(text[..<separator.lowerBound])
            var rest = text[separator.upperBound...]
            if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            var host = String(authority)
            if let port = defaultPort(scheme), host.hasSuffix(port) { host.removeLast(port.count) }
            // `String + Substring` would append Character by Character (50,000 instructions).
            text = host + String(rest[authorityEnd...])
        } else if let scp = scpParts(text) {
            text = scp.host + "/" + scp.path
        }
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        if text == "github.com/cocoapods/specs" { return "cdn.cocoapods.org" }
        return text
    }

    /// The first `://` of `text`, found by byte (Foundation's `range(of:)` cost 0.1 M
    /// instructions a call, on every source of every resolve).
    private static func schemeSeparator(_ text: String) -> Range<String.Index>? {
        let bytes = text.utf8
        var from = bytes.startIndex
        while let colon = bytes[from...].firstIndex(of: UInt8(ascii: ":")) {
            let first = bytes.index(after: colon)
            if first != bytes.endIndex, bytes[first] == UInt8(ascii: "/") {
                let second = bytes.index(after: first)
                if second != bytes.endIndex, bytes[second] == UInt8(ascii: "/") {
                    return colon..<bytes.index(after: second)
                }
            }
            from = first
        }
        return nil
    }

    /// The `:port` a scheme implies, which an address may leave out.
    private static func defaultPort(_ scheme: String) -> String? {
        switch scheme {
        case "http": ":80"
        case "https": ":443"
        case "ssh": ":22"
        case "git": ":9418"
        default: nil
        }
    }

    /// `host` and `path` of an scp-like address (`git@host:path`), which has no scheme.
    private static func scpParts(_ text: String) -> (host: String, path: String)? {
        guard let at = text.firstIndex(of: "@"), let colon = text.firstIndex(of: ":"), at < colon,
              !text[..<colon].contains("/") else { return nil }
        var path = text[text.index(after: colon)...]
        while path.hasPrefix("/") { path = path.dropFirst() }
        return (String(text[text.index(after: at)..<colon]), String(path))
    }
}

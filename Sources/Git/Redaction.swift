import Foundation

extension Git {
    /// `url` with its credentials hidden, for output and errors.
    ///
    /// - `https://user:token@host/x` and `https://token@host/x` → `https://***@host/x`:
    ///   over http(s) a user name alone may be the token.
    /// - `ssh://git:secret@host/x` → `ssh://git:***@host/x`; `ssh://git@host/x` and
    ///   `git@host:x` stay as they are: an ssh user name is not a secret.
    /// - Paths and URLs without credentials are returned unchanged.
    public static func redact(_ url: String) -> String {
        guard let separator = url.range(of: "://") else { return redactSCPLike(url) }
        let scheme = url[..<separator.lowerBound].lowercased()
        let rest = url[separator.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return url }
        let userInfo = authority[..<at]
        let hidden: String
        if scheme.hasPrefix("http") || scheme.hasPrefix("ftp") {
            hidden = "***"
        } else if let colon = userInfo.firstIndex(of: ":") {
            hidden = userInfo[..<colon] + ":***"
        } else {
            hidden = String(userInfo)
        }
        return url[..<separator.upperBound] + hidden + url[at...]
    }

    /// `user:password@host:path` (scp-like syntax, which git accepts for ssh) keeps the
    /// user and hides the password.
    private static func redactSCPLike(_ url: String) -> String {
        guard let at = url.firstIndex(of: "@"), let colon = url[..<at].firstIndex(of: ":"),
              !url[..<at].contains("/")
        else { return url }
        return url[..<colon] + ":***" + url[at...]
    }

    /// `text` with every URL in it passed through `redact`: libgit2's own messages may
    /// quote the URL they failed on, credentials included.
    static func redactCredentials(in text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            var start = separator.lowerBound
            while start > rest.startIndex {
                let previous = rest[rest.index(before: start)]
                guard previous.isLetter || previous.isNumber || "+-.".contains(previous) else { break }
                start = rest.index(before: start)
            }
            var end = separator.upperBound
            while end < rest.endIndex, !rest[end].isWhitespace, !"'\"<>()`,;".contains(rest[end]) {
                end = rest.index(after: end)
            }
            result += rest[..<start]
            result += redact(String(rest[start..<end]))
            rest = rest[end...]
        }
        return result + rest
    }
}

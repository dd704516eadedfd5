import Foundation

extension Git {
    /// `url` with its credentials hidden, for output and errors.
    ///
    /// - `https://user:token@host/x` and `https://token@host/x` → `https://***@host/x`:
    ///   over http(s) a user name alone may be the token.
    /// - `ssh://git:secret@host/x` → `ssh://git:***@host/x`; `ssh://git@host/x` and
    ///   `git@host:x` stay as they are: an ssh user name is not a secret.
    /// - `https://host/x?private_token=abc&ref=main` → `https://host/x?private_token=***&ref=main`:
    ///   the values of query parameters whose names say they are credentials (any case;
    ///   see `isCredentialParameter`) are hidden, whatever the scheme.
    /// - Paths and URLs without credentials are returned unchanged.
    public static func redact(_ url: String) -> String {
        guard let separator = url.range(of: "://") else { return redactSCPLike(url) }
        let scheme = url[..<separator.lowerBound].lowercased()
        let rest = url[separator.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let tail = redactQuery(rest[authorityEnd...])
        guard let at = authority.lastIndex(of: "@") else { return url[..<authorityEnd] + tail }
        let userInfo = authority[..<at]
        let hidden: String
        if scheme.hasPrefix("http") || scheme.hasPrefix("ftp") {
            hidden = "***"
        } else if let colon = userInfo.firstIndex(of: ":") {
            hidden = userInfo[..<colon] + ":***"
        } else {
            hidden = String(userInfo)
        }
        return url[..<separator.upperBound] + hidden + authority[at...] + tail
    }

    /// The path, query and fragment of a URL with the values of credential parameters in
    /// the query replaced by `***`.
    private static func redactQuery(_ tail: Substring) -> String {
        guard let question = tail.firstIndex(of: "?") else { return String(tail) }
        let fragmentStart = tail[question...].firstIndex(of: "#") ?? tail.endIndex
        let query = tail[tail.index(after: question)..<fragmentStart]
        let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { (parameter: Substring) -> String in
            guard let equals = parameter.firstIndex(of: "="),
                  isCredentialParameter(String(parameter.prefix(upTo: equals)))
            else { return String(parameter) }
            return String(parameter.prefix(through: equals)) + "***"
        }
        return tail[...question] + parameters.joined(separator: "&") + tail[fragmentStart...]
    }

    /// Whether a query parameter's name says it carries a credential: any name containing
    /// `token`, `secret`, `passw`, `credential` or `signature` (`private_token`,
    /// `access_token`, `client_secret`, `X-Amz-Signature`…), and `auth`, `key`, `apikey`,
    /// `api_key`, `api-key`, `pass`, `pwd` and `sig`. Case and percent-encoding do not matter.
    static func isCredentialParameter(_ name: String) -> Bool {
        let name = (name.removingPercentEncoding ?? name).lowercased()
        if ["token", "secret", "passw", "credential", "signature"].contains(where: name.contains) { return true }
        return ["auth", "authorization", "key", "apikey", "api_key", "api-key", "access_key", "pass", "pwd", "sig"]
            .contains(name)
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
        guard text.contains("@") || text.contains("?") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            var start = separator.lowerBound
            while start > rest.startIndex {
                let previous = rest[rest.index(before: start)]
                guard previous.isLetter || previous.isNumber || "+-.".contains(previous) else { break }
                start = rest.index(before: start)
            }
            // A password may hold `;`, `'` or `,`: the userinfo runs to the authority's last
            // `@`, whatever it contains, so none of it stays outside the redacted URL.
            var end = separator.upperBound
            var cursor = separator.upperBound
            while cursor < rest.endIndex, !rest[cursor].isWhitespace, rest[cursor] != "/" {
                if rest[cursor] == "@" { end = rest.index(after: cursor) }
                cursor = rest.index(after: cursor)
            }
            while end < rest.endIndex, !rest[end].isWhitespace, !"'\"<>()`,;".contains(rest[end]) {
                end = rest.index(after: end)
            }
            // Punctuation of the sentence, not of the URL (`cannot reach URL: reason`).
            while end > separator.upperBound, ":.!?".contains(rest[rest.index(before: end)]) {
                end = rest.index(before: end)
            }
            result += rest[..<start]
            result += redact(String(rest[start..<end]))
            rest = rest[end...]
        }
        return result + rest
    }
}

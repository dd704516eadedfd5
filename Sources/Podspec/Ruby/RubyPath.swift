/// Ruby's `File` path functions on strings, as a podspec uses them on `__FILE__` and
/// `__dir__`: pure string work, no file system.
enum RubyPath {
    /// `File.basename(path[, suffix])`: the last component; a suffix of `.*` drops any
    /// extension, another suffix is dropped when the name ends with it and is longer.
    static func basename(_ path: String, suffix: String? = nil) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed == "/" { return "/" }
        var name = String(trimmed.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if let suffix {
            if suffix == ".*" {
                if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
            } else if name.hasSuffix(suffix), name.count > suffix.count {
                name = String(name.dropLast(suffix.count))
            }
        }
        return name
    }

    /// `File.dirname(path)`: everything before the last component; `.` for a bare name.
    static func dirname(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `File.extname(path)`: the extension with its dot, or empty.
    static func extname(_ path: String) -> String {
        let name = basename(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex
        else { return "" }
        return String(name[dot...])
    }

    /// `path` with `.` and `..` components resolved and repeated slashes collapsed, as
    /// `File.expand_path` leaves an absolute path; `..` never climbs above `/`.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".":
                continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !absolute {
                    parts.append(part)
                }
            default:
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

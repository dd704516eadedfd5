import Foundation

/// File paths standardized as text, as `URL(fileURLWithPath:).standardizedFileURL.path` has
/// them, without building a `URL`: that cost a command some 0.5 M instructions on its first
/// use and 50,000 after, on paths every resolve handles.
public enum LexicalPath {
    /// The folders of `path` from the root. A relative path starts at `directory` (itself
    /// relative to the working directory when relative), by default the working directory;
    /// `.` is dropped and `..` drops the folder before it (at the root it stays there).
    /// Symbolic links are left as they are, as `standardizedFileURL` leaves them. The path is
    /// split by byte, as the file system splits it: a `/` that a combining mark, a joiner or
    /// a variation selector follows makes one `Character` with it, but is still a separator.
    public static func components(of path: String, from directory: String? = nil) -> [Substring] {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = path.utf8
        if bytes.first == UInt8(ascii: "~") {
            // Foundation expands `~` and `~user` (from the user database); rare enough to hand
            // over whole, so that `--source ~/specs` still means what it meant.
            let base = URL(fileURLWithPath: directory ?? FileManager.default.currentDirectoryPath, isDirectory: true)
            let expanded = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path
            return expanded.utf8.first == slash ? self.components(of: expanded) : []
        }
        var components: [Substring] = []
        if bytes.first != slash {
            if let directory {
                components = self.components(of: directory)
            } else {
                // The working directory is "" when it was removed: then there is no folder to
                // start from but the root (and reading it again would never end).
                let workingDirectory = FileManager.default.currentDirectoryPath
                if workingDirectory.utf8.first == slash { components = self.components(of: workingDirectory) }
            }
        }
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: slash) ?? bytes.endIndex
            let length = bytes.distance(from: start, to: end)
            let dots = (1...2).contains(length) && bytes[start] == dot && bytes[bytes.index(before: end)] == dot
            if length == 0 || (dots && length == 1) {
                // Nothing between two slashes (`//`, a leading or trailing `/`), or `.`.
            } else if dots {
                _ = components.popLast()
            } else {
                components.append(Substring(bytes[start..<end]))
            }
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return components
    }

    /// `path` absolute and standardized: `/a/b` for `/a/./c/../b/`.
    public static func standardized(_ path: String, from directory: String? = nil) -> String {
        joined(components(of: path, from: directory))
    }

    /// The folder holding `path`, absolute and standardized: `/a` for `/a/./b/`, `/` for `/`.
    public static func parent(of path: String) -> String {
        joined(components(of: path).dropLast())
    }

    /// The absolute path made of `components`: `/` for none.
    public static func joined(_ components: [Substring]) -> String {
        joined(components[...])
    }

    /// The absolute path made of `components`: `/` for none.
    public static func joined(_ components: ArraySlice<Substring>) -> String {
        // Not generic, and appended one by one: the generic `joined(separator:)`, and a
        // generic parameter here, cost 0.3 M to 0.9 M instructions on first use, for the
        // runtime's look-up of their conformances and associated types.
        var path = ""
        for component in components {
            path += "/"
            path += String(component)
        }
        return path.isEmpty ? "/" : path
    }
}

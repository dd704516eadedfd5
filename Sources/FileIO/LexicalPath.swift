import Foundation

/// File paths standardized as text, as `URL(fileURLWithPath:).standardizedFileURL.path` has
/// them, without building a `URL`: that cost a command some 0.5 M instructions on its first
/// use and 50,000 after, on paths every resolve handles.
public enum LexicalPath {
    /// The folders of `path` from the root. A relative path starts at `directory` (itself
    /// relative to the working directory when relative), by default the working directory;
    /// `.` is dropped and `..` drops the folder before it (at the root it stays there).
    /// Symbolic links are left as they are, as `standardizedFileURL` leaves them.
    public static func components(of path: String, from directory: String? = nil) -> [Substring] {
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            components = self.components(of: directory ?? FileManager.default.currentDirectoryPath)
        }
        for component in path.split(separator: "/") where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        return components
    }

    /// `path` absolute and standardized: `/a/b` for `/a/./c/../b/`.
    public static func standardized(_ path: String, from directory: String? = nil) -> String {
        joined(components(of: path, from: directory))
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

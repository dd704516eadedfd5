import FileIO
import Foundation
import Git

/// The project's manifests as compctl writes them.
public enum ProjectFiles {
    /// `realpath(3)`: `path` with every symlink resolved, or `nil` when it does not exist.
    public static func realPath(_ path: String) -> String? { Integration.realPath(path) }

    /// The main project's root for a Podfile: the directory holding it.
    public static func root(ofPodfile podfile: String) -> String {
        LexicalPath.parent(of: podfile)
    }

    /// The path to write for the manifest at `path`: the file itself, or, when it is a
    /// symlink, the file it points to (so the link stays a link), which must lie inside the
    /// project `root`; a link out of the project is refused.
    public static func writable(_ path: String, root: String) throws(IntegrationError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        guard let target = realPath(path) else { throw IntegrationError.danglingLink(path) }
        let rootReal = realPath(root) ?? root
        guard target.hasPrefix(rootReal + "/") else { throw IntegrationError.linkOutOfProject(path, target: target, root: root) }
        return target
    }
}

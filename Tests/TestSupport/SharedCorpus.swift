import Foundation

/// Where the shared real-world corpus is: `COMPCTL_CORPUS`, or `shared/corpus` beside the
/// package root or beside a folder above it (a git worktree lives one level deeper than the
/// main checkout). Tests reference it in place and never copy it into the project.
public enum SharedCorpus {
    /// The package root, found from this file's location (`Tests/TestSupport/…`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var root: URL {
        if let override = ProcessInfo.processInfo.environment["COMPCTL_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        var folder = packageRoot
        while folder.path != "/" {
            let candidate = folder.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// Every regular file under `folder` (relative to `root` when not absolute), sorted by
    /// path so the order never depends on the file system.
    public static func files(under folder: String, where include: (String) -> Bool = { _ in true }) -> [URL] {
        let base = folder.hasPrefix("/") ? URL(fileURLWithPath: folder) : root.appendingPathComponent(folder)
        var found: [URL] = []
        let enumerator = FileManager.default.enumerator(atPath: base.path)
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.hasPrefix(".git/"), relative != ".git", include(relative) else { continue }
            let url = base.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}

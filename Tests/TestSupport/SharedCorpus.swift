import Foundation

/// The files of the shared real-world corpus (located by `TestPaths.corpus`).
public enum SharedCorpus {
    /// The package root (`TestPaths.packageRoot`).
    public static var packageRoot: URL { TestPaths.packageRoot }

    /// The corpus folder (`TestPaths.corpus`).
    public static var root: URL { TestPaths.corpus }

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

import Foundation

/// Where the tests find the package and the shared real-world corpus.
public enum TestPaths {
    /// The package root, found from this file's location (`Tests/TestSupport/`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `COMPCTL_CORPUS`, or `shared/corpus` beside the package root or beside a folder above
    /// it (a git worktree may live deeper than the main checkout). The tests read it in
    /// place; it is never copied into the project.
    public static var corpus: URL {
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

    /// The path of `relative` inside the corpus.
    public static func corpusFile(_ relative: String) -> String {
        corpus.appendingPathComponent(relative).path
    }
}

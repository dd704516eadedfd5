import Foundation

/// Paths the Manifest tests need.
enum Paths {
    /// The package root, found from this file's location.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, beside the package root (or `COMPCTL_CORPUS`).
    static var corpus: URL {
        if let override = ProcessInfo.processInfo.environment["COMPCTL_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    static func corpusFile(_ relative: String) -> String {
        corpus.appendingPathComponent(relative).path
    }
}

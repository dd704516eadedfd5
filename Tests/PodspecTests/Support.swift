import Foundation
import Podspec
import Testing

/// Paths the Podspec tests read: the shared corpus and this target's fixtures.
enum TestPaths {
    /// This test target's folder, found from this file's location.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The package root.
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    /// `COMPCTL_CORPUS`, or `shared/corpus` beside the package root or beside a folder above
    /// it (a git worktree lives one level deeper than the main checkout).
    static var corpus: URL {
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

    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
}

extension Specification {
    /// A specification with defaults for everything a test does not care about.
    static func test(
        name: String = "Foo",
        version: String = "1.0.0",
        source: Source? = nil,
        dependencies: [Dependency] = [],
        subspecs: [Specification] = [],
        defaultSubspecs: [String] = [],
        deploymentTargets: [String: String] = [:],
        warnings: [PodspecError] = []
    ) -> Specification {
        Specification(
            name: name, version: version, source: source, dependencies: dependencies, subspecs: subspecs,
            defaultSubspecs: defaultSubspecs, deploymentTargets: deploymentTargets, warnings: warnings)
    }
}

/// Reads Ruby podspec text as `Foo.podspec` and returns the spec or the error.
func readRuby(_ text: String, path: String = "Foo.podspec") -> Result<Specification, PodspecError> {
    Result { () throws(PodspecError) in try PodspecReader.read(string: text, path: path) }
}

/// Reads JSON podspec text as `Foo.podspec.json` and returns the spec or the error.
func readJSON(_ text: String, path: String = "Foo.podspec.json") -> Result<Specification, PodspecError> {
    Result { () throws(PodspecError) in try PodspecReader.read(string: text, path: path) }
}

extension Result where Failure == PodspecError {
    /// The error's text, or nil when reading succeeded.
    var errorText: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}

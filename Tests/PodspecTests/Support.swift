import Foundation
import Podspec
import Testing
@_exported import TestSupport

extension TestPaths {
    /// This test target's fixtures (corpus expectations), read through #filePath.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
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

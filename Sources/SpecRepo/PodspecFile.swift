import Foundation
import Git
import Graph
import Podspec
import Versioning

/// A podspec about to be published: where it was read, its bytes (published as they are),
/// and what they say.
public struct PodspecFile: Sendable, Equatable {
    /// The path as given, for messages.
    public var path: String
    /// The file's bytes.
    public var contents: Data
    /// What the file says.
    public var spec: Specification

    /// A podspec from its parts; `path` decides the format (`.podspec.json` or Ruby).
    public init(path: String, contents: Data, spec: Specification) {
        self.path = path
        self.contents = contents
        self.spec = spec
    }

    /// Reads and parses the podspec at `path`.
    public static func read(_ path: String) throws -> PodspecFile {
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw SpecRepoError.noSuchPath(path)
        }
        return PodspecFile(path: path, contents: contents, spec: try PodspecReader.read(data: contents, path: path))
    }

    /// The file name it gets in a spec repo: `Name.podspec.json` or `Name.podspec`.
    public var publishedFileName: String {
        spec.name + (PodspecReader.isJSON(path) ? ".podspec.json" : ".podspec")
    }
}

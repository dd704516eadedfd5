import Foundation
import Podspec
import SpecRepo

/// The binary twin of a source spec: the same name, version, platforms, dependencies and
/// subspecs (so `pod 'X/Core'` works on either channel), its source the stored archive's URL
/// with its SHA-256, and the frameworks and libraries the build command declared.
public enum BinarySpec {
    /// The binary spec of `source` (a root spec) for the archive at `url` with `sha256`,
    /// vendoring what `declaration` says; `origin` (the tag and commit it was built from) goes
    /// into the summary. JSON, as `Name.podspec.json`.
    public static func make(from source: Specification, declaration: BinaryDeclaration, url: String, sha256: String,
                            origin: String) throws -> PodspecFile {
        var root: [String: Any] = [
            "name": source.name,
            "version": source.version,
            "summary": "\(source.name) \(source.version), prebuilt from \(origin) by compctl publish --binary",
            "source": ["http": url, "sha256": sha256],
        ]
        fill(&root, spec: source, contents: declaration.root)
        if !source.defaultSubspecs.isEmpty { root["default_subspecs"] = source.defaultSubspecs }
        if !source.subspecs.isEmpty {
            root["subspecs"] = source.subspecs.map { subspec(of: $0, root: source.name, declaration: declaration) }
        }
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        let path = source.name + ".podspec.json"
        return PodspecFile(path: path, contents: data + Data("\n".utf8), spec: try PodspecReader.read(data: data, path: path))
    }

    /// Whether `spec` is a binary spec: its source is an archive with a checksum.
    public static func isBinary(_ spec: Specification) -> Bool {
        spec.source?.isChecksummedArchive ?? false
    }

    private static func subspec(of spec: Specification, root: String, declaration: BinaryDeclaration) -> [String: Any] {
        let path = String(spec.name.dropFirst(root.count + 1))
        var object: [String: Any] = ["name": String(path.split(separator: "/").last ?? Substring(path))]
        fill(&object, spec: spec, contents: declaration.subspecs[path] ?? BinaryContents())
        if !spec.defaultSubspecs.isEmpty { object["default_subspecs"] = spec.defaultSubspecs }
        if !spec.subspecs.isEmpty {
            object["subspecs"] = spec.subspecs.map { subspec(of: $0, root: root, declaration: declaration) }
        }
        return object
    }

    private static func fill(_ object: inout [String: Any], spec: Specification, contents: BinaryContents) {
        if !spec.deploymentTargets.isEmpty {
            object["platforms"] = spec.deploymentTargets.mapValues { $0.isEmpty ? NSNull() as Any : $0 as Any }
        }
        if !spec.dependencies.isEmpty {
            var dependencies: [String: [String]] = [:]
            for dependency in spec.dependencies { dependencies[dependency.name, default: []] += dependency.requirements }
            object["dependencies"] = dependencies
        }
        if !contents.vendoredFrameworks.isEmpty { object["vendored_frameworks"] = contents.vendoredFrameworks }
        if !contents.vendoredLibraries.isEmpty { object["vendored_libraries"] = contents.vendoredLibraries }
        if !contents.sourceFiles.isEmpty { object["source_files"] = contents.sourceFiles }
    }
}

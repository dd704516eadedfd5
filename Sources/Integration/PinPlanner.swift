import Foundation
import Graph
import Manifest
import Versioning

/// Checks pins against the spec repos and the Podfile, and resolves with them applied: the
/// part `pin` and `integrate` share.
public enum PinPlanner {
    /// Every problem with `pins` before anything is written: a pod in no spec repo, a
    /// version no spec repo has. Empty when all is well. Throws when a spec repo cannot tell.
    public static func versionProblems(_ pins: [ComponentPin], catalog: PodCatalog) throws -> [String] {
        try pins.compactMap { pin in
            let versions = try catalog.versions(of: pin.root)
            if versions.isEmpty {
                let names = catalog.sourceNames.joined(separator: ", ")
                return "unknown component `\(pin.root)`: no spec repo (\(names)) has it; check the name or publish it first"
            }
            guard let wanted = try? Version(pin.version), versions.contains(wanted) else {
                let known = versions.sorted(by: >).prefix(5).map(\.description).joined(separator: ", ")
                return "`\(pin.root)` has no version \(pin.version) in the spec repos (newest: \(known)); "
                    + "publish it first, or pick a published version"
            }
            return nil
        }
    }

    /// `request` with each pinned pod's requirements replaced by its exact version, and a
    /// requirement added for a pod the Podfile does not name (`--add-to`).
    public static func applying(_ pins: [ComponentPin], to request: ResolveRequest, addTo: String?) -> ResolveRequest {
        var request = request
        var seen: Set<String> = []
        for index in request.requirements.indices {
            let root = request.requirements[index].name.split(separator: "/").first.map(String.init) ?? ""
            if let pin = pins.first(where: { $0.root == root }) {
                request.requirements[index].requirements = [pin.version]
                seen.insert(root)
            }
        }
        for pin in pins where !seen.contains(pin.root) {
            request.requirements.append(RootRequirement(
                name: pin.root, requirements: [pin.version],
                declaredBy: addTo.map { "target '\($0)'" } ?? "the Podfile"))
        }
        return request
    }

    /// The edit that pins `pins` in the Podfile's bytes; the editor's problems (an external
    /// source, a pod the Podfile does not name, a line it cannot edit) are thrown together.
    public static func edit(_ pins: [ComponentPin], podfile path: String, addTo: String?) throws -> ManifestEdit {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError.unreadable(path: path, reason: "no such file, or it is not readable")
        }
        return try PodfileEditor.pin(
            pins.map { PodPin(name: $0.name, version: $0.version, addTo: addTo) }, in: [UInt8](data), path: path)
    }
}

import Foundation

/// A `Package.resolved` (SwiftPM's `ResolvedPackagesStore`): the pins of every package, in
/// format 1, 2 or 3 (3 carries `originHash`, the digest of the root manifest). Read in any
/// format; written byte for byte as SwiftPM writes it.
public struct PackageResolvedFile: Equatable, Sendable {
    /// One pinned package.
    public struct Pin: Equatable, Sendable {
        public var identity: PackageIdentity
        /// `localSourceControl`, `remoteSourceControl` or `registry`.
        public var kind: String
        public var location: String
        /// The package's name (format 1 only).
        public var name: String?
        public var version: String?
        public var branch: String?
        public var revision: String?

        public init(identity: PackageIdentity, kind: String, location: String, name: String? = nil,
                    version: String?, branch: String? = nil, revision: String?) {
            self.identity = identity
            self.kind = kind
            self.location = location
            self.name = name
            self.version = version
            self.branch = branch
            self.revision = revision
        }
    }

    /// 1, 2 or 3.
    public var format: Int
    public var originHash: String?
    /// Sorted by identity.
    public var pins: [Pin]

    public init(format: Int, originHash: String?, pins: [Pin]) {
        self.format = format
        self.originHash = originHash
        self.pins = pins.sorted { $0.identity < $1.identity }
    }

    /// The pinned version of each package pinned to a version.
    public var versions: [PackageIdentity: SemanticVersion] {
        var result: [PackageIdentity: SemanticVersion] = [:]
        for pin in pins { if let text = pin.version, let version = SemanticVersion(tag: text) { result[pin.identity] = version } }
        return result
    }

    // MARK: - Reading

    /// Reads the Package.resolved at `path`; nil when there is none.
    public static func read(at path: String) throws -> PackageResolvedFile? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try PackageResolvedFile(data: data, path: path)
    }

    /// Reads Package.resolved contents; `path` names the file in errors.
    public init(data: Data, path: String) throws {
        func fail(_ reason: String) -> PackageError { .malformedResolvedFile(path: path, reason: reason) }
        guard let object = try? JSONSerialization.jsonObject(with: data), let root = object as? [String: Any] else {
            throw fail("it is not a JSON object")
        }
        guard let format = root["version"] as? Int else { throw fail("it has no \"version\"") }
        self.format = format
        var pins: [Pin] = []
        func string(_ value: Any?) -> String? { value as? String }
        switch format {
        case 1:
            guard let container = root["object"] as? [String: Any], let list = container["pins"] as? [[String: Any]] else {
                throw fail("format 1 needs \"object\": {\"pins\": […]}")
            }
            for entry in list {
                guard let url = string(entry["repositoryURL"]), let state = entry["state"] as? [String: Any] else {
                    throw fail("a pin lacks \"repositoryURL\" or \"state\"")
                }
                pins.append(Pin(identity: PackageIdentity(location: url),
                                kind: PackageLocation.isLocalPath(url) && url.hasPrefix("/") ? "localSourceControl" : "remoteSourceControl",
                                location: url, name: string(entry["package"]), version: string(state["version"]),
                                branch: string(state["branch"]), revision: string(state["revision"])))
            }
            originHash = nil
        case 2, 3:
            guard let list = root["pins"] as? [[String: Any]] else { throw fail("format \(format) needs \"pins\": […]") }
            for entry in list {
                guard let identity = string(entry["identity"]), let kind = string(entry["kind"]),
                      let location = string(entry["location"]), let state = entry["state"] as? [String: Any] else {
                    throw fail("a pin lacks \"identity\", \"kind\", \"location\" or \"state\"")
                }
                pins.append(Pin(identity: PackageIdentity(name: identity), kind: kind, location: location,
                                version: string(state["version"]), branch: string(state["branch"]),
                                revision: string(state["revision"])))
            }
            originHash = format == 3 ? string(root["originHash"]) : nil
        default:
            throw fail("unknown 'Package.resolved' version '\(format)'")
        }
        var seen = Set<PackageIdentity>()
        for pin in pins where !seen.insert(pin.identity).inserted {
            throw fail("duplicated entry for package \"\(pin.identity)\"")
        }
        self.pins = pins.sorted { $0.identity < $1.identity }
    }

    // MARK: - Writing

    /// The file as SwiftPM writes it: formats 2 and 3 through Foundation's pretty printer with
    /// sorted keys (`"key" : value`), format 1 through TSCBasic's (`"key": value`, nulls kept);
    /// a final newline.
    public func encoded() -> [UInt8] {
        var out = ""
        if format == 1 {
            let pinTexts = pins.map { pin -> String in
                let state = "{\n          \"branch\": \(json(pin.branch)),\n          \"revision\": \(json(pin.revision)),\n          \"version\": \(json(pin.version))\n        }"
                return "      {\n        \"package\": \(json(pin.name ?? pin.identity.description)),\n        \"repositoryURL\": \(json(pin.location)),\n        \"state\": \(state)\n      }"
            }
            out = "{\n  \"object\": {\n    \"pins\": [\n" + pinTexts.joined(separator: ",\n") + "\n    ]\n  },\n  \"version\": 1\n}"
        } else {
            let pinTexts = pins.map { pin -> String in
                var state: [String] = []
                if let branch = pin.branch { state.append("        \"branch\" : \(json(branch))") }
                if let revision = pin.revision { state.append("        \"revision\" : \(json(revision))") }
                if let version = pin.version { state.append("        \"version\" : \(json(version))") }
                let stateText = state.isEmpty ? "{\n\n      }" : "{\n" + state.joined(separator: ",\n") + "\n      }"
                return "    {\n      \"identity\" : \(json(pin.identity.description)),\n      \"kind\" : \(json(pin.kind)),\n      \"location\" : \(json(pin.location)),\n      \"state\" : \(stateText)\n    }"
            }
            var fields: [String] = []
            if format == 3, let originHash { fields.append("  \"originHash\" : \(json(originHash))") }
            fields.append("  \"pins\" : " + (pinTexts.isEmpty ? "[\n\n  ]" : "[\n" + pinTexts.joined(separator: ",\n") + "\n  ]"))
            fields.append("  \"version\" : \(format)")
            out = "{\n" + fields.joined(separator: ",\n") + "\n}"
        }
        return Array((out + "\n").utf8)
    }

    private func json(_ value: String?) -> String {
        guard let value else { return "null" }
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}

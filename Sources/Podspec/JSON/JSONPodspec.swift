/// Reads a `.podspec.json` (the form trunk and most spec repos store) into a `Specification`.
enum JSONPodspec {
    /// The platform keys a JSON spec may hold platform-specific attributes under.
    static let platformKeys = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]

    /// Every top-level key `spec(_:parentName:version:path:)` reads; the values of the others
    /// are checked but not built. A key read at the top level must be listed here (a test
    /// reads every corpus spec both ways).
    static let keysRead = ["name", "version", "dependencies", "subspecs", "source", "default_subspecs",
                           "default_subspec", "platforms", "testspecs", "appspecs", "deprecated_in_favor_of",
                           "deprecated"] + platformKeys
    /// `keysRead`, made once into the set the parser matches keys against.
    private static let keptKeys = JSONKeySet(keysRead)

    static func read(bytes: [UInt8], path: String, keptAtTop: JSONKeySet? = keptKeys) throws(PodspecError) -> Specification {
        let root = try rootObject(bytes: bytes, path: path, keptAtTop: keptAtTop)
        let version = try versionString(root, path: path)
        return try spec(root, parentName: nil, version: version, path: path)
    }

    /// The parsed file, which must be one JSON object.
    private static func rootObject(bytes: [UInt8], path: String, keptAtTop: JSONKeySet? = nil) throws(PodspecError) -> JSONNode {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, keptAtTop: keptAtTop)
        } catch {
            throw PodspecError(
                file: path, line: error.line,
                message: "malformed JSON: \(error.message); fix the JSON syntax")
        }
        guard case .object = root.value else {
            throw PodspecError(
                file: path, line: root.line,
                message: "a JSON podspec must be an object, not \(root.typeName)")
        }
        return root
    }

    /// The node of the top-level `"version"` string, for the version rewriter.
    static func versionNode(bytes: [UInt8], path: String) throws(PodspecError) -> JSONNode {
        let root = try rootObject(bytes: bytes, path: path)
        _ = try versionString(root, path: path)
        return root["version"]!
    }

    private static func versionString(_ root: JSONNode, path: String) throws(PodspecError) -> String {
        guard let node = root["version"] else {
            throw PodspecError(
                file: path, line: root.line,
                message: "the spec has no version; add \"version\": \"1.0.0\"")
        }
        switch node.value {
        case .string(let text) where !text.isEmpty:
            return text
        case .number(let text):
            // CocoaPods turns a numeric version into its text, as written.
            return text
        default:
            throw PodspecError(
                file: path, line: node.line,
                message: "\"version\" must be a non-empty string, not \(node.typeName)")
        }
    }

    private static func spec(
        _ node: JSONNode, parentName: String?, version: String, path: String
    ) throws(PodspecError) -> Specification {
        guard let nameNode = node["name"] else {
            throw PodspecError(
                file: path, line: node.line,
                message: parentName == nil
                    ? "the spec has no name; add \"name\": \"Foo\""
                    : "a subspec of \(parentName!) has no name; add \"name\"")
        }
        guard case .string(let shortName) = nameNode.value, !shortName.isEmpty else {
            throw PodspecError(
                file: path, line: nameNode.line,
                message: "\"name\" must be a non-empty string, not \(nameNode.typeName)")
        }
        let name = parentName.map { "\($0)/\(shortName)" } ?? shortName

        var dependencies = try dependencyList(node["dependencies"], path: path)
        if case .object(let object) = node.value {
            // Compared, not hashed: every key of every spec read is looked at.
            for (index, key) in object.keys.enumerated() where platformKeys.contains(key) {
                guard let platformDependencies = object.nodes[index]["dependencies"] else { continue }
                merge(try dependencyList(platformDependencies, path: path), into: &dependencies)
            }
        }

        func specList(_ key: String, _ what: String) throws(PodspecError) -> [Specification] {
            guard let listNode = node[key] else { return [] }
            guard case .array(let elements) = listNode.value else {
                throw PodspecError(
                    file: path, line: listNode.line,
                    message: "\"\(key)\" must be a list of objects, not \(listNode.typeName)")
            }
            var result: [Specification] = []
            for element in elements {
                guard case .object = element.value else {
                    throw PodspecError(
                        file: path, line: element.line,
                        message: "each \(what) must be an object, not \(element.typeName)")
                }
                result.append(try spec(element, parentName: name, version: version, path: path))
            }
            return result
        }
        let subspecs = try specList("subspecs", "subspec")

        var specification = Specification(
            name: name,
            version: version,
            source: parentName == nil ? try source(node["source"], path: path) : nil,
            dependencies: dependencies,
            subspecs: subspecs,
            defaultSubspecs: try stringList(
                node["default_subspecs"] ?? node["default_subspec"], key: "default_subspecs", path: path),
            deploymentTargets: try platforms(node["platforms"], path: path),
            testSpecs: try specList("testspecs", "test spec"),
            appSpecs: try specList("appspecs", "app spec")
        )
        if parentName == nil {
            // CocoaPods warns of a pod that sets either (`Installer#warn_for_deprecations`).
            if case .string(let other)? = node["deprecated_in_favor_of"]?.value, !other.isEmpty {
                specification.deprecatedInFavorOf = other
                specification.deprecated = true
            }
            if case .bool(true)? = node["deprecated"]?.value { specification.deprecated = true }
        }
        return specification
    }

    /// Adds platform-specific dependencies after the generic ones. A name already listed
    /// gains the requirements it lacks, which is how CocoaPods' consumer merges the two.
    static func merge(_ additions: [Dependency], into dependencies: inout [Dependency]) {
        for addition in additions {
            if let index = dependencies.firstIndex(where: { $0.name == addition.name }) {
                for requirement in addition.requirements
                where !dependencies[index].requirements.contains(requirement) {
                    dependencies[index].requirements.append(requirement)
                }
            } else {
                dependencies.append(addition)
            }
        }
    }

    private static func dependencyList(_ node: JSONNode?, path: String) throws(PodspecError) -> [Dependency] {
        guard let node else { return [] }
        switch node.value {
        case .object(let object):
            var result: [Dependency] = []
            for member in object.members {
                let requirements: [String]
                switch member.node.value {
                case .array(let elements):
                    requirements = try elements.map { (element) throws(PodspecError) -> String in
                        guard case .string(let text) = element.value else {
                            throw PodspecError(
                                file: path, line: element.line,
                                message: "the requirements of the dependency \(member.key) must be strings, "
                                    + "not \(element.typeName)")
                        }
                        return text
                    }
                case .string(let text):
                    requirements = [text]
                case .null:
                    requirements = []
                default:
                    throw PodspecError(
                        file: path, line: member.node.line,
                        message: "the requirements of the dependency \(member.key) must be a list of strings, "
                            + "not \(member.node.typeName)")
                }
                // A repeated key replaces the earlier one, as a Ruby hash would.
                if let index = result.firstIndex(where: { $0.name == member.key }) {
                    result[index].requirements = requirements
                } else {
                    result.append(Dependency(name: member.key, requirements: requirements))
                }
            }
            return result
        case .array:
            // `s.dependencies = ['A', 'B']` serialises as a list of names.
            return try stringList(node, key: "dependencies", path: path).map { Dependency(name: $0) }
        case .string(let name):
            return [Dependency(name: name)]
        default:
            throw PodspecError(
                file: path, line: node.line,
                message: "\"dependencies\" must be an object of requirement lists, not \(node.typeName)")
        }
    }

    private static func stringList(_ node: JSONNode?, key: String, path: String) throws(PodspecError) -> [String] {
        guard let node else { return [] }
        switch node.value {
        case .string(let text):
            return [text]
        case .array(let elements):
            return try elements.map { (element) throws(PodspecError) -> String in
                guard case .string(let text) = element.value else {
                    throw PodspecError(
                        file: path, line: element.line,
                        message: "\"\(key)\" must hold strings, not \(element.typeName)")
                }
                return text
            }
        default:
            throw PodspecError(
                file: path, line: node.line,
                message: "\"\(key)\" must be a string or a list of strings, not \(node.typeName)")
        }
    }

    private static func source(_ node: JSONNode?, path: String) throws(PodspecError) -> Source? {
        guard let node else { return nil }
        guard case .object(let object) = node.value else {
            throw PodspecError(
                file: path, line: node.line,
                message: "\"source\" must be an object such as {\"git\": …, \"tag\": …}, not \(node.typeName)")
        }
        var source = Source()
        for member in object.members {
            let text: String?
            switch member.node.value {
            case .string(let string): text = string
            case .number(let number): text = number
            default: text = nil
            }
            source.set(member.key, to: text)
        }
        return source
    }

    private static func platforms(_ node: JSONNode?, path: String) throws(PodspecError) -> [String: String] {
        guard let node else { return [:] }
        guard case .object(let object) = node.value else {
            throw PodspecError(
                file: path, line: node.line,
                message: "\"platforms\" must be an object such as {\"ios\": \"12.0\"}, not \(node.typeName)")
        }
        var targets: [String: String] = [:]
        for member in object.members {
            switch member.node.value {
            case .string(let target): targets[member.key] = target
            case .number(let target): targets[member.key] = target
            case .null: targets[member.key] = ""
            default:
                throw PodspecError(
                    file: path, line: member.node.line,
                    message: "the deployment target for \(member.key) must be a string, not \(member.node.typeName)")
            }
        }
        return targets
    }
}

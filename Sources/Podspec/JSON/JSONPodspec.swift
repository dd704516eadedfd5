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
    static let keptKeys = JSONKeySet(keysRead)

    /// The spec in `bytes`: read in one pass when it has the plain shape (nearly every spec
    /// does), else through the tree, which also names the line of any error.
    static func read(bytes: [UInt8], path: String) throws(PodspecError) -> Specification {
        if let spec = OnePassJSONPodspec.read(bytes) { return spec }
        return try read(bytes: bytes, path: path, keptAtTop: keptKeys)
    }

    /// The spec in `bytes`, read through the tree of the whole file (`keptAtTop` nil) or of
    /// the top-level values it names.
    static func read(bytes: [UInt8], path: String, keptAtTop: JSONKeySet?) throws(PodspecError) -> Specification {
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

    /// The members of a spec's object that `spec(_:parentName:version:path:)` reads, each the
    /// first member of its key (as `JSONObject`'s subscript finds it), found in one pass over
    /// the keys: looking each up by name compared every key a dozen times per spec read.
    private struct SpecMembers {
        var name, dependencies, subspecs, source, defaultSubspecs, defaultSubspec, platforms,
            testSpecs, appSpecs, deprecatedInFavorOf, deprecated: JSONNode?
        /// The indices of the members under a platform key, in file order.
        var platformIndices: [Int] = []

        init(_ node: JSONNode) {
            guard case .object(let object) = node.value else { return }
            for (index, key) in object.keys.enumerated() {
                // By length first: most keys then meet at most one comparison.
                // The platform keys (`platformKeys`) are in the same switch: every key of every
                // spec read is looked at.
                switch key.utf8.count {
                case 3: if key == "ios" || key == "osx" { platformIndices.append(index) }
                case 4:
                    if key == "name" { Self.keep(object, index, in: &name) }
                    else if key == "tvos" { platformIndices.append(index) }
                case 5: if key == "macos" { platformIndices.append(index) }
                case 6: if key == "source" { Self.keep(object, index, in: &source) }
                case 7: if key == "watchos" { platformIndices.append(index) }
                case 8:
                    if key == "subspecs" { Self.keep(object, index, in: &subspecs) }
                    else if key == "appspecs" { Self.keep(object, index, in: &appSpecs) }
                    else if key == "visionos" { platformIndices.append(index) }
                case 9:
                    if key == "platforms" { Self.keep(object, index, in: &platforms) }
                    else if key == "testspecs" { Self.keep(object, index, in: &testSpecs) }
                case 10: if key == "deprecated" { Self.keep(object, index, in: &deprecated) }
                case 12: if key == "dependencies" { Self.keep(object, index, in: &dependencies) }
                case 15: if key == "default_subspec" { Self.keep(object, index, in: &defaultSubspec) }
                case 16: if key == "default_subspecs" { Self.keep(object, index, in: &defaultSubspecs) }
                case 22: if key == "deprecated_in_favor_of" { Self.keep(object, index, in: &deprecatedInFavorOf) }
                default: break
                }
            }
        }

        private static func keep(_ object: JSONObject, _ index: Int, in slot: inout JSONNode?) {
            if slot == nil { slot = object.nodes[index] }
        }
    }

    private static func spec(
        _ node: JSONNode, parentName: String?, version: String, path: String
    ) throws(PodspecError) -> Specification {
        let members = SpecMembers(node)
        guard let nameNode = members.name else {
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

        var dependencies = try dependencyList(members.dependencies, path: path)
        if case .object(let object) = node.value {
            for index in members.platformIndices {
                guard let platformDependencies = object.nodes[index]["dependencies"] else { continue }
                merge(try dependencyList(platformDependencies, path: path), into: &dependencies)
            }
        }

        func specList(_ listNode: JSONNode?, key: String, _ what: String) throws(PodspecError) -> [Specification] {
            guard let listNode else { return [] }
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
        let subspecs = try specList(members.subspecs, key: "subspecs", "subspec")

        var specification = Specification(
            name: name,
            version: version,
            source: parentName == nil ? try source(members.source, path: path) : nil,
            dependencies: dependencies,
            subspecs: subspecs,
            defaultSubspecs: try stringList(
                members.defaultSubspecs ?? members.defaultSubspec, key: "default_subspecs", path: path),
            deploymentTargets: try platforms(members.platforms, path: path),
            testSpecs: try specList(members.testSpecs, key: "testspecs", "test spec"),
            appSpecs: try specList(members.appSpecs, key: "appspecs", "app spec")
        )
        if parentName == nil {
            // CocoaPods warns of a pod that sets either (`Installer#warn_for_deprecations`).
            if case .string(let other)? = members.deprecatedInFavorOf?.value, !other.isEmpty {
                specification.deprecatedInFavorOf = other
                specification.deprecated = true
            }
            if case .bool(true)? = members.deprecated?.value { specification.deprecated = true }
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

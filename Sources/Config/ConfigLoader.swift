import Diagnostics
import FileIO
import Foundation
import Yams

/// Reads `compctl.yml`. Unknown keys and wrong types are errors that name the line, so a
/// typo never silently turns a check off.
public enum ConfigLoader {
    /// The file name compctl looks for.
    public static let fileName = "compctl.yml"

    /// Finds `compctl.yml` in `directory` or the nearest parent that has one.
    public static func find(from directory: String) -> String? {
        // Paths as strings: walking up through `URL` cost every command 0.7 M instructions.
        var components = LexicalPath.components(of: directory)
        while true {
            let candidate = LexicalPath.joined(components + [Substring(fileName)])
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            guard components.popLast() != nil else { return nil }
        }
    }

    /// Loads and validates the configuration file at `path`.
    public static func load(path: String) throws -> Configuration {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError.unreadable(path: path, reason: "no such file, or not UTF-8 text")
        }
        let directory = LexicalPath.parent(of: path)
        return try parse(text, path: path, directory: directory)
    }

    /// Parses configuration text; `path` names the file in errors.
    public static func parse(_ text: String, path: String, directory: String) throws -> Configuration {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigError.invalid([syntaxIssue(error, path: path)])
        }
        var reader = Reader(path: path)
        var config = Configuration.defaults(directory: directory)
        guard let node else { return config }
        reader.read(node, into: &config)
        if !reader.issues.isEmpty { throw ConfigError.invalid(reader.issues) }
        return config
    }

    /// libyaml's nesting limit (`yaml_set_max_nest_level`), which Yams leaves at its default.
    static let yamlNestingLimit = 1000

    private static func syntaxIssue(_ error: YamlError, path: String) -> FileIssue {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _):
            // libyaml stops nesting at 1000 levels, before Yams would recurse too deep; its
            // message names a C function the user cannot call.
            if problem.hasPrefix("Maximum nesting level reached") {
                return FileIssue(
                    file: path, line: mark.line,
                    message: "not valid YAML: it nests too deeply (more than \(yamlNestingLimit) levels); flatten it")
            }
            let what = [context?.text, problem].compactMap { $0 }.joined(separator: ": ")
            return FileIssue(file: path, line: mark.line, message: "not valid YAML: \(what)")
        default:
            return FileIssue(file: path, line: nil, message: "not valid YAML: \(error)")
        }
    }
}

/// Walks the YAML tree, collecting every problem with its line.
private struct Reader {
    let path: String
    var issues: [FileIssue] = []

    static let topLevelKeys = [
        "spec_repos", "projects", "check_command", "layers", "tag_format", "rc_label",
        "interface_rule", "stale_rc_days", "trunk", "binary_repo", "artifact_store", "binary_command", "dev_pods",
        "packages",
    ]

    mutating func report(_ node: Node?, _ message: String) {
        issues.append(FileIssue(file: path, line: node?.mark?.line, message: message))
    }

    mutating func read(_ root: Node, into config: inout Configuration) {
        guard let mapping = mapping(root, "the top level") else { return }
        for (key, value) in mapping {
            guard let name = key.string else {
                report(key, "keys must be plain words")
                continue
            }
            switch name {
            case "spec_repos": config.specRepos = specRepos(value)
            case "projects": config.projects = projects(value)
            case "packages": config.packages = packages(value)
            case "check_command": config.checkCommand = command(value, key: "check_command", what: "compiles the main project")
            case "binary_command": config.binary.command = command(value, key: "binary_command", what: "builds a component's binary archive")
            case "binary_repo":
                if let name = string(value, "binary_repo") {
                    if isValidRepoName(name) { config.binary.repo = name } else { report(value, "binary_repo must name one of spec_repos, not '\(name)'") }
                }
            case "artifact_store":
                if let location = string(value, "artifact_store") {
                    if location.trimmingCharacters(in: .whitespaces).isEmpty {
                        report(value, "artifact_store is empty; give a folder, a file:// URL or an http(s) URL")
                    } else {
                        config.binary.artifactStore = location
                    }
                }
            case "dev_pods":
                if let items = sequence(value, "dev_pods") { config.binary.devPods = items.compactMap { string($0, "dev_pods") } }
            case "layers": config.layers = layers(value)
            case "tag_format":
                if let text = string(value, "tag_format") {
                    if let format = TagFormat(rawValue: text) {
                        config.tagFormat = format
                    } else {
                        report(value, "tag_format must be \"{version}\" or \"v{version}\", not \"\(text)\"")
                    }
                }
            case "rc_label":
                if let label = string(value, "rc_label") {
                    if label.isEmpty || !label.allSatisfy({ $0.isASCII && $0.isLetter }) {
                        report(value, "rc_label must be letters only, like \"rc\" or \"beta\", not \"\(label)\"")
                    } else {
                        config.rcLabel = label
                    }
                }
            case "interface_rule": config.interfaceRule = interfaceRule(value, default: config.interfaceRule)
            case "trunk":
                if case let .scalar(scalar) = value, ["on", "off", "true", "false", "yes", "no"].contains(scalar.string.lowercased()) {
                    config.readsTrunk = ["on", "true", "yes"].contains(scalar.string.lowercased())
                } else {
                    report(value, "trunk must be on or off")
                }
            case "stale_rc_days":
                if let days = int(value, "stale_rc_days") {
                    if days < 0 { report(value, "stale_rc_days must be 0 or more") } else { config.staleRCDays = days }
                }
            default:
                unknownKey(key, name, allowed: Self.topLevelKeys, in: "compctl.yml")
            }
        }
        let names = config.specRepos.map(\.name)
        for (index, name) in names.enumerated() where names[..<index].contains(name) {
            report(nil, "spec repo name '\(name)' is used twice; give each spec repo its own name")
        }
        if let binaryRepo = config.binary.repo, !names.contains(binaryRepo) {
            report(mapping.first { $0.key.string == "binary_repo" }?.value,
                   "binary_repo '\(binaryRepo)' is not one of spec_repos; add it there with its url")
        }
        if let binaryRepo = config.binary.repo, names.count == 1, names[0] == binaryRepo {
            report(mapping.first { $0.key.string == "binary_repo" }?.value,
                   "binary_repo '\(binaryRepo)' is the only spec repo; the source specs need a spec repo of their own")
        }
    }

    mutating func specRepos(_ node: Node) -> [SpecRepoEntry] {
        guard let items = sequence(node, "spec_repos") else { return [] }
        var repos: [(entry: SpecRepoEntry, order: Int)] = []
        for (index, item) in items.enumerated() {
            guard let fields = mapping(item, "each entry of spec_repos") else { continue }
            var name: String?
            var url: String?
            var priority = index + 1
            var podfileSources: [String] = []
            for (key, value) in fields {
                switch key.string {
                case "name": name = string(value, "spec_repos.name")
                case "url": url = string(value, "spec_repos.url")
                case "priority": priority = int(value, "spec_repos.priority") ?? priority
                case "podfile_source":
                    if let items = value.sequence {
                        podfileSources = items.compactMap { string($0, "spec_repos.podfile_source") }
                    } else if let text = string(value, "spec_repos.podfile_source") {
                        podfileSources = [text]
                    }
                default:
                    unknownKey(key, key.string ?? "?", allowed: ["name", "url", "priority", "podfile_source"], in: "spec_repos")
                }
            }
            if let name, !isValidRepoName(name) {
                report(item, "spec repo name '\(name)' must be letters, digits, '-', '_' or '.'")
            }
            guard let name, let url else {
                report(item, "each spec repo needs a name and a url")
                continue
            }
            var entry = SpecRepoEntry(name: name, url: url, priority: priority)
            entry.podfileSources = podfileSources
            repos.append((entry, index))
        }
        return repos.sorted { ($0.entry.priority, $0.order) < ($1.entry.priority, $1.order) }.map(\.entry)
    }

    func isValidRepoName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".."
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    mutating func projects(_ node: Node) -> [Project] {
        guard let items = sequence(node, "projects") else { return [] }
        var result: [Project] = []
        for item in items {
            guard let fields = mapping(item, "each entry of projects") else { continue }
            var project = Project(name: "", podfile: nil, packageManifest: nil, kind: .main)
            let allowed = ["name", "podfile", "package_swift", "xcodeproj", "kind"]
            for (key, value) in fields {
                switch key.string {
                case "name": project.name = string(value, "projects.name") ?? ""
                case "podfile": project.podfile = string(value, "projects.podfile")
                case "package_swift": project.packageManifest = string(value, "projects.package_swift")
                case "xcodeproj": project.xcodeProject = string(value, "projects.xcodeproj")
                case "kind":
                    if let text = string(value, "projects.kind") {
                        if let kind = Project.Kind(rawValue: text) {
                            project.kind = kind
                        } else {
                            report(value, "projects.kind must be main or example, not \"\(text)\"")
                        }
                    }
                default:
                    unknownKey(key, key.string ?? "?", allowed: allowed, in: "projects")
                }
            }
            if project.name.isEmpty { report(item, "each project needs a name") }
            if project.podfile == nil && project.packageManifest == nil && project.xcodeProject == nil {
                report(item, "project '\(project.name)' needs a podfile, a package_swift or an xcodeproj path")
            }
            if project.packageManifest != nil && project.xcodeProject != nil {
                report(item, "project '\(project.name)' names both a package_swift and an xcodeproj; a project takes its packages through one of them")
            }
            result.append(project)
        }
        return result
    }

    /// `packages:`: the component packages, each a git URL or path (a string, or `url:`).
    mutating func packages(_ node: Node) -> [PackageEntry] {
        guard let items = sequence(node, "packages") else { return [] }
        var result: [PackageEntry] = []
        for item in items {
            if case .scalar = item, let url = string(item, "packages") {
                result.append(PackageEntry(url: url))
                continue
            }
            guard let fields = mapping(item, "each entry of packages") else { continue }
            var url: String?
            for (key, value) in fields {
                switch key.string {
                case "url": url = string(value, "packages.url")
                default: unknownKey(key, key.string ?? "?", allowed: ["url"], in: "packages")
                }
            }
            guard let url, !url.isEmpty else {
                report(item, "each entry of packages needs a url (a git URL or the path of a repository)")
                continue
            }
            result.append(PackageEntry(url: url))
        }
        return result
    }

    /// `check_command` or `binary_command`: a string for `/bin/sh -c`, or an argument vector.
    mutating func command(_ node: Node, key: String, what: String) -> CheckCommand? {
        switch node {
        case let .scalar(scalar) where scalar.tag.description != "tag:yaml.org,2002:null":
            if scalar.string.trimmingCharacters(in: .whitespaces).isEmpty {
                report(node, "\(key) is empty; give the command that \(what)")
                return nil
            }
            return .shell(scalar.string)
        case let .sequence(items):
            var arguments: [String] = []
            for item in items {
                if let text = string(item, key) { arguments.append(text) }
            }
            if arguments.isEmpty { report(node, "\(key) is empty; give the command that \(what)") }
            return arguments.isEmpty ? nil : .arguments(arguments)
        default:
            report(node, "\(key) must be a string (run by /bin/sh) or a list of arguments")
            return nil
        }
    }

    mutating func layers(_ node: Node) -> [Layer] {
        guard let items = sequence(node, "layers") else { return [] }
        var result: [Layer] = []
        for item in items {
            guard let fields = mapping(item, "each entry of layers") else { continue }
            var layer = Layer(name: "", pods: [], allowSameLayer: true)
            for (key, value) in fields {
                switch key.string {
                case "name": layer.name = string(value, "layers.name") ?? ""
                case "pods":
                    if let patterns = sequence(value, "layers.pods") {
                        layer.pods = patterns.compactMap { string($0, "layers.pods") }
                    }
                case "allow_same_layer": layer.allowSameLayer = bool(value, "layers.allow_same_layer") ?? true
                default:
                    unknownKey(key, key.string ?? "?", allowed: ["name", "pods", "allow_same_layer"], in: "layers")
                }
            }
            if layer.name.isEmpty { report(item, "each layer needs a name") }
            if layer.pods.isEmpty { report(item, "layer '\(layer.name)' lists no pods; add names or patterns under pods") }
            if result.contains(where: { $0.name == layer.name }) {
                report(item, "layer '\(layer.name)' is listed twice")
            }
            result.append(layer)
        }
        return result
    }

    mutating func interfaceRule(_ node: Node, default rule: InterfaceRule) -> InterfaceRule {
        guard let fields = mapping(node, "interface_rule") else { return rule }
        var result = rule
        for (key, value) in fields {
            switch key.string {
            case "enabled": result.enabled = bool(value, "interface_rule.enabled") ?? result.enabled
            case "suffix":
                if let suffix = string(value, "interface_rule.suffix") {
                    if suffix.isEmpty { report(value, "interface_rule.suffix must not be empty") } else { result.suffix = suffix }
                }
            default: unknownKey(key, key.string ?? "?", allowed: ["enabled", "suffix"], in: "interface_rule")
            }
        }
        return result
    }

    // MARK: Typed access that reports the line of a wrong type

    mutating func unknownKey(_ key: Node, _ name: String, allowed: [String], in context: String) {
        var message = "unknown key '\(name)' in \(context)"
        if let close = allowed.min(by: { editDistance($0, name) < editDistance($1, name) }),
           editDistance(close, name) <= 2 {
            message += "; did you mean '\(close)'?"
        } else {
            message += "; allowed keys: \(allowed.joined(separator: ", "))"
        }
        report(key, message)
    }

    mutating func mapping(_ node: Node, _ what: String) -> Node.Mapping? {
        if let mapping = node.mapping { return mapping }
        report(node, "\(what) must be a mapping of keys to values")
        return nil
    }

    mutating func sequence(_ node: Node, _ what: String) -> Node.Sequence? {
        if let sequence = node.sequence { return sequence }
        report(node, "\(what) must be a list")
        return nil
    }

    mutating func string(_ node: Node, _ what: String) -> String? {
        if case let .scalar(scalar) = node, scalar.tag.description != "tag:yaml.org,2002:null" {
            return scalar.string
        }
        report(node, "\(what) must be a string")
        return nil
    }

    mutating func int(_ node: Node, _ what: String) -> Int? {
        if case let .scalar(scalar) = node, let value = Int(scalar.string) { return value }
        report(node, "\(what) must be a whole number")
        return nil
    }

    mutating func bool(_ node: Node, _ what: String) -> Bool? {
        if case let .scalar(scalar) = node {
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        report(node, "\(what) must be true or false")
        return nil
    }

    func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}

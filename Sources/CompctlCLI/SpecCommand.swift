import ArgumentParser
import Git
import Podspec

/// `compctl spec …`: what compctl reads from podspecs.
struct SpecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract: "Inspect podspecs.",
        discussion: CommandExamples.standalone("spec"),
        subcommands: [Show.self]
    )

    /// `compctl spec show PODSPEC [--json]`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print what compctl reads from a podspec (Ruby or JSON).",
            discussion: """
                Prints the name, version, source, platforms, the root's dependencies and each \
                subspec's. Parts compctl cannot evaluate are reported on stderr as warnings (the \
                source, deployment targets) or errors (the name, version, subspecs, dependencies).
                """ + CommandExamples.section("spec show")
        )

        @Argument(help: "The podspec: Foo.podspec or Foo.podspec.json.")
        var podspec: String

        @Flag(help: "Print one JSON document instead of text.")
        var json = false

        func run() throws {
            try Self.run(podspec: podspec, json: json)
        }

        /// Runs the line, whether ArgumentParser read it (`run()`) or `QuickPath` did.
        static func run(podspec: String, json: Bool) throws {
            let spec = try reportingErrors { () throws -> Specification in
                try PodspecReader.read(contentsOf: podspec)
            }
            for warning in spec.warnings {
                Console.warning(warning.description)
            }
            if json {
                try JSONOutput.print(SpecDocument(spec))
            } else {
                Console.outRaw(SpecText.render(spec))
            }
        }
    }
}

/// The `--json` document of `spec show`: the shape DESIGN.md gives, plus default subspecs and
/// platforms. Subspecs are listed flat, depth first, by their full names.
struct SpecDocument: Encodable {
    struct SourceDocument: Encodable {
        var git: String?
        var tag: String?
        /// An archive's URL and checksums (a binary spec's source); left out when absent.
        var http: String?
        var sha1: String?
        var sha256: String?

        init(_ source: Source) {
            git = source.git.map(Git.redact)
            tag = source.tag
            http = source.http.map(Git.redact)
            sha1 = source.sha1
            sha256 = source.sha256
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(git, forKey: .git)
            try container.encode(tag, forKey: .tag)
            try container.encodeIfPresent(http, forKey: .http)
            try container.encodeIfPresent(sha1, forKey: .sha1)
            try container.encodeIfPresent(sha256, forKey: .sha256)
        }

        private enum CodingKeys: String, CodingKey {
            case git, tag, http, sha1, sha256
        }
    }

    struct SubspecDocument: Encodable {
        var name: String
        var dependencies: [String: [String]]
        var defaultSubspecs: [String]
        var platforms: [String: String?]

        init(_ spec: Specification) {
            name = spec.name
            dependencies = SpecDocument.dependencies(spec)
            defaultSubspecs = spec.defaultSubspecs
            platforms = SpecDocument.platforms(spec)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(dependencies, forKey: .dependencies)
            try container.encode(defaultSubspecs, forKey: .defaultSubspecs)
            try container.encode(platforms, forKey: .platforms)
        }

        private enum CodingKeys: String, CodingKey {
            case name, dependencies, platforms
            case defaultSubspecs = "default_subspecs"
        }
    }

    /// A test or app spec, as CocoaPods' JSON keeps it in `testspecs` and `appspecs`.
    struct AuxiliaryDocument: Encodable {
        var name: String
        var dependencies: [String: [String]]

        init(_ spec: Specification) {
            name = spec.name
            dependencies = SpecDocument.dependencies(spec)
        }
    }

    var name: String
    var version: String
    var source: SourceDocument?
    var testspecs: [AuxiliaryDocument]
    var appspecs: [AuxiliaryDocument]
    var dependencies: [String: [String]]
    var subspecs: [SubspecDocument]
    var defaultSubspecs: [String]
    var platforms: [String: String?]

    init(_ spec: Specification) {
        name = spec.name
        version = spec.version
        source = spec.source.map(SourceDocument.init)
        dependencies = Self.dependencies(spec)
        subspecs = spec.allSubspecs.map(SubspecDocument.init)
        testspecs = spec.testSpecs.map(AuxiliaryDocument.init)
        appspecs = spec.appSpecs.map(AuxiliaryDocument.init)
        defaultSubspecs = spec.defaultSubspecs
        platforms = Self.platforms(spec)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(JSONOutput.schemaVersion, forKey: .schemaVersion)
        try container.encode(name, forKey: .name)
        try container.encode(version, forKey: .version)
        try container.encode(source, forKey: .source)
        try container.encode(dependencies, forKey: .dependencies)
        try container.encode(subspecs, forKey: .subspecs)
        try container.encode(testspecs, forKey: .testspecs)
        try container.encode(appspecs, forKey: .appspecs)
        try container.encode(defaultSubspecs, forKey: .defaultSubspecs)
        try container.encode(platforms, forKey: .platforms)
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, name, version, source, dependencies, subspecs, platforms, testspecs, appspecs
        case defaultSubspecs = "default_subspecs"
    }

    static func dependencies(_ spec: Specification) -> [String: [String]] {
        Dictionary(spec.dependencies.map { ($0.name, $0.requirements) }, uniquingKeysWith: { first, _ in first })
    }

    /// `null` for a platform supported with no minimum deployment target.
    static func platforms(_ spec: Specification) -> [String: String?] {
        spec.deploymentTargets.mapValues { $0.isEmpty ? nil : $0 }
    }
}

/// The text output of `spec show`, for people.
enum SpecText {
    static func render(_ spec: Specification) -> String {
        var lines = ["\(spec.name) \(spec.version)"]
        lines.append("source: " + source(spec.source))
        lines.append("platforms: " + platforms(spec.deploymentTargets, none: "any"))
        if !spec.defaultSubspecs.isEmpty {
            lines.append("default subspecs: " + spec.defaultSubspecs.joined(separator: ", "))
        }
        lines += dependencies(spec.dependencies, indent: "")
        for subspec in spec.allSubspecs {
            lines.append("subspec \(subspec.name)")
            if !subspec.deploymentTargets.isEmpty {
                lines.append("  platforms: " + platforms(subspec.deploymentTargets, none: ""))
            }
            if !subspec.defaultSubspecs.isEmpty {
                lines.append("  default subspecs: " + subspec.defaultSubspecs.joined(separator: ", "))
            }
            lines += dependencies(subspec.dependencies, indent: "  ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func source(_ source: Source?) -> String {
        guard let source else { return "none" }
        var details: [String] = []
        if let tag = source.tag { details.append("tag \(tag)") }
        if let branch = source.branch { details.append("branch \(branch)") }
        if let commit = source.commit { details.append("commit \(commit)") }
        if let sha256 = source.sha256 { details.append("sha256 \(sha256)") }
        if let sha1 = source.sha1 { details.append("sha1 \(sha1)") }
        let suffix = details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")"
        if let git = source.git { return Git.redact(git) + suffix }
        if let http = source.http { return Git.redact(http) + suffix }
        if let path = source.path { return "path " + path + suffix }
        return details.isEmpty ? "none" : details.joined(separator: ", ")
    }

    private static func platforms(_ targets: [String: String], none: String) -> String {
        guard !targets.isEmpty else { return none }
        return targets.keys.sorted().map { name in
            let target = targets[name]!
            return target.isEmpty ? name : "\(name) \(target)"
        }.joined(separator: ", ")
    }

    private static func dependencies(_ dependencies: [Dependency], indent: String) -> [String] {
        guard !dependencies.isEmpty else { return ["\(indent)dependencies: none"] }
        return ["\(indent)dependencies:"] + dependencies.map { dependency in
            let requirements = dependency.requirements.joined(separator: ", ")
            return "\(indent)  \(dependency.name)" + (requirements.isEmpty ? "" : " \(requirements)")
        }
    }
}

import CompileCheck
import FileIO
import Foundation

/// Everything `compctl.yml` says: spec repos, projects, the compile check, layers, tags,
/// the rc label and the interface rule. Relative paths are resolved against `directory`.
public struct Configuration: Equatable, Sendable {
    /// The directory that holds the configuration file; relative paths start here.
    public var directory: String
    /// Private spec repos, in search order (lowest `priority` first).
    public var specRepos: [SpecRepoEntry]
    /// Main projects and example apps whose manifests compctl reads and pins.
    public var projects: [Project]
    /// The compile check run by `integrate`, exactly as configured.
    public var checkCommand: CheckCommand?
    /// Layers, lowest first: a pod may depend only on pods of lower layers.
    public var layers: [Layer]
    /// How a version becomes a git tag.
    public var tagFormat: TagFormat
    /// The prerelease label of release candidates (`rc` gives `0.1.8-rc.1`).
    public var rcLabel: String
    /// The interface-collection rule (DESIGN.md): interface pods share the major version.
    public var interfaceRule: InterfaceRule
    /// An rc older than this many days that was never released is reported as stale.
    public var staleRCDays: Int
    /// The binary channel: the binary spec repo, the artifact store, the build command and
    /// the pods under development.
    public var binary = BinaryChannel()
    /// Whether trunk (CocoaPods' public CDN) is read where a Podfile reads it; `trunk: off`
    /// says no, for a team that keeps compctl off the public network.
    public var readsTrunk: Bool = true
    /// Component Swift packages (git URLs or repository paths), besides those the projects'
    /// manifests name.
    public var packages: [PackageEntry] = []

    /// The configuration compctl uses when there is no `compctl.yml`.
    public static func defaults(directory: String) -> Configuration {
        Configuration(
            directory: directory, specRepos: [], projects: [], checkCommand: nil, layers: [],
            tagFormat: .plain, rcLabel: "rc", interfaceRule: InterfaceRule(enabled: false, suffix: "Protocols"),
            staleRCDays: 30)
    }

    /// The layer a pod belongs to, by the first layer whose patterns match its root name.
    public func layer(of podName: String) -> Layer? {
        let root = podName.split(separator: "/", maxSplits: 1).first.map(String.init) ?? podName
        return layers.first { layer in layer.pods.contains { GlobPattern.matches($0, root) } }
    }

    /// The layer a Swift package belongs to: as `layer(of:)`, with package identities (which
    /// are lower-cased) matched without case.
    public func layer(ofPackage identity: String) -> Layer? {
        let name = identity.lowercased()
        return layers.first { layer in layer.pods.contains { GlobPattern.matches($0.lowercased(), name) } }
    }

    /// `path` resolved against the configuration's directory, unless it is absolute or a URL.
    public func resolve(path: String) -> String {
        if path.hasPrefix("/") || path.contains("://") || SpecRepoEntry.isSCPLike(path) { return path }
        return URL(fileURLWithPath: directory).appendingPathComponent(path).standardizedFileURL.path
    }
}

/// compctl.yml's binary channel: prebuilt components beside the source ones.
public struct BinaryChannel: Equatable, Sendable {
    /// `binary_repo`: the name of the spec repo (one of `spec_repos`) that holds binary specs.
    public var repo: String?
    /// `artifact_store`: a folder, a `file://` URL or an http(s) URL, as written.
    public var artifactStore: String?
    /// `binary_command`: builds a component's archive, run as configured.
    public var command: CheckCommand?
    /// `dev_pods`: the pods under development, which always come from source.
    public var devPods: [String] = []

    /// No binary channel.
    public init(repo: String? = nil, artifactStore: String? = nil, command: CheckCommand? = nil, devPods: [String] = []) {
        self.repo = repo
        self.artifactStore = artifactStore
        self.command = command
        self.devPods = devPods
    }
}

/// One private spec repo: a name for the cache and for `--repo NAME`, where it lives, and its
/// priority among the others.
public struct SpecRepoEntry: Equatable, Sendable {
    public var name: String
    /// A directory, a bare repository or a git URL, as written in the file.
    public var url: String
    /// Lower numbers are searched first, as the first `source` line wins in a Podfile.
    public var priority: Int
    /// The Podfile `source` lines this spec repo stands for (`podfile_source`), as written.
    public var podfileSources: [String] = []

    /// True for `git@host:path`-style addresses, which carry no scheme.
    static func isSCPLike(_ string: String) -> Bool {
        guard let at = string.firstIndex(of: "@"), let colon = string.firstIndex(of: ":") else { return false }
        return at < colon && !string.contains("://")
    }
}

/// A project whose manifest compctl reads, checks for skew and pins.
public struct Project: Equatable, Sendable {
    /// The two kinds of project: the app that ships, and a component's example app.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case main
        case example
    }

    public var name: String
    /// The Podfile, relative to the configuration's directory.
    public var podfile: String?
    /// A `Package.swift` whose `exact:` pins compctl keeps in step.
    public var packageManifest: String?
    /// An Xcode project (`App.xcodeproj`) whose Swift package references compctl reads and pins.
    public var xcodeProject: String?
    public var kind: Kind

    /// Where the project takes its Swift packages from: its Package.swift, else its Xcode project.
    public var packagesManifest: String? { packageManifest ?? xcodeProject }

    /// A project from its parts.
    public init(name: String, podfile: String?, packageManifest: String?, xcodeProject: String? = nil, kind: Kind) {
        self.name = name
        self.podfile = podfile
        self.packageManifest = packageManifest
        self.xcodeProject = xcodeProject
        self.kind = kind
    }
}

/// One component Swift package of `packages:`: where its git repository is.
public struct PackageEntry: Equatable, Sendable {
    /// A git URL or a path, as written (relative paths are relative to compctl.yml).
    public var url: String

    public init(url: String) {
        self.url = url
    }
}

/// The compile check, run as configured (`check_command`): CompileCheck's own type, so the
/// configuration hands it to the runner as it is.
public typealias CheckCommand = CompileCheck.CheckCommand

/// One layer of the architecture, with the pods that belong to it.
public struct Layer: Equatable, Sendable {
    public var name: String
    /// Pod names or glob patterns (`XX*Resources`).
    public var pods: [String]
    /// Whether a pod may depend on another pod of the same layer.
    public var allowSameLayer: Bool
}

/// How a version is written as a git tag.
public enum TagFormat: String, Equatable, Sendable, CaseIterable {
    case plain = "{version}"
    case prefixed = "v{version}"

    /// The tag for `version`.
    public func tag(for version: String) -> String {
        switch self {
        case .plain: version
        case .prefixed: "v" + version
        }
    }
}

/// The interface-collection rule: a pod named `<Implementation><suffix>` is the interface of
/// `<Implementation>` and must share its major version.
public struct InterfaceRule: Equatable, Sendable {
    public var enabled: Bool
    public var suffix: String

    /// The implementation an interface pod belongs to, or nil when `pod` is no interface pod.
    public func implementation(ofInterface pod: String) -> String? {
        guard enabled, !suffix.isEmpty, pod.hasSuffix(suffix), pod.count > suffix.count else { return nil }
        return String(pod.dropLast(suffix.count))
    }
}

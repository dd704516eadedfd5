import Diagnostics

/// What compctl reads from one podspec, or from one of its subspecs: the identity, the
/// source, and the dependencies that resolution and the graph checks need.
///
/// Versions and requirements are kept as the strings the file holds; `lint` validates them.
public struct Specification: Sendable, Equatable {
    // The fields live in one shared box, copied on the first change to a shared one. A spec
    // is copied many times between the file and the resolver (into the cache, out of each
    // read ahead, into `allSubspecs`): about 14 copies per spec read, each retaining and
    // then releasing its twenty strings and arrays, cost about as much as building the spec.
    // A copy of the box is one retain.
    private var box: Box

    private final class Box: @unchecked Sendable {
        // Changed only through `fields`, which first copies a box that is shared.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Equatable {
        var name: String
        var version: String
        var source: Source?
        var dependencies: [Dependency]
        var subspecs: [Specification]
        var defaultSubspecs: [String]
        var testSpecs: [Specification]
        var appSpecs: [Specification]
        var deploymentTargets: [String: String]
        var warnings: [PodspecError]
        var deprecated = false
        var deprecatedInFavorOf: String?
    }

    /// The fields, for a change: a box another copy shares is copied first.
    private var fields: Fields {
        get { box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    /// The full name: `Foo` for a root spec, `Foo/Bar` for a subspec.
    public var name: String {
        get { box.fields.name }
        _modify { yield &fields.name }
    }
    /// The root spec's version as written. Subspecs carry their root's version.
    public var version: String {
        get { box.fields.version }
        _modify { yield &fields.version }
    }
    /// Where the code comes from. Only the root spec has one.
    public var source: Source? {
        get { box.fields.source }
        _modify { yield &fields.source }
    }
    /// The spec's own dependencies (not those it inherits from its parent), in file order:
    /// the ones for every platform first, then platform-specific ones. A platform-specific
    /// declaration of a name already listed adds the requirements it lacks.
    public var dependencies: [Dependency] {
        get { box.fields.dependencies }
        _modify { yield &fields.dependencies }
    }
    /// The subspecs declared inside this spec, in file order. Test and app specs are not
    /// subspecs: they are in `testSpecs` and `appSpecs`.
    public var subspecs: [Specification] {
        get { box.fields.subspecs }
        _modify { yield &fields.subspecs }
    }
    /// The subspecs a plain `pod 'Foo'` brings in, by their short names. Empty means all.
    public var defaultSubspecs: [String] {
        get { box.fields.defaultSubspecs }
        _modify { yield &fields.defaultSubspecs }
    }
    /// The test specs (`test_spec`, JSON `testspecs`) by full name (`Foo/Tests`), with their
    /// dependencies. They are not subspecs: resolution of the pod never reads them.
    public var testSpecs: [Specification] {
        get { box.fields.testSpecs }
        _modify { yield &fields.testSpecs }
    }
    /// The app specs (`app_spec`, JSON `appspecs`), as `testSpecs`.
    public var appSpecs: [Specification] {
        get { box.fields.appSpecs }
        _modify { yield &fields.appSpecs }
    }
    /// Minimum deployment target per platform (`"ios": "12.0"`). An empty string means the
    /// platform is supported with no minimum (`s.platform = :ios`).
    public var deploymentTargets: [String: String] {
        get { box.fields.deploymentTargets }
        _modify { yield &fields.deploymentTargets }
    }
    /// Things compctl reads but that the file does not let it evaluate, such as a source URL
    /// taken from an environment variable. They are left out of the values above. Only the
    /// root spec carries warnings; they cover its subspecs too.
    public var warnings: [PodspecError] {
        get { box.fields.warnings }
        _modify { yield &fields.warnings }
    }
    /// The pod is deprecated (`deprecated`, or `deprecated_in_favor_of`, which `pod trunk
    /// deprecate` writes into the root spec's JSON). Only root specs carry it.
    public var deprecated: Bool {
        get { box.fields.deprecated }
        _modify { yield &fields.deprecated }
    }
    /// The pod to use instead (`deprecated_in_favor_of`), when the deprecation names one.
    public var deprecatedInFavorOf: String? {
        get { box.fields.deprecatedInFavorOf }
        _modify { yield &fields.deprecatedInFavorOf }
    }

    /// Creates a specification from its parts.
    public init(
        name: String,
        version: String,
        source: Source? = nil,
        dependencies: [Dependency] = [],
        subspecs: [Specification] = [],
        defaultSubspecs: [String] = [],
        deploymentTargets: [String: String] = [:],
        warnings: [PodspecError] = [],
        testSpecs: [Specification] = [],
        appSpecs: [Specification] = []
    ) {
        box = Box(Fields(
            name: name, version: version, source: source, dependencies: dependencies, subspecs: subspecs,
            defaultSubspecs: defaultSubspecs, testSpecs: testSpecs, appSpecs: appSpecs,
            deploymentTargets: deploymentTargets, warnings: warnings))
    }

    public static func == (left: Specification, right: Specification) -> Bool {
        left.box === right.box || left.box.fields == right.box.fields
    }

    /// The name of the root spec: `Foo` for both `Foo` and `Foo/Bar`.
    public var rootName: String {
        guard let slash = PodName.firstSlash(in: name) else { return name }
        return String(name[..<slash])
    }

    /// Every subspec below this spec, depth first, in file order.
    public var allSubspecs: [Specification] {
        subspecs.flatMap { [$0] + $0.allSubspecs }
    }

    /// The subspec with the full name `name` (`Foo/Bar/Baz`), searching nested subspecs too.
    public func subspec(named name: String) -> Specification? {
        for subspec in subspecs {
            if subspec.name == name { return subspec }
            if name.hasPrefix(subspec.name + "/"), let found = subspec.subspec(named: name) {
                return found
            }
        }
        return nil
    }
}

/// Where a pod's code is fetched from, as the podspec's `source` gives it.
public struct Source: Sendable, Equatable {
    /// The git repository URL (`:git`).
    public var git: String?
    /// The tag to check out (`:tag`).
    public var tag: String?
    /// The branch to check out (`:branch`).
    public var branch: String?
    /// The commit to check out (`:commit`).
    public var commit: String?
    /// An archive URL (`:http`), for pods that ship a download instead of a repository.
    public var http: String?
    /// A local path (`:path`), used by development pods.
    public var path: String?
    /// The SHA-1 an `:http` archive must have (`:sha1`), hexadecimal as written.
    public var sha1: String?
    /// The SHA-256 an `:http` archive must have (`:sha256`), hexadecimal as written.
    public var sha256: String?

    /// Creates a source from its parts.
    public init(
        git: String? = nil, tag: String? = nil, branch: String? = nil,
        commit: String? = nil, http: String? = nil, path: String? = nil,
        sha1: String? = nil, sha256: String? = nil
    ) {
        self.git = git
        self.tag = tag
        self.branch = branch
        self.commit = commit
        self.http = http
        self.path = path
        self.sha1 = sha1
        self.sha256 = sha256
    }

    /// Whether this is a prebuilt archive's source: an `:http` URL with the archive's
    /// checksum (`:sha1` or `:sha256`), as a binary spec has.
    public var isChecksummedArchive: Bool {
        http != nil && (sha256 != nil || sha1 != nil)
    }

    /// The keys of a podspec's source hash that compctl reads.
    static let fieldKeys: Set<String> = ["git", "tag", "branch", "commit", "http", "path", "sha1", "sha256"]

    /// Sets the field a podspec's source hash names by `key` (`git`, `tag`, `branch`,
    /// `commit`, `http`, `path`, `sha1`, `sha256`); other keys compctl does not use are ignored.
    mutating func set(_ key: String, to value: String?) {
        switch key {
        case "git": git = value
        case "tag": tag = value
        case "branch": branch = value
        case "commit": commit = value
        case "http": http = value
        case "path": path = value
        case "sha1": sha1 = value
        case "sha256": sha256 = value
        default: break
        }
    }
}

/// One dependency of a spec: the pod (or `Pod/Subspec`) and its requirements as written,
/// such as `["~> 1.0", "< 1.5"]`. No requirement means any version.
public struct Dependency: Sendable, Equatable {
    /// The pod's name, `Foo` or `Foo/Subspec`.
    public var name: String
    /// The requirements as the file writes them, in order.
    public var requirements: [String]

    /// Creates a dependency on `name` with `requirements`.
    public init(name: String, requirements: [String] = []) {
        self.name = name
        self.requirements = requirements
    }
}

import FileIO
import Foundation
import Git
import HTTP

/// A spec repo that compctl.yml names: `spec_repos: [{name, url}]`, the URL already
/// resolved against the file's directory when it is a relative path.
public struct ConfiguredSpecRepo: Sendable, Equatable {
    /// The name commands accept as SOURCE, and the cache directory's name.
    public var name: String
    /// A git URL, a bare repository or a directory.
    public var url: String
    /// The URL as compctl.yml writes it (a relative path before it is resolved), which a
    /// Podfile's `:source` may name too.
    public var writtenURL: String
    /// The Podfile `source` lines this spec repo stands for (`podfile_source`): a Podfile
    /// naming one of them reads this spec repo instead.
    public var podfileSources: [String]

    /// A configured spec repo; `writtenURL` defaults to `url`.
    public init(name: String, url: String, writtenURL: String? = nil, podfileSources: [String] = []) {
        self.name = name
        self.url = url
        self.writtenURL = writtenURL ?? url
        self.podfileSources = podfileSources
    }
}

/// Where a SOURCE argument points, before anything is read.
public enum SourceLocation: Sendable, Equatable {
    /// A plain folder or a git work tree, read as files: uncommitted edits are visible,
    /// as a user at their desk expects.
    case directory(path: String)
    /// A bare repository on this machine, read from git objects at its HEAD.
    case bareRepository(path: String)
    /// A remote repository, read from compctl's bare clone of it in the cache.
    case cached(name: String, url: String)
    /// A CDN source (an http(s) URL serving trunk's layout), read lazily over HTTP.
    case cdn(name: String, url: String)
}

/// A spec repo opened for reading.
public struct OpenedSource {
    /// Its name for messages and `repo show` (`acme`).
    public var name: String
    /// Where it was found.
    public var location: SourceLocation
    /// What messages show as its place: the path, or the redacted URL.
    public var displayLocation: String
    /// The listed repo; `nil` when it is a git repository without a commit yet, or a CDN.
    public var repository: SpecRepository?
    /// The commit read, for git sources.
    public var commit: ObjectID?
    /// The CDN source, for an http(s) source serving trunk's layout.
    public var cdn: CDNSource?
}

/// The sources of a plan, opened, and why trunk is not among them when it is not.
public struct OpenedSources {
    public var sources: [SpecRepoSource]
    /// Why trunk, which the plan reads, is not read (`trunk: off`, offline or unreachable
    /// without a copy); nil when trunk is read or not planned.
    public var trunkUnread: String?

    /// Opened sources.
    public init(sources: [SpecRepoSource], trunkUnread: String? = nil) {
        self.sources = sources
        self.trunkUnread = trunkUnread
    }
}

/// Turns the SOURCE of a command into a spec repo. This is the one place that knows how a
/// SOURCE string is read, for every command; it tries, in this order:
/// 1. a name from compctl.yml (the project's own declaration wins over everything else);
/// 2. a URL: an http(s) URL without credentials that serves trunk's `CocoaPods-version.yml`
///    is a CDN source (trunk's own URL without asking); any other is a git URL
///    (`scheme://…` or `user@host:path`), cached under a name derived from it; a `file://`
///    URL of a directory that is no git repository is read as that directory;
/// 3. an existing directory: a bare repository is read from git objects at HEAD, a plain
///    folder or a git work tree as files;
/// 4. the name of a repo added with `repo add` (compctl's global cache never shadows a
///    directory that exists where the command runs).
///
/// Cached repos are cloned on first use and, when `fetchesCachedSources` is set, fetched
/// before they are read.
public struct SourceLocator {
    /// Where remote spec repos are cloned.
    public var cache: SpecRepoCache
    /// The spec repos compctl.yml lists, in priority order.
    public var configured: [ConfiguredSpecRepo]
    /// Relative paths start here.
    public var workingDirectory: String
    /// Whether a cached repo is fetched before it is read (a fresh clone is never fetched).
    public var fetchesCachedSources: Bool
    /// How CDN sources are reached; its `offline` also forbids cloning a git source.
    public var cdn: CDNAccess
    /// Where `trunk` (and trunk's URL) is read from, or why it is not.
    public var trunk: TrunkSetting

    /// A locator over `cache` and the configured repos; CDN copies go beside the cache
    /// (`$COMPCTL_HOME/cdn`) unless `cdn` says otherwise.
    public init(
        cache: SpecRepoCache, configured: [ConfiguredSpecRepo] = [],
        workingDirectory: String = FileManager.default.currentDirectoryPath, fetchesCachedSources: Bool = true,
        cdn: CDNAccess? = nil, trunk: TrunkSetting = .standard
    ) {
        self.cache = cache
        self.configured = configured
        self.workingDirectory = workingDirectory
        self.fetchesCachedSources = fetchesCachedSources
        self.trunk = trunk
        self.cdn = cdn ?? CDNAccess(home: (cache.directory as NSString).deletingLastPathComponent)
    }

    // MARK: - Classifying

    /// Whether `text` is a git URL rather than a path or a name: it has a scheme
    /// (`file://`, `ssh://`, `https://`…) or is scp-like (`git@host:path`).
    public static func isURL(_ text: String) -> Bool {
        if let separator = text.range(of: "://") {
            let scheme = text[..<separator.lowerBound]
            return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        }
        guard let at = text.firstIndex(of: "@"), let colon = text.firstIndex(of: ":") else { return false }
        return at < colon && !text[..<colon].contains("/")
    }

    /// Where `source` points; clones and fetches nothing.
    public func locate(_ source: String) throws -> SourceLocation {
        if let entry = configured.first(where: { $0.name == source }) {
            return try location(of: entry)
        }
        if let directory = plainDirectory(ofFileURL: source) {
            return .directory(path: directory)
        }
        if SpecRepoURL.isTrunk(source) {
            switch trunk {
            case let .on(url): return .cdn(name: SpecRepoURL.trunkName, url: url)
            case let .off(reason): throw SpecRepoError.trunkOff(reason: reason)
            }
        }
        if source.contains("://"), !isCachedGit(source) {
            if cdn.isCDN(source) { return .cdn(name: CDNAccess.name(forURL: source), url: source) }
            // Offline, an http(s) URL never read cannot be asked what it is.
            if cdn.offline, CDNAccess.isPlainHTTP(source) { throw SpecRepoError.neverReadOffline(url: source) }
        }
        if Self.isURL(source) {
            return .cached(name: cacheName(forURL: source), url: source)
        }
        let path = absolute(source)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw SpecRepoError.repositoryIsAFile(source) }
            return Repository.isBareRepository(at: path) ? .bareRepository(path: path) : .directory(path: path)
        }
        if cache.contains(source) {
            return .cached(name: source, url: try cache.info(source).url)
        }
        throw SpecRepoError.unknownSource(source, known: knownNames())
    }

    /// The cache name for a URL: the configured or cached repo with that URL, else the
    /// URL's last path component (`specs` for `…/specs.git`), made unique with a hash of the
    /// URL when another repo already has that name.
    public func cacheName(forURL url: String) -> String {
        if let entry = configured.first(where: { Self.isURL($0.url) ? $0.url == url : absolute($0.url) == url }) {
            return entry.name
        }
        for name in cache.names() where (try? cache.info(name).url) == url {
            return name
        }
        // Neither the query nor the fragment: they may hold a token (`?private_token=…`).
        let location = url.prefix { $0 != "?" && $0 != "#" }
        var base = String(location.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? "")
        if base.hasSuffix(".git") { base.removeLast(4) }
        base = String(base.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "-"
        })
        while base.hasPrefix(".") { base.removeFirst() }
        if base.isEmpty { base = "specs" }
        // Looked up again by name: another process may have added this very URL under
        // `base` since the scan above, and must not push this one to a second cache.
        let taken = configured.contains(where: { $0.name == base })
            || (cache.contains(base) && (try? cache.info(base).url) != url)
        return taken ? base + "-" + MD5.hexDigest(url).prefix(8) : base
    }

    /// The names a SOURCE may use: configured ones in priority order, then cached ones.
    public func knownNames() -> [String] {
        var names = configured.map(\.name)
        for name in cache.names() where !names.contains(name) { names.append(name) }
        return names
    }

    // MARK: - Opening

    /// Whether the cache holds a git clone of `url` (so it is no CDN).
    private func isCachedGit(_ url: String) -> Bool {
        cache.names().contains { name in (try? cache.info(name).url).map { SpecRepoURL.same($0, url) } ?? false }
    }

    /// Opens `source` for reading, cloning or fetching a cached repo first as needed.
    public func open(_ source: String, depth: ListingDepth = .versionDirectories) throws -> OpenedSource {
        try open(source, depth: depth, asTrunk: false)
    }

    /// Opens `source` as `open(_:depth:)` does; with `asTrunk`, an http(s) URL is opened as
    /// trunk's CDN (named `trunk`) without asking what it is.
    public func open(_ source: String, depth: ListingDepth, asTrunk: Bool) throws -> OpenedSource {
        let location = asTrunk && CDNAccess.isPlainHTTP(source)
            ? SourceLocation.cdn(name: SpecRepoURL.trunkName, url: source) : try locate(source)
        // Messages show a path as the user wrote it; a configured name shows its resolved path.
        let configured = configuredName(source)
        switch location {
        case .directory(let path):
            let shown = configured == nil ? spelling(of: source, for: path) : path
            let repository = try SpecRepository(tree: DirectorySpecTree(path: shown), name: configured, depth: depth)
            return OpenedSource(name: repository.name, location: location, displayLocation: shown,
                                repository: repository, commit: nil)
        case .bareRepository(let path):
            let shown = configured == nil ? spelling(of: source, for: path) : path
            let gitRepository = try Repository.open(at: path)
            let name = configured ?? Self.repositoryName(path)
            guard let head = try? gitRepository.resolve("HEAD") else {
                return OpenedSource(name: name, location: location, displayLocation: shown, repository: nil, commit: nil)
            }
            let tree = try GitSpecTree(repositoryAt: path, revision: head.hex, location: shown)
            return OpenedSource(name: name, location: location, displayLocation: shown,
                                repository: try SpecRepository(tree: tree, name: name, depth: depth), commit: head)
        case .cdn(let name, let url):
            let source = try cdn.open(name: name, url: url)
            return OpenedSource(name: source.name, location: location, displayLocation: source.url,
                                repository: nil, commit: nil, cdn: source)
        case .cached(let name, let url):
            try prepareCache(name: name, url: url)
            let display = Git.redact(url)
            guard let tree = try cache.tree(of: name, location: display) else {
                return OpenedSource(name: name, location: location, displayLocation: display, repository: nil, commit: nil)
            }
            let repository: SpecRepository
            do {
                repository = try SpecRepository(tree: tree, name: name, depth: depth)
            } catch SpecRepoError.notASpecRepository {
                throw SpecRepoError.remoteIsNotASpecRepository(url: display, branch: try cache.info(name).branch)
            }
            return OpenedSource(name: name, location: location, displayLocation: display,
                                repository: repository, commit: tree.commit)
        }
    }

    /// The repos `arguments` name, in the order given, or, with none, every configured repo
    /// in priority order; listed to `depth`. Every SOURCE that cannot be read is reported,
    /// together (`SpecRepoError.several` when more than one).
    public func sources(_ arguments: [String], depth: ListingDepth = .onDemand) throws -> [SpecRepoSource] {
        let wanted = arguments.isEmpty ? configured.map(\.name) : arguments
        guard !wanted.isEmpty else { throw SpecRepoError.noSources }
        var sources: [SpecRepoSource] = []
        var problems: [any Error] = []
        for argument in wanted {
            do {
                sources.append(try source(argument, depth: depth))
            } catch {
                problems.append(error)
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw SpecRepoError.several(problems.map { String(describing: $0) }) }
        return sources
    }

    /// The repo one SOURCE names, with the addresses a Podfile's `:source` may name it by.
    /// A git repository without a commit is an error here: it holds no specs to read.
    public func source(_ argument: String, depth: ListingDepth = .onDemand) throws -> SpecRepoSource {
        try source(PlannedSource(argument: argument, isTrunk: SpecRepoURL.isTrunk(argument)), depth: depth)
    }

    /// The source `planned` names, known also by its aliases.
    public func source(_ planned: PlannedSource, depth: ListingDepth = .onDemand) throws -> SpecRepoSource {
        let argument = planned.argument
        let opened = try open(argument, depth: depth, asTrunk: planned.isTrunk)
        var addresses: [String]
        if let entry = configured.first(where: { $0.name == argument }) {
            addresses = [entry.writtenURL, entry.url] + entry.podfileSources
        } else {
            addresses = [argument]
        }
        switch opened.location {
        case .directory(let path), .bareRepository(let path): addresses.append(path)
        case .cached(_, let url), .cdn(_, let url): addresses.append(url)
        }
        var unique: [String] = []
        for address in addresses + planned.aliases where !unique.contains(address) { unique.append(address) }
        let isTrunk = planned.isTrunk || unique.contains(where: SpecRepoURL.isTrunk)
        if let cdn = opened.cdn { return SpecRepoSource(cdn: cdn, addresses: unique, isTrunk: isTrunk) }
        guard let repository = opened.repository else { throw SpecRepoError.noCommit(opened.displayLocation) }
        return SpecRepoSource(repository: repository, addresses: unique, isTrunk: isTrunk)
    }

    /// The sources of `plan`, opened, in its order. trunk that cannot be read (offline or
    /// unreachable, without a copy) is left out, and `trunkUnread` says why; any other source
    /// that cannot be read is an error, every one reported together.
    public func sources(_ plan: SourcePlan, depth: ListingDepth = .onDemand) throws -> OpenedSources {
        var opened = OpenedSources(sources: [], trunkUnread: plan.trunkLeftOut)
        var problems: [any Error] = []
        for planned in plan.sources {
            do {
                opened.sources.append(try source(planned, depth: depth))
            } catch let error as SpecRepoError where planned.isTrunk && error.isNetworkFailure {
                opened.trunkUnread = error.unreadableReason
            } catch let error as HTTPError where planned.isTrunk {
                opened.trunkUnread = error.description
            } catch {
                problems.append(error)
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw SpecRepoError.several(problems.map { String(describing: $0) }) }
        if opened.sources.isEmpty && opened.trunkUnread == nil { throw SpecRepoError.noSources }
        return opened
    }

    /// Where `publish` pushes for `source`: a cached clone of a remote or of a bare
    /// repository on this machine. A plain folder or a work tree cannot be published to.
    public func publishTarget(_ source: String) throws -> (name: String, url: String) {
        switch try locate(source) {
        case .cached(let name, let url):
            return (name, url)
        case .cdn(_, let url):
            throw SpecRepoError.notPublishable(
                source: source, reason: "\(url) is a CDN source, which is read over HTTP and never pushed to",
                fix: "publish to the git spec repo the CDN is made from")
        case .bareRepository(let path):
            return (cacheName(forURL: path), path)
        case .directory(let path):
            let what = (try? Repository.open(at: path)) != nil
                ? "a git work tree, and compctl publishes by pushing to the spec repo's remote, never into a checkout"
                : "a plain directory, not a git repository"
            if configured.contains(where: { $0.name == source }) {
                throw SpecRepoError.notPublishable(
                    source: source, reason: "compctl.yml gives its url as \(path), \(what)",
                    fix: "set its url in compctl.yml to the spec repo's git URL or a bare repository")
            }
            throw SpecRepoError.notPublishable(
                source: source, reason: "it is \(what)",
                fix: "pass the spec repo's name in compctl.yml, its git URL or a bare repository")
        }
    }

    /// Clones the cached repo if it is missing, else fetches it when asked to. Offline, a
    /// missing clone is an error and nothing is fetched.
    public func prepareCache(name: String, url: String) throws {
        if cdn.offline {
            guard cache.contains(name) else { throw SpecRepoError.notClonedOffline(name: name, url: Git.redact(url)) }
            return
        }
        if try cache.ensure(name: name, url: url) { return }
        if fetchesCachedSources { try cache.update(name) }
    }

    // MARK: - Helpers

    /// `source` as the user wrote it when it names `path` from this process's directory too
    /// (the command line's case), else the absolute `path`.
    private func spelling(of source: String, for path: String) -> String {
        LexicalPath.standardized(source) == path ? source : path
    }

    private func configuredName(_ source: String) -> String? {
        configured.contains { $0.name == source } ? source : nil
    }

    /// `specs` for `/srv/git/specs.git`, as git names a clone of it.
    static func repositoryName(_ path: String) -> String {
        var name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasSuffix(".git") && name.count > 4 { name.removeLast(4) }
        return name
    }

    private func location(of entry: ConfiguredSpecRepo) throws -> SourceLocation {
        if let directory = plainDirectory(ofFileURL: entry.url) { return .directory(path: directory) }
        if SpecRepoURL.isTrunk(entry.url) {
            guard case let .on(url) = trunk else { return .cdn(name: entry.name, url: SpecRepoURL.trunk) }
            return .cdn(name: entry.name, url: url)
        }
        if entry.url.contains("://"), !cache.contains(entry.name), cdn.isCDN(entry.url) {
            return .cdn(name: entry.name, url: entry.url)
        }
        if Self.isURL(entry.url) { return .cached(name: entry.name, url: entry.url) }
        let path = absolute(entry.url)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SpecRepoError.configuredPathMissing(name: entry.name, path: entry.url)
        }
        return Repository.isBareRepository(at: path) ? .bareRepository(path: path) : .directory(path: path)
    }

    /// The directory a `file://` URL names when it exists and is no git repository (neither
    /// bare nor a work tree): git cannot clone it, so it is read as files.
    private func plainDirectory(ofFileURL source: String) -> String? {
        guard source.hasPrefix("file://") else { return nil }
        let path = absolute(String(source.dropFirst("file://".count)))
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              !manager.fileExists(atPath: path + "/.git") else { return nil }
        return Repository.hasRepositoryLayout(at: path) ? nil : path
    }

    /// `path` made absolute against the working directory and tidied (`.`, `..`, `//`).
    public func absolute(_ path: String) -> String {
        LexicalPath.standardized(path, from: workingDirectory)
    }
}

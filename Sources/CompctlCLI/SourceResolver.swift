import Config
import Foundation
import Git
import Graph
import SpecRepo

// `SpecRepository` has exactly the members of Graph's `SpecProvider`.
extension SpecRepository: SpecProvider {}

/// One spec repo a command reads, with the addresses a Podfile's `:source` may name it by.
struct ResolvedSource {
    var repository: SpecRepository
    /// The source as given (`--source`) or configured (`url` in `compctl.yml`), and the
    /// directory it was read from.
    var addresses: [String]

    /// Whether a Podfile's `:source => address` means this repo: the name, the URL as
    /// configured, or the directory, compared without a trailing `/` or `.git`.
    func isNamed(by address: String) -> Bool {
        let wanted = Self.normalized(address)
        return repository.name == address || addresses.contains { Self.normalized($0) == wanted }
    }

    private static func normalized(_ address: String) -> String {
        var text = address
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        return text
    }
}

/// Turns SOURCE arguments (DESIGN.md: a name from `compctl.yml`, a directory, a bare
/// repository or a git URL) into spec repos. This is the one place that knows how a SOURCE
/// string is read; git sources plug in here.
struct SourceResolver {
    var configuration: Configuration
    /// How deep to list: `.versions` (pod directories only) is what resolution needs.
    var depth: ListingDepth = .onDemand

    /// The repos of `arguments` in the order given, or, with none, the configuration's spec
    /// repos by priority. Every source that cannot be read is reported, together.
    func sources(_ arguments: [String]) throws -> [ResolvedSource] {
        let wanted: [String]
        if arguments.isEmpty {
            let configured = configuration.specRepos.enumerated()
                .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
                .map(\.element.name)
            guard !configured.isEmpty else { throw SourceError.noSources }
            wanted = configured
        } else {
            wanted = arguments
        }
        var sources: [ResolvedSource] = []
        var problems: [SourceError] = []
        for argument in wanted {
            do {
                sources.append(try source(argument))
            } catch let error as SourceError {
                problems.append(error)
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw SourceError.several(problems) }
        return sources
    }

    /// The repo one SOURCE string names.
    func source(_ argument: String) throws -> ResolvedSource {
        if let entry = configuration.specRepos.first(where: { $0.name == argument }) {
            let location = configuration.resolve(path: entry.url)
            let repository = try open(location, name: entry.name, shownAs: "spec repo '\(entry.name)' (\(Git.redact(entry.url)))")
            return ResolvedSource(repository: repository, addresses: [entry.url, location])
        }
        let repository = try open(argument, name: nil, shownAs: nil)
        return ResolvedSource(repository: repository, addresses: [argument, absolute(argument)])
    }

    /// Opens the spec repo at `location`, a directory or a URL.
    private func open(_ location: String, name: String?, shownAs label: String?) throws -> SpecRepository {
        var path = location
        if location.hasPrefix("file://") {
            path = String(location.dropFirst("file://".count))
            if isGitRepository(path) { return try openGit(name ?? location, shownAs: label) }
        } else if location.contains("://") || isSCPLike(location) {
            return try openGit(name ?? location, shownAs: label)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if let label { throw SourceError.configuredNotFound(label, path: path) }
            throw SourceError.unknown(location, configured: configuration.specRepos.map(\.name))
        }
        if isDirectory.boolValue, isBareRepository(path) {
            return try openGit(name ?? location, shownAs: label)
        }
        do {
            return try SpecRepository(directory: path, name: name, depth: depth)
        } catch let error as SpecRepoError {
            throw SourceError.unreadable(label, error)
        }
    }

    /// Opens a git source through SpecRepo's `SourceLocator`: a remote is cloned into (or
    /// fetched in) compctl's cache and read from git objects, a bare repository is read from
    /// its objects in place. `source` is the configured name or the argument.
    private func openGit(_ source: String, shownAs label: String?) throws -> SpecRepository {
        let reporter = TransferReporter()
        defer { reporter.finish() }
        let opened: OpenedSource
        do {
            try GitSession.prepare()
            let locator = SourceLocator(
                cache: .standard(progress: { activity, progress in reporter.report(activity, progress) }),
                configured: configuration.specRepos.map {
                    ConfiguredSpecRepo(name: $0.name, url: configuration.resolve(path: $0.url))
                })
            opened = try locator.open(source, depth: depth)
        } catch let error as SpecRepoError {
            throw SourceError.unreadable(label, error)
        } catch {
            throw SourceError.gitFailed(label, "\(error)")
        }
        guard let repository = opened.repository else {
            throw SourceError.noCommit(label ?? "'\(opened.displayLocation)'")
        }
        return repository
    }

    /// A bare repository, or a work tree's `.git`, at `path`.
    private func isGitRepository(_ path: String) -> Bool {
        isBareRepository(path) || FileManager.default.fileExists(atPath: path + "/.git")
    }

    /// A bare repository holds `HEAD`, `objects/` and `refs/` and no work tree.
    private func isBareRepository(_ path: String) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: path + "/HEAD") && manager.fileExists(atPath: path + "/objects")
            && manager.fileExists(atPath: path + "/refs") && !manager.fileExists(atPath: path + "/.git")
    }

    private func isSCPLike(_ text: String) -> Bool {
        guard let at = text.firstIndex(of: "@"), let colon = text.firstIndex(of: ":") else { return false }
        return at < colon && !text[..<at].contains("/")
    }

    private func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Why a SOURCE could not be read.
enum SourceError: Error, CustomStringConvertible {
    /// No `--source` and no `spec_repos` in the configuration.
    case noSources
    /// Neither a configured name nor an existing directory.
    case unknown(String, configured: [String])
    /// A configured repo whose directory does not exist.
    case configuredNotFound(String, path: String)
    /// A git source that could not be cloned, fetched or read (the error names the URL).
    case gitFailed(String?, String)
    /// A git source without any commit yet: it holds no specs.
    case noCommit(String)
    /// The directory exists but is not a readable spec repo.
    case unreadable(String?, SpecRepoError)
    case several([SourceError])

    var description: String {
        switch self {
        case .noSources:
            return "no spec repo to read: pass --source DIR, or list spec_repos in compctl.yml (see compctl init)"
        case let .unknown(source, configured):
            let names = configured.isEmpty
                ? "compctl.yml configures no spec_repos" : "compctl.yml configures " + configured.joined(separator: ", ")
            return "unknown source '\(source)': no directory at that path and no spec repo of that name (\(names)); "
                + "pass a spec repo directory or a configured name"
        case let .configuredNotFound(label, path):
            return "\(label) not found: no directory at '\(path)'; fix its url in compctl.yml or clone it there"
        case let .gitFailed(label, reason):
            return label.map { "\($0): \(reason)" } ?? reason
        case let .noCommit(label):
            return "\(label) has no commit yet, so it holds no specs; publish a spec into it first"
        case let .unreadable(label, error):
            return label.map { "\($0): \(error)" } ?? error.description
        case let .several(errors):
            return errors.map(\.description).joined(separator: "\nerror: ")
        }
    }
}

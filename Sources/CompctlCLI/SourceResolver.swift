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
/// repository or a git URL) into the spec repos a resolving command reads, through SpecRepo's
/// `SourceResolver` (the one place that knows how a SOURCE string is read, git forms included).
struct SourceReader {
    var configuration: Configuration
    /// How deep to list: `.versions` (pod directories only) is what resolution needs.
    var depth: ListingDepth = .onDemand
    /// Whether cached remote repos are fetched before they are read.
    var fetch: Bool = true

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
        let specSources = try SpecSources(configuration: configuration, fetch: fetch)
        var sources: [ResolvedSource] = []
        var problems: [SourceError] = []
        for argument in wanted {
            do {
                sources.append(try source(argument, through: specSources))
            } catch let error as SourceError {
                problems.append(error)
            } catch {
                problems.append(.unreadable(nil, error))
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw SourceError.several(problems) }
        return sources
    }

    /// The repo one SOURCE string names.
    func source(_ argument: String, through specSources: SpecSources) throws -> ResolvedSource {
        let opened = try specSources.open(argument, depth: depth)
        guard let repository = opened.repository else { throw SourceError.empty(argument) }
        var addresses = [argument]
        if let entry = configuration.specRepos.first(where: { $0.name == argument }) { addresses.append(entry.url) }
        switch opened.location {
        case .directory(let path), .bareRepository(let path): addresses.append(path)
        case .cached(_, let url): addresses.append(url)
        }
        return ResolvedSource(repository: repository, addresses: addresses)
    }
}

/// Why a SOURCE could not be read.
enum SourceError: Error, CustomStringConvertible {
    /// No `--source` and no `spec_repos` in the configuration.
    case noSources
    /// A git repository without a commit yet.
    case empty(String)
    /// The source could not be located or read.
    case unreadable(String?, any Error)
    case several([SourceError])

    var description: String {
        switch self {
        case .noSources:
            return "no spec repo to read: pass --source DIR, or list spec_repos in compctl.yml (see compctl init)"
        case let .empty(source):
            return "spec repo '\(source)' has no commit yet: publish a spec into it first"
        case let .unreadable(label, error):
            return label.map { "\($0): \(error)" } ?? "\(error)"
        case let .several(errors):
            return errors.map(\.description).joined(separator: "\nerror: ")
        }
    }
}

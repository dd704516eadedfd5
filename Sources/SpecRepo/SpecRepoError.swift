import Podspec

/// Why a spec repo, or something in it, could not be read.
public enum SpecRepoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The repo's root does not exist.
    case repositoryNotFound(String)
    /// The repo's root is a file.
    case repositoryIsAFile(String)
    /// The root exists but holds nothing that looks like a spec repo.
    case notASpecRepository(String)
    /// `CocoaPods-version.yml` does not parse or has unusable `prefix_lengths`.
    case invalidMetadata(path: String, reason: String)
    /// A path inside the tree does not exist.
    case noSuchPath(String)
    /// A path inside the tree was expected to be a directory but is a file.
    case notADirectory(String)
    /// A path could not be read (permissions, I/O, a directory where a file was expected).
    case unreadable(path: String, reason: String)
    /// A path of a directory spec repo that a symbolic link leads out of the repo's root.
    case leavesRepository(path: String, target: String)
    /// The repo has no pod of that name.
    case noSuchPod(name: String, repository: String)
    /// The repo has the pod but not that version of it.
    case noSuchVersion(name: String, version: String, repository: String)
    /// A version directory holds no `Name.podspec.json` or `Name.podspec` (found when
    /// loading a spec from a repo listed with `ListingDepth.versions`).
    case noSpecFile(path: String, pod: String)
    /// The spec file exists but does not parse; `line` and `message` are the podspec reader's.
    case invalidSpec(path: String, line: Int?, message: String)
    /// The spec's own name or version differs from the directories it is filed under.
    case specDisagreesWithDirectory(path: String, name: String, version: String, specName: String, specVersion: String)
    /// No SOURCE given and no spec repo in compctl.yml.
    case noSources
    /// A git repository, named as shown, without any commit yet: it holds no specs.
    case noCommit(String)
    /// A spec source could not tell the versions of `pod`; `reason` is its own error.
    case unreadableSource(source: String, pod: String, reason: String)
    /// Several SOURCEs could not be read; each message says why.
    case several([String])
    /// A SOURCE that is no configured or cached spec repo, no URL and no existing path.
    case unknownSource(String, known: [String])
    /// A spec repo that compctl.yml names at a path that does not exist.
    case configuredPathMissing(name: String, path: String)
    /// `repo add` of a name the cache already holds (or compctl.yml gives another URL).
    case alreadyAdded(name: String, url: String)
    /// A spec repo name that `repo update` or `repo remove` cannot find in the cache.
    case notCached(name: String, cache: String)
    /// A repository whose default branch has content but no spec repo in it.
    case remoteIsNotASpecRepository(url: String, branch: String)
    /// The cached clone of a configured spec repo was made from another URL than the one
    /// compctl.yml now gives.
    case cachedFromAnotherURL(name: String, cached: String, configured: String)
    /// A spec repo name compctl cannot use as a cache directory.
    case invalidName(String)
    /// The cache directory could not be written or read.
    case cacheFailure(path: String, reason: String)
    /// `publish` to a SOURCE that cannot be pushed to (a plain directory or a work tree).
    case notPublishable(source: String, reason: String, fix: String)
    /// `publish` of a version the spec repo already holds, without `--force`.
    case alreadyPublished(name: String, version: String, repository: String, path: String)
    /// `publish` of a spec whose folder would replace a file of the spec repo at `path`.
    case pathTakenByFile(name: String, version: String, repository: String, path: String)
    /// `publish` whose change would leave the spec repo without pod versions it lists now
    /// (`vanished`, as `Name version`), or without listing the new spec at `path`.
    case publishWouldLosePods(
        name: String, version: String, repository: String, path: String, vanished: [String], listsNewSpec: Bool)
    /// The component repository named by a spec's `source.git` could not be asked for its tags.
    case tagCheckFailed(file: String, tag: String, reason: String)

    /// `--offline`, and an http(s) SOURCE compctl never read: it cannot tell a CDN from a git repo.
    case neverReadOffline(url: String)
    /// trunk is named as a SOURCE, but it is turned off (`reason`).
    case trunkOff(reason: String)
    /// `--offline`, and the git spec repo `name` has no clone in the cache yet.
    case notClonedOffline(name: String, url: String)
    /// An http(s) SOURCE read as a CDN that serves no CDN metadata.
    case notACDN(url: String, reason: String)
    /// A whole listing of a CDN source was asked for.
    case cdnCannotList(source: String)
    /// The CDN's metadata, revalidated while the run read its copy, gives another layout.
    case cdnLayoutChanged(url: String)
    /// `--offline`, and the CDN file at `url` has no copy in the cache.
    case notCachedOffline(url: String, source: String)
    /// A CDN file could not be fetched: the network failed and there is no copy.
    case cdnUnavailable(url: String, reason: String)
    /// A CDN answered a status that is neither a file nor "no such file".
    case cdnAnswered(url: String, status: Int, attempts: Int)

    public var description: String {
        readingMessage ?? sourceMessage ?? networkMessage ?? publishingMessage ?? ""
    }

    /// Reading a spec repo and the specs in it.
    private var readingMessage: String? {
        switch self {
        case .repositoryNotFound(let path):
            return "no spec repo at '\(path)': the directory does not exist; "
                + "pass the path of a spec repo checkout"
        case .repositoryIsAFile(let path):
            return "'\(path)' is a file, not a spec repo; "
                + "pass the directory that holds the pod folders (or Specs/)"
        case .notASpecRepository(let path):
            return "'\(path)' is not a spec repo: it has no Specs/ folder, no CocoaPods-version.yml "
                + "and no pod folder with a version folder in it (Name/1.0.0/Name.podspec.json); "
                + "pass the root of a spec repo checkout"
        case .invalidMetadata(let path, let reason):
            return "\(path): \(reason); fix the file or delete it if the repo is not sharded"
        case .noSuchPath(let path):
            return "'\(path)' does not exist"
        case .notADirectory(let path):
            return "'\(path)' is a file where a directory was expected"
        case .unreadable(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .leavesRepository(let path, let target):
            return "'\(path)' leads outside the spec repo (to \(target)) through a symbolic link, which compctl does "
                + "not follow; replace the link by what it points to"
        case .noSuchPod(let name, let repository):
            return "no pod '\(name)' in \(repository); check the name or add the source that publishes it"
        case .noSuchVersion(let name, let version, let repository):
            return "no version \(version) of '\(name)' in \(repository); "
                + "run 'compctl repo show' to see the published versions"
        case .noSpecFile(let path, let pod):
            return "\(path): no \(pod).podspec.json or \(pod).podspec in the version directory; "
                + "add the spec or remove the directory"
        case .invalidSpec(let path, let line, let message):
            return line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)"
        case .specDisagreesWithDirectory(let path, let name, let version, let specName, let specVersion):
            return "\(path): the spec says \(specName) \(specVersion) but it is filed under "
                + "\(name)/\(version); move it to \(specName)/\(specVersion) or fix its name and version"
        default:
            return nil
        }
    }

    /// Finding, adding and caching SOURCEs.
    private var sourceMessage: String? {
        switch self {
        case .noSources:
            return "no spec repo to read: pass --source DIR, or list spec_repos in compctl.yml (see compctl init)"
        case .noCommit(let shown):
            return "'\(shown)' has no commit yet, so it holds no specs; publish a spec into it first"
        case .unreadableSource(let source, let pod, let reason):
            return "cannot read the versions of '\(pod)' from \(source): \(reason); "
                + "check that the source can be reached, then run again"
        case .several(let messages):
            return messages.joined(separator: "\n")
        case .unknownSource(let source, let known):
            let names = known.isEmpty ? "none is configured or added" : "known: " + known.joined(separator: ", ")
            return "no spec repo '\(source)': it is not a name from compctl.yml or `compctl repo add` (\(names)), "
                + "not a git URL, and no such directory exists; pass a name, a URL or the path of a spec repo"
        case .configuredPathMissing(let name, let path):
            return "compctl.yml names spec repo '\(name)' at \(path), which does not exist; "
                + "fix its url in compctl.yml"
        case .alreadyAdded(let name, let url):
            return "a spec repo called '\(name)' is already added (\(url)); "
                + "use it as it is, or remove it first with `compctl repo remove \(name)`"
        case .notCached(let name, let cache):
            return "no spec repo called '\(name)' in \(cache); see `compctl repo list`, "
                + "or add it with `compctl repo add \(name) URL`"
        case .remoteIsNotASpecRepository(let url, let branch):
            return "\(url) is not a spec repo: its \(branch) branch has no Specs/ folder, no CocoaPods-version.yml "
                + "and no pod folder with a version folder in it (Name/1.0.0/Name.podspec.json); "
                + "check the URL: it must be the spec repo, not a component's repository"
        case .cachedFromAnotherURL(let name, let cached, let configured):
            return "the cached spec repo '\(name)' was cloned from \(cached), but \(configured) is asked for; "
                + "remove the old clone with `compctl repo remove \(name)`, and it is cloned again on next use"
        case .invalidName(let name):
            return "'\(name)' cannot name a spec repo: use letters, digits, '-', '_' and '.', not starting with '.'"
        case .cacheFailure(let path, let reason):
            return "cannot update the spec repo cache at \(path): \(reason); check that the directory is writable "
                + "(set COMPCTL_HOME to use another one)"
        default:
            return nil
        }
    }

    /// Reading a SOURCE over the network (a CDN) or offline.
    private var networkMessage: String? {
        switch self {
        case .neverReadOffline(let url):
            return "compctl has never read \(url), and --offline forbids asking whether it is a CDN source or a git "
                + "spec repo; run once without --offline to fill the cache"
        case .trunkOff(let reason):
            return "trunk is not read (\(reason)); turn it on, or name another source"
        case .notClonedOffline(let name, let url):
            return "the spec repo \(name) (\(url)) is not in compctl's cache, and --offline forbids cloning it; "
                + "run once without --offline to fill the cache"
        case .notACDN(let url, let reason):
            return "\(url) is not a CDN source: \(reason); check the URL (a git spec repo's URL ends in .git)"
        case .cdnCannotList(let source):
            return "\(source) is a CDN source, which compctl never lists whole; name the pods to read instead"
        case .cdnLayoutChanged(let url):
            return "\(url)CocoaPods-version.yml changed its layout (prefix_lengths) while compctl read the copy it had; "
                + "the new one is cached now: run the command again"
        case .notCachedOffline(let url, let source):
            return "\(url) is not in compctl's cache of \(source), and --offline forbids fetching it; "
                + "run once without --offline to fill the cache"
        case .cdnUnavailable(let url, let reason):
            return "cannot fetch \(url): \(reason), and compctl's cache has no copy of it; "
                + "check that this machine can reach the CDN, then run again"
        case .cdnAnswered(let url, let status, let attempts):
            let tries = attempts > 1 ? " (after \(attempts) attempts)" : ""
            return "\(url) answered HTTP \(status)\(tries); "
                + (status == 401 || status == 403
                    ? "the CDN wants credentials: put them in ~/.netrc for its host"
                    : "check the source's URL, or try again later")
        default:
            return nil
        }
    }

    /// Why a CDN cannot be read, short enough to go in brackets: what trunk's warning says.
    public var unreadableReason: String {
        switch self {
        case .notCachedOffline: return "--offline, and compctl has no copy of it"
        case .cdnUnavailable(_, let reason): return "\(reason), and compctl has no copy of it"
        case .cdnAnswered(let url, let status, _): return "\(url) answered HTTP \(status)"
        default: return description
        }
    }

    /// Whether the error is a CDN that could not be read (as opposed to bad content).
    public var isNetworkFailure: Bool {
        switch self {
        case .notCachedOffline, .cdnUnavailable, .cdnAnswered, .notClonedOffline, .neverReadOffline: return true
        default: return false
        }
    }

    /// Publishing a spec.
    private var publishingMessage: String? {
        switch self {
        case .notPublishable(let source, let reason, let fix):
            return "cannot publish to '\(source)': \(reason); \(fix)"
        case .alreadyPublished(let name, let version, let repository, let path):
            return "\(name) \(version) is already published in \(repository) (\(path)); "
                + "bump the version, or pass --force to overwrite the published spec"
        case .pathTakenByFile(let name, let version, let repository, let path):
            return "publishing \(PodName.escaped(name)) \(PodName.escaped(version)) to \(repository) would replace the "
                + "file \(path) with a folder; nothing was pushed: rename the pod, or move that file out of the way"
        case .publishWouldLosePods(let name, let version, let repository, let path, let vanished, let listsNewSpec):
            return Self.wouldLosePods(name: name, version: version, repository: repository, path: path,
                                      vanished: vanished, listsNewSpec: listsNewSpec)
        case .tagCheckFailed(let file, let tag, let reason):
            return "\(file): cannot check that tag \(tag) exists: \(reason); "
                + "pass --skip-tag-check to publish without that check"
        default:
            return nil
        }
    }

    /// `publishWouldLosePods`: what the publish would break, at most five lost versions named.
    private static func wouldLosePods(
        name: String, version: String, repository: String, path: String, vanished: [String], listsNewSpec: Bool
    ) -> String {
        let spec = "\(PodName.escaped(name)) \(PodName.escaped(version))"
        var problems: [String] = []
        if !vanished.isEmpty {
            let shown = vanished.prefix(5).joined(separator: ", ")
                + (vanished.count > 5 ? " and \(vanished.count - 5) more" : "")
            problems.append("the repo would no longer list \(shown)")
        }
        if !listsNewSpec { problems.append("it would not list \(spec) from \(path)") }
        return "publishing \(spec) to \(repository) would break the spec repo: "
            + problems.joined(separator: ", and ") + "; nothing was pushed: check the spec's name and the "
            + "repo's layout (Specs/, CocoaPods-version.yml) with `compctl repo show`"
    }
}

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

    public var description: String {
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
        }
    }
}

/// Why building, storing or publishing a binary stopped, or why a binary does not match its
/// spec. Each message names the file, URL or component and says what to do.
public enum BinaryError: Error, Equatable, CustomStringConvertible {
    /// compctl.yml has no `binary_command`.
    case noBinaryCommand
    /// compctl.yml has no `artifact_store`.
    case noArtifactStore
    /// compctl.yml has no `binary_repo`.
    case noBinaryRepo
    /// `artifact_store` is neither a folder, a `file://` URL nor an http(s) URL.
    case badStoreLocation(String)
    /// An rc's binary without `--allow-rc`.
    case releaseCandidate(name: String, version: String)
    /// The source spec of this version is in no source spec repo.
    case noSourceSpec(name: String, version: String, repositories: [String])
    /// The binary spec repo already has this version with another archive.
    case alreadyPublished(name: String, version: String, repository: String, path: String)
    /// The component's repository or its tag cannot be checked out.
    case checkoutFailed(name: String, tag: String, url: String, reason: String)
    /// The build command could not be started, or did not pass.
    case buildFailed(name: String, version: String, status: String, log: String, tail: [String])
    /// The command wrote no `binary.json`.
    case noDeclaration(path: String)
    /// `binary.json` is not what compctl reads.
    case badDeclaration(path: String, problems: [String])
    /// The archive is missing, not a regular file in the output folder, or not a zip.
    case badArchive(path: String, reason: String)
    /// The declaration does not fit the spec or the archive.
    case declarationMismatch(name: String, version: String, problems: [String])
    /// The store holds another archive under this name.
    case differentArtifactExists(url: String, stored: String, built: String)
    /// What the store gave back is not what was uploaded.
    case verificationFailed(url: String, expected: String, found: String)
    /// The store could not be written or read.
    case storeFailed(url: String, reason: String)
    /// The store refused the credentials (401/403).
    case storeRefused(url: String, status: Int)
    /// A binary archive's checksum is not the one its spec gives.
    case checksumMismatch(pod: String, version: String, url: String, algorithm: String, expected: String, found: String)
    /// A binary's archive cannot be fetched to verify it.
    case archiveUnreachable(pod: String, version: String, url: String, reason: String)

    public var description: String {
        switch self {
        case .noBinaryCommand:
            return "compctl.yml has no binary_command; add the command that builds the component's archive (see README, \"The binary channel\")"
        case .noArtifactStore:
            return "compctl.yml has no artifact_store; add the folder or http(s) URL where binary archives are stored"
        case .noBinaryRepo:
            return "compctl.yml has no binary_repo; name the spec repo (one of spec_repos) that holds the binary specs"
        case let .badStoreLocation(text):
            return "artifact_store '\(text)' is neither a folder, a file:// URL nor an http(s) URL; fix it in compctl.yml"
        case let .releaseCandidate(name, version):
            return "\(name) \(version) is a release candidate: compctl builds no binary of an rc unless asked; pass --allow-rc to build one"
        case let .noSourceSpec(name, version, repositories):
            return "\(name) \(version) is not published in \(repositories.isEmpty ? "any source spec repo" : repositories.joined(separator: ", ")): "
                + "a binary spec never comes before its source spec; integrate or publish the source spec first"
        case let .alreadyPublished(name, version, repository, path):
            return "\(name) \(version) already has a binary spec in \(repository) (\(path)) for another archive; "
                + "the published binary stays as it is (pass --force to replace the spec)"
        case let .checkoutFailed(name, tag, url, reason):
            return "cannot check out \(name) at tag \(tag) from \(url): \(reason)"
        case let .buildFailed(name, version, status, log, tail):
            return (["the binary build of \(name) \(version) \(status); nothing was stored or published"] + tail
                + ["full log: \(log)"]).joined(separator: "\n")
        case let .noDeclaration(path):
            return "the binary command wrote no \(path): it must write the archive and binary.json "
                + "(the archive's name and what it vendors) into $COMPCTL_BINARY_OUTPUT"
        case let .badDeclaration(path, problems):
            return problems.map { "\(path): \($0)" }.joined(separator: "\n")
        case let .badArchive(path, reason):
            return "\(path) cannot be published as a binary: \(reason); make the binary command write a zip archive"
        case let .declarationMismatch(name, version, problems):
            return problems.map { "binary of \(name) \(version): \($0)" }.joined(separator: "\n")
        case let .differentArtifactExists(url, stored, built):
            return "\(url) already holds another archive (sha256 \(stored), this build's is \(built)); "
                + "compctl never overwrites a stored artifact: if the stored one is wrong, remove it from the store by hand"
        case let .verificationFailed(url, expected, found):
            return "\(url) reads back with sha256 \(found), not the uploaded \(expected): the store changed it or another upload won; nothing was published"
        case let .storeFailed(url, reason):
            return "cannot store \(url): \(reason)"
        case let .storeRefused(url, status):
            return "the artifact store refused \(url) (HTTP \(status)); set COMPCTL_ARTIFACT_TOKEN to a token that may upload there"
        case let .checksumMismatch(pod, version, url, algorithm, expected, found):
            return "the binary of \(pod) \(version) does not match its spec: \(url) has \(algorithm) \(found), the spec says \(expected); "
                + "the archive was replaced after it was published: publish the binary again under a new version, or take \(pod) from source (`--dev-pods \(pod)` for an integrate, `compctl pin --channel \(pod)=source` for the Podfile)"
        case let .archiveUnreachable(pod, version, url, reason):
            return "cannot fetch the binary of \(pod) \(version) (\(url)) to verify it: \(reason)"
        }
    }
}

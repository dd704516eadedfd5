import Diagnostics

/// Why a Swift package universe could not be read, resolved or written.
public enum PackageError: Error, Equatable, CustomStringConvertible {
    /// A package's repository could not be opened, fetched or read.
    case unreadableRepository(identity: PackageIdentity, location: String, reason: String)
    /// A version's tag has no Package.swift.
    case noManifest(identity: PackageIdentity, version: String, tag: String, location: String)
    /// A manifest cannot be read at all (an unterminated string, no `Package(…)`).
    case unreadableManifest(FileIssue)
    /// No version of the packages satisfies every requirement; the explanation names each.
    case conflict(String)
    /// Two dependencies share an identity but name different repositories.
    case identityConflict(identity: PackageIdentity, first: String, second: String)
    /// A Package.resolved that cannot be read.
    case malformedResolvedFile(path: String, reason: String)
    /// A pin or an integrate names a package the project does not use, or a version it has no tag for.
    case unknownPackage(String, known: [String])
    /// A pin or an integrate gives one package twice (identities ignore case: `Net` and `net`).
    case pinnedTwice(identity: PackageIdentity, first: String, second: String)
    /// A version the package has no tag for.
    case unknownVersion(identity: PackageIdentity, version: String, known: [String])
    /// A file compctl cannot write.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadableRepository(identity, location, reason):
            return "cannot read the repository of package '\(identity)' at \(location): \(reason); check the URL or path in the manifest that names it"
        case let .noManifest(identity, version, tag, location):
            return "package '\(identity)' \(version) (tag \(tag) of \(location)) has no Package.swift; delete the tag or add the manifest"
        case let .unreadableManifest(issue):
            return issue.description
        case let .conflict(explanation):
            return explanation
        case let .identityConflict(identity, first, second):
            return "'\(first)' and '\(second)' are both the package '\(identity)'; SwiftPM refuses two repositories with one identity, so make every manifest name the same URL"
        case let .malformedResolvedFile(path, reason):
            return "\(path) is corrupted or malformed (\(reason)); fix or delete the file to continue"
        case let .unknownPackage(name, known):
            let list = known.isEmpty ? "none" : known.joined(separator: ", ")
            return "no package '\(name)' in the project's dependency graph (packages: \(list)); give a package identity, such as the last part of its URL"
        case let .pinnedTwice(identity, first, second):
            return "package '\(identity)' is given twice, at \(first) and at \(second) (package identities ignore case, as in SwiftPM); give it once"
        case let .unknownVersion(identity, version, known):
            let list = known.suffix(5).joined(separator: ", ")
            return "package '\(identity)' has no tag for version \(version) (newest: \(list.isEmpty ? "none" : list)); tag it first, or pick a version it has"
        case let .unwritable(path, reason):
            return "cannot write \(path): \(reason)"
        }
    }
}

import Foundation

/// Opens the artifact store compctl.yml's `artifact_store` names.
public enum ArtifactStores {
    /// The store at `location` (relative paths from `directory`); an HTTP store authenticates
    /// with `credentials`.
    public static func open(_ location: String, relativeTo directory: String,
                            credentials: ArtifactCredentials = .fromEnvironment()) throws -> any ArtifactStoring {
        switch try ArtifactStoreLocation(parsing: location, relativeTo: directory) {
        case let .folder(path): return FolderArtifactStore(folder: path)
        case let .http(url): return HTTPArtifactStore(base: url, credentials: credentials)
        }
    }
}

import CLibGit2
import Foundation

/// What a commit records.
public struct Commit: Sendable, Equatable {
    /// The commit's own id.
    public let id: ObjectID
    /// The id of its root tree.
    public let tree: ObjectID
    /// Its parents, first parent first.
    public let parents: [ObjectID]
    /// The full message, as stored.
    public let message: String
    /// Who wrote the change.
    public let author: Signature
    /// Who committed it.
    public let committer: Signature
}

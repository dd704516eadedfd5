import CLibGit2

/// A tag as compctl reads it: which commit a version tag marks, and its message.
public struct Tag: Sendable, Equatable {
    /// The short name, without `refs/tags/`.
    public let name: String
    /// What `refs/tags/<name>` points at: the tag object, or the commit for a lightweight tag.
    public let id: ObjectID
    /// The commit the tag marks (annotated tags are peeled).
    public let commit: ObjectID
    /// Whether the tag is an annotated tag object.
    public let isAnnotated: Bool
    /// The annotated tag's message, without git's trailing newline; `nil` for a lightweight tag.
    public let message: String?
    /// Who created the annotated tag; `nil` for a lightweight tag.
    public let tagger: Signature?
}

extension Repository {
    /// Creates the annotated tag `name` on `target`, as `git tag -a`. An existing tag of
    /// that name is an error (`GitError.tagExists`), never silently moved.
    @discardableResult
    public func createTag(
        _ name: String, target: ObjectID, message: String, tagger: Signature? = nil
    ) throws(GitError) -> ObjectID {
        var object: OpaquePointer?
        var raw = target.raw
        let lookup = git_object_lookup(&object, pointer, &raw, GIT_OBJECT_ANY)
        if lookup == GIT_ENOTFOUND.rawValue { throw GitError.revisionNotFound(revision: target.hex, repository: displayPath) }
        try check(lookup, "git_object_lookup")
        defer { git_object_free(object) }
        let signature = try (tagger ?? defaultSignature()).makeGitSignature()
        defer { git_signature_free(signature) }
        var id = git_oid()
        let code = git_tag_create(&id, pointer, name, object, signature, Self.terminated(message), 0)
        if code == GIT_EEXISTS.rawValue { throw GitError.tagExists(name: name, repository: displayPath) }
        if code == GIT_EINVALIDSPEC.rawValue {
            throw GitError.invalidPath(path: name, reason: "not a valid tag name")
        }
        try check(code, "git_tag_create")
        return ObjectID(id)
    }

    /// The tag `name` (short name), annotated or lightweight.
    public func tag(named name: String) throws(GitError) -> Tag {
        let referenceName = "refs/tags/" + name
        guard let id = try referenceTarget(referenceName) else {
            throw GitError.revisionNotFound(revision: referenceName, repository: displayPath)
        }
        var object: OpaquePointer?
        var raw = id.raw
        try check(git_object_lookup(&object, pointer, &raw, GIT_OBJECT_ANY), "git_object_lookup")
        defer { git_object_free(object) }
        var message: String?
        var tagger: Signature?
        let isAnnotated = git_object_type(object) == GIT_OBJECT_TAG
        if isAnnotated {
            // A git_object of type TAG is a git_tag (the same C object).
            var text = git_tag_message(object).map { String(cString: $0) } ?? ""
            if text.hasSuffix("\n") { text.removeLast() }
            message = text
            tagger = git_tag_tagger(object).map(Signature.init)
        }
        var commit: OpaquePointer?
        let peeled = git_object_peel(&commit, object, GIT_OBJECT_COMMIT)
        if peeled == GIT_EINVALIDSPEC.rawValue || peeled == GIT_EPEEL.rawValue {
            throw GitError.revisionNotFound(revision: referenceName + " (as a commit)", repository: displayPath)
        }
        try check(peeled, "git_object_peel")
        defer { git_object_free(commit) }
        return Tag(name: name, id: id, commit: ObjectID(git_object_id(commit)), isAnnotated: isAnnotated,
                   message: message, tagger: tagger)
    }

    /// The short names of all tags, sorted as strings.
    public func tagNames() throws(GitError) -> [String] {
        var names = git_strarray()
        try check(git_tag_list(&names, pointer), "git_tag_list")
        defer { git_strarray_dispose(&names) }
        return (0..<names.count).compactMap { names.strings[$0].map { String(cString: $0) } }.sorted()
    }
}

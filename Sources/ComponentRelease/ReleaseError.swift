import Podspec

/// Why `bump` refused to release a component, or how a release failed. Refusals change
/// nothing; a failure after the first change says what was rolled back.
public enum ReleaseError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The directory is not inside a git work tree.
    case notAGitRepository(path: String)
    /// The repository has no work tree to rewrite the podspec in.
    case bareRepository(path: String)
    /// No podspec at the repository's root.
    case noPodspec(directory: String)
    /// Several podspecs at the repository's root, and no `--podspec` to choose.
    case severalPodspecs(directory: String, names: [String])
    /// `--podspec` names a file that does not exist.
    case podspecMissing(path: String)
    /// `--podspec` names a file outside the component's work tree.
    case podspecOutsideRepository(path: String, workTree: String)
    /// HEAD is not on a branch.
    case detachedHead(workTree: String)
    /// The branch has no commit yet.
    case noCommit(workTree: String, branch: String)
    /// The work tree or the index differs from HEAD.
    case dirtyWorkTree(workTree: String, paths: [String])
    /// The podspec does not parse.
    case unreadablePodspec(PodspecError)
    /// The podspec's name cannot be a pod's name (`PodName.problem`).
    case invalidName(path: String, name: String, problem: PodNameProblem)
    /// The podspec's current version is not a version.
    case invalidCurrentVersion(path: String, version: String, reason: String)
    /// The bump rules refuse this bump (e.g. `--release` of a release).
    case cannotBump(path: String, reason: String)
    /// The version literal cannot be rewritten safely.
    case cannotRewrite(PodspecError)
    /// The tag exists in the component's repository.
    case tagExists(tag: String, workTree: String)
    /// The tag exists on the remote.
    case tagExistsOnRemote(tag: String, url: String)
    /// A tag in the branch's history already has this version or a later one.
    case versionGoesBackwards(version: String, tag: String, tagVersion: String)
    /// `--push` without the remote to push to.
    case noRemote(name: String, workTree: String)
    /// The remote could not be asked for its tags before a `--push`.
    case remoteUnreachable(url: String, reason: String)
    /// A local step failed; everything done before it was undone.
    case stepFailed(step: String, reason: String)
    /// The branch push was refused or failed; the commit, the tag and the podspec were undone.
    case pushFailed(branch: String, url: String, reason: String)
    /// The branch reached the remote but its tag did not; the local tag was deleted.
    case tagPushFailed(tag: String, commit: String, url: String, reason: String)
    /// Undoing a failed release failed too: the repository needs a look.
    case rollbackFailed(original: String, reason: String)
    /// A package's branch or tag push failed; the local tag was deleted.
    case packagePushFailed(tag: String, url: String, reason: String)

    private static let unchanged = "; nothing was changed"

    public var description: String {
        switch self {
        case let .notAGitRepository(path):
            return "\(path) is not inside a git repository; run bump in the component's work tree" + Self.unchanged
        case let .bareRepository(path):
            return "\(path) is a bare repository; run bump in a clone with a work tree" + Self.unchanged
        case let .noPodspec(directory):
            return "no *.podspec or *.podspec.json at the root of \(directory); pass --podspec PATH" + Self.unchanged
        case let .severalPodspecs(directory, names):
            return "\(directory) has several podspecs at its root (\(names.joined(separator: ", "))); "
                + "choose one with --podspec PATH" + Self.unchanged
        case let .podspecMissing(path):
            return "no podspec at \(path); check --podspec" + Self.unchanged
        case let .podspecOutsideRepository(path, workTree):
            return "\(path) is outside the work tree \(workTree); bump rewrites and commits a podspec of the component itself"
                + Self.unchanged
        case let .detachedHead(workTree):
            return "HEAD is detached in \(workTree); check out the branch to release from" + Self.unchanged
        case let .noCommit(workTree, branch):
            return "branch \(branch) in \(workTree) has no commit yet; commit the component first" + Self.unchanged
        case let .dirtyWorkTree(workTree, paths):
            let shown = paths.prefix(10).joined(separator: ", ") + (paths.count > 10 ? ", …" : "")
            return "the work tree \(workTree) has uncommitted changes (\(shown)); commit or stash them first, so that "
                + "the release commit holds only the version change" + Self.unchanged
        case let .unreadablePodspec(error):
            return error.description + Self.unchanged
        case let .invalidName(path, name, problem):
            return "\(path): the name \(PodName.quoted(name)) \(problem); rename the pod" + Self.unchanged
        case let .invalidCurrentVersion(path, version, reason):
            return "\(path): the current version \(PodName.quoted(version)) is not a valid version (\(reason)); "
                + "fix it by hand before bumping" + Self.unchanged
        case let .cannotBump(path, reason):
            return "\(path): \(reason)" + Self.unchanged
        case let .cannotRewrite(error):
            return error.description + Self.unchanged
        case let .tagExists(tag, workTree):
            return "tag \(tag) already exists in \(workTree); that version was released before: "
                + "choose another bump, or delete the tag if it is a mistake" + Self.unchanged
        case let .tagExistsOnRemote(tag, url):
            return "tag \(tag) already exists on \(url); that version was released before: "
                + "fetch the tags (`git fetch --tags`) and choose another bump" + Self.unchanged
        case let .versionGoesBackwards(version, tag, tagVersion):
            return "releasing \(version) would go backwards: tag \(tag) (\(tagVersion)) is already in this branch's "
                + "history; set the podspec's version to the latest release before bumping" + Self.unchanged
        case let .noRemote(name, workTree):
            return "\(workTree) has no remote called \(name) to push to; add it, or leave out --push" + Self.unchanged
        case let .remoteUnreachable(url, reason):
            return "cannot check the tags on \(url) before pushing: \(reason)" + Self.unchanged
        case let .stepFailed(step, reason):
            return "\(step) failed: \(reason); the release was rolled back, the repository is as it was"
        case let .pushFailed(branch, url, reason):
            return "push of \(branch) to \(url) failed: \(reason); the release commit, the tag and the podspec change "
                + "were rolled back, the repository is as it was: pull, then run bump again"
        case let .tagPushFailed(tag, commit, url, reason):
            return "the release commit \(commit) reached \(url), but the tag \(tag) did not: \(reason); the local tag "
                + "was deleted: check the tags on the remote, then tag \(commit) as \(tag) and push it"
        case let .packagePushFailed(tag, url, reason):
            return "push to \(url) failed: \(reason); the local tag \(tag) was deleted, the repository is as it was: pull, then run bump again"
        case let .rollbackFailed(original, reason):
            return "\(original); then undoing the release failed too: \(reason); check the branch, the tags and the "
                + "podspec with git status and git log"
        }
    }
}

/// Why an integrate (or a `pin`, which shares its planning and journal) stopped. Planning
/// errors come before anything changed; a journal error means compctl touched nothing;
/// the landing errors each say what was put back. `errors` and `notes` are its lines, in
/// order.
public indirect enum IntegrationError: Error, Equatable, CustomStringConvertible {
    // MARK: Planning: nothing changed yet

    /// No Podfile at the path.
    case noPodfile(String)
    /// The Podfile path is a directory.
    case podfileIsDirectory(String)
    /// Neither `--check-command` nor compctl.yml's `check_command`.
    case noCheckCommand
    /// Neither `--repo` nor a spec repo in compctl.yml.
    case noSpecRepo
    /// A release candidate without `--allow-rc`.
    case rcNeedsFlag(String)
    /// A Swift package pin whose version SwiftPM would not read.
    case notAPackageVersion(String)
    /// The spec repo has no version of the component.
    case unknownComponent(String, repo: String)
    /// The component's newest spec names no git repo to find the podspec in.
    case noGitSource(String, version: String)
    /// The component's repository cannot be fetched from (network, credentials, URL).
    case componentUnreachable(String, version: String, tag: String, url: String, reason: String)
    /// The component's repository has no tag for the version.
    case noTag(String, version: String, tag: String, url: String, reason: String)
    /// The tag holds no podspec.
    case noPodspecAtTag(String, tag: String, url: String)
    /// The podspec found is another pod or version.
    case podspecMismatch(path: String, expected: String, found: String)
    /// Pins the spec repos cannot satisfy, all of them.
    case pinProblems([String])
    /// A manifest the integrate commits has uncommitted changes.
    case uncommittedManifests([String])
    /// `--push` from a checkout with commits origin lacks.
    case aheadOfOrigin(branch: String, count: Int)
    /// `--push` from a checkout behind origin.
    case behindOrigin(branch: String)
    /// `--push-branch` names a branch origin already has.
    case remoteBranchExists(String)
    /// `--push-branch` names a branch the checkout already has.
    case localBranchExists(String)
    /// Several main projects share one directory, hence one journal.
    case sharedProjectDirectory(projects: [String], directory: String)
    /// A manifest is a symlink to a file that does not exist.
    case danglingLink(String)
    /// A manifest is a symlink out of the project.
    case linkOutOfProject(String, target: String, root: String)

    // MARK: Journal: compctl touched nothing

    /// The journal cannot be read.
    case unreadableJournal(String)
    /// The journal is tracked by git.
    case trackedJournal(String)
    /// The journal is a symlink or a folder.
    case journalNotARegularFile(String)
    /// The journal names a file an integrate does not write.
    case foreignFile(journal: String, entry: String, allowed: [String])
    /// The journal names a file that resolves outside the project.
    case outsideProject(journal: String, entry: String, root: String)
    /// The journal names a staged folder that is not a scratch folder of compctl's.
    case foreignScratch(journal: String, entry: String)
    /// The journal names a spec repo compctl.yml does not list.
    case foreignRemote(journal: String, url: String)
    /// The journal holds a pin that is no `NAME=VERSION`.
    case badPin(journal: String, pin: String)
    /// The spec repo a killed integrate was pushing to cannot be asked.
    case cannotAskRemote(journal: String, url: String, reason: String)
    /// The journal names a branch to push that is no valid branch name.
    case badPushBranch(journal: String, branch: String)
    /// The main project's origin, which a killed `--push` was pushing to, cannot be asked.
    case cannotAskOrigin(journal: String, url: String, branch: String, reason: String)

    // MARK: Landing: the files were put back as each case says

    /// The project is not in a git repository, so the pins cannot be committed.
    case notAGitProject(String)
    /// The checkout could not follow origin's branch that moved during the check.
    case cannotFollowRemote(branch: String, tip: String, reason: String)
    /// Publishing the specs failed or found problems; the Podfiles were restored.
    case publishFailed(errors: [String], alreadyPublished: [String])
    /// The pins could not be committed.
    case commitFailed(specsPublished: Bool, reason: String)
    /// The pins were committed (`commit` on `branch`) but the index could not be written:
    /// only `paths` need staging to match the commit.
    case indexNotUpdated(commit: String, branch: String, paths: [String], reason: String)
    /// A project of several could not be landed after earlier ones were (never undone).
    case partlyLanded(IntegrationError, landed: [String], pushed: Bool)
    /// The compile check changed a pinned file beyond the pins; the files were restored.
    case checkChangedManifest(String)

    /// The error lines.
    public var errors: [String] {
        switch self {
        case let .pinProblems(messages):
            return messages
        case let .publishFailed(errors, _):
            return errors
        case let .partlyLanded(cause, landed, pushed):
            return cause.errors + (landed.isEmpty ? [] : [
                "already \(pushed ? "pushed" : "committed"): \(landed.joined(separator: ", ")); "
                    + "compctl never force-pushes: revert by hand if needed",
            ])
        default:
            return [planningMessage ?? journalMessage ?? landingMessage ?? ""]
        }
    }

    /// The note lines after the errors.
    public var notes: [String] {
        switch self {
        case let .publishFailed(_, published) where !published.isEmpty:
            return ["already published: \(published.joined(separator: " ")); the Podfile was restored"]
        case let .partlyLanded(cause, _, _):
            return cause.notes
        default:
            return []
        }
    }

    /// The errors, each after the first on a line of its own after `error: ` (the printer
    /// gives the first its own), then the notes.
    public var description: String {
        (errors.joined(separator: "\nerror: ") + notes.map { "\n" + $0 }.joined())
    }

    private var planningMessage: String? {
        switch self {
        case let .noPodfile(path):
            return "no Podfile at '\(path)'; pass --podfile PATH, or name the main project's podfile in compctl.yml"
        case let .podfileIsDirectory(path):
            return "'\(path)' is a directory; pass the Podfile inside it with --podfile \(path)/Podfile"
        case .noCheckCommand:
            return "no compile check to run: pass --check-command CMD, or set check_command in compctl.yml"
        case .noSpecRepo:
            return "no spec repo to integrate into: pass --repo SOURCE, or list spec_repos in compctl.yml"
        case let .rcNeedsFlag(pin):
            return "\(pin) is a release candidate; integrate it with --allow-rc, or integrate its release"
        case let .notAPackageVersion(pin):
            return "\(pin): the version is not one SwiftPM accepts; give major.minor.patch, such as 1.2.0"
        case let .unknownComponent(name, repo):
            return "unknown component `\(name)`: spec repo '\(repo)' has no version of it; check the name, or pass --podspec"
        case let .noGitSource(name, version):
            return "`\(name)`'s newest published spec has no source :git, so compctl cannot find \(version)'s podspec; pass --podspec"
        case let .componentUnreachable(name, version, tag, url, reason):
            return "`\(name)` \(version): cannot fetch tag \(tag) from \(url) (\(reason)); "
                + "check that this machine can reach it (network, credentials), or pass --podspec"
        case let .noTag(name, version, tag, url, reason):
            return "`\(name)` \(version): no tag \(tag) in \(url) (\(reason)); tag and push the release first (compctl bump --push)"
        case let .noPodspecAtTag(name, tag, url):
            return "no \(name).podspec or \(name).podspec.json at tag \(tag) of \(url); pass --podspec"
        case let .podspecMismatch(path, expected, found):
            return "\(path) is \(found), not \(expected); pass the podspec of the version being integrated"
        case let .uncommittedManifests(paths):
            return "\(paths.joined(separator: ", ")) \(paths.count == 1 ? "has" : "have") uncommitted changes, which the integrate "
                + "commit would carry along; commit or stash them first"
        case let .aheadOfOrigin(branch, count):
            return "\(branch) has \(count == 1 ? "a commit" : "\(count) commits") that origin/\(branch) does not; --push would publish "
                + "a tree other than the one checked: push \(count == 1 ? "it" : "them") first, or integrate without --push"
        case let .behindOrigin(branch):
            return "origin/\(branch) has commits this checkout lacks; pull them first, so the check runs on what --push lands"
        case let .remoteBranchExists(name):
            return "origin already has a branch \(name); compctl never overwrites a branch: "
                + "pick another --push-branch name, or delete that branch first"
        case let .localBranchExists(name):
            return "this checkout already has a branch \(name); pick another --push-branch name, or delete that branch first"
        case let .sharedProjectDirectory(projects, directory):
            return "main projects \(projects.joined(separator: " and ")) have their Podfiles in one directory (\(directory)); "
                + "give each main project its own directory in compctl.yml, or integrate one with --podfile"
        case let .danglingLink(path):
            return "\(path) is a symlink to a file that does not exist; fix the link or pass the real file"
        case let .linkOutOfProject(path, target, root):
            return "\(path) is a symlink to \(target), outside the project \(root); compctl writes only inside the project: "
                + "pass --podfile \(target) to work on that project"
        default:
            return nil
        }
    }

    private var journalMessage: String? {
        let untouched = "compctl touched nothing"
        switch self {
        case let .unreadableJournal(path):
            return "\(path) is not an integrate journal compctl can read; \(untouched): restore the project's files from git and delete it"
        case let .trackedJournal(path):
            return "\(path) is tracked by git, so it came from a commit, not from a compctl run; \(untouched): "
                + "remove it with `git rm --cached \(path)` and commit"
        case let .journalNotARegularFile(path):
            return "\(path) is not a regular file (a symlink or a folder); \(untouched): delete it if you did not make it"
        case let .foreignFile(journal, entry, allowed):
            return "\(journal): names \(entry), which is not a file an integrate of this project writes "
                + "(\(allowed.joined(separator: ", "))); \(untouched): delete the journal if you did not write it"
        case let .outsideProject(journal, entry, root):
            return "\(journal): \(entry) resolves outside the project \(root) (through a symlink); \(untouched): "
                + "delete the journal, or make the file a regular file inside the project"
        case let .foreignScratch(journal, entry):
            return "\(journal): the staged folder \(entry) is not a compctl-integrate.* folder of yours in the temp directory; "
                + "\(untouched): delete the journal if you did not write it"
        case let .foreignRemote(journal, url):
            return "\(journal): the spec repo \(url) is none of compctl.yml's spec repos; \(untouched): "
                + "delete the journal if you did not write it"
        case let .badPin(journal, pin):
            return "\(journal): `\(pin)` is not a NAME=VERSION pin; \(untouched): delete the journal if you did not write it"
        case let .cannotAskRemote(journal, url, reason):
            return "\(journal): a killed integrate was pushing specs to \(url), and compctl cannot ask it whether they landed "
                + "(\(reason)); nothing was changed: run again when the spec repo is reachable"
        case let .badPushBranch(journal, branch):
            return "\(journal): `\(branch)` is not a valid branch name; \(untouched): delete the journal if you did not write it"
        case let .cannotAskOrigin(journal, url, branch, reason):
            return "\(journal): a killed integrate --push was pushing its commit to \(branch) of origin (\(url)), and compctl "
                + "cannot ask it whether the commit landed (\(reason)); nothing was changed: run again when origin is reachable"
        default:
            return nil
        }
    }

    private var landingMessage: String? {
        switch self {
        case let .notAGitProject(root):
            return "\(root) is not in a git repository, so compctl cannot commit the pins; run git init there first"
        case let .cannotFollowRemote(branch, tip, reason):
            return "could not move the checkout to origin/\(branch) (\(tip.prefix(8))): \(reason); "
                + "nothing was published and the Podfile was restored"
        case let .commitFailed(specsPublished, reason):
            return "\(specsPublished ? "the specs are published, but " : "")committing the Podfile failed: \(reason); commit it by hand"
        case let .indexNotUpdated(commit, branch, paths, reason):
            return "the pins are committed (\(commit.prefix(8)) on \(branch)) and the files are in place, but the index could not "
                + "be updated: \(reason); commit nothing: once no git process holds the lock, remove it if it is left and run "
                + "`git reset -q -- \(paths.joined(separator: " "))` so that the index matches the commit"
        case let .checkChangedManifest(path):
            return "the compile check changed \(path) beyond the pins, and an integrate commits only the pins; "
                + "nothing was published and the files were restored: make the check leave the Podfile and Package.swift as it found them"
        default:
            return nil
        }
    }
}

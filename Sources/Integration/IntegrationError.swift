/// Why an integrate stopped after it began changing the project. Each case says what was
/// put back; `errors` and `notes` are its lines, in order.
public indirect enum IntegrationError: Error, CustomStringConvertible {
    /// The project is not in a git repository, so the pins cannot be committed.
    case notAGitProject(String)
    /// The checkout could not follow origin's branch that moved during the check.
    case cannotFollowRemote(branch: String, tip: String, reason: String)
    /// Publishing the specs failed or found problems; the Podfiles were restored.
    case publishFailed(errors: [String], alreadyPublished: [String])
    /// The pins could not be committed.
    case commitFailed(specsPublished: Bool, reason: String)
    /// A project of several could not be landed after earlier ones were (never undone).
    case partlyLanded(IntegrationError, landed: [String], pushed: Bool)
    /// The compile check changed a pinned file beyond the pins; the files were restored.
    case checkChangedManifest(String)

    /// The error lines.
    public var errors: [String] {
        switch self {
        case let .notAGitProject(root):
            return ["\(root) is not in a git repository, so compctl cannot commit the pins; run git init there first"]
        case let .cannotFollowRemote(branch, tip, reason):
            return ["could not move the checkout to origin/\(branch) (\(tip.prefix(8))): \(reason); "
                + "nothing was published and the Podfile was restored"]
        case let .publishFailed(errors, _):
            return errors
        case let .commitFailed(specsPublished, reason):
            return ["\(specsPublished ? "the specs are published, but " : "")committing the Podfile failed: \(reason); commit it by hand"]
        case let .checkChangedManifest(path):
            return ["the compile check changed \(path) beyond the pins, and an integrate commits only the pins; "
                + "nothing was published and the files were restored: make the check leave the Podfile and Package.swift as it found them"]
        case let .partlyLanded(cause, landed, pushed):
            return cause.errors + (landed.isEmpty ? [] : [
                "already \(pushed ? "pushed" : "committed"): \(landed.joined(separator: ", ")); "
                    + "compctl never force-pushes: revert by hand if needed",
            ])
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

    public var description: String { (errors + notes).joined(separator: "\n") }
}

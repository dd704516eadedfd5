import ArgumentParser
import Versioning

/// `--major | --minor | --patch | --rc | --release`, shared by `compctl version bump` and
/// `compctl bump` so that both accept exactly the same combinations.
struct BumpFlags: ParsableArguments {
    @Flag(help: "Raise the major version.") var major = false
    @Flag(help: "Raise the minor version.") var minor = false
    @Flag(help: "Raise the patch version.") var patch = false
    @Flag(help: "Make the next release candidate (of the next patch, or with --minor or --major).")
    var rc = false
    @Flag(help: "Promote a release candidate to its release.") var release = false

    func validate() throws {
        let levels = [major, minor, patch].filter { $0 }.count
        if release, rc || levels > 0 {
            throw ValidationError("--release cannot be combined with another bump")
        }
        if rc, levels > 1 {
            throw ValidationError("--rc takes at most one of --major, --minor or --patch")
        }
        if !rc, !release, levels != 1 {
            throw ValidationError(
                "choose one bump: --major, --minor, --patch, --rc (with --major or --minor) or --release")
        }
    }

    /// The bump the flags ask for.
    var kind: BumpKind {
        if release { return .release }
        let level: RCBase = major ? .major : (minor ? .minor : .patch)
        if rc { return .rc(base: level) }
        switch level {
        case .major: return .major
        case .minor: return .minor
        case .patch: return .patch
        }
    }
}

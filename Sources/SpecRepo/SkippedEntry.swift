import Podspec

/// Something in a spec repo that compctl skipped as junk instead of failing: the path
/// (relative to the repo's root) and why. Junk is never fatal; callers report it.
public struct SkippedEntry: Hashable, Sendable, CustomStringConvertible {
    /// The path relative to the repo's root, e.g. `Emission/.DS_Store`.
    public var path: String
    /// Why it was skipped.
    public var reason: SkipReason

    /// A skipped `path` with its `reason`.
    public init(path: String, reason: SkipReason) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`, the text after `warning: `; a control or bidirectional character in
    /// the path is written as an escape, so that the line shows what the repo holds.
    public var description: String { "\(PodName.escaped(path)): \(reason)" }
}

/// Why an entry of a spec repo was skipped. Each case is one junk rule.
public enum SkipReason: Hashable, Sendable, CustomStringConvertible {
    /// A name starting with `.` (`.DS_Store`, `.idea`); CocoaPods' globs never see these.
    case hidden(TreeEntry.Kind)
    /// An editor's backup of a podspec, `*.podspec~`.
    case editorBackup
    /// A file where a shard directory of a sharded repo is expected.
    case fileWhereShardExpected
    /// A directory at a shard level whose name is not `length` lower-case hex digits.
    case notAShardDirectory(length: Int)
    /// A pod directory under a shard that the MD5 of its name does not lead to.
    case wrongShard(expected: String)
    /// A file where a pod directory is expected (in `Specs/` or under a shard).
    case fileWherePodExpected
    /// A directory where a pod's is expected whose name cannot be a pod's (`PodName.problem`).
    case invalidPodName(String, PodNameProblem)
    /// A symbolic link that leads out of the spec repo's root, which is never followed.
    case leavesRepository
    /// A file where a version directory is expected.
    case fileWhereVersionExpected
    /// A directory in a pod directory whose name does not parse as a version.
    case notAVersion
    /// A version directory equal, as a version, to another one (`1.0` and `1.0.0`).
    case duplicateVersion(of: String)
    /// A version directory with nothing in it.
    case emptyVersionDirectory
    /// A version directory without `Name.podspec.json` or `Name.podspec`.
    case noSpecFile(pod: String)
    /// `Name.podspec` beside `Name.podspec.json`, which wins (`Pod::Source#specification_path`).
    case shadowedByJSON(pod: String)
    /// A podspec in a version directory that is named for a different pod.
    case specNamedForAnotherPod(pod: String)
    /// Any other file or directory inside a version directory.
    case unexpectedInVersionDirectory(TreeEntry.Kind)
    /// A pod directory left without any usable version directory.
    case noVersions
    /// A directory that could not be listed.
    case unreadable(String)
    /// The spec did not parse when it was loaded: the reader's line and message.
    case invalidSpec(line: Int?, message: String)
    /// The spec's name or version differs from its directories, found when it was loaded.
    case disagreesWithDirectory(specName: String, specVersion: String)

    public var description: String {
        switch self {
        case .hidden(.file):
            return "hidden file"
        case .hidden(.directory):
            return "hidden directory"
        case .editorBackup:
            return "editor backup file (*.podspec~); delete it"
        case .fileWhereShardExpected:
            return "file where a shard directory is expected"
        case .notAShardDirectory(let length):
            let digits = length == 1 ? "1 lower-case hex digit" : "\(length) lower-case hex digits"
            return "not a shard directory: CocoaPods-version.yml's prefix_lengths expects \(digits) here"
        case .wrongShard(let expected):
            return "pod directory in the wrong shard; CocoaPods looks for it at \(expected)"
        case .fileWherePodExpected:
            return "file where a pod directory is expected"
        case .invalidPodName(let name, let problem):
            return "not a pod folder: the name \(PodName.quoted(name)) \(problem); rename the pod"
        case .leavesRepository:
            return "symbolic link that leads outside the spec repo; not followed: replace it by what it points to"
        case .fileWhereVersionExpected:
            return "file where a version directory is expected"
        case .notAVersion:
            return "directory name is not a version"
        case .duplicateVersion(let other):
            return "same version as \(other); keep only one of the two directories"
        case .emptyVersionDirectory:
            return "empty version directory"
        case .noSpecFile(let pod):
            return "no \(pod).podspec.json or \(pod).podspec in the version directory"
        case .shadowedByJSON(let pod):
            return "ignored: \(pod).podspec.json in the same directory takes precedence"
        case .specNamedForAnotherPod(let pod):
            return "podspec named for another pod; expected \(pod).podspec.json or \(pod).podspec"
        case .unexpectedInVersionDirectory(.file):
            return "unexpected file in a version directory"
        case .unexpectedInVersionDirectory(.directory):
            return "unexpected directory in a version directory"
        case .noVersions:
            return "pod directory without any version directory"
        case .unreadable(let reason):
            return "cannot be read: \(reason)"
        case .invalidSpec(let line, let message):
            return "spec does not parse" + (line.map { " (line \($0))" } ?? "") + ": \(message)"
        case .disagreesWithDirectory(let specName, let specVersion):
            return "the spec says \(specName) \(specVersion), which differs from its directories"
        }
    }
}

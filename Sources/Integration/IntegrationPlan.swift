import BinaryChannel
import CompileCheck
import Foundation
import Git
import Manifest
import SpecRepo

/// The spec repo an integrate publishes into.
public struct SpecRepoTarget: Sendable, Equatable {
    /// Its name in compctl.yml (or as given).
    public var name: String
    /// Its URL.
    public var url: String

    /// The spec repo `name` at `url`.
    public init(name: String, url: String) {
        self.name = name
        self.url = url
    }
}

/// One component being integrated: the spec to publish, or `nil` when the version is
/// already in the spec repo.
public struct IntegrationCandidate: Sendable {
    /// The component and version.
    public var pin: ComponentPin
    /// The spec found at the version's tag (or given), when the spec repo lacks it.
    public var podspec: PodspecFile?

    /// A candidate for `pin`.
    public init(pin: ComponentPin, podspec: PodspecFile?) {
        self.pin = pin
        self.podspec = podspec
    }
}

/// One file an integrate pins: its path and what pinning makes of its bytes.
public struct PinnedFile {
    /// The absolute path (a symlink's target).
    public var path: String
    /// The file's pinned bytes, given its current bytes (nil: it does not exist) and the
    /// pinned bytes of the plan's files before it, by path; nil leaves it as it is.
    public var pin: (_ current: [UInt8]?, _ earlier: [String: [UInt8]]) throws -> [UInt8]?

    /// A file pinned by `pin`.
    public init(path: String, pin: @escaping (_ current: [UInt8]?, _ earlier: [String: [UInt8]]) throws -> [UInt8]?) {
        self.path = path
        self.pin = pin
    }
}

/// Everything planning decided for one project, before the first change: what to pin,
/// where, the check to run and the spec repo to publish into. Built by the command.
public struct IntegrationPlan {
    /// The project root (the Podfile's directory, or the Package.swift's).
    public var root: String
    /// The Podfile to pin (the file itself when the given path is a symlink); nil for a
    /// project that takes only Swift packages.
    public var podfile: String?
    /// The project's Package.swift, pinned along with the Podfile.
    public var packageManifest: String?
    /// The components, in the order given.
    public var candidates: [IntegrationCandidate]
    /// Where the new specs are published.
    public var target: SpecRepoTarget
    /// The compile check.
    public var check: CheckCommand
    /// The staged spec repo holding the candidates (`COMPCTL_STAGED_SPEC_REPO`); nil when
    /// only Swift packages are integrated.
    public var stagedSpecRepo: String?
    /// The scratch folder the journal names, removed when the integrate ends.
    public var scratch: String
    /// The files pinned, in order (a later one may depend on an earlier one's pins, as
    /// Package.resolved's `originHash` on Package.swift).
    public var pinnedFiles: [PinnedFile]
    /// The Swift package pins (`identity=version`), committed and reported with the others.
    public var packagePins: [ComponentPin]
    /// The project's lock, held as long as the plan lives.
    public var access: ProjectAccess?
    /// The compile check with binaries: the pods it takes prebuilt, each by a `:source`
    /// naming the binary repo in the Podfile for the check only; nil builds all from source.
    public var binaryCheck: BinaryCheckPlan?

    /// A plan for a Podfile project: the Podfile pinned (`pod` lines exact) and, when it
    /// has one, its Package.swift by `pinPackageManifest` (by default as it is).
    public init(root: String, podfile: String, packageManifest: String? = nil, candidates: [IntegrationCandidate],
                target: SpecRepoTarget, check: CheckCommand, stagedSpecRepo: String, scratch: String,
                pinPackageManifest: @escaping ([UInt8], String) throws -> [UInt8] = { bytes, _ in bytes },
                access: ProjectAccess? = nil) {
        let pins = candidates.map(\.pin)
        var files = [PinnedFile(path: podfile) { current, _ in
            try PodfileEditor.pin(pins.map { PodPin(name: $0.name, version: $0.version) }, in: current ?? [], path: podfile).bytes
        }]
        if let packageManifest {
            files.append(PinnedFile(path: packageManifest) { current, _ in try current.map { try pinPackageManifest($0, packageManifest) } })
        }
        self.init(root: root, podfile: podfile, packageManifest: packageManifest, candidates: candidates, target: target,
                  check: check, stagedSpecRepo: stagedSpecRepo, scratch: scratch, pinnedFiles: files, packagePins: [],
                  access: access)
    }

    /// A plan from its parts.
    public init(root: String, podfile: String?, packageManifest: String?, candidates: [IntegrationCandidate],
                target: SpecRepoTarget, check: CheckCommand, stagedSpecRepo: String?, scratch: String,
                pinnedFiles: [PinnedFile], packagePins: [ComponentPin], access: ProjectAccess?) {
        self.root = root
        self.podfile = podfile
        self.packageManifest = packageManifest
        self.candidates = candidates
        self.target = target
        self.check = check
        self.stagedSpecRepo = stagedSpecRepo
        self.scratch = scratch
        self.pinnedFiles = pinnedFiles
        self.packagePins = packagePins
        self.access = access
    }

    /// The pins, in order: the pods', then the packages'.
    public var pins: [ComponentPin] { candidates.map(\.pin) + packagePins }
    /// The file messages name: the Podfile, else the package manifest.
    public var mainManifest: String { podfile ?? pinnedFiles.first?.path ?? root }
    /// `Podfile.lock` beside the Podfile.
    var podfileLock: String? { podfile.map { ($0 as NSString).deletingLastPathComponent + "/Podfile.lock" } }
    /// The files an integrate pins, in order.
    var pinnedPaths: [String] { pinnedFiles.map(\.path) }
    /// The files the journal keeps: the pinned ones and Podfile.lock, which the check may change.
    var journalledFiles: [String] { pinnedPaths + (podfileLock.map { [$0] } ?? []) }

    /// Each pinned file's pinned bytes, computed from `read` (the current bytes of a path).
    func pinnedContents(reading read: (String) throws -> [UInt8]?) throws -> [(path: String, current: [UInt8]?, pinned: [UInt8]?)] {
        var earlier: [String: [UInt8]] = [:]
        var result: [(path: String, current: [UInt8]?, pinned: [UInt8]?)] = []
        for file in pinnedFiles {
            let current = try read(file.path)
            let pinned = try file.pin(current, earlier)
            if let pinned { earlier[file.path] = pinned }
            result.append((file.path, current, pinned))
        }
        return result
    }
}

/// What the integrate is told by its command line.
public struct IntegrationOptions: Sendable {
    /// Push the main project's commit (`--push`).
    public var push: Bool
    /// Land the commit on this new branch and push it instead (`--push-branch`).
    public var pushBranch: String?
    /// How often to re-run the check when the branch moved during it.
    public var maxRequeues: Int
    /// Stop the check after this long.
    public var timeout: Duration?
    /// Where the check's logs go: `<logDirectory>/<project>/integrate-<time>-<pid>.log`.
    public var logDirectory: String
    /// How long the check's process group gets between SIGTERM and SIGKILL.
    public var terminationGrace: Duration

    /// Options; logs go under `$COMPCTL_HOME/logs` by default.
    public init(push: Bool = false, pushBranch: String? = nil, maxRequeues: Int = 3, timeout: Duration? = nil,
                logDirectory: String = (SpecRepoCache.homeDirectory() as NSString).appendingPathComponent("logs"),
                terminationGrace: Duration = .seconds(2)) {
        self.push = push
        self.pushBranch = pushBranch
        self.maxRequeues = maxRequeues
        self.timeout = timeout
        self.logDirectory = logDirectory
        self.terminationGrace = terminationGrace
    }
}

/// A project whose compile check passed: its files are pinned and its journal open,
/// until `Integrator.land` commits it or `Integrator.restore` puts it back.
public struct CheckedProject {
    /// The plan that was checked.
    public var plan: IntegrationPlan
    /// The check's log.
    public var log: String
    var journal: IntegrationJournal
    var project: any ProjectGit
    var branch: String
}

/// A compile check that did not pass; the files are already restored.
public struct FailedCheck: Sendable {
    /// The check's outcome (status, log, tail).
    public var outcome: CheckOutcome

    /// One word for a summary: `failed`, `timed-out`, `killed`, `cancelled`.
    public var word: String {
        switch outcome.status {
        case .passed: return "passed"
        case .failed: return "failed"
        case .signalled: return "killed"
        case .timedOut: return "timed-out"
        case .cancelled: return "cancelled"
        }
    }
}

/// How a check ended.
public enum CheckResult {
    /// The check passed: the files stay pinned until the project is landed or restored.
    case passed(CheckedProject)
    /// The check did not pass: the files are restored.
    case failed(FailedCheck)
}

/// A project landed: the specs published (those this call published) and its commit.
public struct Landed: Sendable {
    /// The pins (`NAME=VERSION`) whose specs this call published.
    public var published: [String]
    /// The project's commit with the pins.
    public var commit: ObjectID
    /// The check's log.
    public var log: String
}

/// How one project's integrate ended.
public enum IntegrateOutcome {
    /// Checked, published and committed.
    case passed(Landed)
    /// The check did not pass: the files are restored and nothing was published.
    case failed(FailedCheck)
    /// Nothing to do: every version is published and already pinned in the committed files
    /// (a retried CI job, a run after a recovery). Nothing ran.
    case alreadyIntegrated
}

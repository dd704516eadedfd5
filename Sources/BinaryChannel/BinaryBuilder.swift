import Checksum
import CompileCheck
import Foundation
import Git

/// What the binary build needs to know: the component, where its repository is and the tag
/// to build, and the command (compctl.yml's `binary_command`).
public struct BinaryBuildRequest: Sendable {
    public var name: String
    public var version: String
    /// The component's repository: a git URL, or the path of a local clone.
    public var repository: String
    /// The release tag.
    public var tag: String
    public var command: CheckCommand
    /// Where the command's output goes (kept in every case).
    public var logPath: String
    /// Stops the build after this long; nil for no limit.
    public var timeout: Duration?

    /// A request to build `name` `version` from `repository` at `tag` with `command`.
    public init(name: String, version: String, repository: String, tag: String, command: CheckCommand, logPath: String,
                timeout: Duration? = nil) {
        self.name = name
        self.version = version
        self.repository = repository
        self.tag = tag
        self.command = command
        self.logPath = logPath
        self.timeout = timeout
    }
}

/// A binary build that passed: the archive, what it holds, and where it came from.
public struct BuiltBinary: Sendable {
    /// The archive's path in the scratch folder.
    public var archive: String
    public var declaration: BinaryDeclaration
    /// The archive's entry names.
    public var entries: [String]
    public var sha256: String
    /// The commit the tag points at.
    public var commit: String
    public var log: String
    public var duration: Duration
}

/// The environment variables a binary build gets; the command is never interpolated.
public enum BinaryEnvironment {
    /// The component's name.
    public static let component = "COMPCTL_COMPONENT"
    /// Its version.
    public static let version = "COMPCTL_VERSION"
    /// The tag the work tree is checked out at.
    public static let tag = "COMPCTL_TAG"
    /// The folder the command writes its archive and `binary.json` into.
    public static let output = "COMPCTL_BINARY_OUTPUT"
}

/// Runs `binary_command` the way the compile check runs: in a fresh checkout of the
/// component's repository at the release tag (never in the user's work tree, which may hold
/// anything), its own process group, context only through environment variables, output in a
/// log. Then reads the `binary.json` it wrote and checks the archive it names.
public struct BinaryBuilder: Sendable {
    /// Runs the command; the real compile check runner by default.
    public var run: @Sendable (CheckInvocation) async throws -> CheckOutcome
    /// Credentials for fetching the component's repository.
    public var credentials: Credentials

    /// A builder with the real runner (stopped on SIGINT or SIGTERM).
    public init(credentials: Credentials = .fromEnvironment(),
                run: @escaping @Sendable (CheckInvocation) async throws -> CheckOutcome = BinaryBuilder.runInterruptibly) {
        self.credentials = credentials
        self.run = run
    }

    /// The compile check's runner, cancelled by SIGINT or SIGTERM.
    public static let runInterruptibly: @Sendable (CheckInvocation) async throws -> CheckOutcome = { invocation in
        let runner = CompileCheckRunner()
        let trap = TerminationSignalTrap { _ in runner.cancel() }
        defer { trap.restore() }
        return try await runner.run(invocation)
    }

    /// Checks out the component in `scratch` and builds it; the checkout and the output stay
    /// in `scratch` (the caller removes it).
    public func build(_ request: BinaryBuildRequest, scratch: String) async throws -> BuiltBinary {
        let work = scratch + "/work"
        let output = scratch + "/output"
        let commit: String
        do {
            let repository = try Repository.clone(from: request.repository, to: work, credentials: credentials)
            try repository.checkOutDetached("refs/tags/\(request.tag)")
            commit = try repository.resolve("HEAD").hex
        } catch {
            throw BinaryError.checkoutFailed(name: request.name, tag: request.tag, url: Git.redact(request.repository),
                                             reason: "\(error)")
        }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let invocation = CheckInvocation(
            command: request.command, workingDirectory: work,
            environment: [BinaryEnvironment.component: request.name, BinaryEnvironment.version: request.version,
                          BinaryEnvironment.tag: request.tag, BinaryEnvironment.output: output],
            logPath: request.logPath, timeout: request.timeout)
        let outcome = try await run(invocation)
        guard outcome.status == .passed else {
            throw BinaryError.buildFailed(name: request.name, version: request.version, status: outcome.status.description,
                                          log: outcome.logPath, tail: outcome.tail)
        }
        let declaration = try BinaryDeclaration.read(output + "/" + BinaryDeclaration.fileName)
        let archive = output + "/" + declaration.archive
        try Self.requireRegularFile(archive)
        let entries = try ZipListing.entries(ofFile: archive)
        guard let sha256 = SHA256.hex(ofFile: archive) else {
            throw BinaryError.badArchive(path: archive, reason: "it cannot be read")
        }
        return BuiltBinary(archive: archive, declaration: declaration, entries: entries, sha256: sha256, commit: commit,
                           log: outcome.logPath, duration: outcome.duration)
    }

    /// Refuses an archive that is missing, a symlink (it could point anywhere) or not a file.
    static func requireRegularFile(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw BinaryError.badArchive(path: path, reason: "the command did not write it") }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw BinaryError.badArchive(path: path, reason: "it is not a regular file (a symlink or a folder)")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Subprocess
#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Runs `compctl integrate`'s compile check: the configured command, in its own session and
/// process group, with an empty signal mask and default signal dispositions whatever thread
/// starts it, its output streamed into a log, and the whole group stopped (SIGTERM, then
/// SIGKILL after a grace period) on timeout or cancellation.
///
/// One runner runs one check at a time. `cancel()` is sticky: once called, the running check
/// is stopped and any later `run` returns `.cancelled` without starting the command, so a
/// signal that arrives just before the check starts is not lost. Cancelling the task that
/// awaits `run` has the same effect as `cancel()`.
///
/// Processes that leave the command's process group (by starting their own session) are out
/// of reach, and processes the command leaves running after it exits normally are left alone.
public final class CompileCheckRunner: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelRequested = false
    private var current: RunControl?
    /// How often the runner looks at the clock, the log and the process group. Ten times a
    /// second bounds the progress callback's rate and the timeout's precision.
    private static let tick: Duration = .milliseconds(100)

    /// Creates a runner.
    public init() {}

    /// Stops the running check (or the next one) the same way a timeout does, and makes `run`
    /// return `.cancelled`. Safe to call from any thread, any number of times.
    public func cancel() {
        let control = lock.withLock {
            cancelRequested = true
            return current
        }
        control?.stop(.cancelled)
    }

    /// Runs `invocation` and waits until the command has ended (and, when compctl stopped it,
    /// its whole process group has). `progress` is called from a background task, at most ten
    /// times a second, never after `run` returns.
    ///
    /// Throws `CompileCheckError` when the command cannot be started; a command that runs and
    /// fails is reported in the outcome.
    public func run(
        _ invocation: CheckInvocation,
        progress: @escaping @Sendable (CheckProgress) -> Void = { _ in }
    ) async throws -> CheckOutcome {
        let (executable, arguments, displayName) = try Self.resolve(invocation)
        let environment = try Self.environment(adding: invocation.environment)
        let logFD = try Self.createLog(at: invocation.logPath)
        defer { _ = closeFile(logFD) }

        let control = RunControl()
        let cancelledBeforeStart = lock.withLock { () -> Bool in
            if cancelRequested { return true }
            precondition(current == nil, "CompileCheckRunner runs one check at a time")
            current = control
            return false
        }
        if cancelledBeforeStart {
            return CheckOutcome(status: .cancelled, duration: .zero, logPath: invocation.logPath, tail: [])
        }
        defer { lock.withLock { current = nil } }

        var options = PlatformOptions()
        // A session of its own makes the command the leader of a new process group that
        // compctl can signal as a whole, and detaches it from the terminal so it can neither
        // be stopped by terminal job control nor receive the terminal's Ctrl-C directly
        // (compctl receives it and cancels). swift-subprocess also starts the child with an
        // empty signal mask and default dispositions, which matters because Swift concurrency
        // threads block every signal (so SIGTERM would stay pending in a child that inherited
        // the mask) and compctl may ignore or trap some signals itself.
        options.createSession = true

        let clock = ContinuousClock()
        let start = clock.now
        let watchdog = Task.detached {
            await control.watch(
                start: start, tick: Self.tick, timeout: invocation.timeout, grace: invocation.terminationGrace,
                logPath: invocation.logPath, progress: progress)
        }
        // Both streams share the log's one open file description (and so its offset), which
        // keeps them interleaved in the order they were written. The copy for stderr is
        // swift-subprocess's to close; `.combinedWithOutput` would leak one descriptor per run.
        let errorFD = dup(logFD)
        // A detached task, so that cancelling the caller's task reaches the command only
        // through `cancel()`, which stops the whole group, and not through swift-subprocess's
        // own teardown, which signals the leader alone.
        let process = Task.detached {
            try await Subprocess.run(
                executable,
                arguments: Arguments(arguments),
                environment: environment,
                workingDirectory: FilePath(invocation.workingDirectory),
                platformOptions: options,
                input: .none,
                output: .fileDescriptor(FileDescriptor(rawValue: logFD), closeAfterSpawningProcess: false),
                error: .fileDescriptor(FileDescriptor(rawValue: errorFD), closeAfterSpawningProcess: true)
            ) { execution in
                control.didStart(group: execution.processIdentifier.value)
            }.terminationStatus
        }
        let result = await withTaskCancellationHandler {
            await process.result
        } onCancel: {
            self.cancel()
        }
        if !control.leaderDidExit() { watchdog.cancel() }
        await watchdog.value
        let duration = clock.now - start

        let termination: TerminationStatus
        switch result {
        case let .success(status):
            termination = status
        case let .failure(error):
            throw Self.startError(error, executable: displayName, invocation: invocation)
        }
        let status: CheckStatus
        switch (control.stopReason, termination) {
        case (.timedOut?, _): status = .timedOut(after: invocation.timeout ?? duration)
        case (.cancelled?, _): status = .cancelled
        case (nil, .exited(0)): status = .passed
        case let (nil, .exited(code)): status = .failed(exitCode: code)
        case let (nil, .signaled(signal)): status = .signalled(signal)
        }
        return CheckOutcome(
            status: status, duration: duration, logPath: invocation.logPath,
            tail: lastLines(ofFileAt: invocation.logPath, count: invocation.tailLineCount))
    }

    // MARK: Before starting

    /// The executable, its arguments, and the name errors use for it.
    private static func resolve(_ invocation: CheckInvocation) throws -> (Executable, [String], String) {
        switch invocation.command {
        case let .shell(line):
            guard line.contains(where: { !$0.isWhitespace }) else { throw CompileCheckError.emptyCommand }
            try checkWorkingDirectory(invocation.workingDirectory)
            return (.path("/bin/sh"), ["-c", line], "/bin/sh")
        case let .arguments(vector):
            guard let first = vector.first, !first.isEmpty else { throw CompileCheckError.emptyCommand }
            try checkWorkingDirectory(invocation.workingDirectory)
            let rest = Array(vector.dropFirst())
            guard first.contains("/") else { return (.name(first), rest, first) }
            let path = URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: invocation.workingDirectory))
                .standardizedFileURL.path
            var info = stat()
            guard stat(path, &info) == 0 else { throw CompileCheckError.executableMissing(path: path) }
            guard info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else {
                throw CompileCheckError.notExecutable(path: path)
            }
            return (.path(FilePath(path)), rest, path)
        }
    }

    private static func checkWorkingDirectory(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw CompileCheckError.workingDirectoryMissing(path: path)
        }
    }

    private static func environment(adding variables: [String: String]) throws -> Environment {
        var updates: [Environment.Key: String?] = [:]
        for (name, value) in variables {
            guard !name.isEmpty, !name.contains("="), !name.contains("\0"), !value.contains("\0"),
                  let key = Environment.Key(rawValue: name) else {
                throw CompileCheckError.invalidEnvironmentName(name)
            }
            updates[key] = value
        }
        return .inherit.updating(updates)
    }

    private static func createLog(at path: String) throws -> Int32 {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw CompileCheckError.cannotCreateLog(path: path, reason: "cannot create \(directory)")
            }
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CompileCheckError.cannotCreateLog(path: path, reason: String(cString: strerror(errno)))
        }
        return fd
    }

    private static func startError(_ error: any Error, executable: String, invocation: CheckInvocation) -> any Error {
        guard let error = error as? SubprocessError else { return error }
        switch error.code {
        case .executableNotFound:
            return executable.contains("/")
                ? CompileCheckError.executableMissing(path: executable)
                : CompileCheckError.notFoundOnPath(name: executable)
        case .failedToChangeWorkingDirectory:
            return CompileCheckError.workingDirectoryMissing(path: invocation.workingDirectory)
        default:
            let reason = error.underlyingError.map { String(cString: strerror($0.rawValue)) } ?? "\(error.code)"
            return CompileCheckError.cannotStart(executable: executable, reason: reason)
        }
    }
}

/// The shared state of one run: the process group once it exists, whether and why compctl is
/// stopping it, and whether its leader has exited.
private final class RunControl: @unchecked Sendable {
    enum StopReason { case timedOut, cancelled }

    private let lock = NSLock()
    private var group: pid_t?
    private var stopRequest: (reason: StopReason, signalledAt: ContinuousClock.Instant?)?
    private var leaderExited = false

    /// Why compctl stopped the command, if it did.
    var stopReason: StopReason? { lock.withLock { stopRequest?.reason } }

    /// Records the new process group; a stop requested before it existed starts now.
    func didStart(group pid: pid_t) {
        lock.withLock {
            group = pid
            if let request = stopRequest, request.signalledAt == nil {
                stopRequest = (request.reason, .now)
                kill(-pid, SIGTERM)
            }
        }
    }

    /// Sends SIGTERM to the process group, once; the watchdog follows up with SIGKILL.
    func stop(_ reason: StopReason) {
        lock.withLock {
            guard stopRequest == nil, !leaderExited else { return }
            if let group {
                stopRequest = (reason, .now)
                kill(-group, SIGTERM)
            } else {
                stopRequest = (reason, nil)
            }
        }
    }

    /// Records that the leader has exited; returns whether compctl is stopping the group (the
    /// watchdog then finishes the job before it returns).
    func leaderDidExit() -> Bool {
        lock.withLock {
            leaderExited = true
            return stopRequest?.signalledAt != nil
        }
    }

    /// Polls until cancelled (after a normal exit) or until a stopped group is gone: enforces the
    /// timeout, escalates to SIGKILL after the grace period, and reports progress.
    func watch(
        start: ContinuousClock.Instant, tick: Duration, timeout: Duration?, grace: Duration,
        logPath: String, progress: @Sendable (CheckProgress) -> Void
    ) async {
        var follower = LogFollower(path: logPath)
        defer { follower.close() }
        while true {
            do { try await Task.sleep(for: tick) } catch { return }
            let now = ContinuousClock.now
            if let timeout, now - start >= timeout { stop(.timedOut) }
            let state = lock.withLock { (group: group, signalledAt: stopRequest?.signalledAt, leaderExited: leaderExited) }
            if let group = state.group, let signalledAt = state.signalledAt {
                let alive = processGroupHasLiveMembers(group)
                if !alive && state.leaderExited { return }
                if alive && now - signalledAt >= grace {
                    kill(-group, SIGKILL)
                    if state.leaderExited { return }
                }
            }
            follower.poll()
            progress(CheckProgress(elapsed: now - start, lastLine: follower.lastLine))
        }
    }
}

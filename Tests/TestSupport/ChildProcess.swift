#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A process started with `posix_spawn` that only `wait()` reaps: until then its pid stays
/// taken (at worst by its zombie), so `kill(_:)` can never reach a stranger that reused
/// it. For harnesses that kill a command at an arbitrary moment, maybe after it ended.
/// Its stdout and stderr go to one file; it gets no standard input, an empty signal mask
/// and default signal handlers (a child of a Swift worker thread would otherwise inherit
/// blocked signals).
public final class ChildProcess: @unchecked Sendable {
    /// How a process ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case let .exited(code): return "exit \(code)"
            case let .signalled(signal): return "signal \(signal)"
            }
        }
    }

    public let pid: pid_t
    private var termination: Termination?

    /// Starts `executable` with `arguments` in `directory`, with exactly `environment`,
    /// its output (stdout and stderr) written to the file `output`.
    public init(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String],
                output: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard addChdir(&actions, directory) == 0 else { throw TestSupportError("cannot start \(executable) in \(directory)") }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw TestSupportError("cannot start \(executable): \(String(cString: strerror(code)))") }
        self.pid = pid
    }

    deinit {
        if termination == nil {
            _ = sendSignal(pid, SIGKILL)
            _ = wait()
        }
    }

    /// Sends `signal` unless the process was already reaped; a process that has ended but
    /// was not waited for is a zombie, which ignores it.
    public func kill(_ signal: Int32) {
        guard termination == nil else { return }
        _ = sendSignal(pid, signal)
    }

    /// Waits for the process to end (once; later calls return the same answer).
    @discardableResult
    public func wait() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let result: Termination = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        termination = result
        return result
    }
}

/// `posix_spawn_file_actions_addchdir_np`, which glibc has (2.29+) but Swift's Glibc
/// module does not import.
private func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ directory: String) -> Int32 {
    #if canImport(Glibc)
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return ENOSYS }
    return unsafeBitCast(symbol, to: AddChdir.self)(actions, directory)
    #else
    return posix_spawn_file_actions_addchdir_np(actions, directory)
    #endif
}

/// `kill(2)`, which the method of the same name hides inside `ChildProcess`.
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }

/// A reproducible pseudo-random sequence (SplitMix64): a harness seeded from a number it
/// prints draws the same trials again from that number.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs `body` on a thread of its own and waits for it without holding one of Swift
/// concurrency's threads. A test that blocks for a long time (running processes, sleeping)
/// would otherwise hold one of the pool's few threads (two on a 2-core machine) and starve
/// the async tests running beside it. `body` runs outside the test's task, so it cannot
/// record issues: it returns what it found, and the caller records it.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

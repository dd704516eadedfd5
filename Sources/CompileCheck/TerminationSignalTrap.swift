#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM received by compctl into one call of a cancellation closure, so a
/// Ctrl-C or a CI job's termination stops the compile check's process group instead of
/// killing compctl and orphaning the check.
///
/// While installed, the signals no longer terminate compctl: the first one calls `onSignal`
/// (on a background queue) and later ones are ignored, leaving the caller to finish cleanly and
/// exit, by convention with 128 + the signal number. `restore()` (also run on deinit) puts the
/// previous dispositions back. Install one trap at a time. Commands started by
/// `CompileCheckRunner` get default dispositions regardless.
///
/// Why not `DispatchSource.makeSignalSource` with the signal set to SIG_IGN: on Linux,
/// libdispatch swaps in a handler of its own asynchronously, when the source registers, and
/// only the first time a process makes a source for that signal. A signal that arrives before
/// the registration, or after a trap was restored and installed again, is then silently
/// dropped (measured while writing this type: built on a signal source, the trap missed a
/// signal sent right after it was installed, and a second trap in one process missed all).
/// A plain `sigaction` handler that writes the signal number to a pipe, read by a dispatch
/// read source, has neither gap.
public final class TerminationSignalTrap: @unchecked Sendable {
    private let lock = NSLock()
    private let signals: [Int32]
    private var previous: [(signal: Int32, action: sigaction)] = []
    private var source: (any DispatchSourceRead)?
    private var firstSignal: Int32?
    private var installed = true

    /// Installs the trap for `signals` (SIGINT and SIGTERM by default).
    public init(signals: [Int32] = [SIGINT, SIGTERM], onSignal: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        let pipe = signalPipe
        drain(pipe.read)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: pipe.read, queue: DispatchQueue(label: "compctl.termination-signals"))
        source.setEventHandler { [weak self] in
            for signalNumber in drain(pipe.read) {
                guard let self, self.recordFirst(signalNumber) else { continue }
                onSignal(signalNumber)
            }
        }
        source.resume()
        self.source = source
        for signalNumber in signals {
            var action = sigaction()
            action.setHandler(writeSignalToPipe)
            var old = sigaction()
            sigaction(signalNumber, &action, &old)
            previous.append((signalNumber, old))
        }
    }

    /// The first signal received, if any.
    public var received: Int32? { lock.withLock { firstSignal } }

    /// Removes the trap and restores the dispositions the signals had before. Idempotent.
    public func restore() {
        let state = lock.withLock { () -> (source: (any DispatchSourceRead)?, previous: [(signal: Int32, action: sigaction)]) in
            guard installed else { return (nil, []) }
            installed = false
            return (source, previous)
        }
        for (signalNumber, action) in state.previous {
            var action = action
            sigaction(signalNumber, &action, nil)
        }
        state.source?.cancel()
    }

    deinit { restore() }

    private func recordFirst(_ signalNumber: Int32) -> Bool {
        lock.withLock {
            guard installed, signals.contains(signalNumber), firstSignal == nil else { return false }
            firstSignal = signalNumber
            return true
        }
    }
}

/// The pipe between the signal handler and the dispatch source, made once per process. Both
/// ends are non-blocking: the handler must never block, and the reader drains until empty.
private let signalPipe: (read: Int32, write: Int32) = {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return (-1, -1) }
    for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    return (fds[0], fds[1])
}()

/// The signal handler: only async-signal-safe calls (`write`), and errno preserved.
private func writeSignalToPipe(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipe.write, &byte, 1)
    errno = savedErrno
}

/// Reads every signal number waiting in the pipe.
@discardableResult
private func drain(_ fd: Int32) -> [Int32] {
    guard fd >= 0 else { return [] }
    var result: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        result += buffer[0..<count].map { Int32($0) }
    }
    return result
}

private extension sigaction {
    /// Sets `handler` with an empty mask and SA_RESTART, portably across Glibc and Darwin.
    mutating func setHandler(_ handler: @escaping @convention(c) (Int32) -> Void) {
        #if canImport(Glibc)
        __sigaction_handler.sa_handler = handler
        #else
        __sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&sa_mask)
        sa_flags = SA_RESTART
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where compctl's output goes: results to stdout, everything else to stderr.
/// Colour only when the stream is a terminal and `NO_COLOR` is unset.
enum Console {
    /// Writes one result line to stdout.
    static func out(_ line: String = "") {
        outRaw(line + "\n")
    }

    /// Writes text to stdout as it is, with no newline added.
    static func outRaw(_ text: String) {
        // After a write to stdout failed, nothing more goes there (see `exit(_:)`).
        let failed = recordLock.withLock {
            wroteResults = true
            return stdoutFailure != nil
        }
        if !failed { write(text, to: STDOUT_FILENO) }
    }

    /// Whether anything went to stdout: a failing `--json` command that printed its own
    /// document prints no second one.
    static var hasWrittenResults: Bool { recordLock.withLock { wroteResults } }

    /// Writes text to stderr as it is (progress redraws).
    static func errRaw(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes an `error:` line to stderr.
    static func error(_ message: String) {
        recordLock.withLock { recordedLines.errors.append(message) }
        write(paint("error:", .red) + " " + message + "\n", to: STDERR_FILENO)
    }

    /// Writes a `warning:` line to stderr.
    static func warning(_ message: String) {
        write(paint("warning:", .yellow) + " " + message + "\n", to: STDERR_FILENO)
    }

    /// Writes a `note:` or progress line to stderr.
    static func note(_ message: String) {
        recordLock.withLock { recordedLines.notes.append(message) }
        write(message + "\n", to: STDERR_FILENO)
    }

    /// The `error:` lines and notes written so far, for a `--json` failure document.
    static var recorded: (errors: [String], notes: [String]) {
        recordLock.withLock { recordedLines }
    }

    /// Exits with `code`, unless a result could not be written to stdout (a full disk, a
    /// closed descriptor): then an `error:` line says so and a success exits 1, so that a
    /// script never takes a cut-off document for a result.
    static func exit(_ code: Int32) -> Never {
        Foundation.exit(reportLostResults() && code == 0 ? 1 : code)
    }

    /// Writes the `error:` line of `exit(_:)` when a result could not be written to stdout,
    /// for a command that exits with its own failure; true when it did.
    @discardableResult
    static func reportLostResults() -> Bool {
        guard let failure = recordLock.withLock({ stdoutFailure }) else { return false }
        error("could not write the results to standard output: \(String(cString: strerror(failure)))")
        return true
    }

    /// Opens `/dev/null` on stdin, stdout or stderr when the process was started with it
    /// closed, before anything opens a file: the next file opened would take that number,
    /// and what is written to stdout or stderr would go into it (a spec repo compctl
    /// publishes to, a Podfile it pins). A closed stdout is a failed write, reported at exit.
    static func occupyClosedStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            // The lower numbers are open: `open` gives this one.
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == STDOUT_FILENO { recordLock.withLock { stdoutFailure = EBADF } }
        }
    }

    // Guarded by `recordLock` (the package deploys to macOS 13, which has no `Mutex`).
    private static let recordLock = NSLock()
    nonisolated(unsafe) private static var wroteResults = false
    nonisolated(unsafe) private static var recordedLines: (errors: [String], notes: [String]) = ([], [])
    /// The `errno` of the first write to stdout that failed; nothing goes there after it.
    nonisolated(unsafe) private static var stdoutFailure: Int32?

    enum Colour: String {
        case red = "31"
        case yellow = "33"
        case green = "32"
        case bold = "1"
    }

    /// Wraps `text` in an ANSI colour when stderr is a terminal and `NO_COLOR` is unset.
    static func paint(_ text: String, _ colour: Colour, fd: Int32 = STDERR_FILENO) -> String {
        guard useColour(fd: fd) else { return text }
        return "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m"
    }

    static func useColour(fd: Int32) -> Bool {
        isatty(fd) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written > 0 {
                offset += written
                continue
            }
            let code = written < 0 ? errno : EIO
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                // A descriptor left non-blocking by the process before: wait for room.
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
            }
            if fd == STDOUT_FILENO { recordLock.withLock { stdoutFailure = stdoutFailure ?? code } }
            return
        }
    }
}

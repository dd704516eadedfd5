import Foundation

/// How a compile check ended.
public enum CheckStatus: Equatable, Sendable, CustomStringConvertible {
    /// The command exited with status 0.
    case passed
    /// The command exited with a non-zero status.
    case failed(exitCode: Int32)
    /// The command was killed by a signal that compctl did not send.
    case signalled(Int32)
    /// The command ran past the timeout and compctl stopped its process group.
    case timedOut(after: Duration)
    /// The caller cancelled the check (compctl received SIGINT or SIGTERM) and compctl stopped
    /// its process group.
    case cancelled

    /// A lower-case phrase for messages: `failed with exit code 3`, `timed out after 600 s`.
    public var description: String {
        switch self {
        case .passed: "passed"
        case let .failed(code): "failed with exit code \(code)"
        case let .signalled(signal): "was killed by signal \(signal)\(signalName(signal).map { " (\($0))" } ?? "")"
        case let .timedOut(after): "timed out after \(secondsText(after)) s"
        case .cancelled: "was cancelled"
        }
    }
}

/// The result of one compile check.
public struct CheckOutcome: Equatable, Sendable {
    /// How it ended.
    public var status: CheckStatus
    /// From just before the command started until it and, when compctl stopped it, its whole
    /// process group had ended.
    public var duration: Duration
    /// The log with everything the command wrote, kept in every case.
    public var logPath: String
    /// The last lines of the log (at most `CheckInvocation.tailLineCount`), for the failure message.
    public var tail: [String]

    /// Creates an outcome; `CompileCheckRunner` is what normally does this.
    public init(status: CheckStatus, duration: Duration, logPath: String, tail: [String]) {
        self.status = status
        self.duration = duration
        self.logPath = logPath
        self.tail = tail
    }
}

/// What the check is doing, delivered to the progress callback at most ten times a second.
public struct CheckProgress: Equatable, Sendable {
    /// Time since the command started.
    public var elapsed: Duration
    /// The last non-empty line the command wrote so far (trimmed, at most 512 characters),
    /// or `nil` before it wrote any.
    public var lastLine: String?

    /// Creates a progress report.
    public init(elapsed: Duration, lastLine: String?) {
        self.elapsed = elapsed
        self.lastLine = lastLine
    }
}

/// `600`, or `1.5` for a timeout that is not a whole number of seconds.
func secondsText(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return String(seconds) }
    let value = Double(seconds) + Double(attoseconds) / 1e18
    return String(format: "%g", value)
}

private func signalName(_ signal: Int32) -> String? {
    let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 6: "SIGABRT", 8: "SIGFPE", 9: "SIGKILL",
        11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
    ]
    return names[signal]
}

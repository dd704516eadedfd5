/// Why the report could not be drawn or written.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// Graphviz ran but failed; the message is its stderr.
    case graphvizFailed(executable: String, status: Int32, message: String)
    /// Graphviz could not be started.
    case graphvizNotRunnable(executable: String, reason: String)
    /// Graphviz took longer than allowed and was stopped.
    case graphvizTimedOut(executable: String, seconds: Int)
    /// Graphviz printed something that holds no `<svg>` element.
    case graphvizOutputUnreadable(executable: String)
    /// `--history DIR` names something that is not a directory.
    case historyNotADirectory(path: String)
    /// The history directory cannot be listed.
    case historyUnreadable(path: String, reason: String)
    /// The run's snapshot cannot be stored.
    case historyUnwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .graphvizFailed(executable, status, message):
            let detail = message.isEmpty ? "" : ": " + message.split(separator: "\n").prefix(3).joined(separator: " ")
            return "\(executable) -Tsvg failed with exit code \(status)\(detail); "
                + "the report draws the graph itself instead (fix or remove Graphviz to silence this)"
        case let .graphvizNotRunnable(executable, reason):
            return "cannot run \(executable): \(reason); the report draws the graph itself instead"
        case let .graphvizTimedOut(executable, seconds):
            return "\(executable) -Tsvg took more than \(seconds) seconds and was stopped; the report draws the graph itself instead"
        case let .graphvizOutputUnreadable(executable):
            return "\(executable) -Tsvg printed no <svg> element; the report draws the graph itself instead"
        case let .historyNotADirectory(path):
            return "history \(path) is not a directory; pass --history a directory of its own (it is created when missing)"
        case let .historyUnreadable(path, reason):
            return "cannot list the history directory \(path): \(reason); check its permissions"
        case let .historyUnwritable(path, reason):
            return "cannot store this run's snapshot in \(path): \(reason); check the directory is writable"
        }
    }
}

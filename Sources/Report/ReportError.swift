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
        }
    }
}

/// Why the report could not be drawn or written.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// Graphviz ran but failed; the message is its stderr.
    case graphvizFailed(executable: String, status: Int32, message: String)
    /// Graphviz could not be started.
    case graphvizNotRunnable(executable: String, reason: String)
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
        case let .graphvizOutputUnreadable(executable):
            return "\(executable) -Tsvg printed no <svg> element; the report draws the graph itself instead"
        }
    }
}

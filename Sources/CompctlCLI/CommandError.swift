/// A failure the CLI itself detects (bad input that no library reports, such as a missing
/// podspec or unreadable projects): each message is printed as its own `error:` line, and
/// the exit code is 1. Several messages are reported together, not only the first.
struct CommandError: Error, CustomStringConvertible {
    /// The messages, lower-case, each saying how to fix the problem.
    var messages: [String]

    /// A failure with one message.
    init(_ message: String) {
        messages = [message]
    }

    /// A failure with every message in `messages`.
    init(messages: [String]) {
        self.messages = messages
    }

    /// The messages, the second and later each on a line of its own after `error: `
    /// (the first gets its `error: ` from the printer).
    var description: String {
        messages.joined(separator: "\nerror: ")
    }
}

extension CommandError {
    /// A pod name given to `graph --affected` or `why` that `graph` (described for the
    /// message) does not have.
    static func unknownPod(_ name: String, graph: String) -> CommandError {
        CommandError("no pod named '\(name)' in \(graph); check the spelling (names are case-sensitive) or the sources")
    }
}

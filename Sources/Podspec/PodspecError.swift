import Diagnostics

/// A problem in a podspec, located by file and line. Messages are lower-case and say how to
/// fix the problem.
public struct PodspecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, line and message.
    public var issue: FileIssue

    /// Creates an error for `file` at `line`.
    public init(file: String, line: Int?, message: String) {
        issue = FileIssue(file: file, line: line, message: message)
    }

    /// The podspec's path as it was given to the reader.
    public var file: String {
        get { issue.file }
        set { issue.file = newValue }
    }

    /// The 1-based line the problem is on, when there is one.
    public var line: Int? {
        get { issue.line }
        set { issue.line = newValue }
    }

    /// What is wrong and what to do about it.
    public var message: String {
        get { issue.message }
        set { issue.message = newValue }
    }

    /// `Foo.podspec:7: message`, or `Foo.podspec: message` when there is no line.
    public var description: String {
        issue.description
    }
}

/// One problem in a file the user wrote (a manifest, a podspec, `compctl.yml`): the file,
/// the 1-based line when there is one, and a lower-case message that says what is wrong and
/// how to fix it. Each library's own error type wraps it; this module only shapes it.
public struct FileIssue: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as it was given to the reader.
    public var file: String
    /// The 1-based line the problem is on, when there is one.
    public var line: Int?
    /// What is wrong and what to do about it.
    public var message: String

    /// An issue in `file` at `line`.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `Podfile:7: message`, or `Podfile: message` when there is no line.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// Why the compile check could not be run at all. (A command that runs and fails is not an
/// error: it is a `CheckOutcome`.) No message repeats the command's environment.
public enum CompileCheckError: Error, Equatable, CustomStringConvertible {
    /// The configured command is empty (`""` or `[]`).
    case emptyCommand
    /// The command's executable name was not found in any directory on `PATH`.
    case notFoundOnPath(name: String)
    /// The command's executable path does not exist.
    case executableMissing(path: String)
    /// The command's executable path exists but cannot be executed.
    case notExecutable(path: String)
    /// The directory to run the check in does not exist or is not a directory.
    case workingDirectoryMissing(path: String)
    /// An environment variable name is empty or contains `=` or a NUL byte, or its value
    /// contains a NUL byte.
    case invalidEnvironmentName(String)
    /// The log file could not be created.
    case cannotCreateLog(path: String, reason: String)
    /// The operating system refused to start the command.
    case cannotStart(executable: String, reason: String)

    private static let fix = "set check_command in compctl.yml or pass --check-command"

    public var description: String {
        switch self {
        case .emptyCommand:
            "the check command is empty; \(Self.fix)"
        case let .notFoundOnPath(name):
            "check command '\(name)' was not found on PATH; \(Self.fix)"
        case let .executableMissing(path):
            "check command '\(path)' does not exist; \(Self.fix)"
        case let .notExecutable(path):
            "check command '\(path)' is not executable; make it executable (chmod +x) or \(Self.fix)"
        case let .workingDirectoryMissing(path):
            "cannot run the check command in \(path): no such directory; point --podfile (or the project in compctl.yml) at the main project"
        case let .invalidEnvironmentName(name):
            "cannot pass environment variable '\(name)' to the check command: a name must be non-empty without '=' or NUL, and a value without NUL"
        case let .cannotCreateLog(path, reason):
            "cannot create the check log \(path): \(reason); check the directory is writable"
        case let .cannotStart(executable, reason):
            "cannot start check command '\(executable)': \(reason); \(Self.fix)"
        }
    }
}

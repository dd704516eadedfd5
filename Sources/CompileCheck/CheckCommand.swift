/// The compile check's command as the user configured it. compctl never interpolates anything
/// into it: context reaches the command only through environment variables.
public enum CheckCommand: Equatable, Sendable {
    /// A command line handed to `/bin/sh -c` exactly as written, so the shell (not compctl)
    /// expands `$COMPCTL_COMPONENTS` and friends.
    case shell(String)
    /// An argument vector run directly, without a shell. The first element is looked up on
    /// `PATH` unless it contains a `/`; a relative path is taken from the working directory.
    case arguments([String])
}

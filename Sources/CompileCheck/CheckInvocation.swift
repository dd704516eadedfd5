/// Everything one run of the compile check needs.
public struct CheckInvocation: Equatable, Sendable {
    /// What to run.
    public var command: CheckCommand
    /// Where to run it: the main project's root.
    public var workingDirectory: String
    /// Variables added on top of compctl's own environment (see `CheckEnvironment`).
    public var environment: [String: String]
    /// The file that receives the command's standard output and standard error, interleaved
    /// in the order they were written. Created (with missing parent directories) or truncated.
    public var logPath: String
    /// How long the command may run before its process group is stopped; `nil` for no limit.
    public var timeout: Duration?
    /// How long the process group gets between SIGTERM and SIGKILL.
    public var terminationGrace: Duration
    /// How many of the log's last lines the outcome carries, for the failure message.
    public var tailLineCount: Int

    /// An invocation with compctl's defaults: no timeout, a 5 s grace period, 20 tail lines.
    public init(
        command: CheckCommand,
        workingDirectory: String,
        environment: [String: String] = [:],
        logPath: String,
        timeout: Duration? = nil,
        terminationGrace: Duration = .seconds(5),
        tailLineCount: Int = 20
    ) {
        self.command = command
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.logPath = logPath
        self.timeout = timeout
        self.terminationGrace = terminationGrace
        self.tailLineCount = tailLineCount
    }
}

/// The environment variables through which compctl tells the check what it is checking.
public enum CheckEnvironment {
    /// Every component being integrated, `Name=version` separated by spaces, in the given order:
    /// `Foo=0.1.8 Bar=2.0.0`.
    public static let components = "COMPCTL_COMPONENTS"
    /// The component's name, set only when exactly one component is integrated.
    public static let component = "COMPCTL_COMPONENT"
    /// The component's version, set only when exactly one component is integrated.
    public static let version = "COMPCTL_VERSION"
    /// The path of the staged spec repo that holds the specs under test.
    public static let stagedSpecRepo = "COMPCTL_STAGED_SPEC_REPO"
    /// The path of the main project's Podfile, already pinned to the versions under test.
    public static let podfile = "COMPCTL_PODFILE"

    /// The variables for a check of `components` (name and version pairs, in order).
    public static func variables(
        components: [(name: String, version: String)],
        stagedSpecRepo: String? = nil,
        podfile: String? = nil
    ) -> [String: String] {
        var result = [Self.components: components.map { "\($0.name)=\($0.version)" }.joined(separator: " ")]
        if components.count == 1 {
            result[component] = components[0].name
            result[version] = components[0].version
        }
        if let stagedSpecRepo { result[Self.stagedSpecRepo] = stagedSpecRepo }
        if let podfile { result[Self.podfile] = podfile }
        return result
    }
}

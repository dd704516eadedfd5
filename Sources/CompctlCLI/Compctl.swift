import ArgumentParser
import Git

/// The root `compctl` command. It only lists the subcommands; each lives in its own file.
public struct Compctl: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "compctl",
        abstract: "Release and CI orchestration for CocoaPods component repos.",
        discussion: """
            Exit codes: 0 success; 1 the operation failed; 2 a check found problems; \
            64 usage error.
            """ + CommandExamples.section("compctl"),
        version: versionText,
        subcommands: [
            InitCommand.self,
            VersionCommand.self,
            SpecCommand.self,
            LintCommand.self,
            RepoCommand.self,
            BumpCommand.self,
            PublishCommand.self,
            ResolveCommand.self,
            GraphCommand.self,
            WhyCommand.self,
            ReportCommand.self,
            PinCommand.self,
            IntegrateCommand.self,
            OutdatedCommand.self,
        ]
    )

    /// What `compctl --version` prints.
    static var versionText: String { "compctl 0.1.0 (libgit2 \(Git.libraryVersion))" }

    public init() {}
}

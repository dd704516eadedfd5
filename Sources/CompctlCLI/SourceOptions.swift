import ArgumentParser

/// `--source SOURCE…`, shared by the commands that read spec repos.
struct SourceOptions: ParsableArguments {
    @Option(name: .customLong("source"), help: ArgumentHelp(
        "A spec repo: a name from compctl.yml, a git URL, a directory, a bare repository or a name added with "
            + "`compctl repo add`; repeat for several, "
            + "highest priority first "
            + "(default: the spec_repos of compctl.yml).",
        valueName: "source"))
    var sources: [String] = []
}

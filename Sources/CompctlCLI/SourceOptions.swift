import ArgumentParser

/// `--source SOURCE…` and `--offline`, shared by the commands that read spec repos.
struct SourceOptions: ParsableArguments {
    @Option(name: .customLong("source"), help: ArgumentHelp(
        "A spec repo or CDN source: a name from compctl.yml, a git or CDN URL, `trunk`, a directory, a bare "
            + "repository or a name added with `compctl repo add`; repeat for several, highest priority first "
            + "(default: the Podfile's source lines as compctl.yml maps them, and compctl.yml's spec_repos).",
        valueName: "source"))
    var sources: [String] = []

    @Flag(help: "Read only what compctl has cached: no fetch of git spec repos, no request to CDN sources.")
    var offline = false
}

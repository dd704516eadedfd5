/// The examples at the end of each command's `--help`, by command path. CompctlCLITests
/// checks that every command has some and that each parses with the real parser, as it
/// checks the README's command lines.
enum CommandExamples {
    static let all: [String: [String]] = [
        "compctl": ["compctl init", "compctl resolve", "compctl graph --check", "compctl integrate XXLogger=1.4.3 --push"],
        "init": ["compctl init", "compctl init --podfile App/Podfile --dry-run", "compctl init --component"],
        "version": ["compctl version compare 1.0.0-rc.10 1.0.0-rc.9", "compctl version bump --rc 0.1.7"],
        "version compare": ["compctl version compare 1.0 1.0.0", "compctl version compare 1.0.0-rc.10 1.0.0-rc.9"],
        "version sort": ["compctl version sort 1.0 0.9.1 1.0.0-rc.1"],
        "version satisfies": ["compctl version satisfies -r '~> 1.2' 1.2.9 1.3.0 2.0.0",
                              "compctl version satisfies -r '>= 1.0' -r '< 2.0' --raw 2.0.0-rc.1"],
        "version bump": ["compctl version bump --rc 0.1.7", "compctl version bump --release 0.1.8-rc.2"],
        "spec": ["compctl spec show XXUIKit.podspec"],
        "spec show": ["compctl spec show XXUIKit.podspec", "compctl spec show Specs/XXCart/1.2.1/XXCart.podspec --json"],
        "lint": ["compctl lint XXLogger.podspec --source acme",
                 "compctl lint XXLogger.podspec --source acme --format github"],
        "repo": ["compctl repo add acme git@git.acme.example:ios/Specs.git", "compctl repo show acme"],
        "repo add": ["compctl repo add acme git@git.acme.example:ios/Specs.git",
                     "compctl repo add acme https://git.acme.example/ios/Specs.git"],
        "repo list": ["compctl repo list", "compctl repo list --json"],
        "repo update": ["compctl repo update", "compctl repo update acme"],
        "repo remove": ["compctl repo remove acme"],
        "repo show": ["compctl repo show acme", "compctl repo show ./Specs --json"],
        "bump": ["compctl bump --rc --push", "compctl bump --release --push --repo acme --dry-run",
                 "compctl bump --minor --push --json"],
        "publish": ["compctl publish XXLogger.podspec --repo acme", "compctl publish XXLogger.podspec --repo acme --dry-run",
                    "compctl publish XXLogger.podspec --binary"],
        "resolve": [
            "compctl resolve", "compctl resolve --podfile App/Podfile --source acme --json",
            "compctl resolve --update", "compctl resolve --update XXNetworking XXPay", "compctl resolve --offline",
            "compctl resolve --dev-pods XXCart,XXUIKit", "compctl resolve --package App/Package.swift --json",
        ],
        "graph": ["compctl graph --check", "compctl graph --affected XXLogger --format github-matrix",
                  "compctl graph --format dot | dot -Tsvg -o graph.svg", "compctl graph --package App --check"],
        "why": ["compctl why XXLogger", "compctl why XXLogger --podfile App/Podfile", "compctl why net --package App"],
        "report": ["compctl report skew --format html --output report.html"],
        "report skew": ["compctl report skew", "compctl report skew --format html --output report.html"],
        "pin": ["compctl pin XXLogger=1.4.1", "compctl pin --all --dry-run", "compctl pin net=1.2.0 --package App",
                "compctl pin --channel XXUIKit=binary", "compctl pin --channel XXCart=source --dry-run"],
        "integrate": ["compctl integrate XXLogger=1.4.3 --push", "compctl integrate XXLogger=1.4.3 XXNetworking=3.2.1 --dry-run",
                      "compctl integrate --recover", "compctl integrate net=1.2.0 --check-command 'swift build'",
                      "compctl integrate XXNetworking=3.2.2 --all-from-source"],
        "outdated": ["compctl outdated", "compctl outdated --json", "compctl outdated --package App --all"],
    ]

    /// The `Examples:` section of the command at `path` (`repo add`), to follow its
    /// discussion after a blank line.
    static func section(_ path: String) -> String {
        "\n\n" + standalone(path)
    }

    /// The `Examples:` section alone, for a command with no other discussion.
    static func standalone(_ path: String) -> String {
        "Examples:\n" + (all[path] ?? []).map { "  " + $0 }.joined(separator: "\n")
    }
}

import Testing

@Suite struct RootCommandTests {
    @Test func versionNamesTheLinkedLibgit2() throws {
        let result = try compctl(["--version"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("compctl "), "\(result)")
        #expect(result.stdout.contains("libgit2 1."), "\(result)")
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try compctl(["frobnicate"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("frobnicate"), "\(result)")
    }

    /// A misspelt subcommand gets a suggestion, as a misspelt flag does; at any level.
    @Test(arguments: [
        (["resovle"], "Error: Unknown subcommand 'resovle'. Did you mean 'resolve'?\nUsage: compctl <subcommand>\n"
            + "  See 'compctl --help' for more information.\n"),
        (["repo", "shwo", "acme"], "Error: Unknown subcommand 'shwo'. Did you mean 'show'?\nUsage: compctl repo <subcommand>\n"
            + "  See 'compctl repo --help' for more information.\n"),
        (["intergate", "Foo=1.0.0"], "Error: Unknown subcommand 'intergate'. Did you mean 'integrate'?\n"
            + "Usage: compctl <subcommand>\n  See 'compctl --help' for more information.\n"),
    ])
    func aMisspeltSubcommandGetsASuggestion(arguments: [String], expected: String) throws {
        let result = try compctl(arguments)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == expected)
    }

    @Test func aFarOffWordGetsNoSuggestion() throws {
        let result = try compctl(["frobnicate"])
        #expect(!result.stderr.contains("Did you mean"), "\(result)")
    }
}

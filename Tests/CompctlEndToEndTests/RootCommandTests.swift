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
}

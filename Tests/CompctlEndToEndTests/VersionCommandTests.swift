import Testing

@Suite struct VersionCommandTests {
    // MARK: compare

    @Test(arguments: [
        ("1.0", "1.0.0", "="),
        ("1.0.0-rc.10", "1.0.0-rc.9", ">"),
        ("1.0.0-beta", "1.0.0-rc", "<"),
        ("1.0.0-RC.1", "1.0.0-rc.1", "<"),
        ("1.0.0-rc.1", "1.0.0.rc.1", "="),
        ("1.0.0+build.7", "1.0.0", "="),
        ("0.1.8-rc.1", "0.1.8", "<"),
    ])
    func comparePrintsTheOrder(_ a: String, _ b: String, _ order: String) throws {
        let result = try compctl(["version", "compare", a, b])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == order + "\n", "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func compareAsJSON() throws {
        let result = try compctl(["version", "compare", "--json", "1.0", "1.0.1-rc.1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            {
              "a" : "1.0",
              "b" : "1.0.1-rc.1",
              "order" : "<",
              "schemaVersion" : 1
            }

            """, "\(result)")
    }

    @Test func compareRefusesABadVersionAsAUsageError() throws {
        let result = try compctl(["version", "compare", "v1.0", "1.0"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == """
            Error: 'v1.0' is not a valid version: it must start with a digit; write numbers \
            separated by dots, such as 1.2.3, optionally followed by a prerelease part, such as \
            1.2.3-rc.1
            Usage: compctl version compare <a> <b> [--json]
              See 'compctl version compare --help' for more information.

            """, "\(result)")
    }

    @Test(arguments: [
        ("1..0", "it has an empty segment between two dots"),
        ("1.0.", "it ends with a dot"),
    ])
    func compareNamesWhatIsWrong(_ bad: String, _ reason: String) throws {
        let result = try compctl(["version", "compare", "1.0", bad])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.hasPrefix("Error: '\(bad)' is not a valid version: \(reason); "), "\(result)")
    }

    // MARK: the quick path

    /// `compctl version compare|sort|satisfies` with plain arguments skip ArgumentParser's
    /// command tree (QuickPath, for start-up time); a `--` sends the same line through the
    /// full parser. Both must print the same bytes and exit alike, failures included.
    @Test(arguments: [
        (["compare", "1.0", "1.0.0"], ["compare", "--", "1.0", "1.0.0"]),
        (["compare", "0.1.8-rc.1", "0.1.8"], ["compare", "--", "0.1.8-rc.1", "0.1.8"]),
        (["compare", "1..0", "1"], ["compare", "--", "1..0", "1"]),
        (["sort", "2.0", "1.0.0", "1", "1.0-rc.1"], ["sort", "--", "2.0", "1.0.0", "1", "1.0-rc.1"]),
        (["sort", "1.0", "x"], ["sort", "--", "1.0", "x"]),
        (["satisfies", "-r", "~> 1.2", "1.2.3", "1.3.0-rc.1", "2.0"], ["satisfies", "-r", "~> 1.2", "--", "1.2.3", "1.3.0-rc.1", "2.0"]),
        (["satisfies", "--requirement", "~> 1.2", "-r", "< 1.3", "1.2.9"], ["satisfies", "-r", "~> 1.2", "-r", "< 1.3", "--", "1.2.9"]),
        (["satisfies", "-r", "~> 1.2", "1.3.0-rc.1"], ["satisfies", "-r", "~> 1.2", "--", "1.3.0-rc.1"]),
        (["satisfies", "-r", "~> nonsense", "1.0"], ["satisfies", "-r", "~> nonsense", "--", "1.0"]),
    ])
    func theQuickPathPrintsWhatTheFullParserPrints(_ quick: [String], _ full: [String]) throws {
        let fast = try compctl(["version"] + quick)
        let parsed = try compctl(["version"] + full)
        #expect(fast.exitCode == parsed.exitCode, "\(fast) against \(parsed)")
        #expect(fast.stdout == parsed.stdout, "\(fast) against \(parsed)")
        #expect(fast.stderr == parsed.stderr, "\(fast) against \(parsed)")
    }

    // MARK: sort

    @Test func sortPrintsAscendingAsCocoaPods() throws {
        let result = try compctl([
            "version", "sort", "1.0.0", "0.1.8-rc.1", "1.0", "1", "0.1.8", "0.1.7",
            "1.0.0-rc.10", "1.0.0-rc.9", "1.0.0-beta", "0.1.10",
        ])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            0.1.7
            0.1.8-rc.1
            0.1.8
            0.1.10
            1.0.0-beta
            1.0.0-rc.9
            1.0.0-rc.10
            1
            1.0
            1.0.0

            """, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func sortAsJSON() throws {
        let result = try compctl(["version", "sort", "--json", "2.0", "1.0-rc.1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            {
              "schemaVersion" : 1,
              "versions" : [
                "1.0-rc.1",
                "2.0"
              ]
            }

            """, "\(result)")
    }

    @Test func sortRefusesABadVersion() throws {
        let result = try compctl(["version", "sort", "1.0", "1.0!beta"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasPrefix("Error: '1.0!beta' is not a valid version: it contains '!'; "),
                "\(result)")
    }

    // MARK: satisfies

    @Test func satisfiesKeepsRCsOutUnlessARequirementNamesOne() throws {
        let versions = ["0.1.6", "0.1.7", "0.1.8-rc.1", "0.1.8", "0.1.10", "0.2.0-rc.1", "0.2"]
        let consumer = try compctl(["version", "satisfies", "-r", "~> 0.1.7"] + versions)
        #expect(consumer.exitCode == 0, "\(consumer)")
        #expect(consumer.stdout == "0.1.7\n0.1.8\n0.1.10\n", "\(consumer)")
        #expect(consumer.stderr.isEmpty, "\(consumer)")

        let raw = try compctl(["version", "satisfies", "--raw", "-r", "~> 0.1.7"] + versions)
        #expect(raw.exitCode == 0, "\(raw)")
        #expect(raw.stdout == "0.1.7\n0.1.8-rc.1\n0.1.8\n0.1.10\n", "\(raw)")

        let leak = try compctl(
            ["version", "satisfies", "-r", "~> 0.1.7", "-r", "= 0.1.8-rc.1"] + versions)
        #expect(leak.exitCode == 0, "\(leak)")
        #expect(leak.stdout == "0.1.8-rc.1\n", "\(leak)")
    }

    @Test func satisfiesExitsOneWhenNoneDoes() throws {
        let result = try compctl(["version", "satisfies", "-r", ">= 2.0", "-r", "< 3", "1.0", "1.9.9"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == "error: no given version satisfies '>= 2.0', '< 3'\n", "\(result)")
    }

    @Test func satisfiesSaysWhenOnlyThePrereleaseRuleKeptAVersionOut() throws {
        let result = try compctl(["version", "satisfies", "-r", "~> 0.1.7", "0.1.8-rc.1"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == """
            error: no given version satisfies '~> 0.1.7'; 0.1.8-rc.1 would by the plain test, \
            but no requirement names a prerelease (name one, such as '= 0.1.8-rc.1', or pass --raw)

            """, "\(result)")
    }

    @Test func satisfiesAsJSON() throws {
        let result = try compctl(["version", "satisfies", "--json", "-r", ">=1.0", "0.9", "1.0", "1.1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            {
              "raw" : false,
              "requirements" : [
                ">= 1.0"
              ],
              "schemaVersion" : 1,
              "versions" : [
                "1.0",
                "1.1"
              ]
            }

            """, "\(result)")
    }

    @Test func satisfiesRefusesABadRequirement() throws {
        let result = try compctl(["version", "satisfies", "-r", "=> 1.0", "1.0"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == """
            Error: '=> 1.0' is not a valid requirement: '=>' is not an operator; write an optional \
            operator (=, !=, >, <, >=, <=, ~>) and a version, such as '~> 1.2' or '>= 1.0.0-rc.1'
            Usage: compctl version satisfies [--requirement <req> ...] <versions> ... [--raw] [--json]
              See 'compctl version satisfies --help' for more information.

            """, "\(result)")
    }

    @Test func satisfiesNeedsARequirement() throws {
        let result = try compctl(["version", "satisfies", "1.0"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.hasPrefix("Error: give at least one requirement with -r, such as -r '~> 1.2'\n"),
                "\(result)")
    }

    @Test func satisfiesRefusesABadVersion() throws {
        let result = try compctl(["version", "satisfies", "-r", "~> 1.0", "1.0", "1.0-"])
        #expect(result.exitCode == 0, "a trailing '-' is valid in CocoaPods: \(result)")
        let bad = try compctl(["version", "satisfies", "-r", "~> 1.0", "1.0", "1-rc"])
        #expect(bad.exitCode == 64, "\(bad)")
        #expect(bad.stderr.hasPrefix("Error: '1-rc' is not a valid version: its first segment must be a plain number"),
                "\(bad)")
    }

    // MARK: bump

    @Test(arguments: [
        (["--rc"], "0.1.7", "0.1.8-rc.1"),
        (["--rc", "--minor"], "0.1.7", "0.2.0-rc.1"),
        (["--rc", "--major"], "0.1.7", "1.0.0-rc.1"),
        (["--rc"], "0.1.8-rc.1", "0.1.8-rc.2"),
        (["--release"], "0.1.8-rc.2", "0.1.8"),
        (["--patch"], "1.0", "1.0.1"),
        (["--minor"], "1.2.3", "1.3.0"),
        (["--major"], "1.2.3", "2.0.0"),
        (["--patch"], "1.2.3-rc.1", "1.2.3"),
        (["--minor"], "1.3.0-rc.1", "1.3.0"),
        (["--rc", "--rc-label", "beta"], "0.1.7", "0.1.8-beta.1"),
        (["--patch"], "0.1.7+build.9", "0.1.8"),
    ])
    func bumpPrintsTheNextVersion(_ flags: [String], _ from: String, _ expected: String) throws {
        let result = try compctl(["version", "bump"] + flags + [from])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == expected + "\n", "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func bumpAsJSON() throws {
        let result = try compctl(["version", "bump", "--json", "--rc", "--minor", "0.1.7"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            {
              "from" : "0.1.7",
              "kind" : "rc-minor",
              "schemaVersion" : 1,
              "version" : "0.2.0-rc.1"
            }

            """, "\(result)")
    }

    @Test func bumpRefusesToReleaseARelease() throws {
        let result = try compctl(["version", "bump", "--release", "0.1.8"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == """
            error: '0.1.8' is not a prerelease, so there is no release to promote it to; bump the \
            major, minor or patch instead, or start a release candidate

            """, "\(result)")
    }

    @Test func bumpNeverGoesBackwards() throws {
        let result = try compctl(["version", "bump", "--rc", "--rc-label", "beta", "0.1.8-rc.3"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == """
            error: bumping '0.1.8-rc.3' would give '0.1.8-beta.1', which does not sort after it; \
            a bump never goes backwards: choose a bump or an rc label that gives a later version

            """, "\(result)")
    }

    @Test(arguments: [
        (["--major", "--minor", "1.0"],
         "choose one bump: --major, --minor, --patch, --rc (with --major or --minor) or --release"),
        (["1.0"], "choose one bump: --major, --minor, --patch, --rc (with --major or --minor) or --release"),
        (["--release", "--rc", "1.0-rc.1"], "--release cannot be combined with another bump"),
        (["--rc", "--major", "--minor", "1.0"], "--rc takes at most one of --major, --minor or --patch"),
        (["--patch", "--rc-label", "beta", "1.0"], "--rc-label 'beta' only applies with --rc"),
        (["--rc", "--rc-label", "rc1", "1.0"],
         "'rc1' is not a valid rc label: use letters only, such as rc, beta or alpha"),
        (["--patch", "v1.0"],
         "'v1.0' is not a valid version: it must start with a digit; write numbers separated by dots, such as 1.2.3, optionally followed by a prerelease part, such as 1.2.3-rc.1"),
    ])
    func bumpRefusesBadUsage(_ arguments: [String], _ message: String) throws {
        let result = try compctl(["version", "bump"] + arguments)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr == """
            Error: \(message)
            Usage: compctl version bump [--major] [--minor] [--patch] [--rc] [--release] [--rc-label <label>] <version> [--json]
              See 'compctl version bump --help' for more information.

            """, "\(result)")
    }
}

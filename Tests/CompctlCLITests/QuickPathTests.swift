import ArgumentParser
@testable import CompctlCLI
import Testing

/// QuickPath reads `resolve` lines without ArgumentParser's command tree (start-up time,
/// issue 14). Every line it takes must give the command ArgumentParser gives, every
/// property set alike; every line it is not sure of must go to ArgumentParser.
@Suite struct QuickPathTests {
    @Test(arguments: [
        ["resolve"],
        ["resolve", "--podfile", "Podfile"],
        ["resolve", "--podfile=ios/Podfile", "--source", "Specs", "--source=https://cdn.cocoapods.org/", "--json"],
        ["resolve", "--update", "XXHome", "XXCart", "--offline", "--channels"],
        ["resolve", "XXHome", "--update"],
        ["resolve", "XXHome"],
        ["resolve", "--package", "App/Package.swift", "--config", "ci/compctl.yml", "--dev-pods", "XXHome, XXCart"],
        ["resolve", "--podfile=a=b", "--source", "acme"],
        ["resolve", "--config", "compctl.yml", "--json", "--offline", "--update"],
    ])
    func takesALineAsArgumentParserDoes(_ line: [String]) throws {
        let quick = try #require(QuickPath.resolveLine(for: line), "the quick path should take \(line)")
        let parsed = try #require(try Compctl.parseAsRoot(line) as? ResolveCommand)
        #expect(quick == ResolveLine(parsed))
    }

    /// Every option `resolve`'s usage lists is one the quick path reads into the line, as
    /// ArgumentParser reads it: an option added to the command and not to the line fails
    /// here rather than being dropped or sending every such line the slow way.
    @Test func everyOptionOfTheCommandReachesTheLine() throws {
        let usage = ResolveCommand.usageString()
        let options = usage.split(whereSeparator: { " []<>.".contains($0) }).filter { $0.hasPrefix("--") }.map(String.init)
        #expect(options.count >= 9, "\(usage)")
        for option in Set(options) {
            let takesValue = usage.contains("\(option) <")
            // With --update (and a pod) beside it, so that every line is one that runs.
            let line = ["resolve", "XXHome"] + (option == "--update" ? [] : ["--update"]) + [option] + (takesValue ? ["x"] : [])
            let quick = try #require(QuickPath.resolveLine(for: line), "the quick path should take \(option)")
            let parsed = try #require(try Compctl.parseAsRoot(line) as? ResolveCommand)
            #expect(quick == ResolveLine(parsed), "\(option)")
            var plain = ResolveLine()
            plain.update = true
            plain.pods = ["XXHome"]
            #expect(quick != plain || option == "--update", "\(option) leaves no trace in the line")
        }
    }

    @Test(arguments: [
        ["resolve", "--help"], ["resolve", "-h"], ["resolve", "--"], ["resolve", "XXHome", "--"],
        ["resolve", "--podfile"], ["resolve", "--podfile", "--json"], ["resolve", "--podfile="],
        ["resolve", "--podfile", "a", "--podfile", "b"], ["resolve", "--podfile=a", "--podfile", "b"],
        ["resolve", "--json", "--json"], ["resolve", "--json=true"], ["resolve", "--podfil", "Podfile"],
        ["resolve", "-"], ["resolve", "-u"], ["resolve", "--source", "-x"], ["resolve", "--version"],
        ["resolve", "--generate-completion-script", "bash"], ["resolve", "--experimental-dump-help"],
        ["resolve", "---podfile", "a"], ["resolve", "--=a"], ["Resolve"],
    ])
    func leavesOtherLinesToArgumentParser(_ line: [String]) {
        #expect(QuickPath.resolveLine(for: line) == nil, "\(line) should go through the full parser")
    }

    @Test(arguments: [
        ["lint", "Foo.podspec"],
        ["lint", "Foo.podspec.json", "--json"],
        ["lint", "--source", "acme", "Foo.podspec", "--source=https://cdn.cocoapods.org/", "--config", "ci/compctl.yml"],
        ["lint", "Foo.podspec", "--format", "github"],
        ["lint", "--format=gitlab", "Foo.podspec", "--source", "Specs"],
        ["lint", "Foo.podspec", "--format", "text", "--json"],
    ])
    func takesALintLineAsArgumentParserDoes(_ line: [String]) throws {
        let quick = try #require(QuickPath.lintLine(for: line), "the quick path should take \(line)")
        let parsed = try #require(try Compctl.parseAsRoot(line) as? LintCommand)
        #expect(quick == LintLine(parsed))
        #expect(quick.printsJSON == parsed.printsJSON)
    }

    /// As for `resolve`: every option `lint`'s usage lists reaches the line.
    @Test func everyOptionOfLintReachesTheLine() throws {
        let usage = LintCommand.usageString()
        let options = usage.split(whereSeparator: { " []<>.".contains($0) }).filter { $0.hasPrefix("--") }.map(String.init)
        #expect(Set(options) == ["--source", "--config", "--json", "--format"], "\(usage)")
        for option in Set(options) {
            let value = option == "--format" ? ["github"] : usage.contains("\(option) <") ? ["x"] : []
            let line = ["lint", "Foo.podspec", option] + value
            let quick = try #require(QuickPath.lintLine(for: line), "the quick path should take \(option)")
            let parsed = try #require(try Compctl.parseAsRoot(line) as? LintCommand)
            #expect(quick == LintLine(parsed), "\(option)")
            var plain = LintLine()
            plain.podspec = "Foo.podspec"
            #expect(quick != plain, "\(option) leaves no trace in the line")
        }
    }

    /// Lines the full parser must judge: it prints their usage errors, or the command's own
    /// refusal of `--json` beside a `--format`.
    @Test(arguments: [
        ["lint"], ["lint", "a.podspec", "b.podspec"], ["lint", "a.podspec", "--json", "--format", "github"],
        ["lint", "a.podspec", "--format", "xml"], ["lint", "a.podspec", "--format", "GitHub"], ["lint", "-h"],
        ["lint", "a.podspec", "--help"], ["lint", "a.podspec", "--source"], ["lint", "a.podspec", "--source", "--json"],
        ["lint", "a.podspec", "--config", "a", "--config", "b"], ["lint", "a.podspec", "--json", "--json"],
        ["lint", "--", "a.podspec"], ["lint", "-x.podspec"], ["lint", "a.podspec", "--sources", "x"],
        ["Lint", "a.podspec"], ["lint", "a.podspec", "--format="],
    ])
    func leavesOtherLintLinesToArgumentParser(_ line: [String]) {
        #expect(QuickPath.lintLine(for: line) == nil, "\(line) should go through the full parser")
    }

    @Test(arguments: [["spec", "show", "Foo.podspec"], ["spec", "show", "--json", "Foo.podspec.json"]])
    func takesASpecShowLineAsArgumentParserDoes(_ line: [String]) throws {
        let quick = try #require(QuickPath.specShowLine(for: line), "the quick path should take \(line)")
        let parsed = try #require(try Compctl.parseAsRoot(line) as? SpecCommand.Show)
        #expect(quick.podspec == parsed.podspec && quick.json == parsed.json)
    }

    @Test(arguments: [
        ["spec"], ["spec", "show"], ["spec", "show", "a", "b"], ["spec", "show", "a", "--json", "--json"],
        ["spec", "show", "a", "--yaml"], ["spec", "show", "-h"], ["spec", "a"], ["spec", "show", "a", "--source", "x"],
        ["spec", "show", "--", "a"], ["spec", "show", "a", "--json=yes"],
    ])
    func leavesOtherSpecLinesToArgumentParser(_ line: [String]) {
        #expect(QuickPath.specShowLine(for: line) == nil, "\(line) should go through the full parser")
    }

    /// `compctl --version` prints without the command tree exactly what ArgumentParser
    /// prints for it; nothing else on the line is taken.
    @Test func answersVersionAsArgumentParserDoes() throws {
        var printed: String?
        do {
            _ = try Compctl.parseAsRoot(["--version"])
        } catch {
            #expect(Compctl.exitCode(for: error) == .success)
            printed = Compctl.fullMessage(for: error)
        }
        let quick = try #require(QuickPath.rootVersionText(for: ["--version"]))
        #expect(quick == printed)
        #expect(quick.hasPrefix("compctl 0.1.0 (libgit2 1."))
        for line in [["--version", "--json"], ["resolve", "--version"], ["--Version"], ["version"], ["-V"], []] {
            #expect(QuickPath.rootVersionText(for: line) == nil, "\(line) should go through the full parser")
        }
    }

    /// `version` lines run without their command (`versionLine`); the end-to-end tests
    /// (`VersionCommandTests`) hold their output to the full parser's.
    @Test(arguments: [
        ["version", "compare", "1.0", "1.0.0"], ["version", "sort", "2.0", "1"],
        ["version", "satisfies", "-r", "~> 1.2", "1.2.3"], ["version", "satisfies", "1.2.3", "--requirement", "< 2"],
        ["version", "compare", "1", "2", "--json"], ["version", "sort", "--json", "2.0", "1"],
        ["version", "satisfies", "-r", "~> 1.2", "--json", "1.2.3"],
    ])
    func takesAVersionLineItCanRun(_ line: [String]) {
        #expect(QuickPath.versionLine(for: line) != nil, "the quick path should take \(line)")
        #expect(QuickPath.resolveLine(for: line) == nil)
    }

    @Test(arguments: [
        ["version"], ["version", "compare", "1.0"], ["version", "compare", "1.0", "1.0", "1.0"],
        ["version", "compare", "--", "1", "2"], ["version", "compare", "1", "2", "--json", "--json"],
        ["version", "satisfies", "-r", "--json", "1.0", "2.0"], ["version", "sort", "1", "--json=true"],
        ["version", "compare", "1..0", "1"], ["version", "sort"], ["version", "sort", "1", "x"],
        ["version", "satisfies", "1.0"], ["version", "satisfies", "-r", "~> 1.2"], ["version", "satisfies", "-r"],
        ["version", "satisfies", "-r", "~> nonsense", "1.0"], ["version", "satisfies", "--raw", "-r", "> 1", "2"],
        ["version", "bump", "--patch", "1.0.0"], ["version", "compare", "-h"], ["Version", "compare", "1", "2"],
    ])
    func leavesOtherVersionLinesToArgumentParser(_ line: [String]) {
        #expect(QuickPath.versionLine(for: line) == nil, "\(line) should go through the full parser")
    }
}

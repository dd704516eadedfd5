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
        let quick = try #require(QuickPath.command(for: line), "the quick path should take \(line)")
        let parsed = try Compctl.parseAsRoot(line)
        // Each property wrapper prints its state: a property the quick path forgot would
        // print as a definition where the parsed command prints a value.
        #expect(String(reflecting: quick) == String(reflecting: parsed))
        #expect(String(reflecting: quick).contains("ResolveCommand("))
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
        #expect(QuickPath.command(for: line) == nil, "\(line) should go through the full parser")
    }
}

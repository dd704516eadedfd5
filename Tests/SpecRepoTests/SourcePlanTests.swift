import Testing
@testable import SpecRepo

/// Which sources a Podfile reads: CocoaPods' rules, compctl.yml's mapping and additions,
/// `--source`, and trunk's setting.
@Suite struct SourcePlanTests {
    let acmeURL = "https://git.acme.example/ios/Specs.git"
    let acme = ConfiguredSpecRepo(name: "acme", url: "/work/Specs", writtenURL: "../Specs",
                                  podfileSources: ["https://git.acme.example/ios/Specs.git"])
    let tools = ConfiguredSpecRepo(name: "tools", url: "git@git.acme.example:ios/Tools.git")

    func plan(lines: [String] = [], pods: [String] = [], everyPodHasSource: Bool = false, hasPods: Bool = true,
              commandLine: [String] = [], configured: [ConfiguredSpecRepo] = [],
              trunk: TrunkSetting = .standard, readOnlyWhenNamed: Set<String> = []) -> SourcePlan {
        SourcePlan.forPodfile(sourceLines: lines, podSources: pods, everyPodHasSource: everyPodHasSource, hasPods: hasPods,
                              commandLine: commandLine, configured: configured, trunk: trunk,
                              readOnlyWhenNamed: readOnlyWhenNamed)
    }

    @Test func theBinaryRepoIsReadOnlyWhereThePodfileNamesIt() {
        let binary = ConfiguredSpecRepo(name: "acme-binary", url: "git@git.acme.example:ios/BinarySpecs.git")
        // Not added after the Podfile's sources, as compctl.yml's other spec repos are.
        #expect(plan(lines: [acmeURL], configured: [acme, binary, tools], readOnlyWhenNamed: ["acme-binary"])
            .sources.map(\.argument) == ["acme", "tools"])
        // Read, and known by the `:source` that names it, when a pod takes it.
        let named = plan(lines: [acmeURL], pods: ["git@git.acme.example:ios/BinarySpecs.git"], configured: [acme, binary],
                         readOnlyWhenNamed: ["acme-binary"])
        #expect(named.sources.map(\.argument) == ["acme", "acme-binary"])
        #expect(named.sources[1].aliases == ["git@git.acme.example:ios/BinarySpecs.git"])
    }

    @Test func theSourceLinesInOrderThenThePodsSources() {
        let result = plan(lines: [acmeURL, "https://cdn.cocoapods.org/"], pods: ["https://git.other.example/Specs.git"])
        #expect(result.sources == [
            PlannedSource(argument: acmeURL, aliases: [acmeURL]),
            PlannedSource(argument: SpecRepoURL.trunk, aliases: ["https://cdn.cocoapods.org/", "trunk"], isTrunk: true),
            PlannedSource(argument: "https://git.other.example/Specs.git", aliases: ["https://git.other.example/Specs.git"]),
        ])
        #expect(result.privateSources.map(\.argument) == [acmeURL, "https://git.other.example/Specs.git"])
    }

    @Test func noSourceLineMeansTrunkAndOnlyPodSourcesWhenEveryPodHasOne() {
        #expect(plan().sources.map(\.argument) == [SpecRepoURL.trunk])
        #expect(plan(hasPods: false).sources.isEmpty)
        #expect(plan(lines: [acmeURL], pods: ["https://x.example/S.git"], everyPodHasSource: true).sources.map(\.argument)
            == ["https://x.example/S.git"])
        // `source 'trunk'` and CocoaPods' GitHub master repo are trunk too, read once.
        #expect(plan(lines: ["trunk", "https://github.com/CocoaPods/Specs.git"]).sources.map(\.argument) == [SpecRepoURL.trunk])
    }

    @Test func compctlYmlMapsASourceLineAndAddsItsOtherSpecReposAfter() {
        let result = plan(lines: ["https://git.acme.example/ios/specs/", "trunk"], configured: [tools, acme])
        #expect(result.sources.map(\.argument) == ["acme", SpecRepoURL.trunk, "tools"])
        #expect(result.sources[0].aliases == ["https://git.acme.example/ios/specs/"])
        // A spec repo's own URL stands for the source line that names it, whatever the transport.
        #expect(plan(lines: ["ssh://git@git.acme.example/ios/Tools"], configured: [tools]).sources.map(\.argument) == ["tools"])
    }

    @Test func theCommandLineStandsForEverySourceButTrunk() {
        let lines = [acmeURL, "https://cdn.cocoapods.org/", "https://git.other.example/Specs.git"]
        let result = plan(lines: lines, commandLine: ["Specs", "more"], configured: [acme])
        #expect(result.sources.map(\.argument) == ["Specs", "more", SpecRepoURL.trunk])
        #expect(result.sources[0].aliases == [acmeURL, "https://git.other.example/Specs.git"])
        #expect(plan(lines: ["trunk", acmeURL], commandLine: ["Specs"]).sources.map(\.argument) == [SpecRepoURL.trunk, "Specs"])
        #expect(plan(commandLine: ["Specs"]).sources.map(\.argument) == [SpecRepoURL.trunk, "Specs"])
        #expect(plan(lines: [acmeURL, "trunk"], commandLine: ["trunk", "Specs"]).sources.map(\.argument) == ["trunk", "Specs"])
    }

    @Test func trunkOffIsLeftOutAndSaysWhyAndAMirrorReadsInItsPlace() {
        let off = plan(lines: [acmeURL, "trunk"], configured: [acme], trunk: .off(reason: "compctl.yml says trunk: off"))
        #expect(off.sources.map(\.argument) == ["acme"])
        #expect(off.trunkLeftOut == "compctl.yml says trunk: off")
        #expect(plan(lines: [acmeURL], configured: [acme], trunk: .off(reason: "x")).trunkLeftOut == nil)

        let local = plan(lines: ["trunk"], trunk: .on(url: "http://127.0.0.1:8080/"))
        #expect(local.sources == [PlannedSource(argument: "http://127.0.0.1:8080/", aliases: ["trunk"], isTrunk: true)])
        let mirror = ConfiguredSpecRepo(name: "mirror", url: "https://cdn.mirror.example/", podfileSources: ["trunk"])
        let mapped = plan(lines: ["https://cdn.cocoapods.org/"], configured: [mirror], trunk: .off(reason: "x"))
        #expect(mapped.sources == [PlannedSource(argument: "mirror", aliases: ["https://cdn.cocoapods.org/"], isTrunk: true)])
        #expect(mapped.trunkLeftOut == nil)
    }

    @Test func withoutAPodfileThePrivateSourcesOnly() {
        #expect(SourcePlan.withoutPodfile(commandLine: ["Specs"], configured: [acme]).sources.map(\.argument) == ["Specs"])
        #expect(SourcePlan.withoutPodfile(commandLine: [], configured: [acme, tools]).sources.map(\.argument) == ["acme", "tools"])
        #expect(SourcePlan.withoutPodfile(commandLine: [], configured: [], fallback: ["trunk", acmeURL, acmeURL + "/"])
            .sources.map(\.argument) == [acmeURL])
    }
}

import Graph
import Podspec
import Testing
import Versioning

/// The resolver's prerelease rule: "Pre-release versions" in CocoaPods' resolver_spec.rb,
/// Molinillo's `prerelease_version` fixture, and the rc leak of DESIGN.md.
@Suite struct PrereleaseTests {
    let afnetworking = InMemorySpecProvider.test(
        pod("AFNetworking", ["0.10.1", "1.0RC3", "1.0", "1.2.1", "1.3.4"]),
        pod("PrereleaseMonkey", ["1.0-beta1"]))

    @Test func resolvesExplicitlyRequestedPrerelease() throws {
        #expect(try resolved([afnetworking], [.app("AFNetworking", "1.0RC3")]) == ["AFNetworking (1.0RC3)"])
        #expect(try resolved([afnetworking], [.app("PrereleaseMonkey", "1.0-beta1")]) == ["PrereleaseMonkey (1.0-beta1)"])
    }

    @Test func pessimisticPrereleaseStillPrefersTheNewest() throws {
        #expect(try resolved([afnetworking], [.app("AFNetworking", "~> 1.0RC3")]) == ["AFNetworking (1.3.4)"])
    }

    @Test(arguments: [
        (["1.0"], "1.0"), (["< 1.0"], "0.10.1"), (["<= 1.0"], "1.0"),
        (["> 1.0", "< 1.3"], "1.2.1"), ([">= 1.0", "< 1.3"], "1.2.1"), (["~> 1.0", "< 1.3"], "1.2.1"),
    ])
    func neverImplicitly(requirements: [String], expected: String) throws {
        let requirement = RootRequirement(name: "AFNetworking", requirements: requirements, declaredBy: "target 'App'")
        #expect(try resolved([afnetworking], [requirement]) == ["AFNetworking (\(expected))"])
    }

    @Test func onlyPrereleasesAvailable() {
        #expect(conflict([afnetworking], [.app("PrereleaseMonkey")]) == """
            Because target 'App' depends on PrereleaseMonkey, which only pre-release versions of PrereleaseMonkey match, and no requirement in use names a pre-release, version solving failed.
            """)
        #expect(conflict([afnetworking], [.app("AFNetworking", "< 1.0", "> 0.10.1")]) == """
            Because target 'App' depends on AFNetworking (< 1.0, > 0.10.1), which only pre-release versions of AFNetworking match, and no requirement in use names a pre-release, version solving failed.
            """)
    }

    /// Molinillo `prerelease_version`: `a = 2.0.0.beta1` in the Podfile also answers `b`'s
    /// `a >= 1.0.0`, and the beta's own dependency comes along.
    @Test func explicitPrereleaseAnswersOtherRequirements() throws {
        let repo = InMemorySpecProvider.test(
            pod("a", ["1.0.0"]), pod("a", ["2.0.0.beta1"], [.on("c", ">= 1.0.0")]),
            pod("b", ["1.0.0"], [.on("a", ">= 1.0.0")]), pod("c", ["1.0.0"]))
        #expect(try resolved([repo], [.app("a", "= 2.0.0.beta1"), .app("b")])
            == ["a (2.0.0.beta1)", "b (1.0.0)", "c (1.0.0)"])
        #expect(try resolved([repo], [.app("b")]) == ["a (1.0.0)", "b (1.0.0)"])
    }

    /// The rc leak: XXOrder names XXPay's rc, so the Podfile's `~> 2.0` and XXCart's get it.
    @Test func rcNamedBySpecLeaksIntoReleaseRanges() throws {
        let repo = InMemorySpecProvider.test(
            pod("XXPay", ["1.9.0", "2.0.0", "2.0.1", "2.0.2", "2.1.0-rc.1", "2.1.0-rc.2"]),
            pod("XXOrder", ["1.6.0"], [.on("XXPay", "2.1.0-rc.2")]),
            pod("XXCart", ["1.2.1"], [.on("XXPay", "~> 2.0")]))
        #expect(try resolved([repo], [.app("XXCart", "1.2.1"), .app("XXPay", "~> 2.0"), .app("XXOrder", "1.6.0")])
            == ["XXCart (1.2.1)", "XXOrder (1.6.0)", "XXPay (2.1.0-rc.2)"])
        #expect(try resolved([repo], [.app("XXCart", "1.2.1"), .app("XXPay", "~> 2.0")])
            == ["XXCart (1.2.1)", "XXPay (2.0.2)"])
    }

    /// An rc named only by a version that is not chosen does not leak.
    @Test func rcNamedByAnUnchosenVersionDoesNotLeak() throws {
        let repo = InMemorySpecProvider.test(
            pod("XXPay", ["2.0.2", "2.1.0-rc.1"]),
            pod("XXOrder", ["1.5.0"], [.on("XXPay", "~> 2.0")]),
            pod("XXOrder", ["1.6.0"], [.on("XXPay", "2.1.0-rc.1"), .on("XXMissing", "1.0")]),
            pod("XXMissing", ["2.0"]))
        #expect(try resolved([repo], [.app("XXOrder"), .app("XXPay", ">= 2.0")]) == ["XXOrder (1.5.0)", "XXPay (2.0.2)"])
    }

    /// Only an rc meets `> 2.0.2`, and nothing names it: PubGrub's explanation. (With X, whose
    /// requirement names the rc, CocoaPods still fails: `CocoaPodsResolutionTests`.)
    @Test func namingRequirementInUseEvenWhenImplied() throws {
        let repo = InMemorySpecProvider.test(pod("P", ["2.0.2", "2.1.0-rc.2"]))
        #expect(conflict([repo], [.app("P", "> 2.0.2")]) == """
            Because target 'App' depends on P (> 2.0.2), which only pre-release versions of P match, and no requirement in use names a pre-release, version solving failed.
            """)
    }

    @Test func onlyPrereleasesThroughADependency() {
        let repo = InMemorySpecProvider.test(
            pod("P", ["2.0.2", "2.1.0-rc.2"]), pod("A", ["1.0", "1.1"], [.on("P", "> 2.0.2")]),
            pod("B", ["1.0"], [.on("P", "~> 2.0")]))
        #expect(conflict([repo], [.app("B"), .app("A")]) == """
            Because every version of A depends on P (> 2.0.2), which only pre-release versions of P match, and no requirement in use names a pre-release, A is forbidden.
            So, because target 'App' depends on A, version solving failed.
            """)
    }

    @Test func rcConflictsWithARangeItIsNotIn() {
        let repo = InMemorySpecProvider.test(
            pod("XXPay", ["1.9.0", "2.1.0-rc.2"]),
            pod("XXOrder", ["1.6.0"], [.on("XXPay", "2.1.0-rc.2")]))
        #expect(conflict([repo], [.app("XXOrder"), .app("XXPay", "~> 1.9")]) == """
            Because target 'App' depends on XXOrder which depends on XXPay (= 2.1.0-rc.2), XXPay (= 2.1.0-rc.2) is required.
            So, because target 'App' depends on XXPay (~> 1.9), version solving failed.
            """)
    }
}

import Graph
import Podspec
import Testing
import Versioning

/// Resolution cases from CocoaPods' `spec/unit/resolver_spec.rb` and Molinillo's
/// integration fixtures (CocoaPods/Resolver-Integration-Specs), as in-memory repos.
@Suite struct ResolverTests {
    @Test func highestVersionWins() throws {
        let repo = InMemorySpecProvider.test(pod("XXPay", ["1.9.0", "2.0.0", "2.0.2", "2.0.1"]))
        #expect(try resolved([repo], [.app("XXPay")]) == ["XXPay (2.0.2)"])
        #expect(try resolved([repo], [.app("XXPay", "~> 1.9")]) == ["XXPay (1.9.0)"])
    }

    @Test func severalRequirementsOnOnePodAllHold() throws {
        let repo = InMemorySpecProvider.test(
            pod("XXNetworking", ["3.0.0", "3.1.0", "3.1.1", "3.2.0", "4.0.0"]),
            pod("XXAnalytics", ["3.1.1"], [.on("XXNetworking", ">= 3.1", "< 3.2")]))
        #expect(try resolved([repo], [.app("XXAnalytics"), .app("XXNetworking", "> 3.0")])
            == ["XXAnalytics (3.1.1)", "XXNetworking (3.1.1)"])
    }

    /// resolver_spec.rb: "cross resolves dependencies".
    @Test func crossResolvesDependencies() throws {
        let repo = InMemorySpecProvider.test(
            pod("AFNetworking", ["0.9.0", "0.9.1", "0.10.0", "1.0"]),
            pod("AFQuickLookView", ["0.1.0"], [.on("AFNetworking", ">= 0.9.0")]))
        #expect(try resolved([repo], [.app("AFNetworking", "<  0.9.2"), .app("AFQuickLookView", "=  0.1.0")])
            == ["AFNetworking (0.9.1)", "AFQuickLookView (0.1.0)"])
    }

    /// resolver_spec.rb: "resolves basic conflicts" (RestKit's newest needs AFNetworking 1.3).
    @Test func resolvesBasicConflicts() throws {
        let repo = InMemorySpecProvider.test(
            pod("AFNetworking", ["1.2.0", "1.2.1", "1.3.0", "1.3.4"]),
            pod("RestKit", ["0.20.1"], [.on("AFNetworking", "~> 1.2.0")]),
            pod("RestKit", ["0.23.3"], [.on("AFNetworking", "~> 1.3.0")]))
        #expect(try resolved([repo], [.app("RestKit"), .app("AFNetworking", "~> 1.2.0")])
            == ["AFNetworking (1.2.1)", "RestKit (0.20.1)"])
    }

    /// resolver_spec.rb: "resolves three-way conflicts".
    @Test func resolvesThreeWayConflicts() throws {
        let repo = InMemorySpecProvider.test(
            pod("AFNetworking", ["1.3.4", "2.0.0", "2.2.0"]),
            pod("AFAmazonS3Client", ["1.0.1"], [.on("AFNetworking", "~> 1.3")]),
            pod("AFAmazonS3Client", ["2.0.0"], [.on("AFNetworking", "~> 2.0")]),
            pod("CargoBay", ["1.0.0"], [.on("AFNetworking", "~> 1.0")]),
            pod("CargoBay", ["2.1.0"], [.on("AFNetworking", "~> 2.2")]),
            pod("AFOAuth2Client", ["0.1.2"], [.on("AFNetworking", "~> 1.3")]),
            pod("AFOAuth2Client", ["1.0.0"], [.on("AFNetworking", "~> 1.3")]))
        #expect(try resolved([repo], [.app("AFAmazonS3Client"), .app("CargoBay"), .app("AFOAuth2Client")])
            == ["AFAmazonS3Client (1.0.1)", "AFNetworking (1.3.4)", "AFOAuth2Client (1.0.0)", "CargoBay (1.0.0)"])
    }

    /// resolver_spec.rb: "uses a Podfile requirement even when a previously declared
    /// dependency has a different requirement".
    @Test func podfileRequirementHoldsOverEarlierDependency() throws {
        let repo = InMemorySpecProvider.test(
            pod("AFNetworking", ["2.0.0", "2.0.1", "2.0.3"]),
            pod("InstagramKit", ["3.7"], [.on("AFNetworking", "~> 2.0")]))
        #expect(try resolved([repo], [.app("InstagramKit"), .app("AFNetworking", "2.0.1")])
            == ["AFNetworking (2.0.1)", "InstagramKit (3.7)"])
    }

    @Test func resolvesAnEmptyPodfile() throws {
        #expect(try resolved([InMemorySpecProvider.test(pod("A", ["1.0"]))], []) == [])
    }
}

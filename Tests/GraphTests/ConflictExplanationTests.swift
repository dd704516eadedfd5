import Graph
import Podspec
import Testing
import Versioning

/// Conflict explanations, compared exactly (as SwiftPM's `PubGrubTests.testConflict1` does):
/// every requirement involved, with who imposes it, in pub's derivation style.
@Suite struct ConflictExplanationTests {
    /// resolver_spec.rb: "raises if it finds two conflicting explicit dependencies".
    @Test func twoPodfileRequirements() {
        let repo = InMemorySpecProvider.test(pod("JSONKit", ["1.4", "1.5pre"]))
        #expect(conflict([repo], [.app("JSONKit", "1.4"), .app("JSONKit", "1.5pre")]) == """
            Because target 'App' depends on both JSONKit (= 1.4) and JSONKit (= 1.5pre), version solving failed.
            """)
        #expect(conflict([repo], [.app("JSONKit", "1.4"), .app("JSONKit", "1.5pre", target: "Tests")]) == """
            Because target 'App' depends on JSONKit (= 1.4) and target 'Tests' depends on JSONKit (= 1.5pre), version solving failed.
            """)
    }

    /// resolver_spec.rb: "raises if no such version of a dependency exists".
    @Test func noSuchVersion() {
        let repo = InMemorySpecProvider.test(pod("AFNetworking", ["1.3.4", "2.4.0"]))
        #expect(conflict([repo], [.app("AFNetworking", "999.999.999")]) == """
            Because target 'App' depends on AFNetworking (= 999.999.999), which no version of AFNetworking matches, version solving failed.
            """)
    }

    /// The rc case of the issue: XXOrder pins an rc that the app's range excludes.
    @Test func rcPinnedByAComponent() {
        let repo = InMemorySpecProvider.test(
            pod("XXPay", ["1.9.0", "1.9.1", "2.1.0-rc.2"]),
            pod("XXOrder", ["2.0.0", "2.1.0"], [.on("XXPay", "= 2.1.0-rc.2")]))
        #expect(conflict([repo], [.app("XXOrder"), .app("XXPay", "~> 1.9")]) == """
            Because target 'App' depends on XXOrder which depends on XXPay (= 2.1.0-rc.2), XXPay (= 2.1.0-rc.2) is required.
            So, because target 'App' depends on XXPay (~> 1.9), version solving failed.
            """)
    }

    @Test func twoComponentsDisagree() {
        let repo = InMemorySpecProvider.test(
            pod("XXPay", ["2.0.0", "2.0.2", "2.1.0-rc.2"]),
            pod("XXOrder", ["2.0.0", "2.1.0"], [.on("XXPay", "= 2.1.0-rc.2")]),
            pod("XXCart", ["1.2.0"], [.on("XXPay", "~> 2.0", "< 2.1.0-rc.1")]))
        #expect(conflict([repo], [.app("XXOrder"), .app("XXPay", "~> 2.0"), .app("XXCart")]) == """
            Because every version of XXCart depends on XXPay (~> 2.0, < 2.1.0-rc.1) and every version of XXOrder depends on XXPay (= 2.1.0-rc.2), XXCart is incompatible with XXOrder.
            So, because target 'App' depends on both XXOrder and XXCart, version solving failed.
            """)
    }

    @Test func transitiveChain() {
        let repo = InMemorySpecProvider.test(
            pod("foo", ["1.0.0"], [.on("a", "~> 1.0"), .on("b", "~> 1.0")]),
            pod("a", ["1.0.0"], [.on("x", "~> 1.0")]),
            pod("b", ["1.0.0"], [.on("x", "~> 2.0")]),
            pod("x", ["1.0.0", "2.0.0"]),
            pod("bar", ["1.0.0"], [.on("c", "~> 1.0"), .on("d", "~> 1.0")]),
            pod("c", ["1.0.0"], [.on("y", "~> 1.0")]),
            pod("d", ["1.0.0"], [.on("y", "~> 2.0")]),
            pod("y", ["1.0.0", "2.0.0"]))
        #expect(conflict([repo], [.app("foo", "~> 1.0"), .app("bar", "~> 1.0")]) == """
            Because every version of d depends on y (~> 2.0) and every version of c depends on y (~> 1.0), d is incompatible with c.
            And because every version of bar depends on c (~> 1.0), d is incompatible with bar.
            So, because target 'App' depends on bar (~> 1.0) which depends on d (~> 1.0), version solving failed.
            """)
    }

    /// pub's `doc/solver.md` "Branching Error Reporting": a fact used twice gets a number.
    @Test func branchingDerivationNumbersLines() {
        let repo = InMemorySpecProvider.test(
            pod("foo", ["1.0.0"], [.on("a", "~> 1.0"), .on("b", "~> 1.0")]),
            pod("foo", ["1.1.0"], [.on("x", "~> 1.0"), .on("y", "~> 1.0")]),
            pod("a", ["1.0.0"], [.on("b", "~> 2.0")]),
            pod("b", ["1.0.0", "2.0.0"]),
            pod("x", ["1.0.0"], [.on("y", "~> 2.0")]),
            pod("y", ["1.0.0", "2.0.0"]))
        #expect(conflict([repo], [.app("foo", "~> 1.0")]) == """
                Because foo (1.0.0) depends on a (~> 1.0) which depends on b (~> 2.0), foo (1.0.0) requires b (~> 2.0).
            (1) So, because foo (1.0.0) depends on b (~> 1.0), foo (1.0.0) is forbidden.

                Because foo (1.1.0) depends on x (~> 1.0) which depends on y (~> 2.0), foo (1.1.0) requires y (~> 2.0).
                And because foo (1.1.0) depends on y (~> 1.0), foo (1.1.0) is forbidden.
                And because foo (1.0.0) is forbidden (1), foo is forbidden.
                So, because target 'App' depends on foo (~> 1.0), version solving failed.
            """)
    }

    @Test func componentAsRootDeclarer() throws {
        let repo = InMemorySpecProvider.test(pod("XXPay", ["1.9.0", "2.0.0"]), pod("XXCoupon", ["1.1.1"], [.on("XXPay", "~> 2.0")]))
        let explanation: String
        do {
            _ = try Resolver(providers: [repo]).resolve(ResolveRequest(requirements: [
                RootRequirement(name: "XXPay", requirements: ["~> 1.9"], declaredBy: "XXCart (1.2.1)"),
                RootRequirement(name: "XXCoupon", requirements: ["~> 1.1"], declaredBy: "XXCart (1.2.1)"),
            ]))
            explanation = ""
        } catch let GraphError.conflict(text) {
            explanation = text
        }
        #expect(explanation == """
            Because every version of XXCoupon depends on XXPay (~> 2.0) and XXCart (1.2.1) depends on XXPay (~> 1.9), XXCoupon is forbidden.
            So, because XXCart (1.2.1) depends on XXCoupon (~> 1.1), version solving failed.
            """)
        #expect(GraphError.conflict("X").description == "could not find compatible versions:\nX")
    }
}

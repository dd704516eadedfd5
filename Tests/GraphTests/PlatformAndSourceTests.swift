import Graph
import Podspec
import Testing
import Versioning

/// Deployment targets, external sources, several sources with priority, `:source`, and pods
/// no source holds.
@Suite struct PlatformAndSourceTests {
    /// resolver_spec.rb: "selects only platform-compatible versions".
    @Test func skipsVersionsNeedingAHigherDeploymentTarget() throws {
        let repo = InMemorySpecProvider.test(
            pod("AFNetworking", ["1.3.4"], deploymentTargets: ["ios": "12.0"]),
            pod("AFNetworking", ["2.0.0", "2.4.0"], deploymentTargets: ["ios": "14.0"]),
            pod("Plain", ["1.0"]))
        #expect(try resolved([repo], [.app("AFNetworking"), .app("Plain")], platform: iOS13)
            == ["AFNetworking (1.3.4)", "Plain (1.0)"])
        #expect(try resolved([repo], [.app("AFNetworking")]) == ["AFNetworking (2.4.0)"])
    }

    /// resolver_spec.rb: "raises an informative error when version conflicts are caused by
    /// platform incompatibilities".
    @Test func explainsDeploymentTargets() {
        let repo = InMemorySpecProvider.test(
            pod("XXMap", ["1.0.0", "1.1.0"], deploymentTargets: ["ios": "14.0"]),
            pod("XXMap", ["0.9.0"], deploymentTargets: ["osx": "10.15"]))
        #expect(conflict([repo], [.app("XXMap", "~> 1.0")], platform: iOS13) == """
            Because target 'App' depends on XXMap (~> 1.0) which requires a deployment target of at least iOS 14.0 (the platform is iOS 13.0), version solving failed.
            """)
        #expect(conflict([repo], [.app("XXMap")], platform: iOS13) == """
            Because XXMap (0.9.0) does not support iOS and XXMap (>= 1.0.0) requires a deployment target of at least iOS 14.0 (the platform is iOS 13.0), XXMap is forbidden.
            So, because target 'App' depends on XXMap, version solving failed.
            """)
    }

    @Test func subspecWithItsOwnDeploymentTarget() throws {
        let repo = InMemorySpecProvider.test(
            [.test("Kit", "1.0", subspecs: [.sub("Kit/Core"), .sub("Kit/New", deploymentTargets: ["ios": "15.0"])],
                   defaultSubspecs: ["Core"], deploymentTargets: ["ios": "12.0"])])
        #expect(try resolved([repo], [.app("Kit")], platform: iOS13) == ["Kit (1.0)"])
        #expect(conflict([repo], [.app("Kit/New")], platform: iOS13) == """
            Because every version of Kit/New requires a deployment target of at least iOS 15.0 (the platform is iOS 13.0) and target 'App' depends on Kit/New, Kit/New is forbidden.
            So, because target 'App' depends on Kit/New, version solving failed.
            """)
    }

    /// resolver_spec.rb: "allows pre-release spec versions when a requirement has an external
    /// source" and "handles correctly subspecs from external sources".
    @Test func externalPodWithItsSpec() throws {
        let spec = Specification.test("MainSpec", "1.2.3-pre", [.on("Dep", "~> 1.0")], subspecs: [
            .sub("MainSpec/FirstSubSpec", subspecs: [.sub("MainSpec/FirstSubSpec/SecondSubSpec")]),
        ])
        let repo = InMemorySpecProvider.test(pod("Dep", ["1.0", "1.1"]), pod("MainSpec", ["9.0"]))
        let external = ExternalPod(name: "MainSpec", origin: ":git => 'GIT-URL'", specification: spec)
        let resolution = try Resolver(providers: [repo]).resolve(ResolveRequest(
            requirements: [.app("MainSpec/FirstSubSpec")], externalPods: [external]))
        #expect(resolution.pods.map { "\($0.name) (\($0.version)) \($0.source) \($0.subspecs)" } == [
            "Dep (1.1) acme []",
            "MainSpec (1.2.3-pre) :git => 'GIT-URL' [\"MainSpec/FirstSubSpec\", \"MainSpec/FirstSubSpec/SecondSubSpec\"]",
        ])
    }

    @Test func requirementsOnAnExternalPodMustHold() {
        let external = ExternalPod(
            name: "XXCart", origin: ":path => '../XXCart'", specification: .test("XXCart", "3.0.0"))
        let repo = InMemorySpecProvider.test(pod("XXHome", ["1.0"], [.on("XXCart", "~> 2.0")]), pod("XXCart", ["2.0.0"]))
        #expect(conflict([repo], [.app("XXHome"), .app("XXCart")], externals: [external]) == """
            Because target 'App' depends on XXHome which depends on XXCart (~> 2.0), which XXCart 3.0.0 from :path => '../XXCart' does not satisfy, version solving failed.
            """)
    }

    @Test func externalPodsBelongToOneRequest() throws {
        let repo = InMemorySpecProvider.test(pod("XXCart", ["2.0.0"]))
        let resolver = Resolver(providers: [repo])
        let external = ExternalPod(name: "XXCart", origin: ":path => '../XXCart'", specification: .test("XXCart", "3.0.0-dev"))
        let first = try resolver.resolve(ResolveRequest(requirements: [.app("XXCart")], externalPods: [external]))
        #expect(first.pods.map { "\($0.name) \($0.version) \($0.isExternal)" } == ["XXCart 3.0.0-dev true"])
        let second = try resolver.resolve(ResolveRequest(requirements: [.app("XXCart")]))
        #expect(second.pods.map { "\($0.name) \($0.version) \($0.isExternal)" } == ["XXCart 2.0.0 false"])
    }

    @Test func externalPodWithoutSpecIsLeftOut() throws {
        let repo = InMemorySpecProvider.test(pod("XXHome", ["1.0"], [.on("XXCart", "~> 2.0")]))
        let external = ExternalPod(name: "XXCart", origin: ":path => '../XXCart'")
        let resolution = try Resolver(providers: [repo]).resolve(ResolveRequest(
            requirements: [.app("XXHome"), .app("XXCart")], externalPods: [external]))
        #expect(resolution.pods.map(\.name) == ["XXHome"])
        #expect(resolution.graph.node(named: "XXCart")?.kind == .external)
        #expect(resolution.warnings.map(\.description) == [
            "XXCart comes from :path => '../XXCart' and its spec was not given, so its dependencies were not resolved",
        ])
    }

    /// resolver_spec.rb "Multiple sources": all sources are consulted, the first wins for a
    /// version both have, and a pod in two sources is reported.
    @Test func severalSourcesByPriority() throws {
        let master = InMemorySpecProvider.test(pod("JSONKit", ["1.4", "1.5pre"]), pod("Only", ["1.0"]), name: "master")
        let testRepo = InMemorySpecProvider.test(pod("JSONKit", ["1.4", "999.999.999"]), name: "test_repo")
        let resolver = Resolver(providers: [master, testRepo])
        let newest = try resolver.resolve(ResolveRequest(requirements: [.app("JSONKit", "> 2")]))
        #expect(newest.pods.map { "\($0.name) \($0.version) \($0.source)" } == ["JSONKit 999.999.999 test_repo"])
        let both = try resolver.resolve(ResolveRequest(requirements: [.app("JSONKit", "1.4"), .app("Only")]))
        #expect(both.pods.map { "\($0.name) \($0.version) \($0.source)" } == ["JSONKit 1.4 master", "Only 1.0 master"])
        #expect(both.warnings.map(\.description) == [
            "JSONKit is in more than one source (master, test_repo); master comes first, so a pod of the same name "
                + "elsewhere can shadow it: give the pod a `:source` in the Podfile or rename one of them",
        ])
        let reversed = try Resolver(providers: [testRepo, master]).resolve(ResolveRequest(requirements: [.app("JSONKit", "1.4")]))
        #expect(reversed.pods.map(\.source) == ["test_repo"])
    }

    /// resolver_spec.rb: an explicit `:source` is used wherever the pod appears, without a
    /// warning, and even when another source has a better version.
    @Test func explicitSourceForAPod() throws {
        let trunk = InMemorySpecProvider.test(pod("JSONKit", ["1.4", "9.0"]), pod("KeenClient", ["3.2.2"], [.on("JSONKit", ">= 1.4")]), name: "trunk")
        let acme = InMemorySpecProvider.test(pod("JSONKit", ["1.4"]), name: "acme")
        let resolution = try Resolver(providers: [trunk, acme]).resolve(ResolveRequest(
            requirements: [.app("KeenClient"), .app("JSONKit", source: "acme")]))
        #expect(resolution.pods.map { "\($0.name) \($0.version) \($0.source)" } == ["JSONKit 1.4 acme", "KeenClient 3.2.2 trunk"])
        #expect(resolution.warnings.isEmpty)
        #expect(throws: GraphError.unknownSource("nowhere", pod: "JSONKit", known: ["trunk", "acme"])) {
            try Resolver(providers: [trunk, acme]).resolve(ResolveRequest(requirements: [.app("JSONKit", source: "nowhere")]))
        }
        let missing = GraphError.notInSource("acme", pod: "KeenClient", declaredBy: "target 'App'")
        #expect(throws: missing) {
            try Resolver(providers: [trunk, acme]).resolve(ResolveRequest(requirements: [.app("KeenClient", source: "acme")]))
        }
        #expect(missing.description == "target 'App' takes KeenClient from source 'acme', which has no pod of that name; "
            + "update the source (compctl repo update) or fix the pod's name or :source")
    }

    /// DESIGN.md "Public pods": while trunk cannot be read, a pod no source holds is left out
    /// as unmanaged when the request says so, shown at the locked version.
    @Test func podsNoSourceHoldsAreUnmanagedWhenTheRequestSaysSo() throws {
        let repo = InMemorySpecProvider.test(pod("XXHome", ["1.0"], [.on("SDWebImage", "~> 5.18"), .on("Alamofire")]))
        let resolution = try Resolver(providers: [repo]).resolve(ResolveRequest(
            requirements: [.app("XXHome"), .app("SDWebImage/Core", "~> 5.18")], lockedVersions: ["SDWebImage": v("5.18.1")],
            missingPodsAreUnmanaged: true))
        #expect(resolution.pods.map(\.name) == ["XXHome"])
        #expect(resolution.unmanaged == [
            UnmanagedPod(name: "Alamofire", lockedVersion: nil), UnmanagedPod(name: "SDWebImage", lockedVersion: v("5.18.1")),
        ])
        #expect(resolution.graph.nodes.map(\.label) == ["Alamofire", "SDWebImage (5.18.1)", "XXHome (1.0)"])
    }

    @Test func unreadableSpecIsSkippedWithAWarning() throws {
        let repo = InMemorySpecProvider(
            name: "acme", specs: pod("XXPay", ["1.0.0"]),
            unreadable: [(name: "XXPay", version: v("1.1.0"), message: "XXPay.podspec:3: the version is computed")])
        let resolution = try Resolver(providers: [repo]).resolve(ResolveRequest(requirements: [.app("XXPay")]))
        #expect(resolution.pods.map { "\($0.name) \($0.version)" } == ["XXPay 1.0.0"])
        #expect(resolution.warnings.map(\.description) == [
            "XXPay (1.1.0) was skipped because its spec cannot be read: XXPay.podspec:3: the version is computed",
        ])
        #expect(conflict([repo], [.app("XXPay", "1.1.0")]) == """
            Because target 'App' depends on XXPay (= 1.1.0) which cannot be read (XXPay.podspec:3: the version is computed), version solving failed.
            """)
    }

    @Test func badRootRequirementsAreReportedTogether() {
        let repo = InMemorySpecProvider.test(pod("A", ["1.0"]))
        #expect(throws: GraphError.several([
            .malformedRequirement(pod: "A", declaredBy: "target 'App'",
                                  "'~>' is not a valid requirement: the version is missing; write an optional operator (=, !=, >, <, >=, <=, ~>) and a version, such as '~> 1.2' or '>= 1.0.0-rc.1'"),
            .unknownSource("nowhere", pod: "A", known: ["acme"]),
        ])) {
            try Resolver(providers: [repo]).resolve(ResolveRequest(requirements: [.app("A", "~> ", source: "nowhere")]))
        }
    }
}

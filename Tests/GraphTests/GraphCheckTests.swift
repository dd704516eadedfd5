import Graph
import Podspec
import Testing
import Versioning

/// Each graph check on small repos, over the newest-release graph unless said otherwise.
@Suite struct GraphCheckTests {
    func problems(_ specs: [Specification]..., layers: [LayerRule] = [], interfaceSuffix: String? = nil,
                  providers extra: [InMemorySpecProvider] = [], before: [InMemorySpecProvider] = [],
                  twins: Set<String> = []) -> [String] {
        let catalog = PodCatalog(providers: before + [InMemorySpecProvider(name: "acme", specs: specs.flatMap { $0 })] + extra)
        // An in-memory source never fails to list, so neither call throws here.
        let (graph, _) = try! catalog.newestReleaseGraph()
        var checker = GraphChecker(catalog: catalog, layers: layers, interfaceSuffix: interfaceSuffix)
        checker.twinSources = twins
        return try! checker.problems(in: graph).map(\.description)
    }

    @Test func cycleNamesOneConcretePathPerComponent() {
        #expect(problems(
            pod("A", ["1.0.0"], [.on("B", "~> 1.0")]),
            pod("B", ["1.0.0"], [.on("C")]),
            pod("C", ["1.0.0"], [.on("A", ">= 0.9"), .on("D")]),
            pod("D", ["1.0.0"], [.on("B")]),
            pod("X", ["2.0"], [.on("Y")]), pod("Y", ["2.0"], [.on("X", "2.0")]),
            pod("Z", ["1.0"], [.on("A")])
        ) == [
            "cycle: A (1.0.0) → B (~> 1.0) → C → A (>= 0.9) (D is in the same cycle)",
            "cycle: X (2.0) → Y → X (= 2.0)",
        ])
    }

    @Test func noCycleWithoutOne() {
        #expect(problems(pod("A", ["1.0"], [.on("B")]), pod("B", ["1.0"], [.on("C")]), pod("C", ["1.0"])) == [])
    }

    @Test func unsatisfiableRequirementsOfNewestReleases() {
        #expect(problems(
            pod("A", ["1.0.0"], [.on("B", "~> 9.0")]),
            pod("B", ["0.9.0", "1.0.0", "2.1.0-rc.1"]),
            pod("C", ["1.0.0"], [.on("B", "~> 2.0")]),
            [.test("D", "1.0.0", [.on("B", "~> 1.0")], subspecs: [.sub("D/Sub", [.on("B", "< 1.0")])])],
            pod("E", ["1.0.0"], [.on("Kit/Missing", "~> 1.0"), .on("Public", "~> 5.0")]),
            [.test("Kit", "1.0.0", subspecs: [.sub("Kit/Core")])],
            pod("F", ["1.0.0"], [.on("B", "= 2.1.0-rc.1")])
        ) == [
            "unsatisfiable: A (1.0.0) requires B (~> 9.0), which no version of B satisfies",
            "unsatisfiable: C (1.0.0) requires B (~> 2.0), which only pre-release versions of B satisfy, and it names none",
            "unsatisfiable: D (1.0.0) requires B (~> 1.0) and B (< 1.0), which cannot hold together: no version of B satisfies all of them",
            "unsatisfiable: E (1.0.0) requires Kit/Missing (~> 1.0), but no version of Kit it allows has the subspec Kit/Missing",
            "rc-leak: B 2.1.0-rc.1 is a release candidate: F (1.0.0) with = 2.1.0-rc.1 asks for it by name, "
                + "and C (1.0.0) with ~> 2.0 would get it too although it asks only for a release range",
        ])
    }

    /// A binary build (`2.3.0-xcframework`) leaks like an rc, by the resolver's prerelease
    /// rule, but it is no release candidate: only the configured rc label makes one.
    @Test func aLeakedPrereleaseWithoutTheRCLabelIsNotCalledAReleaseCandidate() {
        let catalog = PodCatalog(providers: [InMemorySpecProvider(name: "acme", specs: (
            pod("B", ["2.2.0", "2.3.0-xcframework"]) + pod("F", ["1.0.0"], [.on("B", "= 2.3.0-xcframework")])
                + pod("C", ["1.0.0"], [.on("B", "~> 2.2")])))])
        let (graph, _) = try! catalog.newestReleaseGraph()
        var checker = GraphChecker(catalog: catalog)
        let found = try! checker.problems(in: graph).map(\.description)
        #expect(found == [
            "rc-leak: B 2.3.0-xcframework is a prerelease: F (1.0.0) with = 2.3.0-xcframework asks for it by name, "
                + "and C (1.0.0) with ~> 2.2 would get it too although it asks only for a release range",
        ], "\(found)")
        checker.rcLabel = "xcframework"
        #expect(try! checker.problems(in: graph).first?.description.hasPrefix("rc-leak: B 2.3.0-xcframework is a release candidate: ") == true)
    }

    @Test func skewNamesBothSides() {
        #expect(problems(
            pod("XXNetworking", ["2.0.0", "3.1.0", "3.2.0"]),
            pod("XXCart", ["1.2.1"], [.on("XXNetworking", "~> 3.1")]),
            pod("XXHome", ["1.0.0"], [.on("XXNetworking", "~> 3.1")]),
            pod("XXLegacy", ["0.9.0"], [.on("XXNetworking", "~> 2.0")]),
            pod("XXAny", ["1.0.0"], [.on("XXNetworking")])
        ) == [
            "skew: XXNetworking: XXCart (1.2.1) and XXHome (1.0.0) require ~> 3.1 but XXLegacy (0.9.0) requires ~> 2.0; "
                + "no version of XXNetworking satisfies both",
        ])
    }

    /// `~> 2.0` meets `= 2.1.0-rc.2` at the rc (no skew, but a leak); `~> 2.0.0` stops
    /// before 2.1 and does not.
    @Test func skewAndRCLeakOnOnePod() {
        #expect(problems(
            pod("XXPay", ["2.0.2", "2.1.0-rc.2"]),
            pod("XXOrder", ["1.6.0"], [.on("XXPay", "2.1.0-rc.2")]),
            pod("XXCart", ["1.2.1"], [.on("XXPay", "~> 2.0")]),
            pod("XXOld", ["1.0.0"], [.on("XXPay", "~> 2.0.0")])
        ) == [
            "skew: XXPay: XXOld (1.0.0) requires ~> 2.0.0 but XXOrder (1.6.0) requires = 2.1.0-rc.2; no version of XXPay satisfies both",
            "rc-leak: XXPay 2.1.0-rc.2 is a release candidate: XXOrder (1.6.0) with = 2.1.0-rc.2 asks for it by name, "
                + "and XXCart (1.2.1) with ~> 2.0 would get it too although it asks only for a release range",
        ])
    }

    @Test func layerBreaches() {
        let layers = [
            LayerRule(name: "base", allowSameLayer: false) { $0.hasPrefix("Base") },
            LayerRule(name: "business", allowSameLayer: true) { $0.hasPrefix("Biz") },
        ]
        #expect(problems(
            pod("BaseA", ["1.0"], [.on("BaseB", "~> 1.0")]),
            pod("BaseB", ["1.0"], [.on("BizA")]),
            pod("BizA", ["1.0"], [.on("BizB"), .on("BaseA"), .on("Unlayered")]),
            pod("BizB", ["1.0"]),
            pod("Unlayered", ["1.0"], [.on("BizB")]),
            layers: layers
        ) == [
            "cycle: BaseA (1.0) → BaseB (~> 1.0) → BizA → BaseA",
            "layer: BaseA (1.0) in layer base depends on BaseB (~> 1.0) in the same layer, which does not allow dependencies within it",
            "layer: BaseB (1.0) in layer base depends on BizA in the higher layer business",
        ])
    }

    @Test func interfaceRule() {
        #expect(problems(
            pod("XXCart", ["1.2.1", "2.0.0"]), pod("XXCartProtocols", ["1.2.0"]),
            pod("XXPay", ["2.0.2"]), pod("XXPayProtocols", ["2.0.1"]),
            pod("XXUserProtocols", ["1.0.0"]),
            interfaceSuffix: "Protocols"
        ) == [
            "interface: XXCartProtocols (1.2.0) is the interface of XXCart (2.0.0) and must share its major version 2",
            "interface: XXPayProtocols (2.0.1) is an interface pod, which has no patch releases: adding an interface bumps the minor, changing one the major",
        ])
        #expect(problems(pod("XXCart", ["2.0.0"]), pod("XXCartProtocols", ["1.2.0"])) == [])
    }

    @Test func shadowedPods() {
        let trunk = InMemorySpecProvider.test(pod("XXLogger", ["9.0"]), pod("AFNetworking", ["4.0"]), name: "trunk")
        #expect(problems(pod("XXLogger", ["1.4.2"]), providers: [trunk]) == [
            "shadowing: XXLogger is in more than one source (acme, trunk); acme comes first and shadows the others",
        ])
    }

    @Test func aBinaryTwinShadowsNothingUnlessItComesFirst() {
        let binaries = InMemorySpecProvider.test(pod("XXLogger", ["1.4.2"]), name: "acme-binary")
        #expect(problems(pod("XXLogger", ["1.4.2"]), providers: [binaries], twins: ["acme-binary"]) == [])
        let trunk = InMemorySpecProvider.test(pod("XXLogger", ["9.0"]), name: "trunk")
        #expect(problems(pod("XXLogger", ["1.4.2"]), providers: [binaries, trunk], twins: ["acme-binary"]) == [
            "shadowing: XXLogger is in more than one source (acme, acme-binary, trunk); acme comes first and shadows the others",
        ])
        #expect(problems(pod("XXLogger", ["1.4.2"]), before: [binaries], twins: ["acme-binary"]) == [
            "shadowing: XXLogger is in more than one source (acme-binary, acme); acme-binary comes first and shadows the others",
        ])
    }

    @Test func unmanagedPodsNeverCauseProblems() {
        let layers = [LayerRule(name: "base", allowSameLayer: false) { _ in true }]
        #expect(problems(
            pod("XXA", ["1.0"], [.on("AFNetworking", "~> 99.0")]),
            pod("XXB", ["1.0"], [.on("AFNetworking", "~> 1.0")]),
            layers: layers
        ) == [])
    }

    @Test func newestReleaseGraphPrefersReleasesAndSkipsUnreadableSpecs() throws {
        let provider = InMemorySpecProvider(
            name: "acme",
            specs: pod("A", ["1.0.0", "1.1.0-rc.1"]) + pod("B", ["0.1.0-beta"]) + pod("C", ["1.0.0"]),
            unreadable: [(name: "C", version: v("2.0.0"), message: "C.podspec:1: unexpected token")])
        let (graph, warnings) = try PodCatalog(providers: [provider]).newestReleaseGraph()
        #expect(graph.nodes.map(\.label) == ["A (1.0.0)", "B (0.1.0-beta)", "C (1.0.0)"])
        #expect(warnings.map(\.description) == ["C (2.0.0) was skipped because its spec cannot be read: C.podspec:1: unexpected token"])
    }

    @Test func subspecDependenciesAreEdgesOfThePod() throws {
        let catalog = PodCatalog(providers: [InMemorySpecProvider.test(
            [.test("XXUIKit", "2.4.1", subspecs: [
                .sub("XXUIKit/Core"), .sub("XXUIKit/Theme", [.on("XXUIKit/Core"), .on("XXAssets", "~> 1.2")]),
            ])],
            pod("XXAssets", ["1.3.0"]))])
        let (graph, _) = try catalog.newestReleaseGraph()
        #expect(graph.edges == [DependencyGraph.Edge(
            from: "XXUIKit", isRoot: false, to: "XXAssets", dependency: "XXAssets", requirements: ["~> 1.2"],
            via: "XXUIKit/Theme")])
    }
}

/// `why` and `affected`.
@Suite struct GraphQueryTests {
    let graph: DependencyGraph = {
        let repo = InMemorySpecProvider.test(
            pod("Base", ["1.0"]),
            pod("Net", ["1.0"], [.on("Base", "~> 1.0")]),
            pod("UI", ["1.0"], [.on("Base")]),
            // Cart and Detail need each other, through different subspecs of Cart: a cycle
            // between the pods, none between specs (which CocoaPods would refuse).
            [.test("Cart", "1.0", subspecs: [.sub("Cart/Core", [.on("Net", "~> 1.0"), .on("UI")]),
                                              .sub("Cart/Feature", [.on("Detail")])])],
            pod("Detail", ["1.0"], [.on("Cart/Core"), .on("UI")]),
            pod("Home", ["1.0"], [.on("Cart", "~> 1.0")]),
            pod("Other", ["1.0"]))
        return try! Resolver(providers: [repo]).resolve(ResolveRequest(requirements: [
            .app("Home", "1.0"), .app("Net"), .app("Other"), .app("Base", target: "Tests"),
        ])).graph
    }()

    @Test func whyListsEveryPathWithItsRequirements() throws {
        let why = try graph.why("Base")
        #expect(why.pod.label == "Base (1.0)")
        #expect(why.paths.map(\.description) == [
            "target 'App' → Home (= 1.0) → Cart (~> 1.0) → Net (~> 1.0) → Base (~> 1.0)",
            "target 'App' → Home (= 1.0) → Cart (~> 1.0) → UI → Base",
            "target 'App' → Home (= 1.0) → Cart (~> 1.0) → Detail → UI → Base",
            "target 'App' → Net → Base (~> 1.0)",
            "target 'Tests' → Base",
        ])
        #expect(!why.isTruncated)
        let limited = try graph.why("Base", limit: 2)
        #expect(limited.paths.count == 2 && limited.isTruncated)
        #expect(try graph.why("Other").paths.map(\.description) == ["target 'App' → Other"])
        #expect(throws: GraphError.unknownPod("Nope")) { try graph.why("Nope") }
    }

    @Test func affectedWavesPutCyclesTogether() throws {
        #expect(try graph.affected(by: "Base").waves == [["Net", "UI"], ["Cart", "Detail"], ["Home"]])
        #expect(try graph.affected(by: "Cart").waves == [["Detail", "Home"]])
        #expect(try graph.affected(by: "Home").waves == [])
        #expect(throws: GraphError.unknownPod("Nope")) { try graph.affected(by: "Nope") }
    }

    @Test func affectedWavesInTheSample() throws {
        let catalog = PodCatalog(providers: [try Sample.provider()])
        let waves = try catalog.newestReleaseGraph().graph.affected(by: "XXFoundation").waves
        #expect(waves == [
            ["XXAccount", "XXAnalytics", "XXMediator", "XXRouter", "XXWebContainer"],
            ["XXCartProtocols", "XXCoupon", "XXPay", "XXUser"],
            ["XXOrder", "XXStorage"],
            ["XXCart", "XXConfig", "XXDetail", "XXMessage", "XXSearch"],
            ["XXHome", "XXSettings"],
        ])
    }
}

import Graph
import Podspec
import Testing
import Versioning

/// Subspecs as CocoaPods resolves them: one version per pod for all its subspecs, a subspec's
/// dependencies (inherited ones included) only when it is used, and a plain dependency meaning
/// the default subspecs, or all subspecs when none are declared.
@Suite struct SubspecTests {
    /// resolver_spec.rb: "selects only platform-compatible versions for transitive dependencies".
    let lib = InMemorySpecProvider.test(
        [.test("lib", "1.0", subspecs: [
            .sub("lib/Calendar"),
            .sub("lib/Classes", [.on("lib/Calendar")]),
            .sub("lib/RequestManager", [.on("lib/Classes"), .on("AFNetworking")]),
            .sub("lib/Unused", [.on("Missing")]),
        ], defaultSubspecs: ["RequestManager"], deploymentTargets: ["ios": "5.0"])],
        pod("AFNetworking", ["1.3.4"]))

    func pods(_ requirements: [RootRequirement], in providers: [any SpecProvider]) throws -> [String] {
        let resolution = try Resolver(providers: providers).resolve(ResolveRequest(requirements: requirements))
        return resolution.pods.flatMap { pod in ["\(pod.name) (\(pod.version))"] + pod.subspecs.map { "\($0) (\(pod.version))" } }
    }

    @Test func plainDependencyMeansDefaultSubspecs() throws {
        #expect(try pods([.app("lib")], in: [lib]) == [
            "AFNetworking (1.3.4)", "lib (1.0)", "lib/Calendar (1.0)", "lib/Classes (1.0)", "lib/RequestManager (1.0)",
        ])
    }

    @Test func subspecDependencyBringsOnlyThatSubspec() throws {
        #expect(try pods([.app("lib/Classes")], in: [lib]) == ["lib (1.0)", "lib/Calendar (1.0)", "lib/Classes (1.0)"])
    }

    /// resolver_spec.rb: "includes all the subspecs of a specification node": no
    /// `default_subspecs` means every subspec, nested ones included.
    @Test func noDefaultSubspecsMeansAll() throws {
        let restkit = InMemorySpecProvider.test(
            [.test("RestKit", "0.10.3", subspecs: [
                .sub("RestKit/JSON", [.on("JSONKit")]),
                .sub("RestKit/ObjectMapping", subspecs: [
                    .sub("RestKit/ObjectMapping/Core"),
                    .sub("RestKit/ObjectMapping/XML", [.on("XMLReader")]),
                ]),
            ])],
            pod("JSONKit", ["1.4"]), pod("XMLReader", ["2.0"]))
        #expect(try pods([.app("RestKit", "0.10.3")], in: [restkit]) == [
            "JSONKit (1.4)", "RestKit (0.10.3)", "RestKit/JSON (0.10.3)", "RestKit/ObjectMapping (0.10.3)",
            "RestKit/ObjectMapping/Core (0.10.3)", "RestKit/ObjectMapping/XML (0.10.3)", "XMLReader (2.0)",
        ])
    }

    @Test func nestedSubspecInheritsItsParentsDependencies() throws {
        let repo = InMemorySpecProvider.test(
            [.test("Foo", "1.0", [.on("Base")], subspecs: [
                .sub("Foo/Bar", [.on("BarDep")], subspecs: [.sub("Foo/Bar/Baz"), .sub("Foo/Bar/Qux", [.on("QuxDep")])]),
            ])],
            pod("Base", ["1.0"]), pod("BarDep", ["1.0"]), pod("QuxDep", ["1.0"]))
        #expect(try pods([.app("Foo/Bar/Baz")], in: [repo]) == [
            "BarDep (1.0)", "Base (1.0)", "Foo (1.0)", "Foo/Bar/Baz (1.0)",
        ])
    }

    /// resolver_spec.rb: a subspec dependency never picks a version that lacks the subspec.
    @Test func versionsWithoutTheSubspecAreNoCandidates() throws {
        let repo = InMemorySpecProvider.test(
            [.test("SDWebImage", "3.5", subspecs: [.sub("SDWebImage/Core")]), .test("SDWebImage", "3.6")])
        #expect(try pods([.app("SDWebImage/Core")], in: [repo]) == ["SDWebImage (3.5)", "SDWebImage/Core (3.5)"])
        #expect(conflict([repo], [.app("SDWebImage/Core", "3.6")]) == """
            Because SDWebImage/Core (= 3.6) does not exist and target 'App' depends on SDWebImage/Core (= 3.6), SDWebImage/Core is forbidden.
            So, because target 'App' depends on SDWebImage/Core (= 3.6), version solving failed.
            """)
    }

    @Test func allSubspecsShareOneVersion() throws {
        let repo = InMemorySpecProvider.test(
            [.test("XXUIKit", "2.3.0", subspecs: [.sub("XXUIKit/Core"), .sub("XXUIKit/Theme")]),
             .test("XXUIKit", "2.4.1", subspecs: [.sub("XXUIKit/Core"), .sub("XXUIKit/Theme"), .sub("XXUIKit/Components")])],
            pod("XXHome", ["1.4.2"], [.on("XXUIKit/Components", "~> 2.3")]),
            pod("XXSearch", ["1.2.1"], [.on("XXUIKit/Theme", "~> 2.3")]))
        #expect(try pods([.app("XXHome"), .app("XXSearch"), .app("XXUIKit/Core", "~> 2.2")], in: [repo]) == [
            "XXHome (1.4.2)", "XXSearch (1.2.1)",
            "XXUIKit (2.4.1)", "XXUIKit/Components (2.4.1)", "XXUIKit/Core (2.4.1)", "XXUIKit/Theme (2.4.1)",
        ])
    }

    @Test func subspecsWithDisjointRangesConflictOnTheirPod() {
        let repo = InMemorySpecProvider.test(
            [.test("XXUIKit", "1.0.0", subspecs: [.sub("XXUIKit/Core"), .sub("XXUIKit/Theme")]),
             .test("XXUIKit", "2.0.0", subspecs: [.sub("XXUIKit/Core"), .sub("XXUIKit/Theme")])],
            pod("XXHome", ["1.0.0"], [.on("XXUIKit/Core", "~> 1.0")]),
            pod("XXSearch", ["1.0.0"], [.on("XXUIKit/Theme", "~> 2.0")]))
        #expect(conflict([repo], [.app("XXHome"), .app("XXSearch")]) == """
            Because every version of XXSearch depends on XXUIKit/Theme (~> 2.0) and every version of XXHome depends on XXUIKit/Core (~> 1.0), XXSearch is incompatible with XXHome.
            So, because target 'App' depends on both XXHome and XXSearch, version solving failed.
            """)
    }

    /// resolver_spec.rb: "raises if it finds two conflicting dependencies" (through the
    /// default subspec's chain to AFNetworking).
    @Test func conflictThroughDefaultSubspecs() {
        let restkit = InMemorySpecProvider.test(
            pod("AFNetworking", ["1.3.0", "1.3.4", "2.0.0", "2.4.0"]),
            [.test("RestKit", "0.23.3", subspecs: [
                .sub("RestKit/Core", [.on("RestKit/Network")]),
                .sub("RestKit/Network", [.on("AFNetworking", "~> 1.3.0")]),
            ], defaultSubspecs: ["Core"])])
        #expect(conflict([restkit], [.app("RestKit", "0.23.3"), .app("AFNetworking", "> 2")]) == """
            Because target 'App' depends on RestKit (= 0.23.3) and every version of RestKit depends on RestKit/Core, every version of RestKit requires RestKit/Core.
            And because every version of RestKit/Core depends on RestKit/Network and every version of RestKit/Network depends on AFNetworking (~> 1.3.0), every version of RestKit requires AFNetworking (~> 1.3.0).
            So, because target 'App' depends on both RestKit (= 0.23.3) and AFNetworking (> 2), version solving failed.
            """)
    }
}

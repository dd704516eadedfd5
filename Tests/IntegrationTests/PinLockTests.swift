import Graph
import Integration
import Podspec
import Testing
import Versioning

/// `pin` and `integrate` resolve the Podfile with their pins against its Podfile.lock: the
/// pinned pods move (their Podfile dependency changed, which unlocks them as in `pod
/// install`), everything else stays at its locked version.
@Suite struct PinLockTests {
    @Test func pinsMoveOnlyWhatTheyPin() throws {
        func spec(_ name: String, _ version: String, _ dependencies: [Dependency] = []) -> Specification {
            Specification(name: name, version: version, dependencies: dependencies)
        }
        let repo = InMemorySpecProvider(name: "acme", specs: [
            spec("XXCart", "1.0.0", [Dependency(name: "XXKit")]), spec("XXCart", "1.1.0", [Dependency(name: "XXKit")]),
            spec("XXPay", "2.0.0", [Dependency(name: "XXKit")]), spec("XXPay", "2.1.0", [Dependency(name: "XXKit")]),
            spec("XXKit", "3.0.0"), spec("XXKit", "3.1.0"),
        ])
        let lock = ResolutionLock(
            pods: [
                .init(name: "XXCart", version: try Version("1.0.0"), dependencies: [SpecDependency(name: "XXKit")]),
                .init(name: "XXPay", version: try Version("2.0.0"), dependencies: [SpecDependency(name: "XXKit")]),
                .init(name: "XXKit", version: try Version("3.0.0")),
            ],
            dependencies: [.init(name: "XXCart", requirements: ["~> 1.0"]), .init(name: "XXPay", requirements: ["~> 2.0"])])
        let request = ResolveRequest(
            requirements: [
                RootRequirement(name: "XXCart", requirements: ["~> 1.0"], declaredBy: "target 'App'"),
                RootRequirement(name: "XXPay", requirements: ["~> 2.0"], declaredBy: "target 'App'"),
            ],
            lock: lock)
        let pinned = PinPlanner.applying([ComponentPin(name: "XXCart", version: "1.1.0")], to: request, addTo: nil)
        let resolution = try Resolver(providers: [repo]).resolve(pinned)
        #expect(resolution.pods.map { "\($0.name) \($0.version)" } == ["XXCart 1.1.0", "XXKit 3.0.0", "XXPay 2.0.0"])
    }
}

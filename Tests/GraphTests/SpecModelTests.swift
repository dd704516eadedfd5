import Podspec
import Testing
import Versioning
@testable import Graph

/// The resolver's flattened form of a podspec: what depending on the pod and on each of its
/// subspecs brings in, and the platforms each spec runs on.
@Suite struct SpecModelTests {
    private let version = try! Version("1.0.0")

    private func model(_ spec: Specification) -> SpecModel {
        SpecModel(specification: spec, version: version)
    }

    private func dependency(_ name: String, _ requirements: [String] = []) -> Dependency {
        Dependency(name: name, requirements: requirements)
    }

    @Test func rootDependenciesComeAsWrittenInOrder() {
        let model = model(Specification(
            name: "A", version: "1.0.0", dependencies: [dependency("C", ["~> 1.0"]), dependency("B")]))
        #expect(model.rootFeature.dependencies == [
            SpecDependency(name: "C", requirements: ["~> 1.0"]), SpecDependency(name: "B")])
        #expect(model.rootFeature.activations.isEmpty)
        #expect(model.feature(at: "")?.dependencies == [])
    }

    @Test func aDependencyOnItsOwnSubspecActivatesIt() {
        let model = model(Specification(
            name: "A", version: "1.0.0", dependencies: [dependency("B"), dependency("A/Core"), dependency("A/Core")]))
        #expect(model.rootFeature.dependencies == [SpecDependency(name: "B")])
        #expect(model.rootFeature.activations == ["Core"])
    }

    /// `AB` starts with `A` but is another pod; so is `AB/Core`.
    @Test func aPodWhoseNameStartsWithThePodsNameIsAnotherPod() {
        let model = model(Specification(
            name: "A", version: "1.0.0", dependencies: [dependency("AB"), dependency("AB/Core"), dependency("A/Core")]))
        #expect(model.rootFeature.dependencies == [SpecDependency(name: "AB"), SpecDependency(name: "AB/Core")])
        #expect(model.rootFeature.activations == ["Core"])
    }

    /// Names compare as Strings everywhere: the pod's own subspec written with other code
    /// points for the same text (a combining accent, the Kelvin sign for `K`) is its own.
    @Test(arguments: [("Caf\u{E9}", "Cafe\u{301}/Core"), ("K", "\u{212A}/Core")])
    func theOwnPodWrittenAnotherWayIsTheOwnPod(pod: String, dependency: String) {
        let model = model(Specification(
            name: pod, version: "1.0.0", dependencies: [self.dependency(dependency), self.dependency("B")]))
        #expect(model.rootFeature.dependencies == [SpecDependency(name: "B")])
        #expect(model.rootFeature.activations == ["Core"])
    }

    @Test func aNameTwiceIsKeptTwiceUnlessItIsTheSameDependency() {
        let twice = model(Specification(
            name: "A", version: "1.0.0", dependencies: [dependency("B", ["~> 1.0"]), dependency("C"), dependency("B", ["< 1.5"])]))
        #expect(twice.rootFeature.dependencies == [
            SpecDependency(name: "B", requirements: ["~> 1.0"]), SpecDependency(name: "C"),
            SpecDependency(name: "B", requirements: ["< 1.5"])])
        let same = model(Specification(
            name: "A", version: "1.0.0", dependencies: [dependency("B", ["~> 1.0"]), dependency("B", ["~> 1.0"])]))
        #expect(same.rootFeature.dependencies == [SpecDependency(name: "B", requirements: ["~> 1.0"])])
    }

    @Test func aSubspecBringsWhatItAndTheSubspecsAboveItDeclare() {
        let core = Specification(name: "A/Core", version: "1.0.0", dependencies: [dependency("C")])
        let ui = Specification(name: "A/UI", version: "1.0.0", dependencies: [dependency("A/Core"), dependency("D")])
        let model = model(Specification(
            name: "A", version: "1.0.0", dependencies: [dependency("B")], subspecs: [core, ui]))
        #expect(model.rootFeature.dependencies == [SpecDependency(name: "B")])
        #expect(model.feature(at: "")?.activations == ["Core", "UI"])
        #expect(model.feature(at: "UI")?.dependencies == [SpecDependency(name: "D")])
        #expect(model.feature(at: "UI")?.activations == ["Core"])
        #expect(model.feature(at: "Missing") == nil)
    }

    /// An empty target means "supported, no minimum"; a subspec naming a platform without a
    /// target takes its parent's, and one naming none takes all its parent's.
    @Test func platformsAndTheirTargetsAreInherited() {
        var withEmpty = Specification(name: "A/Empty", version: "1.0.0")
        withEmpty.deploymentTargets = ["ios": "", "watchos": ""]
        var own = Specification(name: "A/Own", version: "1.0.0")
        own.deploymentTargets = ["ios": "15.0"]
        let none = Specification(name: "A/None", version: "1.0.0")
        var root = Specification(name: "A", version: "1.0.0", subspecs: [withEmpty, own, none])
        root.deploymentTargets = ["ios": "12.0", "osx": ""]
        let model = model(root)
        // An empty target is a platform without a minimum, not a missing platform.
        let rootPlatforms = ["ios": "12.0", "osx": ""]
        let emptyPlatforms = ["ios": "12.0", "watchos": ""]
        let ownPlatforms = ["ios": "15.0"]
        #expect(model.nodes[""]?.platforms == rootPlatforms)
        #expect(model.nodes["Empty"]?.platforms == emptyPlatforms)
        #expect(model.nodes["Own"]?.platforms == ownPlatforms)
        #expect(model.nodes["None"]?.platforms == rootPlatforms)
        let ios13 = Platform(name: "ios", deploymentTarget: try! Version("13.0"))
        #expect(model.support(at: "", on: ios13) == .supported)
        #expect(model.support(at: "Own", on: ios13) == .needsDeploymentTarget(try! Version("15.0")))
        #expect(model.support(at: "Empty", on: Platform(name: "osx", deploymentTarget: try! Version("10.0")))
            == .unsupportedPlatform)
        #expect(model.support(at: "", on: Platform(name: "osx", deploymentTarget: try! Version("10.0"))) == .supported)
        #expect(model.support(at: "Empty", on: Platform(name: "watchos", deploymentTarget: try! Version("1.0"))) == .supported)
    }
}

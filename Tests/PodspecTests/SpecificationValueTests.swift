import Podspec
import Testing

/// `Specification` keeps its fields in a shared box (a copy is one retain), yet behaves as a
/// value: a change to one copy, however deep, is never seen through another.
@Suite struct SpecificationValueTests {
    static func sample() -> Specification {
        Specification(
            name: "Foo", version: "1.0.0", source: Source(git: "https://example.com/foo.git", tag: "1.0.0"),
            dependencies: [Dependency(name: "A", requirements: ["~> 1.0"])],
            subspecs: [Specification(name: "Foo/Core", version: "1.0.0", dependencies: [Dependency(name: "B")])],
            defaultSubspecs: ["Core"], deploymentTargets: ["ios": "12.0"])
    }

    @Test func aChangeToACopyLeavesTheOriginalAsItWas() {
        let original = Self.sample()
        var copy = original
        #expect(copy == original)
        copy.name = "Bar"
        copy.version = "2.0.0"
        copy.source?.tag = "2.0.0"
        copy.dependencies.append(Dependency(name: "C"))
        copy.dependencies[0].requirements.append("< 1.5")
        copy.subspecs[0].dependencies[0].requirements = ["= 1.0"]
        copy.subspecs.append(Specification(name: "Foo/Extra", version: "1.0.0"))
        copy.defaultSubspecs = []
        copy.testSpecs.append(Specification(name: "Foo/Tests", version: "1.0.0"))
        copy.appSpecs.append(Specification(name: "Foo/App", version: "1.0.0"))
        copy.deploymentTargets["osx"] = "10.15"
        copy.warnings.append(PodspecError(file: "Foo.podspec", line: 3, message: "a warning"))
        copy.deprecated = true
        copy.deprecatedInFavorOf = "Baz"

        #expect(original == Self.sample())
        #expect(original.name == "Foo" && original.version == "1.0.0" && original.source?.tag == "1.0.0")
        #expect(original.dependencies == [Dependency(name: "A", requirements: ["~> 1.0"])])
        #expect(original.subspecs.count == 1 && original.subspecs[0].dependencies == [Dependency(name: "B")])
        #expect(original.defaultSubspecs == ["Core"] && original.testSpecs.isEmpty && original.appSpecs.isEmpty)
        #expect(original.deploymentTargets == ["ios": "12.0"] && original.warnings.isEmpty)
        #expect(!original.deprecated && original.deprecatedInFavorOf == nil)

        #expect(copy != original)
        #expect(copy.name == "Bar" && copy.source?.tag == "2.0.0" && copy.deprecatedInFavorOf == "Baz")
        #expect(copy.dependencies.map(\.name) == ["A", "C"] && copy.dependencies[0].requirements == ["~> 1.0", "< 1.5"])
        #expect(copy.subspecs.map(\.name) == ["Foo/Core", "Foo/Extra"] && copy.subspecs[0].dependencies[0].requirements == ["= 1.0"])
    }

    @Test func aChangeToTheOriginalIsNotSeenThroughACopy() {
        var original = Self.sample()
        let copy = original
        original.subspecs[0].name = "Foo/Renamed"
        original.dependencies.removeAll()
        #expect(copy == Self.sample())
        #expect(original.subspecs[0].name == "Foo/Renamed" && original.dependencies.isEmpty)
    }

    /// Specs that are equal field for field are equal whether or not they share a box.
    @Test func equalityComparesTheFields() {
        var changedBack = Self.sample()
        changedBack.name = "Bar"
        changedBack.name = "Foo"
        #expect(changedBack == Self.sample())
        var other = Self.sample()
        other.subspecs[0].defaultSubspecs = ["X"]
        #expect(other != Self.sample())
    }
}

import Foundation
import Podspec
import Testing
@testable import SpecRepo

@Suite struct DependencyCycleFinderTests {
    /// A JSON spec with dependencies (name → requirements) and optional subspecs' dependencies.
    private func spec(_ name: String, _ version: String, _ dependencies: [String: [String]] = [:]) -> String {
        let deps = dependencies.keys.sorted().map { key in
            "\"\(key)\": [" + dependencies[key]!.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }.joined(separator: ", ")
        return #"{"name": "\#(name)", "version": "\#(version)", "dependencies": {\#(deps)}}"#
    }

    private func repository(_ specs: [(String, String, [String: [String]])]) throws -> SpecRepository {
        var files: [String: String] = [:]
        for (name, version, dependencies) in specs {
            files["\(name)/\(version)/\(name).podspec.json"] = spec(name, version, dependencies)
        }
        return try SpecRepository(tree: InMemorySpecTree(location: "acme", textFiles: files), name: "acme")
    }

    private func parse(_ text: String) throws -> Specification {
        try PodspecReader.read(string: text, path: "Foo.podspec.json")
    }

    @Test func findsACycleThroughTheNewestSatisfyingVersions() throws {
        let repository = try repository([
            ("Bar", "1.0.0", [:]),
            ("Bar", "1.1.0", ["Baz": ["~> 2.0"]]),
            ("Baz", "2.0.0", ["Foo": []]),
        ])
        let finder = DependencyCycleFinder(source: repository)
        let foo = try parse(spec("Foo", "3.0.0", ["Bar": ["~> 1.0"]]))
        #expect(try finder.cycle(through: foo)?.map(\.description) == ["Foo 3.0.0", "Bar 1.1.0", "Baz 2.0.0", "Foo "])
        #expect(try finder.problem(for: foo, file: "Foo.podspec.json")?.message
            == "Foo.podspec.json: publishing Foo 3.0.0 to acme would close a dependency cycle: "
            + "Foo 3.0.0 → Bar 1.1.0 → Baz 2.0.0 → Foo; remove one of these dependencies")

        // Pinned to the old Bar, which depends on nothing: no cycle.
        #expect(try finder.cycle(through: try parse(spec("Foo", "3.0.0", ["Bar": ["= 1.0.0"]]))) == nil)
    }

    @Test func prereleasesCountOnlyWhenARequirementNamesOne() throws {
        let repository = try repository([
            ("Bar", "1.0.0", [:]),
            ("Bar", "1.1.0-rc.1", ["Foo": []]),
        ])
        let finder = DependencyCycleFinder(source: repository)
        #expect(try finder.cycle(through: try parse(spec("Foo", "1.0.0", ["Bar": ["~> 1.0"]]))) == nil)
        #expect(try finder.cycle(through: try parse(spec("Foo", "1.0.0", ["Bar": ["= 1.1.0-rc.1"]])))?.count == 3)
    }

    @Test func ownSubspecsMissingPodsAndDiamondsAreNoCycle() throws {
        let repository = try repository([
            ("A", "1.0.0", ["C": []]),
            ("B", "1.0.0", ["C": []]),
            ("C", "1.0.0", ["Missing": []]),
        ])
        let text = #"{"name": "Foo", "version": "1.0.0", "dependencies": {"A": [], "B": [], "Foo/Core": []}, "subspecs": [{"name": "Core"}]}"#
        #expect(try DependencyCycleFinder(source: repository).cycle(through: try parse(text)) == nil)
    }

    @Test func aSubspecDependencyOfADependencyCounts() throws {
        let text = #"{"name": "Bar", "version": "1.0.0", "subspecs": [{"name": "UI", "dependencies": {"Foo/Core": []}}]}"#
        let repository = try SpecRepository(
            tree: InMemorySpecTree(location: "acme", textFiles: ["Bar/1.0.0/Bar.podspec.json": text]), name: "acme")
        let cycle = try DependencyCycleFinder(source: repository).cycle(through: try parse(spec("Foo", "1.0.0", ["Bar": []])))
        #expect(cycle?.map(\.name) == ["Foo", "Bar", "Foo"])
    }
}

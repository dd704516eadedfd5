import Foundation
import Testing
@testable import SpecRepo

/// The shared corpus and the expectations in `Fixtures/`, found from this file's location.
enum Corpus {
    /// The package root.
    static let packageRoot = TestPaths.packageRoot

    /// The shared corpus.
    static var root: URL { TestPaths.corpus }

    /// The spec repo bundles of the corpus, by name.
    static let specRepoBundles = ["artsy+Specs", "wisemen-digital+Podspecs", "zumo+zumokit-specs"]

    /// Clones `specrepos/<name>.bundle` into a fresh temporary directory and returns the
    /// clone's path; the clone goes away with `parent`.
    static func clone(_ name: String) throws -> (parent: TemporaryDirectory, clone: URL) {
        let parent = try TemporaryDirectory(prefix: "compctl-corpus")
        let clone = parent.url.appendingPathComponent(name)
        try gitCLI("clone", "--quiet", root.appendingPathComponent("specrepos/\(name).bundle").path, clone.path)
        return (parent, clone)
    }

    /// The `[pods]` and `[skipped]` sections of `Fixtures/<name>.txt`.
    static func expectations(_ name: String) throws -> (pods: [String], skipped: [String]) {
        let file = packageRoot.appendingPathComponent("Tests/SpecRepoTests/Fixtures/\(name).txt")
        var pods: [String] = []
        var skipped: [String] = []
        var section = ""
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("[") { section = String(line); continue }
            if section == "[pods]" { pods.append(String(line)) }
            if section == "[skipped]" { skipped.append(String(line)) }
        }
        return (pods, skipped)
    }
}

@Suite struct CorpusTests {
    @Test(arguments: Corpus.specRepoBundles)
    func listsWhatPodSourceLists(bundle: String) throws {
        let (parent, clone) = try Corpus.clone(bundle)
        defer { parent.remove() }
        let expected = try Corpus.expectations(bundle)
        #expect(!expected.pods.isEmpty)

        let repo = try SpecRepository(directory: clone.path)
        #expect(repo.listing == expected.pods)
        #expect(repo.junk == expected.skipped)
        #expect(repo.name == bundle)

        // CocoaPods' own depth lists the same here: every version directory has its spec.
        let shallow = try SpecRepository(directory: clone.path, depth: .versions)
        #expect(shallow.listing == expected.pods)
        #expect(shallow.junk == expected.skipped.filter { $0.split(separator: "/").count == 2 })
    }

    @Test func artsyYogaSpecsNamedYogaAreReportedWhenLoaded() throws {
        let (parent, clone) = try Corpus.clone("artsy+Specs")
        defer { parent.remove() }
        let repo = try SpecRepository(directory: clone.path)
        #expect(throws: SpecRepoError.specDisagreesWithDirectory(
            path: "yoga/0.42.0.React/Yoga.podspec.json", name: "yoga", version: "0.42.0.React",
            specName: "Yoga", specVersion: "0.42.0.React"
        )) {
            try repo.specification(name: "yoga", version: version("0.42.0.React"))
        }
        #expect(try repo.specification(name: "Emission", version: version("1.21.52")).name == "Emission")
        #expect(repo.junk.last == "yoga/0.42.0.React/Yoga.podspec.json: the spec says Yoga 0.42.0.React, "
            + "which differs from its directories")
    }
}

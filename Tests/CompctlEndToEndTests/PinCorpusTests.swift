import Foundation
import Testing

/// `compctl pin` on a copy of each corpus Podfile, every pod it takes from a spec repo
/// pinned to 9.9.9 against a synthetic spec repo directory that holds exactly those pods at
/// that one version: the diff may touch only requirement literals.
@Suite struct PinCorpusTests {
    /// The corpus Podfiles with at least one pod from a spec repo (SDWebImage's and
    /// kickstarter's take every pod from `:path` or `:git`).
    static let expectations = ((try? CorpusPodfileExpectation.all()) ?? [])
        .filter { FileManager.default.fileExists(atPath: TestPaths.corpus.appendingPathComponent("podfiles/\($0.directory)/Podfile").path) }
        .filter { $0.pods.contains { !$0.isExternal } }

    @Test func everyCorpusPodfileWithSpecRepoPodsIsFound() {
        #expect(Self.expectations.count == 11)
    }

    @Test(arguments: expectations)
    func pinningEveryPodTouchesOnlyRequirementLiterals(_ expectation: CorpusPodfileExpectation) throws {
        let directory = try TemporaryDirectory()
        let original = try String(contentsOf: TestPaths.corpus.appendingPathComponent("podfiles/\(expectation.directory)/Podfile"),
                                  encoding: .utf8)
        let podfile = try directory.write(original, to: "app/Podfile").path
        // Pods from a spec repo are those without an external source; their subspecs become
        // the synthetic spec's subspecs.
        var subspecs: [String: Set<String>] = [:]
        for pod in expectation.pods where !pod.isExternal {
            subspecs[pod.root, default: []].formUnion(pod.name.split(separator: "/").dropFirst().first.map { [String($0)] } ?? [])
            if let listed = pod.options.split(separator: " ").first(where: { $0.hasPrefix("subspecs=") }) {
                subspecs[pod.root, default: []].formUnion(listed.dropFirst("subspecs=".count).split(separator: ",").map(String.init))
            }
        }
        let external = Set(expectation.pods.filter(\.isExternal).map(\.root))
        let roots = subspecs.keys.filter { !external.contains($0) }.sorted()
        try #require(!roots.isEmpty)
        for root in roots {
            let subs = subspecs[root]!.sorted().map { "{\"name\": \"\($0)\"}" }.joined(separator: ", ")
            _ = try directory.write("""
                {"name": "\(root)", "version": "9.9.9", "source": {"git": "https://git.example/\(root).git", "tag": "9.9.9"}, \
                "platforms": {"ios": "9.0", "osx": "10.10", "tvos": "9.0", "watchos": "2.0"}, "subspecs": [\(subs)]}
                """, to: "specs/\(root)/9.9.9/\(root).podspec.json")
        }

        let result = try compctl(["pin"] + roots.map { "\($0)=9.9.9" } + ["--podfile", podfile, "--source", directory.url.appendingPathComponent("specs").path],
                                 in: directory.url.appendingPathComponent("app"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let pinned = try String(contentsOfFile: podfile, encoding: .utf8)
        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let after = pinned.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        var changed = 0
        for (old, new) in zip(before, after) where old != new {
            changed += 1
            let prefix = zip(old, new).prefix { $0 == $1 }.count
            let suffix = zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count
            let keep = min(suffix, min(old.count, new.count) - prefix)
            let removed = old.dropFirst(prefix).dropLast(keep)
            let added = new.dropFirst(prefix).dropLast(keep)
            // Only a requirement changes: what goes holds no option (`:key =>`) and no code,
            // what comes is the version literal, perhaps with the `, '` that introduces it.
            #expect(old.trimmingCharacters(in: .whitespaces).hasPrefix("pod "), "line changed: \(old)")
            #expect(!removed.contains(":") && !removed.contains("#") && !removed.contains("("), "removed `\(removed)` from \(old)")
            #expect(added.allSatisfy { "9.,'\" ".contains($0) } && added.contains("9"), "added `\(added)` to \(old)")
        }
        #expect(changed > 0)
        #expect(original.hasSuffix("\n") == pinned.hasSuffix("\n"))
    }
}

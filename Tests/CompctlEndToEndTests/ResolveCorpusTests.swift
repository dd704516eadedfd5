import Foundation
import Testing

/// What `Tests/ManifestTests/PodfileCorpusExpectations.swift` says about one corpus Podfile
/// (written by hand from the files), read from its text: the rows of its `pod` lines and the
/// lines the reader must skip.
struct CorpusPodfileExpectation: CustomStringConvertible, Sendable {
    struct Pod: Sendable {
        var line: Int
        var name: String
        var options: String
        var targets: String

        var root: String { String(name.split(separator: "/", maxSplits: 1)[0]) }
        var isExternal: Bool { ["git=", "path=", "podspec="].contains { options.contains($0) } }
        var isLocal: Bool { options.hasPrefix("path=") || (options.hasPrefix("podspec=") && !options.contains("://")) }
    }

    var directory: String
    var pods: [Pod]
    var skipped: [Int]

    var description: String { directory }

    /// Every Podfile of the expectations file, in its order.
    static func all() throws -> [CorpusPodfileExpectation] {
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/ManifestTests/PodfileCorpusExpectations.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        var result: [CorpusPodfileExpectation] = []
        for chunk in text.components(separatedBy: "CorpusPodfile(\n").dropFirst() {
            var directory = ""
            var pods: [Pod] = []
            var skipped: [Int] = []
            for line in chunk.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("directory: \"") {
                    directory = String(trimmed.dropFirst("directory: \"".count).prefix { $0 != "\"" })
                } else if trimmed.hasPrefix("skipped: [") {
                    let list = trimmed.dropFirst("skipped: [".count).prefix { $0 != "]" }
                    skipped = list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                } else {
                    let fields = trimmed.split(separator: "|", omittingEmptySubsequences: false)
                        .map { $0.trimmingCharacters(in: .whitespaces) }
                    if fields.count == 5, let number = Int(fields[0]) {
                        pods.append(Pod(line: number, name: fields[1], options: fields[3], targets: fields[4]))
                    }
                }
            }
            if !directory.isEmpty { result.append(CorpusPodfileExpectation(directory: directory, pods: pods, skipped: skipped)) }
        }
        return result
    }
}

/// `compctl resolve` on every corpus Podfile against an empty spec repo: nothing crashes,
/// every pod is unmanaged (or external), and every skipped line is a warning naming it.
@Suite struct ResolveCorpusTests {
    static let expectations = (try? CorpusPodfileExpectation.all()) ?? []

    @Test func readsTheExpectationsOfEveryCorpusPodfile() throws {
        let directories = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.corpus.appendingPathComponent("podfiles").path).sorted()
        #expect(Self.expectations.map(\.directory).sorted() == directories)
        #expect(Self.expectations.allSatisfy { !$0.pods.isEmpty || !$0.skipped.isEmpty })
    }

    @Test(arguments: expectations)
    func resolvesWithEveryPodUnmanaged(expected: CorpusPodfileExpectation) throws {
        let directory = try TemporaryDirectory()
        let repo = directory.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        let podfile = TestPaths.corpus.appendingPathComponent("podfiles/\(expected.directory)/Podfile").path

        let text = try compctl(["resolve", "--podfile", podfile, "--source", repo.path], in: directory.url)
        #expect(text.exitCode == 0, "\(text)")
        #expect(text.stdout == "")

        // Lines the reader skipped, and local external pods whose spec is not in the corpus,
        // are warnings that name the Podfile's line.
        let used = expected.pods.filter { !$0.targets.isEmpty }
        var firstLocal: [String: Int] = [:]
        for pod in used where pod.isLocal && firstLocal[pod.root] == nil { firstLocal[pod.root] = pod.line }
        let prefix = "warning: \(podfile):"
        let lineWarnings = text.stderr.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { line in
            Int(line.dropFirst(prefix.count).prefix { $0 != ":" }) ?? -1
        }
        #expect(lineWarnings.sorted() == (expected.skipped + firstLocal.values).sorted(), "\(text)")

        // Everything else named is unmanaged; pods from git are reported once each.
        let externals = Set(used.filter(\.isExternal).map(\.root))
        let unmanaged = Set(used.filter { !$0.isExternal }.map(\.root)).subtracting(externals)
        let json = try compctl(["resolve", "--json", "--podfile", podfile, "--source", repo.path], in: directory.url)
        #expect(json.exitCode == 0, "\(json)")
        let document = try JSONDecoder().decode(ResolveJSON.self, from: Data(json.stdout.utf8))
        #expect(document.pods.isEmpty)
        #expect(Set(document.unmanaged.keys) == unmanaged)
        #expect(document.unmanaged.values.allSatisfy { $0 == nil }, "no Podfile.lock beside the corpus Podfiles")
        let gitWarnings = text.stderr.split(separator: "\n").filter { $0.contains(" comes from :git => ") }
        #expect(gitWarnings.count == Set(used.filter { $0.options.hasPrefix("git=") }.map(\.root)).count, "\(text)")
        // Public pods of a Podfile that reads trunk (turned off in the tests) are said to be so;
        // the others are in no source.
        if !unmanaged.isEmpty {
            #expect(text.stderr.contains("note: \(unmanaged.count) unmanaged pod")
                || text.stderr.contains("so \(unmanaged.count) public pod"), "\(text)")
        }
    }
}

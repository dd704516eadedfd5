import Foundation
import Podspec
import Testing
import TestSupport

/// What the oracle (`scripts/oracle/podspec_oracle.rb`, real Ruby against a fake `Pod::Spec`
/// DSL) recorded for one corpus podspec: the spec CocoaPods reads, or the line of the first
/// construct that cannot be evaluated statically.
struct CorpusExpectation: Decodable {
    struct Spec: Decodable {
        var name: String
        var version: String?
        var source: ExpectedSource?
        var dependencies: [ExpectedDependency]?
        var default_subspecs: [String]?
        var deployment_targets: [String: String?]?
        var unevaluated: [String]?
        var subspecs: [Spec]?
    }

    struct ExpectedSource: Decodable {
        var git: String?
        var tag: String?
    }

    struct ExpectedDependency: Decodable {
        var name: String
        var requirements: [String]
    }

    struct ExpectedError: Decodable {
        var line: Int
        var reason: String
    }

    var corpus: String
    var path: String
    var kind: String
    var spec: Spec?
    var error: ExpectedError?
    var exception: String?

    /// `podspecs/…`, `podspec-json/…` or `specrepos/X.bundle:…`.
    var key: String {
        corpus.hasPrefix("specrepos/") ? "\(corpus):\(path)" : "\(corpus)/\(path)"
    }

    /// Ruby, JSON or spec-repo bundle, for the counts.
    var group: String {
        corpus.hasPrefix("specrepos/") ? "bundle \(kind)" : kind
    }

    /// The specification the oracle describes, in compctl's model.
    func expectedSpecification() -> Specification? {
        spec.map { Self.specification($0, version: $0.version ?? "") }
    }

    private static func specification(_ spec: Spec, version: String) -> Specification {
        let source = spec.source.flatMap { $0.git == nil && $0.tag == nil ? nil : Source(git: $0.git, tag: $0.tag) }
        return Specification(
            name: spec.name,
            version: version,
            source: source,
            dependencies: (spec.dependencies ?? []).map { Dependency(name: $0.name, requirements: $0.requirements) },
            subspecs: (spec.subspecs ?? []).map { specification($0, version: version) },
            defaultSubspecs: spec.default_subspecs ?? [],
            // The oracle writes null for a platform with no minimum; compctl an empty string.
            deploymentTargets: (spec.deployment_targets ?? [:]).mapValues { $0 ?? "" }
        )
    }

    /// Whether the oracle left anything of the spec or its subspecs unevaluated.
    var hasUnevaluated: Bool {
        func walk(_ spec: Spec) -> Bool {
            !(spec.unevaluated ?? []).isEmpty || (spec.subspecs ?? []).contains(where: walk)
        }
        return spec.map(walk) ?? false
    }
}

/// The shared corpus with its spec-repo bundles cloned into a temporary folder.
final class CorpusCheckout {
    let corpus = TestPaths.corpus
    let temporary: URL
    private(set) var clones: [String: URL] = [:]

    init() throws {
        temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("compctl-podspec-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let bundles = try FileManager.default
            .contentsOfDirectory(atPath: corpus.appendingPathComponent("specrepos").path)
            .filter { $0.hasSuffix(".bundle") }
            .sorted()
        for bundle in bundles {
            let clone = temporary.appendingPathComponent(bundle)
            try gitCLI("clone", "--quiet", corpus.appendingPathComponent("specrepos/\(bundle)").path, clone.path)
            clones["specrepos/\(bundle)"] = clone
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: temporary)
    }

    /// The folder a corpus name (`podspecs`, `specrepos/X.bundle`) stands for.
    func root(of corpusName: String) -> URL {
        clones[corpusName] ?? corpus.appendingPathComponent(corpusName)
    }

    func url(of expectation: CorpusExpectation) -> URL {
        root(of: expectation.corpus).appendingPathComponent(expectation.path)
    }

    /// Every podspec in the corpus, keyed like `CorpusExpectation.key`.
    func allPodspecKeys() -> Set<String> {
        var keys: Set<String> = []
        for corpusName in ["podspecs", "podspec-json"] + clones.keys.sorted() {
            let root = root(of: corpusName)
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".podspec") || relative.hasSuffix(".podspec.json"),
                      !relative.hasPrefix(".git/") else { continue }
                keys.insert(corpusName.hasPrefix("specrepos/") ? "\(corpusName):\(relative)" : "\(corpusName)/\(relative)")
            }
        }
        return keys
    }
}

func loadCorpusExpectations() throws -> [CorpusExpectation] {
    struct Document: Decodable { var entries: [CorpusExpectation] }
    let data = try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("corpus-expectations.json"))
    return try JSONDecoder().decode(Document.self, from: data).entries
}

@Suite struct CorpusTests {
    @Test func everyCorpusPodspecReadsAsCocoaPodsDoesOrFailsAtTheUnevaluableLine() throws {
        let expectations = try loadCorpusExpectations()
        let checkout = try CorpusCheckout()
        #expect(Set(expectations.map(\.key)) == checkout.allPodspecKeys(), "the fixture must cover the whole corpus")

        var counts: [String: (read: Int, failed: Int)] = [:]
        for expectation in expectations {
            let path = checkout.url(of: expectation).path
            let result = Result { () throws(PodspecError) in try PodspecReader.read(contentsOf: path) }
            if let expected = expectation.expectedSpecification() {
                guard case .success(var actual) = result else {
                    Issue.record("\(expectation.key): expected a spec, got \(result.errorText ?? "")")
                    continue
                }
                #expect(actual.warnings.isEmpty != expectation.hasUnevaluated, "\(expectation.key): \(actual.warnings)")
                actual.warnings = []
                #expect(normalized(actual) == expected, "\(expectation.key)")
                counts[expectation.group, default: (0, 0)].read += 1
            } else if let expectedError = expectation.error {
                guard case .failure(let error) = result else {
                    Issue.record("\(expectation.key): expected an error on line \(expectedError.line), got a spec")
                    continue
                }
                #expect(error.file == path, "\(expectation.key)")
                #expect(error.line == expectedError.line, "\(expectation.key): \(error)")
                counts[expectation.group, default: (0, 0)].failed += 1
            } else {
                Issue.record("\(expectation.key): the oracle could not evaluate it: \(expectation.exception ?? "")")
            }
        }
        let summary = counts.keys.sorted().map { "\($0): \(counts[$0]!.read) read, \(counts[$0]!.failed) expected errors" }
        print("podspec corpus: " + summary.joined(separator: "; "))
        #expect(counts.values.reduce(0) { $0 + $1.read + $1.failed } == expectations.count)
    }

    /// The source as the oracle records it (git and tag only), and no source when neither is set.
    private func normalized(_ spec: Specification) -> Specification {
        var result = spec
        result.source = spec.source.flatMap { $0.git == nil && $0.tag == nil ? nil : Source(git: $0.git, tag: $0.tag) }
        result.subspecs = spec.subspecs.map(normalized)
        // The expectations list what resolution reads; test and app specs have their own tests,
        // and so has the deprecation, which the oracle does not record.
        result.testSpecs = []
        result.appSpecs = []
        result.deprecated = false
        result.deprecatedInFavorOf = nil
        return result
    }

    /// FirebaseCore's real podspec deprecates the pod in favor of a sentence split over two
    /// string literals; `pod install` warns with that sentence.
    @Test func theDeprecationOfARealPodspecIsRead() throws {
        let spec = try PodspecReader.read(
            contentsOf: TestPaths.corpus.appendingPathComponent("podspecs/firebase+firebase-ios-sdk/FirebaseCore.podspec").path)
        #expect(spec.deprecated)
        #expect(spec.deprecatedInFavorOf?.hasPrefix("the Firebase Apple SDK via Swift Package Manager. ") == true)
    }

    @Test func rewritingTheVersionOfEveryCorpusPodspecChangesExactlyTheVersionLiteral() throws {
        let expectations = try loadCorpusExpectations()
        let checkout = try CorpusCheckout()
        let newVersion = "9.8.7-rc.1"
        var refused: [String] = []
        var rewritten = 0
        for expectation in expectations {
            let path = checkout.url(of: expectation).path
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let result = Result { () throws(PodspecError) in try VersionRewriter.rewrite(original, path: path, to: newVersion) }
            guard case .success(let changed) = result else {
                if case .failure(let error) = result { #expect(error.line != nil, "\(expectation.key): \(error)") }
                refused.append(expectation.key)
                continue
            }
            // A spec repo keeps each spec under its version: Name/1.2.3/Name.podspec.
            let oldVersion = expectation.spec?.version ?? expectation.path.split(separator: "/")[1].description
            #expect(
                isSingleReplacement(
                    before: [UInt8](original), after: [UInt8](changed),
                    old: Array(oldVersion.utf8), new: Array(newVersion.utf8)),
                "\(expectation.key): the rewrite changed more than the version literal \(oldVersion)")
            if expectation.spec != nil {
                let reread = try PodspecReader.read(data: changed, path: path)
                #expect(reread.version == newVersion, "\(expectation.key)")
            }
            rewritten += 1
        }
        // Versions that come from a shell command, a helper or a file, and the two yoga specs
        // that build theirs by interpolation ("#{version}.React"), cannot be rewritten.
        let computed = expectations.filter { $0.error?.reason.hasPrefix("version:") == true }.map(\.key)
        let interpolated = [
            "specrepos/artsy+Specs.bundle:yoga/0.54.4.React/yoga.podspec",
            "specrepos/artsy+Specs.bundle:yoga/0.57.7.React/yoga.podspec",
        ]
        #expect(Set(refused) == Set(computed + interpolated))
        print("podspec corpus: rewrote \(rewritten) versions, refused \(refused.count)")
    }

    /// Whether `after` is `before` with one span equal to `old` replaced by `new`: the bytes
    /// before the span and after it are identical.
    private func isSingleReplacement(before: [UInt8], after: [UInt8], old: [UInt8], new: [UInt8]) -> Bool {
        guard after.count - before.count == new.count - old.count, before.count >= old.count else { return false }
        let prefix = zip(before, after).prefix { $0 == $1 }.count
        let highest = Swift.min(prefix, before.count - old.count)
        let lowest = Swift.max(0, prefix - Swift.max(old.count, new.count))
        guard highest >= lowest else { return false }
        for start in stride(from: highest, through: lowest, by: -1) {
            if before[start..<(start + old.count)].elementsEqual(old),
               after[start..<(start + new.count)].elementsEqual(new),
               before[..<start].elementsEqual(after[..<start]),
               before[(start + old.count)...].elementsEqual(after[(start + new.count)...]) {
                return true
            }
        }
        return false
    }
}

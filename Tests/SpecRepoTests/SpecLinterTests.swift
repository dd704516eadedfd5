import Foundation
import Graph
import Podspec
import Testing
import Versioning
@testable import SpecRepo

/// A `SpecProvider` that only knows names and versions.
final class FakeSource: SpecProvider, @unchecked Sendable {
    let name: String
    private let pods: [String: [Version]]

    init(name: String, pods: [String: [String]]) {
        self.name = name
        self.pods = pods.mapValues { $0.map(version).sorted(by: >) }
    }

    static func test(name: String = "acme", pods: [String: [String]] = ["Bar": ["1.0.0", "1.4.0"]]) -> FakeSource {
        FakeSource(name: name, pods: pods)
    }

    func podNames() -> [String] { pods.keys.sorted() }

    func versions(of name: String) -> [Version] { pods[name] ?? [] }

    func specification(name: String, version: Version) throws -> Specification {
        throw SpecRepoError.noSuchPod(name: name, repository: self.name)
    }
}

/// A source that fails to list versions, as a remote one may.
final class UnreachableSource: SpecProvider {
    let name = "cdn"

    struct Failure: Error, CustomStringConvertible {
        var description: String { "HTTP 503" }
    }

    func podNames() throws -> [String] { throw Failure() }

    func versions(of name: String) throws -> [Version] { throw Failure() }

    func specification(name: String, version: Version) throws -> Specification { throw Failure() }
}

extension Specification {
    static func test(
        name: String = "Foo",
        version: String = "1.0.0",
        dependencies: [Dependency] = [],
        subspecs: [Specification] = []
    ) -> Specification {
        Specification(name: name, version: version, dependencies: dependencies, subspecs: subspecs)
    }
}

@Suite struct SpecLinterTests {
    private func lint(_ spec: Specification, sources: [any SpecProvider] = [FakeSource.test()]) -> [String] {
        SpecLinter(sources: sources).lint(spec, file: "Foo.podspec").map(\.message)
    }

    /// A source that cannot tell a dependency's versions is a problem naming it and the
    /// dependency, not "no pod 'Bar'"; publish's cycle search stops with the same news.
    @Test func anUnreachableSourceIsAProblemNotAMissingPod() throws {
        let spec = Specification.test(dependencies: [Dependency(name: "Bar", requirements: ["~> 1.0"])])
        #expect(SpecLinter(sources: [UnreachableSource()]).lint(spec, file: "Foo.podspec") == [LintProblem(
            kind: .unreadableSource, dependency: "Bar",
            message: "Foo.podspec: dependency 'Bar' (~> 1.0): cannot read the versions of 'Bar' from cdn: HTTP 503; "
                + "check that the source can be reached, then lint again")])
        #expect(throws: SpecRepoError.unreadableSource(source: "cdn", pod: "Bar", reason: "HTTP 503")) {
            try DependencyCycleFinder(source: UnreachableSource()).cycle(through: spec)
        }
    }

    @Test func cleanSpecHasNoProblem() {
        let spec = Specification.test(dependencies: [Dependency(name: "Bar", requirements: ["~> 1.0"])])
        #expect(lint(spec).isEmpty)
    }

    @Test func invalidVersion() {
        let problems = SpecLinter().lint(.test(version: "one.two"), file: "Foo.podspec")
        #expect(problems == [LintProblem(
            kind: .invalidVersion,
            message: "Foo.podspec: version 'one.two' is not a valid version; write numbers separated by dots, "
                + "such as 1.2.3 or 1.2.3-rc.1"
        )])
    }

    @Test func invalidRequirement() {
        let spec = Specification.test(dependencies: [Dependency(name: "Bar", requirements: ["~> 1.0", "=> 2"])])
        #expect(SpecLinter().lint(spec, file: "Foo.podspec") == [LintProblem(
            kind: .invalidRequirement, dependency: "Bar",
            message: "Foo.podspec: dependency 'Bar': requirement '=> 2' is not valid; write an optional operator "
                + "(=, !=, >, <, >=, <=, ~>) and a version, such as '~> 1.2'"
        )])
    }

    @Test func missingDependency() {
        let spec = Specification.test(dependencies: [Dependency(name: "Baz", requirements: ["~> 1.0"])])
        #expect(lint(spec) == [
            "Foo.podspec: dependency 'Baz' (~> 1.0): no pod 'Baz' in acme; fix the name, "
                + "or pass the spec repo that publishes it with --source",
        ])
    }

    @Test func unsatisfiableDependencyNamesTheNewestVersion() {
        let spec = Specification.test(dependencies: [Dependency(name: "Bar", requirements: ["~> 2.0"])])
        let problems = SpecLinter(sources: [FakeSource.test()]).lint(spec, file: "Foo.podspec")
        #expect(problems == [LintProblem(
            kind: .unsatisfiableDependency, dependency: "Bar",
            message: "Foo.podspec: dependency 'Bar' (~> 2.0): no version in acme satisfies it; newest is 1.4.0; "
                + "loosen the requirement or publish a version that satisfies it"
        )])
    }

    @Test func prereleaseIsNotACandidateUnlessARequirementNamesOne() {
        let source = FakeSource.test(pods: ["Bar": ["1.4.0", "2.0.0-rc.1"]])
        let unnamed = Specification.test(dependencies: [Dependency(name: "Bar", requirements: [">= 1.5"])])
        #expect(lint(unnamed, sources: [source]) == [
            "Foo.podspec: dependency 'Bar' (>= 1.5): no version in acme satisfies it; newest is 1.4.0; "
                + "2.0.0-rc.1 would, but a prerelease is only taken when a requirement names one, "
                + "such as '= 2.0.0-rc.1'",
        ])
        let named = Specification.test(dependencies: [Dependency(name: "Bar", requirements: [">= 2.0.0-rc.1"])])
        #expect(lint(named, sources: [source]).isEmpty)
    }

    @Test func onlyPrereleasesAndNoRequirement() {
        let source = FakeSource.test(pods: ["Bar": ["0.1.0-rc.1"]])
        #expect(lint(.test(dependencies: [Dependency(name: "Bar")]), sources: [source]) == [
            "Foo.podspec: dependency 'Bar': no version in acme satisfies it; newest is 0.1.0-rc.1; "
                + "0.1.0-rc.1 would, but a prerelease is only taken when a requirement names one, "
                + "such as '= 0.1.0-rc.1'",
        ])
    }

    @Test func subspecDependencyResolvesToItsRoot() {
        let spec = Specification.test(dependencies: [Dependency(name: "Bar/Core", requirements: ["~> 1.4"])])
        #expect(lint(spec).isEmpty)
        let missing = Specification.test(dependencies: [Dependency(name: "Baz/Core")])
        #expect(lint(missing) == [
            "Foo.podspec: dependency 'Baz/Core': no pod 'Baz' in acme; fix the name, "
                + "or pass the spec repo that publishes it with --source",
        ])
    }

    @Test func dependencyOfASubspecIsNamedWithItsSubspec() {
        let spec = Specification.test(subspecs: [
            .test(name: "Foo/Core", dependencies: [Dependency(name: "Bar", requirements: ["> 3"])]),
        ])
        #expect(lint(spec) == [
            "Foo.podspec: dependency 'Bar' (> 3) of Foo/Core: no version in acme satisfies it; newest is 1.4.0; "
                + "loosen the requirement or publish a version that satisfies it",
        ])
    }

    @Test func dependencyOnAnOwnSubspecMustNameAnExistingOne() {
        let spec = Specification.test(
            dependencies: [Dependency(name: "Foo/Core"), Dependency(name: "Foo/UI")],
            subspecs: [.test(name: "Foo/Core")]
        )
        #expect(SpecLinter().lint(spec, file: "Foo.podspec") == [LintProblem(
            kind: .missingSubspec, dependency: "Foo/UI",
            message: "Foo.podspec: dependency 'Foo/UI': Foo has no subspec 'UI'; "
                + "declare it with s.subspec 'UI' or fix the name"
        )])
    }

    @Test func severalSourcesArePooledAndNamed() {
        let acme = FakeSource.test(name: "acme", pods: ["Bar": ["1.0.0"]])
        let trunk = FakeSource.test(name: "trunk", pods: ["Bar": ["2.1.0"], "Qux": ["0.1.0"]])
        let spec = Specification.test(dependencies: [
            Dependency(name: "Bar", requirements: ["~> 2.0"]),
            Dependency(name: "Qux", requirements: ["~> 0.2"]),
            Dependency(name: "Nope"),
        ])
        #expect(lint(spec, sources: [acme, trunk]) == [
            "Foo.podspec: dependency 'Qux' (~> 0.2): no version in acme or trunk satisfies it; newest is 0.1.0; "
                + "loosen the requirement or publish a version that satisfies it",
            "Foo.podspec: dependency 'Nope': no pod 'Nope' in acme or trunk; fix the name, "
                + "or pass the spec repo that publishes it with --source",
        ])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let spec = Specification.test(
            version: "x",
            dependencies: [
                Dependency(name: "Bar", requirements: ["~> 9.0"]),
                Dependency(name: "Baz", requirements: ["!!"]),
                Dependency(name: "Nope"),
            ]
        )
        #expect(SpecLinter(sources: [FakeSource.test()]).lint(spec, file: "Foo.podspec").map(\.kind) == [
            .invalidVersion, .unsatisfiableDependency, .invalidRequirement, .missingDependency,
        ])
    }

    @Test func withoutSourcesOnlySyntaxIsChecked() {
        let spec = Specification.test(dependencies: [Dependency(name: "Nope", requirements: ["~> 1.0"])])
        #expect(SpecLinter().lint(spec, file: "Foo.podspec").isEmpty)
    }

    @Test func repeatedDeclarationIsCheckedOnce() {
        let spec = Specification.test(
            dependencies: [Dependency(name: "Nope", requirements: ["~> 1.0"])],
            subspecs: [.test(name: "Foo/Core", dependencies: [Dependency(name: "Nope", requirements: ["~> 1.0"])])]
        )
        #expect(lint(spec).count == 1)
    }

    @Test func podspecThatDoesNotParseIsOneProblemWithTheReadersMessage() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("compctl-lint-\(UUID().uuidString).podspec.json")
        try Data("{ not json".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let readerError = #expect(throws: PodspecError.self) { try PodspecReader.read(contentsOf: file.path) }
        let problems = SpecLinter().lint(contentsOf: file.path)
        #expect(problems == [LintProblem(kind: .invalidPodspec, message: String(describing: try #require(readerError)))])
    }
}

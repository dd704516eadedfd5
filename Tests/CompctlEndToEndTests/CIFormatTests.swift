import Foundation
import Testing

/// `--format github` (workflow commands) and `--format gitlab` (a Code Quality report) for
/// `lint` and `graph --check`. Text from specs is untrusted: a pod name must not be able to
/// inject a workflow command.
@Suite struct CIFormatTests {
    /// A Ruby podspec whose dependencies are on their own lines, one of them named to inject a
    /// workflow command, in a world with the spec repo `acme` (Bar 1.0.0).
    private func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Bar", ["1.0.0"], repo: "acme", in: directory)
        try directory.write("""
            Pod::Spec.new do |s|
              s.name    = 'Foo'
              s.version = '1.0.0'
              s.source  = { :git => 'https://example.invalid/Foo.git', :tag => s.version.to_s }
              s.dependency 'Bar', '~> 2.0'
              s.dependency "Evil%0A,x:y\\n::error::pwned", '~> 1.0'
            end

            """, to: "Foo.podspec")
        return directory
    }

    @Test func lintAsGitHubWorkflowCommands() throws {
        let directory = try workspace()
        let result = try compctl(["lint", "Foo.podspec", "--source", "acme", "--format", "github"], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2, "\(result)")
        // Every line is one command; the pod name's newline and percent signs are escaped.
        for line in lines { #expect(line.hasPrefix("::error file=Foo.podspec,line="), "\(line)") }
        #expect(lines.first?.hasPrefix("::error file=Foo.podspec,line=5,title=unsatisfiable-dependency::") == true, "\(result)")
        #expect(lines.last?.hasPrefix("::error file=Foo.podspec,line=6,title=missing-dependency::") == true, "\(result)")
        #expect(lines.last?.contains("Evil%250A,x:y%0A::error::pwned") == true, "\(result)")
        #expect(!result.stdout.contains("\n::error::pwned"))
    }

    @Test func lintAsAGitLabCodeQualityReport() throws {
        let directory = try workspace()
        struct Finding: Decodable, Equatable {
            struct Location: Decodable, Equatable {
                struct Lines: Decodable, Equatable { var begin: Int }
                var path: String
                var lines: Lines
            }
            var description: String
            var check_name: String
            var fingerprint: String
            var severity: String
            var location: Location
        }
        let first = try compctl(["lint", "Foo.podspec", "--source", "acme", "--format", "gitlab"], in: directory.url)
        #expect(first.exitCode == 2, "\(first)")
        let findings = try JSONDecoder().decode([Finding].self, from: Data(first.stdout.utf8))
        #expect(findings.map(\.check_name) == ["unsatisfiable-dependency", "missing-dependency"])
        #expect(findings.map(\.location.lines.begin) == [5, 6])
        #expect(findings.allSatisfy { $0.location.path == "Foo.podspec" && $0.severity == "major" })
        #expect(findings.allSatisfy { $0.fingerprint.count == 32 }, "\(findings)")
        #expect(Set(findings.map(\.fingerprint)).count == 2)
        // Stable across runs, so GitLab can tell new findings from old ones.
        let second = try compctl(["lint", "Foo.podspec", "--source", "acme", "--format", "gitlab"], in: directory.url)
        #expect(try JSONDecoder().decode([Finding].self, from: Data(second.stdout.utf8)) == findings)
    }

    @Test func graphCheckAsGitHubWorkflowCommands() throws {
        let result = try SampleApp.run(["graph", "--check", "--format", "github"] + SampleApp.config)
        #expect(result.exitCode == 2, "\(result)")
        let text = try SampleApp.run(["graph", "--check"] + SampleApp.config)
        let problems = text.stdout.split(separator: "\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == problems.count && !lines.isEmpty, "\(result)")
        #expect(lines.allSatisfy { $0.hasPrefix("::error file=") && $0.contains("compctl.yml,title=") }, "\(result)")
        #expect(lines.contains { $0.contains("title=cycle::") }, "\(result)")
    }

    /// A file name's `,` and `:` would end the `file` property early; they are escaped too.
    @Test func aFileNameCannotEndAProperty() throws {
        let directory = try workspace()
        try FileManager.default.createDirectory(atPath: directory("a,b:c"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: directory("Foo.podspec"), toPath: directory("a,b:c/Foo.podspec"))
        let result = try compctl(["lint", "a,b:c/Foo.podspec", "--source", "acme", "--format", "github"], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("::error file=a%2Cb%3Ac/Foo.podspec,line=") }, "\(result)")
    }

    @Test func graphCheckAsAGitLabCodeQualityReport() throws {
        struct Finding: Decodable, Equatable {
            var check_name: String
            var fingerprint: String
            var description: String
        }
        let first = try SampleApp.run(["graph", "--check", "--format", "gitlab"] + SampleApp.config)
        #expect(first.exitCode == 2, "\(first)")
        let findings = try JSONDecoder().decode([Finding].self, from: Data(first.stdout.utf8))
        #expect(findings.map(\.check_name) == ["cycle", "layer", "rc-leak"], "\(first)")
        #expect(Set(findings.map(\.fingerprint)).count == 3)
        let text = try SampleApp.run(["graph", "--check"] + SampleApp.config)
        #expect(findings.map { "\($0.check_name): \($0.description)" } == text.stdout.split(separator: "\n").map(String.init))
        let second = try SampleApp.run(["graph", "--check", "--format", "gitlab"] + SampleApp.config)
        #expect(try JSONDecoder().decode([Finding].self, from: Data(second.stdout.utf8)) == findings)
    }

    @Test func theCIFormatsNeedACheck() throws {
        let result = try SampleApp.run(["graph", "--format", "gitlab"] + SampleApp.config)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("--format gitlab lists the problems of --check; add --check"), "\(result)")
    }
}

import Foundation
import Testing

@Suite struct InitCommandTests {
    @Test func writesAStarterFileOnceAndRefusesToOverwrite() throws {
        let directory = try TemporaryDirectory()
        let first = try compctl(["init"], in: directory.url)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr == "wrote compctl.yml; edit spec_repos and projects to match your setup\n")
        let path = directory.url.appendingPathComponent("compctl.yml").path
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("spec_repos:"))
        #expect(written.contains("check_command:"))

        try "mine: true\n".write(toFile: path, atomically: true, encoding: .utf8)
        let second = try compctl(["init"], in: directory.url)
        #expect(second.exitCode == 1, "\(second)")
        #expect(second.stderr == "error: compctl.yml already exists; edit it, or pass --force to replace it with the starter file\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine: true\n")
    }

    @Test func componentFileAndDryRun() throws {
        let directory = try TemporaryDirectory()
        let result = try compctl(["init", "--component", "--dry-run"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("# compctl.yml for a component repo"))
        #expect(!result.stdout.contains("check_command"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    /// A Podfile's `source` lines become the spec repos, in the Podfile's order (the first
    /// wins, as in CocoaPods); trunk is named in a comment, read as the Podfile says; the file loads.
    @Test func fillsSpecReposFromThePodfilesSources() throws {
        let directory = try TemporaryDirectory()
        try directory.write("""
            source 'git@git.acme.example:ios/Specs.git'
            source 'https://cdn.cocoapods.org/'
            source 'https://git.acme.example/ios/binary-specs.git'
            platform :ios, '15.0'
            target 'AcmeApp' do
              pod 'XXLogger', '~> 1.0'
            end

            """, to: "Podfile")
        let result = try compctl(["init"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "wrote compctl.yml with the 2 private spec repos of Podfile's source lines; "
            + "edit projects and check_command to match your setup\n")
        let written = try String(contentsOfFile: directory.url.appendingPathComponent("compctl.yml").path, encoding: .utf8)
        #expect(written.contains("""
            spec_repos:
              - name: specs
                url: git@git.acme.example:ios/Specs.git
                priority: 1
              - name: binary-specs
                url: https://git.acme.example/ios/binary-specs.git
                priority: 2
            """))
        #expect(written.contains("# trunk (https://cdn.cocoapods.org/) is read where the Podfile names it; `trunk: off` below never reads it"))
        #expect(written.contains("    podfile: Podfile\n"))
        // The written file loads: a command that reads compctl.yml accepts it.
        let list = try compctl(["repo", "list"], in: directory.url, environment: ["COMPCTL_HOME": directory.url.path + "/home"])
        #expect(list.exitCode == 0, "\(list)")
        #expect(list.stdout.contains("specs") && list.stdout.contains("binary-specs") && list.stdout.contains("not cloned"), "\(list)")
    }
}

import FileIO
import Foundation
import Testing
import TestSupport
@testable import Config

private func parse(_ text: String) throws -> Configuration {
    try ConfigLoader.parse(text, path: "compctl.yml", directory: "/project")
}

private func issues(_ text: String) -> [String] {
    do {
        _ = try parse(text)
        return []
    } catch let ConfigError.invalid(issues) {
        return issues.map(\.description)
    } catch {
        return ["unexpected: \(error)"]
    }
}

@Suite struct ConfigLoaderTests {
    @Test func readsEveryKey() throws {
        let config = try parse("""
            spec_repos:
              - name: second
                url: git@git.example.com:ios/More.git
                priority: 2
              - name: acme
                url: ../Specs
                priority: 1
            projects:
              - name: App
                podfile: Podfile
              - name: CartExample
                podfile: Example/Podfile
                kind: example
            check_command: ["xcodebuild", "-scheme", "App"]
            layers:
              - name: base
                pods: ["XXFoundation", "XX*Kit"]
                allow_same_layer: false
              - name: business
                pods: ["*"]
            tag_format: "v{version}"
            rc_label: beta
            interface_rule:
              enabled: true
              suffix: Interface
            stale_rc_days: 7
            """)
        #expect(config.specRepos.map(\.name) == ["acme", "second"])
        #expect(config.resolve(path: config.specRepos[0].url) == "/Specs")
        #expect(config.resolve(path: config.specRepos[1].url) == "git@git.example.com:ios/More.git")
        #expect(config.projects == [
            Project(name: "App", podfile: "Podfile", packageManifest: nil, kind: .main),
            Project(name: "CartExample", podfile: "Example/Podfile", packageManifest: nil, kind: .example),
        ])
        #expect(config.checkCommand == .arguments(["xcodebuild", "-scheme", "App"]))
        #expect(config.layer(of: "XXUIKit")?.name == "base")
        #expect(config.layer(of: "XXFoundation/Core")?.name == "base")
        #expect(config.layer(of: "XXCart")?.name == "business")
        #expect(config.layers[0].allowSameLayer == false)
        #expect(config.layers[1].allowSameLayer == true)
        #expect(config.tagFormat.tag(for: "1.2.0") == "v1.2.0")
        #expect(config.rcLabel == "beta")
        #expect(config.interfaceRule.implementation(ofInterface: "XXCartInterface") == "XXCart")
        #expect(config.interfaceRule.implementation(ofInterface: "XXCart") == nil)
        #expect(config.staleRCDays == 7)
    }

    @Test func readsTheBinaryChannel() throws {
        let config = try parse("""
            spec_repos:
              - name: acme
                url: ../Specs
              - name: acme-binary
                url: ../BinarySpecs
            binary_repo: acme-binary
            artifact_store: https://artifacts.acme.example/ios
            binary_command: "sh scripts/build-binary.sh"
            dev_pods: [XXCart, XXPay]
            """)
        #expect(config.binary == BinaryChannel(repo: "acme-binary", artifactStore: "https://artifacts.acme.example/ios",
                                               command: .shell("sh scripts/build-binary.sh"), devPods: ["XXCart", "XXPay"]))
        #expect(try parse("").binary == BinaryChannel())
        #expect(issues("""
            spec_repos:
              - name: acme
                url: ../Specs
            binary_repo: acme-bin
            artifact_store: ""
            binary_command: []
            dev_pods: XXCart
            """) == [
                "compctl.yml:5: artifact_store is empty; give a folder, a file:// URL or an http(s) URL",
                "compctl.yml:6: binary_command is empty; give the command that builds a component's binary archive",
                "compctl.yml:7: dev_pods must be a list",
                "compctl.yml:4: binary_repo 'acme-bin' is not one of spec_repos; add it there with its url",
            ])
        #expect(issues("""
            spec_repos:
              - name: acme
                url: ../Specs
            binary_repo: acme
            """) == ["compctl.yml:4: binary_repo 'acme' is the only spec repo; the source specs need a spec repo of their own"])
    }

    @Test func emptyFileGivesDefaults() throws {
        let config = try parse("")
        #expect(config == Configuration.defaults(directory: "/project"))
        #expect(config.tagFormat == .plain)
        #expect(config.rcLabel == "rc")
    }

    @Test func shellCheckCommandIsKeptAsWritten() throws {
        let config = try parse("check_command: \"make check COMPONENT=$COMPCTL_COMPONENTS\"\n")
        #expect(config.checkCommand == .shell("make check COMPONENT=$COMPCTL_COMPONENTS"))
    }

    @Test func unknownKeysNameTheLineAndSuggest() {
        #expect(issues("""
            spec_repo:
              - name: acme
            rc_label: rc
            interface_rule:
              enabeld: true
            """) == [
            "compctl.yml:1: unknown key 'spec_repo' in compctl.yml; did you mean 'spec_repos'?",
            "compctl.yml:5: unknown key 'enabeld' in interface_rule; did you mean 'enabled'?",
        ])
    }

    @Test func wrongTypesNameTheLine() {
        #expect(issues("""
            spec_repos: acme
            stale_rc_days: soon
            layers:
              - name: base
                pods: XXFoundation
            interface_rule:
              enabled: maybe
            tag_format: "release-{version}"
            """) == [
            "compctl.yml:1: spec_repos must be a list",
            "compctl.yml:2: stale_rc_days must be a whole number",
            "compctl.yml:5: layers.pods must be a list",
            "compctl.yml:4: layer 'base' lists no pods; add names or patterns under pods",
            "compctl.yml:7: interface_rule.enabled must be true or false",
            "compctl.yml:8: tag_format must be \"{version}\" or \"v{version}\", not \"release-{version}\"",
        ])
    }

    @Test func missingFieldsAndDuplicates() {
        #expect(issues("""
            spec_repos:
              - name: acme
              - name: a
                url: x
              - name: a
                url: y
            projects:
              - name: App
            """) == [
            "compctl.yml:2: each spec repo needs a name and a url",
            "compctl.yml:8: project 'App' needs a podfile, a package_swift or an xcodeproj path",
            "compctl.yml: spec repo name 'a' is used twice; give each spec repo its own name",
        ])
    }

    @Test func syntaxErrorNamesTheLine() {
        let found = issues("spec_repos:\n  - name: [unclosed\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("compctl.yml:3: not valid YAML") == true, "\(found)")
    }

    @Test func starterFilesParse() throws {
        let main = try parse(StarterFile.text(for: .mainProject))
        #expect(main.specRepos.map(\.name) == ["private"])
        #expect(main.layers.map(\.name) == ["resource", "base", "core", "business"])
        let component = try parse(StarterFile.text(for: .component))
        #expect(component.projects.isEmpty)
        #expect(component.tagFormat == .plain)
    }

    @Test(arguments: [
        ("XX*Resources", "XXHomeResources", true),
        ("XX*Resources", "XXHome", false),
        ("*", "Anything", true),
        ("XX?ay", "XXPay", true),
        ("XX?ay", "XXPlay", false),
        ("XXCart", "XXCart", true),
        ("XXCart", "XXCartProtocols", false),
    ])
    func globPatterns(pattern: String, name: String, matches: Bool) {
        #expect(GlobPattern.matches(pattern, name) == matches)
    }

    @Test func readsTrunkAndTheSourceLinesASpecRepoStandsFor() throws {
        let config = try parse("""
            spec_repos:
              - name: acme
                url: ../Specs
                podfile_source: https://git.acme.example/ios/Specs.git
              - name: mirror
                url: https://cdn.mirror.example/
                podfile_source: [trunk, "https://cdn.cocoapods.org/"]
            trunk: off
            """)
        #expect(config.specRepos.map(\.podfileSources) == [
            ["https://git.acme.example/ios/Specs.git"], ["trunk", "https://cdn.cocoapods.org/"],
        ])
        #expect(!config.readsTrunk)
        #expect(try parse("trunk: on").readsTrunk)
        #expect(try parse("").readsTrunk)
        #expect(issues("trunk: sometimes") == ["compctl.yml:1: trunk must be on or off"])
        #expect(issues("spec_repos:\n  - name: a\n    url: b\n    podfile_sources: c\n") == [
            "compctl.yml:4: unknown key 'podfile_sources' in spec_repos; did you mean 'podfile_source'?",
        ])
    }
}

/// Finding `compctl.yml` walks up from the working directory with string paths
/// (`LexicalPath`, which LexicalPathTests compares with Foundation's).
@Suite struct ConfigFindingTests {
    @Test func theNearestFileIsFound() throws {
        let directory = try TemporaryDirectory()
        let root = directory.path
        try directory.write("{}", to: "a/compctl.yml")
        try directory.write("", to: "a/b/c/.keep")
        #expect(ConfigLoader.find(from: root + "/a/b/c") == root + "/a/compctl.yml")
        #expect(ConfigLoader.find(from: root + "/a/b/c/../..") == root + "/a/compctl.yml")
        #expect(ConfigLoader.find(from: root + "/a/") == root + "/a/compctl.yml")
        try directory.write("{}", to: "a/b/compctl.yml")
        #expect(ConfigLoader.find(from: root + "/a/b/c") == root + "/a/b/compctl.yml")
    }

    /// A folder whose name starts with a combining mark: the `/` before it is still a
    /// separator, so the walk up passes through every parent.
    @Test func aFolderNamedWithALeadingCombiningMarkIsWalkedThrough() throws {
        let directory = try TemporaryDirectory()
        let root = directory.path
        try directory.write("{}", to: "a/compctl.yml")
        try directory.write("", to: "a/\u{301}b/c/.keep")
        #expect(ConfigLoader.find(from: root + "/a/\u{301}b/c") == root + "/a/compctl.yml")
        let config = try ConfigLoader.load(path: root + "/a/\u{301}b/../compctl.yml")
        #expect(config.directory == root + "/a")
    }
}

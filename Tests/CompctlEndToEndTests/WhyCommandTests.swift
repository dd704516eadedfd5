import Foundation
import Testing

/// The `why --json` document, decoded.
struct WhyJSON: Decodable {
    struct Why: Decodable {
        struct Path: Decodable {
            struct Step: Decodable {
                var to: String
                var dependency: String
                var requirements: [String]
            }

            var start: String
            var steps: [Step]
        }

        var pod: String
        var version: String?
        var paths: [Path]
        var truncated: Bool
    }

    var schemaVersion: Int
    var scope: String
    var why: Why
}

@Suite struct WhyCommandTests {
    /// README: XXPay reaches the main project three ways, one of them through XXOrder's rc pin.
    @Test func showsEveryPathWithItsRequirements() throws {
        let result = try SampleApp.run(["why", "XXPay"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            target 'AcmeApp' → XXCart (= 1.2.1) → XXPay (~> 2.0)
            target 'AcmeApp' → XXOrder (= 1.6.0) → XXPay (= 2.1.0-rc.2)
            target 'AcmeApp' → XXPay (~> 2.0)

            """)
        #expect(result.stderr == "")
    }

    /// Both targets that use `extension_safe_pods` reach XXStorage, the app also through
    /// every pod that depends on it, directly or not.
    @Test func followsEveryTarget() throws {
        let result = try SampleApp.run(["why", "XXStorage"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            target 'AcmeApp' → XXStorage (= 2.2.1)
            target 'AcmeApp' → XXConfig (= 1.2.0) → XXStorage (~> 2.2)
            target 'AcmeApp' → XXHome (= 1.4.2) → XXConfig (~> 1.1) → XXStorage (~> 2.2)
            target 'AcmeApp' → XXSearch (= 1.2.1) → XXStorage (~> 2.2)
            target 'AcmeApp' → XXCart (= 1.2.1) → XXPay (~> 2.0) → XXConfig (~> 1.2) → XXStorage (~> 2.2)
            target 'AcmeApp' → XXCart (= 1.2.1) → XXStorage (~> 2.2)
            target 'AcmeApp' → XXOrder (= 1.6.0) → XXPay (= 2.1.0-rc.2) → XXConfig (~> 1.2) → XXStorage (~> 2.2)
            target 'AcmeApp' → XXPay (~> 2.0) → XXConfig (~> 1.2) → XXStorage (~> 2.2)
            target 'AcmeApp' → XXMessage (~> 0.1.7) → XXStorage (~> 2.1)
            target 'AcmeApp' → XXSettings (= 1.1.0) → XXConfig (~> 1.2) → XXStorage (~> 2.2)
            target 'AcmeShareExtension' → XXStorage (= 2.2.1)

            """)
    }

    /// A subspec dependency is shown as written (`XXUIKit/Core`), and a pod reached through
    /// a subspec counts as reached through its pod.
    @Test func showsSubspecDependencies() throws {
        let result = try SampleApp.run(["why", "XXIconFont"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("""
            target 'AcmeApp' → XXIconFont (= 0.4.1)
            target 'AcmeApp' → XXUIKit/Core (= 2.4.1) → XXIconFont (~> 0.4)

            """), "\(result)")
    }

    /// An unmanaged pod has paths too.
    @Test func explainsAnUnmanagedPod() throws {
        let result = try SampleApp.run(["why", "SDWebImage"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "target 'AcmeApp' → SDWebImage (~> 5.18)\n")
    }

    @Test func printsJSON() throws {
        let result = try SampleApp.run(["why", "XXPay", "--json"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        let document = try JSONDecoder().decode(WhyJSON.self, from: Data(result.stdout.utf8))
        #expect(document.schemaVersion == 1)
        #expect(document.scope == "podfile")
        #expect(document.why.pod == "XXPay")
        #expect(document.why.version == "2.1.0-rc.2")
        #expect(document.why.truncated == false)
        #expect(document.why.paths.map { ([$0.start] + $0.steps.map { "\($0.to) \($0.requirements)" }).joined(separator: " → ") } == [
            "target 'AcmeApp' → XXCart [\"1.2.1\"] → XXPay [\"~> 2.0\"]",
            "target 'AcmeApp' → XXOrder [\"1.6.0\"] → XXPay [\"2.1.0-rc.2\"]",
            "target 'AcmeApp' → XXPay [\"~> 2.0\"]",
        ])
    }

    @Test func reportsAnUnknownPod() throws {
        let result = try SampleApp.run(["why", "XXNope"] + SampleApp.config)
        #expect(result.exitCode == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: no pod named 'XXNope' in the resolved graph of scripts/sample-app/Podfile "
            + "(26 pods); check the spelling (names are case-sensitive) or the sources\n")
    }

    @Test func reportsAConflictLikeResolve() throws {
        let directory = try TemporaryDirectory()
        let podfile = try SampleApp.podfile(["pod 'XXOrder', '1.6.0'", "pod 'XXPay', '~> 1.9'"], in: directory)
        let result = try SampleApp.run(["why", "XXPay", "--podfile", podfile, "--source", "Specs"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: \(podfile) cannot be resolved:\nBecause target 'App' depends on XXOrder"))
    }

    @Test func needsAName() throws {
        let result = try SampleApp.run(["why"] + SampleApp.config)
        #expect(result.exitCode == 64)
        #expect(result.stderr.hasPrefix("Error: Missing expected argument '<name>'\n"), "\(result)")
    }
}

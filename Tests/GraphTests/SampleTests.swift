import Foundation
import Graph
import Podspec
import Testing
import Versioning

/// The sample spec repo embedded in compctl (`Specs/`, 25 components, 107 specs) and its
/// main project (`scripts/sample-app`), read with Podspec's reader. Their README states what
/// the graph and the resolution must give; these tests hold Graph to it.
enum Sample {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every spec of `Specs/`, as the `acme` source.
    static func provider() throws -> InMemorySpecProvider {
        let specs = packageRoot.appendingPathComponent("Specs")
        var result: [Specification] = []
        for pod in try FileManager.default.contentsOfDirectory(atPath: specs.path).sorted() where !pod.hasSuffix(".md") {
            let podDirectory = specs.appendingPathComponent(pod)
            for version in try FileManager.default.contentsOfDirectory(atPath: podDirectory.path) {
                let versionDirectory = podDirectory.appendingPathComponent(version)
                for file in try FileManager.default.contentsOfDirectory(atPath: versionDirectory.path)
                where file.hasSuffix(".podspec") || file.hasSuffix(".podspec.json") {
                    result.append(try PodspecReader.read(contentsOf: versionDirectory.appendingPathComponent(file).path))
                }
            }
        }
        return InMemorySpecProvider(name: "acme", specs: result)
    }

    /// The layers of `scripts/sample-app/compctl.yml`.
    static let layers: [LayerRule] = [
        LayerRule(name: "resource", allowSameLayer: true) { ["XXAssets", "XXLocalization", "XXIconFont"].contains($0) },
        LayerRule(name: "base", allowSameLayer: false) {
            ["XXFoundation", "XXLogger", "XXNetworking", "XXStorage", "XXUIKit"].contains($0)
        },
        LayerRule(name: "core", allowSameLayer: false) {
            ["XXRouter", "XXMediator", "XXAccount", "XXAnalytics", "XXConfig", "XXWebContainer"].contains($0)
        },
        LayerRule(name: "business", allowSameLayer: true) { name in
            (name.hasPrefix("XX") && name.hasSuffix("Protocols"))
                || ["XXHome", "XXSearch", "XXDetail", "XXCart", "XXOrder", "XXPay", "XXUser", "XXMessage", "XXSettings",
                    "XXCoupon"].contains(name)
        },
    ]

    /// `scripts/sample-app/Podfile`'s `pod` lines, target by target (`extension_safe_pods`
    /// expanded; `AcmeAppTests` only inherits search paths).
    static var podfile: [RootRequirement] {
        func pods(_ target: String, _ lines: [(String, [String])]) -> [RootRequirement] {
            lines.map { RootRequirement(name: $0.0, requirements: $0.1, declaredBy: "target '\(target)'") }
        }
        let extensionSafe: [(String, [String])] = [
            ("XXAssets", ["~> 1.2"]), ("XXLocalization", ["1.1.1"]), ("XXFoundation", ["1.7.1"]),
            ("XXLogger", ["~> 1.4"]), ("XXNetworking", ["3.2.0"]), ("XXStorage", ["2.2.1"]),
        ]
        return pods("AcmeApp", extensionSafe + [
            ("XXIconFont", ["0.4.1"]),
            ("XXUIKit/Core", ["2.4.1"]), ("XXUIKit/Theme", ["2.4.1"]), ("XXUIKit/Components", ["2.4.1"]),
            ("XXRouter", ["1.2.0"]), ("XXMediator", ["1.1.0"]), ("XXAccount", ["2.1.2"]), ("XXAnalytics", ["3.1.1"]),
            ("XXConfig", ["1.2.0"]), ("XXWebContainer", ["1.0.0"]),
            ("XXHome", ["1.4.2"]), ("XXSearch", ["1.2.1"]), ("XXDetail", ["2.0.2"]), ("XXCartProtocols", ["1.2.0"]),
            ("XXCart", ["1.2.1"]), ("XXOrder", ["1.6.0"]), ("XXPay", ["~> 2.0"]), ("XXUser", ["1.3.1"]),
            ("XXMessage", ["~> 0.1.7"]), ("XXSettings", ["1.1.0"]), ("XXCoupon", ["1.1.1"]),
            ("SDWebImage", ["~> 5.18"]),
        ]) + pods("AcmeShareExtension", extensionSafe + [("XXAccount", ["2.1.2"])])
    }

    /// The pods `Podfile.lock` records (`PODS:` entries without a subspec), by name.
    static func lockedPods() throws -> [String: String] {
        let lock = try String(contentsOf: packageRoot.appendingPathComponent("scripts/sample-app/Podfile.lock"), encoding: .utf8)
        var result: [String: String] = [:]
        for line in lock.split(separator: "\n") {
            if line == "DEPENDENCIES:" { break }
            guard line.hasPrefix("  - "), !line.hasPrefix("    ") else { continue }
            let entry = line.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: ":"))
            let parts = entry.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, !parts[0].contains("/") else { continue }
            result[String(parts[0])] = String(parts[1].dropFirst().dropLast())
        }
        return result
    }
}

@Suite struct SampleTests {
    /// README "Planted problems": a check over the newest release of every pod reports
    /// these three and nothing else.
    @Test func newestReleaseGraphHasExactlyThePlantedProblems() throws {
        let catalog = PodCatalog(providers: [try Sample.provider()])
        let (graph, warnings) = try catalog.newestReleaseGraph()
        #expect(warnings.isEmpty)
        #expect(graph.nodes.count == 25)
        let problems = try GraphChecker(catalog: catalog, layers: Sample.layers, interfaceSuffix: "Protocols").problems(in: graph)
        #expect(problems.map(\.description) == [
            "cycle: XXCart (1.2.1) → XXDetail (~> 2.0) → XXCart (~> 1.2)",
            "layer: XXStorage (2.3.0) in layer base depends on XXUser (~> 1.3) in the higher layer business",
            "rc-leak: XXPay 2.1.0-rc.2 is a release candidate: XXOrder (1.6.0) with = 2.1.0-rc.2 asks for it by name, "
                + "and XXCart (1.2.1) with ~> 2.0 would get it too although it asks only for a release range",
        ])
    }

    /// README "The main project": resolving the Podfile gives exactly Podfile.lock, with the
    /// public SDWebImage unmanaged at its locked version.
    @Test func podfileResolvesToTheLock() throws {
        let locked = try Sample.lockedPods()
        let resolution = try Resolver(providers: [try Sample.provider()]).resolve(ResolveRequest(
            requirements: Sample.podfile, platform: Platform(name: "ios", deploymentTarget: v("13.0")),
            lockedVersions: ["SDWebImage": v(locked["SDWebImage"]!)], rootName: "the Podfile", missingPodsAreUnmanaged: true))
        var got = Dictionary(uniqueKeysWithValues: resolution.pods.map { ($0.name, $0.version.description) })
        for pod in resolution.unmanaged { got[pod.name] = pod.lockedVersion?.description }
        #expect(got == locked)
        #expect(resolution.unmanaged.map(\.name) == ["SDWebImage"])
        #expect(resolution.pods.first { $0.name == "XXUIKit" }?.subspecs == ["XXUIKit/Components", "XXUIKit/Core", "XXUIKit/Theme"])
        #expect(resolution.warnings.isEmpty)
    }

    /// README: the main project's graph has one problem, the rc leak into the Podfile's own
    /// `~> 2.0` and XXCart's.
    @Test func mainProjectGraphHasOnlyTheRCLeak() throws {
        let provider = try Sample.provider()
        let catalog = PodCatalog(providers: [provider])
        let resolution = try Resolver(catalog: catalog).resolve(ResolveRequest(
            requirements: Sample.podfile, platform: Platform(name: "ios", deploymentTarget: v("13.0")),
            missingPodsAreUnmanaged: true))
        let problems = try GraphChecker(catalog: catalog, layers: Sample.layers, interfaceSuffix: "Protocols")
            .problems(in: resolution.graph)
        #expect(problems.map(\.description) == [
            "rc-leak: XXPay 2.1.0-rc.2 is a release candidate: XXOrder (1.6.0) with = 2.1.0-rc.2 asks for it by name, "
                + "and target 'AcmeApp' with ~> 2.0 and XXCart (1.2.1) with ~> 2.0 get it too although they ask only for a release range",
        ])
        #expect(problems.first?.pods == ["XXCart", "XXOrder", "XXPay"])
    }

    /// README: `XXMessage ~> 0.1.7` resolves to 0.1.7, never to 0.1.8-rc.1.
    @Test func rcStaysOutOfAnUnnamedRange() throws {
        let resolution = try Resolver(providers: [try Sample.provider()]).resolve(ResolveRequest(
            requirements: [.app("XXMessage", "~> 0.1.7")]))
        #expect(resolution.version(of: "XXMessage") == v("0.1.7"))
    }
}

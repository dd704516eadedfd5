import Foundation
import Graph
import Podspec
import Report
import Versioning

func v(_ text: String) -> Version {
    try! Version(text)
}

extension Specification {
    /// A spec of `name` at `version` with `dependencies` (name, requirements…).
    static func test(_ name: String, _ version: String, _ dependencies: [(String, [String])] = []) -> Specification {
        Specification(name: name, version: version, dependencies: dependencies.map { Dependency(name: $0.0, requirements: $0.1) })
    }
}

extension RootRequirement {
    /// `pod name, requirements…` in `target`.
    static func pod(_ name: String, _ requirements: String..., target: String) -> RootRequirement {
        RootRequirement(name: name, requirements: requirements, declaredBy: "target '\(target)'")
    }
}

extension ProjectInput {
    /// A project whose Podfile says `requirements` and whose lock has `locked`.
    static func test(_ name: String, kind: ProjectKind = .main, _ requirements: [RootRequirement],
                     locked: [String: String] = [:]) -> ProjectInput {
        ProjectInput(
            name: name, kind: kind, podfile: "\(name)/Podfile",
            request: ResolveRequest(requirements: requirements, lockedVersions: locked.mapValues(v), missingPodsAreUnmanaged: true))
    }
}

extension LayerRule {
    /// A layer holding exactly `pods`.
    static func test(_ name: String, _ pods: [String], allowSameLayer: Bool = true) -> LayerRule {
        LayerRule(name: name, allowSameLayer: allowSameLayer) { pods.contains($0) }
    }
}

/// A small world with one of everything the report finds:
///
/// - `Core` (base): 1.0.0, 1.1.0, 1.2.0-rc.1 (never released, 40 days old: stale),
///   2.0.0-rc.1 (released as 2.0.0), 2.0.0;
/// - `Net` (base): 1.0.0, 1.1.0-beta.1 (3 days old; a prerelease, but no rc unless the rc
///   label is `beta`);
/// - `Feed` (feature): 1.0.0, 1.1.0 → Core ~> 1.0 (excludes Core 2.0.0), Net ~> 1.0, Pay ~> 1.0;
/// - `Cart` (feature) 1.0.0 → Core >= 2.0 (no version in common with ~> 1.0);
/// - `Pay` (feature): 1.0.0, 1.1.0-rc.1 (no publish date); `Shop` 1.0.0 → Pay = 1.1.0-rc.1,
///   which leaks into Feed (and App resolves Pay to it: a pin ahead of the newest release);
/// - `Orphan` (feature) 0.1.0, used by nobody.
///
/// Projects: `App` (main) pins Feed and Shop, asks Core ~> 1.0 (locked at 1.1.0) and Net
/// with no requirement; `Demo` (example) pins Core 1.0.0; `Broken` (example) asks for a
/// Core that does not exist.
enum World {
    static let now = Date(timeIntervalSince1970: 1_000_000_000)
    static let day = 86_400.0

    static var provider: InMemorySpecProvider {
        InMemorySpecProvider(name: "specs", specs: [
            .test("Core", "1.0.0"), .test("Core", "1.1.0"), .test("Core", "1.2.0-rc.1"), .test("Core", "2.0.0-rc.1"),
            .test("Core", "2.0.0"),
            .test("Net", "1.0.0"), .test("Net", "1.1.0-beta.1"),
            .test("Feed", "1.0.0", [("Core", ["~> 1.0"])]),
            .test("Feed", "1.1.0", [("Core", ["~> 1.0"]), ("Net", ["~> 1.0"]), ("Pay", ["~> 1.0"])]),
            .test("Cart", "1.0.0", [("Core", [">= 2.0"])]),
            .test("Pay", "1.0.0"), .test("Pay", "1.1.0-rc.1"),
            .test("Shop", "1.0.0", [("Pay", ["1.1.0-rc.1"])]),
            .test("Orphan", "0.1.0"),
        ])
    }

    static let layers: [LayerRule] = [
        .test("base", ["Core", "Net"], allowSameLayer: false),
        .test("feature", ["Feed", "Cart", "Pay", "Shop", "Orphan"]),
    ]

    static let dates = FixedPublishDates([
        "Core": [v("1.2.0-rc.1"): now.addingTimeInterval(-40 * day), v("2.0.0-rc.1"): now.addingTimeInterval(-50 * day)],
        "Net": [v("1.1.0-beta.1"): now.addingTimeInterval(-3.5 * day)],
    ])

    static var projects: [ProjectInput] {
        [
            .test("App", [
                .pod("Feed", "1.1.0", target: "App"), .pod("Core", "~> 1.0", target: "App"),
                .pod("Net", target: "App"), .pod("Shop", "1.0.0", target: "App"),
            ], locked: ["Core": "1.1.0"]),
            .test("Demo", kind: .example, [.pod("Core", "1.0.0", target: "Demo")]),
            .test("Broken", kind: .example, [.pod("Core", "9.9.9", target: "Broken")]),
        ]
    }

    static func input(projects: [ProjectInput] = World.projects, failOn: [ReportCategory] = []) -> ReportInput {
        ReportInput(
            providers: [provider], projects: projects, layers: layers, staleRCDays: 30, publishDates: dates, now: now,
            failOn: failOn)
    }

    static func report(projects: [ProjectInput] = World.projects, failOn: [ReportCategory] = []) -> SkewReport {
        // An in-memory source never fails to list, so the build does not throw.
        try! ReportBuilder(input: input(projects: projects, failOn: failOn)).build()
    }
}

extension Consumer {
    /// `App: ~> 1.0 [App]`, `Feed (1.1.0): ~> 1.0 [newest releases, App]`.
    var summary: String {
        "\(label): \(requirement) [\(scopes.joined(separator: ", "))]"
    }
}

import Manifest
import Testing
@testable import SwiftPackages

@Suite struct PackageDeclarationTests {
    private func read(_ text: String) throws -> PackageDeclaration {
        try PackageDeclaration(parsing: Array(text.utf8), path: "Package.swift")
    }

    @Test func literalDeclarationsAreRead() throws {
        let declaration = try read("""
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Net",
                products: [.library(name: "Net", targets: ["Net"])],
                dependencies: [
                    .package(url: "https://git.acme.example/ios/Core.git", from: "1.2.0"),
                    .package(name: "Log", url: "../Log.git", .upToNextMinor(from: "0.4.0")),
                    .package(url: "../Tools.git", "1.0.0"..<"2.0.0"),
                    .package(url: "../Old.git", "1.0.0"..."1.4.9"),
                    .package(path: "../Local"),
                ],
                targets: [
                    .target(name: "Net", dependencies: [.product(name: "Core", package: "Core"), "Log", .target(name: "Util")]),
                    .target(name: "Util", dependencies: [.product(name: "Tools", package: "Tools")]),
                    .testTarget(name: "NetTests", dependencies: ["Net", .product(name: "Old", package: "Old")]),
                ]
            )
            """)
        #expect(declaration.toolsVersion == .init(5, 9))
        #expect(declaration.name == "Net")
        #expect(declaration.problems == [])
        #expect(declaration.dependencies.map(\.requirement) == [
            .upToNextMajor("1.2.0"), .upToNextMinor("0.4.0"), .halfOpen("1.0.0", "2.0.0"), .closed("1.0.0", "1.4.9"), .none,
        ])
        #expect(declaration.dependencies[1].name == "Log")
        #expect(declaration.dependencies.map(\.line) == [8, 9, 10, 11, 12])
        // What the product needs: Core and Log directly, Tools through Util; Old only for tests.
        #expect(ManifestDependencies.usedPackageNames(declaration) == ["core", "log", "tools"])
    }

    @Test func computedPartsAreProblemsWithTheirLine() throws {
        let declaration = try read("""
            // swift-tools-version:5.9
            import PackageDescription

            let base = "https://git.acme.example/ios"
            let package = Package(
                name: "App",
                dependencies: [
                    .package(url: base + "/Net.git", from: "1.0.0"),
                    .package(url: "https://git.acme.example/ios/Log.git", from: "1.0.0"),
                ],
                targets: [.target(name: "App")]
            )
            if ProcessInfo.processInfo.environment["CI"] != nil {
                package.dependencies.append(.package(url: "https://git.acme.example/ios/Extra.git", from: "2.0.0"))
            }
            """)
        #expect(declaration.dependencies.count == 1)
        #expect(declaration.problems.map(\.description) == [
            "Package.swift:8: the url of this `.package` is computed (`url: base + \"/Net.git\"`); write it as a string literal",
            "Package.swift:14: `package.dependencies` is changed by code compctl does not run; declare every dependency in the `Package(…)` initializer",
            "Package.swift:14: this `.package(…)` is not an entry of the literal `dependencies:` list of `Package(…)`, so it depends on code compctl does not run; declare it in that list",
        ])
    }

    @Test func aMissingToolsVersionIsAProblem() throws {
        let declaration = try read("import PackageDescription\nlet package = Package(name: \"X\")\n")
        #expect(declaration.toolsVersion == nil)
        #expect(declaration.problems.first?.line == 1)
    }

    @Test(arguments: [
        ("// swift-tools-version:5.9", "5.9"), ("// swift-tools-version: 6.0", "6.0"), ("//swift-tools-version:5.7.1", "5.7.1"),
        ("// Swift-Tools-Version:6.2;(experimentalFeatures)", "6.2"),
    ])
    func toolsVersionLines(line: String, version: String) {
        #expect(PackageDeclaration.toolsVersion(in: Array((line + "\n").utf8))?.description == version)
    }
}

// compctl-package-synth: writes a seeded synthetic universe of Swift packages for
// scripts/bench.sh: one bare git repository per package (tags with and without `v`, rcs,
// every requirement form) and a root package directory whose Package.swift names them.
// A developer tool, not part of the product.

import ArgumentParser
import Foundation
import PackageSynth

@main
struct PackageSynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compctl-package-synth",
        abstract: "Writes a seeded synthetic universe of Swift packages (bare git repositories and a root package)."
    )

    @Option(help: "Number of packages.")
    var packages: Int = 200

    @Option(help: "Number of tagged versions per package.")
    var versions: Int = 10

    @Option(help: "Dependencies of the root package.")
    var rootDependencies: Int = 8

    @Option(help: "Seed of the random generator; the same seed writes the same universe.")
    var seed: UInt64 = 1

    @Flag(help: "Every version depends on one to four lower packages, mostly `from:` an early release.")
    var dense = false

    @Option(help: "Directory to create (must not exist): repositories in it, the root package in DIR/App.")
    var output: String

    func run() throws {
        guard !FileManager.default.fileExists(atPath: output) else {
            throw ValidationError("\(output) exists; give a new directory")
        }
        let universe = PackageUniverse.generate(seed: seed, count: packages, versions: versions,
                                                rootDependencies: rootDependencies, dense: dense)
        let manifest = try universe.write(to: output + "/repos")
        try FileManager.default.createDirectory(atPath: output + "/App/Sources/App", withIntermediateDirectories: true)
        try manifest.write(toFile: output + "/App/Package.swift", atomically: true, encoding: .utf8)
        try "public let app = 1\n".write(toFile: output + "/App/Sources/App/App.swift", atomically: true, encoding: .utf8)
        print("wrote \(packages) packages x \(versions) versions to \(output)/repos and the root package \(output)/App")
    }
}

import Foundation
import Testing

/// The release build as README's "Install" makes it (`swift build -c release
/// --static-swift-stdlib`), linked as Package.swift says a Linux release build is, and
/// answering as the debug build does. It builds in a scratch folder of its own
/// (`.build-release`) and keeps both cores busy for minutes, so scripts/test.sh runs this
/// suite alone, after the others.
@Suite struct ReleaseBuildTests {
    /// Whether the GCC installation clang links against (the newest) has the archives of
    /// libstdc++ and of the unwinder, as Package.swift asks before linking them.
    static var gccHasArchives: Bool {
        #if arch(x86_64)
        let gcc = "/usr/lib/gcc/x86_64-linux-gnu"
        #else
        let gcc = "/usr/lib/gcc/aarch64-linux-gnu"
        #endif
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: gcc)) ?? [])
            .compactMap { name in Int(name.prefix { $0.isNumber }).map { (number: $0, name: name) } }
        guard let newest = versions.max(by: { $0.number < $1.number }) else { return false }
        return ["libstdc++.a", "libgcc_eh.a"].allSatisfy { FileManager.default.fileExists(atPath: "\(gcc)/\(newest.name)/\($0)") }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["COMPCTL_BIN"] == nil,
                   "COMPCTL_BIN names a build already"))
    func theReleaseBuildStartsWithoutLibstdcxxOrLibgccAtAFixedAddressAndAnswersAsTheDebugBuild() throws {
        #if os(Linux)
        let root = TestPaths.packageRoot
        let scratch = root.appendingPathComponent(".build-release")
        let build = try ProcessRunner.run(
            "swift", ["build", "-c", "release", "--static-swift-stdlib", "--product", "compctl", "--scratch-path", scratch.path],
            in: root, environment: ["COMPCTL_PIE": nil, "COMPCTL_SHARED_LIBSTDCXX": nil])
        try #require(build.exitCode == 0, "\(build)")
        let binary = scratch.appendingPathComponent("release/compctl")

        let elf = try ProcessRunner.run("readelf", ["--file-header", "--dynamic", binary.path])
        try #require(elf.exitCode == 0, "\(elf)")
        #expect(elf.stdout.contains("EXEC (Executable file)"), "not linked at a fixed address:\n\(elf.stdout)")
        let needed = elf.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init)
        #expect(!needed.isEmpty)
        #expect(!needed.contains { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") }, "\(needed)")
        if Self.gccHasArchives {
            #expect(!needed.contains { $0.hasPrefix("libstdc++") || $0.hasPrefix("libgcc_s") }, "loaded at start: \(needed)")
        }

        // The C++ the Swift runtime is written in runs from the archives: the same answers.
        let sample = root.appendingPathComponent("scripts/sample-app")
        for arguments in [["version", "compare", "1.0", "1.0.0-rc.1"], ["resolve"], ["resolve", "--json"], ["graph", "--check"]] {
            let debug = try compctl(arguments, in: sample)
            let release = try ProcessRunner.run(binary, arguments, in: sample,
                                                environment: ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": nil, "COMPCTL_TRUNK": "off"])
            #expect(release.exitCode == debug.exitCode, "\(arguments): \(release)")
            #expect(release.stdout == debug.stdout, "\(arguments)")
            #expect(release.stderr == debug.stderr, "\(arguments)")
        }
        let version = try ProcessRunner.run(binary, ["--version"])
        #expect(version.exitCode == 0 && version.stdout.hasPrefix("compctl ") && version.stdout.contains("libgit2"), "\(version)")
        #endif
    }
}

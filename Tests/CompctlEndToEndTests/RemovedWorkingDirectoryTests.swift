import Foundation
import Testing

/// A working directory that was removed after the shell entered it (a CI step after a clean
/// checkout, a folder another process deleted): the kernel can no longer name it, and every
/// relative path is meaningless. compctl must say so, not hang or crash.
@Suite struct RemovedWorkingDirectoryTests {
    @Test func aRemovedWorkingDirectoryIsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write(SpecRepoFixtures.spec("Foo", "1.0.0"), to: "specs/Foo/1.0.0/Foo.podspec.json")
        try directory.write("platform :ios, '13.0'\ntarget 'App' do\n  pod 'Foo'\nend\n", to: "Podfile")
        let gone = directory.url.appendingPathComponent("gone").path
        try FileManager.default.createDirectory(atPath: gone, withIntermediateDirectories: true)
        // The shell enters the folder, removes it, then runs compctl there (at most a minute:
        // walking up for compctl.yml once never ended).
        let script = #"cd "$1" && rmdir "$1" && exec timeout 60 "$2" resolve --podfile "$3/Podfile" --source "$3/specs""#
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", gone, Paths.compctl.path, directory.url.path],
            in: directory.url, environment: ["NO_COLOR": "1", "COMPCTL_TRUNK": "off",
                                             "COMPCTL_HOME": directory.url.appendingPathComponent("home").path])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: the working directory no longer exists (it was removed or moved); "
            + "cd into a directory that exists and run compctl again\n", "\(result)")
    }
}

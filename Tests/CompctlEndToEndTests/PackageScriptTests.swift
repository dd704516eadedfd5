import Foundation
import Testing

/// `scripts/package.sh`: the tarball CI installs compctl from, with its SHA-256.
@Suite struct PackageScriptTests {
    @Test func packagesTheBinaryWithAChecksumThatVerifies() throws {
        let output = try TemporaryDirectory()
        let script = TestPaths.packageRoot.appendingPathComponent("scripts/package.sh").path
        let run = try ProcessRunner.run("bash", [script, "--binary", Paths.compctl.path, "--output", output.url.path])
        #expect(run.exitCode == 0, "\(run)")
        let version = try compctl(["--version"]).stdout.split(separator: " ")[1]
        let name = "compctl-\(version)-linux-\(try ProcessRunner.run("uname", ["-m"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))"
        #expect(run.stdout == output.url.path + "/\(name).tar.gz\n", "\(run)")
        let check = try ProcessRunner.run("sha256sum", ["-c", "\(name).tar.gz.sha256"], in: output.url)
        #expect(check.exitCode == 0 && check.stdout == "\(name).tar.gz: OK\n", "\(check)")
        // Unpacked, the binary runs.
        let unpack = try ProcessRunner.run("tar", ["-xzf", "\(name).tar.gz"], in: output.url)
        #expect(unpack.exitCode == 0, "\(unpack)")
        let unpacked = try ProcessRunner.run(output.url.appendingPathComponent("\(name)/bin/compctl"), ["--version"])
        #expect(unpacked.stdout.hasPrefix("compctl \(version) "), "\(unpacked)")
    }
}

import Checksum
import Foundation
import Testing

/// integrate with a binary channel: the binary of each spec it published, once the check
/// passed and the integrate landed; none after a failed check.
@Suite(.serialized) struct IntegrateBinaryTests {
    @Test func integratePublishesTheBinaryOnceTheCheckPasses() throws {
        let binary = try BinaryWorld()
        let result = try binary.world.compctl(
            ["integrate", "Foo=1.1.0", "--check-command", "true", "--podfile", binary.world("app/Podfile"),
             "--config", binary.world("config/binary.yml")], in: binary.world("app"))
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "integrated Foo=1.1.0 into Podfile\n")
        #expect(result.stderr.contains("building Foo 1.1.0 at tag 1.1.0 with binary_command"), "\(result.stderr)")
        #expect(result.stderr.contains("published the binary of Foo 1.1.0 to binary-specs (Foo/1.1.0/Foo.podspec.json"))
        #expect(FileManager.default.fileExists(atPath: binary.world("artifacts/Foo/1.1.0/Foo.zip")))
        #expect(binary.binarySpec("Foo/1.1.0/Foo.podspec.json") != nil)
        // The source spec went first.
        #expect(try binary.world.log(binary.world("specs.git")).first == "[Update] Foo (1.1.0)")
    }

    @Test func aFailedCheckPublishesNoBinary() throws {
        let binary = try BinaryWorld()
        let result = try binary.world.compctl(
            ["integrate", "Foo=1.1.0", "--check-command", "exit 3", "--podfile", binary.world("app/Podfile"),
             "--config", binary.world("config/binary.yml")], in: binary.world("app"))
        #expect(result.exitCode == 1)
        #expect(!result.stderr.contains("binary_command"))
        #expect(!FileManager.default.fileExists(atPath: binary.world("artifacts")))
        #expect(try gitCLI("--git-dir", binary.world("binary-specs.git"), "for-each-ref").isEmpty)
    }

    /// `integrate Foo=1.1.0` into app/ with the binary channel's compctl.yml.
    func integrate(_ binary: BinaryWorld, _ extra: [String]) throws -> CommandResult {
        try binary.world.compctl(
            ["integrate", "Foo=1.1.0", "--podfile", binary.world("app/Podfile"), "--config", binary.world("config/binary.yml")] + extra,
            in: binary.world("app"))
    }

    @Test func theCheckBuildsTheCandidateFromSourceAndTheRestPrebuilt() throws {
        let binary = try BinaryWorld()
        #expect(try binary.publishBinary("Bar", at: "1.0.0").exitCode == 0)
        let address = binary.world("binary-specs.git")
        // The check sees Bar prebuilt and Foo, the candidate, from source; its pod install writes a lock.
        let check = "grep -q \"pod 'Bar', '~> 1.0', :source => '\(address)' # keep\" \"$COMPCTL_PODFILE\" "
            + "&& grep -q \"^  pod 'Foo', '1.1.0'$\" \"$COMPCTL_PODFILE\" && echo 'PODS: [binary]' > Podfile.lock"
        let result = try integrate(binary, ["--check-command", check])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the check builds Foo from source and takes 1 pod prebuilt from binary-specs "
            + "(checksums verified): Bar 1.0.0"), "\(result.stderr)")
        #expect(result.stderr.contains("compile check passed after"))
        #expect(result.stderr.contains("Podfile.lock is left as it was"))
        // The commit carries the pin only: no :source, no lock made with binaries.
        #expect(try String(contentsOfFile: binary.world("app/Podfile"), encoding: .utf8)
            == "platform :ios, '12.0'\n\ntarget 'App' do\n  pod 'Foo', '1.1.0'\n  pod 'Bar', '~> 1.0' # keep\nend\n")
        #expect(!FileManager.default.fileExists(atPath: binary.world("app/Podfile.lock")))
        #expect(try gitCLI("status", "--porcelain", in: binary.world("app")) == "")
        #expect(try gitCLI("log", "-1", "--format=%s", in: binary.world("app")) == "Integrate Foo 1.1.0")
    }

    @Test func allFromSourceAndDevPodsBuildFromSource() throws {
        let binary = try BinaryWorld()
        #expect(try binary.publishBinary("Bar", at: "1.0.0").exitCode == 0)
        let check = "! grep -q ':source' \"$COMPCTL_PODFILE\""
        let developing = try integrate(binary, ["--check-command", check, "--dev-pods", "Bar", "--dry-run"])
        #expect(developing.exitCode == 0, "\(developing.stderr)")
        #expect(!developing.stderr.contains("prebuilt"))
        let result = try integrate(binary, ["--check-command", check, "--all-from-source"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("prebuilt"))
    }

    @Test func anArchiveWhoseHashDoesNotMatchItsSpecStopsTheIntegrateBeforeAnyChange() throws {
        let binary = try BinaryWorld()
        #expect(try binary.publishBinary("Bar", at: "1.0.0").exitCode == 0)
        let archive = binary.world("artifacts/Bar/1.0.0/Bar.zip")
        let published = try #require(SHA256.hex(ofFile: archive))
        // Replaced behind the store's back after its spec was published.
        try? FileManager.default.removeItem(atPath: archive)
        try Data("another build".utf8).write(to: URL(fileURLWithPath: archive))
        let podfile = try String(contentsOfFile: binary.world("app/Podfile"), encoding: .utf8)
        let specs = try binary.world.log(binary.world("specs.git"))
        let result = try integrate(binary, ["--check-command", "true"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: the binary of Bar 1.0.0 does not match its spec: file://\(archive) has sha256 "
            + "\(SHA256.hex(Data("another build".utf8))), the spec says \(published); the archive was replaced after it was "
            + "published: publish the binary again under a new version, or take Bar from source (`--dev-pods Bar` for an integrate, `compctl pin --channel Bar=source` for the Podfile)\n")
        #expect(try String(contentsOfFile: binary.world("app/Podfile"), encoding: .utf8) == podfile)
        #expect(try binary.world.log(binary.world("specs.git")) == specs)
        #expect(!FileManager.default.fileExists(atPath: binary.world("app/.compctl/integrate.journal")))
    }
}

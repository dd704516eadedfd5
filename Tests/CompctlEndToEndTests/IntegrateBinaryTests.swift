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
}

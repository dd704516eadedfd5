import Checksum
import Foundation
import Testing

/// IntegrateWorld's spec repo, components and main project, plus the binary channel: an empty
/// binary spec repo `binary-specs.git`, a build script that zips a (fake) static library and
/// the component's C sources' names, and an artifact store (a folder, or a loopback HTTP server).
final class BinaryWorld {
    let app: IntegrateWorld
    var world: GitWorld { app.world }
    let server: ArtifactServer?

    /// `store`: nil for a folder store at `artifacts/`; else an HTTP store on this server.
    init(store server: ArtifactServer? = nil) throws {
        app = try IntegrateWorld()
        self.server = server
        try world.specRepo("binary-specs", files: [:])
        try world.write(["build-binary.sh": """
            set -e
            out="$COMPCTL_BINARY_OUTPUT"
            mkdir -p "$out/pkg/lib"
            echo "building $COMPCTL_COMPONENT $COMPCTL_VERSION at tag $COMPCTL_TAG"
            printf '!<arch>\\n%s %s\\n' "$COMPCTL_COMPONENT" "$COMPCTL_VERSION" > "$out/pkg/lib/lib$COMPCTL_COMPONENT.a"
            (cd "$out/pkg" && zip -q -r "../$COMPCTL_COMPONENT.zip" lib)
            printf '{"archive": "%s.zip", "vendored_libraries": ["lib/lib%s.a"]}\\n' "$COMPCTL_COMPONENT" "$COMPCTL_COMPONENT" > "$out/binary.json"

            """], under: "tools")
        try world.write(["binary.yml": config], under: "config")
    }

    /// compctl.yml of the binary channel (`config/binary.yml`).
    var config: String {
        """
        spec_repos:
          - name: specs
            url: \(world("specs.git"))
          - name: binary-specs
            url: \(world("binary-specs.git"))
        binary_repo: binary-specs
        artifact_store: \(server.map(\.baseURL) ?? world("artifacts"))
        binary_command: "sh \(world("tools/build-binary.sh"))"

        """
    }

    var environment: [String: String] {
        ["COMPCTL_ARTIFACT_TOKEN": server?.token ?? ""]
    }

    /// `compctl publish --binary NAME.podspec` in the component's work tree, checked out at `version`.
    func publishBinary(_ name: String, at version: String, _ extra: [String] = [], environment: [String: String] = [:]) throws -> CommandResult {
        try gitCLI("checkout", "-q", version, in: world(name))
        return try world.compctl(["publish", "--binary", "\(name).podspec", "--config", world("config/binary.yml")] + extra,
                                 in: world(name), environment: self.environment.merging(environment) { _, new in new })
    }

    /// Sets the component's podspec version, commits, tags and pushes.
    func release(_ name: String, _ version: String) throws {
        let path = world("\(name)/\(name).podspec")
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #"s.version = '[^']*'"#, with: "s.version = '\(version)'", options: .regularExpression)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try gitCLI("commit", "-q", "-am", "\(name) \(version)", in: world(name))
        try gitCLI("tag", "-a", "-m", "\(name) \(version)", version, in: world(name))
        try gitCLI("push", "-q", "origin", "main", version, in: world(name))
    }

    /// The binary spec repo's `path` at main, or nil.
    func binarySpec(_ path: String) -> String? {
        try? gitCLI("--git-dir", world("binary-specs.git"), "show", "main:\(path)")
    }
}

@Suite(.serialized) struct PublishBinaryTests {
    @Test func publishesTheBinaryOfAnIntegratedVersionIntoAFolderStore() throws {
        let binary = try BinaryWorld()
        let result = try binary.publishBinary("Foo", at: "1.0.0")
        #expect(result.exitCode == 0, "\(result.stderr)")
        let archive = binary.world("artifacts/Foo/1.0.0/Foo.zip")
        let sha = try #require(SHA256.hex(ofFile: archive))
        #expect(result.stdout == """
            stored file://\(archive) (sha256 \(sha))
            published the binary of Foo 1.0.0 to binary-specs: [Add] Foo (1.0.0) at Foo/1.0.0/Foo.podspec.json (\(try binary.world.short("main", in: binary.world("binary-specs.git"))))

            """)
        #expect(result.stderr.hasPrefix("building Foo 1.0.0 at tag 1.0.0 with binary_command\n"))
        let spec = try #require(binary.binarySpec("Foo/1.0.0/Foo.podspec.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(spec.utf8)) as? [String: Any])
        #expect(json["source"] as? [String: String] == ["http": "file://\(archive)", "sha256": sha])
        #expect(json["vendored_libraries"] as? [String] == ["lib/libFoo.a"])
        #expect(json["version"] as? String == "1.0.0")
        // Again: the binary is there, nothing is built or published.
        let again = try binary.publishBinary("Foo", at: "1.0.0")
        #expect(again.exitCode == 0)
        #expect(again.stdout == "Foo 1.0.0 already has a binary in binary-specs (Foo/1.0.0); nothing to publish\n")
        #expect(try binary.world.log(binary.world("binary-specs.git")) == ["[Add] Foo (1.0.0)"])
    }

    @Test func aVersionWithoutItsSourceSpecGetsNoBinary() throws {
        let binary = try BinaryWorld()
        let result = try binary.publishBinary("Foo", at: "1.1.0")
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: Foo 1.1.0 is not published in specs: a binary spec never comes before its source spec; integrate or publish the source spec first\n")
        #expect(!FileManager.default.fileExists(atPath: binary.world("artifacts")))
        #expect(binary.binarySpec("Foo/1.1.0/Foo.podspec.json") == nil)
    }

    @Test func publishesTheBinaryToAnHTTPStoreWithTheToken() throws {
        let server = try ArtifactServer()
        let binary = try BinaryWorld(store: server)
        let result = try binary.publishBinary("Foo", at: "1.0.0")
        #expect(result.exitCode == 0, "\(result.stderr)")
        let stored = try #require(server.contents("Foo/1.0.0/Foo.zip"))
        let sha = SHA256.hex(stored)
        let url = server.baseURL + "/Foo/1.0.0/Foo.zip"
        #expect(result.stdout.hasPrefix("stored \(url) (sha256 \(sha))\npublished the binary of Foo 1.0.0 to binary-specs: [Add] Foo (1.0.0)"))
        let spec = try #require(binary.binarySpec("Foo/1.0.0/Foo.podspec.json"))
        #expect(spec.contains("\"http\" : \"\(url)\"") && spec.contains("\"sha256\" : \"\(sha)\""))
        #expect(server.uploads.count == 1 && server.uploads[0].header("Authorization") == "Bearer \(server.token)")
        // The token is never printed.
        #expect(!result.stdout.contains(server.token) && !result.stderr.contains(server.token))
        // The archive is the zip the command made, with the library it declared.
        let listing = binary.world("listing.zip")
        try stored.write(to: URL(fileURLWithPath: listing))
        #expect(try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-Z1", listing]).stdout.contains("lib/libFoo.a"))
    }

    @Test func anArchiveWithAnotherHashIsNeverOverwrittenAndNoSpecIsPublished() throws {
        let server = try ArtifactServer()
        server.store(Data("an older build".utf8), at: "Foo/1.0.0/Foo.zip")
        let binary = try BinaryWorld(store: server)
        let result = try binary.publishBinary("Foo", at: "1.0.0")
        #expect(result.exitCode == 1)
        let url = server.baseURL + "/Foo/1.0.0/Foo.zip"
        #expect(result.stderr.contains("error: \(url) already holds another archive (sha256 \(SHA256.hex(Data("an older build".utf8))), "
            + "this build's is "))
        #expect(result.stderr.contains("compctl never overwrites a stored artifact"))
        #expect(server.uploads.isEmpty)
        #expect(server.contents("Foo/1.0.0/Foo.zip") == Data("an older build".utf8))
        #expect(binary.binarySpec("Foo/1.0.0/Foo.podspec.json") == nil)
        #expect(try gitCLI("--git-dir", binary.world("binary-specs.git"), "for-each-ref").isEmpty)
    }

    @Test func anRCGetsNoBinaryUnlessAsked() throws {
        let binary = try BinaryWorld()
        // Foo 1.2.0-rc.1, tagged and published as a source spec.
        try binary.release("Foo", "1.2.0-rc.1")
        let published = try binary.world.compctl(["publish", "Foo.podspec", "--repo", binary.world("specs.git")], in: binary.world("Foo"))
        #expect(published.exitCode == 0, "\(published.stderr)")
        let refused = try binary.publishBinary("Foo", at: "1.2.0-rc.1")
        #expect(refused.exitCode == 1)
        #expect(refused.stderr == "error: Foo 1.2.0-rc.1 is a release candidate: compctl builds no binary of an rc unless asked; pass --allow-rc to build one\n")
        #expect(!FileManager.default.fileExists(atPath: binary.world("artifacts")))
        let asked = try binary.publishBinary("Foo", at: "1.2.0-rc.1", ["--allow-rc"])
        #expect(asked.exitCode == 0, "\(asked.stderr)")
        #expect(binary.binarySpec("Foo/1.2.0-rc.1/Foo.podspec.json") != nil)
    }

    @Test func aKilledUploadLeavesNoSpecAndTheNextRunPublishes() throws {
        let stalling = try ArtifactServer(stallingUploads: true)
        let binary = try BinaryWorld(store: stalling)
        try gitCLI("checkout", "-q", "1.0.0", in: binary.world("Foo"))
        let process = Process()
        process.executableURL = Paths.compctl
        process.arguments = ["publish", "--binary", "Foo.podspec", "--config", binary.world("config/binary.yml")]
        process.currentDirectoryURL = URL(fileURLWithPath: binary.world("Foo"))
        process.environment = ProcessInfo.processInfo.environment.merging(binary.world.environment) { _, new in new }
            .merging(binary.environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The upload has started and its body stalls: kill compctl in the middle of it.
        let head = try #require(stalling.server.waitForStalledUpload(timeout: 60))
        #expect(head.path == "/artifacts/Foo/1.0.0/Foo.zip")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(stalling.paths.isEmpty)
        #expect(binary.binarySpec("Foo/1.0.0/Foo.podspec.json") == nil)
        #expect(try gitCLI("--git-dir", binary.world("binary-specs.git"), "for-each-ref").isEmpty)

        // The next run (against a store that answers) builds, uploads and publishes.
        let server = try ArtifactServer()
        let config = binary.config.replacingOccurrences(of: stalling.baseURL, with: server.baseURL)
        try config.write(toFile: binary.world("config/binary.yml"), atomically: true, encoding: .utf8)
        let next = try binary.world.compctl(["publish", "--binary", "Foo.podspec", "--config", binary.world("config/binary.yml")],
                                            in: binary.world("Foo"), environment: ["COMPCTL_ARTIFACT_TOKEN": server.token])
        #expect(next.exitCode == 0, "\(next.stderr)")
        #expect(binary.binarySpec("Foo/1.0.0/Foo.podspec.json")?.contains(server.baseURL + "/Foo/1.0.0/Foo.zip") == true)
    }
}

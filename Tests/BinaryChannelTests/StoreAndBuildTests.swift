@testable import BinaryChannel
import Checksum
import CompileCheck
import Foundation
import Git
import Testing
import TestSupport

@Suite struct FolderArtifactStoreTests {
    @Test func storesOnceVerifiesAndNeverOverwritesAnotherArchive() throws {
        let directory = try TemporaryDirectory()
        let store = FolderArtifactStore(folder: directory("store"))
        let key = ArtifactKey(name: "XXLogger", version: "1.4.2", fileName: "XXLogger.zip")
        let first = directory("first.zip"), second = directory("second.zip")
        try Data("one".utf8).write(to: URL(fileURLWithPath: first))
        try Data("two".utf8).write(to: URL(fileURLWithPath: second))
        let sha = try #require(SHA256.hex(ofFile: first))
        let stored = try store.store(first, as: key, sha256: sha)
        #expect(stored == StoredArtifact(url: "file://\(directory.path)/store/XXLogger/1.4.2/XXLogger.zip", sha256: sha,
                                         alreadyStored: false, uploads: 1))
        #expect(FileManager.default.contents(atPath: directory("store/XXLogger/1.4.2/XXLogger.zip")) == Data("one".utf8))
        // The same archive again (a retried run) is fine; another one under that name is refused.
        #expect(try store.store(first, as: key, sha256: sha).alreadyStored)
        let other = try #require(SHA256.hex(ofFile: second))
        #expect(throws: BinaryError.differentArtifactExists(url: stored.url, stored: sha, built: other)) {
            try store.store(second, as: key, sha256: other)
        }
        #expect(FileManager.default.contents(atPath: directory("store/XXLogger/1.4.2/XXLogger.zip")) == Data("one".utf8))
        // Nothing but the archive is left in its folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory("store/XXLogger/1.4.2")) == ["XXLogger.zip"])
    }

    @Test func readsTheLocationsCompctlYmlTakes() throws {
        #expect(try ArtifactStoreLocation(parsing: "https://artifacts.example/ios/", relativeTo: "/p") == .http("https://artifacts.example/ios"))
        #expect(try ArtifactStoreLocation(parsing: "file:///srv/binaries", relativeTo: "/p") == .folder("/srv/binaries"))
        #expect(try ArtifactStoreLocation(parsing: "../binaries", relativeTo: "/p/app") == .folder("/p/binaries"))
        #expect(throws: BinaryError.badStoreLocation("ftp://x/y")) { try ArtifactStoreLocation(parsing: "ftp://x/y", relativeTo: "/p") }
    }
}

@Suite(.serialized) struct BinaryBuilderTests {
    /// The real runner without the SIGINT/SIGTERM trap of `runInterruptibly`: the library
    /// tests run in one process beside TerminationSignalTrapTests, which send SIGINT to it,
    /// and a trap here took that for a cancelled build (and kept the signal from that test).
    static let runWithoutSignalTrap: @Sendable (CheckInvocation) async throws -> CheckOutcome = { invocation in
        try await CompileCheckRunner().run(invocation)
    }

    /// A component repository tagged 1.0.0 whose build script writes the archive and binary.json.
    func component(in directory: TemporaryDirectory, script: String) throws -> String {
        try TestGit.isolate()
        let path = directory("XXLogger")
        try directory.write(["build.sh": script, "Sources/XXLogger.c": "int xx(void) { return 1; }\n"], under: "XXLogger")
        try gitCLI("init", "-q", "-b", "main", path)
        try gitCLI("add", "-A", in: path)
        try gitCLI("commit", "-q", "-m", "XXLogger 1.0.0", in: path)
        try gitCLI("tag", "1.0.0", in: path)
        // A later commit: the build must see the tag's files, not the branch's.
        try directory.write(["Sources/XXLogger.c": "this does not compile\n"], under: "XXLogger")
        try gitCLI("commit", "-q", "-am", "work in progress", in: path)
        return path
    }

    @Test func buildsAtTheTagWithContextInTheEnvironment() async throws {
        let directory = try TemporaryDirectory()
        let zip = directory("fixture.zip")
        try TestZip.make(files: [("libXXLogger.a", "!<arch>\n")]).write(to: URL(fileURLWithPath: zip))
        let repository = try component(in: directory, script: """
            set -e
            grep -q 'return 1' Sources/XXLogger.c
            echo "building $COMPCTL_COMPONENT $COMPCTL_VERSION at $COMPCTL_TAG"
            cp '\(zip)' "$COMPCTL_BINARY_OUTPUT/XXLogger.zip"
            printf '{"archive": "XXLogger.zip", "vendored_libraries": ["libXXLogger.a"]}' > "$COMPCTL_BINARY_OUTPUT/binary.json"
            """)
        let built = try await BinaryBuilder(credentials: TestGit.noCredentials, run: Self.runWithoutSignalTrap).build(
            BinaryBuildRequest(name: "XXLogger", version: "1.0.0", repository: repository, tag: "1.0.0",
                               command: .shell("sh build.sh"), logPath: directory("logs/build.log")),
            scratch: directory("scratch"))
        #expect(built.entries == ["libXXLogger.a"])
        #expect(built.sha256 == SHA256.hex(ofFile: zip))
        #expect(built.commit == (try gitCLI("rev-parse", "1.0.0^{commit}", in: repository)))
        #expect(try String(contentsOfFile: directory("logs/build.log"), encoding: .utf8).contains("building XXLogger 1.0.0 at 1.0.0"))
    }

    @Test func aFailedBuildOrAMissingArchiveSaysWhy() async throws {
        let directory = try TemporaryDirectory()
        let repository = try component(in: directory, script: "echo 'cc: error: boom' >&2; exit 3\n")
        let builder = BinaryBuilder(credentials: TestGit.noCredentials, run: Self.runWithoutSignalTrap)
        let request = BinaryBuildRequest(name: "XXLogger", version: "1.0.0", repository: repository, tag: "1.0.0",
                                         command: .shell("sh build.sh"), logPath: directory("logs/build.log"))
        await #expect(throws: BinaryError.buildFailed(name: "XXLogger", version: "1.0.0", status: "failed with exit code 3",
                                                      log: directory("logs/build.log"), tail: ["cc: error: boom"])) {
            try await builder.build(request, scratch: directory("scratch1"))
        }
        let silent = try TemporaryDirectory()
        let quiet = try component(in: silent, script: "printf '{\"archive\": \"X.zip\", \"vendored_libraries\": \"x.a\"}' > \"$COMPCTL_BINARY_OUTPUT/binary.json\"\n")
        await #expect(throws: BinaryError.badArchive(path: silent("scratch/output/X.zip"), reason: "the command did not write it")) {
            try await builder.build(BinaryBuildRequest(name: "XXLogger", version: "1.0.0", repository: quiet, tag: "1.0.0",
                                                       command: .shell("sh build.sh"), logPath: silent("build.log")),
                                    scratch: silent("scratch"))
        }
        await #expect(throws: BinaryError.self) {
            try await builder.build(BinaryBuildRequest(name: "XXLogger", version: "9.9.9", repository: quiet, tag: "9.9.9",
                                                       command: .shell("true"), logPath: silent("build2.log")),
                                    scratch: silent("scratch2"))
        }
    }
}

@Suite struct HTTPArtifactStoreTests {
    let key = ArtifactKey(name: "XXLogger", version: "1.4.2", fileName: "XXLogger.zip")

    func archive(_ text: String, in directory: TemporaryDirectory) throws -> (path: String, sha: String) {
        let path = directory(text + ".zip")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (path, try #require(SHA256.hex(ofFile: path)))
    }

    @Test func uploadsWithTheTokenRetriesAndReadsBack() throws {
        let server = try ArtifactServer(failingPuts: 2)
        let directory = try TemporaryDirectory()
        let (path, sha) = try archive("one", in: directory)
        let store = HTTPArtifactStore(base: server.baseURL + "/", credentials: ArtifactCredentials(token: server.token))
        let stored = try store.store(path, as: key, sha256: sha)
        #expect(stored == StoredArtifact(url: server.baseURL + "/XXLogger/1.4.2/XXLogger.zip", sha256: sha,
                                         alreadyStored: false, uploads: 3))
        #expect(server.contents("XXLogger/1.4.2/XXLogger.zip") == Data("one".utf8))
        let put = try #require(server.uploads.last)
        #expect(put.header("If-None-Match") == "*" && put.header("X-Checksum-Sha256") == sha)
        // Asked first, read back after: GET, PUT ×3, GET.
        #expect(server.server.requests.map(\.method) == ["GET", "PUT", "PUT", "PUT", "GET"])
        #expect(try store.store(path, as: key, sha256: sha).alreadyStored)
        #expect(server.uploads.count == 3)
    }

    @Test func neverOverwritesAnotherArchive() throws {
        let server = try ArtifactServer()
        server.store(Data("someone else's".utf8), at: "XXLogger/1.4.2/XXLogger.zip")
        let directory = try TemporaryDirectory()
        let (path, sha) = try archive("mine", in: directory)
        let store = HTTPArtifactStore(base: server.baseURL, credentials: ArtifactCredentials(token: server.token))
        #expect(throws: BinaryError.differentArtifactExists(url: store.url(of: key), stored: SHA256.hex(Data("someone else's".utf8)),
                                                           built: sha)) {
            try store.store(path, as: key, sha256: sha)
        }
        #expect(server.uploads.isEmpty)
        #expect(server.contents("XXLogger/1.4.2/XXLogger.zip") == Data("someone else's".utf8))
    }

    @Test func whatReadsBackDifferentlyIsAFailureAndAWrongTokenIsRefused() throws {
        let server = try ArtifactServer()
        let directory = try TemporaryDirectory()
        let (path, sha) = try archive("one", in: directory)
        let refused = HTTPArtifactStore(base: server.baseURL, credentials: ArtifactCredentials(token: "wrong"))
        #expect(throws: BinaryError.storeRefused(url: refused.url(of: key), status: 401)) {
            try refused.store(path, as: key, sha256: sha)
        }
        #expect("\(BinaryError.storeRefused(url: refused.url(of: key), status: 401))".contains("COMPCTL_ARTIFACT_TOKEN"))
        // A store that keeps other bytes than it was sent: the read-back catches it.
        let mangling = try ArtifactServer(corruptsUploads: true)
        let store = HTTPArtifactStore(base: mangling.baseURL, credentials: ArtifactCredentials(token: mangling.token))
        let kept = SHA256.hex(mangling.contents("XXLogger/1.4.2/XXLogger.zip") ?? Data("onf".utf8))
        #expect(throws: BinaryError.verificationFailed(url: store.url(of: key), expected: sha, found: kept)) {
            try store.store(path, as: key, sha256: sha)
        }
    }

    @Test func basicAuthenticationWithAUser() {
        #expect(ArtifactCredentials(token: "t", user: "ci").headers == ["Authorization": "Basic " + Data("ci:t".utf8).base64EncodedString()])
        #expect(ArtifactCredentials(token: "t").headers == ["Authorization": "Bearer t"])
        #expect(ArtifactCredentials().headers.isEmpty)
        #expect(!"\(ArtifactCredentials(token: "s3cret"))".contains("s3cret"))
        #expect(ArtifactCredentials.fromEnvironment(["COMPCTL_ARTIFACT_TOKEN": "", "COMPCTL_ARTIFACT_USER": "u"])
            == ArtifactCredentials(token: nil, user: "u"))
    }
}

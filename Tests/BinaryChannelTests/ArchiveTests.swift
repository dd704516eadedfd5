@testable import BinaryChannel
import Foundation
import Podspec
import Testing
import TestSupport

@Suite struct ZipListingTests {
    @Test func listsTheEntriesOfAZipAndOfAZIP64() throws {
        let directory = try TemporaryDirectory()
        for zip64 in [false, true] {
            let path = directory("a\(zip64).zip")
            try TestZip.make(files: [("lib/", ""), ("lib/libFoo.a", "!<arch>\n"), ("include/Foo.h", "int foo(void);\n")],
                             zip64: zip64).write(to: URL(fileURLWithPath: path))
            #expect(try ZipListing.entries(ofFile: path) == ["lib/", "lib/libFoo.a", "include/Foo.h"])
        }
    }

    @Test func refusesWhatIsNotASafeZip() throws {
        let directory = try TemporaryDirectory()
        let text = directory("text.zip")
        try "not a zip at all".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(throws: BinaryError.badArchive(path: text, reason: "it is not a zip archive (no end of central directory)")) {
            try ZipListing.entries(ofFile: text)
        }
        let evil = directory("evil.zip")
        try TestZip.make(files: [("ok.txt", "x"), ("../evil.a", "x")]).write(to: URL(fileURLWithPath: evil))
        #expect(throws: BinaryError.badArchive(path: evil, reason: "it holds an entry named '../evil.a', which would unpack outside its folder")) {
            try ZipListing.entries(ofFile: evil)
        }
        let truncated = directory("cut.zip")
        let whole = TestZip.make(files: [("a.txt", "hello")])
        // The end record survives, the central directory it points at does not.
        try (whole.prefix(10) + whole.suffix(22)).write(to: URL(fileURLWithPath: truncated))
        #expect(throws: BinaryError.self) { try ZipListing.entries(ofFile: truncated) }
        #expect(throws: BinaryError.self) { try ZipListing.entries(ofFile: directory("missing.zip")) }
    }
}

@Suite struct BinaryDeclarationTests {
    let uikit = Specification(
        name: "XXUIKit", version: "2.4.1", source: Source(git: "https://git.acme.example/ios/XXUIKit.git", tag: "2.4.1"),
        subspecs: [
            Specification(name: "XXUIKit/Core", version: "2.4.1"),
            Specification(name: "XXUIKit/Theme", version: "2.4.1", dependencies: [Dependency(name: "XXUIKit/Core")],
                          subspecs: [Specification(name: "XXUIKit/Theme/Dark", version: "2.4.1")]),
        ],
        defaultSubspecs: ["Core"], deploymentTargets: ["ios": "12.0"])

    @Test func readsEveryKeyAndReportsEveryProblemAtOnce() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("""
            {"archive": "XXUIKit.zip", "vendored_libraries": "lib/libXXUIKit.a", "source_files": ["include/*.h"],
             "subspecs": {"Theme": {"vendored_frameworks": ["XXUIKitTheme.xcframework"]}}}
            """, to: "good/binary.json").path
        #expect(try BinaryDeclaration.read(good) == BinaryDeclaration(
            archive: "XXUIKit.zip",
            root: BinaryContents(vendoredLibraries: ["lib/libXXUIKit.a"], sourceFiles: ["include/*.h"]),
            subspecs: ["Theme": BinaryContents(vendoredFrameworks: ["XXUIKitTheme.xcframework"])]))

        let bad = try directory.write("""
            {"archive": "../x.zip", "vendored_librarys": [], "vendored_libraries": ["/abs/lib.a"], "subspecs": {"Core": 3}}
            """, to: "bad/binary.json").path
        #expect(throws: BinaryError.badDeclaration(path: bad, problems: [
            "unknown key \"vendored_librarys\"; the keys are archive, source_files, subspecs, vendored_frameworks, vendored_libraries",
            "\"archive\" must be a file name in the output folder, not \"../x.zip\"",
            "\"vendored_libraries\" has \"/abs/lib.a\", which is not a path inside the archive",
            "\"subspecs\".\"Core\" must be an object of vendored_frameworks, vendored_libraries and source_files",
        ])) { try BinaryDeclaration.read(bad) }
        #expect(throws: BinaryError.noDeclaration(path: directory("none/binary.json"))) {
            try BinaryDeclaration.read(directory("none/binary.json"))
        }
    }

    @Test func checksTheDeclarationAgainstTheSpecAndTheArchive() {
        let entries = ["lib/libXXUIKit.a", "include/XXUIKit.h", "XXUIKitTheme.xcframework/Info.plist"]
        let fine = BinaryDeclaration(archive: "XXUIKit.zip", root: BinaryContents(vendoredLibraries: ["lib/*.a"],
                                                                                   sourceFiles: ["include/**/*.h"]))
        #expect(fine.problems(for: uikit, entries: entries).isEmpty)
        let perSubspec = BinaryDeclaration(archive: "XXUIKit.zip", root: BinaryContents(), subspecs: [
            "Core": BinaryContents(vendoredLibraries: ["lib/libXXUIKit.a"]),
            "Theme": BinaryContents(vendoredFrameworks: ["XXUIKitTheme.xcframework"]),
        ])
        // Theme/Dark is served by Theme's framework.
        #expect(perSubspec.problems(for: uikit, entries: entries).isEmpty)

        let wrong = BinaryDeclaration(archive: "XXUIKit.zip", root: BinaryContents(), subspecs: [
            "Core": BinaryContents(vendoredLibraries: ["lib/libMissing.a"], sourceFiles: ["headers/*.h"]),
            "Buttons": BinaryContents(vendoredFrameworks: ["XXUIKit.bundle"]),
        ])
        #expect(wrong.problems(for: uikit, entries: entries) == [
            "it declares subspec \"Buttons\", which XXUIKit 2.4.1 does not have (its subspecs: Core, Theme, Theme/Dark)",
            "subspec \"Buttons\": vendored framework \"XXUIKit.bundle\" is not in XXUIKit.zip",
            "subspec \"Buttons\": vendored framework \"XXUIKit.bundle\" must end in .framework or .xcframework",
            "subspec \"Core\": vendored library \"lib/libMissing.a\" is not in XXUIKit.zip",
            "subspec \"Core\": source_files \"headers/*.h\" matches nothing in XXUIKit.zip",
            "subspec \"Theme\" gets no framework or library: declare vendored_frameworks or vendored_libraries for it or for the root",
            "subspec \"Theme/Dark\" gets no framework or library: declare vendored_frameworks or vendored_libraries for it or for the root",
        ])
        let nothing = BinaryDeclaration(archive: "XXLogger.zip", root: BinaryContents(sourceFiles: ["include/*.h"]))
        #expect(nothing.problems(for: Specification(name: "XXLogger", version: "1.4.2"), entries: ["include/a.h"]) == [
            "it declares no vendored_frameworks or vendored_libraries: name what the archive holds",
        ])
    }

    @Test func filePatternsMatchAsPodspecGlobsDo() {
        #expect(FilePattern.matches("lib/*.a", "lib/libFoo.a"))
        #expect(!FilePattern.matches("lib/*.a", "lib/sim/libFoo.a"))
        #expect(FilePattern.matches("lib/**/*.a", "lib/sim/libFoo.a"))
        #expect(FilePattern.matches("**/*.a", "libFoo.a"))
        #expect(FilePattern.matches("Foo.xcframework", "Foo.xcframework"))
        #expect(!FilePattern.matches("Foo?.a", "Foo.a"))
    }
}

@Suite struct BinarySpecTests {
    @Test func theBinaryTwinKeepsNameVersionDependenciesAndSubspecs() throws {
        let source = try PodspecReader.read(contentsOf: TestPaths.packageRoot.appendingPathComponent("Specs/XXUIKit/2.4.1/XXUIKit.podspec").path)
        let declaration = BinaryDeclaration(
            archive: "XXUIKit.zip", root: BinaryContents(vendoredLibraries: ["libXXUIKit.a"], sourceFiles: ["include/*.h"]),
            subspecs: ["Theme": BinaryContents(vendoredFrameworks: ["XXUIKitTheme.xcframework"])])
        let sha = String(repeating: "ab", count: 32)
        let file = try BinarySpec.make(from: source, declaration: declaration, url: "https://artifacts.example/XXUIKit/2.4.1/XXUIKit.zip",
                                       sha256: sha, origin: "tag 2.4.1 (0123abcd)")
        #expect(file.path == "XXUIKit.podspec.json")
        let binary = file.spec
        #expect(binary.name == source.name && binary.version == source.version)
        #expect(binary.source == Source(http: "https://artifacts.example/XXUIKit/2.4.1/XXUIKit.zip", sha256: sha))
        #expect(BinarySpec.isBinary(binary) && !BinarySpec.isBinary(source))
        // A JSON podspec's dependencies are an object: their order is the names'.
        func sorted(_ dependencies: [Dependency]) -> [Dependency] { dependencies.sorted { $0.name < $1.name } }
        #expect(sorted(binary.dependencies) == sorted(source.dependencies))
        #expect(binary.defaultSubspecs == source.defaultSubspecs)
        #expect(binary.deploymentTargets == source.deploymentTargets)
        #expect(binary.allSubspecs.map(\.name) == source.allSubspecs.map(\.name))
        #expect(binary.allSubspecs.map { sorted($0.dependencies) } == source.allSubspecs.map { sorted($0.dependencies) })
        let json = try #require(try JSONSerialization.jsonObject(with: file.contents) as? [String: Any])
        #expect(json["vendored_libraries"] as? [String] == ["libXXUIKit.a"])
        #expect(json["source_files"] as? [String] == ["include/*.h"])
        let theme = (json["subspecs"] as? [[String: Any]])?.first { $0["name"] as? String == "Theme" }
        #expect(theme?["vendored_frameworks"] as? [String] == ["XXUIKitTheme.xcframework"])
        #expect((json["summary"] as? String)?.contains("tag 2.4.1 (0123abcd)") == true)
    }

    @Test func readsTheChecksumsOfExistingBinarySpecs() throws {
        // As a real private spec repo serves prebuilt xcframeworks from Artifactory.
        let json = try PodspecReader.read(data: Data("""
            {"name": "DesignEngine", "version": "2.3.0-xcframework",
             "source": {"http": "https://artifactory.example/ios/2.3.0/DesignEngine.xcframework.zip",
                        "sha1": "0a4d55a8d778e5022fab701977c5d840bbc486d0"},
             "vendored_frameworks": "DesignEngine.xcframework"}
            """.utf8), path: "DesignEngine.podspec.json")
        #expect(json.source?.sha1 == "0a4d55a8d778e5022fab701977c5d840bbc486d0")
        #expect(json.source?.isChecksummedArchive == true)
        let ruby = try PodspecReader.read(contentsOf: TestPaths.corpusFile("podspecs/facebook+react-native/boost.podspec"))
        #expect(ruby.source?.http == "https://archives.boost.io/release/1.83.0/source/boost_1_83_0.tar.bz2")
        #expect(ruby.source?.sha256 == "6478edfe2f3305127cffe8caf73ea0176c53769f4bf1585be237eb30798c3b8e")
    }
}

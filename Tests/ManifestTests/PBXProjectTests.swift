import Foundation
import Testing
import TestSupport
@testable import Manifest

@Suite struct PBXProjectTests {
    static let projects = SharedCorpus.files(under: "xcodeproj") { $0.hasSuffix("project.pbxproj") }

    /// What the corpus's projects hold, counted by hand from the files: remote references by
    /// requirement kind, and local references.
    /// What the corpus's projects hold, counted with awk and grep over the files (each
    /// `isa = XCRemoteSwiftPackageReference;` block's `kind`, and the local references).
    static let expected: [String: (kinds: [String: Int], locals: Int)] = [
        "duckduckgo+iOS": (["exactVersion": 14, "revision": 1], 0),
        "home-assistant+iOS": (["branch": 1, "exactVersion": 7, "revision": 2, "upToNextMajorVersion": 10], 9),
        "jellyfin+Swiftfin": (["branch": 2, "upToNextMajorVersion": 20, "upToNextMinorVersion": 2], 1),
        "ProtonVPN+ios-mac-app": (["exactVersion": 8, "upToNextMajorVersion": 5, "versionRange": 2], 0),
    ]

    @Test func theCorpusHasFourProjects() {
        #expect(Self.projects.count == 4)
    }

    @Test(arguments: projects)
    func everyReferenceOfTheCorpusIsRead(url: URL) throws {
        let project = try PBXProject(parsing: [UInt8](try Data(contentsOf: url)), path: url.lastPathComponent)
        let name = url.pathComponents.first { $0.contains("+") }!
        var kinds: [String: Int] = [:]
        for reference in project.remotes { kinds[reference.kind, default: 0] += 1 }
        #expect(kinds == Self.expected[name]?.kinds, "\(name)")
        #expect(project.locals.count == Self.expected[name]?.locals, "\(name)")
        for reference in project.remotes {
            #expect(reference.repositoryURL.hasPrefix("https://"), "\(reference.id)")
            switch reference.kind {
            case "exactVersion": #expect(reference.fields["version"] != nil)
            case "upToNextMajorVersion", "upToNextMinorVersion": #expect(reference.fields["minimumVersion"] != nil)
            case "versionRange": #expect(reference.fields["minimumVersion"] != nil && reference.fields["maximumVersion"] != nil)
            case "branch": #expect(reference.fields["branch"] != nil)
            case "revision": #expect(reference.fields["revision"] != nil)
            default: Issue.record("unknown kind \(reference.kind)")
            }
        }
    }

    /// Every remote reference pinned: each requirement becomes exact, and outside the
    /// requirements not a byte changes.
    @Test(arguments: projects)
    func pinningEveryReferenceTouchesOnlyTheRequirements(url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        let project = try PBXProject(parsing: bytes, path: url.lastPathComponent)
        var pins: [String: String] = [:]
        for reference in project.remotes { pins[reference.repositoryURL] = "9.8.7" }
        let edit = try PBXProjectEditor.pin(pins, in: bytes, path: url.lastPathComponent) { $0 == $1 }
        let pinned = try PBXProject(parsing: edit.bytes, path: url.lastPathComponent)
        #expect(pinned.remotes.count == project.remotes.count)
        for reference in pinned.remotes {
            #expect(reference.kind == "exactVersion" && reference.fields == ["version": "9.8.7"], "\(reference.id)")
        }
        #expect(pinned.locals == project.locals)
        // Cut every requirement out of both files: what remains is the same bytes.
        func withoutRequirements(_ bytes: [UInt8], _ project: PBXProject) -> [UInt8] {
            var result: [UInt8] = []
            var cursor = 0
            for range in project.remotes.compactMap(\.requirementRange).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                result += bytes[cursor..<range.lowerBound]
                cursor = range.upperBound
            }
            return result + bytes[cursor...]
        }
        #expect(withoutRequirements(edit.bytes, pinned) == withoutRequirements(bytes, project))
    }

    @Test func aPinIsWrittenAsXcodeWritesIt() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tAB /* XCRemoteSwiftPackageReference "Net" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "https://git.acme.example/ios/Net.git";
            \t\t\trequirement = {
            \t\t\t\tkind = upToNextMajorVersion;
            \t\t\t\tminimumVersion = 1.2.0;
            \t\t\t};
            \t\t};
            \t\tCD /* XCRemoteSwiftPackageReference "Log" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "https://git.acme.example/ios/Log";
            \t\t\trequirement = {
            \t\t\t\tkind = exactVersion;
            \t\t\t\tversion = 0.4.0;
            \t\t\t};
            \t\t};
            \t};
            }

            """
        let edit = try PBXProjectEditor.pin(["net": "1.3.0-rc.1", "log": "0.4.1"], in: Array(text.utf8), path: "project.pbxproj") { url, name in
            url.lowercased().contains("/\(name)")
        }
        #expect(String(decoding: edit.bytes, as: UTF8.self) == text
            .replacingOccurrences(of: "kind = upToNextMajorVersion;\n\t\t\t\tminimumVersion = 1.2.0;", with: "kind = exactVersion;\n\t\t\t\tversion = 1.3.0-rc.1;")
            .replacingOccurrences(of: "version = 0.4.0;", with: "version = 0.4.1;"))
        #expect(throws: ManifestError.cannotPin([ManifestIssue(file: "project.pbxproj", line: nil,
            message: "no XCRemoteSwiftPackageReference of `ui`; add the package to the project in Xcode first")])) {
            try PBXProjectEditor.pin(["ui": "1.0.0"], in: Array(text.utf8), path: "project.pbxproj") { url, name in url.contains(name) }
        }
    }
}

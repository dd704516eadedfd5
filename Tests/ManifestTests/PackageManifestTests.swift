import Foundation
import Testing
import TestSupport
@testable import Manifest

private func row(_ dependency: PackageDependency) -> String {
    let location = switch dependency.location {
    case let .url(url): url
    case let .path(path): "path \(path)"
    case .other: "other"
    }
    let requirement = switch dependency.requirement {
    case let .exact(version): "exact \(version)"
    case let .upToNextMajor(version): "from \(version)"
    case let .upToNextMinor(version): "minor \(version)"
    case let .range(text): "range \(text)"
    case let .branch(branch): "branch \(branch)"
    case let .revision(revision): "revision \(revision)"
    case let .unrecognized(text): "unrecognized \(text)"
    case .none: "none"
    }
    return "\(dependency.line) | \(location) | \(requirement)"
}

/// The `.package` entries of each corpus manifest, written by hand from the files.
private let corpusManifests: [(path: String, entries: [String])] = [
    ("chandlerwall+Wiselo/Modules/Package.swift", [
        "29 | https://github.com/pointfreeco/swift-composable-architecture | exact 0.33.1",
    ]),
    ("duckduckgo+BrowserServicesKit/Package.swift", [
        "54 | https://github.com/duckduckgo/duckduckgo-autofill.git | exact 16.2.1",
        "55 | https://github.com/duckduckgo/GRDB.swift.git | exact 2.4.2",
        "56 | https://github.com/duckduckgo/TrackerRadarKit.git | exact 3.0.0",
        "57 | https://github.com/duckduckgo/sync_crypto | exact 0.4.0",
        "58 | https://github.com/gumob/PunycodeSwift.git | exact 3.0.0",
        "59 | https://github.com/duckduckgo/content-scope-scripts | exact 7.18.0",
        "60 | https://github.com/duckduckgo/privacy-dashboard | exact 8.4.0",
        "61 | https://github.com/httpswift/swifter.git | exact 1.5.0",
        "62 | https://github.com/duckduckgo/bloom_cpp.git | exact 3.0.0",
        "63 | https://github.com/1024jp/GzipSwift.git | exact 6.0.1",
        "64 | https://github.com/vapor/jwt-kit.git | exact 4.13.4",
        "65 | https://github.com/pointfreeco/swift-clocks.git | exact 1.0.6",
    ]),
    ("pointfreeco+isowords/Package.swift", [
        "29 | https://github.com/apple/swift-crypto | from 1.1.6",
        "30 | https://github.com/pointfreeco/swift-case-paths | from 1.1.0",
        "31 | https://github.com/pointfreeco/swift-composable-architecture | from 1.12.0",
        "32 | https://github.com/pointfreeco/swift-custom-dump | from 1.3.3",
        "33 | https://github.com/pointfreeco/swift-dependencies | from 1.1.0",
        "34 | https://github.com/pointfreeco/swift-gen | from 0.3.0",
        "35 | https://github.com/pointfreeco/swift-parsing | from 0.12.0",
        "36 | https://github.com/pointfreeco/swift-tagged | from 0.6.0",
        "37 | https://github.com/pointfreeco/swift-url-routing | from 0.2.0",
        "38 | https://github.com/pointfreeco/swift-overture | from 0.5.0",
        "39 | https://github.com/pointfreeco/swift-snapshot-testing | from 1.10.0",
        "40 | https://github.com/pointfreeco/xctest-dynamic-overlay | from 1.2.3",
        "989 | https://github.com/crspybits/SwiftAWSSignatureV4 | from 1.1.0",
        "990 | https://github.com/swift-server/swift-backtrace | exact 1.2.0",
        "991 | https://github.com/vapor/postgres-kit | exact 2.2.0",
        "992 | https://github.com/pointfreeco/swift-prelude | revision 7ff9911",
        "993 | https://github.com/pointfreeco/swift-web | revision 2ad82ec",
    ]),
]

@Suite struct PackageManifestTests {
    static func load(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestPaths.corpusFile("package-swift/\(path)"))))
    }

    @Test func readsEveryPackageEntryOfTheCorpus() throws {
        for (path, entries) in corpusManifests {
            let manifest = try PackageManifest(parsing: try Self.load(path))
            #expect(manifest.dependencies.map(row) == entries, "\(path)")
        }
    }

    /// Pinning each entry changes only its version requirement: the version inside the quotes
    /// of an exact requirement, or the whole requirement, which becomes `exact: "…"`.
    @Test func pinningEachEntryChangesOnlyItsRequirement() throws {
        for (path, _) in corpusManifests {
            let original = try Self.load(path)
            let manifest = try PackageManifest(parsing: original)
            for dependency in manifest.dependencies {
                guard case let .url(url) = dependency.location else { continue }
                let edit = try PackageManifestEditor.pin([PackagePin(package: url, version: "9.8.7")], in: original,
                                                         replacingOtherRequirements: true)
                let (range, replacement) = if let exact = dependency.exactVersionRange {
                    (exact, Array("9.8.7".utf8))
                } else {
                    (dependency.requirementRange!, Array("exact: \"9.8.7\"".utf8))
                }
                #expect(Array(edit.bytes[..<range.lowerBound]) == Array(original[..<range.lowerBound]), "\(path):\(dependency.line)")
                #expect(Array(edit.bytes[range.lowerBound..<range.lowerBound + replacement.count]) == replacement, "\(path):\(dependency.line)")
                #expect(Array(edit.bytes[(range.lowerBound + replacement.count)...]) == Array(original[range.upperBound...]), "\(path):\(dependency.line)")
                let reread = try PackageManifest(parsing: edit.bytes)
                #expect(reread.dependencies.first { $0.line == dependency.line }?.requirement == .exact("9.8.7"))
            }
        }
    }

    @Test func exactPinsKeepTheirForm() throws {
        let original = try Self.load("chandlerwall+Wiselo/Modules/Package.swift")
        let edit = try PackageManifestEditor.pin(
            [PackagePin(package: "https://github.com/PointFreeCo/swift-composable-architecture.git/", version: "1.0.0")], in: original)
        let text = String(decoding: edit.bytes, as: UTF8.self)
        #expect(text.contains(".package(url: \"https://github.com/pointfreeco/swift-composable-architecture\", .exact(\"1.0.0\")),"))
        #expect(edit.changes.count == 1)
    }

    @Test func pinsByIdentityAndEveryOccurrence() throws {
        let source = """
        let package = Package(
            dependencies: [
                // .package(url: "https://github.com/apple/swift-nio", from: "1.0.0"),
                .package(url: "https://github.com/apple/swift-nio.git", exact: "2.0.0"),
                .package(name: "Log", url: "git@github.com:apple/swift-log.git", .upToNextMinor(from: "1.4.0")),
            ]
        )
        #if os(Linux)
        package.dependencies.append(.package(url: "https://github.com/apple/swift-nio/", "2.0.0"..<"3.0.0"))
        #endif

        """
        let edit = try PackageManifestEditor.pin(
            [PackagePin(package: "swift-nio", version: "2.5.0"), PackagePin(package: "swift-log", version: "1.5.4")],
            in: Array(source.utf8), replacingOtherRequirements: true)
        #expect(String(decoding: edit.bytes, as: UTF8.self) == """
        let package = Package(
            dependencies: [
                // .package(url: "https://github.com/apple/swift-nio", from: "1.0.0"),
                .package(url: "https://github.com/apple/swift-nio.git", exact: "2.5.0"),
                .package(name: "Log", url: "git@github.com:apple/swift-log.git", exact: "1.5.4"),
            ]
        )
        #if os(Linux)
        package.dependencies.append(.package(url: "https://github.com/apple/swift-nio/", exact: "2.5.0"))
        #endif

        """)
    }

    @Test func problemsNameTheLineAndNothingIsChanged() {
        let source = """
        let package = Package(
            dependencies: [
                .package(url: "https://github.com/apple/swift-crypto", from: "1.1.6"),
                .package(path: "../Kit"),
                .package(url: "https://github.com/x/y", .exact(version)),
            ]
        )
        """
        #expect(throws: ManifestError.cannotPin([
            ManifestIssue(file: "Package.swift", line: 3, message: "`https://github.com/apple/swift-crypto` is required with `from: \"1.1.6\"`, not an exact version; allow replacing the requirement to pin it with `exact:`"),
            ManifestIssue(file: "Package.swift", line: 4, message: "`Kit` is the local package `.package(path: \"../Kit\")`, which has no version to pin; use a `.package(url:)` entry to pin it"),
            ManifestIssue(file: "Package.swift", line: nil, message: "no `.package(url:)` entry matches `https://github.com/apple/swift-nio`; check the url (compctl ignores case, a trailing `/` and `.git`)"),
            ManifestIssue(file: "Package.swift", line: 5, message: "the requirement `.exact(version)` of `https://github.com/x/y` is not one compctl can rewrite; write it as `exact: \"x.y.z\"`"),
            ManifestIssue(file: "Package.swift", line: nil, message: "`1.0 beta` is not a version compctl can write for `y`; give a version such as 1.2.3"),
        ])) {
            try PackageManifestEditor.pin([
                PackagePin(package: "https://github.com/apple/swift-crypto", version: "2.0.0"),
                PackagePin(package: "Kit", version: "1.0.0"),
                PackagePin(package: "https://github.com/apple/swift-nio", version: "2.0.0"),
                PackagePin(package: "https://github.com/x/y", version: "2.0.0"),
                PackagePin(package: "y", version: "1.0 beta"),
            ], in: Array(source.utf8))
        }
    }

    @Test func stringsAndCommentsDoNotConfuseTheReader() throws {
        let source = #"""
        /* .package(url: "https://a/b", exact: "0.0.1") /* nested */ */
        let note = "it's .package(url: \"https://a/b\", exact: \"0.0.2\")"
        let raw = #".package(url: "https://a/b", exact: "0.0.3")"#
        let multi = """
            .package(url: "https://a/b", exact: "0.0.4")
            """
        let deps: [Package.Dependency] = [.package(url: "https://a/b", exact: "1.0.0")]
        """#
        let manifest = try PackageManifest(parsing: Array(source.utf8))
        #expect(manifest.dependencies.map(row) == ["7 | https://a/b | exact 1.0.0"])
        #expect(throws: ManifestError.malformed(ManifestIssue(file: "Package.swift", line: 1, message: "string is never closed; add the closing \""))) {
            try PackageManifest(parsing: Array("let x = \"abc\n".utf8))
        }
    }

    @Test func pinFileWritesAtomically() throws {
        let scratch = try TemporaryDirectory()
        let directory = scratch.url
        let path = directory.appendingPathComponent("Package.swift").path
        let original = ".package(url: \"https://a/b\", from: \"1.0.0\")\n"
        try original.write(toFile: path, atomically: false, encoding: .utf8)

        #expect(throws: ManifestError.self) { try PackageManifestEditor.pinFile(at: path, [PackagePin(package: "b", version: "1.2.0")]) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        try PackageManifestEditor.pinFile(at: path, [PackagePin(package: "b", version: "1.2.0")], replacingOtherRequirements: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ".package(url: \"https://a/b\", exact: \"1.2.0\")\n")
    }
}

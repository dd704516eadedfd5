import Testing
@testable import Versioning

@Suite struct BumpTests {
    @Test(arguments: CocoaPodsCases.bumps)
    func bumpsByCompctlRules(_ row: BumpRow) throws {
        let kind: BumpKind = switch row.kind {
        case "major": .major
        case "minor": .minor
        case "patch": .patch
        case "release": .release
        case "rc": .rc(base: .patch)
        case "rc-minor": .rc(base: .minor)
        default: .rc(base: .major)
        }
        let version = try Version(row.from)
        let result: String
        do {
            result = try version.bumped(kind, rcLabel: row.label).description
        } catch let error as VersionError {
            result = "error: \(error)"
        }
        #expect(result == row.result)
        if !result.hasPrefix("error: ") {
            #expect(try Version(result) > version, "a bump never goes backwards")
        }
    }

    @Test func usesRCAsTheDefaultLabel() throws {
        #expect(try Version("0.1.7").bumped(.rc(base: .patch)).description == "0.1.8-rc.1")
    }

    @Test(arguments: CocoaPodsCases.gemBumps)
    func computesGemsBump(_ from: String, _ expected: String) throws {
        #expect(try Version(from).gemBump().description == expected)
    }

    @Test(arguments: CocoaPodsCases.gemReleases)
    func computesGemsRelease(_ from: String, _ expected: String) throws {
        #expect(try Version(from).gemReleaseText() == expected)
    }
}

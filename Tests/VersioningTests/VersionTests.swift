import Testing
@testable import Versioning

@Suite struct VersionTests {
    @Test(arguments: CocoaPodsCases.comparisons)
    func comparesAsCocoaPods(_ row: ComparisonRow) throws {
        let lhs = try Version(row.lhs)
        let rhs = try Version(row.rhs)
        switch row.order {
        case "<":
            #expect(lhs < rhs)
            #expect(rhs > lhs)
            #expect(lhs != rhs)
        case ">":
            #expect(lhs > rhs)
            #expect(rhs < lhs)
            #expect(lhs != rhs)
        default:
            #expect(lhs == rhs)
            #expect(!(lhs < rhs) && !(rhs < lhs))
            #expect(lhs.hashValue == rhs.hashValue)
        }
    }

    @Test(arguments: CocoaPodsCases.validity)
    func acceptsWhatCocoaPodsAccepts(_ row: ValidityRow) {
        #expect(Version.isValid(row.text) == row.isValid)
    }

    @Test(arguments: CocoaPodsCases.prerelease)
    func knowsPrereleases(_ row: PrereleaseRow) throws {
        #expect(try Version(row.text).isPrerelease == row.isPrerelease)
    }

    @Test func keepsTheTrimmedTextAsItsDescription() throws {
        #expect(try Version("  1.0.0-rc.1+b7 \n").description == "1.0.0-rc.1+b7")
    }

    @Test func explainsAMalformedVersion() {
        #expect(throws: VersionError.malformed("v1.0", reason: "it must start with a digit")) {
            try Version("v1.0")
        }
        #expect(throws: VersionError.malformed("1..0", reason: "it has an empty segment between two dots")) {
            try Version("1..0")
        }
        #expect(throws: VersionError.malformed("1.0.", reason: "it ends with a dot")) {
            try Version("1.0.")
        }
        #expect(throws: VersionError.malformed("", reason: "it is empty")) {
            try Version("")
        }
    }
}

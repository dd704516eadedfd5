import Testing
@testable import Versioning

@Suite struct RequirementTests {
    @Test(arguments: CocoaPodsCases.requirementParsing)
    func parsesAsCocoaPods(_ row: RequirementParseRow) {
        let parsed = try? Requirement(row.text)
        #expect(parsed?.description == row.printed)
    }

    @Test(arguments: CocoaPodsCases.satisfaction + CocoaPodsCases.satisfactionOfAll)
    func isSatisfiedAsCocoaPodsDecides(_ row: SatisfactionRow) throws {
        let requirements = try row.requirements.map(Requirement.init)
        let satisfied = Set(row.satisfied.split(separator: " ").map(String.init))
        let admitted = Set(row.admitted.split(separator: " ").map(String.init))
        for text in CocoaPodsCases.candidates {
            let candidate = try Version(text)
            #expect(Requirement.allSatisfied(requirements, by: candidate) == satisfied.contains(text),
                    "plain test, \(text)")
            #expect(PrereleaseRule.admits(candidate, under: requirements) == admitted.contains(text),
                    "resolver rule, \(text)")
        }
    }

    @Test func namesAPrereleaseWhateverTheOperator() throws {
        #expect(try Requirement("= 0.1.8-rc.1").namesPrerelease)
        #expect(try Requirement("!= 1.0.0-beta").namesPrerelease)
        #expect(try Requirement(">= 1.0.0.rc.1").namesPrerelease)
        #expect(try !Requirement("~> 0.1.7").namesPrerelease)
        #expect(try !Requirement("= 1.0.0+build-7").namesPrerelease)
    }

    @Test func letsAPrereleaseInOnlyWhenSomeRequirementNamesOne() throws {
        let rc = try Version("0.1.8-rc.1")
        let consumer = try Requirement("~> 0.1.7")
        let tester = try Requirement("= 0.1.8-rc.1")
        #expect(consumer.isSatisfied(by: rc))
        #expect(!PrereleaseRule.admits(rc, under: [consumer]))
        #expect(PrereleaseRule.admits(rc, under: [consumer, tester]))
        #expect(!PrereleaseRule.allowsPrerelease(rc, under: [consumer]))
        #expect(PrereleaseRule.allowsPrerelease(try Version("0.1.8"), under: [consumer]))
    }

    @Test func keepsItsParts() throws {
        let requirement = try Requirement(" ~>0.1.7 ")
        #expect(requirement.op == .pessimistic)
        #expect(requirement.version.description == "0.1.7")
        #expect(Requirement(.greaterOrEqual, try Version("1.0")).description == ">= 1.0")
    }

    @Test func isEqualOnlyWithTheSameOperatorAndText() throws {
        #expect(try Requirement("1.0") == Requirement("= 1.0"))
        #expect(try Requirement("~> 1.0") != Requirement("~> 1.0.0"))
        #expect(try Set(["~> 1.0", "~>1.0", "= 1.0", "1.0"].map(Requirement.init)).count == 2)
    }

    @Test func explainsAMalformedRequirement() {
        let cases: [(String, VersionError)] = [
            ("=> 1.0", .malformedRequirement("=> 1.0", reason: "'=>' is not an operator")),
            ("> = 1.0", .malformedRequirement("> = 1.0", reason: "'> =' is not an operator")),
            ("^1.0", .malformedRequirement("^1.0", reason: "'^' is not an operator")),
            ("~>", .malformedRequirement("~>", reason: "the version is missing")),
            ("", .malformedRequirement("", reason: "the version is missing")),
            ("~> v1.0", .malformedRequirement("~> v1.0", reason: "'v1.0' is not a valid version: it must start with a digit")),
            (">= 1.0, < 2.0", .malformedRequirement(">= 1.0, < 2.0", reason: "'1.0, < 2.0' is not a valid version: it contains ','")),
            ("~> 1+a1+b", .malformedRequirement("~> 1+a1+b", reason: "the version may carry build metadata ('+…') only once")),
            ("= 1.99999999999999999999", .malformedRequirement("= 1.99999999999999999999", reason: "'1.99999999999999999999' is not a valid version: the number 99999999999999999999 is too large")),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try Requirement(text) }
        }
        #expect(VersionError.malformedRequirement("^1.0", reason: "'^' is not an operator").description
            == "'^1.0' is not a valid requirement: '^' is not an operator; write an optional operator (=, !=, >, <, >=, <=, ~>) and a version, such as '~> 1.2' or '>= 1.0.0-rc.1'")
    }
}

@Suite struct PlainRequirementTests {
    /// The byte-wise parse of the common requirement shape must make exactly what the general
    /// parse makes, and leave every other text, valid or not, to it (which then gives the same
    /// answer or the same error as before).
    @Test func aPlainRequirementIsMadeAsTheGeneralParseMakesIt() throws {
        var texts = ["1.0", "= 1.0", "=1.0", "~> 1.2", "~>1.2", "~>   0.1.7", ">= 0", ">=0", "> 1", "< 2.0", "<= 2.0",
                     "!= 1.0.0", "!=1", "0", "65534.65534.65534.65534", "01.002"]
        let operators = ["", "=", "!=", ">", "<", ">=", "<=", "~>"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...4, using: &generator)
            let version = (0..<count).map { _ in String(Int.random(in: 0...70_000, using: &generator)) }.joined(separator: ".")
            let op = operators.randomElement(using: &generator)!
            texts.append(op + String(repeating: " ", count: op.isEmpty ? 0 : Int.random(in: 0...2, using: &generator)) + version)
        }
        let candidates = try ["0", "0.1", "1", "1.0", "1.2", "1.2.9", "1.3", "2", "2.0.1", "65534", "1.0.0-rc.1"].map(Version.init)
        for text in texts {
            let general = try Requirement.parsedInGeneral(text)
            guard let plain = Requirement.plain(text) else {
                // Left to the general parse: a number of 65535 or more, which does not pack.
                #expect(general.version.detail != nil, "\(text)")
                continue
            }
            #expect(plain.op == general.op, "\(text)")
            #expect(plain.description == general.description, "\(text)")
            #expect(plain.version.description == general.version.description, "\(text)")
            #expect(plain.version.packedNumbers == general.version.packedNumbers, "\(text)")
            #expect(plain.version.leadingNumberCount == general.version.leadingNumberCount, "\(text)")
            #expect(plain.namesPrerelease == general.namesPrerelease, "\(text)")
            for candidate in candidates {
                #expect(plain.isSatisfied(by: candidate) == general.isSatisfied(by: candidate), "\(text) by \(candidate)")
            }
        }
        // Everything else goes to the general parse, which accepts some of it and refuses the
        // rest with its own reasons.
        for other in [" 1.0", "1.0 ", "~> 1.0 ", "=> 1.0", "> = 1.0", "~ 1.0", "^1.0", ">>1", "=== 1", "~>", "", " ",
                      "~> 1.0.0-rc.1", "1.0.0.0.0", "1..0", ">= 1.0\t", "\t>= 1.0", "~>\t1.0", ">=  a", "~> ١.٢"] {
            #expect(Requirement.plain(other) == nil, "\(other)")
        }
    }
}

import ArgumentParser
import Versioning

/// `compctl version`: compares, sorts, tests and bumps versions by CocoaPods' rules.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Compare, sort, test and bump versions by CocoaPods' rules.",
        discussion: CommandExamples.standalone("version"),
        subcommands: [Compare.self, Sort.self, Satisfies.self, Bump.self]
    )

    /// `compctl version compare A B`: prints `<`, `=` or `>`.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Print <, = or > for A against B by CocoaPods ordering.",
            discussion: "1.0 = 1.0.0, build metadata (+…) does not count, and a prerelease "
                + "sorts before its release: 1.0.0-rc.9 < 1.0.0-rc.10 < 1.0.0." + CommandExamples.section("version compare")
        )

        @Argument(help: "The first version.")
        var a: String

        @Argument(help: "The second version.")
        var b: String

        @Flag(help: "Print one JSON document.")
        var json = false

        mutating func validate() throws {
            try Self.check(a, b)
        }

        func run() throws {
            try Self.printOrder(a, b, json: json)
        }

        /// `validate()` of `compare A B` (QuickPath runs the line without making the command).
        static func check(_ a: String, _ b: String) throws {
            _ = try parseVersion(a)
            _ = try parseVersion(b)
        }

        /// `run()` of `compare A B`.
        static func printOrder(_ a: String, _ b: String, json: Bool) throws {
            let lhs = try parseVersion(a), rhs = try parseVersion(b)
            let order = lhs < rhs ? "<" : (lhs == rhs ? "=" : ">")
            if json {
                try JSONOutput.print(ComparisonOutput(a: lhs, b: rhs, order: order))
            } else {
                Console.out(order)
            }
        }
    }

    /// `compctl version sort V…`: prints the versions ascending.
    struct Sort: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sort",
            abstract: "Print the versions ascending, one a line.",
            discussion: "Versions that are equal (1, 1.0, 1.0.0) keep an order by their text, "
                + "as CocoaPods sorts them." + CommandExamples.section("version sort")
        )

        @Argument(help: "The versions to sort.")
        var versions: [String]

        @Flag(help: "Print one JSON document.")
        var json = false

        mutating func validate() throws {
            try Self.check(versions)
        }

        func run() throws {
            try Self.printSorted(versions, json: json)
        }

        /// `validate()` of `sort V…` (QuickPath runs the line without making the command).
        static func check(_ versions: [String]) throws {
            guard !versions.isEmpty else {
                throw ValidationError("give at least one version to sort")
            }
            _ = try versions.map(parseVersion)
        }

        /// `run()` of `sort V…`.
        static func printSorted(_ versions: [String], json: Bool) throws {
            let sorted = try versions.map(parseVersion).sorted { $0.precedesInCocoaPodsOrder($1) }
            if json {
                try JSONOutput.print(VersionListOutput(versions: sorted))
            } else {
                sorted.forEach { Console.out($0.description) }
            }
        }
    }

    /// `compctl version satisfies -r REQ… V…`: prints the versions that meet every requirement.
    struct Satisfies: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "satisfies",
            abstract: "Print the given versions that satisfy every requirement, one a line.",
            discussion: """
                By default the resolver's prerelease rule applies: a prerelease counts only \
                when some requirement names a prerelease (= 0.1.8-rc.1). --raw applies the \
                plain requirement test. Exits 1 when no version satisfies them.
                """ + CommandExamples.section("version satisfies")
        )

        @Option(name: [.customShort("r"), .customLong("requirement")],
                help: ArgumentHelp("A requirement, such as '~> 1.2' or '>= 1.0'; repeat for more.",
                                   valueName: "req"))
        var requirements: [String] = []

        @Argument(help: "The versions to test.")
        var versions: [String]

        @Flag(help: "Apply the plain requirement test, without the resolver's prerelease rule.")
        var raw = false

        @Flag(help: "Print one JSON document.")
        var json = false

        mutating func validate() throws {
            try Self.check(requirements: requirements, versions: versions)
        }

        func run() throws {
            try Self.printPassing(requirements: requirements, versions: versions, raw: raw, json: json)
        }

        /// `validate()` of `satisfies -r REQ… V…` (QuickPath runs the line without making the
        /// command).
        static func check(requirements: [String], versions: [String]) throws {
            guard !requirements.isEmpty else {
                throw ValidationError("give at least one requirement with -r, such as -r '~> 1.2'")
            }
            guard !versions.isEmpty else {
                throw ValidationError("give at least one version to test")
            }
            _ = try requirements.map(parseRequirement)
            _ = try versions.map(parseVersion)
        }

        /// `run()` of `satisfies -r REQ… V…`.
        static func printPassing(requirements texts: [String], versions: [String], raw: Bool, json: Bool) throws {
            let requirements = try texts.map(parseRequirement)
            let candidates = try versions.map(parseVersion)
            let passing = candidates.filter { version in
                raw
                    ? Requirement.allSatisfied(requirements, by: version)
                    : PrereleaseRule.admits(version, under: requirements)
            }
            if json {
                try JSONOutput.print(SatisfiesOutput(
                    requirements: requirements.map(\.description), raw: raw, versions: passing))
            } else {
                passing.forEach { Console.out($0.description) }
            }
            guard passing.isEmpty else { return }
            Console.error(noneMessage(requirements, candidates, raw: raw))
            throw Exit.failure
        }

        private static func noneMessage(_ requirements: [Requirement], _ candidates: [Version], raw: Bool) -> String {
            let list = requirements.map { "'\($0)'" }.joined(separator: ", ")
            var message = "no given version satisfies \(list)"
            let heldBack = candidates.filter { Requirement.allSatisfied(requirements, by: $0) }
            if !raw, !heldBack.isEmpty {
                let names = heldBack.map(\.description).joined(separator: ", ")
                message += "; \(names) would by the plain test, but no requirement names a "
                    + "prerelease (name one, such as '= \(heldBack[0])', or pass --raw)"
            }
            return message
        }
    }

    /// `compctl version bump (--major|--minor|--patch|--rc|--release) V`: prints the next version.
    struct Bump: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bump",
            abstract: "Print the version that follows V.",
            discussion: """
                From 0.1.7: --patch gives 0.1.8, --minor 0.2.0, --major 1.0.0, --rc \
                0.1.8-rc.1 (--rc --minor 0.2.0-rc.1, --rc --major 1.0.0-rc.1). From \
                0.1.8-rc.1: --rc gives 0.1.8-rc.2 and --release 0.1.8; --patch, --minor and \
                --major follow npm's inc (1.3.0-rc.1 --minor gives 1.3.0). A bump never goes \
                backwards, and drops build metadata.
                """ + CommandExamples.section("version bump")
        )

        @OptionGroup var bump: BumpFlags

        @Option(help: ArgumentHelp("The release-candidate label.", valueName: "label"))
        var rcLabel: String?

        @Argument(help: "The version to bump.")
        var version: String

        @Flag(help: "Print one JSON document.")
        var json = false

        mutating func validate() throws {
            if let rcLabel, !bump.rc {
                throw ValidationError("--rc-label '\(rcLabel)' only applies with --rc")
            }
            if let rcLabel, rcLabel.isEmpty || !rcLabel.unicodeScalars.allSatisfy(\.isASCIILetter) {
                throw ValidationError(VersionError.invalidRCLabel(rcLabel).description)
            }
            _ = try parseVersion(version)
        }

        func run() throws {
            let from = try parseVersion(version)
            try reportingErrors {
                let next = try from.bumped(kind, rcLabel: rcLabel ?? "rc")
                if json {
                    try JSONOutput.print(BumpOutput(from: from, kind: kindName, version: next))
                } else {
                    Console.out(next.description)
                }
            }
        }

        private var kind: BumpKind { bump.kind }

        private var kindName: String {
            switch kind {
            case .major: "major"
            case .minor: "minor"
            case .patch: "patch"
            case .release: "release"
            case .rc(.major): "rc-major"
            case .rc(.minor): "rc-minor"
            case .rc(.patch): "rc"
            }
        }
    }
}

/// Parses a version argument, turning a bad one into a usage error that says why.
private func parseVersion(_ text: String) throws -> Version {
    do {
        return try Version(text)
    } catch let error as VersionError {
        throw ValidationError(error.description)
    }
}

/// Parses a requirement argument, turning a bad one into a usage error that says why.
private func parseRequirement(_ text: String) throws -> Requirement {
    do {
        return try Requirement(text)
    } catch let error as VersionError {
        throw ValidationError(error.description)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }
}

/// `version compare --json`.
private struct ComparisonOutput: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    let a: Version
    let b: Version
    let order: String
}

/// `version sort --json`.
private struct VersionListOutput: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    let versions: [Version]
}

/// `version satisfies --json`.
private struct SatisfiesOutput: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    let requirements: [String]
    let raw: Bool
    let versions: [Version]
}

/// `version bump --json`.
private struct BumpOutput: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    let from: Version
    let kind: String
    let version: Version
}

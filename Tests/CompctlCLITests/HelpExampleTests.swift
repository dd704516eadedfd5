import ArgumentParser
@testable import CompctlCLI
import Testing

/// Every command's `--help` ends its discussion with examples, and each example parses with
/// the real parser, as README.md's command lines do: a renamed flag fails here.
@Suite struct HelpExampleTests {
    /// Every command, by path (`repo add`), with its type.
    static func commands(_ type: ParsableCommand.Type = Compctl.self, path: [String] = []) -> [(String, ParsableCommand.Type)] {
        let name = path.joined(separator: " ")
        return [(name.isEmpty ? "compctl" : name, type)] + type.configuration.subcommands.flatMap { subcommand in
            commands(subcommand, path: path + [subcommand.configuration.commandName ?? subcommand._commandName])
        }
    }

    /// The example lines of a help text: the indented lines after `Examples:`.
    static func examples(in help: String) -> [String] {
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "Examples:") else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  compctl") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func everyCommandHasExamples() {
        let all = Self.commands()
        #expect(all.count >= 24, "\(all.map(\.0))")
        for (path, type) in all {
            let help = Compctl.helpMessage(for: type)
            #expect(!Self.examples(in: help).isEmpty, "`compctl \(path) --help` has no Examples: section")
        }
    }

    @Test func everyExampleParses() {
        for (path, type) in Self.commands() {
            let examples = Self.examples(in: Compctl.helpMessage(for: type))
            let lines = ReadmeCommandLines.extract(from: "```sh\n" + examples.joined(separator: "\n") + "\n```\n")
            #expect(lines.count == examples.count, "\(path): \(examples)")
            for line in lines {
                let problem = ReadmeCommandLines.parseProblem(line.arguments)
                #expect(problem == nil, "`compctl \(path) --help` example `\(line.arguments.joined(separator: " "))`: \(problem ?? "")")
            }
        }
    }
}

/// Every command whose help offers `--json` prints a document when it fails, so it takes
/// part in `JSONReporting`.
@Suite struct JSONReportingTests {
    @Test func everyCommandWithJSONReportsItsFailuresAsJSON() {
        let withJSON = HelpExampleTests.commands().filter { _, type in
            Compctl.helpMessage(for: type).contains("  --json ")
        }
        #expect(withJSON.count >= 17, "\(withJSON.map(\.0))")
        for (path, type) in withJSON {
            #expect(type is JSONReporting.Type, "`compctl \(path)` has --json but prints no document when it fails")
        }
    }
}

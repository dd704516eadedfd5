import ArgumentParser
import Foundation

/// A command with `--json`: when it fails, stdout still gets one document, so that a script
/// reading it never parses nothing.
protocol JSONReporting {
    /// Whether the command prints JSON.
    var printsJSON: Bool { get }
    /// The `--format` values that print JSON, for a command line that did not parse.
    static var jsonFormats: Set<String> { get }
}

extension JSONReporting {
    static var jsonFormats: Set<String> { [] }

    /// Whether `arguments`, which did not parse, ask for JSON: `--json`, or `--format` with
    /// one of `jsonFormats`, before any `--`.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        let options = arguments.prefix { $0 != "--" }
        for (index, argument) in options.enumerated() {
            if argument == "--json" { return true }
            if argument.hasPrefix("--format="), jsonFormats.contains(String(argument.dropFirst("--format=".count))) { return true }
            if argument == "--format", index + 1 < options.count,
               jsonFormats.contains(options[options.index(options.startIndex, offsetBy: index + 1)]) {
                return true
            }
        }
        return false
    }
}

/// The document a `--json` command prints when it fails before printing its own:
/// `{"schemaVersion": 1, "outcome": "error", "exitCode": 2, "errors": […], "notes": […]}`,
/// the `error:` lines and notes it wrote on stderr (which it still writes).
struct JSONFailureDocument: Encodable {
    var schemaVersion = JSONOutput.schemaVersion
    var outcome = "error"
    var exitCode: Int32
    var errors: [String]
    var notes: [String]
}

extension Compctl {
    /// Opens `/dev/null` on a standard descriptor the process was started without, before
    /// anything opens a file (see `Console.occupyClosedStandardDescriptors`).
    public static func occupyClosedStandardDescriptors() {
        Console.occupyClosedStandardDescriptors()
    }

    /// Runs a `QuickPath` command line synchronously, before Swift concurrency starts its
    /// threads, and exits with its code; returns when the line needs the full parser
    /// (`mainReportingJSONFailures`).
    public static func runQuickPathIfPossible() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let text = QuickPath.rootVersionText(for: arguments) {
            Console.out(text)
            Console.exit(0)
        }
        if let line = QuickPath.versionLine(for: arguments) {
            runQuickly(printsJSON: line.json, line.run)
        }
        if let line = QuickPath.lintLine(for: arguments) {
            runQuickly(printsJSON: line.printsJSON) { try LintCommand.run(line) }
        }
        if let line = QuickPath.specShowLine(for: arguments) {
            runQuickly(printsJSON: line.json) { try SpecCommand.Show.run(podspec: line.podspec, json: line.json) }
        }
        if let line = QuickPath.resolveLine(for: arguments) {
            RuntimeWarmUp.start()
            runQuickly(printsJSON: line.json) { try ResolveCommand.run(line) }
        }
    }

    /// Runs a quick-path command and exits as the full parser's run would: 0, or the code
    /// of the error it threw, with `JSONFailureDocument` first when it prints JSON.
    private static func runQuickly(printsJSON: Bool, _ command: () throws -> Void) -> Never {
        do {
            try command()
        } catch {
            exitReportingJSONFailure(error, printsJSON: printsJSON)
        }
        Console.exit(0)
    }

    /// `main`, with three differences: a misspelt subcommand gets `SubcommandSuggestion`'s
    /// usage error (exit 64), a `--json` command that fails without printing its document
    /// prints `JSONFailureDocument` on stdout before exiting with its code, and results
    /// that could not be written to stdout fail the command (`Console.exit`).
    public static func mainReportingJSONFailures() async -> Never {
        var command: ParsableCommand
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let usage = SubcommandSuggestion.error(for: arguments) {
            FileHandle.standardError.write(Data(usage.utf8))
            Foundation.exit(64)
        }
        do {
            command = try parseAsRoot()
        } catch {
            // A usage error (exit 64) of a command line that asked for JSON is a document too.
            let code = exitCode(for: error)
            if code != .success, let reporting = commandType(for: arguments) as? JSONReporting.Type,
               reporting.asksForJSON(arguments) {
                try? JSONOutput.print(JSONFailureDocument(exitCode: code.rawValue, errors: [message(for: error)], notes: []))
            }
            exit(reportingLostResults: error)
        }
        do {
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exitReportingJSONFailure(error, of: command)
        }
        Console.exit(0)
    }

    /// Exits with `error`'s code, after printing `JSONFailureDocument` when `command` prints
    /// JSON and has not printed its own document.
    private static func exitReportingJSONFailure(_ error: Error, of command: ParsableCommand) -> Never {
        exitReportingJSONFailure(error, printsJSON: (command as? JSONReporting)?.printsJSON ?? false)
    }

    /// `exitReportingJSONFailure(_:of:)` for a command that prints JSON when `printsJSON`.
    private static func exitReportingJSONFailure(_ error: Error, printsJSON: Bool) -> Never {
        if let code = error as? ExitCode { exitWith(code, printsJSON: printsJSON) }
        if printsJSON { printFailureDocumentIfOwed(exitCode(for: error), adding: message(for: error)) }
        exit(reportingLostResults: error)
    }

    /// Prints `JSONFailureDocument` for a command that exits with `code` and printed no
    /// document: the `error:` lines and notes it wrote, and `message` after the errors.
    /// Neither is worked out for a command that printed its own.
    private static func printFailureDocumentIfOwed(_ code: @autoclosure () -> ExitCode,
                                                   adding message: @autoclosure () -> String? = nil) {
        guard !Console.hasWrittenResults else { return }
        let code = code()
        guard code != .success else { return }
        var lines = Console.recorded
        if let message = message() { lines.errors.append(message) }
        try? JSONOutput.print(JSONFailureDocument(exitCode: code.rawValue, errors: lines.errors, notes: lines.notes))
    }

    /// `exit(withError:)`, after the `error:` line of `Console.exit` when a result (such as
    /// the failure document) could not be written to stdout.
    private static func exit(reportingLostResults error: Error) -> Never {
        Console.reportLostResults()
        exit(withError: error)
    }

    /// Exits with `code`, which a command threw after reporting its outcome itself (a
    /// conflict, a failed check), as `exit(withError:)` would: nothing more on stderr, and
    /// `JSONFailureDocument` first when the command prints JSON and printed no document.
    /// The parser's own exit renders the command's usage before it finds that an `ExitCode`
    /// prints nothing, and looking up the types that takes cost more than a small resolve.
    private static func exitWith(_ code: ExitCode, printsJSON: Bool) -> Never {
        if printsJSON { printFailureDocumentIfOwed(code) }
        Console.exit(code.rawValue)
    }

    /// The subcommand `arguments` name (`report skew` in `report skew --json`), as far as
    /// they name one.
    static func commandType(for arguments: [String]) -> ParsableCommand.Type {
        var type: ParsableCommand.Type = Compctl.self
        for argument in arguments {
            guard let next = type.configuration.subcommands.first(where: {
                ($0.configuration.commandName ?? $0._commandName) == argument || $0.configuration.aliases.contains(argument)
            }) else { break }
            type = next
        }
        return type
    }
}

extension BumpCommand: JSONReporting { var printsJSON: Bool { json } }
extension GraphCommand: JSONReporting {
    var printsJSON: Bool { json || format == .json }
    static var jsonFormats: Set<String> { ["json"] }
}
extension IntegrateCommand: JSONReporting { var printsJSON: Bool { json } }
extension LintCommand: JSONReporting {
    var printsJSON: Bool { LintLine(self).printsJSON }
    static var jsonFormats: Set<String> { ["gitlab"] }
}
extension OutdatedCommand: JSONReporting { var printsJSON: Bool { json } }
extension PinCommand: JSONReporting { var printsJSON: Bool { json } }
extension PublishCommand: JSONReporting { var printsJSON: Bool { json } }
extension RepoListCommand: JSONReporting { var printsJSON: Bool { json } }
extension RepoShowCommand: JSONReporting { var printsJSON: Bool { json } }
extension ReportSkewCommand: JSONReporting {
    var printsJSON: Bool { json || format == .json }
    static var jsonFormats: Set<String> { ["json"] }
}
extension ResolveCommand: JSONReporting { var printsJSON: Bool { json } }
extension SpecCommand.Show: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Compare: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Sort: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Satisfies: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Bump: JSONReporting { var printsJSON: Bool { json } }
extension WhyCommand: JSONReporting { var printsJSON: Bool { json } }

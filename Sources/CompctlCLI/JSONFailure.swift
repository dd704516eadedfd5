import ArgumentParser
import Foundation

/// A command with `--json`: when it fails, stdout still gets one document, so that a script
/// reading it never parses nothing.
protocol JSONReporting {
    /// Whether the command prints JSON.
    var printsJSON: Bool { get }
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
    /// `main`, with one difference: a `--json` command that fails without printing its
    /// document prints `JSONFailureDocument` on stdout before exiting with its code.
    public static func mainReportingJSONFailures() async {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            if let reporting = command as? JSONReporting, reporting.printsJSON, !Console.hasWrittenResults {
                let code = exitCode(for: error)
                var lines = Console.recorded
                if !(error is ExitCode), code != .success { lines.errors.append(message(for: error)) }
                if code != .success {
                    try? JSONOutput.print(JSONFailureDocument(exitCode: code.rawValue, errors: lines.errors, notes: lines.notes))
                }
            }
            exit(withError: error)
        }
    }
}

extension BumpCommand: JSONReporting { var printsJSON: Bool { json } }
extension GraphCommand: JSONReporting { var printsJSON: Bool { json || format == .json } }
extension IntegrateCommand: JSONReporting { var printsJSON: Bool { json } }
extension LintCommand: JSONReporting { var printsJSON: Bool { json || format == .gitlab } }
extension OutdatedCommand: JSONReporting { var printsJSON: Bool { json } }
extension PinCommand: JSONReporting { var printsJSON: Bool { json } }
extension PublishCommand: JSONReporting { var printsJSON: Bool { json } }
extension RepoListCommand: JSONReporting { var printsJSON: Bool { json } }
extension RepoShowCommand: JSONReporting { var printsJSON: Bool { json } }
extension ReportSkewCommand: JSONReporting { var printsJSON: Bool { json || format == .json } }
extension ResolveCommand: JSONReporting { var printsJSON: Bool { json } }
extension SpecCommand.Show: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Compare: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Sort: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Satisfies: JSONReporting { var printsJSON: Bool { json } }
extension VersionCommand.Bump: JSONReporting { var printsJSON: Bool { json } }
extension WhyCommand: JSONReporting { var printsJSON: Bool { json } }

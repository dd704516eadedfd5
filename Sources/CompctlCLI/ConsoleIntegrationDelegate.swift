import CompileCheck
import Foundation
import Integration

/// Prints an integrate's events on stderr: notes, the wait for the project's lock, the
/// compile check's progress line and, when the check did not pass, what was restored, the
/// log's tail and where the full log is.
struct ConsoleIntegrationDelegate: IntegrationDelegate {
    private let line = ProgressLine()
    /// What a failed check restores, as messages name it.
    var restored = "the Podfile"

    func integration(_ event: IntegrationEvent) {
        switch event {
        case let .note(text):
            Console.note(text)
        case let .waitingForLock(path, holder, timeout):
            Console.note("waiting for another compctl\(holder.map { " (pid \($0))" } ?? "") to finish with this project "
                + "(\(DisplayPath.relative(path)); up to \(Int(timeout.components.seconds)) s)")
        case let .checkProgress(progress):
            line.update("compile check \(Int(progress.elapsed.components.seconds)) s: \(progress.lastLine ?? "")")
        case let .checkEnded(status, elapsed):
            line.finish(status.map { "compile check \($0) after \(Seconds.text(elapsed))" } ?? "compile check could not run")
        case let .checkFailed(outcome, project):
            let what = project.map { "\(restored) of \($0) was restored" } ?? "nothing was published and \(restored) \(restored.contains(" and ") ? "were" : "was") restored"
            if case .cancelled = outcome.status {
                Console.error("integrate interrupted: the compile check was stopped; \(what)")
            } else {
                Console.error("\(project.map { "\($0): " } ?? "")the compile check \(outcome.status); \(what)")
                if !outcome.tail.isEmpty { Console.errRaw(outcome.tail.joined(separator: "\n") + "\n") }
                Console.note("full log: \(outcome.logPath)")
            }
        }
    }
}

import CompctlCLI
import Dispatch
import Foundation

/// Synchronous, so that the command lines CI runs most (`compctl version compare`, …) answer
/// without starting Swift concurrency's threads; every other line runs in a task.
@main
struct Entrypoint {
    static func main() {
        Compctl.runQuickPathIfPossible()
        Task {
            await Compctl.mainReportingJSONFailures()
            exit(0)
        }
        dispatchMain()
    }
}

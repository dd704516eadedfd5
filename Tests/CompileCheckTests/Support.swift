import CompileCheck
import Foundation
import Testing
@_exported import TestSupport

extension CheckInvocation {
    /// An invocation in `directory`, logging to `check.log` there, with short defaults.
    static func test(
        _ command: CheckCommand,
        in directory: TemporaryDirectory,
        environment: [String: String] = [:],
        timeout: Duration? = .seconds(10),
        grace: Duration = .seconds(5),
        tailLineCount: Int = 20
    ) -> CheckInvocation {
        CheckInvocation(
            command: command, workingDirectory: directory.path, environment: environment,
            logPath: directory.path("logs/check.log"), timeout: timeout, terminationGrace: grace,
            tailLineCount: tailLineCount)
    }
}

extension TemporaryDirectory {
    /// The check log written by an invocation made with `.test(…)`.
    func log() throws -> String { try read("logs/check.log") }

    /// Waits (up to five seconds) for `name` to hold a process id, as written by `echo $! > name`.
    func waitForPID(in name: String) async throws -> pid_t {
        for _ in 0..<100 {
            if let text = try? read(name), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return pid
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestTimeout(what: "a process id in \(name)")
    }
}

struct TestTimeout: Error, CustomStringConvertible {
    var what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Whether `pid` has stopped running: it no longer exists, or it is a zombie nobody reaped
/// (the init of some containers never reaps orphans). Waits up to a second for the kernel to
/// finish killing it.
func hasEnded(_ pid: pid_t) async -> Bool {
    for _ in 0..<20 {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            if kill(pid, 0) != 0 { return true }
            try? await Task.sleep(for: .milliseconds(50))
            continue
        }
        let state = stat[stat.index(after: stat.lastIndex(of: ")")!)...].dropFirst().first
        if state == "Z" || state == "X" { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return false
}

/// Collects progress reports from the runner's background task.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [CheckProgress] = []

    func record(_ progress: CheckProgress) { lock.withLock { reports.append(progress) } }

    var all: [CheckProgress] { lock.withLock { reports } }
}

/// How many of this process's descriptors refer to `path`.
func openDescriptors(of path: String) -> Int {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
}

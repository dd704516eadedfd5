import CompileCheck
import Foundation
import Testing

/// These tests send SIGINT and SIGTERM to the test process itself; the trap ignores the
/// signals' default action before anything is sent, so a broken trap fails the test rather
/// than killing the runner. Serialized: signal dispositions are process-wide.
@Suite(.serialized) struct TerminationSignalTrapTests {
    @Test func firstSignalCallsTheClosureOnceAndLaterOnesAreIgnored() async throws {
        let calls = SignalRecorder()
        let trap = TerminationSignalTrap { calls.record($0) }
        defer { trap.restore() }

        kill(getpid(), SIGTERM)
        try await calls.waitForFirst()
        kill(getpid(), SIGINT)
        try await Task.sleep(for: .milliseconds(200))

        #expect(calls.all == [SIGTERM])
        #expect(trap.received == SIGTERM)
    }

    @Test func restoreGivesBackThePreviousDispositions() throws {
        let before = (disposition(of: SIGINT), disposition(of: SIGTERM))

        let trap = TerminationSignalTrap { _ in }
        #expect(disposition(of: SIGINT) != before.0)
        #expect(disposition(of: SIGTERM) != before.1)
        trap.restore()
        trap.restore()

        #expect(disposition(of: SIGINT) == before.0)
        #expect(disposition(of: SIGTERM) == before.1)
    }

    @Test func aSecondTrapInTheSameProcessStillReceivesSignals() async throws {
        for _ in 0..<2 {
            let calls = SignalRecorder()
            let trap = TerminationSignalTrap { calls.record($0) }
            kill(getpid(), SIGINT)
            try await calls.waitForFirst()
            trap.restore()
            #expect(calls.all == [SIGINT])
        }
    }

    /// Swift concurrency threads block every signal, and compctl may ignore some (SIGPIPE) or
    /// trap others: none of that may reach the check command, or SIGTERM would not stop it.
    @Test func commandStartsWithNoBlockedOrIgnoredSignalsInItsOwnSession() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let previousPipe = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previousPipe) }
        let trap = TerminationSignalTrap { _ in }
        defer { trap.restore() }
        // What grep (a child of sh) inherited, then sh's own pid, process group and session.
        let command = CheckCommand.shell("grep -E '^Sig(Blk|Ign)' /proc/self/status; cut -d' ' -f1,5,6 /proc/$$/stat")
        let runner = CompileCheckRunner()

        let outcome = try await Task.detached { try await runner.run(.test(command, in: directory)) }.value

        #expect(outcome.status == .passed)
        let lines = try directory.log().split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(lines)")
        #expect(lines[0].hasPrefix("SigBlk:") && standardSignals(in: lines[0]) == 0, "\(lines[0])")
        #expect(lines[1].hasPrefix("SigIgn:") && standardSignals(in: lines[1]) == 0, "\(lines[1])")
        let ids = lines[2].split(separator: " ")
        #expect(ids.count == 3 && ids[0] == ids[1] && ids[1] == ids[2], "pid, process group and session: \(lines[2])")
    }

    @Test func sigintCancelsARunningCheckAndItsProcessGroup() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runner = CompileCheckRunner()
        let trap = TerminationSignalTrap { _ in runner.cancel() }
        defer { trap.restore() }
        let command = CheckCommand.shell("sleep 100 & echo $! > grandchild.pid; wait")

        let running = Task { try await runner.run(.test(command, in: directory)) }
        let grandchild = try await directory.waitForPID(in: "grandchild.pid")
        kill(getpid(), SIGINT)
        let outcome = try await running.value

        #expect(outcome.status == .cancelled)
        #expect(trap.received == SIGINT)
        #expect(await hasEnded(grandchild))
    }
}

/// Signals 1 to 31 of a `/proc/<pid>/status` mask line (`SigIgn:\t0000000180000000`). The
/// real-time signals above are left out: glibc reserves 32 and 33 for its threads.
private func standardSignals(in line: String) -> UInt64? {
    line.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) }.map { $0 & 0x7fff_ffff }
}

/// The current handler of `signal` as a comparable number (SIG_DFL is 0, SIG_IGN is 1).
private func disposition(of signal: Int32) -> Int {
    var current = sigaction()
    sigaction(signal, nil, &current)
    #if canImport(Glibc)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    #else
    return unsafeBitCast(current.__sigaction_u.__sa_handler, to: Int.self)
    #endif
}

private final class SignalRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var signals: [Int32] = []

    func record(_ signal: Int32) { lock.withLock { signals.append(signal) } }

    var all: [Int32] { lock.withLock { signals } }

    func waitForFirst() async throws {
        for _ in 0..<100 where all.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
        if all.isEmpty { throw TestTimeout(what: "the signal handler") }
    }
}

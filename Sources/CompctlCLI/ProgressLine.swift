#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One line on stderr that a long step (cloning, the compile check) keeps rewriting.
/// On a terminal it redraws in place at most ten times a second; elsewhere (CI logs) it
/// prints only the first and the final state, so logs stay readable.
final class ProgressLine: @unchecked Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private var width = 0

    /// Shows `text`, throttled.
    func update(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard isTerminal else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let line = String(text.prefix(terminalColumns() - 1))
        let padding = String(repeating: " ", count: max(0, width - line.count))
        width = line.count
        Console.errRaw("\r" + line + padding)
        drawn = true
    }

    /// Ends the line with `text` (on every kind of stderr).
    func finish(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if isTerminal && drawn {
            Console.errRaw("\r" + text + String(repeating: " ", count: max(0, width - text.count)) + "\n")
        } else {
            Console.errRaw(text + "\n")
        }
        drawn = false
        width = 0
    }

    private func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 { return Int(size.ws_col) }
        return 80
    }
}

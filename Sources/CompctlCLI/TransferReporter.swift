#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Git
import SpecRepo

/// Shows clone and fetch progress on one line of stderr, only when stderr is a terminal.
/// Transfers may report from any thread (libgit2 calls back on the thread running the
/// clone or fetch), so the state is only touched under `lock`.
final class TransferReporter: @unchecked Sendable {
    private let line = ProgressLine()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var activity: CacheActivity?
    private var last: TransferProgress?

    func report(_ activity: CacheActivity, _ progress: TransferProgress) {
        guard isTerminal else { return }
        lock.withLock {
            if let current = self.activity, current != activity { finishLocked() }
            self.activity = activity
            last = progress
            line.update(Self.text(activity, progress, done: false))
        }
    }

    /// Ends the line with a summary, if a transfer was shown.
    func finish() {
        guard isTerminal else { return }
        lock.withLock { finishLocked() }
    }

    private func finishLocked() {
        guard let activity, let last else { return }
        line.finish(Self.text(activity, last, done: true))
        self.activity = nil
        self.last = nil
    }

    static func text(_ activity: CacheActivity, _ progress: TransferProgress, done: Bool) -> String {
        // The name only: on an 80-column terminal a URL would push the numbers off the line.
        let verb: String
        switch activity {
        case .cloning(let name, _): verb = (done ? "cloned " : "cloning ") + name
        case .fetching(let name, _): verb = (done ? "fetched " : "fetching ") + name
        }
        let size = byteCount(progress.receivedBytes)
        if done { return "\(verb): \(progress.totalObjects) objects, \(size)" }
        guard progress.totalObjects > 0 else { return "\(verb)…" }
        if progress.receivedObjects < progress.totalObjects {
            let percent = progress.receivedObjects * 100 / progress.totalObjects
            return "\(verb): receiving \(percent)% (\(progress.receivedObjects)/\(progress.totalObjects) objects, \(size))"
        }
        let deltas = progress.totalDeltas > 0 ? progress.indexedDeltas * 100 / progress.totalDeltas : 100
        return "\(verb): resolving deltas \(deltas)% (\(progress.indexedDeltas)/\(progress.totalDeltas))"
    }

    static func byteCount(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / 1024 / 1024)
    }
}

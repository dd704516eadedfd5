import Dispatch
import Foundation

/// One read, registered before it runs: whichever thread gets to it first runs it (a thread
/// of the `PrefetchQueue`, or the one that asks), the others wait for its value.
final class Prefetch<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: (() -> Value)?
    private var result: Value?

    /// A read to run once.
    init(_ work: @escaping () -> Value) {
        self.work = work
    }

    /// A read already done.
    static func finished(_ value: Value) -> Prefetch {
        let done = Prefetch { value }
        done.run()
        return done
    }

    /// Runs the read unless a thread has started it already.
    func run() {
        condition.lock()
        guard let work else {
            condition.unlock()
            return
        }
        self.work = nil
        condition.unlock()
        let value = work()
        condition.lock()
        result = value
        condition.broadcast()
        condition.unlock()
    }

    /// The read's value: read here if no thread has started it, else waited for.
    func value() -> Value {
        run()
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}

/// Runs jobs first in, first out on at most one thread fewer than the machine has cores
/// (one at least), so that reading ahead neither starts a thread per job nor pays a
/// dispatch per job, and leaves a core to the thread that asks for the reads: it is the
/// critical path, and with a reader on every core it shared its core with one.
final class PrefetchQueue: @unchecked Sendable {
    private let lock = NSCondition()
    private var jobs: [() -> Void] = []
    private var next = 0
    private var workers = 0
    /// Asked on the first job, not per queue: it reads the cgroup's CPU quota from files,
    /// which a command that reads nothing ahead never needs.
    private static let width = max(1, ProcessorCount.active() - 1)

    /// Queues `job`, starting a thread for it if fewer than `width` are draining the queue.
    func add(_ job: @escaping () -> Void) {
        let starts: Bool = lock.withLock {
            jobs.append(job)
            guard workers < Self.width else { return false }
            workers += 1
            return true
        }
        if starts { DispatchQueue.global().async { self.drain() } }
    }

    private func drain() {
        while let job = take() { job() }
    }

    private func take() -> (() -> Void)? {
        lock.withLock {
            guard next < jobs.count else {
                jobs.removeAll(keepingCapacity: true)
                next = 0
                workers -= 1
                if workers == 0 { lock.broadcast() }
                return nil
            }
            defer { next += 1 }
            return jobs[next]
        }
    }

    /// Waits until every job queued so far, and every job those queued, has run.
    func waitUntilIdle() {
        lock.lock()
        defer { lock.unlock() }
        while workers > 0 || next < jobs.count { lock.wait() }
    }
}

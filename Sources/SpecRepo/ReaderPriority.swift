#if canImport(Glibc)
import Glibc
#endif

/// The priority of the threads that read ahead. A resolve runs its search on one thread and
/// reads ahead on as many threads as there are cores, so on two cores three threads take
/// turns, and the search, which every read serves, ran a third of the time on none. On Linux
/// a thread reading ahead runs at the lowest priority (nice 19): the search then keeps a core
/// whenever it can run, and the readers have the rest, which is all of it while the search
/// waits for one of them (issue 14).
///
/// A reader runs on a dispatch worker, which goes back to its pool for other work, so its
/// priority is lowered only where it can be raised again afterwards: with `CAP_SYS_NICE`
/// (root, in most CI containers) or an `RLIMIT_NICE` that allows it. Elsewhere, and on
/// other systems (where `setpriority` on `PRIO_PROCESS` 0 names the whole process, not the
/// thread), readers run as before.
enum ReaderPriority {
    /// The nice value a thread reads ahead at.
    static let readingNice: Int32 = 19

    /// Runs `body` on the calling thread at `readingNice` when the thread's priority can be
    /// put back, and puts it back.
    static func lowered<Result>(_ body: () throws -> Result) rethrows -> Result {
        #if os(Linux)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let before = getpriority(which, 0)
        guard errno == 0, before < readingNice, mayRaise(toNice: before, limits: limits),
              setpriority(which, 0, readingNice) == 0 else {
            return try body()
        }
        defer { setpriority(which, 0, before) }
        return try body()
        #else
        return try body()
        #endif
    }

    /// What allows a thread to raise its priority: `RLIMIT_NICE` and whether the process has
    /// `CAP_SYS_NICE`.
    struct Limits: Equatable {
        var niceLimit: UInt64
        var hasSysNice: Bool
    }

    /// Whether a thread may go back to `nice` from a lower priority (Linux's `can_nice`): the
    /// limit allows nice values down to `20 - RLIMIT_NICE`, and `CAP_SYS_NICE` allows any.
    static func mayRaise(toNice nice: Int32, limits: Limits) -> Bool {
        limits.hasSysNice || Int64(20) - Int64(nice) <= Int64(clamping: limits.niceLimit)
    }

    /// This process's limits, read once, on the first read ahead.
    static let limits: Limits = {
        #if os(Linux)
        var limit = rlimit()
        let niceLimit = getrlimit(__rlimit_resource_t(__RLIMIT_NICE.rawValue), &limit) == 0 ? UInt64(limit.rlim_cur) : 0
        return Limits(niceLimit: niceLimit, hasSysNice: hasSysNice(status: processStatus()))
        #else
        return Limits(niceLimit: 0, hasSysNice: false)
        #endif
    }()

    /// Whether the effective capabilities in `/proc/self/status` text include `CAP_SYS_NICE`
    /// (capability 23); false when the line is missing or malformed.
    static func hasSysNice(status: String?) -> Bool {
        guard let status,
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
              let mask = UInt64(line.dropFirst("CapEff:".count).trimmingPrefix(while: { $0 == "\t" || $0 == " " }), radix: 16)
        else { return false }
        return mask & (1 << 23) != 0
    }

    #if os(Linux)
    /// The text of `/proc/self/status`, or nil when it cannot be read.
    private static func processStatus() -> String? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return String(decoding: bytes[..<filled], as: UTF8.self)
    }
    #endif
}

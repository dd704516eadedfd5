import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How many threads reading ahead can run at once: the number Foundation's
/// `ProcessInfo.activeProcessorCount` gives, counted the same way.
///
/// On Linux Foundation reads a cgroup v1 CPU quota, then a cgroup v1 cpuset, through `URL` and
/// `Data`, and falls back to the processors online. Its first use there cost a resolve 0.4 ms
/// on the resolver's thread (issue 14): the file reads fail on a cgroup v2 machine, but only
/// after setting up Foundation's file machinery. The same files are read here with `open` and
/// `read`.
enum ProcessorCount {
    static func active() -> Int {
        #if os(Linux)
        if let quota = quotaCount(quota: firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
                                  period: firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us")) {
            return quota
        }
        if let cpuset = cpusetCount(firstLine(of: "/sys/fs/cgroup/cpuset/cpuset.cpus")) {
            return cpuset
        }
        return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        return ProcessInfo.processInfo.activeProcessorCount
        #endif
    }

    /// The processors a CFS quota allows, rounded up (`150000` over `100000`: 2); nil unless
    /// both are positive numbers.
    static func quotaCount(quota: Substring?, period: Substring?) -> Int? {
        guard let quota = quota.flatMap({ Int($0) }), quota > 0,
              let period = period.flatMap({ Int($0) }), period > 0 else { return nil }
        return (quota - 1 + period) / period
    }

    /// The processors of a cpuset's *first* range (`0-3,7`: 4), as Foundation counts them;
    /// nil for an empty or malformed one.
    static func cpusetCount(_ cpuset: Substring?) -> Int? {
        guard let first = cpuset?.split(separator: ",").first else { return nil }
        let ends = first.split(separator: "-", maxSplits: 1)
        guard let low = ends.first.flatMap({ Int($0, radix: 10) }),
              let high = ends.last.flatMap({ Int($0, radix: 10) }), high >= low else { return nil }
        return 1 + high - low
    }

    /// The first line of the small file at `path`, or nil when it cannot be read.
    static func firstLine(of path: String) -> Substring? {
        #if canImport(Glibc)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        return text.split(separator: "\n").first ?? ""
        #else
        return nil
        #endif
    }
}

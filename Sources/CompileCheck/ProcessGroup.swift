#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether any process of process group `group` is still running. A zombie does not count:
/// in containers whose init never reaps orphans, a killed grandchild stays a zombie forever,
/// and waiting for it would always cost the whole grace period.
func processGroupHasLiveMembers(_ group: pid_t) -> Bool {
    if kill(-group, 0) != 0 && errno == ESRCH { return false }
    #if os(Linux)
    guard let proc = opendir("/proc") else { return true }
    defer { closedir(proc) }
    while let entry = readdir(proc) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        guard let pid = Int32(name), let (state, processGroup) = stateAndGroup(of: pid) else { continue }
        if processGroup == group && state != UInt8(ascii: "Z") && state != UInt8(ascii: "X") { return true }
    }
    return false
    #else
    return true
    #endif
}

#if os(Linux)
/// The state letter and process group from `/proc/<pid>/stat`: `pid (comm) S ppid pgrp …`.
/// The command name may contain spaces and parentheses, so fields are counted after the
/// last `)`.
private func stateAndGroup(of pid: Int32) -> (UInt8, pid_t)? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { _ = closeFile(fd) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0, let close = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "), maxSplits: 4)
    guard fields.count >= 3, let state = fields[0].first,
          let processGroup = Int32(String(decoding: fields[2], as: UTF8.self)) else { return nil }
    return (state, processGroup)
}
#endif

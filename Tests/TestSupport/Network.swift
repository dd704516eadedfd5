import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 that was free when asked: bound, read back and released.
public func freeLocalPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestSupportError("socket() failed: errno \(errno)") }
    defer { close(fd) }
    var address = loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw TestSupportError("cannot bind 127.0.0.1: errno \(errno)") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
public func acceptsConnections(port: Int) -> Bool {
    guard let fd = try? connectToLoopback(port: port) else { return false }
    close(fd)
    return true
}

/// A TCP socket connected to 127.0.0.1:`port`; the caller closes it.
public func connectToLoopback(port: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestSupportError("socket() failed: errno \(errno)") }
    var address = loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        let reason = errno
        close(fd)
        throw TestSupportError("cannot connect to 127.0.0.1:\(port): errno \(reason)")
    }
    return fd
}

/// `sockaddr_in` for 127.0.0.1:`port`.
func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
}

/// A listening socket on 127.0.0.1 with a port the kernel chose; returns (fd, port).
public func listenOnLoopback(backlog: Int32 = 16) throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestSupportError("socket() failed: errno \(errno)") }
    var address = loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, listen(fd, backlog) == 0 else {
        close(fd)
        throw TestSupportError("cannot listen on 127.0.0.1: errno \(errno)")
    }
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

/// `git daemon` serving the repositories under `basePath` on 127.0.0.1, with push enabled
/// unless `allowPush` is false (then a push is refused, as a read-only token's would be);
/// killed and waited for when the handle goes away.
public final class LocalGitDaemon: @unchecked Sendable {
    public let process: Process
    public let port: Int

    public init(basePath: String, allowPush: Bool = true) throws {
        var started: (Process, Int)?
        for _ in 0..<5 where started == nil {
            let port = try freeLocalPort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/lib/git-core/git-daemon")
            process.arguments = ["--reuseaddr", "--listen=127.0.0.1", "--port=\(port)", "--export-all"]
                + (allowPush ? ["--enable=receive-pack"] : []) + ["--base-path=\(basePath)", basePath]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<100 where process.isRunning && started == nil {
                if acceptsConnections(port: port) { started = (process, port) } else { usleep(20_000) }
            }
            if started == nil {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        guard let (process, port) = started else { throw TestSupportError("git daemon did not start") }
        self.process = process
        self.port = port
    }

    deinit {
        // Children of Swift's worker threads inherit a blocked SIGTERM: SIGKILL cannot be blocked.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// `git://127.0.0.1:PORT/repository`.
    public func url(_ repository: String) -> String {
        "git://127.0.0.1:\(port)/\(repository)"
    }
}

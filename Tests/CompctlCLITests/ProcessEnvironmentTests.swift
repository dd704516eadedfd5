@testable import CompctlCLI
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Serialized: its tests change the process's environment.
@Suite(.serialized) struct ProcessEnvironmentTests {
    /// compctl reads `environ` itself (start-up time); it must see what Foundation sees,
    /// values with `=`, empty values and non-ASCII text included.
    @Test func readsWhatFoundationReads() {
        setenv("COMPCTL_TEST_ENV_EQUALS", "a=b=c", 1)
        setenv("COMPCTL_TEST_ENV_EMPTY", "", 1)
        setenv("COMPCTL_TEST_ENV_TEXT", "Zürich ✓", 1)
        defer {
            for name in ["COMPCTL_TEST_ENV_EQUALS", "COMPCTL_TEST_ENV_EMPTY", "COMPCTL_TEST_ENV_TEXT"] { unsetenv(name) }
        }
        let read = ProcessEnvironment.current()
        #expect(read == ProcessInfo.processInfo.environment)
        #expect(read["COMPCTL_TEST_ENV_EQUALS"] == "a=b=c")
        #expect(read["COMPCTL_TEST_ENV_EMPTY"] == "")
        #expect(read["COMPCTL_TEST_ENV_TEXT"] == "Zürich ✓")
    }

    /// The entries a CI runner or a hostile parent can hand over, read as Foundation reads them.
    @Test(arguments: [
        ("invalid UTF-8 in a value", [Array("COMPCTL_TEST_ENV_BAD=a".utf8) + [0xFF, 0xFE]]),
        ("invalid UTF-8 in a name", [[0xFF] + Array("COMPCTL_TEST_ENV=v".utf8)]),
        ("an entry without =", [Array("COMPCTL_TEST_ENV_NAME_ONLY".utf8)]),
        ("a name given twice", [Array("COMPCTL_TEST_ENV_TWICE=1".utf8), Array("COMPCTL_TEST_ENV_TWICE=2".utf8)]),
        ("an empty name", [Array("=x".utf8)]),
        ("an empty entry", [[]]),
    ] as [(String, [[UInt8]])])
    func readsOddEntriesAsFoundationDoes(_ name: String, _ entries: [[UInt8]]) {
        let (read, foundation) = withEntries(entries) { (ProcessEnvironment.current(), ProcessInfo.processInfo.environment) }
        #expect(read == foundation, "\(name)")
    }

    /// Foundation splits an entry among Characters: after `NAME=`, a combining mark makes
    /// one Character of the `=` (`=\u{338}` is `≠`), so it reads no `NAME`, or a `NAME≠…`.
    /// compctl splits at the first `=` byte, as `getenv` and every child process do.
    @Test func splitsAtTheFirstEqualsSignAsGetenvDoes() {
        let name = "COMPCTL_TEST_ENV_MARK"
        let (read, libc) = withEntries([Array("\(name)=\u{338}x=y".utf8)]) {
            (ProcessEnvironment.current()[name], getenv(name).map { String(cString: $0) })
        }
        #expect(read == "\u{338}x=y")
        #expect(read == libc)
    }

    /// Runs `body` with `entries` (raw bytes) added after the process's own environment
    /// entries, which other suites running meanwhile still see.
    private func withEntries<T>(_ entries: [[UInt8]], _ body: () -> T) -> T {
        typealias Entries = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        // The Glibc module makes `environ` read-only.
        let variable = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "environ")!.assumingMemoryBound(to: Entries?.self)
        let saved = variable.pointee
        var own: [UnsafeMutablePointer<CChar>?] = []
        if var entry = saved {
            while let pointer = entry.pointee {
                own.append(pointer)
                entry += 1
            }
        }
        let added = entries.map { bytes -> UnsafeMutablePointer<CChar>? in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (offset, byte) in bytes.enumerated() { pointer[offset] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        }
        // Never freed: a reader in another thread may still hold the array.
        let array = Entries.allocate(capacity: own.count + added.count + 1)
        for (index, pointer) in (own + added + [nil]).enumerated() { array[index] = pointer }
        variable.pointee = array
        defer { variable.pointee = saved }
        return body()
    }
}

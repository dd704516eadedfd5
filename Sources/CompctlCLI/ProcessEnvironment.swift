import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's environment as `ProcessInfo.processInfo.environment` gives it (the last of
/// two equal names wins, an entry without `=` is left out, invalid UTF-8 is repaired), read
/// from `environ` in bytes. One difference: each entry is split at its first `=` byte, as
/// `getenv` splits it, where Foundation splits among Characters and misses an `=` that a
/// combining mark follows (`NAME=\u{338}…`). That split, and a dictionary grown entry by
/// entry, cost every resolve 800,000 instructions with 40 variables, more on a CI runner
/// (issue 14).
enum ProcessEnvironment {
    static func current() -> [String: String] {
        #if canImport(Glibc)
        var result: [String: String] = [:]
        // Null after clearenv(), though Glibc's module declares it non-optional.
        typealias Entries = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        guard var entry = unsafeBitCast(environ, to: Entries?.self) else { return result }
        // Sized once: growing the table moved every entry again, and its first growth looked
        // the table's type up by name at run time.
        var count = 0
        while entry[count] != nil { count += 1 }
        result.reserveCapacity(count)
        while let pointer = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let key = String(decoding: bytes[..<equals], as: UTF8.self)
                result[key] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return result
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }
}

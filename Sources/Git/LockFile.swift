import Foundation

/// git's lock files (`refs/heads/main.lock`, `packed-refs.lock`, `config.lock`): a writer
/// creates `FILE.lock`, writes it and renames it over `FILE`. A process killed in between
/// leaves the lock behind, and every later writer of `FILE` fails until someone removes it.
public enum LockFile {
    /// How old a lock must be before it counts as left by a killed process. git holds a
    /// lock for the milliseconds a write takes, so a younger one may belong to a writer that
    /// is running now: waiting for it is right, removing it is not.
    public static let staleAge: TimeInterval = 10

    /// Seconds since `path` was last modified; `nil` when it does not exist (any more).
    public static func age(of path: String, now: Date = Date()) -> TimeInterval? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return max(0, now.timeIntervalSince(modified))
    }

    /// Whether the lock at `path` exists and is at least `staleAge` old.
    public static func isStale(_ path: String, now: Date = Date()) -> Bool {
        guard let age = age(of: path, now: now) else { return false }
        return age >= staleAge
    }

    /// The error for the lock at `path`, with its current age (none when it is gone).
    static func error(for path: String) -> GitError {
        .locked(lockFile: path, age: age(of: path).map { Int($0) })
    }

    /// The lock file a libgit2 message names (`failed to lock file '/r/refs/heads/main.lock'
    /// for writing`), if it names one.
    static func path(in message: String) -> String? {
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "'") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "'") else { return nil }
            let quoted = after[..<close]
            if quoted.hasSuffix(".lock") { return String(quoted) }
            rest = after[after.index(after: close)...]
        }
        return nil
    }

    /// `7200` → `2 hours`: the largest whole unit, as a person would say it.
    static func describe(age seconds: Int) -> String {
        func count(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        switch seconds {
        case ..<60: return count(max(0, seconds), "second")
        case ..<3600: return count(seconds / 60, "minute")
        case ..<(48 * 3600): return count(seconds / 3600, "hour")
        default: return count(seconds / 86400, "day")
        }
    }

    /// `path` as one shell word: as it is when it needs no quoting, else in single quotes.
    static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+@%:,=".unicodeScalars.contains(scalar))
        }
        if plain && !path.isEmpty { return path }
        return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

import Foundation

/// Values a command hands over to live until the process exits, instead of being freed one
/// object at a time as the command returns. The process exits right after, and gives the
/// memory back whole. A warm resolve through a CDN ends with tens of thousands of objects
/// (the sources' copies and parsed specs, the catalog): freeing them was some 3 % of its
/// instructions, on the path the user waits on.
enum ProcessLifetime {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `value` alive until the process exits.
    static func keep(_ value: Any) {
        lock.withLock { kept.append(value) }
    }
}

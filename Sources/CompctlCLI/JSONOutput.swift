import Foundation

/// Prints one Codable value as compctl's JSON: sorted keys, a `schemaVersion`, one document.
enum JSONOutput {
    /// The schema version every `--json` document carries. Bumped on incompatible changes.
    static let schemaVersion = 1

    /// Encodes `value` with sorted keys and pretty printing, for stdout.
    static func render<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `value` to stdout.
    static func print<T: Encodable>(_ value: T) throws {
        Console.out(try render(value))
    }
}

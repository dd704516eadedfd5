import Foundation
import Yams

/// A YAML document as CI systems read their recipes: scalars as their text (GitHub and
/// GitLab give `on`, `true` or `0` their meaning per key), mappings in their order.
public indirect enum YAMLValue: Equatable, Sendable {
    case scalar(String)
    case sequence([YAMLValue])
    case mapping([Entry])

    /// One key of a mapping with its value.
    public struct Entry: Equatable, Sendable {
        public var key: String
        public var value: YAMLValue
    }

    /// `text` parsed; an empty document is an empty mapping.
    public static func parse(_ text: String) throws -> YAMLValue {
        guard let node = try Yams.compose(yaml: text) else { return .mapping([]) }
        return try YAMLValue(node)
    }

    private init(_ node: Node) throws {
        switch node {
        case .scalar(let scalar):
            self = .scalar(scalar.string)
        case .sequence(let sequence):
            self = .sequence(try sequence.map(YAMLValue.init))
        case .mapping(let mapping):
            self = .mapping(try mapping.map { key, value in
                guard case .scalar(let name) = key else { throw TestSupportError("a YAML key that is not text: \(key)") }
                return Entry(key: name.string, value: try YAMLValue(value))
            })
        case .alias:
            throw TestSupportError("YAML aliases are not used by the recipes")
        }
    }

    /// The value of `key` in a mapping (`nil` when absent or not a mapping).
    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// A mapping's keys in order (none for other values).
    public var keys: [String] {
        guard case .mapping(let entries) = self else { return [] }
        return entries.map(\.key)
    }

    /// A mapping's entries in order (none for other values).
    public var entries: [Entry] {
        guard case .mapping(let entries) = self else { return [] }
        return entries
    }

    /// A scalar's text.
    public var string: String? {
        guard case .scalar(let text) = self else { return nil }
        return text
    }

    /// A sequence's items (a scalar is a sequence of itself, as both CI systems allow).
    public var items: [YAMLValue] {
        switch self {
        case .sequence(let items): return items
        case .scalar: return [self]
        case .mapping: return []
        }
    }

    /// The keys of a mapping that are not in `known`: what a runner must refuse to ignore.
    public func unknownKeys(_ known: Set<String>) -> [String] {
        keys.filter { !known.contains($0) }
    }
}

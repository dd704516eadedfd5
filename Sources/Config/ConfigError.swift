import Diagnostics
import Foundation
import Yams

/// Why a configuration could not be loaded: every problem found, not only the first.
public enum ConfigError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid([FileIssue])

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason)"
        case let .invalid(issues):
            issues.map(\.description).joined(separator: "\n")
        }
    }
}

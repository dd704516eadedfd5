import Diagnostics

/// One problem in a manifest, with the file and, where there is one, the line it is on.
public typealias ManifestIssue = FileIssue

/// Why a Podfile, Podfile.lock or Package.swift could not be read or edited.
public enum ManifestError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(path: String, reason: String)
    /// The file is not something compctl can read (unbalanced blocks, an unterminated
    /// string, a lock file that is not YAML).
    case malformed(ManifestIssue)
    /// A pin request could not be carried out. Every problem is listed; nothing was changed.
    case cannotPin([ManifestIssue])

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason)"
        case let .malformed(issue):
            issue.description
        case let .cannotPin(issues):
            issues.map(\.description).joined(separator: "\n")
        }
    }
}

/// Whether `version` looks like a version compctl may write into a manifest: it starts with
/// a digit and holds only the characters CocoaPods and SwiftPM versions use. The full
/// ordering rules live in `Versioning`; this only keeps quotes and spaces out of the file.
func isWritableVersion(_ version: String) -> Bool {
    guard let first = version.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
        return false
    }
    return version.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"):
            true
        default:
            false
        }
    }
}

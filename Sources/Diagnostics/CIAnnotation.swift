import Foundation

/// One finding for a CI system: what GitHub shows as an annotation on a file's line and
/// GitLab as a Code Quality finding. Its texts may come from specs or Podfiles, so the
/// renderers escape them: nothing in a finding can start a command of its own.
public struct CIAnnotation: Hashable, Sendable {
    /// The check that found it (`missing-dependency`, `cycle`): GitHub's title, GitLab's `check_name`.
    public var check: String
    /// The file it is about, relative to the repository root when possible.
    public var file: String?
    /// The 1-based line in `file`.
    public var line: Int?
    /// What is wrong and how to fix it.
    public var message: String

    /// A finding of `check` in `file` at `line`.
    public init(check: String, file: String?, line: Int?, message: String) {
        self.check = check
        self.file = file
        self.line = line
        self.message = message
    }
}

/// The CI systems compctl writes findings for.
public enum CIFormat: String, CaseIterable, Sendable {
    /// GitHub Actions workflow commands: `::error file=…,line=…,title=…::message`, one a line.
    case github
    /// A GitLab Code Quality report: a JSON array of findings with stable fingerprints.
    case gitlab

    /// `annotations` in this format, ending in a newline.
    public func render(_ annotations: [CIAnnotation]) -> String {
        switch self {
        case .github: return GitHubCommands.render(annotations)
        case .gitlab: return GitLabCodeQuality.render(annotations)
        }
    }
}

/// GitHub's workflow commands (docs: "Workflow commands for GitHub Actions").
enum GitHubCommands {
    static func render(_ annotations: [CIAnnotation]) -> String {
        annotations.map { annotation in
            var properties: [String] = []
            if let file = annotation.file { properties.append("file=" + escapeProperty(file)) }
            if let line = annotation.line { properties.append("line=\(line)") }
            properties.append("title=" + escapeProperty(annotation.check))
            return "::error " + properties.joined(separator: ",") + "::" + escapeData(annotation.message) + "\n"
        }.joined()
    }

    /// A command's message: `%`, CR and LF escaped, so the text stays on its line.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property's value: also `:` and `,`, which end a value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// GitLab's Code Quality report (docs: "Code Quality report format"): a subset of the
/// CodeClimate spec that GitLab reads.
enum GitLabCodeQuality {
    struct Finding: Encodable {
        struct Location: Encodable {
            struct Lines: Encodable { var begin: Int }
            var path: String
            var lines: Lines
        }
        var description: String
        var check_name: String
        var fingerprint: String
        var severity = "major"
        var location: Location
    }

    static func render(_ annotations: [CIAnnotation]) -> String {
        let findings = annotations.map { annotation in
            Finding(description: annotation.message, check_name: annotation.check,
                    fingerprint: fingerprint(annotation),
                    location: .init(path: annotation.file ?? ".", lines: .init(begin: annotation.line ?? 1)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return String(decoding: (try? encoder.encode(findings)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
    }

    /// 32 hex digits that stay the same from run to run for the same finding (check, file,
    /// message; not the line, which moves when lines above it change): two 64-bit FNV-1a
    /// hashes with different offsets.
    static func fingerprint(_ annotation: CIAnnotation) -> String {
        let bytes = Array("\(annotation.check)\u{0}\(annotation.file ?? "")\u{0}\(annotation.message)".utf8)
        func fnv(_ offset: UInt64) -> UInt64 {
            bytes.reduce(offset) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        let hex = { (value: UInt64) in String(value, radix: 16).leftPadded(to: 16) }
        return hex(fnv(0xcbf2_9ce4_8422_2325)) + hex(fnv(0x6c62_272e_07bb_0142))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

import Foundation

/// Changes the version of a podspec in place, touching only the bytes of the version literal.
///
/// Ruby: the string literal that gives `s.version`, also when it reaches the spec through a
/// local variable (`version = '1.2.3'` … `s.version = version`). JSON: the value of the
/// top-level `"version"`. Every other byte of the file stays as it was. A version compctl
/// cannot rewrite safely (computed, interpolated, from a shell command) is an error naming
/// the file and line.
public enum VersionRewriter {
    /// Returns `contents` with its version replaced by `newVersion`.
    public static func rewrite(_ contents: Data, path: String, to newVersion: String) throws(PodspecError) -> Data {
        let bytes = [UInt8](contents)
        let range = try versionRange(in: bytes, path: path)
        try check(newVersion, path: path, line: line(of: range.lowerBound, in: bytes))
        var result = bytes
        result.replaceSubrange(range, with: Array(newVersion.utf8))
        return Data(result)
    }

    /// Returns `contents` with its version replaced by `newVersion`.
    public static func rewrite(_ contents: String, path: String, to newVersion: String) throws(PodspecError) -> String {
        let data = try rewrite(Data(contents.utf8), path: path, to: newVersion)
        return String(decoding: data, as: UTF8.self)
    }

    /// The byte range of the version's characters in the file, without quotes.
    public static func versionRange(in contents: Data, path: String) throws(PodspecError) -> Range<Int> {
        try versionRange(in: [UInt8](contents), path: path)
    }

    static func versionRange(in bytes: [UInt8], path: String) throws(PodspecError) -> Range<Int> {
        if PodspecReader.isJSON(path) {
            let node = try JSONPodspec.versionNode(bytes: bytes, path: path)
            guard case .string(let version) = node.value else {
                throw PodspecError(
                    file: path, line: node.line,
                    message: "cannot rewrite the version: it is \(node.typeName), not a string; write \"version\": \"1.2.3\"")
            }
            let content = (node.start + 1)..<(node.end - 1)
            guard Array(version.utf8) == Array(bytes[content]) else {
                throw PodspecError(
                    file: path, line: node.line,
                    message: "cannot rewrite the version: its string uses escapes; write it plainly, e.g. \"version\": \"1.2.3\"")
            }
            return content
        }
        let evaluation = try RubyPodspec.evaluate(bytes: bytes, path: path)
        let root = evaluation.evaluator.specs[evaluation.root]
        switch root.version {
        case nil:
            throw PodspecError(
                file: path, line: root.line,
                message: "cannot rewrite the version: the spec sets none; add s.version = '1.2.3'")
        case .string(_, let literal?)?:
            return literal
        case .unknown(let origin)?:
            let location = origin.line != root.versionLine ? " (set on line \(root.versionLine))" : ""
            throw PodspecError(
                file: path, line: origin.line,
                message: "cannot rewrite the version\(location): it \(origin.reason); "
                    + "set a literal version, e.g. s.version = '1.2.3'")
        case .some:
            throw PodspecError(
                file: path, line: root.versionLine,
                message: "cannot rewrite the version: it is computed, not a single string literal; "
                    + "write it as a literal, e.g. s.version = '1.2.3'")
        }
    }

    private static func check(_ version: String, path: String, line: Int) throws(PodspecError) {
        let allowed = version.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x2D || byte == 0x2B || byte == 0x5F
        }
        guard allowed, !version.isEmpty else {
            throw PodspecError(
                file: path, line: line,
                message: "cannot write the version '\(version)': a version holds only letters, digits, '.', '-', '+' and '_'")
        }
    }

    private static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<offset].lazy.filter { $0 == 0x0A }.count
    }
}

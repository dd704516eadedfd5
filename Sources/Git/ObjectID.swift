import CLibGit2

/// The id of a git object (a SHA-1), as a value.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    var raw: git_oid

    init(_ raw: git_oid) {
        self.raw = raw
    }

    init(_ pointer: UnsafePointer<git_oid>) {
        self.raw = pointer.pointee
    }

    /// Parses 40 hexadecimal digits.
    public init(hex: String) throws(GitError) {
        guard hex.utf8.count == 40, hex.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else { throw GitError.invalidObjectID(hex) }
        Git.ensureInitialized()
        var oid = git_oid()
        try check(git_oid_fromstr(&oid, hex), "git_oid_fromstr")
        raw = oid
    }

    /// The 40 hexadecimal digits.
    public var hex: String {
        var buffer = [CChar](repeating: 0, count: 41)
        withUnsafePointer(to: raw) { _ = git_oid_fmt(&buffer, $0) }
        return String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first 7 digits, as git abbreviates in messages.
    public var shortHex: String {
        String(hex.prefix(7))
    }

    public var description: String {
        hex
    }

    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        withUnsafeBytes(of: lhs.raw.id) { left in withUnsafeBytes(of: rhs.raw.id) { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: raw.id) { hasher.combine(bytes: $0) }
    }
}

import CLibGit2
import Foundation

/// Who made a commit or a tag, and when.
public struct Signature: Sendable, Equatable {
    /// The person's name, `user.name` in git config.
    public var name: String
    /// The e-mail address, `user.email` in git config.
    public var email: String
    /// When; `nil` means "now" when the signature is used to write an object.
    public var time: Date?
    /// The time zone, in minutes east of UTC, recorded next to `time`.
    public var timeZoneOffsetMinutes: Int

    /// A signature with the given name and e-mail; `time` `nil` stamps objects with the
    /// current time.
    public init(name: String, email: String, time: Date? = nil, timeZoneOffsetMinutes: Int = 0) {
        self.name = name
        self.email = email
        self.time = time
        self.timeZoneOffsetMinutes = timeZoneOffsetMinutes
    }

    /// compctl's own identity, used when git config names nobody.
    public static let compctl = Signature(name: "compctl", email: "compctl@localhost")

    init(_ signature: UnsafePointer<git_signature>) {
        name = signature.pointee.name.map { String(cString: $0) } ?? ""
        email = signature.pointee.email.map { String(cString: $0) } ?? ""
        time = Date(timeIntervalSince1970: TimeInterval(signature.pointee.when.time))
        timeZoneOffsetMinutes = Int(signature.pointee.when.offset)
    }

    /// A new `git_signature` that the caller frees with `git_signature_free`.
    func makeGitSignature() throws(GitError) -> UnsafeMutablePointer<git_signature> {
        Git.ensureInitialized()
        var signature: UnsafeMutablePointer<git_signature>?
        if let time {
            try check(
                git_signature_new(&signature, name, email, git_time_t(time.timeIntervalSince1970.rounded(.down)),
                                  Int32(timeZoneOffsetMinutes)),
                "git_signature_new")
        } else {
            try check(git_signature_now(&signature, name, email), "git_signature_now")
        }
        guard let signature else {
            throw GitError.libgit2(function: "git_signature_new", code: -1, errorClass: 0, message: "no signature returned")
        }
        return signature
    }
}

/// Lends `body` two temporary signatures (author and committer), freed afterwards.
func withSignatures<R>(
    _ author: Signature, _ committer: Signature,
    _ body: (UnsafePointer<git_signature>, UnsafePointer<git_signature>) -> R
) throws(GitError) -> R {
    let authorPointer = try author.makeGitSignature()
    defer { git_signature_free(authorPointer) }
    let committerPointer = try committer.makeGitSignature()
    defer { git_signature_free(committerPointer) }
    return body(authorPointer, committerPointer)
}

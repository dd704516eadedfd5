import Foundation

/// A fresh temporary directory, removed when the handle goes away (or by `remove()`), kept
/// when `COMPCTL_KEEP_TEMP` is set. Its path has symbolic links resolved, so it compares
/// equal to what `pwd -P` prints.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    /// A directory named after `prefix` and the calling function.
    public init(prefix: String = "compctl-test", _ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }.prefix(40)
        let created = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: created, withIntermediateDirectories: true)
        url = created.resolvingSymlinksInPath()
    }

    deinit {
        remove()
    }

    /// The directory's path.
    public var path: String { url.path }

    /// The path of `relative` inside the directory.
    public func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// `path(relative)`.
    public func callAsFunction(_ relative: String) -> String {
        path(relative)
    }

    /// Writes `contents` to `relativePath` inside the directory (creating its folders) and
    /// returns its URL.
    @discardableResult
    public func write(_ contents: String, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes text files below `relative` (path → contents), creating folders.
    public func write(_ files: [String: String], under relative: String = "") throws {
        for (file, contents) in files {
            try write(contents, to: relative.isEmpty ? file : relative + "/" + file)
        }
    }

    /// The text of `relative` inside the directory.
    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// Removes the directory now, unless `COMPCTL_KEEP_TEMP` is set.
    public func remove() {
        guard ProcessInfo.processInfo.environment["COMPCTL_KEEP_TEMP"] == nil else { return }
        try? FileManager.default.removeItem(at: url)
    }
}

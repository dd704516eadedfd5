import Foundation

/// Where a Ruby podspec read from disk lives: its absolute path (what `__FILE__` gives) and
/// the one door to the file system its code gets, `File.read` of a file inside its own folder.
///
/// Nothing read from a repo is trusted: the path must stay inside the podspec's folder once
/// `..` and symbolic links are resolved, name a regular file, and hold at most
/// `maximumBytes`; anything else stays unknown, and the spec reports the line that reads it.
struct PodspecFileContext: Sendable {
    /// The most a podspec may read from one file beside it.
    static let maximumBytes = 1 << 20

    let absolutePath: String
    let readBeside: @Sendable (String) -> [UInt8]?

    init(podspecPath: String) {
        let absolute = URL(fileURLWithPath: podspecPath).standardizedFileURL.path
        absolutePath = absolute
        let folder = RubyPath.dirname(absolute)
        readBeside = { relative in Self.read(relative, inside: folder) }
    }

    private static func read(_ relative: String, inside folder: String) -> [UInt8]? {
        guard !relative.isEmpty, !relative.split(separator: "/").contains("..") else { return nil }
        let realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let real = URL(fileURLWithPath: folder + "/" + relative).resolvingSymlinksInPath().path
        guard real.hasPrefix(realFolder == "/" ? "/" : realFolder + "/"),
              let attributes = try? FileManager.default.attributesOfItem(atPath: real),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= maximumBytes,
              let handle = FileHandle(forReadingAtPath: real)
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() ?? Data(), data.count <= maximumBytes else { return nil }
        return [UInt8](data)
    }
}

import Foundation

/// Reads podspecs, Ruby (`Foo.podspec`) or JSON (`Foo.podspec.json`), into a `Specification`.
///
/// The JSON form is read fully. The Ruby form goes through a tolerant reader of the
/// declarative subset CocoaPods specs use; anything it cannot evaluate that compctl needs
/// (the name, the version, subspecs, dependencies) is an error naming the file and line.
public enum PodspecReader {
    /// Reads the podspec at `path`. The suffix chooses the format: `.json` is JSON, anything
    /// else Ruby.
    /// A Ruby podspec read this way sees its absolute path as `__FILE__` and may
    /// `File.read` a file inside its own folder (see `PodspecFileContext`).
    public static func read(contentsOf path: String) throws(PodspecError) -> Specification {
        let data = try contents(of: path)
        if isJSON(path) { return try read(data: data, path: path) }
        return try RubyPodspec.read(bytes: [UInt8](data), path: path, file: PodspecFileContext(podspecPath: path))
    }

    /// Reads podspec data; `path` chooses the format by its suffix and names the file in errors.
    public static func read(data: Data, path: String) throws(PodspecError) -> Specification {
        try read(bytes: [UInt8](data), path: path)
    }

    /// Reads podspec text; `path` chooses the format by its suffix and names the file in errors.
    public static func read(string: String, path: String) throws(PodspecError) -> Specification {
        try read(bytes: Array(string.utf8), path: path)
    }

    /// Whether `path` names a JSON podspec.
    public static func isJSON(_ path: String) -> Bool {
        path.hasSuffix(".json")
    }

    /// Reads podspec bytes; `path` chooses the format by its suffix and names the file in errors.
    public static func read(bytes: [UInt8], path: String) throws(PodspecError) -> Specification {
        if isJSON(path) {
            return try JSONPodspec.read(bytes: bytes, path: path)
        }
        return try RubyPodspec.read(bytes: bytes, path: path)
    }

    static func contents(of path: String) throws(PodspecError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PodspecError(file: path, line: nil, message: "no such file; check the path to the podspec")
        }
        guard !isDirectory.boolValue else {
            throw PodspecError(file: path, line: nil, message: "is a directory, not a podspec; give the path of the .podspec file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PodspecError(file: path, line: nil, message: "cannot read the file; check its permissions")
        }
        return data
    }
}

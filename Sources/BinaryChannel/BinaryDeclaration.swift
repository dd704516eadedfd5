import FileIO
import Foundation
import Podspec

/// What a binary archive holds, as the configured `binary_command` declares it in the
/// `binary.json` it writes beside the archive: the archive's file name, and for the root spec
/// and each subspec the frameworks, libraries and headers the binary spec vendors.
///
/// ```json
/// {"archive": "XXUIKit.zip",
///  "vendored_libraries": ["lib/libXXUIKit.a"], "source_files": ["include/*.h"],
///  "subspecs": {"Core": {"vendored_libraries": ["lib/libXXUIKitCore.a"]}}}
/// ```
///
/// A subspec the file does not name vendors nothing of its own: the root's contents, which
/// CocoaPods installs with any subspec, serve it.
public struct BinaryDeclaration: Equatable, Sendable {
    /// The file the declaration is read from, in the command's output folder.
    public static let fileName = "binary.json"

    /// The archive's file name in the output folder.
    public var archive: String
    /// The root spec's contents.
    public var root: BinaryContents
    /// Each subspec's own contents, by its path below the root (`Core`, `Core/Views`).
    public var subspecs: [String: BinaryContents]

    /// A declaration from its parts.
    public init(archive: String, root: BinaryContents, subspecs: [String: BinaryContents] = [:]) {
        self.archive = archive
        self.root = root
        self.subspecs = subspecs
    }

    /// Reads the declaration `binary.json` at `path`; every problem is reported at once.
    public static func read(_ path: String) throws -> BinaryDeclaration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BinaryError.noDeclaration(path: path)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data),
              let fields = object as? [String: Any] else {
            throw BinaryError.badDeclaration(path: path, problems: ["it is not a JSON object"])
        }
        var problems: [String] = []
        let known = Set(["archive", "subspecs"]).union(BinaryContents.keys)
        for key in fields.keys.sorted() where !known.contains(key) {
            problems.append("unknown key \"\(key)\"; the keys are \(known.sorted().joined(separator: ", "))")
        }
        var archive = ""
        if let name = fields["archive"] as? String, !name.isEmpty {
            if name.contains("/") || name == "." || name == ".." {
                problems.append("\"archive\" must be a file name in the output folder, not \"\(name)\"")
            } else {
                archive = name
            }
        } else {
            problems.append("\"archive\" must name the archive the command wrote, such as \"XXLogger.zip\"")
        }
        let root = BinaryContents.read(fields, at: "", problems: &problems)
        var subspecs: [String: BinaryContents] = [:]
        if let value = fields["subspecs"] {
            if let map = value as? [String: Any] {
                for (name, body) in map.sorted(by: { $0.key < $1.key }) {
                    guard let body = body as? [String: Any] else {
                        problems.append("\"subspecs\".\"\(name)\" must be an object of vendored_frameworks, vendored_libraries and source_files")
                        continue
                    }
                    for key in body.keys.sorted() where !BinaryContents.keys.contains(key) {
                        problems.append("unknown key \"\(key)\" in subspec \"\(name)\"; the keys are \(BinaryContents.keys.sorted().joined(separator: ", "))")
                    }
                    subspecs[name] = BinaryContents.read(body, at: "subspec \"\(name)\": ", problems: &problems)
                }
            } else {
                problems.append("\"subspecs\" must map subspec names to their contents")
            }
        }
        if !problems.isEmpty { throw BinaryError.badDeclaration(path: path, problems: problems) }
        return BinaryDeclaration(archive: archive, root: root, subspecs: subspecs)
    }

    /// Checks the declaration against the source spec it is built from and the archive's
    /// entries: every subspec it names exists, every pattern matches something in the archive,
    /// and every subspec of the source spec is served by something. Returns the problems.
    public func problems(for spec: Specification, entries: [String]) -> [String] {
        var problems: [String] = []
        let known = Set(spec.allSubspecs.map { String($0.name.dropFirst(spec.name.count + 1)) })
        for name in subspecs.keys.sorted() where !known.contains(name) {
            problems.append("it declares subspec \"\(name)\", which \(spec.name) \(spec.version) does not have"
                + (known.isEmpty ? "" : " (its subspecs: \(known.sorted().joined(separator: ", ")))"))
        }
        let listing = ArchiveEntries(entries)
        for (label, contents) in [("", root)] + subspecs.sorted(by: { $0.key < $1.key }).map({ ("subspec \"\($0.key)\": ", $0.value) }) {
            for pattern in contents.vendoredFrameworks where !listing.hasDirectory(matching: pattern) {
                problems.append("\(label)vendored framework \"\(pattern)\" is not in \(archive)")
            }
            for pattern in contents.vendoredLibraries where !listing.hasFile(matching: pattern) {
                problems.append("\(label)vendored library \"\(pattern)\" is not in \(archive)")
            }
            for pattern in contents.sourceFiles where !listing.hasFile(matching: pattern) {
                problems.append("\(label)source_files \"\(pattern)\" matches nothing in \(archive)")
            }
            for framework in contents.vendoredFrameworks
            where !(framework.hasSuffix(".framework") || framework.hasSuffix(".xcframework")) {
                problems.append("\(label)vendored framework \"\(framework)\" must end in .framework or .xcframework")
            }
        }
        if root.isEmptyBinary {
            for subspec in spec.allSubspecs {
                let path = String(subspec.name.dropFirst(spec.name.count + 1))
                // A subspec is served by its own contents or an enclosing subspec's.
                let served = subspecs.contains { key, contents in
                    !contents.isEmptyBinary && (key == path || path.hasPrefix(key + "/"))
                }
                if !served {
                    problems.append("subspec \"\(path)\" gets no framework or library: declare vendored_frameworks or vendored_libraries for it or for the root")
                }
            }
            if spec.allSubspecs.isEmpty {
                problems.append("it declares no vendored_frameworks or vendored_libraries: name what the archive holds")
            }
        }
        return problems
    }
}

/// The parts of a binary spec (or subspec) that point into the archive.
public struct BinaryContents: Equatable, Sendable {
    /// `.framework` or `.xcframework` folders.
    public var vendoredFrameworks: [String]
    /// Static or dynamic libraries (`lib/libFoo.a`).
    public var vendoredLibraries: [String]
    /// Headers and other files to add (`include/*.h`).
    public var sourceFiles: [String]

    /// Contents from their parts.
    public init(vendoredFrameworks: [String] = [], vendoredLibraries: [String] = [], sourceFiles: [String] = []) {
        self.vendoredFrameworks = vendoredFrameworks
        self.vendoredLibraries = vendoredLibraries
        self.sourceFiles = sourceFiles
    }

    /// The declaration keys.
    static let keys: Set<String> = ["vendored_frameworks", "vendored_libraries", "source_files"]

    /// Whether there is no framework or library (headers alone serve nothing).
    public var isEmptyBinary: Bool { vendoredFrameworks.isEmpty && vendoredLibraries.isEmpty }

    static func read(_ fields: [String: Any], at label: String, problems: inout [String]) -> BinaryContents {
        func list(_ key: String) -> [String] {
            guard let value = fields[key] else { return [] }
            if let text = value as? String { return check([text], key) }
            if let items = value as? [Any], items.allSatisfy({ $0 is String }) { return check(items as! [String], key) }
            problems.append("\(label)\"\(key)\" must be a path or a list of paths inside the archive")
            return []
        }
        func check(_ paths: [String], _ key: String) -> [String] {
            for path in paths where path.isEmpty || path.hasPrefix("/") || path.split(separator: "/").contains("..") {
                problems.append("\(label)\"\(key)\" has \"\(path)\", which is not a path inside the archive")
            }
            return paths
        }
        return BinaryContents(vendoredFrameworks: list("vendored_frameworks"), vendoredLibraries: list("vendored_libraries"),
                              sourceFiles: list("source_files"))
    }
}

/// An archive's entry names, matched against podspec file patterns (`*` within a folder,
/// `**` across folders, `?` one character).
struct ArchiveEntries {
    let files: [String]
    let directories: Set<String>

    init(_ entries: [String]) {
        files = entries.filter { !$0.hasSuffix("/") }
        var directories = Set(entries.filter { $0.hasSuffix("/") }.map { String($0.dropLast()) })
        for file in files {
            var parts = file.split(separator: "/").dropLast()
            while !parts.isEmpty {
                directories.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        self.directories = directories
    }

    func hasFile(matching pattern: String) -> Bool {
        files.contains { FilePattern.matches(pattern, $0) }
    }

    func hasDirectory(matching pattern: String) -> Bool {
        let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        return directories.contains { FilePattern.matches(trimmed, $0) }
    }
}

/// Podspec file patterns, as `Pathname.glob` reads them for a spec's file attributes.
enum FilePattern {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        matchSegments(pattern.split(separator: "/", omittingEmptySubsequences: true)[...],
                      path.split(separator: "/", omittingEmptySubsequences: true)[...])
    }

    private static func matchSegments(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if matchSegments(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let segment = path.first, GlobPattern.matches(String(first), String(segment)) else {
            return false
        }
        return matchSegments(pattern.dropFirst(), path.dropFirst())
    }
}

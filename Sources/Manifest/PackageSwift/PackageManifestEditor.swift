import FileIO
import Foundation

/// A request to pin one Swift package to an exact version.
public struct PackagePin: Equatable, Sendable {
    /// The package URL (compared without case, a trailing `/` or `.git`), or its identity
    /// (the last path component, such as `swift-collections`).
    public var package: String
    public var version: String

    public init(package: String, version: String) {
        self.package = package
        self.version = version
    }
}

/// Pins `.package(url:…)` dependencies in a Package.swift to `exact:` versions, changing only
/// their version requirement.
public enum PackageManifestEditor {
    /// Pins each package in Package.swift source and returns the new bytes.
    ///
    /// An `exact:` or `.exact(…)` requirement gets the new version inside its quotes. Any other
    /// requirement (`from:`, `.upToNextMajor(from:)`, a range, a branch or revision) becomes
    /// `exact: "x.y.z"` only with `replacingOtherRequirements`; otherwise it is an error. Every
    /// problem is collected and thrown together, and then nothing is edited.
    public static func pin(_ pins: [PackagePin], in bytes: [UInt8], path: String = "Package.swift",
                           replacingOtherRequirements: Bool = false) throws(ManifestError) -> ManifestEdit {
        let manifest = try PackageManifest(parsing: bytes, path: path)
        var issues: [ManifestIssue] = []
        var changes: [Int: ManifestEdit.Change] = [:]
        var versions: [String: String] = [:]
        func issue(_ line: Int?, _ message: String) {
            issues.append(ManifestIssue(file: path, line: line, message: message))
        }

        for pin in pins {
            guard isWritableVersion(pin.version) else {
                issue(nil, "`\(pin.version)` is not a version compctl can write for `\(pin.package)`; give a version such as 1.2.3")
                continue
            }
            let key = normalized(pin.package)
            if let earlier = versions[key] {
                if earlier != pin.version {
                    issue(nil, "`\(pin.package)` is asked to be pinned to both \(earlier) and \(pin.version); give one version")
                }
                continue
            }
            versions[key] = pin.version

            let byURL = pin.package.contains("/") || pin.package.contains(":")
            let matches = manifest.dependencies.filter { dependency in
                guard case let .url(url) = dependency.location else { return false }
                return byURL ? normalized(url) == key : identity(url) == identity(pin.package)
            }
            if matches.isEmpty {
                let local = manifest.dependencies.filter { dependency in
                    guard case let .path(localPath) = dependency.location else { return false }
                    return identity(localPath) == identity(pin.package)
                }
                for dependency in local {
                    guard case let .path(localPath) = dependency.location else { continue }
                    issue(dependency.line, "`\(pin.package)` is the local package `.package(path: \"\(localPath)\")`, which has no version to pin; use a `.package(url:)` entry to pin it")
                }
                if local.isEmpty {
                    issue(nil, "no `.package(url:)` entry matches `\(pin.package)`; check the url (compctl ignores case, a trailing `/` and `.git`)")
                }
                continue
            }
            for dependency in matches {
                guard case let .url(url) = dependency.location else { continue }
                if let range = dependency.exactVersionRange {
                    changes[range.lowerBound] = .init(range: range, replacement: Array(pin.version.utf8))
                    continue
                }
                guard let range = dependency.requirementRange else {
                    issue(dependency.line, "`\(url)` has no version requirement to rewrite; add `exact: \"\(pin.version)\"` after its url")
                    continue
                }
                let written = String(decoding: bytes[range], as: UTF8.self)
                if case .unrecognized = dependency.requirement {
                    issue(dependency.line, "the requirement `\(written)` of `\(url)` is not one compctl can rewrite; write it as `exact: \"x.y.z\"`")
                    continue
                }
                guard replacingOtherRequirements else {
                    issue(dependency.line, "`\(url)` is required with `\(written)`, not an exact version; allow replacing the requirement to pin it with `exact:`")
                    continue
                }
                changes[range.lowerBound] = .init(range: range, replacement: Array("exact: \"\(pin.version)\"".utf8))
            }
        }
        if !issues.isEmpty { throw .cannotPin(issues) }
        return ManifestEdit(original: bytes, changes: Array(changes.values))
    }

    /// Reads the Package.swift at `path`, pins the packages and, unless `dryRun`, replaces the
    /// file atomically. On any error the file is left untouched.
    @discardableResult
    public static func pinFile(at path: String, _ pins: [PackagePin], replacingOtherRequirements: Bool = false,
                               dryRun: Bool = false) throws -> ManifestEdit {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError.unreadable(path: path, reason: "no such file, or it is not readable")
        }
        let bytes = [UInt8](data)
        let edit = try pin(pins, in: bytes, path: path, replacingOtherRequirements: replacingOtherRequirements)
        if !dryRun, edit.bytes != bytes { try AtomicFile.write(Data(edit.bytes), to: path) }
        return edit
    }

    /// A package URL as compctl compares it: `https://github.com/apple/swift-nio` for
    /// `https://github.com/Apple/swift-nio.git/`.
    public static func normalized(_ url: String) -> String {
        var result = url.lowercased()
        while result.hasSuffix("/") { result.removeLast() }
        if result.hasSuffix(".git") { result.removeLast(4) }
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// The package identity SwiftPM derives: the last path component, lower-cased, without `.git`.
    static func identity(_ location: String) -> String {
        let trimmed = normalized(location)
        return trimmed.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? trimmed
    }
}

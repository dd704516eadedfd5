import Foundation
import Podspec
import SpecRepo
import Versioning

/// The smallest JSON podspec that says `name` and `version`.
func jsonSpec(_ name: String, _ version: String) -> String {
    #"{"name": "\#(name)", "version": "\#(version)"}"#
}

/// The smallest Ruby podspec that says `name` and `version`.
func rubySpec(_ name: String, _ version: String) -> String {
    "Pod::Spec.new do |s|\n  s.name = '\(name)'\n  s.version = '\(version)'\nend\n"
}

/// Files for the pod `name` with one JSON spec per version, in `directory` (a pod's
/// directory is `directory/name`).
func podFiles(_ name: String, _ versions: [String], in directory: String = "") -> [String: String] {
    var files: [String: String] = [:]
    for version in versions {
        let path = [directory, name, version, "\(name).podspec.json"].filter { !$0.isEmpty }.joined(separator: "/")
        files[path] = jsonSpec(name, version)
    }
    return files
}

extension Dictionary where Key == String, Value == String {
    /// Both maps; `other` wins on a shared path.
    func merging(_ other: [String: String]) -> [String: String] {
        merging(other) { _, new in new }
    }
}

extension SpecRepository {
    /// A repo over an in-memory tree located at `/repos/acme`.
    static func test(
        files: [String: String] = podFiles("Foo", ["1.0.0"]),
        emptyDirectories: [String] = [],
        depth: ListingDepth = .versionDirectories
    ) throws -> SpecRepository {
        try SpecRepository(
            tree: InMemorySpecTree(location: "/repos/acme", textFiles: files, emptyDirectories: emptyDirectories),
            depth: depth
        )
    }

    /// `Name<TAB>v1 v2 …` per pod, as `repo show` prints them.
    var listing: [String] {
        pods.map { $0.name + "\t" + $0.versions.map(\.directoryName).joined(separator: " ") }
    }

    /// The skipped entries as `path: reason`.
    var junk: [String] {
        skipped.map(\.description)
    }
}

/// A `SpecTree` that counts what is read through it, to prove what listing does not do.
final class CountingTree: SpecTree, @unchecked Sendable {
    let base: any SpecTree
    private let lock = NSLock()
    private var contentsReads: [String] = []
    private var directoryReads: [String] = []
    /// Whether reads may run on several threads, as reading ahead needs.
    let supportsConcurrentReads: Bool

    init(_ base: any SpecTree, concurrent: Bool = false) {
        self.base = base
        supportsConcurrentReads = concurrent
    }

    var location: String { base.location }

    /// The paths read with `contents(at:)`, in order.
    var reads: [String] { lock.withLock { contentsReads } }

    /// The directories listed, in order.
    var listed: [String] { lock.withLock { directoryReads } }

    func entries(at path: String) throws -> [TreeEntry] {
        lock.withLock { directoryReads.append(path) }
        return try base.entries(at: path)
    }

    /// A listing, read as far as `stop` lets it.
    func entries(at path: String, until stop: (TreeEntry) throws -> Bool) throws -> (entries: [TreeEntry], stopped: Bool) {
        lock.withLock { directoryReads.append(path) }
        return try base.entries(at: path, until: stop)
    }

    var readsNamesWithoutListing: Bool { base.readsNamesWithoutListing }

    /// A look at one name, not a listing.
    func entry(named name: String, at path: String) throws -> TreeEntry? {
        try base.entry(named: name, at: path)
    }

    func contents(at path: String) throws -> Data {
        lock.withLock { contentsReads.append(path) }
        return try base.contents(at: path)
    }
}

/// `Version(text)`, for tests whose versions are known to parse.
func version(_ text: String) -> Version {
    try! Version(text)
}

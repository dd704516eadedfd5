import Foundation
import Podspec
import Versioning
import Yams

/// Where a spec repo keeps its pods: `Specs/` or the root, and how pod directories are
/// sharded (CocoaPods' `Pod::Source#specs_dir` and `Source::Metadata#path_fragment`).
public struct SpecRepoLayout: Hashable, Sendable {
    /// The file at the repo's root that holds `prefix_lengths`.
    public static let metadataFile = PodName.metadataFile

    /// The directory that holds the pods, relative to the root: `Specs` or `""`.
    public var specsDirectory: String
    /// How many hex digits of the name's MD5 each shard level takes; empty when unsharded.
    public var prefixLengths: [Int]

    /// A layout with pods in `specsDirectory`, sharded by `prefixLengths`.
    public init(specsDirectory: String = "", prefixLengths: [Int] = []) {
        self.specsDirectory = specsDirectory
        self.prefixLengths = prefixLengths
    }

    /// The shard directories for the pod `name`: consecutive slices of its MD5 in hex,
    /// e.g. `["a", "b", "c"]` for prefix lengths `[1, 1, 1]`.
    public func shards(for name: String) -> [String] {
        guard !prefixLengths.isEmpty else { return [] }
        var digest = Substring(MD5.hexDigest(name))
        return prefixLengths.map { length in
            let slice = digest.prefix(length)
            digest = digest.dropFirst(length)
            return String(slice)
        }
    }

    /// The pod's directory relative to the repo's root, e.g. `Specs/a/b/c/Foo`.
    public func podPath(for name: String) -> String {
        TreePath.join([specsDirectory] + shards(for: name) + [name])
    }

    /// The layout of the repo in `tree`, from its root entries: `Specs/` when that
    /// directory exists, and `prefix_lengths` from `CocoaPods-version.yml` when present.
    public static func detect(in tree: SpecTree, rootEntries: [TreeEntry]) throws -> SpecRepoLayout {
        // `Pod::Source#specs_dir` takes `Specs` when it exists. A *file* named Specs would
        // leave CocoaPods with nothing to list; taking the root instead is more useful. So
        // is a *pod* named Specs at the root (Specs/1.0/Specs.podspec.json): CocoaPods would
        // see none of the other pods, compctl lists them and reports that folder as junk.
        // Only other folders beside it can be pods it hides: without any, Specs/ is not read
        // here (listing a pod on demand reads nothing but the pod's own path).
        let hasSpecsDirectory = rootEntries.contains { $0.name == "Specs" && $0.kind == .directory }
            && !(rootEntries.contains { $0.kind == .directory && $0.name != "Specs" && !$0.name.hasPrefix(".") }
                 && isPodFolder("Specs", in: tree))
        var layout = SpecRepoLayout(specsDirectory: hasSpecsDirectory ? "Specs" : "")
        if rootEntries.contains(where: { $0.name == metadataFile && $0.kind == .file }) {
            try layout.readPrefixLengths(in: tree)
        }
        return layout
    }

    /// The layout `detect` finds for a root whose `Specs` entry (`specs`) is not a
    /// directory and whose metadata file is `metadata`, known without listing the root.
    /// Nil when `Specs` is a directory: whether it holds the pods then depends on the
    /// root's other folders, which only `detect` over the listing says.
    public static func withoutListing(in tree: SpecTree, specs: TreeEntry?, metadata: TreeEntry?) throws -> SpecRepoLayout? {
        guard specs?.kind != .directory else { return nil }
        var layout = SpecRepoLayout()
        if metadata?.kind == .file { try layout.readPrefixLengths(in: tree) }
        return layout
    }

    /// `prefix_lengths` from the metadata file at the root of `tree`.
    private mutating func readPrefixLengths(in tree: SpecTree) throws {
        let data = try tree.contents(at: Self.metadataFile)
        prefixLengths = try Self.prefixLengths(
            inMetadata: String(decoding: data, as: UTF8.self),
            path: TreePath.join(tree.location, Self.metadataFile)
        )
    }

    /// Whether `rootEntries` are those of a repository a hosting service just created:
    /// nothing, or only files such as README.md, LICENSE and .gitignore (and a work tree's
    /// `.git`). It is an empty spec repo, which `pod repo push` fills from the root.
    public static func isNewRepository(_ rootEntries: [TreeEntry]) -> Bool {
        rootEntries.allSatisfy { entry in
            if entry.name == ".git" { return true }
            guard entry.kind == .file else { return false }
            let name = entry.name.lowercased()
            return [".gitignore", ".gitattributes", ".keep", ".gitkeep"].contains(name)
                || ["readme", "license", "licence", "copying", "notice"].contains { name == $0 || name.hasPrefix($0 + ".") }
        }
    }

    /// Whether the directory `name` at the root is the folder of a pod called `name`: it
    /// holds a version folder with `name.podspec.json` or `name.podspec` in it. A folder of
    /// pods holds pod or shard folders, never a spec file one level down.
    static func isPodFolder(_ name: String, in tree: SpecTree) -> Bool {
        guard let entries = try? tree.entries(at: name) else { return false }
        for entry in entries where entry.kind == .directory && (entry.name.utf8.first.map { (0x30...0x39).contains($0) } ?? false) {
            guard (try? Version(entry.name)) != nil,
                  let files = try? tree.entries(at: TreePath.join(name, entry.name)) else { continue }
            if SpecRepoScanner.specFile(in: files, pod: name) != nil { return true }
        }
        return false
    }

    /// `prefix_lengths` from the text of a `CocoaPods-version.yml`; `[]` when absent.
    /// Like `Source::Metadata`, a single number counts as a one-element list and numeric
    /// strings count as numbers; anything else is an error rather than a silent 0.
    public static func prefixLengths(inMetadata text: String, path: String) throws -> [Int] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw SpecRepoError.invalidMetadata(path: path, reason: "not valid YAML (\(error))")
        }
        guard let root else { return [] }
        guard let mapping = root.mapping else {
            throw SpecRepoError.invalidMetadata(
                path: path, reason: "expected a mapping with keys such as prefix_lengths")
        }
        guard let raw = mapping["prefix_lengths"], raw.null == nil else { return [] }
        let items = raw.sequence.map(Array.init) ?? [raw]
        let lengths = items.map { item in item.int ?? item.string.flatMap { Int($0) } }
        let total = lengths.reduce(0) { $0 + ($1 ?? 0) }
        guard lengths.allSatisfy({ ($0 ?? 0) > 0 }), total <= 32 else {
            let shown = items.map { $0.string ?? "?" }.joined(separator: ", ")
            throw SpecRepoError.invalidMetadata(
                path: path,
                reason: "prefix_lengths must be positive whole numbers adding up to at most 32 "
                    + "(like [1, 1, 1]), found [\(shown)]"
            )
        }
        return lengths.map { $0! }
    }
}

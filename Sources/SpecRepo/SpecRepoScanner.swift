import Dispatch
import Podspec
import Versioning

/// One pod of a spec repo as listed: its name, its directory and its versions.
public struct PodEntry: Hashable, Sendable {
    /// The pod's name, which is its directory's name.
    public var name: String
    /// The pod's directory relative to the repo's root, e.g. `Specs/0/1/2/Foo`.
    public var path: String
    /// Its versions, highest first.
    public var versions: [VersionEntry]

    /// A listed pod.
    public init(name: String, path: String, versions: [VersionEntry]) {
        self.name = name
        self.path = path
        self.versions = versions
    }

    /// Where `version` is among `versions`. Looked for by index: `firstIndex(where:)` copies
    /// each entry it passes (a version and three strings), and the resolver asks thousands of
    /// times.
    public func index(of version: Version) -> Int? {
        versions.indices.first { versions[$0].version == version }
    }
}

/// One version directory of a pod, with the spec file that CocoaPods would read there.
public struct VersionEntry: Hashable, Sendable {
    /// The directory's name as a version.
    public var version: Version
    /// The directory's name as written, which is what `repo show` prints.
    public var directoryName: String
    /// The spec file's name: `Name.podspec.json` when present, otherwise `Name.podspec`
    /// (`Pod::Source#specification_path`); `nil` when the listing did not read the version
    /// directory (`ListingDepth.versions`), in which case loading the spec finds it.
    public var specFileName: String?
    /// The pod's directory, relative to the repo's root.
    public var podPath: String

    /// A listed version.
    public init(version: Version, directoryName: String, specFileName: String?, podPath: String) {
        self.version = version
        self.directoryName = directoryName
        self.specFileName = specFileName
        self.podPath = podPath
    }

    /// The version directory relative to the repo's root, e.g. `Foo/1.0.0`.
    public var directoryPath: String {
        TreePath.join(podPath, directoryName)
    }

    /// The spec file relative to the repo's root, e.g. `Foo/1.0.0/Foo.podspec.json`, when
    /// known. Built on demand: a 10,000-pod listing has 200,000 of them and needs none.
    public var specPath: String? {
        specFileName.map { filePath($0) }
    }

    /// The file `name` + `suffix` in the version directory, relative to the repo's root
    /// (`Foo/1.0.0/Foo.podspec.json`), made in one piece: appending the parts one after
    /// another cost some 3,000 instructions for every spec a resolve reads.
    public func filePath(_ name: String, suffix: String = "") -> String {
        let folder = podPath.isEmpty ? 0 : podPath.utf8.count + 1
        let count = folder + directoryName.utf8.count + 1 + name.utf8.count + suffix.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            if !podPath.isEmpty {
                end = UTF8Copy.copy(podPath, to: buffer, at: 0)
                buffer[end] = UInt8(ascii: "/")
                end += 1
            }
            end = UTF8Copy.copy(directoryName, to: buffer, at: end)
            buffer[end] = UInt8(ascii: "/")
            end = UTF8Copy.copy(name, to: buffer, at: end + 1)
            return UTF8Copy.copy(suffix, to: buffer, at: end)
        }
    }
}

/// How deep listing a spec repo reads.
public enum ListingDepth: Sendable {
    /// Pod directories only, as `Pod::Source#versions` does: one directory read per pod.
    /// Junk inside version directories (empty ones, missing specs, stray files) is not
    /// seen; a version directory without its spec fails when the spec is loaded.
    case versions
    /// Every version directory too (about 20 times the reads): all junk rules apply and
    /// only version directories that hold the pod's spec are listed. What `repo show` uses.
    case versionDirectories
    /// Nothing up front: a pod's directory is read, as with `versions`, when the pod is
    /// first asked for, at the path its name gives (`Pod::Source#versions(name)` reads
    /// `pod_path(name)` the same way). For a resolver, which needs a few hundred pods of
    /// thousands. Listing every pod (`pods`, `podNames()`) reads the whole repo once, on
    /// first use; junk is reported for what has been read.
    case onDemand
    /// As `onDemand`, but a pod's version directories are listed too when the pod is read,
    /// as `versionDirectories` lists them: a version counts only when its directory holds the
    /// pod's spec, and the junk inside it is reported. For `lint`, which asks a few pods for
    /// their versions and must count only those a resolve can read.
    case versionDirectoriesOnDemand

    /// Whether pods are read when first asked for rather than listed up front.
    var readsOnDemand: Bool { self == .onDemand || self == .versionDirectoriesOnDemand }
}

/// Lists a spec repo's pods and versions from a `SpecTree` the way `Pod::Source#pods` and
/// `#versions` do, without parsing any spec, and collects the junk it skips.
struct SpecRepoScanner {
    let tree: any SpecTree
    let layout: SpecRepoLayout
    let depth: ListingDepth

    /// The pods in CocoaPods' order and the junk, also in a stable order (by pod, then by
    /// path). The `rootEntries` are the tree's root, already listed for the layout.
    func scan(rootEntries: [TreeEntry]) throws -> (pods: [PodEntry], skipped: [SkippedEntry]) {
        var skipped: [SkippedEntry] = []
        var candidates: [(name: String, path: String)] = []
        let topEntries: [TreeEntry]
        if layout.specsDirectory.isEmpty {
            topEntries = rootEntries
        } else {
            topEntries = try tree.entries(at: layout.specsDirectory)
        }
        collectPods(
            in: layout.specsDirectory, entries: topEntries, depth: 0, shards: [],
            candidates: &candidates, skipped: &skipped
        )
        // `Pod::Source#pods` sorts the names as Ruby strings: byte-wise.
        candidates.sort { PodName.bytewiseLess($0.name, $1.name) }

        let results = scanPods(candidates)
        var pods: [PodEntry] = []
        pods.reserveCapacity(results.count)
        for result in results {
            skipped.append(contentsOf: result.skipped)
            if let pod = result.pod { pods.append(pod) }
        }
        return (pods, skipped)
    }

    // MARK: - Finding the pod directories

    private func collectPods(
        in path: String, entries: [TreeEntry], depth: Int, shards: [String],
        candidates: inout [(name: String, path: String)], skipped: inout [SkippedEntry]
    ) {
        // The repo's root is also a git work tree: `.git`, README, LICENSE and the like
        // live there, so in the root layout its files and hidden entries are not junk.
        let atRepoRoot = path.isEmpty
        for entry in entries.sorted(by: byteOrder) {
            let entryPath = TreePath.join(path, entry.name)
            if entry.name.hasPrefix(".") {
                if !atRepoRoot { skipped.append(SkippedEntry(path: entryPath, reason: .hidden(entry.kind))) }
                continue
            }
            if entry.leavesTree {
                skipped.append(SkippedEntry(path: entryPath, reason: .leavesRepository))
                continue
            }
            if depth < layout.prefixLengths.count {
                let length = layout.prefixLengths[depth]
                guard entry.kind == .directory else {
                    if !atRepoRoot { skipped.append(SkippedEntry(path: entryPath, reason: .fileWhereShardExpected)) }
                    continue
                }
                guard isShardName(entry.name, length: length) else {
                    skipped.append(SkippedEntry(path: entryPath, reason: .notAShardDirectory(length: length)))
                    continue
                }
                let children: [TreeEntry]
                do {
                    children = try tree.entries(at: entryPath)
                } catch {
                    skipped.append(SkippedEntry(path: entryPath, reason: skipReason(error)))
                    continue
                }
                collectPods(
                    in: entryPath, entries: children, depth: depth + 1, shards: shards + [entry.name],
                    candidates: &candidates, skipped: &skipped
                )
                continue
            }
            guard entry.kind == .directory else {
                if !atRepoRoot { skipped.append(SkippedEntry(path: entryPath, reason: .fileWherePodExpected)) }
                continue
            }
            // A name CocoaPods refuses, or one that collides with the layout (a `Specs` pod at
            // the root, which CocoaPods would take for the folder of all the pods), is no pod.
            if let problem = PodName.problem(entry.name) {
                skipped.append(SkippedEntry(path: entryPath, reason: .invalidPodName(entry.name, problem)))
                continue
            }
            // `Pod::Source#pods` would list a misfiled pod, but `#versions` looks only in
            // the shard its MD5 names, so CocoaPods never finds a version of it.
            if !layout.prefixLengths.isEmpty && layout.shards(for: entry.name) != shards {
                skipped.append(SkippedEntry(path: entryPath, reason: .wrongShard(expected: layout.podPath(for: entry.name))))
                continue
            }
            candidates.append((entry.name, entryPath))
        }
    }

    private func isShardName(_ name: String, length: Int) -> Bool {
        name.utf8.count == length
            && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    // MARK: - Listing each pod's versions

    struct PodResult {
        var pod: PodEntry?
        var skipped: [SkippedEntry]
    }

    /// Scans every pod, spread over the cores when the tree allows it. Each pod's result
    /// lands in its own slot, so the order does not depend on the threads.
    private func scanPods(_ candidates: [(name: String, path: String)]) -> [PodResult] {
        var results = [PodResult](repeating: PodResult(pod: nil, skipped: []), count: candidates.count)
        guard tree.supportsConcurrentReads, candidates.count > 64 else {
            for (index, candidate) in candidates.enumerated() {
                results[index] = scanPod(name: candidate.name, path: candidate.path)
            }
            return results
        }
        // A few chunks per thread balance pods of different sizes without paying the
        // dispatch cost once per pod.
        let chunkCount = min(candidates.count, 64)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                var index = chunk
                while index < candidates.count {
                    slots[index] = scanPod(name: candidates[index].name, path: candidates[index].path)
                    index += chunkCount
                }
            }
        }
        return results
    }

    /// Lists one pod's directory at `path`. With `absentIfMissing`, a path that does not
    /// exist (or is a file) means the repo has no such pod rather than junk.
    func scanPod(name: String, path: String, absentIfMissing: Bool = false) -> PodResult {
        var skipped: [SkippedEntry] = []
        var found: [VersionEntry] = []
        do {
            switch depth {
            case .versionDirectories, .versionDirectoriesOnDemand:
                let listing = try tree.entriesWithChildren(at: path)
                found.reserveCapacity(listing.count)
                for item in listing {
                    addVersion(item.entry, children: item.children, pod: name, podPath: path, to: &found, skipped: &skipped)
                }
            case .versions, .onDemand:
                // The entries as listed, without a `TreeListing` made for each: the resolver
                // lists hundreds of pod folders this way.
                let entries = try tree.entries(at: path)
                found.reserveCapacity(entries.count)
                for entry in entries {
                    addVersion(entry, children: nil, pod: name, podPath: path, to: &found, skipped: &skipped)
                }
            }
        } catch SpecRepoError.noSuchPath where absentIfMissing {
            return PodResult(pod: nil, skipped: [])
        } catch SpecRepoError.notADirectory where absentIfMissing {
            return PodResult(pod: nil, skipped: [])
        } catch {
            return PodResult(pod: nil, skipped: [SkippedEntry(path: path, reason: skipReason(error))])
        }
        putInCocoaPodsOrder(&found, podPath: path, skipped: &skipped)
        if found.isEmpty {
            skipped.append(SkippedEntry(path: path, reason: .noVersions))
        }
        // A directory's own entry sorts before what is inside it.
        skipped.sort { PodName.bytewiseLess($0.path, $1.path) }
        let pod = found.isEmpty ? nil : PodEntry(name: name, path: path, versions: found)
        return PodResult(pod: pod, skipped: skipped)
    }

    /// Adds the version an entry of a pod directory holds to `found` (made there, not copied
    /// in), or the reason it holds none to `skipped`; the junk beside a version's spec file
    /// is added to `skipped` too.
    private func addVersion(_ entry: TreeEntry, children: Result<[TreeEntry], SpecRepoError>?, pod name: String,
                            podPath path: String, to found: inout [VersionEntry], skipped: inout [SkippedEntry]) {
        // Built only for junk: most entries are fine and need no path.
        var entryPath: String { TreePath.join(path, entry.name) }
        // `Pod::Source#versions` skips names starting with `.` and anything that is
        // not a directory; it raises on a directory that is not a version, which
        // compctl reports as junk instead. A name whose first byte is not a dot does not
        // start with one, told without the comparison of Characters.
        if entry.name.utf8.first == UInt8(ascii: "."), entry.name.hasPrefix(".") {
            skipped.append(SkippedEntry(path: entryPath, reason: .hidden(entry.kind)))
            return
        }
        if entry.leavesTree {
            skipped.append(SkippedEntry(path: entryPath, reason: .leavesRepository))
            return
        }
        guard entry.kind == .directory else {
            let reason: SkipReason = entry.name.hasSuffix(".podspec~") ? .editorBackup : .fileWhereVersionExpected
            skipped.append(SkippedEntry(path: entryPath, reason: reason))
            return
        }
        // As written, not trimmed: the folder's name becomes part of paths and messages.
        guard case .success(let version) = PodName.checkedVersion(entry.name) else {
            skipped.append(SkippedEntry(path: entryPath, reason: .notAVersion))
            return
        }
        guard let children else {
            found.append(VersionEntry(version: version, directoryName: entry.name, specFileName: nil, podPath: path))
            return
        }
        let files: [TreeEntry]
        switch children {
        case .success(let entries):
            files = entries
        case .failure(let error):
            skipped.append(SkippedEntry(path: entryPath, reason: skipReason(error)))
            return
        }
        if files.isEmpty {
            skipped.append(SkippedEntry(path: entryPath, reason: .emptyVersionDirectory))
            return
        }
        guard let specFile = Self.specFile(in: files, pod: name) else {
            skipped.append(SkippedEntry(path: entryPath, reason: .noSpecFile(pod: name)))
            appendJunk(in: files, of: entryPath, specFile: nil, pod: name, to: &skipped)
            return
        }
        appendJunk(in: files, of: entryPath, specFile: specFile, pod: name, to: &skipped)
        found.append(VersionEntry(version: version, directoryName: entry.name, specFileName: specFile, podPath: path))
    }

    /// Puts `versions` newest first, as `Pod::Source#versions` lists them, and moves each
    /// duplicate of a version (`1.0` beside `1.0.0`) to `skipped`.
    private func putInCocoaPodsOrder(_ versions: inout [VersionEntry], podPath path: String,
                                     skipped: inout [SkippedEntry]) {
        // `Pod::Version#<=>` breaks ties between equal versions (`1.0`, `1.0.0`) by
        // comparing the strings; `versions` then reverses, so the larger string comes first.
        // The entries are put in order and the duplicates dropped in place, by swaps, which
        // move entries: copying each into a new array retained and released its strings.
        Self.permute(&versions, into: Self.newestFirst(versions))
        var kept = 0
        for index in versions.indices {
            if index > 0, versions[kept - 1].version == versions[index].version {
                skipped.append(SkippedEntry(
                    path: TreePath.join(path, versions[index].directoryName),
                    reason: .duplicateVersion(of: versions[kept - 1].directoryName)
                ))
                continue
            }
            if kept != index { versions.swapAt(kept, index) }
            kept += 1
        }
        versions.removeLast(versions.count - kept)
    }

    /// Rearranges `elements` so that position `i` holds the element that was at `order[i]`
    /// (`order` is a permutation of the indices), following each cycle with swaps.
    static func permute<Element>(_ elements: inout [Element], into order: [Int]) {
        var placed = [Bool](repeating: false, count: order.count)
        // Swapped in the buffer, which moves the two elements' bytes.
        elements.withUnsafeMutableBufferPointer { elements in
            for start in order.indices where !placed[start] {
                var position = start
                while true {
                    placed[position] = true
                    let source = order[position]
                    if source == start { break }
                    elements.swapAt(position, source)
                    position = source
                }
            }
        }
    }

    /// The indices of `found` in the order of `putInCocoaPodsOrder`. Plain releases, nearly all
    /// of a pod's versions, are sorted by their integer keys alone; each other version (a
    /// prerelease) then goes in where the whole comparison places it. Sorting every entry
    /// through the whole comparison copied two versions per step, some 20,000 instructions
    /// for a pod folder of 20 versions.
    static func newestFirst(_ found: [VersionEntry]) -> [Int] {
        found.withUnsafeBufferPointer(newestFirst)
    }

    /// `newestFirst(_:)` over a buffer, whose entries are looked at in place: taken out of
    /// the array, each version was copied.
    private static func newestFirst(_ found: UnsafeBufferPointer<VersionEntry>) -> [Int] {
        func precedes(_ a: Int, _ b: Int) -> Bool {
            found[b].version.precedesInCocoaPodsOrder(found[a].version)
        }
        var plain: [(key: UInt64, index: Int)] = []
        plain.reserveCapacity(found.count)
        var others: [Int] = []
        for index in found.indices {
            if let key = found[index].version.releaseOrderKey {
                plain.append((key, index))
            } else {
                others.append(index)
            }
        }
        // Each insertion moves what follows it: past a few dozen prereleases (a folder of
        // nightly builds), one sort through the whole comparison is cheaper.
        if others.count > 32 {
            return found.indices.sorted { a, b in
                if let keyA = found[a].version.releaseOrderKey, let keyB = found[b].version.releaseOrderKey, keyA != keyB {
                    return keyA > keyB
                }
                return precedes(a, b)
            }
        }
        // Equal keys are equal versions (`1.0`, `1.0.0`): the text decides.
        plain.sort { $0.key != $1.key ? $0.key > $1.key : precedes($0.index, $1.index) }
        var order = plain.map(\.index)
        for index in others {
            var low = 0, high = order.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(order[middle], index) { low = middle + 1 } else { high = middle }
            }
            order.insert(index, at: low)
        }
        return order
    }

    /// The spec file CocoaPods reads in a version directory: `Name.podspec.json`, else
    /// `Name.podspec` (`Pod::Source#specification_path`). Failing an exact match, a name
    /// that differs only in case counts too, because CocoaPods runs on macOS's
    /// case-insensitive file system, where `yoga/1.0/Yoga.podspec.json` is found for `yoga`
    /// (artsy/Specs has this); loading such a spec then reports the name mismatch.
    static func specFile(in files: [TreeEntry], pod: String) -> String? {
        let json = pod + ".podspec.json"
        let ruby = pod + ".podspec"
        let regular = files.lazy.filter { $0.kind == .file && !$0.leavesTree }.map(\.name)
        if regular.contains(json) { return json }
        if let match = regular.first(where: { $0.lowercased() == json.lowercased() }) { return match }
        if regular.contains(ruby) { return ruby }
        return regular.first { $0.lowercased() == ruby.lowercased() }
    }

    /// Reports everything in a version directory except the spec file that is used.
    private func appendJunk(
        in files: [TreeEntry], of directory: String, specFile: String?, pod: String,
        to skipped: inout [SkippedEntry]
    ) {
        for file in files where !(file.kind == .file && file.name == specFile) {
            let reason: SkipReason
            let lowercased = file.name.lowercased()
            if file.name.hasPrefix(".") {
                reason = .hidden(file.kind)
            } else if file.leavesTree {
                reason = .leavesRepository
            } else if file.kind == .directory {
                reason = .unexpectedInVersionDirectory(.directory)
            } else if specFile != nil && lowercased == (pod + ".podspec").lowercased() {
                reason = .shadowedByJSON(pod: pod)
            } else if file.name.hasSuffix(".podspec~") {
                reason = .editorBackup
            } else if file.name.hasSuffix(".podspec") || file.name.hasSuffix(".podspec.json") {
                reason = .specNamedForAnotherPod(pod: pod)
            } else {
                reason = .unexpectedInVersionDirectory(.file)
            }
            skipped.append(SkippedEntry(path: TreePath.join(directory, file.name), reason: reason))
        }
    }

    private func byteOrder(_ lhs: TreeEntry, _ rhs: TreeEntry) -> Bool {
        PodName.bytewiseLess(lhs.name, rhs.name)
    }

    private func reason(_ error: Error) -> String {
        if case SpecRepoError.unreadable(_, let reason) = error { return reason }
        return String(describing: error)
    }

    private func skipReason(_ error: Error) -> SkipReason {
        if case SpecRepoError.leavesRepository = error { return .leavesRepository }
        return .unreadable(reason(error))
    }
}

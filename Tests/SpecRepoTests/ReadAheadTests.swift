import Foundation
@testable import Graph
import Testing
@testable import SpecRepo

/// Reading ahead (`SpecRepository.prefetch`, `prefetchSpecs`) on a folder on disk: what is
/// read ahead is what an ask would read, and nothing of it is reported until it is asked
/// for, so warnings keep the order of the asks whatever the threads did.
@Suite struct ReadAheadTests {
    /// A chain A → B → C → D, each pod with a stray file (junk when its folder is read), C's
    /// newest spec broken, and D a Ruby spec.
    static let files: [String: String] = [
        "A/1.0.0/A.podspec.json": #"{"name": "A", "version": "1.0.0", "dependencies": {"B": ["~> 1.0"]}}"#,
        "A/notes.txt": "",
        "B/1.0.0/B.podspec.json": #"{"name": "B", "version": "1.0.0", "dependencies": {"C": []}}"#,
        "B/1.1.0/B.podspec.json": #"{"name": "B", "version": "1.1.0", "dependencies": {"C": []}}"#,
        "B/2.0.0/B.podspec.json": #"{"name": "B", "version": "2.0.0"}"#,
        "B/notes.txt": "",
        "C/1.0.0/C.podspec.json": #"{"name": "C", "version": "1.0.0", "dependencies": {"D": []}}"#,
        "C/2.0.0/C.podspec.json": #"{"name": "C", "#,
        "C/notes.txt": "",
        "D/1.0.0/D.podspec": rubySpec("D", "1.0.0"),
        "D/notes.txt": "",
    ]

    static func repositories() throws -> (scratch: TemporaryDirectory, ahead: SpecRepository, plain: SpecRepository) {
        let scratch = try TemporaryDirectory(prefix: "compctl-read-ahead")
        try scratch.write(files)
        return (scratch, try SpecRepository(directory: scratch.url.path, name: "acme", depth: .onDemand),
                try SpecRepository(directory: scratch.url.path, name: "acme", depth: .onDemand))
    }

    /// Opening the repo reads one pod folder to show that this is a spec repo, but reports
    /// its junk only when the pod is asked for.
    static let openingJunk: [String] = []

    @Test func whatIsReadAheadIsReportedOnlyWhenAskedForInTheOrderOfTheAsks() throws {
        let (scratch, ahead, plain) = try Self.repositories()
        _ = scratch
        ahead.prefetch([SpecDependency(name: "B", requirements: ["~> 1.0"])])
        ahead.prefetchSpecs(name: "C", versions: [version("2.0.0"), version("1.0.0")])
        #expect(ahead.junk == Self.openingJunk)
        // The asks in an order unlike the read-ahead's, on both repos: the same answers and
        // the same warnings, in the order asked.
        for repository in [ahead, plain] {
            #expect(repository.versions(of: "C") == [version("2.0.0"), version("1.0.0")])
            #expect(throws: SpecRepoError.self) { try repository.specification(name: "C", version: version("2.0.0")) }
            #expect(try repository.specification(name: "D", version: version("1.0.0")).name == "D")
            #expect(try repository.specification(name: "B", version: version("1.1.0")).dependencies.map(\.name) == ["C"])
        }
        #expect(ahead.junk == plain.junk)
        // Pods' junk first, in the order asked, then the specs that failed to load.
        #expect(ahead.junk.map { $0.components(separatedBy: ":")[0] }
            == ["C/notes.txt", "D/notes.txt", "B/notes.txt", "C/2.0.0/C.podspec.json"])
    }

    /// A pod the repo lacks, read ahead, is absent when asked for, and no junk.
    @Test func aMissingPodReadAheadIsAbsent() throws {
        let (scratch, ahead, _) = try Self.repositories()
        _ = scratch
        ahead.prefetch([SpecDependency(name: "Missing", requirements: ["~> 1.0"]), SpecDependency(name: "../A")])
        #expect(ahead.versions(of: "Missing").isEmpty)
        #expect(ahead.versions(of: "../A").isEmpty)
        #expect(ahead.junk == Self.openingJunk)
    }

    /// A spec read ahead comes with the resolver's model of it, built on the reading thread:
    /// the resolver's thread is given that model, the same one at each ask. A spec read by an
    /// ask for the spec alone has none, and each ask for its model builds one.
    @Test func aSpecReadAheadComesWithItsModel() throws {
        let (scratch, ahead, plain) = try Self.repositories()
        _ = scratch
        ahead.prefetch([SpecDependency(name: "B", requirements: ["~> 1.0"])])
        ahead.waitForReadAhead()
        let first = try ahead.model(name: "B", version: version("1.1.0"))
        #expect(first === (try ahead.model(name: "B", version: version("1.1.0"))))
        #expect(first.name == "B" && first.version == version("1.1.0"))
        #expect(first.rootFeature.dependencies.map(\.name) == ["C"])
        _ = try plain.specification(name: "B", version: version("1.1.0"))
        let built = try plain.model(name: "B", version: version("1.1.0"))
        #expect(built !== (try plain.model(name: "B", version: version("1.1.0"))))
        #expect(built.rootFeature.dependencies.map(\.name) == ["C"])
        #expect(throws: SpecRepoError.self) { try ahead.model(name: "C", version: version("2.0.0")) }
    }
}

/// What reading ahead reads of a pod: the specs the resolver groups next. Molinillo groups a
/// pod's candidate versions from the newest down while their specs depend alike, so it
/// reads every one of a group and the first version that depends otherwise, which ends it.
@Suite struct ReadAheadGroupTests {
    static func spec(_ name: String, _ version: String, _ dependencies: String = "", subspecs: String = "") -> String {
        #"{"name": "\#(name)", "version": "\#(version)", "dependencies": {\#(dependencies)}\#(subspecs)}"#
    }

    /// B's versions from the newest: 2.0.0 outside `~> 1.0`, 1.3.0 and 1.2.0 on C, a broken
    /// 1.2.5 between them, 1.1.0 on D (the end of the group), 1.0.0 on C again.
    static let files: [String: String] = [
        "B/2.0.0/B.podspec.json": spec("B", "2.0.0"),
        "B/1.3.0/B.podspec.json": spec("B", "1.3.0", #""C": ["~> 1.0"]"#),
        "B/1.2.5/B.podspec.json": #"{"name": "B", "#,
        "B/1.2.0/B.podspec.json": spec("B", "1.2.0", #""C": ["~> 1.0"]"#),
        "B/1.1.0/B.podspec.json": spec("B", "1.1.0", #""D": []"#),
        "B/1.0.0/B.podspec.json": spec("B", "1.0.0", #""C": ["~> 1.0"]"#),
        "C/1.0.0/C.podspec.json": spec("C", "1.0.0"),
        "C/0.9.0/C.podspec.json": spec("C", "0.9.0"),
        "D/1.0.0/D.podspec.json": spec("D", "1.0.0"),
        "S/2.0.0/S.podspec.json": spec("S", "2.0.0", subspecs: #", "subspecs": [{"name": "Core"}]"#),
        "S/1.9.0/S.podspec.json": spec("S", "1.9.0", subspecs: #", "subspecs": [{"name": "Core"}]"#),
        "S/1.8.0/S.podspec.json": spec("S", "1.8.0", subspecs: #", "subspecs": [{"name": "Core"}]"#),
    ]

    static func repository() throws -> (tree: CountingTree, repository: SpecRepository) {
        let tree = CountingTree(InMemorySpecTree(location: "/repos/acme", textFiles: files), concurrent: true)
        return (tree, try SpecRepository(tree: tree, name: "acme", depth: .onDemand))
    }

    /// The version folders whose spec was read, as `Pod/version`.
    static func specsRead(_ tree: CountingTree) -> Set<String> {
        Set(tree.reads.map { $0.split(separator: "/").prefix(2).joined(separator: "/") })
    }

    @Test func aDependencyIsReadAheadDownToTheEndOfItsGroupAndOnToItsDependencies() throws {
        let (tree, repository) = try Self.repository()
        repository.prefetch([SpecDependency(name: "B", requirements: ["~> 1.0"])])
        repository.waitForReadAhead()
        // Not 2.0.0 (outside the requirement), nor 1.0.0 (below the group's end), nor D
        // (1.1.0 is not the version the resolver takes); C is, as 1.3.0 depends on it.
        #expect(Self.specsRead(tree) == ["B/1.3.0", "B/1.2.5", "B/1.2.0", "B/1.1.0", "C/1.0.0"])
    }

    @Test func announcedVersionsAreReadDownToTheEndOfTheFirstGroup() throws {
        let (tree, repository) = try Self.repository()
        repository.prefetchSpecs(name: "B", versions: ["1.3.0", "1.2.5", "1.2.0", "1.1.0", "1.0.0"].map(version))
        repository.waitForReadAhead()
        #expect(Self.specsRead(tree) == ["B/1.3.0", "B/1.2.5", "B/1.2.0", "B/1.1.0"])
    }

    /// A spec with subspecs depends on them at its own version: its group is itself, ended
    /// by the next version down.
    @Test func aPodWithSubspecsIsReadAheadOneVersionPastTheNewest() throws {
        let (tree, repository) = try Self.repository()
        repository.prefetch([SpecDependency(name: "S")])
        repository.waitForReadAhead()
        #expect(Self.specsRead(tree) == ["S/2.0.0", "S/1.9.0"])
    }

    /// Read ahead or not, the answers are the same.
    @Test func whatIsReadAheadIsWhatAnAskReads() throws {
        let (_, ahead) = try Self.repository()
        let (_, plain) = try Self.repository()
        ahead.prefetch([SpecDependency(name: "B", requirements: ["~> 1.0"]), SpecDependency(name: "S")])
        ahead.waitForReadAhead()
        for name in ["B", "C", "D", "S"] {
            for version in plain.versions(of: name) {
                let expected = Result { try plain.specification(name: name, version: version) }
                let got = Result { try ahead.specification(name: name, version: version) }
                #expect(String(describing: got) == String(describing: expected))
            }
        }
        #expect(ahead.junk == plain.junk)
    }
}

/// A read under way on the resolver's thread and a read ahead of the same thing share one
/// read. Serialized: each test holds a read, and reading ahead needs Dispatch's threads free.
@Suite(.serialized) struct ReadAheadSharingTests {
    /// A read the resolver's thread has started is not started again by a thread reading
    /// ahead: that one waits for it. (Reading twice cost a 1 GB spec twice its memory.)
    @Test func aSpecTheResolverIsReadingIsNotReadAgainAhead() throws {
        let path = "B/1.3.0/B.podspec.json"
        let tree = HoldingTree(CountingTree(InMemorySpecTree(location: "/repos/acme", textFiles: ReadAheadGroupTests.files)))
        let repository = try SpecRepository(tree: tree, name: "acme", depth: .onDemand)
        tree.hold(path)
        let asked = DispatchGroup()
        asked.enter()
        // A thread of its own: reading ahead runs on Dispatch's threads, as many as the cores.
        Thread {
            _ = try? repository.specification(name: "B", version: version("1.3.0"))
            asked.leave()
        }.start()
        tree.waitUntilHeld()
        repository.prefetchSpecs(name: "B", versions: [version("1.3.0")])
        repository.prefetch([SpecDependency(name: "B", requirements: ["~> 1.3"])])
        // What reads ahead has either read by now or waits for the held read.
        Thread.sleep(forTimeInterval: 0.5)
        tree.release()
        asked.wait()
        repository.waitForReadAhead()
        #expect(tree.base.reads.filter { $0 == path }.count == 1, "\(tree.base.reads)")
    }

    /// Likewise a pod folder the resolver's thread is listing.
    @Test func aPodTheResolverIsListingIsNotListedAgainAhead() throws {
        let tree = HoldingTree(CountingTree(InMemorySpecTree(location: "/repos/acme", textFiles: ReadAheadGroupTests.files)))
        let repository = try SpecRepository(tree: tree, name: "acme", depth: .onDemand)
        // Opening listed one pod folder, to see that this is a spec repo: hold another.
        let opened = tree.base.listed
        let pod = try #require(["C", "D", "B"].first { !opened.contains($0) })
        tree.hold(pod)
        let asked = DispatchGroup()
        asked.enter()
        Thread {
            _ = repository.versions(of: pod)
            asked.leave()
        }.start()
        tree.waitUntilHeld()
        repository.prefetch([SpecDependency(name: pod)])
        Thread.sleep(forTimeInterval: 0.5)
        tree.release()
        asked.wait()
        repository.waitForReadAhead()
        #expect(tree.base.listed.filter { $0 == pod }.count == 1, "\(tree.base.listed)")
    }
}

/// A tree whose first read of the path given to `hold(_:)` (a file's contents or a folder's
/// entries) after that call waits until `release()`, so that a test can act while that read
/// is under way. Opening a repo reads freely: the hold starts once it is open.
final class HoldingTree: SpecTree, @unchecked Sendable {
    let base: CountingTree
    private let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var held: String?

    init(_ base: CountingTree) {
        self.base = base
    }

    func hold(_ path: String) {
        lock.withLock { held = path }
    }

    var location: String { base.location }
    var supportsConcurrentReads: Bool { true }

    func waitUntilHeld() {
        entered.wait()
    }

    func release() {
        released.signal()
    }

    private func holdIfFirst(_ path: String) {
        guard lock.withLock({ () -> Bool in
            guard path == held else { return false }
            held = nil
            return true
        }) else { return }
        entered.signal()
        released.wait()
    }

    func entries(at path: String) throws -> [TreeEntry] {
        holdIfFirst(path)
        return try base.entries(at: path)
    }

    func contents(at path: String) throws -> Data {
        holdIfFirst(path)
        return try base.contents(at: path)
    }
}

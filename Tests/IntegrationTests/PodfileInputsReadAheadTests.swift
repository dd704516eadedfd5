import Foundation
import Graph
@testable import Integration
@testable import SpecRepo
import Testing
import TestSupport

/// Reading a Podfile's inputs starts reading its pods ahead in the local sources, on
/// another core, before the resolver asks for them: the resolve's own thread is left with
/// the rest of the inputs (the lock, the public pods) and then finds the pods read.
@Suite struct PodfileInputsReadAheadTests {
    /// A tree that records the spec files read through it.
    final class RecordingTree: SpecTree, @unchecked Sendable {
        let base = InMemorySpecTree(location: "/repos/acme", textFiles: [
            "Foo/1.0.0/Foo.podspec.json": #"{"name": "Foo", "version": "1.0.0", "dependencies": {"Net": ["~> 2.0"]}}"#,
            "Foo/2.0.0/Foo.podspec.json": #"{"name": "Foo", "version": "2.0.0"}"#,
            "Net/2.1.0/Net.podspec.json": #"{"name": "Net", "version": "2.1.0"}"#,
            "Local/1.0.0/Local.podspec.json": #"{"name": "Local", "version": "1.0.0"}"#,
        ])
        private let lock = NSLock()
        private var read: [String] = []
        var location: String { base.location }
        var supportsConcurrentReads: Bool { true }
        var readsNamesWithoutListing: Bool { true }
        var specsRead: Set<String> { lock.withLock { Set(read) } }
        func entries(at path: String) throws -> [TreeEntry] { try base.entries(at: path) }
        func entry(named name: String, at path: String) throws -> TreeEntry? { try base.entry(named: name, at: path) }
        func contents(at path: String) throws -> Data {
            lock.withLock { read.append(path) }
            return try base.contents(at: path)
        }
    }

    @Test func thePodfilesPodsAreReadAheadBeforeTheResolverAsks() throws {
        let directory = try TemporaryDirectory()
        try directory.write("platform :ios, '13.0'\ntarget 'App' do\n  pod 'Foo', '~> 1.0'\n"
            + "  pod 'Local', :path => 'Local'\nend\n", to: "Podfile")
        let tree = RecordingTree()
        let repository = try SpecRepository(tree: tree, name: "acme", depth: .onDemand)
        let inputs = try PodfileInputs(path: directory("Podfile"),
                                       sources: [SpecRepoSource(repository: repository, addresses: ["acme"])])
        repository.waitForReadAhead()
        // Foo at the version `~> 1.0` leads to, and on to the pod it depends on; not the
        // pod the Podfile takes from a path.
        #expect(tree.specsRead == ["Foo/1.0.0/Foo.podspec.json", "Net/2.1.0/Net.podspec.json"])
        // Nothing read ahead is reported before it is asked for.
        #expect(repository.skipped.isEmpty)
        #expect(inputs.request.requirements.map(\.name) == ["Foo", "Local"])
    }
}

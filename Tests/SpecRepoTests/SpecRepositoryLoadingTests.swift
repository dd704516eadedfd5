import Foundation
@testable import Graph
import Podspec
import Testing
import Versioning
@testable import SpecRepo

@Suite struct SpecRepositoryLoadingTests {
    private func countingRepo(_ files: [String: String]) throws -> (SpecRepository, CountingTree) {
        let tree = CountingTree(InMemorySpecTree(location: "/repos/acme", textFiles: files))
        return (try SpecRepository(tree: tree), tree)
    }

    @Test func listingParsesNoSpec() throws {
        let (repo, tree) = try countingRepo(podFiles("Foo", ["1.0.0", "2.0.0"]).merging(podFiles("Bar", ["0.1.0"])))
        #expect(repo.podNames() == ["Bar", "Foo"])
        #expect(repo.versions(of: "Foo") == [version("2.0.0"), version("1.0.0")])
        #expect(tree.reads.isEmpty)
    }

    @Test func onlyTheMetadataIsReadWhileListingAShardedRepo() throws {
        let (_, tree) = try countingRepo(["CocoaPods-version.yml": "prefix_lengths: [2]\n"]
            .merging(podFiles("Foo", ["1.0.0"], in: "13")))
        #expect(tree.reads == ["CocoaPods-version.yml"])
    }

    @Test func specsAreParsedOnFirstUseAndCached() throws {
        let (repo, tree) = try countingRepo(podFiles("Foo", ["1.0.0", "2.0.0"]))
        let spec = try repo.specification(name: "Foo", version: version("2.0"))
        #expect(spec.name == "Foo")
        #expect(spec.version == "2.0.0")
        _ = try repo.specification(name: "Foo", version: version("2.0.0"))
        #expect(tree.reads == ["Foo/2.0.0/Foo.podspec.json"])
    }

    @Test func rubySpecIsReadWhenThereIsNoJSON() throws {
        let repo = try SpecRepository.test(files: ["Foo/1.0.0/Foo.podspec": rubySpec("Foo", "1.0.0")])
        #expect(try repo.specification(name: "Foo", version: version("1.0.0")).name == "Foo")
    }

    @Test func specWhoseNameDisagreesIsRefusedAndReported() throws {
        let repo = try SpecRepository.test(files: [
            "yoga/0.42.0.React/Yoga.podspec.json": jsonSpec("Yoga", "0.42.0.React"),
        ])
        let path = "yoga/0.42.0.React/Yoga.podspec.json"
        let error = #expect(throws: SpecRepoError.self) {
            try repo.specification(name: "yoga", version: version("0.42.0.React"))
        }
        #expect(error?.description == "\(path): the spec says Yoga 0.42.0.React but it is filed under "
            + "yoga/0.42.0.React; move it to Yoga/0.42.0.React or fix its name and version")
        #expect(repo.junk == ["\(path): the spec says Yoga 0.42.0.React, which differs from its directories"])
        // Asking again gives the same answer from the cache and reports nothing new.
        let again = #expect(throws: SpecRepoError.self) {
            try repo.specification(name: "yoga", version: version("0.42.0.React"))
        }
        #expect(again == error)
        #expect(repo.junk.count == 1)
    }

    @Test func specWhoseVersionStringDisagreesIsRefused() throws {
        // Pod::Source::HealthReporter#check_spec_path compares the strings: 1.0 is not 1.0.0.
        let repo = try SpecRepository.test(files: ["Foo/1.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0")])
        #expect(throws: SpecRepoError.specDisagreesWithDirectory(
            path: "Foo/1.0/Foo.podspec.json", name: "Foo", version: "1.0", specName: "Foo", specVersion: "1.0.0"
        )) {
            try repo.specification(name: "Foo", version: version("1.0"))
        }
    }

    @Test func specThatDoesNotParseIsRefusedAndReported() throws {
        let repo = try SpecRepository.test(files: ["Foo/1.0.0/Foo.podspec.json": "{ not json"])
        let error = #expect(throws: SpecRepoError.self) {
            try repo.specification(name: "Foo", version: version("1.0.0"))
        }
        guard case .invalidSpec(let path, _, let message)? = error else {
            Issue.record("expected invalidSpec, got \(String(describing: error))")
            return
        }
        #expect(path == "Foo/1.0.0/Foo.podspec.json")
        #expect(repo.junk.count == 1)
        #expect(repo.junk.first?.hasPrefix("Foo/1.0.0/Foo.podspec.json: spec does not parse") == true)
        #expect(repo.junk.first?.hasSuffix(message) == true)
    }

    @Test func unknownPodOrVersionIsAPreciseError() throws {
        let repo = try SpecRepository.test()
        #expect(throws: SpecRepoError.noSuchPod(name: "Nope", repository: "acme")) {
            try repo.specification(name: "Nope", version: version("1.0"))
        }
        #expect(throws: SpecRepoError.noSuchVersion(name: "Foo", version: "9.9", repository: "acme")) {
            try repo.specification(name: "Foo", version: version("9.9"))
        }
        #expect(SpecRepoError.noSuchPod(name: "Nope", repository: "acme").description
            == "no pod 'Nope' in acme; check the name or add the source that publishes it")
        #expect(SpecRepoError.noSuchVersion(name: "Foo", version: "9.9", repository: "acme").description
            == "no version 9.9 of 'Foo' in acme; run 'compctl repo show' to see the published versions")
        #expect(repo.versions(of: "Nope").isEmpty)
        #expect(!repo.contains("Nope"))
        #expect(repo.contains("Foo"))
    }

    @Test func isASpecProvider() throws {
        let source: any SpecProvider = try SpecRepository.test(files: podFiles("Foo", ["1.0.0", "1.1.0-rc.1"]))
        #expect(source.name == "acme")
        #expect(try source.podNames() == ["Foo"])
        #expect(try source.versions(of: "Foo").map(\.description) == ["1.1.0-rc.1", "1.0.0"])
        #expect(try source.specification(name: "Foo", version: version("1.1.0-rc.1")).version == "1.1.0-rc.1")
    }

    /// Many threads asking for the same spec of a fresh repo at once: one of them records the
    /// read while others are still taking it up, and every ask gets the same spec.
    @Test func simultaneousAsksOfOneSpecNeverMissTheRead() throws {
        let files = podFiles("Foo", ["1.0.0"])
        for _ in 0..<300 {
            let repo = try SpecRepository(tree: InMemorySpecTree(location: "/repos/acme", textFiles: files), depth: .onDemand)
            let read = Collected()
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let name = index.isMultiple(of: 2)
                    ? (try? repo.specification(name: "Foo", version: version("1.0.0")))?.name
                    : (try? repo.model(name: "Foo", version: version("1.0.0")))?.name
                read.add(name ?? "none")
            }
            #expect(read.items == Array(repeating: "Foo", count: 8))
        }
    }

    @Test func concurrentLoadsOfOneSpecAgree() throws {
        let (repo, tree) = try countingRepo(podFiles("Foo", ["1.0.0"]))
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            _ = try? repo.specification(name: "Foo", version: version("1.0.0"))
        }
        #expect(try repo.specification(name: "Foo", version: version("1.0.0")).name == "Foo")
        #expect(!tree.reads.isEmpty && tree.reads.allSatisfy { $0 == "Foo/1.0.0/Foo.podspec.json" })
    }
}

/// `ListingDepth.versions`: CocoaPods' own depth, one directory read per pod.
@Suite struct ShallowListingTests {
    @Test func readsNoVersionDirectory() throws {
        let tree = CountingTree(InMemorySpecTree(location: "/repos/acme", textFiles: podFiles("Foo", ["1.0.0", "2.0.0"])))
        let repo = try SpecRepository(tree: tree, depth: .versions)
        #expect(repo.listing == ["Foo\t2.0.0 1.0.0"])
        #expect(tree.listed == ["", "Foo"])
        #expect(repo.pod(named: "Foo")?.versions.first?.specPath == nil)
    }

    @Test func listsWhatCocoaPodsListsAndFindsTheSpecWhenLoading() throws {
        let repo = try SpecRepository.test(files: [
            "Foo/1.0.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0"),
            "Foo/1.0.0/Foo.podspec": rubySpec("Foo", "0.0.0"),
            "Foo/1.1.0/Foo.podspec": rubySpec("Foo", "1.1.0"),
            "Foo/1.1.0/.DS_Store": "",
            "Foo/.DS_Store": "",
        ], emptyDirectories: ["Foo/2.0.0"], depth: .versions)
        #expect(repo.listing == ["Foo\t2.0.0 1.1.0 1.0.0"])
        #expect(repo.junk == ["Foo/.DS_Store: hidden file"])

        #expect(try repo.specification(name: "Foo", version: version("1.0.0")).version == "1.0.0")
        #expect(try repo.specification(name: "Foo", version: version("1.1.0")).version == "1.1.0")
        #expect(throws: SpecRepoError.noSpecFile(path: "Foo/2.0.0", pod: "Foo")) {
            try repo.specification(name: "Foo", version: version("2.0.0"))
        }
        #expect(SpecRepoError.noSpecFile(path: "Foo/2.0.0", pod: "Foo").description
            == "Foo/2.0.0: no Foo.podspec.json or Foo.podspec in the version directory; add the spec or remove the directory")
        #expect(repo.junk == [
            "Foo/.DS_Store: hidden file",
            "Foo/2.0.0: no Foo.podspec.json or Foo.podspec in the version directory",
        ])
    }

    @Test func findsASpecFileThatDiffersOnlyInCase() throws {
        let repo = try SpecRepository.test(
            files: ["yoga/0.42.0.React/Yoga.podspec.json": jsonSpec("Yoga", "0.42.0.React")], depth: .versions)
        #expect(throws: SpecRepoError.specDisagreesWithDirectory(
            path: "yoga/0.42.0.React/Yoga.podspec.json", name: "yoga", version: "0.42.0.React",
            specName: "Yoga", specVersion: "0.42.0.React"
        )) {
            try repo.specification(name: "yoga", version: version("0.42.0.React"))
        }
    }
}

/// Strings added from several threads.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var added: [String] = []

    func add(_ item: String) {
        lock.withLock { added.append(item) }
    }

    var items: [String] { lock.withLock { added } }
}

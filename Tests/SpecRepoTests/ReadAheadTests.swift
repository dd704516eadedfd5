import Foundation
import Graph
import Testing
import SpecRepo

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

    /// Opening the repo reads A (the first folder shows that this is a spec repo).
    static let openingJunk = ["A/notes.txt: file where a version directory is expected"]

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
            == ["A/notes.txt", "C/notes.txt", "D/notes.txt", "B/notes.txt", "C/2.0.0/C.podspec.json"])
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
}

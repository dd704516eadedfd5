import Foundation
import Git
import Testing
@testable import SpecRepo
import Versioning

@Suite struct PublishDatesTests {
    /// A bare spec repo where Foo 1.0.0 is added at t0 and Foo 1.1.0 a day later.
    static func twoPublishes(in scratch: TemporaryDirectory) throws -> (path: String, head: ObjectID) {
        let path = scratch("specs.git")
        try makeBareRepository(at: path, files: podFiles("Foo", ["1.0.0"]))
        let repository = try Repository.open(at: path)
        let parent = try repository.resolve("refs/heads/main")
        let tree = try repository.tree(
            applying: podFiles("Foo", ["1.1.0"]).map { .write(path: $0.key, contents: Data($0.value.utf8)) },
            to: repository.tree(repository.commit(parent).tree))
        let later = Signature(name: "Alice", email: "alice@example.invalid", time: Date(timeIntervalSince1970: 1_700_086_400))
        let head = try repository.createCommit(tree: tree, parents: [parent], message: "[Add] Foo 1.1.0", author: later,
                                               updating: "refs/heads/main")
        return (path, head)
    }

    @Test func aGitRepoDatesEachVersionByTheCommitThatAddedIt() throws {
        let scratch = try TemporaryDirectory()
        let (path, head) = try Self.twoPublishes(in: scratch)
        let repository = try SpecRepository(tree: GitSpecTree(repositoryAt: path, revision: "refs/heads/main", location: "acme"))
        let dates = GitPublishDates(repository: repository, gitDirectory: path, head: head)
        #expect(dates.publishDate(of: "Foo", version: try Version("1.0.0")) == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(dates.publishDate(of: "Foo", version: try Version("1.1.0")) == Date(timeIntervalSince1970: 1_700_086_400))
        #expect(dates.publishDate(of: "Foo", version: try Version("9.0.0")) == nil)
        #expect(dates.publishDate(of: "Nope", version: try Version("1.0.0")) == nil)
    }

    /// The history is read once, lazily, by whichever thread asks first; the others wait for it.
    @Test func concurrentQuestionsGetTheSameAnswers() async throws {
        let scratch = try TemporaryDirectory()
        let (path, head) = try Self.twoPublishes(in: scratch)
        let repository = try SpecRepository(tree: GitSpecTree(repositoryAt: path, revision: "refs/heads/main", location: "acme"))
        let dates = GitPublishDates(repository: repository, gitDirectory: path, head: head)
        let answers = await withTaskGroup(of: Date?.self) { group in
            for index in 0..<16 {
                group.addTask { dates.publishDate(of: "Foo", version: try! Version(index.isMultiple(of: 2) ? "1.0.0" : "1.1.0")) }
            }
            return await group.reduce(into: [Date?]()) { $0.append($1) }
        }
        #expect(Set(answers) == [Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_700_086_400)])
    }

    @Test func aDirectoryRepoDatesEachVersionByItsSpecFile() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write(podFiles("Foo", ["1.0.0"]))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)],
                                              ofItemAtPath: scratch("Foo/1.0.0/Foo.podspec.json"))
        let repository = try SpecRepository(tree: DirectorySpecTree(path: scratch.path))
        let dates = SpecFileModificationDates(repository: repository, root: scratch.path)
        #expect(dates.publishDate(of: "Foo", version: try Version("1.0.0")) == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(dates.publishDate(of: "Foo", version: try Version("2.0.0")) == nil)
    }
}

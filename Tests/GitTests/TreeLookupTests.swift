import Foundation
import Testing
@testable import Git

@Suite struct TreeLookupTests {
    @Test func aTreeLookedUpByIDIsNamedByThatIDInErrors() throws {
        let fixture = try Fixture()
        let repository = try Repository.open(at: fixture.remotePath)
        let id = try repository.commit(fixture.firstCommit).tree
        let tree = try repository.tree(id)
        #expect(throws: GitError.pathNotFound(path: "nope.txt", revision: id.hex)) { try tree.blob(at: "nope.txt") }
        #expect(throws: GitError.wrongKind(path: "README.md", revision: id.hex, expected: .tree, actual: .blob)) {
            try tree.subtree(at: "README.md")
        }
    }

    @Test func objectsReadTheSameWithTheObjectCacheOff() throws {
        let fixture = try Fixture()
        let repository = try Repository.open(at: fixture.remotePath)
        Git.setObjectCaching(enabled: false)
        defer { Git.setObjectCaching(enabled: true) }
        for _ in 0..<3 {
            #expect(try repository.blob(at: "main", path: "README.md") == Data("hello\n"))
            #expect(try repository.tree(at: "main").names == ["README.md"])
        }
    }
}

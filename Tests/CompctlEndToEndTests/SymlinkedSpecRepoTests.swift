import Foundation
import Testing

/// A spec repo read from a directory never reads through a symbolic link that leads out of
/// it: such a link is junk, reported on stderr.
@Suite struct SymlinkedSpecRepoTests {
    @Test func repoShowSkipsAPodFolderAndAPodspecLinkedFromOutside() throws {
        let directory = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Bar", ["1.0.0"], repo: "acme", in: directory)
        try SpecRepoFixtures.writePod("Evil", ["9.9.9"], repo: "outside", in: directory)
        try directory.write(SpecRepoFixtures.spec("Foo", "1.0.0"), to: "outside/Foo.podspec.json")
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("acme/Foo/1.0.0"),
                                                withIntermediateDirectories: true)
        let root = directory.url.path
        try FileManager.default.createSymbolicLink(atPath: root + "/acme/Evil", withDestinationPath: root + "/outside/Evil")
        try FileManager.default.createSymbolicLink(atPath: root + "/acme/Foo/1.0.0/Foo.podspec.json",
                                                   withDestinationPath: "../../../outside/Foo.podspec.json")

        let result = try compctl(["repo", "show", "acme"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        // Foo/1.0.0 is listed, as `Pod::Source#versions` lists it (its podspec is junk); the
        // link named Evil is never followed, so compctl does not list it.
        #expect(result.stdout == "Bar\t1.0.0\nFoo\t1.0.0\n")
        let leaves = "symbolic link that leads outside the spec repo; not followed: replace it by what it points to"
        #expect(result.stderr == """
            warning: Evil: \(leaves)
            warning: Foo: pod directory without any version directory
            warning: Foo/1.0.0: no Foo.podspec.json or Foo.podspec in the version directory
            warning: Foo/1.0.0/Foo.podspec.json: \(leaves)

            """)
    }
}

import FileIO
import Foundation
import Testing

/// `LexicalPath` stands in for `URL(fileURLWithPath:).standardizedFileURL` on the paths every
/// command handles; it must give the same paths.
@Suite struct LexicalPathTests {
    static let shapes = [
        "/", "/a", "/a/b/", "/a//b", "/a/./b", "/a/b/../c", "/a/b/c/../../d/.", "/a/.", "/a/..", "/..", "/../a",
        "rel", "rel/./x/../y", "./x", "../x", "..", ".", "a/../..", "/a/.../b", "/a/..b/c", "/é/ü", "/a b/%20",
        "/a/b/Podfile", "Podfile", "//a", "/a/~/b", "",
        // A `/` that a combining mark, a joiner or a variation selector follows is still a
        // separator on disk, though as a `Character` it is one with the mark.
        "/\u{301}abc", "/tmp/\u{301}a/..", "/a/b/\u{338}", "/a/\u{FE0F}/b/..", "b/\u{200D}/./\u{301}/../c", "/../\u{338}",
        // Foundation expands a leading `~` and `~user`.
        "~", "~/specs", "~/a/../b/", "~root/x", "~no-such-user-2026/x", "a/~",
    ]

    @Test(arguments: shapes)
    func standardizesAsFoundationDoes(_ path: String) {
        #expect(LexicalPath.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
        let relativeTo = URL(fileURLWithPath: "/base/dir/", isDirectory: true)
        #expect(LexicalPath.standardized(path, from: "/base/dir")
            == URL(fileURLWithPath: path, relativeTo: relativeTo).standardizedFileURL.path)
    }

    @Test(arguments: shapes)
    func parentsAndLastComponentsAreFoundations(_ path: String) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        #expect(LexicalPath.parent(of: path) == url.deletingLastPathComponent().path)
        #expect(LexicalPath.components(of: path).last.map(String.init) ?? "/" == url.lastPathComponent)
    }
}

import Podspec
import Testing
@testable import Graph

/// Root names and subspec paths split at the first `/` byte, as CocoaPods'
/// `Specification.root_name` (`name.split('/').first`) splits, whatever the characters around
/// it: a combining mark after the slash, or a prepended mark before it, makes one grapheme
/// cluster with it, and a String index inside a cluster is rounded down to its start.
@Suite struct PodNameSplitTests {
    @Test(arguments: [
        ("Foo/Bar/Baz", "Foo", "Bar/Baz"),
        ("Foo", "Foo", ""),
        ("Foo/\u{301}Bar", "Foo", "\u{301}Bar"),
        ("Foo\u{600}/Bar", "Foo\u{600}", "Bar"),
        ("Ünï/cödé", "Ünï", "cödé"),
    ])
    func splitsAtTheFirstSlashByte(name: String, root: String, path: String) {
        #expect(Array(PodName.root(of: name).unicodeScalars) == Array(root.unicodeScalars))
        #expect(Array(PodName.subspecPath(of: name).unicodeScalars) == Array(path.unicodeScalars))
        let spec = Specification(name: name, version: "1.0.0")
        #expect(Array(spec.rootName.unicodeScalars) == Array(root.unicodeScalars))
    }
}

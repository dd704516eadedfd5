import Foundation
import Testing
@testable import Manifest

/// Sets `:source` options in Podfile text and returns the new text.
private func sourced(_ text: String, _ requests: PodSource...) throws -> String {
    String(decoding: try PodfileEditor.setSources(requests, in: Array(text.utf8)).bytes, as: UTF8.self)
}

@Suite struct PodfileSourceEditorTests {
    let binary = "https://git.acme.example/ios/BinarySpecs.git"

    @Test func addsAnOptionAfterTheLastArgumentInTheLinesQuote() throws {
        #expect(try sourced("pod 'Foo', '1.0'\n", PodSource(name: "Foo", source: binary))
            == "pod 'Foo', '1.0', :source => '\(binary)'\n")
        #expect(try sourced("  pod \"Foo\", \"1.0\", :inhibit_warnings => true # keep\n", PodSource(name: "Foo", source: binary))
            == "  pod \"Foo\", \"1.0\", :inhibit_warnings => true, :source => \"\(binary)\" # keep\n")
        #expect(try sourced("pod('Foo', '1.0')\n", PodSource(name: "Foo", source: binary))
            == "pod('Foo', '1.0', :source => '\(binary)')\n")
        #expect(try sourced("pod 'Foo'\n", PodSource(name: "Foo", source: binary)) == "pod 'Foo', :source => '\(binary)'\n")
    }

    @Test func replacesOrRemovesAnExistingOptionAndNothingElse() throws {
        let text = """
            target 'App' do
              pod 'Foo', '1.0', :source => 'https://old.example/Specs.git', :inhibit_warnings => true
              pod 'Foo/Core', '1.0', source: 'https://old.example/Specs.git'
              pod 'Bar', '2.0'
            end

            """
        #expect(try sourced(text, PodSource(name: "Foo", source: binary)) == """
            target 'App' do
              pod 'Foo', '1.0', :source => '\(binary)', :inhibit_warnings => true
              pod 'Foo/Core', '1.0', :source => '\(binary)'
              pod 'Bar', '2.0'
            end

            """)
        #expect(try sourced(text, PodSource(name: "Foo", source: nil)) == """
            target 'App' do
              pod 'Foo', '1.0', :inhibit_warnings => true
              pod 'Foo/Core', '1.0'
              pod 'Bar', '2.0'
            end

            """)
        // Already so: nothing changes, byte for byte.
        #expect(try sourced(text, PodSource(name: "Bar", source: nil)) == text)
        // What the editor wrote reads back as the :source.
        let written = try Podfile(parsing: Array(try sourced(text, PodSource(name: "Bar", source: binary)).utf8), path: "Podfile")
        #expect(written.declarations.first { $0.name == "Bar" }?.options.source == binary)
    }

    @Test func aHelperMethodsLineIsEditedOnceForEveryTarget() throws {
        let text = """
            def shared
              pod 'Foo', '1.0'
            end
            target 'A' do
              shared
            end
            target 'B' do
              shared
            end

            """
        #expect(try sourced(text, PodSource(name: "Foo", source: binary)).components(separatedBy: ":source").count == 2)
    }

    @Test func refusesWhatItCannotEditAndChangesNothing() {
        let text = """
            pod 'Ext', :git => 'https://example.com/Ext.git'
            pod 'Hashy', '1.0', { :source => 'x' }
            pod 'Plain', '1.0'

            """
        #expect(throws: ManifestError.cannotPin([
            ManifestIssue(file: "Podfile", line: 1, message: "`Ext` comes from :git `https://example.com/Ext.git`, not from a spec repo, so it takes no :source"),
            ManifestIssue(file: "Podfile", line: 2, message: "the :source of `Hashy` sits in a `{ … }` hash; write it as a plain `:source => '…'` option so compctl can change it"),
            ManifestIssue(file: "Podfile", line: nil, message: "`Missing` is not named in the Podfile, so it has no `pod` line to give a :source"),
            ManifestIssue(file: "Podfile", line: nil, message: "`it's` cannot be written as the :source of `Plain`; give the spec repo's URL"),
        ])) {
            try PodfileEditor.setSources([PodSource(name: "Ext", source: binary), PodSource(name: "Hashy", source: binary),
                                          PodSource(name: "Missing", source: binary), PodSource(name: "Plain", source: "it's")],
                                         in: Array(text.utf8))
        }
    }
}

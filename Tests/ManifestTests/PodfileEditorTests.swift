import Foundation
import Testing
import TestSupport
@testable import Manifest

extension PodPin {
    static func test(_ name: String = "Foo", _ version: String = "0.1.8", addTo: String? = nil) -> PodPin {
        PodPin(name: name, version: version, addTo: addTo)
    }
}

/// Pins in Podfile text and returns the new text.
private func pinned(_ source: String, _ pins: PodPin...) throws -> String {
    let edit = try PodfileEditor.pin(pins, in: Array(source.utf8))
    return String(decoding: edit.bytes, as: UTF8.self)
}

private func issue(_ line: Int?, _ message: String) -> ManifestIssue {
    ManifestIssue(file: "Podfile", line: line, message: message)
}

@Suite struct PodfileEditorTests {
    @Test func rewritesOnlyTheRequirementKeepingItsQuote() throws {
        #expect(try pinned("pod 'Foo', '~> 0.1.7'\n", .test()) == "pod 'Foo', '0.1.8'\n")
        #expect(try pinned("pod \"Foo\", \"~> 0.1.7\"\n", .test()) == "pod \"Foo\", \"0.1.8\"\n")
        #expect(try pinned("pod \"Foo\", '>= 0.1'\n", .test()) == "pod \"Foo\", '0.1.8'\n")
        #expect(try pinned("pod('Foo', '~> 0.1') # keep\n", .test()) == "pod('Foo', '0.1.8') # keep\n")
    }

    @Test func severalRequirementsBecomeOneAndOptionsStay() throws {
        let source = """
        target 'App' do
          pod 'Foo', '~> 1.0', '< 1.5', :configurations => ['Debug'], :modular_headers => true  # why
        end

        """
        #expect(try pinned(source, .test()) == """
        target 'App' do
          pod 'Foo', '0.1.8', :configurations => ['Debug'], :modular_headers => true  # why
        end

        """)
    }

    @Test func aLineWithoutRequirementGetsOneAfterTheName() throws {
        #expect(try pinned("pod 'Foo'\n", .test()) == "pod 'Foo', '0.1.8'\n")
        #expect(try pinned("pod \"Foo\", subspecs: ['A', 'B']\n", .test()) == "pod \"Foo\", \"0.1.8\", subspecs: ['A', 'B']\n")
        #expect(try pinned("pod 'Foo' # latest\n", .test()) == "pod 'Foo', '0.1.8' # latest\n")
    }

    @Test func aPodDeclaredSeveralTimesIsPinnedEverywhere() throws {
        let source = """
        def shared_pods
          pod 'Foo', '~> 0.1'
        end

        target 'App' do
          shared_pods
          pod 'Foo'
        end

        target 'Tests' do
          shared_pods
          pod 'Foo', '>= 0.1', '< 1'
        end

        """
        #expect(try pinned(source, .test()) == """
        def shared_pods
          pod 'Foo', '0.1.8'
        end

        target 'App' do
          shared_pods
          pod 'Foo', '0.1.8'
        end

        target 'Tests' do
          shared_pods
          pod 'Foo', '0.1.8'
        end

        """)
    }

    @Test func subspecLinesArePinnedWithTheirRoot() throws {
        let source = "pod 'Foo/Core', '~> 0.1'\npod 'Foo/UI'\npod 'FooBar', '1.0'\n"
        #expect(try pinned(source, .test("Foo")) == "pod 'Foo/Core', '0.1.8'\npod 'Foo/UI', '0.1.8'\npod 'FooBar', '1.0'\n")
        #expect(try pinned(source, .test("Foo/UI")) == "pod 'Foo/Core', '0.1.8'\npod 'Foo/UI', '0.1.8'\npod 'FooBar', '1.0'\n")
    }

    @Test func aVariableRequirementIsReplacedByTheLiteral() throws {
        let source = "rx = '~> 6.0'\npod 'RxSwift', rx\npod 'RxCocoa', rx\n"
        #expect(try pinned(source, .test("RxSwift", "6.5.0")) == "rx = '~> 6.0'\npod 'RxSwift', '6.5.0'\npod 'RxCocoa', rx\n")
    }

    @Test func keepsCRLFTabsAndAMissingFinalNewline() throws {
        #expect(try pinned("target 'App' do\r\n\tpod 'Foo', '~> 0.1'\r\n\tpod 'Bar'\r\nend\r\n", .test(), .test("Bar", "2.0.0"))
                == "target 'App' do\r\n\tpod 'Foo', '0.1.8'\r\n\tpod 'Bar', '2.0.0'\r\nend\r\n")
        #expect(try pinned("pod 'Foo', '~> 0.1'", .test()) == "pod 'Foo', '0.1.8'")
        #expect(try pinned("pod 'Foo'", .test()) == "pod 'Foo', '0.1.8'")
    }

    @Test func anExternalSourceIsAnErrorNamingTheLine() {
        let source = "target 'App' do\n  pod 'Foo', :git => 'https://example.com/Foo.git', :tag => '0.1.7'\n  pod 'Foo/UI', path: '../Foo'\nend\n"
        #expect(throws: ManifestError.cannotPin([
            issue(2, "`Foo` comes from :git `https://example.com/Foo.git`, not from a spec repo, so it has no version to pin; remove the :git option to pin it"),
            issue(3, "`Foo/UI` comes from :path `../Foo`, not from a spec repo, so it has no version to pin; remove the :path option to pin it"),
        ])) {
            try pinned(source, .test())
        }
    }

    @Test func aPodTheFileDoesNotNameIsAnError() {
        #expect(throws: ManifestError.cannotPin([
            issue(nil, "`Bar` is not named in the Podfile; add it to a target block, or name the target to add it to"),
        ])) {
            try pinned("pod 'Foo'\n", .test("Bar"))
        }
    }

    @Test func addToPutsTheLineAfterTheTargetsLastPod() throws {
        let source = """
        abstract_target 'Shared' do
          pod 'Base', '1.0'
          target 'App' do
            pod 'A', '1.0'
            pod 'B', :configurations => ['Debug'],
                     :inhibit_warnings => true  # two lines
            target 'AppTests' do
              inherit! :search_paths
            end
          end
        end

        """
        #expect(try pinned(source, .test("Foo", addTo: "App")) == """
        abstract_target 'Shared' do
          pod 'Base', '1.0'
          target 'App' do
            pod 'A', '1.0'
            pod 'B', :configurations => ['Debug'],
                     :inhibit_warnings => true  # two lines
            pod 'Foo', '0.1.8'
            target 'AppTests' do
              inherit! :search_paths
            end
          end
        end

        """)
    }

    @Test func addToATargetWithoutPodsUsesTheBlocksIndentation() throws {
        #expect(try pinned("target 'App' do\n    inherit! :search_paths\nend\n", .test(addTo: "App"))
                == "target 'App' do\n    inherit! :search_paths\n    pod 'Foo', '0.1.8'\nend\n")
        #expect(try pinned("target 'App' do\r\n\tplatform :ios, '13.0'\r\nend", .test(addTo: "App"))
                == "target 'App' do\r\n\tplatform :ios, '13.0'\r\n\tpod 'Foo', '0.1.8'\r\nend")
        #expect(try pinned("  target 'App' do\n  end\n", .test(addTo: "App")) == "  target 'App' do\n    pod 'Foo', '0.1.8'\n  end\n")
        #expect(try pinned("target \"App\" do\n  pod \"A\"\nend\n", .test(addTo: "App")) == "target \"App\" do\n  pod \"A\"\n  pod \"Foo\", \"0.1.8\"\nend\n")
    }

    @Test func addToTheRootTarget() throws {
        #expect(try pinned("platform :ios, '13.0'\npod 'A'", .test(addTo: "Pods")) == "platform :ios, '13.0'\npod 'A'\npod 'Foo', '0.1.8'")
        #expect(try pinned("platform :ios, '13.0'\n\ntarget 'App' do\nend\n", .test(addTo: "Pods"))
                == "platform :ios, '13.0'\n\npod 'Foo', '0.1.8'\ntarget 'App' do\nend\n")
    }

    @Test func addToARootTargetWithNothingInIt() throws {
        #expect(try pinned("platform :ios, '13.0'\n", .test(addTo: "Pods")) == "platform :ios, '13.0'\npod 'Foo', '0.1.8'\n")
        #expect(try pinned("platform :ios, '13.0'", .test(addTo: "Pods")) == "platform :ios, '13.0'\npod 'Foo', '0.1.8'")
        #expect(try pinned("platform :ios, '13.0'\r\n", .test(addTo: "Pods")) == "platform :ios, '13.0'\r\npod 'Foo', '0.1.8'\r\n")
    }

    @Test func pinnableRootNamesLeaveOutWhatCannotBePinned() throws {
        let podfile = try Podfile.test("""
        def local(name)
          pod name, path: "../#{name}"
        end
        pod 'A/Core', '~> 1.0'
        pod 'B', git: 'https://x/B.git'
        pod 'A/UI'
        pod 'C', ENV['C_VERSION']
        pod 'D'
        pod 'B/Extra', '1.0'
        local 'E'
        """)
        #expect(podfile.pinnableRootNames == ["A", "D"])
        #expect(try PodfileEditor.pin(podfile.pinnableRootNames.map { .test($0) }, in: podfile,
                                      bytes: Array("def local(name)\n  pod name, path: \"../#{name}\"\nend\npod 'A/Core', '~> 1.0'\npod 'B', git: 'https://x/B.git'\npod 'A/UI'\npod 'C', ENV['C_VERSION']\npod 'D'\npod 'B/Extra', '1.0'\nlocal 'E'".utf8)).changes.count == 3)
    }

    @Test func addToIsIgnoredWhenTheFileNamesThePod() throws {
        #expect(try pinned("target 'App' do\n  pod 'Foo'\nend\n", .test(addTo: "Other")) == "target 'App' do\n  pod 'Foo', '0.1.8'\nend\n")
    }

    @Test func addToAnUnknownOrBlocklessTargetIsAnError() {
        let source = "abstract_target 'All' do\n  target 'Widget'\nend\n"
        #expect(throws: ManifestError.cannotPin([
            issue(nil, "cannot add `Foo` to target `App`: the Podfile has no such target; check the target name"),
            issue(2, "target `Widget` has no `do … end` block to add `Bar` to; add the line by hand"),
        ])) {
            try pinned(source, .test(addTo: "App"), .test("Bar", addTo: "Widget"))
        }
    }

    @Test func aLineTheReaderSkippedIsAnError() {
        let source = "def version\n  File.read('VERSION')\nend\npod 'Foo', version\npod 'Foo/UI', '~> 0.1'\n"
        #expect(throws: ManifestError.cannotPin([
            issue(4, "this `pod` line for `Foo` could not be read, so compctl cannot pin it; write its requirement and options as literals"),
        ])) {
            try pinned(source, .test())
        }
    }

    @Test func aNamePassedToAHelperIsAnError() {
        let source = "def local_pod(name)\n  pod name\nend\nlocal_pod 'Foo'\n"
        #expect(throws: ManifestError.cannotPin([
            issue(2, "the name `Foo` comes from an argument of `local_pod`, so pinning this line would pin every pod passed to it; give `Foo` its own `pod` line"),
        ])) {
            try pinned(source, .test())
        }
    }

    @Test func badVersionsAndConflictingPinsAreErrors() {
        #expect(throws: ManifestError.cannotPin([
            issue(nil, "`1.0' # ` is not a version compctl can write for `Foo`; give a version such as 1.2.3"),
            issue(nil, "`Bar` is asked to be pinned to both 1.0 and 2.0; give one version"),
        ])) {
            try pinned("pod 'Foo'\npod 'Bar'\n", .test("Foo", "1.0' # "), .test("Bar", "1.0"), .test("Bar/UI", "2.0"))
        }
    }

    @Test func everyProblemIsReportedTogether() {
        let source = "pod 'A', :path => '../A'\npod 'B'\n"
        let error = #expect(throws: ManifestError.self) {
            try pinned(source, .test("A"), .test("B"), .test("C"))
        }
        #expect(error?.description == """
        Podfile:1: `A` comes from :path `../A`, not from a spec repo, so it has no version to pin; remove the :path option to pin it
        Podfile: `C` is not named in the Podfile; add it to a target block, or name the target to add it to
        """)
    }

    @Test func pinFileWritesAtomicallyAndLeavesTheFileAloneOnError() throws {
        let scratch = try TemporaryDirectory()
        let directory = scratch.url
        let path = directory.appendingPathComponent("Podfile").path
        let original = "target 'App' do\n  pod 'Foo', '~> 0.1'\n  pod 'Bar', :path => '../Bar'\nend\n"
        try original.write(toFile: path, atomically: false, encoding: .utf8)

        #expect(throws: ManifestError.self) {
            try PodfileEditor.pinFile(at: path, [.test(), .test("Bar", "1.0.0")])
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)

        let preview = try PodfileEditor.pinFile(at: path, [.test()], dryRun: true)
        #expect(String(decoding: preview.bytes, as: UTF8.self).contains("pod 'Foo', '0.1.8'"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)

        try PodfileEditor.pinFile(at: path, [.test()])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original.replacingOccurrences(of: "'~> 0.1'", with: "'0.1.8'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Podfile"])
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: ManifestError.unreadable(path: "/nonexistent-compctl/Podfile", reason: "no such file, or it is not readable")) {
            try PodfileEditor.pinFile(at: "/nonexistent-compctl/Podfile", [.test()])
        }
    }

    @Test func theEditListsItsChanges() throws {
        let edit = try PodfileEditor.pin([.test(), .test("Bar", "2.0")], in: Array("pod 'Bar'\npod 'Foo', '~> 0.1'\n".utf8))
        #expect(edit.changes == [
            .init(range: 9..<9, replacement: Array(", '2.0'".utf8)),
            .init(range: 21..<29, replacement: Array("'0.1.8'".utf8)),
        ])
    }
}

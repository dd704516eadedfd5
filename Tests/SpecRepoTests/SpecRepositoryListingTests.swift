import Foundation
import Testing
@testable import SpecRepo

@Suite struct SpecRepositoryLayoutTests {
    @Test func rootLayoutListsPodsByteWiseAndVersionsHighestFirst() throws {
        let repo = try SpecRepository.test(files: podFiles("glog", ["0.3.5"])
            .merging(podFiles("Artsy-UIButtons", ["1.1.0"]))
            .merging(podFiles("Artsy+UIFonts", ["1.0.0"]))
            .merging(podFiles("Bar", ["1.0.0", "1.10.0", "1.2.0", "2.0.0-rc.1", "2.0.0", "2.0.0-beta.2"])))
        #expect(repo.listing == [
            "Artsy+UIFonts\t1.0.0",
            "Artsy-UIButtons\t1.1.0",
            "Bar\t2.0.0 2.0.0-rc.1 2.0.0-beta.2 1.10.0 1.2.0 1.0.0",
            "glog\t0.3.5",
        ])
        #expect(repo.layout == SpecRepoLayout(specsDirectory: "", prefixLengths: []))
        #expect(repo.junk.isEmpty)
        #expect(repo.name == "acme")
    }

    @Test func specsDirectoryWinsOverTheRoot() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"], in: "Specs")
            .merging(podFiles("Scripts", ["1.0.0"])))
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.layout.specsDirectory == "Specs")
        #expect(repo.pod(named: "Foo")?.versions.first?.specPath == "Specs/Foo/1.0.0/Foo.podspec.json")
    }

    @Test func shardedOneOneOneUnderSpecs() throws {
        // MD5("Foo") = 1356c6…, MD5("Bar") = ddc35f…
        let repo = try SpecRepository.test(files: [
            "CocoaPods-version.yml": "---\nmin: 1.0.0\nprefix_lengths:\n- 1\n- 1\n- 1\n",
        ]
        .merging(podFiles("Foo", ["1.0.0", "1.1.0"], in: "Specs/1/3/5"))
        .merging(podFiles("Bar", ["0.1.0"], in: "Specs/d/d/c")))
        #expect(repo.layout == SpecRepoLayout(specsDirectory: "Specs", prefixLengths: [1, 1, 1]))
        #expect(repo.listing == ["Bar\t0.1.0", "Foo\t1.1.0 1.0.0"])
        #expect(repo.junk.isEmpty)
    }

    @Test func shardedTwoAtTheRoot() throws {
        let repo = try SpecRepository.test(files: [
            "CocoaPods-version.yml": "prefix_lengths: [2]\n",
            "README.md": "# acme specs\n",
        ]
        .merging(podFiles("Foo", ["1.0.0"], in: "13"))
        .merging(podFiles("Bar", ["0.1.0"], in: "dd")))
        #expect(repo.layout == SpecRepoLayout(specsDirectory: "", prefixLengths: [2]))
        #expect(repo.listing == ["Bar\t0.1.0", "Foo\t1.0.0"])
        #expect(repo.junk.isEmpty)
    }

    @Test func prefixLengthsMayBeOneNumberOrNumericStrings() throws {
        #expect(try SpecRepoLayout.prefixLengths(inMetadata: "prefix_lengths: 2\n", path: "m") == [2])
        #expect(try SpecRepoLayout.prefixLengths(inMetadata: "prefix_lengths: ['1', '2']\n", path: "m") == [1, 2])
        #expect(try SpecRepoLayout.prefixLengths(inMetadata: "min: 1.0.0\n", path: "m") == [])
        #expect(try SpecRepoLayout.prefixLengths(inMetadata: "", path: "m") == [])
    }

    @Test func malformedPrefixLengthsAreAnError() throws {
        let error = #expect(throws: SpecRepoError.self) {
            try SpecRepository.test(files: ["CocoaPods-version.yml": "prefix_lengths: [1, x]\n"]
                .merging(podFiles("Foo", ["1.0.0"])))
        }
        #expect(error?.description == "/repos/acme/CocoaPods-version.yml: prefix_lengths must be positive whole "
            + "numbers adding up to at most 32 (like [1, 1, 1]), found [1, x]; fix the file or delete it "
            + "if the repo is not sharded")
    }

    @Test func metadataThatIsNotAMappingIsAnError() throws {
        #expect(throws: SpecRepoError.invalidMetadata(
            path: "m", reason: "expected a mapping with keys such as prefix_lengths"
        )) {
            try SpecRepoLayout.prefixLengths(inMetadata: "- 1\n- 2\n", path: "m")
        }
    }

    @Test func jsonWinsOverRubyInTheSameVersionDirectory() throws {
        let repo = try SpecRepository.test(files: [
            "Foo/1.0.0/Foo.podspec.json": jsonSpec("Foo", "1.0.0"),
            "Foo/1.0.0/Foo.podspec": rubySpec("Foo", "1.0.0"),
            "Foo/0.9.0/Foo.podspec": rubySpec("Foo", "0.9.0"),
        ])
        #expect(repo.listing == ["Foo\t1.0.0 0.9.0"])
        #expect(repo.pod(named: "Foo")?.versions.map(\.specPath) == [
            "Foo/1.0.0/Foo.podspec.json", "Foo/0.9.0/Foo.podspec",
        ])
        #expect(repo.junk == [
            "Foo/1.0.0/Foo.podspec: ignored: Foo.podspec.json in the same directory takes precedence",
        ])
    }

    @Test func specFileDifferingOnlyInCaseIsFoundAsOnMacOS() throws {
        let repo = try SpecRepository.test(files: [
            "yoga/0.42.0.React/Yoga.podspec.json": jsonSpec("Yoga", "0.42.0.React"),
        ])
        #expect(repo.listing == ["yoga\t0.42.0.React"])
        #expect(repo.pod(named: "yoga")?.versions.first?.specPath == "yoga/0.42.0.React/Yoga.podspec.json")
    }

    @Test func equalVersionsKeepCocoaPodsOrderAndTheSecondIsJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0", "1.0.0", "0.9"]))
        #expect(repo.listing == ["Foo\t1.0.0 0.9"])
        #expect(repo.junk == ["Foo/1.0: same version as 1.0.0; keep only one of the two directories"])
    }

    /// A third equal version is junk beside the one kept, not beside the second.
    @Test func threeEqualVersionsKeepOne() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1", "2.0", "1.0", "0.9", "1.0.0"]))
        #expect(repo.listing == ["Foo\t2.0 1.0.0 0.9"])
        #expect(repo.junk == ["Foo/1: same version as 1.0.0; keep only one of the two directories",
                              "Foo/1.0: same version as 1.0.0; keep only one of the two directories"])
    }

    @Test func emptySpecsDirectoryIsAnEmptyRepo() throws {
        let repo = try SpecRepository.test(files: [:], emptyDirectories: ["Specs"])
        #expect(repo.pods.isEmpty)
        #expect(repo.podNames().isEmpty)
    }
}

@Suite struct SpecRepositoryJunkTests {
    @Test func hiddenEntriesAreJunkExceptAtTheRepositoryRoot() throws {
        let repo = try SpecRepository.test(files: podFiles("Emission", ["1.0.1"]).merging([
            "Emission/.DS_Store": "",
            "Emission/1.0.1/.DS_Store": "",
            ".git/HEAD": "ref: refs/heads/master\n",
            ".DS_Store": "",
            "README.md": "# specs\n",
            "LICENSE": "MIT\n",
        ]), emptyDirectories: ["Emission/.hidden-version"])
        #expect(repo.listing == ["Emission\t1.0.1"])
        #expect(repo.junk == [
            "Emission/.DS_Store: hidden file",
            "Emission/.hidden-version: hidden directory",
            "Emission/1.0.1/.DS_Store: hidden file",
        ])
    }

    @Test func inSpecsHiddenEntriesAndFilesAreJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"], in: "Specs").merging([
            "Specs/.DS_Store": "",
            "Specs/README.md": "",
        ]))
        #expect(repo.junk == [
            "Specs/.DS_Store: hidden file",
            "Specs/README.md: file where a pod directory is expected",
        ])
    }

    @Test func editorBackupsAreJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"]).merging([
            "Foo/1.0.0/Foo.podspec~": "",
            "Foo/Foo.podspec~": "",
        ]))
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.junk == [
            "Foo/1.0.0/Foo.podspec~: editor backup file (*.podspec~); delete it",
            "Foo/Foo.podspec~: editor backup file (*.podspec~); delete it",
        ])
    }

    @Test func versionDirectoryThatIsNotAVersionIsJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0", "latest", "1.0 beta", "v2"]))
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.junk == [
            "Foo/1.0 beta: directory name is not a version",
            "Foo/latest: directory name is not a version",
            "Foo/v2: directory name is not a version",
        ])
    }

    @Test func emptyVersionDirectoryIsJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"]), emptyDirectories: ["Foo/1.1.0"])
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.junk == ["Foo/1.1.0: empty version directory"])
    }

    @Test func versionDirectoryWithoutTheSpecIsJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"]).merging([
            "Foo/1.1.0/Bar.podspec.json": jsonSpec("Bar", "1.1.0"),
            "Foo/1.2.0/notes.txt": "",
        ]))
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.junk == [
            "Foo/1.1.0: no Foo.podspec.json or Foo.podspec in the version directory",
            "Foo/1.1.0/Bar.podspec.json: podspec named for another pod; expected Foo.podspec.json or Foo.podspec",
            "Foo/1.2.0: no Foo.podspec.json or Foo.podspec in the version directory",
            "Foo/1.2.0/notes.txt: unexpected file in a version directory",
        ])
    }

    @Test func extraEntriesBesideTheSpecAreJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"]).merging([
            "Foo/1.0.0/CHANGELOG.md": "",
            "Foo/1.0.0/Resources/a.png": "",
        ]))
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.junk == [
            "Foo/1.0.0/CHANGELOG.md: unexpected file in a version directory",
            "Foo/1.0.0/Resources: unexpected directory in a version directory",
        ])
    }

    @Test func fileWhereAVersionDirectoryIsExpectedIsJunk() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"]).merging(["Foo/README.md": ""]))
        #expect(repo.junk == ["Foo/README.md: file where a version directory is expected"])
    }

    @Test func podWithoutAnyUsableVersionIsJunkWithItsContents() throws {
        let repo = try SpecRepository.test(files: podFiles("Foo", ["1.0.0"]).merging(["Scripts/build.sh": ""]))
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.podNames() == ["Foo"])
        #expect(repo.junk == [
            "Scripts: pod directory without any version directory",
            "Scripts/build.sh: file where a version directory is expected",
        ])
    }

    @Test func shardLevelJunk() throws {
        let repo = try SpecRepository.test(files: ["CocoaPods-version.yml": "prefix_lengths: [1, 1, 1]\n"]
            .merging(podFiles("Foo", ["1.0.0"], in: "Specs/1/3/5"))
            .merging(podFiles("Bar", ["1.0.0"], in: "Specs/1/3/5"))
            .merging(podFiles("Baz", ["1.0.0"], in: "Specs/A/b/c"))
            .merging(["Specs/1/3/notes.txt": "", "Specs/1/3/5/README": ""]))
        #expect(repo.listing == ["Foo\t1.0.0"])
        #expect(repo.junk == [
            "Specs/1/3/5/Bar: pod directory in the wrong shard; CocoaPods looks for it at Specs/d/d/c/Bar",
            "Specs/1/3/5/README: file where a pod directory is expected",
            "Specs/1/3/notes.txt: file where a shard directory is expected",
            "Specs/A: not a shard directory: CocoaPods-version.yml's prefix_lengths expects 1 lower-case hex digit here",
        ])
    }

    @Test func junkIsReportedInPodOrderWithTopLevelJunkFirst() throws {
        let repo = try SpecRepository.test(files: podFiles("Zed", ["1.0.0"], in: "Specs")
            .merging(podFiles("Abc", ["1.0.0"], in: "Specs"))
            .merging(["Specs/Zed/.DS_Store": "", "Specs/Abc/.DS_Store": "", "Specs/.DS_Store": ""]))
        #expect(repo.junk == [
            "Specs/.DS_Store: hidden file",
            "Specs/Abc/.DS_Store: hidden file",
            "Specs/Zed/.DS_Store: hidden file",
        ])
    }
}

@Suite struct SpecRepositoryErrorTests {
    @Test func missingRootIsAPreciseError() {
        #expect(throws: SpecRepoError.repositoryNotFound("/nowhere/acme")) {
            try SpecRepository(directory: "/nowhere/acme")
        }
        #expect(SpecRepoError.repositoryNotFound("/nowhere/acme").description
            == "no spec repo at '/nowhere/acme': the directory does not exist; pass the path of a spec repo checkout")
    }

    @Test func rootThatIsAFileIsAPreciseError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("compctl-\(UUID().uuidString)")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: SpecRepoError.repositoryIsAFile(file.path)) {
            try SpecRepository(directory: file.path)
        }
        #expect(SpecRepoError.repositoryIsAFile("/x/Foo.podspec").description
            == "'/x/Foo.podspec' is a file, not a spec repo; pass the directory that holds the pod folders (or Specs/)")
    }

    @Test func directoryWithoutPodsOrMarkersIsNotASpecRepo() throws {
        let error = #expect(throws: SpecRepoError.self) {
            try SpecRepository.test(files: ["Sources/main.swift": "", "Package.swift": ""])
        }
        #expect(error == .notASpecRepository("/repos/acme"))
        #expect(error?.description == "'/repos/acme' is not a spec repo: it has no Specs/ folder, no "
            + "CocoaPods-version.yml and no pod folder with a version folder in it "
            + "(Name/1.0.0/Name.podspec.json); pass the root of a spec repo checkout")
    }
}

import Foundation
import Testing
@testable import Manifest

/// Pins pods in every corpus Podfile and proves, byte by byte, that only requirement
/// literals changed.
@Suite struct PodfilePinCorpusTests {
    static let version = "0.1.8"

    /// Roots whose every `pod` line can be pinned: no external source, no name passed in
    /// from a helper's argument, no line compctl had to skip.
    static func pinnableRoots(_ podfile: Podfile) -> [String] {
        var roots: [String] = []
        for declaration in podfile.declarations where !roots.contains(declaration.rootName) {
            let root = declaration.rootName
            let all = podfile.declarations.filter { $0.rootName == root }
            if all.allSatisfy({ $0.options.externalSource == nil && !$0.nameFromArgument }),
               !podfile.warnings.contains(where: { $0.pod.map(podRootName) == root }) {
                roots.append(root)
            }
        }
        return roots
    }

    /// The edit the reader's recorded ranges call for: each requirement span becomes one
    /// exact literal in the same quote, a line without a requirement gets one after its name.
    static func expectedChanges(_ podfile: Podfile, _ original: [UInt8], roots: Set<String>) -> [(Range<Int>, [UInt8])] {
        var changes: [Int: (Range<Int>, [UInt8])] = [:]
        for declaration in podfile.declarations where roots.contains(declaration.rootName) {
            if let first = declaration.requirementRanges.first, let last = declaration.requirementRanges.last {
                let quote = original[first.lowerBound]
                changes[first.lowerBound] = (first.lowerBound..<last.upperBound, [quote] + Array(version.utf8) + [quote])
            } else {
                let quote: UInt8 = declaration.quote == .double ? UInt8(ascii: "\"") : UInt8(ascii: "'")
                let at = declaration.requirementInsertionPoint
                changes[at] = (at..<at, Array(", ".utf8) + [quote] + Array(version.utf8) + [quote])
            }
        }
        return changes.values.sorted { $0.0.lowerBound < $1.0.lowerBound }
    }

    /// Walks both byte arrays: outside the ranges every byte is the same, inside each range
    /// there is exactly the new literal.
    static func expectOnly(_ changes: [(Range<Int>, [UInt8])], between original: [UInt8], and edited: [UInt8],
                           sourceLocation: SourceLocation = #_sourceLocation) {
        var i = 0
        var j = 0
        for (range, replacement) in changes {
            let unchanged = range.lowerBound - i
            #expect(edited.count >= j + unchanged + replacement.count, sourceLocation: sourceLocation)
            guard edited.count >= j + unchanged + replacement.count else { return }
            #expect(Array(original[i..<range.lowerBound]) == Array(edited[j..<j + unchanged]), sourceLocation: sourceLocation)
            j += unchanged
            #expect(Array(edited[j..<j + replacement.count]) == replacement,
                    "at byte \(range.lowerBound)", sourceLocation: sourceLocation)
            j += replacement.count
            i = range.upperBound
        }
        #expect(Array(original[i...]) == Array(edited[j...]), sourceLocation: sourceLocation)
    }

    static func load(_ directory: String) throws -> (Podfile, [UInt8]) {
        let path = TestPaths.corpusFile("podfiles/\(directory)/Podfile")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return (try Podfile(parsing: bytes, path: "Podfile"), bytes)
    }

    @Test(arguments: corpusPodfiles.map(\.directory))
    func pinningEachPodTouchesOnlyItsRequirementLiterals(_ directory: String) throws {
        let (podfile, original) = try Self.load(directory)
        for root in Self.pinnableRoots(podfile) {
            let edit = try PodfileEditor.pin([PodPin(name: root, version: Self.version)], in: podfile, bytes: original)
            Self.expectOnly(Self.expectedChanges(podfile, original, roots: [root]), between: original, and: edit.bytes)
        }
    }

    @Test(arguments: corpusPodfiles.map(\.directory))
    func pinningEveryPodAtOnceTouchesOnlyRequirementLiterals(_ directory: String) throws {
        let (podfile, original) = try Self.load(directory)
        let roots = Self.pinnableRoots(podfile)
        let edit = try PodfileEditor.pin(roots.map { PodPin(name: $0, version: Self.version) }, in: podfile, bytes: original)
        Self.expectOnly(Self.expectedChanges(podfile, original, roots: Set(roots)), between: original, and: edit.bytes)

        // Read back: the pinned pods now say exactly 0.1.8, everything else reads as before.
        let reread = try Podfile(parsing: edit.bytes, path: "Podfile")
        #expect(reread.declarations.count == podfile.declarations.count)
        for (before, after) in zip(podfile.declarations, reread.declarations) {
            #expect(after.name == before.name)
            #expect(after.options == before.options)
            #expect(after.uses == before.uses)
            #expect(after.requirements == (roots.contains(before.rootName) ? [Self.version] : before.requirements))
        }
        #expect(reread.warnings == podfile.warnings)
        #expect(reread.targets == podfile.targets)
    }

    @Test(arguments: corpusPodfiles.map(\.directory))
    func recordedRangesCoverTheRequirementLiterals(_ directory: String) throws {
        let (podfile, original) = try Self.load(directory)
        for declaration in podfile.declarations {
            for (range, requirement) in zip(declaration.requirementRanges, declaration.requirements) {
                let quote = original[range.lowerBound]
                #expect(quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\""))
                #expect(Array(original[range]) == [quote] + Array(requirement.utf8) + [quote])
            }
            #expect(Array(original[declaration.nameRange]).dropFirst().dropLast().elementsEqual(declaration.name.utf8)
                    || declaration.nameFromArgument)
        }
    }

    /// What cannot be pinned in the corpus is refused, naming each line.
    @Test func externalSourcesAndSkippedLinesAreRefusedWithTheirLines() throws {
        let (sdwebimage, sdBytes) = try Self.load("SDWebImage+SDWebImage")
        #expect(throws: ManifestError.cannotPin([4, 9, 14, 19].map {
            ManifestIssue(file: "Podfile", line: $0, message: $0 == 9
                ? "`SDWebImage/Core` comes from :path `./`, not from a spec repo, so it has no version to pin; remove the :path option to pin it"
                : "`SDWebImage/MapKit` comes from :path `./`, not from a spec repo, so it has no version to pin; remove the :path option to pin it")
        })) {
            try PodfileEditor.pin([PodPin(name: "SDWebImage", version: "5.0.0")], in: sdwebimage, bytes: sdBytes)
        }

        let (vector, vectorBytes) = try Self.load("vector-im+element-ios")
        #expect(throws: ManifestError.cannotPin([
            ManifestIssue(file: "Podfile", line: 37, message: "this `pod` line for `MatrixSDK` could not be read, so compctl cannot pin it; write its requirement and options as literals"),
            ManifestIssue(file: "Podfile", line: 38, message: "this `pod` line for `MatrixSDK/JingleCallStack` could not be read, so compctl cannot pin it; write its requirement and options as literals"),
        ])) {
            try PodfileEditor.pin([PodPin(name: "MatrixSDK", version: "0.19.4")], in: vector, bytes: vectorBytes)
        }

        let (firestore, firestoreBytes) = try Self.load("firebase+firebase-ios-sdk--Firestore-Example")
        #expect(throws: ManifestError.cannotPin([
            ManifestIssue(file: "Podfile", line: 51, message: "`FirebaseAuth` comes from :path `../..`, not from a spec repo, so it has no version to pin; remove the :path option to pin it"),
        ])) {
            try PodfileEditor.pin([PodPin(name: "FirebaseAuth", version: "11.0.0")], in: firestore, bytes: firestoreBytes)
        }
    }
}

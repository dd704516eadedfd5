import Testing
import TestSupport
@testable import SpecRepo
import Versioning

/// The order of a pod folder's versions: sorting plain releases by their keys and placing
/// the rest by the whole comparison must give exactly the order of the whole comparison.
@Suite struct VersionFolderOrderTests {
    /// Each folder of random names, sorted both ways.
    @Test func keysAndInsertionGiveTheOrderOfTheWholeComparison() {
        var generator = SeededGenerator(seed: 20261128)
        for _ in 0..<2_000 {
            let names = Set((0..<Int.random(in: 0...30, using: &generator)).map { _ in
                Self.versionName(using: &generator)
            })
            // A name CocoaPods refuses (`10-beta`) is no version folder.
            let found = names.shuffled(using: &generator).compactMap { name in
                (try? Version(name)).map { VersionEntry(version: $0, directoryName: name, specFileName: nil, podPath: "Foo") }
            }
            let whole = found.indices.sorted { a, b in
                found[b].version.precedesInCocoaPodsOrder(found[a].version)
            }
            let fast = SpecRepoScanner.newestFirst(found)
            #expect(fast.map { found[$0].directoryName } == whole.map { found[$0].directoryName })
        }
    }

    /// Folders of many prereleases (nightly builds) take the one sort instead.
    @Test func aFolderOfManyPrereleasesSortsTheSameWay() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            let names = Set((0..<Int.random(in: 33...150, using: &generator)).map { _ in
                let release = "\(Int.random(in: 0...3, using: &generator)).\(Int.random(in: 0...3, using: &generator))"
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return release
                case 1: return release + ".0"
                case 2: return release + "-nightly." + String(Int.random(in: 0...40, using: &generator))
                default: return release + "-rc." + String(Int.random(in: 0...9, using: &generator))
                }
            })
            let found = names.shuffled(using: &generator).compactMap { name in
                (try? Version(name)).map { VersionEntry(version: $0, directoryName: name, specFileName: nil, podPath: "Foo") }
            }
            let whole = found.indices.sorted { a, b in
                found[b].version.precedesInCocoaPodsOrder(found[a].version)
            }
            #expect(SpecRepoScanner.newestFirst(found).map { found[$0].directoryName } == whole.map { found[$0].directoryName })
        }
    }

    /// Putting entries in order by swaps gives what copying them in that order gives.
    @Test func permutingInPlaceGivesTheOrder() {
        var generator = SeededGenerator(seed: 99)
        for count in 0..<40 {
            let order = Array(0..<count).shuffled(using: &generator)
            var elements = (0..<count).map { "entry \($0)" }
            let expected = order.map { elements[$0] }
            SpecRepoScanner.permute(&elements, into: order)
            #expect(elements == expected, "\(order)")
        }
    }

    @Test func equalVersionsKeepTheLargerTextFirst() throws {
        let names = ["1.0", "1.0.0-rc.1", "1.0.0", "1", "0.9.70000", "1.0.0.0", "1.0.0.0.1", "1.0-beta"]
        let found = try names.map {
            VersionEntry(version: try Version($0), directoryName: $0, specFileName: nil, podPath: "")
        }
        #expect(SpecRepoScanner.newestFirst(found).map { found[$0].directoryName }
            == ["1.0.0.0.1", "1.0.0.0", "1.0.0", "1.0", "1", "1.0.0-rc.1", "1.0-beta", "0.9.70000"])
    }

    /// A version folder's name: mostly plain releases, some prereleases, some numbers too
    /// large or too many to pack, and equal versions written differently.
    private static func versionName(using generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...5, using: &generator)
        var numbers = (0..<count).map { _ in
            String([0, 0, 1, 2, 3, 10, 65534, 65535, 70000].randomElement(using: &generator)!)
        }
        if Bool.random(using: &generator) { numbers.append("0") }
        var name = numbers.joined(separator: ".")
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: name += "-rc." + String(Int.random(in: 0...3, using: &generator))
        case 1: name += "-beta"
        case 2: name += ".alpha" + String(Int.random(in: 1...2, using: &generator))
        default: break
        }
        return name
    }
}

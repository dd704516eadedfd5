import Foundation
import Podspec
import Testing

/// Spec repos and resolution read many podspecs; a typical one must take well under a
/// millisecond in a release build. Debug builds are several times slower, so the bound
/// here is loose and the release figure is measured with `swift test -c release`.
@Suite struct PerformanceTests {
    @Test func readingTheCorpusPodspecsIsFast() throws {
        let root = TestPaths.corpus
        var inputs: [(Data, String)] = []
        for folder in ["podspecs", "podspec-json"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".podspec") || relative.hasSuffix(".podspec.json") else { continue }
                let url = root.appendingPathComponent(folder).appendingPathComponent(relative)
                inputs.append((try Data(contentsOf: url), url.lastPathComponent))
            }
        }
        let rounds = 20
        let clock = ContinuousClock()
        var read = 0
        var perSpec: [String: Duration] = [:]
        for format in ["json", "podspec"] {
            let selected = inputs.filter { $0.1.hasSuffix(format) }
            let elapsed = clock.measure {
                for _ in 0..<rounds {
                    for (data, path) in selected {
                        if (try? PodspecReader.read(data: data, path: path)) != nil { read += 1 }
                    }
                }
            }
            perSpec[format] = elapsed / (rounds * selected.count)
        }
        print("podspec reading per spec: JSON \(perSpec["json"]!), Ruby \(perSpec["podspec"]!)")
        // Five corpus podspecs take their version from outside the file.
        #expect(read == rounds * (inputs.count - 5))
        #expect(perSpec.values.allSatisfy { $0 < .milliseconds(5) })
    }
}

import Foundation
import Podspec
import Testing

/// The readers must answer every input with a spec or an error: no crash, no hang.
@Suite struct RobustnessTests {
    @Test func everyPrefixOfEveryCorpusPodspecReadsOrFails() throws {
        let root = TestPaths.corpus
        var files: [URL] = []
        for folder in ["podspecs", "podspec-json"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".podspec") || relative.hasSuffix(".podspec.json") {
                    files.append(root.appendingPathComponent(folder).appendingPathComponent(relative))
                }
            }
        }
        #expect(files.count == 50)
        var outcomes = 0
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            // Cut the file at many points, and drop single bytes, to reach every unfinished construct.
            let step = Swift.max(1, bytes.count / 30)
            for cut in stride(from: 0, through: bytes.count, by: step) {
                for variant in [Array(bytes[..<cut]), Array(bytes[..<cut] + bytes[Swift.min(cut + 1, bytes.count)...])] {
                    let result = Result { () throws(PodspecError) in
                        try PodspecReader.read(data: Data(variant), path: file.lastPathComponent)
                    }
                    if case .failure(let error) = result {
                        #expect(error.file == file.lastPathComponent)
                        #expect(!error.message.isEmpty)
                    }
                    outcomes += 1
                }
            }
        }
        #expect(outcomes > 2_500)
    }

    /// Found by the fuzzer (Reproducers/fuzz-0x3-5475.podspec): every blank line before a
    /// line starting with `.method` scanned all the blank lines after it, so 30,000 of them
    /// took minutes.
    @Test func blankLinesBeforeAMethodChainReadInLinearTime() throws {
        let podspec = "Pod::Spec.new do |s|\n  s.name = 'Foo'\n  s.version = '1.0'\n  s.summary = 'a'"
            + String(repeating: "\n", count: 30_000) + "    .to_s\nend\n"
        let started = Date()
        let spec = try PodspecReader.read(string: podspec, path: "Foo.podspec")
        #expect(spec.name == "Foo")
        #expect(Date().timeIntervalSince(started) < 1)
    }
}

@testable import CompileCheck
import Foundation
import Testing

@Suite struct LogReaderTests {
    @Test func lastLinesDropsTheFinalNewlineAndShowsWhatARewrittenLineLastSaid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try "a\nb\n\nprogress 10%\rprogress 100%\r\nlast".write(toFile: directory.path("log"), atomically: true, encoding: .utf8)

        #expect(lastLines(ofFileAt: directory.path("log"), count: 3) == ["", "progress 100%", "last"])
        #expect(lastLines(ofFileAt: directory.path("log"), count: 10) == ["a", "b", "", "progress 100%", "last"])
        #expect(lastLines(ofFileAt: directory.path("log"), count: 0) == [])
        #expect(lastLines(ofFileAt: directory.path("missing"), count: 3) == [])
    }

    @Test func lastLinesOfALogLargerThanOneChunkReadsOnlyItsEnd() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = (1...50_000).map { "line \($0)" }.joined(separator: "\n") + "\n"
        try text.write(toFile: directory.path("log"), atomically: true, encoding: .utf8)

        #expect(lastLines(ofFileAt: directory.path("log"), count: 3) == ["line 49998", "line 49999", "line 50000"])
        #expect(lastLines(ofFileAt: directory.path("log"), count: 20_000).first == "line 30001")
    }

    @Test func followerKeepsTheLastNonEmptyCompleteLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("log")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? writer.close() }
        var follower = LogFollower(path: path)
        defer { follower.close() }

        follower.poll()
        #expect(follower.lastLine == nil)
        writer.write(Data("  Compiling A.swift \n\n   \nCompil".utf8))
        follower.poll()
        #expect(follower.lastLine == "Compiling A.swift")
        writer.write(Data("ing B.swift\n".utf8))
        follower.poll()
        #expect(follower.lastLine == "Compiling B.swift")
    }

    @Test func followerSkipsAheadWhenOutputFloods() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("log")
        let flood = String(repeating: "x", count: 200_000) + "\n" + (1...20_000).map { "n\($0)" }.joined(separator: "\n") + "\n"
        try flood.write(toFile: path, atomically: true, encoding: .utf8)
        var follower = LogFollower(path: path)
        defer { follower.close() }

        follower.poll()

        #expect(follower.lastLine == "n20000")
    }

    @Test func timeoutTextUsesWholeOrFractionalSeconds() {
        #expect(CheckStatus.timedOut(after: .seconds(600)).description == "timed out after 600 s")
        #expect(CheckStatus.timedOut(after: .milliseconds(1500)).description == "timed out after 1.5 s")
        #expect(CheckStatus.cancelled.description == "was cancelled")
        #expect(CheckStatus.passed.description == "passed")
    }
}

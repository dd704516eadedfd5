import Foundation
@testable import Podspec
import Testing
import TestSupport

/// The Ruby reader stops at its depth limit with a located error instead of overflowing the
/// stack (issue 9, defect 4), and stops code that would run for too long.
@Suite struct NestingLimitTests {
    static let tooDeep = "cannot parse the podspec: the code nests too deeply (more than 128 levels of blocks, "
        + "brackets, calls and operators); flatten it"

    private func readError(_ text: String, path: String = "Deep.podspec") -> PodspecError? {
        do {
            _ = try PodspecReader.read(string: text, path: path)
            return nil
        } catch {
            return error
        }
    }

    /// Every shape that crashed, with the line the error names.
    @Test(arguments: [
        ("brackets", DeepInputs.podspecBrackets(5_000), 4),
        ("ifs", DeepInputs.podspecIfs(3_000), 65),
        ("subspecs", DeepInputs.podspecSubspecs(3_000), 44),
        ("command chain", DeepInputs.podspecCommandChain(3_000), 4),
        ("interpolations", DeepInputs.podspecInterpolations(3_000), 4),
        ("parentheses", DeepInputs.podspec("x = " + String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)), 4),
        ("elsif", DeepInputs.podspec("if false\n" + String(repeating: "elsif false\n", count: 5_000) + "end"), 126),
        ("ternaries", DeepInputs.podspec("x = " + String(repeating: "true ? ", count: 5_000) + "1" + String(repeating: " : 2", count: 5_000)), 4),
        ("assignments", DeepInputs.podspec("x = " + String(repeating: "y = ", count: 20_000) + "1"), 4),
        ("negations", DeepInputs.podspec("x = " + String(repeating: "!", count: 100_000) + "true"), 4),
        ("nots", DeepInputs.podspec("x = " + String(repeating: "not ", count: 100_000) + "true"), 4),
        ("powers", DeepInputs.podspec("x = 2" + String(repeating: " ** 2", count: 100_000)), 4),
        // Left-leaning chains build deep trees without recursing in the parser; the
        // evaluator and the tree's deallocation recurse over them.
        ("sum", DeepInputs.podspec("s.summary = 'a'" + String(repeating: " + 'a'", count: 100_000)), 4),
        ("method chain", DeepInputs.podspec("s.summary = 'a'" + String(repeating: ".to_s", count: 100_000)), 4),
        ("index chain", DeepInputs.podspec("x = [1]" + String(repeating: "[0]", count: 100_000)), 4),
        ("modifiers", DeepInputs.podspec("x = 1" + String(repeating: " if true", count: 100_000)), 4),
        ("and", DeepInputs.podspec("x = 1" + String(repeating: " and 1", count: 100_000)), 4),
    ])
    func stopsAtTheDepthLimit(name: String, podspec: String, line: Int) throws {
        let error = try #require(readError(podspec), "\(name) was read")
        #expect(error.file == "Deep.podspec")
        #expect(error.line == line, "\(name)")
        #expect(error.message == Self.tooDeep, "\(name)")
    }

    /// Real specs nest a few levels; dozens are still read.
    @Test func readsNestingWellBelowTheLimit() throws {
        let brackets = try PodspecReader.read(string: DeepInputs.podspecBrackets(50), path: "Deep.podspec")
        #expect(brackets.name == "Deep")
        let ifs = try PodspecReader.read(string: DeepInputs.podspecIfs(50), path: "Deep.podspec")
        #expect(ifs.dependencies.map(\.name) == ["A"])
        let subspecs = try PodspecReader.read(string: DeepInputs.podspecSubspecs(30), path: "Deep.podspec")
        var depth = 0
        var spec: Specification? = subspecs
        while let current = spec?.subspecs.first {
            depth += 1
            spec = current
        }
        #expect(depth == 30)
    }

    /// The version rewriter reads through the same evaluator.
    @Test func theVersionRewriterStopsToo() throws {
        #expect(throws: PodspecError.self) {
            try VersionRewriter.rewrite(DeepInputs.podspecSubspecs(3_000), path: "Deep.podspec", to: "2.0.0")
        }
    }

    /// A value compctl cannot know, carried through a condition once per loop iteration,
    /// nested its origin once per iteration: 100,000 iterations overflowed the stack when
    /// the origin was freed. The chain now stops growing, and the message stays short.
    @Test func anUnknownCarriedThroughManyConditionsStaysShallow() throws {
        let words = Array(repeating: "a", count: 1_000).joined(separator: " ")
        let error = try #require(readError(DeepInputs.podspec("""
              x = ENV['A']
              %w[\(words)].each do |w|
                x = x ? 1 : 2
              end
              s.dependency x
            """)))
        #expect(error.line == 4)
        let condition = "depends on a condition that "
        #expect(error.message == "cannot evaluate the name of a dependency (declared on line 8): it "
            + String(repeating: condition, count: 8) + "reads an environment variable; declare it with literal "
            + "strings outside any condition, e.g. s.dependency 'Foo', '~> 1.0'")
    }

    /// A list wrapped in a list once per loop iteration.
    @Test func aValueNestedByALoopStopsAtTheLimit() throws {
        let words = Array(repeating: "a", count: 1_000).joined(separator: " ")
        let error = try #require(readError(DeepInputs.podspec("""
              x = []
              %w[\(words)].each do |w|
                x = [x]
              end
            """)))
        #expect(error.line == 6)
        #expect(error.message == "cannot evaluate the podspec: a value nests too deeply (more than 128 levels of "
            + "lists and hashes); flatten it")
    }

    /// Loops inside loops over a 300-element list would run for hours.
    @Test func codeThatRunsTooLongStops() throws {
        let list = Array(repeating: "a", count: 300).joined(separator: " ")
        let started = Date()
        let error = try #require(readError(DeepInputs.podspec("""
              a = %w[\(list)]
              a.each { a.each { a.each { a.each { s.dependency 'A' } } } }
            """)))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(error.line == 5)
        #expect(error.message.hasPrefix("cannot evaluate the podspec: it takes more than "))
    }
}

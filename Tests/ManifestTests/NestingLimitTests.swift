import Foundation
import Manifest
import Testing
import TestSupport

/// The manifest readers stop at their depth limit with a located error instead of
/// overflowing the stack (issue 9, defect 4), and stop code that would run for too long.
@Suite struct NestingLimitTests {
    static let podfileTooDeep = "the Podfile nests too deeply (more than 64 levels of blocks and brackets); flatten it"
    static let podfileCallsTooDeep = "the Podfile nests too deeply (more than 64 levels of blocks and helper-method "
        + "calls); flatten it"

    private func podfileIssue(_ text: String) -> ManifestIssue? {
        do {
            _ = try Podfile(parsing: Array(text.utf8))
            return nil
        } catch .malformed(let issue) {
            return issue
        } catch {
            return ManifestIssue(file: "?", line: nil, message: "unexpected \(error)")
        }
    }

    @Test(arguments: [
        ("targets", DeepInputs.podfileTargets(5_000), 66, podfileTooDeep),
        ("brackets", "x = " + String(repeating: "[", count: 5_000) + "'a'" + String(repeating: "]", count: 5_000) + "\npod 'A', x\n", 1, podfileTooDeep),
        ("interpolations", "pod " + String(repeating: "\"#{", count: 5_000) + "1" + String(repeating: "}\"", count: 5_000) + "\n", 1, podfileTooDeep),
        ("else chain", "if x\nelse " + String(repeating: "else ", count: 100_000) + "pod 'A'\nend\n", 2, podfileCallsTooDeep),
        ("method chain", (0..<5_000).map { "def m\($0)\n  m\($0 + 1)\nend\n" }.joined() + "m0\n", 193, podfileCallsTooDeep),
    ])
    func podfileStopsAtTheDepthLimit(name: String, podfile: String, line: Int, message: String) throws {
        let issue = try #require(podfileIssue(podfile), "\(name) was read")
        #expect(issue.file == "Podfile")
        #expect(issue.line == line, "\(name)")
        #expect(issue.message == message, "\(name)")
    }

    @Test func podfileNestingWellBelowTheLimitIsRead() throws {
        let podfile = try Podfile(parsing: Array(DeepInputs.podfileTargets(50).utf8))
        #expect(podfile.targets.count == 51)
        #expect(podfile.declarations.map(\.name) == ["A"])
    }

    /// Helper methods that each call the next twice would run 2^40 times.
    @Test func podfileThatRunsTooLongStops() throws {
        let podfile = (0..<40).map { "def m\($0)\n  m\($0 + 1)\n  m\($0 + 1)\nend\n" }.joined() + "m0\n"
        let started = Date()
        let issue = try #require(podfileIssue(podfile))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(issue.message.hasPrefix("the Podfile takes more than "), "\(issue)")
    }

    @Test func podfileLockStopsAtTheDepthLimit() throws {
        do {
            _ = try PodfileLock(parsing: DeepInputs.podfileLock(3_000))
            Issue.record("the lock file was read")
        } catch .malformed(let issue) {
            #expect(issue.file == "Podfile.lock")
            #expect(issue.line == 257)
            #expect(issue.message == "the lock file nests too deeply (more than 256 levels); regenerate it with `pod install`")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The Package.swift reader does not recurse; deep nesting and unclosed calls stay fast.
    @Test func packageManifestReadsDeepNestingQuickly() throws {
        let started = Date()
        let nested = "let x = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
            + ".package(url: \"https://example.com/a.git\", exact: \"1.0.0\")\n"
        #expect(try PackageManifest(parsing: Array(nested.utf8)).dependencies.count == 1)
        let unclosed = String(repeating: ".package(", count: 20_000)
        #expect(try PackageManifest(parsing: Array(unclosed.utf8)).dependencies.isEmpty)
        // About a second alone on this machine; the bound is loose because the suite shares two
        // cores with other builds (2 s failed at a load of 13). A recursive or quadratic reader
        // would crash or take minutes on 100,000 levels; speed targets live in scripts/bench.sh.
        #expect(Date().timeIntervalSince(started) < 10)
    }
}

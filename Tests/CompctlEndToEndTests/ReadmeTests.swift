import Foundation
import Testing

/// README.md cannot go stale: every ```console block in it is run with the built compctl and
/// its standard output compared exactly.
///
/// A console block holds `$ compctl …` lines, each followed by the standard output it prints
/// (stderr is not shown and not compared). An HTML comment on the line right before the
/// block configures it, with `;` between the settings:
/// - `run-in: DIR`: the directory the commands run in, relative to the package root
///   (default: the package root);
/// - `copy`: run in a fresh temporary copy of `Specs/` and of `DIR` (same relative paths),
///   so commands that write leave the checkout alone; the commands of the block share it;
/// - `exit: N`: the exit code of every command in the block (default 0);
/// - `output: prefix`: the shown lines are the beginning of the output, not all of it;
/// - `packages`: run in the main package `App` of a fresh universe of Swift packages in bare
///   repos (`PackageWorld.standard`: Core, Net and UI), as the README describes it.
/// Arguments are split as a shell would for plain words, '…' and "…" (no variables, pipes or
/// redirections). An output may not contain "…": shorten it with `output: prefix` instead.
/// The `compctl` lines of the sh and yaml blocks are parse-checked in CompctlCLITests.
@Suite struct ReadmeTests {
    @Test func theReadmeHasConsoleBlocksAndEachIsWellFormed() throws {
        let blocks = try ReadmeConsole.parse(ReadmeConsole.readme())
        #expect(blocks.count >= 15, "found only \(blocks.count) console blocks in README.md")
        for block in blocks {
            #expect(!block.commands.isEmpty, "README.md:\(block.line): a console block without a `$ compctl` line")
            #expect(block.problems.isEmpty, "README.md:\(block.line): \(block.problems.joined(separator: "; "))")
        }
    }

    @Test(arguments: (try? ReadmeConsole.parse(ReadmeConsole.readme())) ?? [])
    func consoleBlockOutputIsCurrent(block: ConsoleBlock) throws {
        if block.packages {
            let packages = try PackageWorld()
            for command in block.commands {
                let result = try packages.compctl(command.arguments)
                let location = "README.md:\(command.line): $ compctl \(command.arguments.joined(separator: " "))"
                #expect(result.exitCode == block.exitCode, "\(location)\n\(result)")
                #expect(ReadmeConsole.matches(result.stdout, command.output, prefix: block.prefix),
                        "\(location): the output differs from the README's\n\(result)")
            }
            return
        }
        let sandbox = block.copy ? try TemporaryDirectory(prefix: "compctl-readme") : nil
        let base: URL
        if let sandbox {
            for relative in Set(["Specs", block.runIn]) where relative != "." {
                let destination = sandbox.url.appendingPathComponent(relative)
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                // cp without -p: fresh modification times, as in a fresh clone (the report's
                // rc ages come from them).
                try run("/bin/cp", ["-R", TestPaths.packageRoot.appendingPathComponent(relative).path, destination.path])
            }
            base = sandbox.url
        } else {
            base = TestPaths.packageRoot
        }
        let directory = block.runIn == "." ? base : base.appendingPathComponent(block.runIn)
        for command in block.commands {
            let result = try compctl(command.arguments, in: directory)
            let location = "README.md:\(command.line): $ compctl \(command.arguments.joined(separator: " "))"
            #expect(result.exitCode == block.exitCode, "\(location)\n\(result)")
            #expect(
                ReadmeConsole.matches(result.stdout, command.output, prefix: block.prefix),
                "\(location): the output differs from the README's\n\(result)"
            )
        }
    }

    @Test func theSplitterHandlesQuotesAndRefusesShellSyntax() {
        #expect(ReadmeConsole.split("version satisfies -r '~> 0.1.7' \"a b\" c") == ["version", "satisfies", "-r", "~> 0.1.7", "a b", "c"])
        #expect(ReadmeConsole.split("graph --check | dot") == nil)
        #expect(ReadmeConsole.split("why $POD") == nil)
        #expect(ReadmeConsole.split("why 'open") == nil)
    }

    @Test func aDriftedOutputIsNoticed() throws {
        let text = "<!-- output: prefix -->\n```console\n$ compctl version sort 1.0 0.9\n0.9\n```\n"
        let block = try #require(try ReadmeConsole.parse(text).first)
        #expect(block.prefix)
        #expect(block.commands.map(\.output) == [["0.9"]])
        #expect(ReadmeConsole.matches("0.9\n1.0\n", ["0.9", "1.0"], prefix: false))
        #expect(!ReadmeConsole.matches("0.9\n1.1\n", ["0.9", "1.0"], prefix: false))
        #expect(!ReadmeConsole.matches("0.9\n1.0\n2.0\n", ["0.9", "1.0"], prefix: false))
        #expect(ReadmeConsole.matches("0.9\n1.0\n2.0\n", ["0.9", "1.0"], prefix: true))
        #expect(!ReadmeConsole.matches("0.9\n1.00\n", ["0.9", "1.0"], prefix: true))
        #expect(ReadmeConsole.matches("", [], prefix: false))
        #expect(!ReadmeConsole.matches("x\n", [], prefix: false))
    }

    @Test func badDirectivesAndEllipsesAreProblems() throws {
        let text = "<!-- exit: two; output: all; colour -->\n```console\n$ compctl version sort 1.0\n1.…\n$ ls\n```\n"
        let block = try #require(try ReadmeConsole.parse(text).first)
        #expect(block.problems == [
            "exit must be a number, not 'two'",
            "output must be prefix, not 'all'",
            "unknown setting 'colour' (run-in, copy, packages, exit, output)",
            "line 4: an output may not contain '…'; show a prefix with `output: prefix`",
            "line 5: only `$ compctl …` commands can be run",
        ])
    }

    private func run(_ executable: String, _ arguments: [String]) throws {
        let result = try ProcessRunner.run(URL(fileURLWithPath: executable), arguments)
        #expect(result.exitCode == 0, "\(executable) \(arguments) failed: \(result)")
    }
}

/// One ```console block of README.md.
struct ConsoleBlock: Sendable, CustomTestStringConvertible {
    /// One `$ compctl …` line and the output lines after it.
    struct Command: Sendable {
        var line: Int
        var arguments: [String]
        var output: [String] = []
    }

    var line: Int
    var runIn = "."
    var copy = false
    var packages = false
    var prefix = false
    var exitCode: Int32 = 0
    var commands: [Command] = []
    var problems: [String] = []

    var testDescription: String {
        "README.md:\(line) (\(commands.first.map { $0.arguments.prefix(3).joined(separator: " ") } ?? "empty"))"
    }
}

/// Reads the console blocks of README.md.
enum ReadmeConsole {
    static func readme() throws -> String {
        try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    static func parse(_ text: String) throws -> [ConsoleBlock] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [ConsoleBlock] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```console" else { index += 1; continue }
            var block = ConsoleBlock(line: index + 1)
            if index > 0 { configure(&block, from: lines[index - 1]) }
            index += 1
            while index < lines.count, lines[index] != "```" {
                let line = lines[index]
                if line.hasPrefix("$ compctl ") {
                    if let arguments = split(line.dropFirst("$ compctl ".count)) {
                        block.commands.append(.init(line: index + 1, arguments: arguments))
                    } else {
                        block.problems.append("line \(index + 1): not a simple command (quotes only; no variables, pipes or redirections)")
                    }
                } else if line.hasPrefix("$ ") || block.commands.isEmpty {
                    block.problems.append("line \(index + 1): only `$ compctl …` commands can be run")
                } else {
                    if line.contains("…") {
                        block.problems.append("line \(index + 1): an output may not contain '…'; show a prefix with `output: prefix`")
                    }
                    block.commands[block.commands.count - 1].output.append(line)
                }
                index += 1
            }
            blocks.append(block)
            index += 1
        }
        return blocks
    }

    /// Applies the settings of an HTML comment line (`<!-- run-in: DIR; exit: 2 -->`).
    static func configure(_ block: inout ConsoleBlock, from line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return }
        let body = trimmed.dropFirst(4).dropLast(3)
        for setting in body.split(separator: ";") {
            let parts = setting.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch (parts[0], parts.count > 1 ? parts[1] : nil) {
            case let ("run-in", value?): block.runIn = value
            case ("copy", nil): block.copy = true
            case ("packages", nil): block.packages = true
            case let ("exit", value?):
                if let code = Int32(value) { block.exitCode = code } else { block.problems.append("exit must be a number, not '\(value)'") }
            case let ("output", value?):
                if value == "prefix" { block.prefix = true } else { block.problems.append("output must be prefix, not '\(value)'") }
            default:
                block.problems.append("unknown setting '\(setting.trimmingCharacters(in: .whitespaces))' (run-in, copy, packages, exit, output)")
            }
        }
    }

    /// Whether `stdout` is exactly the `shown` lines (each ending in a newline), or with
    /// `prefix` starts with them.
    static func matches(_ stdout: String, _ shown: [String], prefix: Bool) -> Bool {
        let expected = shown.map { $0 + "\n" }.joined()
        return prefix ? stdout.hasPrefix(expected) : stdout == expected
    }

    /// Splits a command line as a shell would, for plain words and quotes only; `nil` for
    /// anything else a shell would interpret.
    static func split(_ text: Substring) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                while true {
                    guard let next = iterator.next() else { return nil }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = iterator.next() else { return nil }
                    if next == "\"" { break }
                    if "$`\\".contains(next) { return nil }
                    word.append(next)
                }
            case "$", "`", "\\", "|", "&", ";", "<", ">", "(", ")", "*", "?", "#", "~":
                if character == "#" || character == "~", inWord { word.append(character); continue }
                return nil
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

import ArgumentParser
import CompctlCLI
import Config
import Foundation
import Testing

/// The `compctl` command lines of README.md's ```sh and ```yaml blocks (CI recipes, write
/// commands that need real remotes) cannot be run by a test, so each is parsed with the real
/// argument parser: a renamed or removed flag in the CLI fails here. The ```console blocks
/// are run for real in CompctlEndToEndTests/ReadmeTests.swift.
///
/// Extraction rule: in each line of a sh or yaml block, with its `#` comment removed, every
/// word `compctl` that starts a command (at the line start or after a space, `(`, `;`, `|`
/// or `&`) begins an argument list. It ends at the end of the line or at an unquoted `|`,
/// `;`, `&`, `<`, `>` or `)`. Shell and Actions variables (`$VERSION`, `${POD%%=*}`,
/// `${{ matrix.pod }}`) stand for values a CI job supplies; each is replaced by the
/// placeholder `Foo=1.0.0`, which every option and argument the README fills from a
/// variable accepts (a pod name, a `NAME=VERSION` pin, a path).
@Suite struct ReadmeCommandLineTests {
    static let placeholder = "Foo=1.0.0"

    @Test func theReadmeHasCommandLinesToCheck() throws {
        let lines = try ReadmeCommandLines.extract(from: ReadmeCommandLines.readme())
        #expect(lines.count >= 30, "found only \(lines.count) compctl command lines in README.md's sh and yaml blocks")
        #expect(lines.contains { $0.arguments == ["integrate", Self.placeholder, "--push", "--timeout", "3600"] })
        #expect(lines.contains { $0.arguments == ["graph", "--affected", Self.placeholder, "--format", "github-matrix"] })
    }

    @Test(arguments: (try? ReadmeCommandLines.extract(from: ReadmeCommandLines.readme())) ?? [])
    func commandLineParses(line: ReadmeCommandLine) {
        #expect(ReadmeCommandLines.parseProblem(line.arguments) == nil, "README.md:\(line.line): \(line.arguments)")
    }

    @Test func aRenamedFlagIsCaught() {
        #expect(ReadmeCommandLines.parseProblem(["graph", "--check"]) == nil)
        #expect(ReadmeCommandLines.parseProblem(["--version"]) == nil)
        #expect(ReadmeCommandLines.parseProblem(["graph", "--chek"]) != nil)
        #expect(ReadmeCommandLines.parseProblem(["bump", "--rc", "--publish"]) != nil)
        #expect(ReadmeCommandLines.parseProblem(["integrate", "Foo"]) != nil)
    }

    @Test func extractionFollowsTheRule() throws {
        let text = """
            ```sh
            compctl graph --check --format dot | dot -Tsvg -o graph.svg   # compctl why X
            install -m 755 .build/release/compctl /usr/local/bin/compctl
            ```
            ```yaml
                  - run: echo "m=$(compctl graph --affected "$pod" --format github-matrix)" >> "$GITHUB_OUTPUT"
                  - run: for p in a b; do compctl why "$p"; done
                  - run: compctl integrate "${{ inputs.component }}" --push
            # compctl lint in a comment
            ```
            ```console
            $ compctl not-checked-here
            ```
            """
        let lines = ReadmeCommandLines.extract(from: text)
        #expect(lines.map(\.arguments) == [
            ["graph", "--check", "--format", "dot"],
            ["graph", "--affected", "Foo=1.0.0", "--format", "github-matrix"],
            ["why", "Foo=1.0.0"],
            ["integrate", "Foo=1.0.0", "--push"],
        ])
        #expect(lines.map(\.line) == [2, 6, 7, 8])
    }

    /// The example compctl.yml in the README's compctl.yml section is a valid configuration.
    @Test func theExampleConfigurationLoads() throws {
        let text = try ReadmeCommandLines.readme()
        let start = try #require(text.range(of: "A complete example, for a main project:\n\n```yaml\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let configuration = try ConfigLoader.parse(String(text[start.upperBound..<end.lowerBound]), path: "README.md", directory: "/tmp")
        #expect(configuration.specRepos.map(\.name) == ["acme"])
        #expect(configuration.layers.map(\.name) == ["resource", "base", "core", "business"])
        #expect(configuration.projects.map(\.name) == ["AcmeApp", "XXCartExample"])
    }
}

/// One `compctl` command line found in README.md.
struct ReadmeCommandLine: Sendable, CustomTestStringConvertible {
    var line: Int
    var arguments: [String]

    var testDescription: String { "README.md:\(line): compctl \(arguments.joined(separator: " "))" }
}

/// Finds and checks the `compctl` command lines of README.md's sh and yaml blocks.
enum ReadmeCommandLines {
    static func readme() throws -> String {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// Why `arguments` do not parse as a compctl command line, or `nil` when they do.
    static func parseProblem(_ arguments: [String]) -> String? {
        do {
            _ = try Compctl.parseAsRoot(arguments)
            return nil
        } catch {
            // --version and --help end parsing with a clean exit: they parse.
            if Compctl.exitCode(for: error) == .success { return nil }
            return Compctl.message(for: error)
        }
    }

    static func extract(from text: String) -> [ReadmeCommandLine] {
        var result: [ReadmeCommandLine] = []
        var inChecked = false
        var inOther = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if inChecked || inOther {
                    inChecked = false
                    inOther = false
                } else if ["```sh", "```yaml", "```bash"].contains(trimmed) {
                    inChecked = true
                } else {
                    inOther = true
                }
                continue
            }
            guard inChecked else { continue }
            for arguments in commands(in: substitutingVariables(withoutComment(line))) {
                result.append(ReadmeCommandLine(line: index + 1, arguments: arguments))
            }
        }
        return result
    }

    /// The line up to an unquoted `#` that starts a word.
    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        var result = ""
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                break
            }
            result.append(character)
            previous = character
        }
        return result
    }

    static func substitutingVariables(_ line: String) -> String {
        line.replacingOccurrences(
            of: #"\$\{\{[^}]*\}\}|\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*"#,
            with: ReadmeCommandLineTests.placeholder,
            options: .regularExpression
        )
    }

    /// The argument lists of every `compctl` command in one line.
    static func commands(in line: String) -> [[String]] {
        let characters = Array(line)
        let word = Array("compctl ")
        var result: [[String]] = []
        var index = 0
        while index + word.count <= characters.count {
            let startsCommand = index == 0 || " \t(;|&".contains(characters[index - 1])
            if startsCommand, Array(characters[index..<index + word.count]) == word {
                let (arguments, end) = words(characters, from: index + word.count)
                result.append(arguments)
                index = end
            } else {
                index += 1
            }
        }
        return result
    }

    /// Shell words from `start` to the end of the command; quotes are removed.
    static func words(_ characters: [Character], from start: Int) -> ([String], Int) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var index = start
        while index < characters.count {
            let character = characters[index]
            if character == "'" || character == "\"" {
                inWord = true
                index += 1
                while index < characters.count, characters[index] != character {
                    word.append(characters[index])
                    index += 1
                }
            } else if " \t".contains(character) {
                if inWord { words.append(word); word = ""; inWord = false }
            } else if "|;&<>)".contains(character) {
                break
            } else {
                inWord = true
                word.append(character)
            }
            index += 1
        }
        if inWord { words.append(word) }
        return (words, index)
    }
}

import Foundation
import Testing

/// `compctl --generate-completion-script SHELL` (swift-argument-parser): the script is
/// printed, and bash completes subcommands and option values with it.
@Suite struct CompletionTests {
    @Test func bashScriptIsPrintedAndValid() throws {
        let result = try compctl(["--generate-completion-script", "bash"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("#!/bin/bash\n"))
        #expect(result.stdout.hasSuffix("complete -o filenames -F _compctl compctl\n"))
        let check = try bash(["-n"], script: result.stdout)
        #expect(check.exitCode == 0, "\(check)")
    }

    @Test(arguments: [
        (["compctl", "re"], "repo\nresolve\nreport\n"),
        (["compctl", "report", ""], "--version\n-h\n--help\nskew\n"),
        (["compctl", "report", "skew", "--format", ""], "md\nhtml\njson\n"),
        (["compctl", "report", "skew", "--fail-on", ""], "problems\nskew\nstale-rc\nstale-constraints\nbehind\nunused\nany\n"),
        (["compctl", "report", "skew", "--fa"], "--fail-on\n"),
    ])
    func bashCompletes(words: [String], expected: String) throws {
        let script = try compctl(["--generate-completion-script", "bash"]).stdout
        // What bash does on TAB: the words so far, the cursor at the end of the last one, and
        // the completion function called with the command, the current and the previous word.
        let line = words.joined(separator: " ")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            \(script)
            COMP_WORDS=(\(quoted))
            COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'
            COMP_POINT=${#COMP_LINE}
            _compctl compctl '\(words[words.count - 1])' '\(words[words.count - 2])'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try bash([], script: driver)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == expected)
    }

    @Test(arguments: ["zsh", "fish"])
    func otherShellsGetAScript(shell: String) throws {
        let result = try compctl(["--generate-completion-script", shell])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("report"))
        #expect(result.stdout.contains("fail-on"))
        #expect(result.stdout.contains("stale-rc-days"))
    }

    /// Runs `bash` with `arguments`, feeding `script` on standard input.
    private func bash(_ arguments: [String], script: String) throws -> CommandResult {
        try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), arguments + ["-s"], input: script)
    }
}

import Config
import Testing
import TestSupport

/// libyaml stops at 1000 levels of nesting (Yams hands it over as a parser error), so a deep
/// compctl.yml cannot overflow the stack; the message says what is wrong in compctl's words.
@Suite struct NestingLimitTests {
    @Test(arguments: [
        ("flow sequences", DeepInputs.yamlSequences(100_000), 1),
        ("flow mappings", "spec_repos: " + String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "\n", 1),
        ("block sequences", "spec_repos:\n" + (0..<3_000).map { String(repeating: " ", count: 2 * $0) + "-\n" }.joined() + String(repeating: " ", count: 6_000) + "x\n", 1_001),
    ])
    func deepYAMLIsALocatedError(name: String, text: String, line: Int) {
        do {
            _ = try ConfigLoader.parse(text, path: "compctl.yml", directory: "/project")
            Issue.record("\(name) was read")
        } catch let ConfigError.invalid(issues) {
            #expect(issues.map(\.description) == [
                "compctl.yml:\(line): not valid YAML: it nests too deeply (more than 1000 levels); flatten it",
            ], "\(name)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Nesting below libyaml's limit composes without overflowing the stack.
    @Test func nestingBelowTheLimitIsRead() {
        let text = "unknown_key: " + String(repeating: "[", count: 990) + String(repeating: "]", count: 990) + "\n"
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(text, path: "compctl.yml", directory: "/project") }
    }
}

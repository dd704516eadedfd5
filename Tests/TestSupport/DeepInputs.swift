import Foundation

/// Hostile inputs that nest deeply or repeat a construct many times: each of them crashed
/// (SIGSEGV, stack overflow) or hung a reader before its depth limit. The library tests,
/// the end-to-end tests and the fuzz tests build them from here so they stay the same.
public enum DeepInputs {
    /// A podspec whose first three lines set the name `Deep` and version `1.0.0`; `body`
    /// starts on line 4.
    public static func podspec(_ body: String) -> String {
        "Pod::Spec.new do |s|\n  s.name = 'Deep'\n  s.version = '1.0.0'\n" + body + "\nend\n"
    }

    /// `s.source_files = [[[…'a'…]]]` on line 4.
    public static func podspecBrackets(_ depth: Int) -> String {
        podspec("  s.source_files = " + String(repeating: "[", count: depth) + "'a'" + String(repeating: "]", count: depth))
    }

    /// `depth` nested `if true` lines from line 4, a dependency inside.
    public static func podspecIfs(_ depth: Int) -> String {
        podspec(String(repeating: "if true\n", count: depth) + "s.dependency 'A'\n" + String(repeating: "end\n", count: depth))
    }

    /// `depth` nested `s.subspec 'S<i>' do |s|` blocks from line 4.
    public static func podspecSubspecs(_ depth: Int) -> String {
        podspec((0..<depth).map { "s.subspec 'S\($0)' do |s|\n" }.joined() + String(repeating: "end\n", count: depth))
    }

    /// The fuzzed line of issue 9: `s.name e e e … >=e >=e …` on line 4, a call whose
    /// arguments are calls without parentheses, `repeats` of each.
    public static func podspecCommandChain(_ repeats: Int) -> String {
        podspec("  s.name " + String(repeating: "e ", count: repeats) + String(repeating: ">=e ", count: repeats))
    }

    /// `depth` nested `"#{"#{…}"}"` interpolations on line 4.
    public static func podspecInterpolations(_ depth: Int) -> String {
        podspec("  s.summary = " + String(repeating: "\"#{", count: depth) + "1" + String(repeating: "}\"", count: depth))
    }

    /// A Podfile with `depth` nested `target 'T<i>' do` blocks from line 2.
    public static func podfileTargets(_ depth: Int) -> String {
        "platform :ios, '12.0'\n" + (0..<depth).map { "target 'T\($0)' do\n" }.joined() + "pod 'A'\n"
            + String(repeating: "end\n", count: depth)
    }

    /// A Podfile.lock whose `PODS:` holds `depth` nested `- k<i>:` entries, from line 2.
    public static func podfileLock(_ depth: Int) -> String {
        "PODS:\n" + (0..<depth).map { String(repeating: " ", count: 2 * $0) + "- k\($0):\n" }.joined()
            + String(repeating: " ", count: 2 * depth) + "- x\n"
    }

    /// A compctl.yml whose `spec_repos` is `depth` nested flow sequences on line 1.
    public static func yamlSequences(_ depth: Int) -> String {
        "spec_repos: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
    }

    /// A JSON podspec with `depth` nested arrays under an unknown key, on line 1.
    public static func jsonArrays(_ depth: Int) -> String {
        "{\"name\":\"Deep\",\"version\":\"1.0.0\",\"x\":" + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}"
    }
}

import Foundation
import Testing

/// Issue 9, defect 4: deep nesting crashed the readers with SIGSEGV (exit 139). Each reader
/// now stops at its depth limit with an error that names the file and line.
@Suite struct DeepNestingTests {
    /// What a podspec too deep for the Ruby reader says, at `line`.
    private func tooDeep(_ file: String, line: Int) -> String {
        "error: \(file):\(line): cannot parse the podspec: the code nests too deeply (more than 128 levels of "
            + "blocks, brackets, calls and operators); flatten it\n"
    }

    @Test(arguments: [
        ("brackets", DeepInputs.podspecBrackets(5_000), 4),
        ("ifs", DeepInputs.podspecIfs(3_000), 65),
        ("subspecs", DeepInputs.podspecSubspecs(3_000), 44),
        ("command chain", DeepInputs.podspecCommandChain(3_000), 4),
    ])
    func specShowStopsAtTheDepthLimit(name: String, podspec: String, line: Int) throws {
        let folder = try TemporaryDirectory()
        try folder.write(podspec, to: "Deep.podspec")
        let result = try compctl(["spec", "show", "Deep.podspec"], in: folder.url)
        #expect(result.exitCode == 1, "\(name): \(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == tooDeep("Deep.podspec", line: line), "\(name)")
    }

    @Test func lintReportsTheDepthLimitAsAProblem() throws {
        let folder = try TemporaryDirectory()
        try folder.write(DeepInputs.podspecSubspecs(3_000), to: "Deep.podspec")
        let result = try compctl(["lint", "Deep.podspec"], in: folder.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == tooDeep("Deep.podspec", line: 44))
    }

    @Test func theJSONReaderNamesItsLimit() throws {
        let folder = try TemporaryDirectory()
        try folder.write(DeepInputs.jsonArrays(100_000), to: "Deep.podspec.json")
        let result = try compctl(["spec", "show", "Deep.podspec.json"], in: folder.url)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: Deep.podspec.json:1: malformed JSON: the JSON nests too deeply "
            + "(more than 512 levels); fix the JSON syntax\n")
    }

    /// A spec repo with one `Empty` pod, for `resolve --source`.
    private func workspace() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try SpecRepoFixtures.writePod("Empty", ["1.0.0"], repo: "Specs", in: folder)
        return folder
    }

    @Test func resolveStopsAtTheDepthLimitOfAPodfile() throws {
        let folder = try workspace()
        try folder.write(DeepInputs.podfileTargets(5_000), to: "Podfile")
        let result = try compctl(["resolve", "--podfile", "Podfile", "--source", "Specs"], in: folder.url)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Podfile:66: the Podfile nests too deeply (more than 64 levels of blocks "
            + "and brackets); flatten it\n")
    }

    /// A lock file compctl cannot read is a warning: resolve goes on without it.
    @Test func resolveWarnsAboutAPodfileLockTooDeepToRead() throws {
        let folder = try workspace()
        try folder.write("pod 'Empty'\n", to: "Podfile")
        try folder.write(DeepInputs.podfileLock(3_000), to: "Podfile.lock")
        let result = try compctl(["resolve", "--podfile", "Podfile", "--source", "Specs"], in: folder.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Empty\t1.0.0\n")
        let lock = folder.url.appendingPathComponent("Podfile.lock").path
        #expect(result.stderr == "warning: \(lock):257: the lock file nests too deeply (more than 256 levels); "
            + "regenerate it with `pod install`; unmanaged pods are shown without a version\n")
    }

    /// One spec too deep to read in a shared spec repo must not take down every consumer.
    @Test func aTooDeepSpecInASpecRepoIsAnErrorNotACrash() throws {
        let folder = try workspace()
        try folder.write(DeepInputs.podspecSubspecs(3_000), to: "Specs/Deep/1.0.0/Deep.podspec")
        try folder.write("pod 'Deep'\n", to: "Podfile")
        let result = try compctl(["resolve", "--podfile", "Podfile", "--source", "Specs"], in: folder.url)
        // The spec is skipped with a warning, and a Podfile that needs it cannot be resolved.
        #expect(result.exitCode == 2, "\(result)")
        let tooDeep = "cannot parse the podspec: the code nests too deeply (more than 128 levels of blocks, brackets, "
            + "calls and operators); flatten it"
        #expect(result.stderr == """
            warning: Specs: Deep/1.0.0/Deep.podspec: spec does not parse (line 44): \(tooDeep)
            error: Podfile cannot be resolved:
            Because the Podfile depends on Deep which cannot be read (Deep/1.0.0/Deep.podspec:44: \(tooDeep)), \
            version solving failed.

            """, "\(result)")
    }

    @Test func aTooDeepCompctlYmlIsALocatedError() throws {
        let folder = try TemporaryDirectory()
        try folder.write(DeepInputs.yamlSequences(100_000), to: "compctl.yml")
        let result = try compctl(["repo", "list"], in: folder.url)
        #expect(result.exitCode == 1, "\(result)")
        let config = folder.url.appendingPathComponent("compctl.yml").path
        #expect(result.stderr == "error: \(config):1: not valid YAML: it nests too deeply (more than 1000 levels); "
            + "flatten it\n")
    }
}

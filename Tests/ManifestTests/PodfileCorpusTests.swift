import Foundation
import Testing
@testable import Manifest

/// Renders a declaration as a row of the hand-written tables in `PodfileCorpusExpectations`.
func row(_ declaration: PodDeclaration) -> String {
    var options: [String] = []
    if let external = declaration.options.externalSource {
        options.append("\(external.kind.rawValue)=\(external.value)")
        if let branch = external.branch { options.append("branch=\(branch)") }
        if let tag = external.tag { options.append("tag=\(tag)") }
        if let commit = external.commit { options.append("commit=\(commit)") }
    }
    if let subspecs = declaration.options.subspecs { options.append("subspecs=\(subspecs.joined(separator: ","))") }
    if let testspecs = declaration.options.testspecs { options.append("testspecs=\(testspecs.joined(separator: ","))") }
    if let configurations = declaration.options.configurations {
        options.append("configurations=\(configurations.joined(separator: ","))")
    }
    if let modular = declaration.options.modularHeaders { options.append("modular_headers=\(modular)") }
    if let inhibit = declaration.options.inhibitWarnings { options.append("inhibit_warnings=\(inhibit)") }
    if let source = declaration.options.source { options.append("source=\(source)") }
    var targets: [String] = []
    for use in declaration.uses {
        let name = use.target + (use.isConditional ? "?" : "")
        if !targets.contains(name) { targets.append(name) }
    }
    return [String(declaration.line), declaration.name, declaration.requirements.joined(separator: ", "),
            options.joined(separator: " "), targets.joined(separator: ", ")].joined(separator: " | ")
}

func row(_ target: PodfileTarget) -> String {
    var text = target.name
    if let parent = target.parent { text += "<\(parent)" }
    if target.isAbstract { text += " abstract" }
    if target.inheritance != .complete { text += " \(target.inheritance.rawValue)" }
    if let platform = target.platform { text += " \(platform.name) \(platform.version ?? "-")" }
    return text
}

private func sortedRows(_ table: String) -> [String] {
    table.split(separator: "\n").map { String($0) }.sorted { lhs, rhs in
        let l = Int(lhs.prefix { $0 != " " }) ?? 0
        let r = Int(rhs.prefix { $0 != " " }) ?? 0
        return (l, lhs) < (r, rhs)
    }
}

@Suite struct PodfileCorpusTests {
    @Test func corpusHasEveryPodfile() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: TestPaths.corpusFile("podfiles")).sorted()
        #expect(directories == corpusPodfiles.map(\.directory).sorted())
        #expect(directories.count == 13)
    }

    @Test(arguments: corpusPodfiles)
    func readsEveryPodTheFileNames(_ expected: CorpusPodfile) throws {
        let podfile = try Podfile(contentsOf: TestPaths.corpusFile("podfiles/\(expected.directory)/Podfile"))

        #expect(sortedRows(podfile.declarations.map(row).joined(separator: "\n")) == sortedRows(expected.pods))
        #expect(podfile.targets.map(row) == expected.targets.split(separator: "\n").map(String.init))
        #expect(podfile.sources == expected.sources)
        #expect(podfile.platform.map { "\($0.name) \($0.version ?? "-")" } == expected.platform)
        #expect(podfile.warnings.map(\.line) == expected.skipped, "\(podfile.warnings)")
        var skippedPods: [Int: String] = [:]
        for warning in podfile.warnings {
            if let pod = warning.pod { skippedPods[warning.line] = pod }
        }
        #expect(skippedPods == expected.skippedPods)
    }
}

extension CorpusPodfile: CustomTestStringConvertible {
    var testDescription: String { directory }
}

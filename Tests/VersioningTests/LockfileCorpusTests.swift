import Foundation
import Testing
import TestSupport
import Versioning

/// Real Podfile.lock files record, for every pod, the version CocoaPods chose and the
/// requirements its dependents put on it; the choice met every one of them.
@Suite struct LockfileCorpusTests {
    /// Requirements that one entry of a lockfile puts on a pod.
    struct Use {
        let pod: String, requirements: [String]
    }

    @Test func everyRecordedRequirementHoldsForTheLockedVersion() throws {
        let folder = TestPaths.corpus.appendingPathComponent("podfile-locks")
        let projects = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(projects.count >= 4)
        var checks = 0
        for project in projects {
            let path = folder.appendingPathComponent(project).appendingPathComponent("Podfile.lock").path
            let (locked, uses) = Self.read(try String(contentsOfFile: path, encoding: .utf8))
            for use in uses {
                let version = try #require(locked[use.pod], "\(project): \(use.pod) is not locked")
                let requirements = try use.requirements.map(Requirement.init)
                #expect(Requirement.allSatisfied(requirements, by: try Version(version)),
                        "\(project): \(use.pod) \(version) against \(use.requirements)")
                checks += 1
            }
        }
        #expect(checks >= 100, "\(checks) requirement lists checked")
    }

    /// The locked versions (`PODS:` entries) and the requirements on them (entries nested
    /// under a pod, and `DEPENDENCIES:`), leaving out external sources (`from ...`).
    static func read(_ text: String) -> ([String: String], [Use]) {
        var locked: [String: String] = [:]
        var uses: [Use] = []
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") {
                section = line.hasSuffix(":") ? String(line.dropLast()) : ""
                continue
            }
            guard section == "PODS" || section == "DEPENDENCIES" else { continue }
            let nested = line.hasPrefix("    - ")
            var entry = line.drop(while: { $0 == " " }).dropFirst(2)
            if entry.hasSuffix(":") { entry = entry.dropLast() }
            if entry.hasPrefix("\""), entry.hasSuffix("\"") { entry = entry.dropFirst().dropLast() }
            guard let open = entry.firstIndex(of: "("), entry.hasSuffix(")") else { continue }
            let name = String(entry[..<open].trimmingCharacters(in: .whitespaces))
            let inside = String(entry[entry.index(after: open)..<entry.index(before: entry.endIndex)])
            if inside.hasPrefix("from `") { continue }
            if section == "PODS", !nested {
                locked[name] = inside
            } else {
                let requirements = inside.components(separatedBy: ", ")
                uses.append(Use(pod: name, requirements: requirements))
            }
        }
        return (locked, uses)
    }
}

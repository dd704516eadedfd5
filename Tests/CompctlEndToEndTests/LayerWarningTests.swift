import Foundation
import Testing

/// compctl.yml's layers are checked against the pods of the spec repos: a pattern that
/// matches no pod (a typo, a pod renamed) and a pod that two layers name are warnings in
/// `report skew` and `graph --check`.
@Suite struct LayerWarningTests {
    static let warnings = [
        "warning: compctl.yml: the pattern 'XXPayment*' of layer business matches no pod in the spec repos; "
            + "correct it, or remove it from the layer's pods",
        "warning: compctl.yml: XXLogger is in two layers, base (by 'XXLogger') and core (by 'XX*Logger'); it counts as base, "
            + "the first of them; keep it in one layer's pods",
        "warning: compctl.yml: XXUser is in two layers, core (by 'XXUser') and business (by 'XXUser'); it counts as core, "
            + "the first of them; keep it in one layer's pods",
    ]

    private func sampleWithLayerMistakes() throws -> SampleWorkspace {
        let sample = try SampleWorkspace()
        let config = try String(contentsOfFile: sample.config, encoding: .utf8)
            .replacingOccurrences(of: #"["XXRouter", "XXMediator","#, with: #"["XXRouter", "XXUser", "XX*Logger", "XXMediator","#)
            .replacingOccurrences(of: #""XXCoupon"]"#, with: #""XXCoupon", "XXPayment*"]"#)
        try config.write(toFile: sample.config, atomically: true, encoding: .utf8)
        return sample
    }

    @Test func theReportWarnsOnStderrAndInTheReport() throws {
        let sample = try sampleWithLayerMistakes()
        let result = try sample.report(["--json"])
        #expect(result.exitCode == 0, "\(result)")
        for warning in Self.warnings {
            #expect(result.stderr.contains(warning + "\n"), "\(result.stderr)")
        }
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report.strings("warnings") == Self.warnings.map { String($0.dropFirst("warning: ".count)) })
    }

    @Test func graphCheckWarnsToo() throws {
        let sample = try sampleWithLayerMistakes()
        let result = try compctl(["graph", "--check", "--config", sample.config], in: sample.app)
        #expect(result.exitCode == 2, "\(result)")
        for warning in Self.warnings {
            #expect(result.stderr.contains(warning + "\n"), "\(result.stderr)")
        }
        let podfile = try compctl(["graph", "--check", "--podfile", "Podfile", "--config", sample.config], in: sample.app)
        #expect(podfile.stderr.contains(Self.warnings[0] + "\n"), "\(podfile.stderr)")
    }

    @Test func layersThatFitTheSpecReposGiveNoWarning() throws {
        let sample = try SampleWorkspace()
        let result = try compctl(["graph", "--check", "--config", sample.config], in: sample.app)
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
    }
}

import Config
import Testing

/// Layer patterns checked against the pods of the spec repos.
@Suite struct LayerCoverageTests {
    private func configuration() throws -> Configuration {
        try ConfigLoader.parse("""
            layers:
              - name: resource
                pods: ["XXAssets", "XX*Font"]
              - name: base
                pods: ["XX*", "XXLoger"]
              - name: business
                pods: ["XXHome", "XX*Protocols"]
            """, path: "compctl.yml", directory: "/project")
    }

    @Test func patternsMatchingNothingComeFirstThenPodsInSeveralLayersByName() throws {
        let warnings = try configuration().layerWarnings(pods: ["XXHome", "XXAssets", "XXIconFont", "XXLogger"]).map(\.description)
        #expect(warnings == [
            "compctl.yml: the pattern 'XXLoger' of layer base matches no pod in the spec repos; correct it, or remove it from the layer's pods",
            "compctl.yml: the pattern 'XX*Protocols' of layer business matches no pod in the spec repos; correct it, or remove it "
                + "from the layer's pods",
            "compctl.yml: XXAssets is in two layers, resource (by 'XXAssets') and base (by 'XX*'); it counts as resource, "
                + "the first of them; keep it in one layer's pods",
            "compctl.yml: XXHome is in two layers, base (by 'XX*') and business (by 'XXHome'); it counts as base, "
                + "the first of them; keep it in one layer's pods",
            "compctl.yml: XXIconFont is in two layers, resource (by 'XX*Font') and base (by 'XX*'); it counts as resource, "
                + "the first of them; keep it in one layer's pods",
        ])
    }

    @Test func aPodInThreeLayersNamesThemAll() throws {
        let configuration = try ConfigLoader.parse("""
            layers:
              - { name: a, pods: ["X*"] }
              - { name: b, pods: ["*Y"] }
              - { name: c, pods: ["XY"] }
            """, path: "compctl.yml", directory: "/project")
        #expect(configuration.layerWarnings(pods: ["XY"]).map(\.description) == [
            "compctl.yml: XY is in 3 layers, a (by 'X*'), b (by '*Y') and c (by 'XY'); it counts as a, the first of them; "
                + "keep it in one layer's pods",
        ])
    }

    @Test func noLayersNoWarnings() throws {
        #expect(try ConfigLoader.parse("", path: "compctl.yml", directory: "/project").layerWarnings(pods: ["A"]).isEmpty)
    }
}

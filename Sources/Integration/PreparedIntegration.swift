import BinaryChannel
import Config
import Graph
import Manifest
import SpecRepo

/// A planned integrate with what planning read: the plan to execute, the Podfile as read
/// against the staged specs, the Podfile edit, and the spec repos with and without the
/// candidates, for the graph checks.
public struct PreparedIntegration {
    /// What `Integrator` executes.
    public var plan: IntegrationPlan
    /// compctl.yml, for the layer and interface rules.
    public var configuration: Configuration
    /// The Podfile read against the staged specs.
    public var inputs: PodfileInputs
    /// The Podfile with the pins.
    public var edit: ManifestEdit
    /// The staged spec repo (holding the candidates) and compctl.yml's other spec repos.
    public var stagedSources: [SpecRepoSource]
    /// The spec repo as it is and compctl.yml's other spec repos.
    public var originalSources: [SpecRepoSource]
    /// What the package checks find with the Swift package pins that they did not before.
    public var packageProblems: [GraphProblem] = []

    /// A prepared integrate from its parts.
    public init(plan: IntegrationPlan, configuration: Configuration, inputs: PodfileInputs, edit: ManifestEdit,
                stagedSources: [SpecRepoSource], originalSources: [SpecRepoSource], packageProblems: [GraphProblem] = []) {
        self.plan = plan
        self.configuration = configuration
        self.inputs = inputs
        self.edit = edit
        self.stagedSources = stagedSources
        self.originalSources = originalSources
        self.packageProblems = packageProblems
    }

    /// The pins, in the order given.
    public var pins: [ComponentPin] { plan.pins }
    /// `NAME=VERSION …`, as given.
    public var pinTexts: String { plan.pins.map(\.text).joined(separator: " ") }

    /// Problems of the graph checks with the pins that the Podfile did not have before. A
    /// resolution conflict with the pins throws `GraphError.conflict`.
    public func newProblems() throws -> [GraphProblem] {
        let originalCatalog = PodCatalog(providers: originalSources.map(\.provider))
        let before: Set<String>
        do {
            let original = try Resolver(catalog: originalCatalog).resolve(inputs.request)
            before = Set(try GraphChecker(catalog: originalCatalog, configuration: configuration)
                .problems(in: original.graph).map(\.description))
        } catch let error as GraphError where error.isUnreadableSource {
            throw error
        } catch {
            before = []
        }
        let catalog = PodCatalog(providers: stagedSources.map(\.provider))
        let request = PinPlanner.applying(plan.candidates.map(\.pin), to: inputs.request, addTo: nil)
        let resolution = try Resolver(catalog: catalog).resolve(request)
        return try GraphChecker(catalog: catalog, configuration: configuration)
            .problems(in: resolution.graph).filter { !before.contains($0.description) } + packageProblems
    }
}

extension PreparedIntegration {
    /// The compile check with binaries for this integrate: the Podfile with the pins resolved
    /// against the staged specs, and every private pod but the candidates and the pods under
    /// development (`chooser`) taken prebuilt when the binary repo holds its version.
    public func binaryCheck(chooser: ChannelChooser, address: String,
                            isBinaryRepo: (SpecRepoSource) -> Bool) throws -> BinaryCheckPlan {
        let catalog = PodCatalog(providers: stagedSources.map(\.provider))
        let podPins = plan.candidates.map(\.pin)
        let resolution = try Resolver(catalog: catalog).resolve(PinPlanner.applying(podPins, to: inputs.request, addTo: nil))
        let privates = Set(stagedSources.filter { !$0.isTrunk && !isBinaryRepo($0) }.map(\.name))
        return try BinaryCheckPlan.make(resolution: resolution, chooser: chooser, privateSources: privates,
                                        candidates: Set(podPins.map(\.root)), address: address)
    }
}

extension GraphChecker {
    /// A checker with compctl.yml's layers (lowest first), interface rule and rc label.
    public init(catalog: PodCatalog, configuration: Configuration) {
        self.init(catalog: catalog, layers: Self.layerRules(of: configuration),
                  interfaceSuffix: Self.interfaceSuffix(of: configuration))
        rcLabel = configuration.rcLabel
    }

    /// compctl.yml's layers, lowest first, for the layer check.
    public static func layerRules(of configuration: Configuration) -> [LayerRule] {
        configuration.layers.map { layer in
            LayerRule(name: layer.name, allowSameLayer: layer.allowSameLayer) { pod in
                configuration.layer(of: pod)?.name == layer.name
            }
        }
    }

    /// The interface pods' suffix when compctl.yml turns the interface rule on.
    public static func interfaceSuffix(of configuration: Configuration) -> String? {
        configuration.interfaceRule.enabled ? configuration.interfaceRule.suffix : nil
    }
}

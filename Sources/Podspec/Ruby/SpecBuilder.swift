/// A spec as the Ruby evaluator builds it, mirroring CocoaPods' `attributes_hash` for the
/// attributes compctl reads.
final class SpecBuilder {
    enum Target {
        case known(String)
        case unknown(Origin)
    }

    enum SourceState {
        case none
        case value(Source, unknownFields: [(field: String, origin: Origin)])
        case unknown(Origin)
    }

    let parent: Int?
    /// The line of `Pod::Spec.new` or of `subspec`.
    let line: Int
    var shortName: String?
    var nameIsUnknown = false
    /// The root's version as evaluated; subspecs read their root's.
    var version: RubyValue?
    var versionLine = 0
    var source: SourceState = .none
    /// Generic dependencies: a repeated name replaces its requirements in place, like a Ruby hash.
    var dependencies: [(name: String, requirements: [String])] = []
    /// Platform-specific dependencies, keyed by platform and name, in declaration order.
    var platformDependencies: [(platform: String, name: String, requirements: [String])] = []
    var subspecs: [Int] = []
    /// `test_spec` and `app_spec` blocks, which are not subspecs.
    var testSpecs: [Int] = []
    var appSpecs: [Int] = []
    var defaultSubspecs: [String] = []
    var platforms: [(name: String, target: Target)] = []
    /// Set when `platforms` was assigned a value compctl cannot evaluate.
    var platformsUnknown: Origin?
    /// `deprecated = true`, and `deprecated_in_favor_of` (which implies it): root attributes.
    var deprecated = false
    var deprecatedInFavorOf: String?

    init(parent: Int?, shortName: String?, line: Int) {
        self.parent = parent
        self.shortName = shortName
        self.line = line
    }

    func declareDependency(platform: String?, name: String, requirements: [String]) {
        if let platform {
            if let index = platformDependencies.firstIndex(where: { $0.platform == platform && $0.name == name }) {
                platformDependencies[index].requirements = requirements
            } else {
                platformDependencies.append((platform, name, requirements))
            }
        } else if let index = dependencies.firstIndex(where: { $0.name == name }) {
            dependencies[index].requirements = requirements
        } else {
            dependencies.append((name, requirements))
        }
    }

    func setTarget(_ target: Target, for platform: String) {
        if let index = platforms.firstIndex(where: { $0.name == platform }) {
            platforms[index].target = target
        } else {
            platforms.append((platform, target))
        }
    }

    /// The dependencies as `Specification` lists them: generic first, then platform-specific.
    var flattenedDependencies: [Dependency] {
        var result = dependencies.map { Dependency(name: $0.name, requirements: $0.requirements) }
        JSONPodspec.merge(
            platformDependencies.map { Dependency(name: $0.name, requirements: $0.requirements) },
            into: &result)
        return result
    }
}

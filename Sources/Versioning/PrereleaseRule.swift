/// The prerelease rule of CocoaPods' resolver (`Pod::Resolver#requirement_satisfied_by?`
/// and `valid_possibility_version_for_root_name?`): a prerelease version is a candidate
/// for a pod only if some requirement on that pod names a prerelease explicitly.
public enum PrereleaseRule {
    /// Whether the resolver would take `version` for a pod whose requirements are
    /// `requirements` (collected from every dependent): all of them hold, and if `version`
    /// is a prerelease, one of them names a prerelease.
    public static func admits(_ version: Version, under requirements: [Requirement]) -> Bool {
        Requirement.allSatisfied(requirements, by: version)
            && allowsPrerelease(version, under: requirements)
    }

    /// The prerelease half of `admits` alone: `version` is no prerelease, or one of
    /// `requirements` names a prerelease (`Gem::Requirement#prerelease?`), whatever its
    /// operator.
    public static func allowsPrerelease(_ version: Version, under requirements: [Requirement]) -> Bool {
        !version.isPrerelease || requirements.contains(where: \.namesPrerelease)
    }
}

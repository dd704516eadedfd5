import Graph

/// A source opened from a SOURCE, with the addresses a Podfile's `:source` may name it by:
/// what `resolve`, `graph`, `pin`, `report` and `integrate` read specs from. A spec repo
/// (`repository`) or a CDN source (`cdn`); `provider` is whichever it is.
public struct SpecRepoSource {
    /// Where specs come from.
    public var provider: any SpecProvider
    /// The spec repo, for a git or directory source.
    public var repository: SpecRepository?
    /// The CDN source, for an http(s) one.
    public var cdn: CDNSource?
    /// The SOURCE as given (`--source`) or configured (`url` in compctl.yml), and where it was
    /// read from: the directory, or the URL of a cached clone or of the CDN; plus the
    /// Podfile's `source` lines it stands for.
    public var addresses: [String]
    /// Whether it is trunk (or a mirror of it).
    public var isTrunk: Bool

    /// `repository`, known by `addresses`.
    public init(repository: SpecRepository, addresses: [String], isTrunk: Bool = false) {
        provider = repository
        self.repository = repository
        self.addresses = addresses
        self.isTrunk = isTrunk
    }

    /// The CDN source `cdn`, known by `addresses`.
    public init(cdn: CDNSource, addresses: [String], isTrunk: Bool = false) {
        provider = cdn
        self.cdn = cdn
        self.addresses = addresses
        self.isTrunk = isTrunk
    }

    /// The source's name in messages (`acme`, `trunk`).
    public var name: String { provider.name }

    /// Whether a Podfile's `:source => address` (or a Podfile.lock's `SPEC REPOS` key) means
    /// this source: the name, the URL as configured, or the directory, compared as
    /// `SpecRepoURL` compares addresses.
    public func isNamed(by address: String) -> Bool {
        name == address || addresses.contains { SpecRepoURL.same($0, address) }
    }
}

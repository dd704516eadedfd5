/// A spec repo opened from a SOURCE, with the addresses a Podfile's `:source` may name it by:
/// what `resolve`, `graph`, `pin`, `report` and `integrate` read specs from.
public struct SpecRepoSource {
    /// The opened repo.
    public var repository: SpecRepository
    /// The SOURCE as given (`--source`) or configured (`url` in compctl.yml), and where it was
    /// read from: the directory, or the URL of a cached clone.
    public var addresses: [String]

    /// `repository`, known by `addresses`.
    public init(repository: SpecRepository, addresses: [String]) {
        self.repository = repository
        self.addresses = addresses
    }

    /// Whether a Podfile's `:source => address` means this repo: the name, the URL as
    /// configured, or the directory, compared as `SpecRepoURL` compares addresses.
    public func isNamed(by address: String) -> Bool {
        repository.name == address || addresses.contains { SpecRepoURL.same($0, address) }
    }
}

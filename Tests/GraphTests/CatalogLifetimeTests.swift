@testable import Graph
import Podspec
import Testing
import Versioning

/// A catalog keeps its last search's state (so that a command keeping the catalog to the
/// exit never frees it object by object), and nothing keeps the catalog.
@Suite struct CatalogLifetimeTests {
    @Test func keepsTheLastSearchAndIsFreedWithIt() throws {
        weak var freedCatalog: PodCatalog?
        weak var freedSearch: AnyObject?
        do {
            let repo = InMemorySpecProvider.test(
                pod("AFNetworking", ["1.2.0", "1.3.0"]),
                pod("RestKit", ["0.20.1"], [.on("AFNetworking", "~> 1.2.0")]))
            let catalog = PodCatalog(providers: [repo])
            let resolution = try Resolver(catalog: catalog).resolve(ResolveRequest(requirements: [.app("RestKit")]))
            #expect(resolution.pods.map(\.name) == ["AFNetworking", "RestKit"])
            let first = try #require(catalog.lastSearch)
            _ = try Resolver(catalog: catalog).resolve(ResolveRequest(requirements: [.app("AFNetworking")]))
            #expect(catalog.lastSearch !== first, "the next search replaces the last")
            freedCatalog = catalog
            freedSearch = catalog.lastSearch
        }
        #expect(freedCatalog == nil, "the search it keeps does not keep the catalog")
        #expect(freedSearch == nil)
    }
}

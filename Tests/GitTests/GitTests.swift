import Testing
@testable import Git

@Suite struct GitLibraryTests {
    @Test func linksLibgit2OneDotFive() {
        #expect(Git.libraryVersion.hasPrefix("1."))
    }
}

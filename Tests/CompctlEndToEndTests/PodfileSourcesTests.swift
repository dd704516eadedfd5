import Foundation
import SpecRepo
import Testing

/// A CDN on 127.0.0.1 serving the specs of a spec folder, as trunk lays them out.
final class LocalCDN: @unchecked Sendable {
    let server: LoopbackHTTPServer
    let tree: CDNTree

    /// Serves the specs written below `folder` (a spec repo's layout); `override` may answer
    /// a request instead (nil: serve the file).
    init(folder: String, override: (@Sendable (HTTPRequest, Int) -> HTTPResponse?)? = nil) throws {
        tree = CDNTree.from(try SpecRepository(directory: folder))
        server = try LoopbackHTTPServer(files: tree.files, override: override)
    }

    /// `http://127.0.0.1:PORT/`.
    var url: String { server.baseURL + "/" }

    /// The paths requested so far, `(conditional)` after those sent with `If-None-Match`.
    func requests(after count: Int = 0) -> [String] {
        server.requests.dropFirst(count).map { $0.path + ($0.header("If-None-Match") == nil ? "" : " (conditional)") }
    }
}

/// Which sources a Podfile resolves against, as CocoaPods reads them: its `source` lines
/// (git spec repos and CDN sources), trunk, compctl.yml's mapping of URLs, `:source`.
@Suite struct PodfileSourcesTests {
    /// A private spec repo (Foo depends on PublicNet) and a public CDN (PublicNet, PublicImage
    /// and what they need), each made from a spec folder.
    static func world() throws -> (world: GitWorld, specs: String, cdn: LocalCDN) {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Foo/1.0.0/Foo.podspec.json": jsonPodspec("Foo", "1.0.0", dependencies: ["Bar": ["~> 1.0"], "PublicNet": ["~> 2.0"]]),
            "Foo/1.1.0/Foo.podspec.json": jsonPodspec("Foo", "1.1.0", dependencies: ["Bar": ["~> 1.0"], "PublicNet": ["~> 2.0"]]),
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0"),
        ])
        try world.write([
            "PublicNet/2.0.0/PublicNet.podspec.json": jsonPodspec("PublicNet", "2.0.0", dependencies: ["PublicCore": ["~> 1.0"]]),
            "PublicNet/2.1.0/PublicNet.podspec.json": jsonPodspec("PublicNet", "2.1.0", dependencies: ["PublicCore": ["~> 1.1"]]),
            "PublicNet/3.0.0/PublicNet.podspec.json": jsonPodspec("PublicNet", "3.0.0", dependencies: ["PublicCore": ["~> 2.0"]]),
            "PublicCore/1.0.0/PublicCore.podspec.json": jsonPodspec("PublicCore", "1.0.0"),
            "PublicCore/1.1.0/PublicCore.podspec.json": jsonPodspec("PublicCore", "1.1.0"),
            "PublicCore/2.0.0/PublicCore.podspec.json": jsonPodspec("PublicCore", "2.0.0"),
            "PublicImage/5.18.0/PublicImage.podspec.json": jsonPodspec("PublicImage", "5.18.0"),
            "PublicImage/5.19.0/PublicImage.podspec.json": jsonPodspec("PublicImage", "5.19.0"),
        ], under: "public")
        return (world, specs, try LocalCDN(folder: world("public")))
    }

    /// A reported defect: with no compctl.yml, a Podfile that names its spec repo in a
    /// `source` line got "no spec repo to read".
    @Test func thePodfilesSourceLinesAreTheSources() throws {
        let world = try GitWorld()
        let specs = try world.specRepo(files: [
            "Foo/1.0.0/Foo.podspec.json": jsonPodspec("Foo", "1.0.0", dependencies: ["Bar": ["~> 1.0"]]),
            "Bar/1.0.0/Bar.podspec.json": jsonPodspec("Bar", "1.0.0"),
            "Bar/1.2.0/Bar.podspec.json": jsonPodspec("Bar", "1.2.0"),
        ])
        try world.write(["Podfile": """
            source 'file://\(specs)'
            platform :ios, '13.0'

            target 'App' do
              pod 'Foo'
            end

            """], under: "app")
        let result = try world.compctl(["resolve"], in: world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Bar\t1.2.0\nFoo\t1.0.0\n")
        #expect(result.stderr == "")
    }

    /// A reported defect: public pods were invisible (never resolved, their dependencies
    /// never checked). A CDN source named by the Podfile is read like trunk.
    @Test func publicPodsResolveFromACDNSourceWithTheirDependencies() throws {
        let (world, specs, cdn) = try Self.world()
        try world.write(["Podfile": """
            source 'file://\(specs)'
            source '\(cdn.url)'
            platform :ios, '13.0'

            target 'App' do
              pod 'Foo', '~> 1.0'
              pod 'PublicImage', '~> 5.18'
            end

            """], under: "app")
        let result = try world.compctl(["resolve"], in: world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == """
            Bar\t1.0.0
            Foo\t1.1.0
            PublicCore\t1.1.0
            PublicImage\t5.19.0
            PublicNet\t2.1.0

            """)
        #expect(result.stderr == "")
        #expect(!cdn.requests().contains("/all_pods.txt"))
    }
}

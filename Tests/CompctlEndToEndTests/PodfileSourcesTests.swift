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

    /// Whether the CDN has the file at `path` (`/all_pods_versions_1_2_3.txt`).
    func serves(_ path: String) -> Bool {
        tree.files[String(path.dropFirst())] != nil
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

    /// The Podfile of `world()`: the private spec repo, then trunk; Foo and PublicImage.
    static func appPodfile(_ world: GitWorld, specs: String, trunk: String = "https://cdn.cocoapods.org/",
                           pods: [String] = ["pod 'Foo', '~> 1.0'", "pod 'PublicImage', '~> 5.18'"]) throws {
        try world.write(["Podfile": """
            source 'file://\(specs)'
            source '\(trunk)'
            platform :ios, '13.0'

            target 'App' do
            \(pods.map { "  " + $0 }.joined(separator: "\n"))
            end

            """], under: "app")
    }

    /// A Podfile.lock for `appPodfile`, as `pod install` wrote it before: PublicImage 5.18.0
    /// and PublicNet 2.0.0 with PublicCore 1.0.0, from trunk.
    static let lock = """
        PODS:
          - Bar (1.0.0)
          - Foo (1.0.0):
            - Bar (~> 1.0)
            - PublicNet (~> 2.0)
          - PublicCore (1.0.0)
          - PublicImage (5.18.0)
          - PublicNet (2.0.0):
            - PublicCore (~> 1.0)

        DEPENDENCIES:
          - Foo (~> 1.0)
          - PublicImage (~> 5.18)

        SPEC REPOS:
          SPECS_URL:
            - Bar
            - Foo
          trunk:
            - PublicCore
            - PublicImage
            - PublicNet

        COCOAPODS: 1.15.2

        """

    /// trunk read from a CDN on this machine (`COMPCTL_TRUNK`), as it is read from its own.
    /// A CDN that wants credentials gets them from the user's ~/.netrc, as CocoaPods' CDN
    /// source does. Without them, its `CocoaPods-version.yml` cannot be read, so the URL is
    /// taken for a git spec repo, as CocoaPods takes it (`Source::Manager#cdn_url?`), and
    /// that fails on authentication.
    @Test func aCDNThatWantsCredentialsGetsThemFromNetrc() throws {
        let (world, specs, _) = try Self.world()
        let authorization = "Basic " + Data("ci:s3cret".utf8).base64EncodedString()
        let cdn = try LocalCDN(folder: world("public")) { request, _ in
            request.header("Authorization") == authorization ? nil : HTTPResponse.text("who are you?", status: 401)
        }
        try Self.appPodfile(world, specs: specs, trunk: cdn.url)
        let refused = try world.compctl(["resolve"], in: world("app"))
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.stderr.contains("authentication to \(cdn.url) is required"), "\(refused)")

        try world.write([".netrc": "machine 127.0.0.1 login ci password s3cret\n"], under: "user")
        let result = try world.compctl(["resolve"], in: world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Bar\t1.0.0\nFoo\t1.1.0\nPublicCore\t1.1.0\nPublicImage\t5.19.0\nPublicNet\t2.1.0\n")
    }

    @Test func trunkResolvesThePublicPods() throws {
        let (world, specs, cdn) = try Self.world()
        try Self.appPodfile(world, specs: specs)
        let result = try world.compctl(["resolve"], in: world("app"), environment: ["COMPCTL_TRUNK": cdn.url])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Bar\t1.0.0\nFoo\t1.1.0\nPublicCore\t1.1.0\nPublicImage\t5.19.0\nPublicNet\t2.1.0\n")
        #expect(result.stderr == "")
    }

    /// trunk that cannot be reached, with no copy: its pods are taken at their Podfile.lock
    /// versions with the lock's dependencies (PublicNet brings PublicCore), with a warning
    /// that says why; the private pods still resolve, Foo kept at its locked version as
    /// `pod install` keeps it.
    @Test func unreachableTrunkLeavesThePublicPodsAtTheirLockVersions() throws {
        let (world, specs, _) = try Self.world()
        try Self.appPodfile(world, specs: specs)
        try world.write(["Podfile.lock": Self.lock.replacingOccurrences(of: "SPECS_URL", with: "file://" + specs)], under: "app")
        let port = try freeLocalPort()
        let result = try world.compctl(["resolve", "--json"], in: world("app"),
                                       environment: ["COMPCTL_TRUNK": "http://127.0.0.1:\(port)/"])
        #expect(result.exitCode == 0, "\(result)")
        let document = try JSONDecoder().decode(ResolveJSON.self, from: Data(result.stdout.utf8))
        #expect(document.pods == ["Bar": "1.0.0", "Foo": "1.0.0"])
        #expect(document.unmanaged == ["PublicCore": "1.0.0", "PublicImage": "5.18.0", "PublicNet": "2.0.0"])
        #expect(result.stderr.hasPrefix("warning: trunk is not read (cannot reach http://127.0.0.1:\(port)/CocoaPods-version.yml ("))
        #expect(result.stderr.hasSuffix("), and compctl has no copy of it), so 3 public pods are taken at the version "
            + "Podfile.lock records, unresolved, with the dependencies it records there: PublicCore 1.0.0, PublicImage 5.18.0, "
            + "PublicNet 2.0.0\n"))
    }

    /// `--offline` reads only the caches: after one run it answers the same without a request;
    /// with nothing cached, trunk is not read (and says so) and a private CDN is an error.
    @Test func offlineReadsOnlyTheCaches() throws {
        let (world, specs, cdn) = try Self.world()
        try Self.appPodfile(world, specs: specs)
        let environment = ["COMPCTL_TRUNK": cdn.url]
        let online = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(online.exitCode == 0, "\(online)")
        let requests = cdn.server.requestCount
        let offline = try world.compctl(["resolve", "--offline"], in: world("app"), environment: environment)
        #expect(offline.exitCode == 0, "\(offline)")
        #expect(offline.stdout == online.stdout)
        #expect(offline.stderr == "")
        #expect(cdn.server.requestCount == requests)

        let empty = ["COMPCTL_TRUNK": cdn.url, "COMPCTL_HOME": world("other-home")]
        let cold = try world.compctl(["resolve", "--offline"], in: world("app"), environment: empty)
        #expect(cold.exitCode == 1, "\(cold)")
        #expect(cold.stderr == "error: the spec repo specs (file://\(specs)) is not in compctl's cache, and --offline "
            + "forbids cloning it; run once without --offline to fill the cache\n")
        try Self.appPodfile(world, specs: specs, trunk: cdn.url)
        let privateCDN = try world.compctl(["resolve", "--offline", "--source", cdn.url], in: world("app"), environment: empty)
        #expect(privateCDN.exitCode == 1, "\(privateCDN)")
        #expect(privateCDN.stderr == "error: compctl has never read \(cdn.url), and --offline forbids asking whether it "
            + "is a CDN source or a git spec repo; run once without --offline to fill the cache\n")
        #expect(cdn.server.requestCount == requests)
    }

    /// A warm run revalidates the metadata and the shards it reads, nothing else, and each
    /// of them is answered 304.
    @Test func aWarmRunMakesOnlyConditionalRequestsForTheShardsItReads() throws {
        let (world, specs, cdn) = try Self.world()
        try Self.appPodfile(world, specs: specs)
        let environment = ["COMPCTL_TRUNK": cdn.url]
        let cold = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(cold.exitCode == 0, "\(cold)")
        let coldRequests = cdn.requests()
        let shards = Set(coldRequests.filter { $0.hasPrefix("/all_pods_versions_") })
        #expect(coldRequests.filter { $0 == "/CocoaPods-version.yml" }.count == 1)
        #expect(coldRequests.allSatisfy { !$0.hasSuffix("(conditional)") })
        #expect(shards.count == Set(["PublicNet", "PublicCore", "PublicImage", "Foo", "Bar"].map {
            CDNSource.indexFile(fragment: cdn.tree.layout.shards(for: $0))
        }).count)

        let warm = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(warm.stdout == cold.stdout)
        let warmRequests = cdn.requests(after: coldRequests.count)
        // trunk is asked about the private pods too (CocoaPods searches every source): their
        // shards are empty, as every shard exists on trunk, and are revalidated like the others.
        // And `deprecated_podspecs.txt`, for the specs it lists, whose copies may be stale.
        #expect(coldRequests.contains("/deprecated_podspecs.txt"))
        #expect(warmRequests.sorted()
            == (["/CocoaPods-version.yml", "/deprecated_podspecs.txt"] + shards).map { $0 + " (conditional)" }.sorted())
        #expect(shards.allSatisfy(cdn.serves))
    }

    /// A version published on the CDN since the last run is seen by the next one, although
    /// `resolve` uses its copies at once: it revalidates them meanwhile and resolves again.
    @Test func aWarmRunSeesWhatChangedOnTheCDN() throws {
        let (world, specs, _) = try Self.world()
        let tree = try CDNTree.from(SpecRepository(directory: world("public")))
        let newer = Locked(false)
        var next = tree
        next.add(name: "PublicImage", version: "5.20.0", json: Data(jsonPodspec("PublicImage", "5.20.0").utf8))
        next.finish()
        let updated = next.files
        let server = try LoopbackHTTPServer { request, _ in
            let files = newer.withLock { $0 } ? updated : tree.files
            return HTTPResponse.content(files[String(request.path.dropFirst())], for: request)
        }
        try Self.appPodfile(world, specs: specs)
        let environment = ["COMPCTL_TRUNK": server.baseURL + "/"]
        let before = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(before.stdout.contains("PublicImage\t5.19.0\n"), "\(before)")
        newer.withLock { $0 = true }
        let after = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(after.exitCode == 0, "\(after)")
        #expect(after.stdout.contains("PublicImage\t5.20.0\n"), "\(after)")
        #expect(after.stderr == "")
    }

    /// A reported gap: a pod deprecated on the CDN after compctl cached its spec went
    /// unnoticed (`deprecated_podspecs.txt` was never read), and `resolve` never said that a
    /// resolved pod is deprecated. It now says so in `pod install`'s words.
    @Test func aPodDeprecatedSinceTheLastRunIsSaidSo() throws {
        let (world, specs, _) = try Self.world()
        let tree = try CDNTree.from(SpecRepository(directory: world("public")))
        let deprecated = Locked(false)
        var next = tree
        next.add(name: "PublicImage", version: "5.19.0", json: Data("""
            {"name": "PublicImage", "version": "5.19.0", "deprecated_in_favor_of": "PublicImageKit",
             "source": {"git": "https://git.example/x.git", "tag": "5.19.0"}}
            """.utf8))
        next.finish(deprecated: [tree.layout.podPath(for: "PublicImage") + "/5.19.0/PublicImage.podspec.json"])
        let updated = next.files
        let server = try LoopbackHTTPServer { request, _ in
            let files = deprecated.withLock { $0 } ? updated : tree.files
            return HTTPResponse.content(files[String(request.path.dropFirst())], for: request)
        }
        try Self.appPodfile(world, specs: specs)
        let environment = ["COMPCTL_TRUNK": server.baseURL + "/"]
        let before = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(before.stdout.contains("PublicImage\t5.19.0\n"), "\(before)")
        #expect(!before.stderr.contains("deprecated"), "\(before)")
        deprecated.withLock { $0 = true }
        let after = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(after.exitCode == 0, "\(after)")
        #expect(after.stdout == before.stdout)
        #expect(after.stderr.contains("PublicImage has been deprecated in favor of PublicImageKit"), "\(after)")
    }

    /// Processes that start cold together on one cache all answer right, and leave a cache
    /// the next run reads without fetching again.
    @Test func processesSharingOneCacheAtOnce() throws {
        let (world, specs, cdn) = try Self.world()
        try Self.appPodfile(world, specs: specs)
        let environment = ["COMPCTL_TRUNK": cdn.url]
        let outputs = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let result = try? world.compctl(["resolve"], in: world("app"), environment: environment)
            outputs.withLock { $0.append(result.map { "\($0.exitCode)\n\($0.stdout)\($0.stderr)" } ?? "did not run") }
        }
        let expected = "0\nBar\t1.0.0\nFoo\t1.1.0\nPublicCore\t1.1.0\nPublicImage\t5.19.0\nPublicNet\t2.1.0\n"
        #expect(outputs.withLock { $0 } == Array(repeating: expected, count: 4))
        let before = cdn.server.requestCount
        let next = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect("\(next.exitCode)\n\(next.stdout)\(next.stderr)" == expected)
        #expect(cdn.requests(after: before).allSatisfy { $0.hasSuffix("(conditional)") || !cdn.serves($0) })
        #expect((try? FileManager.default.contentsOfDirectory(atPath: world("home/cdn/trunk/.tmp"))) ?? [] == [])
    }

    /// `:source` takes a pod from that source only, even when another holds a higher version.
    /// A file in the cache's `packs/` that claims to be huge (a sparse terabyte starting as a
    /// pack does: a hostile or broken cache) is not read into memory: the run answers, and the
    /// packs beside it still serve their copies.
    @Test func aHugePackIsSkippedAndTheRestOfTheCacheServes() throws {
        let (world, specs, cdn) = try Self.world()
        try Self.appPodfile(world, specs: specs)
        let environment = ["COMPCTL_TRUNK": cdn.url]
        let expected = "0\nBar\t1.0.0\nFoo\t1.1.0\nPublicCore\t1.1.0\nPublicImage\t5.19.0\nPublicNet\t2.1.0\n"
        let first = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect("\(first.exitCode)\n\(first.stdout)\(first.stderr)" == expected)
        let caches = try FileManager.default.contentsOfDirectory(atPath: world("home/cdn"))
        try #require(caches.count == 1)
        let huge = world("home/cdn/\(caches[0])/packs/00000000000000000000-0000000001-000001")
        try Data("compctl-cdn-pack 1\n".utf8).write(to: URL(fileURLWithPath: huge))
        try #require(truncate(huge, 1 << 40) == 0)
        let before = cdn.server.requestCount
        let next = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect("\(next.exitCode)\n\(next.stdout)\(next.stderr)" == expected)
        #expect(cdn.requests(after: before).allSatisfy { $0.hasSuffix("(conditional)") || !cdn.serves($0) })
    }

    @Test func aPodsSourceRestrictsItToThatSource() throws {
        let (world, _, cdn) = try Self.world()
        let specs = try world.specRepo("private", files: [
            "PublicImage/9.0.0/PublicImage.podspec.json": jsonPodspec("PublicImage", "9.0.0"),
        ])
        try Self.appPodfile(world, specs: specs, trunk: cdn.url, pods: ["pod 'PublicImage', :source => '\(cdn.url)'"])
        let result = try world.compctl(["resolve"], in: world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "PublicImage\t5.19.0\n")
    }

    /// Podfile.lock's SPEC REPOS keeps a locked pod to the source it came from, as CocoaPods
    /// does, also when its line changes but still accepts the locked version; once the line
    /// excludes that version the pod moves and is looked up everywhere again (and here
    /// trunk's higher version is then refused as dependency confusion).
    @Test func specReposOfTheLockKeepALockedPodToItsSource() throws {
        let (world, _, cdn) = try Self.world()
        let other = try world.specRepo("other", files: [
            "PublicImage/5.18.5/PublicImage.podspec.json": jsonPodspec("PublicImage", "5.18.5"),
        ])
        try world.write(["Podfile": """
            source 'file://\(other)'
            source 'https://cdn.cocoapods.org/'
            platform :ios, '13.0'

            target 'App' do
              pod 'PublicImage', '~> 5.18'
            end

            """, "Podfile.lock": """
            PODS:
              - PublicImage (5.18.5)

            DEPENDENCIES:
              - PublicImage (~> 5.18)

            SPEC REPOS:
              "file://\(other)":
                - PublicImage

            COCOAPODS: 1.15.2

            """], under: "app")
        let environment = ["COMPCTL_TRUNK": cdn.url]
        let locked = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(locked.exitCode == 0, "\(locked)")
        #expect(locked.stdout == "PublicImage\t5.18.5\n")

        let podfile = try String(contentsOfFile: world("app/Podfile"), encoding: .utf8)
        try world.write(["Podfile": podfile.replacingOccurrences(of: "'~> 5.18'", with: "'~> 5.18', '>= 5.18.1'")],
                        under: "app")
        let stillLocked = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(stillLocked.exitCode == 0, "\(stillLocked)")
        #expect(stillLocked.stdout == "PublicImage\t5.18.5\n")
        #expect(stillLocked.stderr == "")

        try world.write(["Podfile": podfile.replacingOccurrences(of: "'~> 5.18'", with: "'~> 5.18', '>= 5.18.6'")],
                        under: "app")
        let changed = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(changed.exitCode == 2, "\(changed)")
        #expect(changed.stderr.hasPrefix("error: PublicImage 5.19.0 would come from trunk, but PublicImage is also a private pod of other"))
    }

    /// A private pod that trunk also holds, with a higher version: CocoaPods would take
    /// trunk's; compctl refuses unless the Podfile names the pod's source, and `graph
    /// --check` reports it.
    @Test func aPrivatePodTrunkAlsoHoldsIsDependencyConfusion() throws {
        let (world, specs, _) = try Self.world()
        try world.write(["Foo/9.9.9/Foo.podspec.json": jsonPodspec("Foo", "9.9.9")], under: "public")
        let cdn = try LocalCDN(folder: world("public"))
        try Self.appPodfile(world, specs: specs, pods: ["pod 'Foo', '>= 1.0'"])
        let environment = ["COMPCTL_TRUNK": cdn.url]
        let result = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: Foo 9.9.9 would come from trunk, but Foo is also a private pod of specs: CocoaPods "
            + "takes trunk's when trunk has a higher version, so whoever publishes Foo on trunk gets into the app "
            + "(dependency confusion, CocoaPods issue #10539); pin it to your source with "
            + "`pod 'Foo', :source => 'file://\(specs)'` in the Podfile, or rename the private pod\n")

        // With every pod given a `:source`, CocoaPods reads only those sources, so PublicNet
        // (on trunk only) is missing and the resolution fails, as `pod install` does.
        try Self.appPodfile(world, specs: specs, pods: ["pod 'Foo', '>= 1.0', :source => 'file://\(specs)'"])
        let alone = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(alone.exitCode == 2, "\(alone)")
        #expect(alone.stderr.contains("Unable to find a specification for `PublicNet (~> 2.0)` depended upon by `Foo`"))

        // Another pod without one keeps the Podfile's `source` lines in use.
        try Self.appPodfile(world, specs: specs, pods: ["pod 'Foo', '>= 1.0', :source => 'file://\(specs)'",
                                                        "pod 'PublicImage', '~> 5.18'"])
        let pinned = try world.compctl(["resolve"], in: world("app"), environment: environment)
        #expect(pinned.exitCode == 0, "\(pinned)")
        #expect(pinned.stdout.hasPrefix("Bar\t1.0.0\nFoo\t1.1.0\n"))

        try world.write(["compctl.yml": "spec_repos:\n  - name: acme\n    url: \(specs)\n"], under: "app")
        let check = try world.compctl(["graph", "--check"], in: world("app"), environment: environment)
        #expect(check.exitCode == 2, "\(check)")
        #expect(check.stdout == "shadowing: Foo is a private pod of acme that trunk also holds (up to 9.9.9): a Podfile "
            + "that reads trunk takes its Foo when that version is higher (dependency confusion, CocoaPods issue #10539); "
            + "give the pod a `:source` in the Podfile, or rename it\n")
        #expect(!cdn.requests().contains("/all_pods.txt"))
    }

    /// The enumerations read the private sources and never list a CDN, even one compctl.yml names.
    @Test func graphWithoutAPodfileNeverWalksACDN() throws {
        let (world, specs, cdn) = try Self.world()
        try world.write(["compctl.yml": """
            spec_repos:
              - name: acme
                url: \(specs)
              - name: public
                url: \(cdn.url)

            """], under: "app")
        let result = try world.compctl(["graph"], in: world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("Foo (1.1.0)"))
        #expect(!result.stdout.contains("PublicImage"))
        #expect(!cdn.requests().contains { $0.hasPrefix("/all_pods") && !$0.hasPrefix("/all_pods_versions_") })
    }
}

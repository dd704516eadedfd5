@testable import BinaryChannel
import Checksum
import Foundation
import Graph
import Podspec
import Testing
import TestSupport
import Versioning

/// Which channel each pod of a resolution comes from, and the compile check's prebuilt pods,
/// over an in-memory binary repo.
@Suite struct ChannelTests {
    let binaries = InMemorySpecProvider(name: "acme-binary", specs: [
        Specification(name: "Logger", version: "1.4.3",
                      source: .init(http: "file:///store/Logger/1.4.3/Logger.zip", sha256: String(repeating: "a", count: 64))),
        Specification(name: "UIKit", version: "2.4.1", source: .init(http: "file:///store/UIKit.zip", sha1: "b1")),
        Specification(name: "Cart", version: "1.2.1", source: .init(http: "file:///store/Cart.zip", sha256: "c")),
    ])

    func pod(_ name: String, _ version: String, from source: String = "acme") -> ResolvedPod {
        ResolvedPod(name: name, version: try! Version(version), source: source)
    }

    var pods: [ResolvedPod] {
        [pod("Cart", "1.2.1"), pod("Logger", "1.4.3", from: "acme-binary"), pod("Networking", "3.2.1"),
         pod("SDWebImage", "5.18.10", from: "trunk"), pod("UIKit", "2.4.1"),
         ResolvedPod(name: "Local", version: try! Version("1.0.0"), source: ":path", isExternal: true)]
    }

    @Test func eachPrivatePodsChannelAndWhy() throws {
        let chooser = ChannelChooser(binaries: binaries, binaryRepoNames: ["acme-binary"], devPods: ["Cart"])
        let channels = try chooser.channels(of: pods, privateSources: ["acme"])
        // Public and external pods have no channel.
        #expect(channels.map(\.pod) == ["Cart", "Logger", "Networking", "UIKit"])
        #expect(channels.map(\.text) == ["source (dev pod)", "binary", "source (no binary of 3.2.1)", "source (binary available)"])
        #expect(channels.map(\.chosen) == [.source, .binary, .source, .binary])
        #expect(ChannelChooser.fallbackNote(channels, binaryRepo: "acme-binary")
            == "acme-binary has no binary of Networking 3.2.1, so it comes from source; publish one with `compctl publish --binary`")
        #expect(ChannelChooser.warnings(channels, binaryRepo: "acme-binary").isEmpty)
        // A dev pod still taken from the binary repo: the switch that did not happen.
        let developing = ChannelChooser(binaries: binaries, binaryRepoNames: ["acme-binary"], devPods: ["Logger"])
        let warned = try developing.channels(of: pods, privateSources: ["acme"])
        #expect(warned.first { $0.pod == "Logger" }?.text == "binary (dev pod)")
        #expect(ChannelChooser.warnings(warned, binaryRepo: "acme-binary").count == 1)
    }

    @Test func theCheckTakesPrebuiltEveryPodButTheCandidatesAndTheDevPods() throws {
        let chooser = ChannelChooser(binaries: binaries, binaryRepoNames: ["acme-binary"], devPods: ["Cart"])
        let plan = try BinaryCheckPlan.make(pods: pods, chooser: chooser, privateSources: ["acme"],
                                            candidates: ["Logger"], address: "git@x:BinarySpecs.git")
        #expect(plan.pods.map(\.name) == ["UIKit"])
        #expect(plan.pods[0].url == "file:///store/UIKit.zip" && plan.pods[0].checksum?.algorithm == "sha1")
        // An empty binary repo (which no pod of the resolution came from): nothing prebuilt.
        let empty = ChannelChooser(binaries: EmptyBinaryRepository(name: "acme-binary"), binaryRepoNames: [], devPods: [])
        let fromSource = pods.filter { $0.source != "acme-binary" }
        #expect(try BinaryCheckPlan.make(pods: fromSource, chooser: empty, privateSources: ["acme"], candidates: [],
                                         address: "x").pods.isEmpty)
    }

    @Test func verifyComparesEachArchiveWithItsSpec() throws {
        let directory = try TemporaryDirectory()
        let path = directory("UIKit.zip")
        try Data("the archive".utf8).write(to: URL(fileURLWithPath: path))
        let good = PrebuiltPod(name: "UIKit", version: try Version("2.4.1"), url: "file://" + path,
                               checksum: ("sha256", SHA256.hex(Data("the archive".utf8)).uppercased()))
        try BinaryCheckPlan(address: "x", pods: [good]).verify(with: ArchiveFetcher())
        var bad = good
        bad.checksum = ("sha1", SHA1.hex(Data("another".utf8)))
        #expect(throws: BinaryError.checksumMismatch(pod: "UIKit", version: "2.4.1", url: "file://" + path, algorithm: "sha1",
                                                     expected: SHA1.hex(Data("another".utf8)), found: SHA1.hex(Data("the archive".utf8)))) {
            try BinaryCheckPlan(address: "x", pods: [bad]).verify(with: ArchiveFetcher())
        }
        var gone = good
        gone.url = "file://" + directory("gone.zip")
        #expect(throws: BinaryError.archiveUnreachable(pod: "UIKit", version: "2.4.1", url: gone.url, reason: "there is nothing at that URL")) {
            try BinaryCheckPlan(address: "x", pods: [gone]).verify(with: ArchiveFetcher())
        }
    }
}

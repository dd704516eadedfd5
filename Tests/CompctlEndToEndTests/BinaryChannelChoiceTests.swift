import Foundation
import Testing

/// Choosing per pod between the binary channel and source, on BinaryWorld's real repos: what
/// `resolve` says of each pod's channel, `pin --channel` switching a pod (its `:source` written
/// and removed through the Podfile editor), and the report's binary column.
@Suite(.serialized) struct BinaryChannelChoiceTests {
    /// BinaryWorld with Foo 1.0.0's binary published.
    static func world() throws -> BinaryWorld {
        let binary = try BinaryWorld()
        let published = try binary.publishBinary("Foo", at: "1.0.0")
        #expect(published.exitCode == 0, "\(published.stderr)")
        return binary
    }

    func compctl(_ binary: BinaryWorld, _ arguments: [String]) throws -> CommandResult {
        try binary.world.compctl(arguments + ["--podfile", binary.world("app/Podfile"), "--config", binary.world("config/binary.yml")])
    }

    @Test func reportSkewSaysWhichNewestReleaseHasABinaryAndCountsNoTwinAsShadowing() throws {
        let binary = try Self.world()
        let result = try binary.world.compctl(["report", "skew", "--config", binary.world("config/binary.yml")])
        #expect(result.exitCode == 0, "\(result.stderr)")
        // The Markdown table's columns, their padding aside.
        let table = result.stdout.replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        #expect(table.contains("| pod | layer | newest release | binary | newest rc |"), "\(result.stdout)")
        #expect(table.contains("| Foo | — | 1.0.0 | yes |"), "\(result.stdout)")
        #expect(table.contains("| Bar | — | 1.0.0 | missing |"), "\(result.stdout)")
        // The binary twin is not another source of Foo.
        #expect(!result.stdout.contains("more than one source") && !result.stderr.contains("more than one source"))
        let graph = try binary.world.compctl(["graph", "--check", "--config", binary.world("config/binary.yml")])
        #expect(graph.exitCode == 0, "\(graph.stdout)\(graph.stderr)")
        #expect(!graph.stdout.contains("more than one source") && !graph.stderr.contains("more than one source"))
    }

    @Test func resolveSaysEachPodsChannelAndWhy() throws {
        let binary = try Self.world()
        let result = try compctl(binary, ["resolve", "--channels", "--dev-pods", "Bar"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "Bar\t1.0.0\tsource (dev pod)\nFoo\t1.0.0\tsource (binary available)\n")
        // The binary repo is no source of the Podfile's pods unless a `:source` names it: no twin shadows its pod.
        #expect(!result.stderr.contains("more than one source"), "\(result.stderr)")
        // Without a dev pod, Bar's missing binary is said, not passed over.
        let fallback = try compctl(binary, ["resolve", "--channels"])
        #expect(fallback.stdout == "Bar\t1.0.0\tsource (no binary of 1.0.0)\nFoo\t1.0.0\tsource (binary available)\n")
        #expect(fallback.stderr.contains("binary-specs has no binary of Bar 1.0.0, so it comes from source; "
            + "publish one with `compctl publish --binary`"), "\(fallback.stderr)")
        // Scripts keep the command's contract, `Name<TAB>version`, unless they ask for the channels.
        let piped = try compctl(binary, ["resolve", "--dev-pods", "Bar"])
        #expect(piped.exitCode == 0, "\(piped.stderr)")
        #expect(piped.stdout == "Bar\t1.0.0\nFoo\t1.0.0\n")
        // graph says each pod's channel too, in text and JSON.
        let graph = try compctl(binary, ["graph", "--dev-pods", "Bar"])
        #expect(graph.exitCode == 0, "\(graph.stderr)")
        #expect(graph.stdout.contains("Bar (1.0.0) [source (dev pod)]\n"), "\(graph.stdout)")
        #expect(graph.stdout.contains("Foo (1.0.0) [source (binary available)]\n"), "\(graph.stdout)")
        let graphJSON = try compctl(binary, ["graph", "--json"])
        let graphDocument = try #require(try JSONSerialization.jsonObject(with: Data(graphJSON.stdout.utf8)) as? [String: Any])
        let pods = try #require(graphDocument["pods"] as? [[String: Any]])
        #expect(pods.first { $0["name"] as? String == "Bar" }?["channel"] as? String == "source (no binary of 1.0.0)", "\(graphJSON.stdout)")
        #expect(graphJSON.stderr.contains("binary-specs has no binary of Bar 1.0.0, so it comes from source"), "\(graphJSON.stderr)")
        let json = try compctl(binary, ["resolve", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let channels = try #require(document["channels"] as? [String: [String: Any]])
        #expect(channels["Foo"]?["channel"] as? String == "source" && channels["Foo"]?["chosen"] as? String == "binary")
        #expect(channels["Bar"]?["hasBinary"] as? Bool == false && channels["Bar"]?["chosen"] as? String == "source")
    }

    @Test func anEmptyBinaryRepoIsNoSourceOfThePodfile() throws {
        let binary = try BinaryWorld()
        let result = try compctl(binary, ["resolve", "--channels"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "Bar\t1.0.0\tsource (no binary of 1.0.0)\nFoo\t1.0.0\tsource (no binary of 1.0.0)\n")
    }

    @Test func aPodIsSwitchedToBinaryAndBackVisibly() throws {
        let binary = try Self.world()
        let podfile = binary.world("app/Podfile")
        let before = try String(contentsOfFile: podfile, encoding: .utf8)
        let switched = try compctl(binary, ["pin", "--channel", "Foo=binary"])
        #expect(switched.exitCode == 0, "\(switched.stderr)")
        #expect(switched.stdout == "Foo\tbinary\n")
        #expect(switched.stderr.contains("switched 1 pod in \(podfile)"), "\(switched.stderr)")
        let address = binary.world("binary-specs.git")
        // Only Foo's line changed, and only by its :source.
        #expect(try String(contentsOfFile: podfile, encoding: .utf8)
            == before.replacingOccurrences(of: "pod 'Foo', '1.0.0'", with: "pod 'Foo', '1.0.0', :source => '\(address)'"))
        let resolved = try compctl(binary, ["resolve", "--channels"])
        #expect(resolved.stdout == "Bar\t1.0.0\tsource (no binary of 1.0.0)\nFoo\t1.0.0\tbinary\n", "\(resolved.stderr)")
        // The binary repo is read now, and Foo's twin there is no shadowing pod.
        #expect(!resolved.stderr.contains("more than one source"), "\(resolved.stderr)")

        // Foo under development but still on binary: the switch that did not happen is a warning.
        let developing = try compctl(binary, ["resolve", "--channels", "--dev-pods", "Foo"])
        #expect(developing.stdout.contains("Foo\t1.0.0\tbinary (dev pod)\n"))
        #expect(developing.stderr.contains("warning: Foo is under development (dev_pods) but comes from the binary repo binary-specs"),
                "\(developing.stderr)")
        // A dev pod is not switched onto binary.
        let refused = try compctl(binary, ["pin", "--channel", "Foo=binary", "--dev-pods", "Foo"])
        #expect(refused.exitCode == 1)
        #expect(refused.stderr.contains("error: Foo is under development (dev_pods or --dev-pods), so it comes from source"))

        let back = try compctl(binary, ["pin", "--channel", "Foo=source"])
        #expect(back.exitCode == 0, "\(back.stderr)")
        #expect(back.stdout == "Foo\tsource\n")
        #expect(try String(contentsOfFile: podfile, encoding: .utf8) == before)
        let again = try compctl(binary, ["pin", "--channel", "Foo=source"])
        #expect(again.stderr.contains("already takes this pod from this channel; nothing to change"), "\(again.stderr)")
    }

    @Test func aBinaryTwinIsNoShadowingPodWhenTheBinaryRepoIsRead() throws {
        let binary = try Self.world()
        #expect(try binary.publishBinary("Bar", at: "1.0.0").exitCode == 0)
        #expect(try compctl(binary, ["pin", "--channel", "Foo=binary"]).exitCode == 0)
        // Foo's :source makes the binary repo a source of the Podfile. The Podfile names no
        // source line, so CocoaPods reads it before specs (which compctl.yml adds after): Bar,
        // whose line names no :source, comes from the binary repo, and that is said.
        let polluted = try compctl(binary, ["resolve", "--channels"])
        #expect(polluted.stdout == "Bar\t1.0.0\tbinary\nFoo\t1.0.0\tbinary\n", "\(polluted.stderr)")
        #expect(polluted.stderr.contains("warning: Bar comes from the binary repo binary-specs although its `pod` line names "
            + "no :source"), "\(polluted.stderr)")
        // With the source spec repo's `source` line first, Bar comes from source and its twin shadows nothing.
        let podfile = binary.world("app/Podfile")
        try ("source '\(binary.world("specs.git"))'\n" + (try String(contentsOfFile: podfile, encoding: .utf8)))
            .write(toFile: podfile, atomically: true, encoding: .utf8)
        let resolved = try compctl(binary, ["resolve", "--channels"])
        #expect(resolved.exitCode == 0, "\(resolved.stderr)")
        #expect(resolved.stdout == "Bar\t1.0.0\tsource (binary available)\nFoo\t1.0.0\tbinary\n")
        #expect(!resolved.stderr.contains("more than one source") && !resolved.stderr.contains("comes from the binary repo"),
                "\(resolved.stderr)")
        let graph = try compctl(binary, ["graph", "--check"])
        #expect(graph.exitCode == 0, "\(graph.stdout)\(graph.stderr)")
        #expect(!graph.stdout.contains("more than one source") && !graph.stderr.contains("more than one source"))
    }

    @Test func aPodWithoutABinaryIsNotSwitchedAndThePodfileIsUntouched() throws {
        let binary = try Self.world()
        let podfile = binary.world("app/Podfile")
        let before = try String(contentsOfFile: podfile, encoding: .utf8)
        let refused = try compctl(binary, ["pin", "--channel", "Bar=binary"])
        #expect(refused.exitCode == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr == "error: binary-specs has no binary of Bar; publish one with `compctl publish Bar.podspec --binary` first\n")
        #expect(refused.stdout.isEmpty)
        #expect(try String(contentsOfFile: podfile, encoding: .utf8) == before)
        let bad = try compctl(binary, ["pin", "--channel", "Bar=prebuilt"])
        #expect(bad.exitCode == 64)
        #expect(bad.stderr.contains("write NAME=binary or NAME=source"), "\(bad.stderr)")
    }

    @Test func aSwitchThatWouldChangeThePodsVersionIsRefused() throws {
        let binary = try Self.world()
        // Foo 1.1.0 is published from source; its binary is not. The Podfile allows it.
        try gitCLI("checkout", "-q", "1.1.0", in: binary.world("Foo"))
        let published = try binary.world.compctl(["publish", "Foo.podspec", "--repo", binary.world("specs.git")], in: binary.world("Foo"))
        #expect(published.exitCode == 0, "\(published.stderr)")
        let podfile = binary.world("app/Podfile")
        try (try String(contentsOfFile: podfile, encoding: .utf8)).replacingOccurrences(of: "pod 'Foo', '1.0.0'", with: "pod 'Foo', '~> 1.0'")
            .write(toFile: podfile, atomically: true, encoding: .utf8)
        let before = try String(contentsOfFile: podfile, encoding: .utf8)
        #expect(try compctl(binary, ["resolve", "--channels"]).stdout.contains("Foo\t1.1.0\tsource (no binary of 1.1.0)\n"))
        let refused = try compctl(binary, ["pin", "--channel", "Foo=binary"])
        #expect(refused.exitCode == 2, "\(refused.stderr)")
        #expect(refused.stderr == "error: switching Foo to binary would take 1.0.0 instead of 1.1.0: binary-specs has no binary "
            + "of 1.1.0; publish it with `compctl publish Foo.podspec --binary`, or pin Foo=1.0.0 first\n")
        #expect(try String(contentsOfFile: podfile, encoding: .utf8) == before)
    }
}

import Foundation
import Testing

/// The embedded sample (`Specs/`, `scripts/sample-app/`) and helpers shared by the
/// `resolve`, `graph` and `why` tests, which run from the package root.
enum SampleApp {
    static let config = ["--config", "scripts/sample-app/compctl.yml"]
    static let specs = TestPaths.packageRoot.appendingPathComponent("Specs").path

    /// Runs `compctl` from the package root, so that paths in messages are the relative ones.
    static func run(_ arguments: [String]) throws -> CommandResult {
        try compctl(arguments, in: TestPaths.packageRoot)
    }

    /// The pods `Podfile.lock` records (entries without a subspec), by name.
    static func lockedPods() throws -> [String: String] {
        let lock = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("scripts/sample-app/Podfile.lock"), encoding: .utf8)
        var result: [String: String] = [:]
        for line in lock.split(separator: "\n") {
            if line == "DEPENDENCIES:" { break }
            guard line.hasPrefix("  - "), !line.hasPrefix("    ") else { continue }
            let entry = line.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: ":"))
            let parts = entry.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, !parts[0].contains("/") else { continue }
            result[String(parts[0])] = String(parts[1].dropFirst().dropLast())
        }
        return result
    }

    /// The pods `Specs/` holds.
    static func managedPods() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: specs).filter { !$0.hasSuffix(".md") })
    }

    /// A Podfile for one target `App` on iOS 13 with `lines` in it, written into `directory`.
    @discardableResult
    static func podfile(_ lines: [String], in directory: TemporaryDirectory) throws -> String {
        let text = "platform :ios, '13.0'\n\ntarget 'App' do\n" + lines.map { "  \($0)\n" }.joined() + "end\n"
        return try directory.write(text, to: "Podfile").path
    }
}

/// The `resolve --json` document, decoded.
struct ResolveJSON: Decodable, Equatable {
    var schemaVersion: Int
    var pods: [String: String]
    var unmanaged: [String: String?]
    var conflict: String?
}

@Suite struct ResolveCommandTests {
    /// README "The main project": the resolution is exactly `Podfile.lock` for every pod
    /// `Specs/` holds; SDWebImage is unmanaged, at its locked version.
    @Test func resolvesTheSampleToItsLock() throws {
        let locked = try SampleApp.lockedPods()
        let managed = try SampleApp.managedPods()
        let expected = locked.filter { managed.contains($0.key) }.sorted { $0.key < $1.key }
            .map { "\($0.key)\t\($0.value)\n" }.joined()
        #expect(expected.split(separator: "\n").count == 25)

        let result = try SampleApp.run(["resolve"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == expected)
        #expect(result.stderr == "warning: trunk is not read (compctl.yml says trunk: off), so 1 public pod is taken at "
            + "the version Podfile.lock records, unresolved, with the dependencies it records there: SDWebImage 5.18.10\n")
    }

    /// A `resolve` line with long options only skips ArgumentParser's command tree
    /// (QuickPath, for start-up time); a `--` at its end sends the same line through the
    /// full parser. Both must print the same bytes and exit alike, failures included.
    @Test(arguments: [
        ["resolve"] + SampleApp.config,
        ["resolve", "--podfile=scripts/sample-app/Podfile", "--source", "Specs", "--json"],
        ["resolve", "--update", "XXHome"] + SampleApp.config,
        ["resolve", "XXHome"] + SampleApp.config,
        ["resolve", "--podfile", "no/such/Podfile"],
        ["resolve", "--json", "--podfile", "no/such/Podfile"],
        ["resolve", "--podfile", "scripts/sample-app/Podfile", "--source", "no-such-source"],
        ["resolve", "--config", "no/such/compctl.yml"],
        // Pods without --update (exit 64) with the JSON failure document, options after pods,
        // an empty pod, values with `=`, a package, a CDN source that refuses, the flags.
        ["resolve", "--json", "XXHome", "--channels"] + SampleApp.config,
        ["resolve", "XXHome", "--update", "", "--config=scripts/sample-app/compctl.yml", "--json"],
        ["resolve", "--podfile=scripts/sample-app/Podfile", "--source", "Specs", "--dev-pods", "XXHome,=x", "--channels"],
        ["resolve", "--package", "no/such", "--json"],
        ["resolve", "--podfile", "scripts/sample-app/Podfile", "--source", "http://127.0.0.1:1/", "--json"],
        ["resolve", "--offline", "--update", "Ünïcødé"] + SampleApp.config,
    ])
    func theQuickPathPrintsWhatTheFullParserPrints(_ line: [String]) throws {
        let fast = try SampleApp.run(line)
        let parsed = try SampleApp.run(line + ["--"])
        #expect(fast.exitCode == parsed.exitCode, "\(fast) against \(parsed)")
        #expect(fast.stdout == parsed.stdout, "\(fast) against \(parsed)")
        #expect(fast.stderr == parsed.stderr, "\(fast) against \(parsed)")
    }

    /// `--podfile` and `--source` instead of the configuration give the same answer.
    @Test func takesThePodfileAndSourcesFromFlags() throws {
        let fromConfig = try SampleApp.run(["resolve"] + SampleApp.config)
        let fromFlags = try SampleApp.run(["resolve", "--podfile", "scripts/sample-app/Podfile", "--source", "Specs"])
        #expect(fromFlags.exitCode == 0, "\(fromFlags)")
        #expect(fromFlags.stdout == fromConfig.stdout)
    }

    /// A SOURCE may be a name from compctl.yml.
    @Test func takesASourceByItsConfiguredName() throws {
        let byName = try SampleApp.run(["resolve", "--source", "acme", "--podfile", "scripts/sample-app/Podfile"] + SampleApp.config)
        let byConfig = try SampleApp.run(["resolve"] + SampleApp.config)
        #expect(byName.exitCode == 0, "\(byName)")
        #expect(byName.stdout == byConfig.stdout)
        #expect(byName.stderr == byConfig.stderr)
    }

    /// The document on stdout; why public pods are unmanaged stays a warning on stderr.
    @Test func printsJSON() throws {
        let result = try SampleApp.run(["resolve", "--json"] + SampleApp.config)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr == "warning: trunk is not read (compctl.yml says trunk: off), so 1 public pod is taken at "
            + "the version Podfile.lock records, unresolved, with the dependencies it records there: SDWebImage 5.18.10\n")
        let document = try JSONDecoder().decode(ResolveJSON.self, from: Data(result.stdout.utf8))
        let managed = try SampleApp.managedPods()
        #expect(document == ResolveJSON(
            schemaVersion: 1, pods: try SampleApp.lockedPods().filter { managed.contains($0.key) },
            unmanaged: ["SDWebImage": "5.18.10"], conflict: nil))
    }

    /// The rc that XXOrder pins cannot meet the target's `~> 1.9`: both requirements are named
    /// with who states them, and the exit code is 2.
    @Test func explainsAConflict() throws {
        let directory = try TemporaryDirectory()
        let podfile = try SampleApp.podfile(["pod 'XXOrder', '1.6.0'", "pod 'XXPay', '~> 1.9'"], in: directory)
        let result = try SampleApp.run(["resolve", "--podfile", podfile, "--source", "Specs"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == """
            error: \(podfile) cannot be resolved:
            Because target 'App' depends on XXOrder (= 1.6.0) which depends on XXPay (= 2.1.0-rc.2), XXPay (= 2.1.0-rc.2) is required.
            So, because target 'App' depends on XXPay (~> 1.9), version solving failed.

            """)

        let json = try SampleApp.run(["resolve", "--json", "--podfile", podfile, "--source", "Specs"])
        #expect(json.exitCode == 2, "\(json)")
        let document = try JSONDecoder().decode(ResolveJSON.self, from: Data(json.stdout.utf8))
        #expect(document.pods.isEmpty)
        #expect(document.conflict == """
            Because target 'App' depends on XXOrder (= 1.6.0) which depends on XXPay (= 2.1.0-rc.2), XXPay (= 2.1.0-rc.2) is required.
            So, because target 'App' depends on XXPay (~> 1.9), version solving failed.
            """)
    }

    /// Two targets whose requirements on one pod cannot meet: each target is named.
    @Test func namesEachTargetInAConflict() throws {
        let directory = try TemporaryDirectory()
        let podfile = try directory.write("""
            platform :ios, '13.0'
            target 'App' do
              pod 'XXLogger', '~> 1.4'
            end
            target 'Widget' do
              pod 'XXLogger', '1.3.0'
            end

            """, to: "Podfile").path
        let result = try SampleApp.run(["resolve", "--podfile", podfile, "--source", "Specs"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr == """
            error: \(podfile) cannot be resolved:
            Because target 'App' depends on XXLogger (~> 1.4) and target 'Widget' depends on XXLogger (= 1.3.0), version solving failed.

            """)
    }

    /// Lines the reader cannot evaluate are warnings naming the line; the rest resolves.
    @Test func warnsAboutLinesItSkips() throws {
        let directory = try TemporaryDirectory()
        let podfile = try SampleApp.podfile(["pod 'XXLogger', logger_version", "pod 'XXAssets', '~> 1.2'"], in: directory)
        let result = try SampleApp.run(["resolve", "--podfile", podfile, "--source", "Specs"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "XXAssets\t1.3.0\n")
        #expect(result.stderr == "warning: \(podfile):4: the requirement `logger_version` of `XXLogger` is not a string "
            + "literal or a variable holding one; the pod is skipped\n")
    }

    /// A `:path` pod is taken at its own spec's version, and its dependencies are resolved.
    @Test func resolvesALocalPathPod() throws {
        let directory = try TemporaryDirectory()
        try directory.write("""
            {"name": "Feature", "version": "0.1.0", "source": {"git": "https://example.com/Feature.git", "tag": "0.1.0"},
             "platforms": {"ios": "13.0"}, "dependencies": {"XXLogger": ["~> 1.3.0"]}}
            """, to: "Feature/Feature.podspec.json")
        let podfile = try SampleApp.podfile(["pod 'Feature', :path => 'Feature'"], in: directory)
        let result = try SampleApp.run(["resolve", "--podfile", podfile, "--source", "Specs"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Feature\t0.1.0\nXXLogger\t1.3.0\n")
        #expect(result.stderr == "")
    }

    /// A `:source` naming a configured spec repo by its URL restricts the pod to that repo.
    @Test func mapsAPodSourceToTheConfiguredRepo() throws {
        let directory = try TemporaryDirectory()
        try directory.write("""
            spec_repos:
              - name: acme
                url: \(SampleApp.specs)
                priority: 1

            """, to: "compctl.yml")
        let podfile = try SampleApp.podfile(["pod 'XXLogger', '~> 1.4', :source => '\(SampleApp.specs)/'"], in: directory)
        let result = try compctl(["resolve", "--podfile", podfile], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "XXLogger\t1.4.2\n")
    }

    /// A spec that does not parse is skipped for the next version, and reported as junk of
    /// its repo with its path, like the other junk in the pod directories read.
    @Test func skipsAnUnreadableSpecAndSaysWhere() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"name": "Foo", "version": "1.0.0"}"#, to: "repo/Foo/1.0.0/Foo.podspec.json")
        try directory.write(#"{"name": "Foo", "version": "#, to: "repo/Foo/2.0.0/Foo.podspec.json")
        try directory.write("", to: "repo/Foo/.DS_Store")
        try SampleApp.podfile(["pod 'Foo'"], in: directory)
        let result = try compctl(["resolve", "--source", "repo"], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Foo\t1.0.0\n")
        #expect(result.stderr == """
            warning: repo: Foo/.DS_Store: hidden file
            warning: repo: Foo/2.0.0/Foo.podspec.json: spec does not parse (line 1): malformed JSON: the JSON ends where a value was expected; fix the JSON syntax

            """)
    }

    @Test func reportsAMissingPodfile() throws {
        let result = try SampleApp.run(["resolve", "--podfile", "no/such/Podfile", "--source", "Specs"])
        #expect(result.exitCode == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: no Podfile at 'no/such/Podfile'; pass --podfile PATH, "
            + "or name the main project's podfile in compctl.yml\n")
    }

    /// Without --podfile and without a configuration, ./Podfile is read.
    @Test func looksForAPodfileInTheCurrentDirectory() throws {
        let directory = try TemporaryDirectory()
        let result = try compctl(["resolve", "--source", SampleApp.specs], in: directory.url)
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: no Podfile at 'Podfile'; pass --podfile PATH, "
            + "or name the main project's podfile in compctl.yml\n")
    }

    @Test func reportsAnUnknownSource() throws {
        let result = try SampleApp.run(["resolve", "--source", "nowhere"] + SampleApp.config)
        #expect(result.exitCode == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: no spec repo 'nowhere': it is not a name from compctl.yml or `compctl repo add` "
            + "(known: acme), not a git URL, and no such directory exists; pass a name, a URL or the path of a spec repo\n")
    }

    @Test func reportsEveryBadSourceAtOnce() throws {
        let result = try SampleApp.run(["resolve", "--source", "nowhere", "--source", "scripts"] + SampleApp.config)
        #expect(result.exitCode == 1)
        #expect(result.stderr == """
            error: no spec repo 'nowhere': it is not a name from compctl.yml or `compctl repo add` (known: acme), not a git URL, and no such directory exists; pass a name, a URL or the path of a spec repo
            error: 'scripts' is not a spec repo: it has no Specs/ folder, no CocoaPods-version.yml and no pod folder with a version folder in it (Name/1.0.0/Name.podspec.json); pass the root of a spec repo checkout

            """)
    }

    /// A git source that cannot be reached is a precise error, without the credentials.
    @Test func reportsAnUnreachableGitURLWithoutShowingCredentials() throws {
        let world = try GitWorld()
        let port = try freeLocalPort()
        let result = try compctl(["resolve", "--source", "http://ci:s3cret@127.0.0.1:\(port)/Specs.git"] + SampleApp.config,
                                 in: TestPaths.packageRoot, environment: world.environment)
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: cannot reach http://***@127.0.0.1:\(port)/Specs.git: failed to connect to "
            + "127.0.0.1: Connection refused; check the url, the network, and that the repository exists\n")
        #expect(try world.cacheEntries().isEmpty)
    }

    /// A Podfile that names no source reads trunk, as CocoaPods does; with trunk turned
    /// off its pods are unmanaged, and the warning says why.
    @Test func aPodfileWithoutSourceLinesReadsTrunk() throws {
        let directory = try TemporaryDirectory()
        let podfile = try SampleApp.podfile(["pod 'XXLogger'"], in: directory)
        let result = try compctl(["resolve", "--podfile", podfile], in: directory.url)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "warning: trunk is not read (COMPCTL_TRUNK=off), so 1 public pod is taken at the version "
            + "Podfile.lock records, unresolved, with the dependencies it records there: XXLogger (not in Podfile.lock)\n")
    }

    /// A Podfile without pods or sources has nothing to read.
    @Test func needsASource() throws {
        let directory = try TemporaryDirectory()
        let podfile = try SampleApp.podfile([], in: directory)
        let result = try compctl(["resolve", "--podfile", podfile], in: directory.url)
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: no spec repo to read: pass --source DIR, or list spec_repos in compctl.yml "
            + "(see compctl init)\n")
    }

    @Test func reportsAMalformedRequirement() throws {
        let directory = try TemporaryDirectory()
        let podfile = try SampleApp.podfile(["pod 'XXLogger', '~> one'"], in: directory)
        let result = try SampleApp.run(["resolve", "--podfile", podfile, "--source", "Specs"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.hasPrefix("error: the requirement of target 'App' on XXLogger is malformed: "), "\(result)")
    }

    @Test func rejectsAnUnknownFlag() throws {
        let result = try SampleApp.run(["resolve", "--bogus"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown option '--bogus'\n"), "\(result)")
    }
}

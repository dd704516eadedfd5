import Foundation
import SpecRepo
import Testing

/// `resolve` uses its CDN copies at once (the metadata, the deprecation list, the shards) and
/// revalidates them meanwhile: whatever changed on the CDN since the last run, a warm run must
/// print what a run with an empty cache prints against the same CDN.
@Suite struct CDNWarmRunTests {
    /// The CDN goes through one change after another; after each, a warm run and a cold run
    /// (a new `COMPCTL_HOME`) print the same, down to the exit code. A new layout stops the
    /// warm run that met it (the error names the file and says to run again) and the next
    /// run reads by it; a CDN that answers 500 leaves the warm run its copies, said on stderr.
    @Test func aWarmRunPrintsWhatAColdRunPrintsWhateverChangedOnTheCDN() throws {
        let (world, specs, _) = try PodfileSourcesTests.world()
        let repository = try SpecRepository(directory: world("public"))
        let base = CDNTree.from(repository)
        let imagePath = base.layout.podPath(for: "PublicImage") + "/5.19.0/PublicImage.podspec.json"

        var newer = base
        newer.add(name: "PublicImage", version: "5.20.0", json: Data(jsonPodspec("PublicImage", "5.20.0").utf8))
        newer.finish()
        var deprecated = base
        deprecated.add(name: "PublicImage", version: "5.19.0", json: Data("""
            {"name": "PublicImage", "version": "5.19.0", "deprecated_in_favor_of": "PublicImageKit",
             "source": {"git": "https://git.example/x.git", "tag": "5.19.0"}}
            """.utf8))
        deprecated.finish(deprecated: [imagePath])
        var bumped = base.files
        bumped["CocoaPods-version.yml"] = Data("---\nmin: 1.0.0\nlast: 1.99.0\nprefix_lengths:\n- 1\n- 1\n- 1\n".utf8)
        var proxyPage = base.files
        proxyPage["CocoaPods-version.yml"] = Data("<html>Down for maintenance</html>\n".utf8)
        var noList = base.files
        noList[CDNSource.deprecatedListFile] = nil
        var noShard = base.files
        noShard[CDNSource.indexFile(fragment: base.layout.shards(for: "PublicNet"))] = nil
        var relaid = CDNTree.from(repository, prefixLengths: [2])
        relaid.add(name: "PublicImage", version: "5.19.0", json: deprecated.files[imagePath]!)
        relaid.finish(deprecated: [relaid.layout.podPath(for: "PublicImage") + "/5.19.0/PublicImage.podspec.json"])

        let served = Locked(base.files)
        let failing = Locked(false)
        let server = try LoopbackHTTPServer { request, _ in
            if failing.withLock({ $0 }) { return HTTPResponse(status: 500, body: Data("down".utf8)) }
            return HTTPResponse.content(served.withLock { $0 }[String(request.path.dropFirst())], for: request)
        }
        try PodfileSourcesTests.appPodfile(world, specs: specs)
        let trunk = ["COMPCTL_TRUNK": server.baseURL + "/"]
        var colds = 0
        func run(home: String? = nil) throws -> String {
            var environment = trunk
            if let home { environment["COMPCTL_HOME"] = home }
            let result = try world.compctl(["resolve"], in: world("app"), environment: environment)
            return "exit \(result.exitCode)\n\(result.stdout)--\n\(result.stderr)"
        }
        func expectWarmIsCold(_ state: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            colds += 1
            let cold = try run(home: world("cold-\(colds)"))
            let warm = try run()
            #expect(warm == cold, "\(state)", sourceLocation: sourceLocation)
        }

        _ = try run()
        for (state, files) in [
            ("a version published", newer.files), ("the version pulled again", base.files),
            ("a new last: in the metadata", bumped), ("no deprecated_podspecs.txt", noList),
            ("PublicNet's shard gone", noShard), ("back as it was", base.files),
            // A page where the metadata was: cached by the run that meets it, which must not
            // keep the next runs from the mended CDN.
            ("a proxy's page for the metadata", proxyPage), ("the CDN mended", base.files),
            // Last: a spec's copy is kept once the list no longer names it, as CocoaPods keeps
            // its own (CDNSource#deprecated_local_podspecs fetches only the specs listed), so
            // a warm run after an un-deprecation would still say deprecated where a cold one
            // does not. Trunk has no un-deprecation.
            ("PublicImage 5.19.0 deprecated", deprecated.files),
        ] {
            served.withLock { $0 = files }
            try expectWarmIsCold(state)
        }

        served.withLock { $0 = relaid.files }
        let stopped = try run()
        #expect(stopped == "exit 1\n--\nerror: \(server.baseURL)/CocoaPods-version.yml changed its layout (prefix_lengths) "
            + "while compctl read the copy it had; the new one is cached now: run the command again\n")
        try expectWarmIsCold("the next run, by the new layout")

        served.withLock { $0 = deprecated.files }
        #expect(try run().hasPrefix("exit 1\n--\nerror: "), "the old layout back stops the run that meets it")
        try expectWarmIsCold("the old layout back, the run after")

        let good = try run()
        failing.withLock { $0 = true }
        let stale = try run()
        #expect(stale.hasPrefix(good.components(separatedBy: "--\n")[0] + "--\n"), "the copies' answer: \(stale)")
        #expect(stale.contains("could not be revalidated"), "\(stale)")
    }
    /// Five warm runs at once on one cache while the CDN publishes a version and deprecates
    /// another: each ends well with the resolution of before or of after, and the run after
    /// them all prints the answer of after, as a cold run does.
    @Test func warmRunsAtOnceWhileTheCDNChangesEachAnswerWhole() throws {
        let (world, specs, _) = try PodfileSourcesTests.world()
        let base = CDNTree.from(try SpecRepository(directory: world("public")))
        var changed = base
        changed.add(name: "PublicNet", version: "2.2.0", json: Data(jsonPodspec("PublicNet", "2.2.0",
                                                                                dependencies: ["PublicCore": ["~> 1.0"]]).utf8))
        changed.add(name: "PublicImage", version: "5.19.0", json: Data("""
            {"name": "PublicImage", "version": "5.19.0", "deprecated": true,
             "source": {"git": "https://git.example/x.git", "tag": "5.19.0"}}
            """.utf8))
        changed.finish(deprecated: [base.layout.podPath(for: "PublicImage") + "/5.19.0/PublicImage.podspec.json"])
        let changedFiles = changed.files
        let served = Locked(base.files)
        let server = try LoopbackHTTPServer { request, _ in
            HTTPResponse.content(served.withLock { $0 }[String(request.path.dropFirst())], for: request).delayed(by: 0.002)
        }
        try PodfileSourcesTests.appPodfile(world, specs: specs)
        @Sendable func run(home: String? = nil) -> String {
            var environment = ["COMPCTL_TRUNK": server.baseURL + "/"]
            if let home { environment["COMPCTL_HOME"] = home }
            guard let result = try? world.compctl(["resolve"], in: world("app"), environment: environment) else { return "did not run" }
            return "exit \(result.exitCode)\n\(result.stdout)--\n\(result.stderr)"
        }
        let before = run()
        served.withLock { $0 = changed.files }
        let after = run(home: world("cold"))
        served.withLock { $0 = base.files }
        #expect(before != after)
        for round in 0..<5 {
            served.withLock { $0 = base.files }
            _ = run()
            let outputs = Locked([String]())
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                if index == 5 {
                    Thread.sleep(forTimeInterval: 0.01 * Double(round + 1))
                    served.withLock { $0 = changedFiles }
                    return
                }
                let output = run()
                outputs.withLock { $0.append(output) }
            }
            // The CDN is not one transaction: a run may read the shard before the change and the
            // list after it, as a cold run at that moment would. Each part is whole, though.
            let parts = [before, after].map { $0.components(separatedBy: "--\n") }
            for output in outputs.withLock({ $0 }) {
                let part = output.components(separatedBy: "--\n")
                #expect(part.count == 2 && parts.contains { $0[0] == part[0] } && parts.contains { $0[1] == part[1] },
                        "round \(round): \(output)\nbefore: \(before)\nafter: \(after)")
            }
            #expect(run() == after, "round \(round): the run after")
        }
    }
}

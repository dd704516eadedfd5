import Foundation
import Testing

/// `compctl resolve` against a Podfile.lock, as `pod install` and `pod update` treat it, and
/// the errors `pod install` stops on: a cycle and a pod no source holds.
@Suite struct ResolveLockTests {
    /// A Podfile naming XXLogger with `requirement`, and a Podfile.lock that locked 1.4.0 for
    /// `~> 1.4` (1.4.1 and 1.4.2 are published since).
    /// The project's directory (kept while the test runs) and its Podfile.
    struct Project {
        var directory: TemporaryDirectory
        var podfile: String
    }

    private func project(_ requirement: String = "~> 1.4") throws -> Project {
        let directory = try TemporaryDirectory()
        let podfile = try SampleApp.podfile(["pod 'XXLogger', '\(requirement)'"], in: directory)
        try directory.write("""
            PODS:
              - XXLogger (1.4.0)

            DEPENDENCIES:
              - XXLogger (~> 1.4)

            SPEC REPOS:
              https://git.acme.example/ios/Specs.git:
                - XXLogger

            COCOAPODS: 1.15.2

            """, to: "Podfile.lock")
        return Project(directory: directory, podfile: podfile)
    }

    /// `pod install` keeps the locked version while the Podfile still accepts it.
    @Test func keepsTheLockedVersion() throws {
        let project = try project()
        let result = try SampleApp.run(["resolve", "--podfile", project.podfile, "--source", "Specs"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "XXLogger\t1.4.0\n")
    }

    /// A Podfile requirement the locked version no longer meets unlocks the pod.
    @Test func aChangedRequirementUnlocksThePod() throws {
        let project = try project("1.4.1")
        let result = try SampleApp.run(["resolve", "--podfile", project.podfile, "--source", "Specs"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "XXLogger\t1.4.1\n")
    }

    /// `--update` answers `pod update`, `--update NAME` answers `pod update NAME`.
    @Test func updateMovesThePods() throws {
        let project = try project()
        for arguments in [["--update"], ["--update", "XXLogger"]] {
            let result = try SampleApp.run(["resolve", "--podfile", project.podfile, "--source", "Specs"] + arguments)
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout == "XXLogger\t1.4.2\n")
        }
    }

    /// `pod update NAME` of a pod the lock does not have, and pod names without `--update`.
    @Test func rejectsPodsItCannotUpdate() throws {
        let project = try project()
        let unknown = try SampleApp.run(["resolve", "--podfile", project.podfile, "--source", "Specs", "--update", "XXNope"])
        #expect(unknown.exitCode == 1, "\(unknown)")
        #expect(unknown.stderr == "error: the `XXNope` pod is not in Podfile.lock, so it cannot be updated; "
            + "check the name, or resolve without --update\n")
        let usage = try SampleApp.run(["resolve", "--podfile", project.podfile, "--source", "Specs", "XXLogger"])
        #expect(usage.exitCode == 64, "\(usage)")
        #expect(usage.stderr.contains("pod names (XXLogger) go with --update: compctl resolve --update XXLogger"))
    }

    /// A spec repo with a cycle, named by the Podfile's only `source` line, which compctl
    /// reads: `pod install` stops on the cycle, and so does compctl (exit 2).
    @Test func stopsOnACycle() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"name": "A", "version": "1.0.0", "dependencies": {"B": []}}"#, to: "repo/A/1.0.0/A.podspec.json")
        try directory.write(#"{"name": "B", "version": "1.0.0", "dependencies": {"A": []}}"#, to: "repo/B/1.0.0/B.podspec.json")
        let repo = directory.url.appendingPathComponent("repo").path
        let podfile = try directory.write("source '\(repo)'\nplatform :ios, '13.0'\ntarget 'App' do\n  pod 'A'\nend\n", to: "Podfile").path
        let result = try compctl(["resolve", "--podfile", podfile, "--source", repo], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(podfile) cannot be resolved:\nThere is a circular dependency between A and B\n")
    }

    /// When every source of the Podfile is read, a dependency on a pod none holds stops the
    /// resolution as it stops `pod install`; with a source compctl does not read (trunk), the
    /// pod is left out as unmanaged.
    @Test func podNoSourceHoldsFailsWhenEverySourceIsRead() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"name": "A", "version": "1.0.0", "dependencies": {"Gone": ["~> 1.0"]}}"#,
                            to: "repo/A/1.0.0/A.podspec.json")
        let repo = directory.url.appendingPathComponent("repo").path
        let podfile = try directory.write("source '\(repo)'\nplatform :ios, '13.0'\ntarget 'App' do\n  pod 'A'\nend\n", to: "Podfile").path
        let result = try compctl(["resolve", "--podfile", podfile, "--source", repo], in: directory.url)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.hasPrefix("""
            error: \(podfile) cannot be resolved:
            Unable to find a specification for `Gone (~> 1.0)` depended upon by `A`
            """), "\(result)")

        let withTrunk = try directory.write("source 'https://cdn.cocoapods.org/'\nsource '\(repo)'\n"
            + "platform :ios, '13.0'\ntarget 'App' do\n  pod 'A'\nend\n", to: "Podfile").path
        let unmanaged = try compctl(["resolve", "--podfile", withTrunk, "--source", repo], in: directory.url)
        #expect(unmanaged.exitCode == 0, "\(unmanaged)")
        #expect(unmanaged.stdout == "A\t1.0.0\n")
    }
}

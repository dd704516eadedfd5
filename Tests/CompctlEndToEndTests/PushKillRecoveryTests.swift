import Foundation
import Testing

/// `integrate --recover` with the built binary after a kill inside the push of the pins, a
/// window too narrow for KillHarnessTests' timed kills to hit: a real `--push` or
/// `--push-branch` integrate runs to its end, then the main project is put back into the
/// state the kill leaves (the local side not yet updated) with the journal it would have
/// written. Recovery must bring the checkout to the commit the push made, with no second
/// commit, and leave the branch that was checked out as it was.
@Suite struct PushKillRecoveryTests {
    /// Killed after origin's main took the pin commit and before the local main followed.
    @Test func pushKilledAfterOriginTookTheCommitFastForwards() throws {
        let fixture = try IntegrateWorld()
        let app = fixture.world("app")
        let integrated = try fixture.integrate(["Foo=1.1.0", "--push", "--check-command", "true"])
        #expect(integrated.exitCode == 0, "\(integrated.stderr)")
        let pushed = try gitCLI("rev-parse", "HEAD", in: app)
        try gitCLI("reset", "-q", "--mixed", "HEAD~1", in: app)
        try leaveJournal(fixture, pushing: ["branch": "main", "newBranch": false, "commits": [pushed]])

        let recovered = try fixture.world.compctl(["integrate", "--recover"], in: app)
        #expect(recovered.exitCode == 0, "\(recovered)")
        #expect(recovered.stderr.contains("origin/main already has its commit \(pushed.prefix(8)); fast-forwarded main to it"),
                "\(recovered.stderr)")
        #expect(try gitCLI("rev-parse", "main", in: app) == pushed)
        #expect(try gitCLI("--git-dir", fixture.world("app.git"), "rev-parse", "main") == pushed)
        #expect(try gitCLI("log", "--format=%s", in: app) == "Integrate Foo 1.1.0\napp")
        #expect(try gitCLI("status", "--porcelain", in: app) == "")
        #expect(!FileManager.default.fileExists(atPath: app + "/.compctl/integrate.journal"))
    }

    /// Killed after the new branch's commit was made and before HEAD switched to it (so
    /// before it was pushed).
    @Test func pushBranchKilledBeforeTheSwitchMovesToTheNewBranch() throws {
        let fixture = try IntegrateWorld()
        let app = fixture.world("app")
        let base = try gitCLI("rev-parse", "main", in: app)
        let integrated = try fixture.integrate(["Foo=1.1.0", "--push-branch", "pins/foo", "--check-command", "true"])
        #expect(integrated.exitCode == 0, "\(integrated.stderr)")
        let commit = try gitCLI("rev-parse", "pins/foo", in: app)
        try gitCLI("push", "-q", "origin", "--delete", "pins/foo", in: app)
        try gitCLI("symbolic-ref", "HEAD", "refs/heads/main", in: app)
        try gitCLI("reset", "-q", in: app)
        try leaveJournal(fixture, pushing: ["branch": "pins/foo", "newBranch": true, "commits": [String]()])

        let recovered = try fixture.world.compctl(["integrate", "--recover"], in: app)
        #expect(recovered.exitCode == 0, "\(recovered)")
        #expect(recovered.stderr.contains("its commit \(commit.prefix(8)) is on pins/foo; switched to pins/foo (main is left as it was)"),
                "\(recovered.stderr)")
        #expect(try gitCLI("rev-parse", "main", in: app) == base)
        #expect(try gitCLI("symbolic-ref", "--short", "HEAD", in: app) == "pins/foo")
        #expect(try gitCLI("rev-parse", "HEAD", in: app) == commit)
        #expect(try gitCLI("status", "--porcelain", in: app) == "")
    }

    /// The journal a kill inside the pin commit's push leaves: `published`, the spec repo's
    /// new commit offered, the Podfile's original, and `pushing`.
    private func leaveJournal(_ fixture: IntegrateWorld, pushing: [String: Any]) throws {
        let specs = fixture.world("specs.git")
        let original = try gitCLI("show", "HEAD:Podfile", in: fixture.world("app")) + "\n"
        let journal: [String: Any] = [
            "step": "published", "pins": ["Foo=1.1.0"], "pid": 999_999,
            "files": [["path": "Podfile", "original": Data(original.utf8).base64EncodedString()], ["path": "Podfile.lock"]],
            "publishing": ["url": specs, "branch": try gitCLI("--git-dir", specs, "symbolic-ref", "--short", "HEAD"),
                           "commits": [try gitCLI("--git-dir", specs, "rev-parse", "HEAD")]],
            "pushing": pushing,
        ]
        let folder = fixture.world("app/.compctl")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: journal).write(to: URL(fileURLWithPath: folder + "/integrate.journal"))
    }
}

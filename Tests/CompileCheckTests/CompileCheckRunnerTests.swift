import CompileCheck
import Foundation
import Testing

/// Real processes. The time limit bounds a broken termination, which would otherwise wait out
/// the `sleep 100` of the timeout and cancellation tests; their upper bounds (30 s) tell a
/// stopped group from that sleep with room for a machine loaded by the parallel suite.
@Suite(.timeLimit(.minutes(1))) struct CompileCheckRunnerTests {
    @Test func passingCommandReportsPassedWithItsOutput() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let started = ContinuousClock.now
        let outcome = try await CompileCheckRunner().run(.test(.shell("echo hello; echo world"), in: directory))
        let elapsed = ContinuousClock.now - started

        #expect(outcome.status == .passed)
        #expect(outcome.tail == ["hello", "world"])
        #expect(outcome.logPath == directory.path("logs/check.log"))
        #expect(try directory.log() == "hello\nworld\n")
        // The command's own time, within the call's: no bound in seconds, which a loaded
        // machine running the suite in parallel exceeded (17 s for two echoes).
        #expect(outcome.duration > .zero)
        #expect(outcome.duration <= elapsed)
    }

    @Test func failingCommandReportsItsExitCodeAndTheLastLines() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let command = CheckCommand.shell("for i in 1 2 3 4 5; do echo \"line $i\"; done; exit 3")

        let outcome = try await CompileCheckRunner().run(.test(command, in: directory, tailLineCount: 3))

        #expect(outcome.status == .failed(exitCode: 3))
        #expect(outcome.status.description == "failed with exit code 3")
        #expect(outcome.tail == ["line 3", "line 4", "line 5"])
    }

    @Test func commandKilledByAnotherSignalIsReportedAsSignalled() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let outcome = try await CompileCheckRunner().run(.test(.shell("echo dying; kill -KILL $$"), in: directory))

        #expect(outcome.status == .signalled(SIGKILL))
        #expect(outcome.status.description == "was killed by signal 9 (SIGKILL)")
        #expect(outcome.tail == ["dying"])
    }

    @Test func shellExpandsTheContextVariablesAndCompctlInterpolatesNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var environment = CheckEnvironment.variables(
            components: [("Foo", "0.1.8"), ("Bar", "2.0.0")], stagedSpecRepo: "/tmp/staged specs",
            podfile: directory.path("Podfile"))
        // A value that would run a command if anyone pasted it into the command line.
        environment["COMPCTL_EXTRA"] = "x'; touch pwned; echo '"

        let command = CheckCommand.shell(
            #"echo "$COMPCTL_COMPONENTS"; echo "$COMPCTL_STAGED_SPEC_REPO"; echo "$COMPCTL_PODFILE"; echo "$COMPCTL_EXTRA"; echo "${COMPCTL_COMPONENT-unset}""#)
        let outcome = try await CompileCheckRunner().run(.test(command, in: directory, environment: environment))

        #expect(outcome.status == .passed)
        #expect(try directory.log() == """
            Foo=0.1.8 Bar=2.0.0
            /tmp/staged specs
            \(directory.path("Podfile"))
            x'; touch pwned; echo '
            unset

            """)
        #expect(!FileManager.default.fileExists(atPath: directory.path("pwned")))
    }

    @Test func argumentVectorRunsWithoutAShellSoNothingIsExpanded() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = CheckEnvironment.variables(components: [("Foo", "0.1.8")])

        let command = CheckCommand.arguments(["printf", "%s|%s|%s\n", "$COMPCTL_COMPONENTS", "*", "$(id)"])
        let outcome = try await CompileCheckRunner().run(.test(command, in: directory, environment: environment))

        #expect(outcome.status == .passed)
        #expect(try directory.log() == "$COMPCTL_COMPONENTS|*|$(id)\n")
    }

    @Test func contextIsAddedOnTopOfTheInheritedEnvironment() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = CheckEnvironment.variables(components: [("Foo", "0.1.8")])

        let outcome = try await CompileCheckRunner().run(.test(.arguments(["env"]), in: directory, environment: environment))

        let lines = Set(try directory.log().split(separator: "\n").map(String.init))
        #expect(outcome.status == .passed)
        #expect(lines.contains("COMPCTL_COMPONENTS=Foo=0.1.8"))
        #expect(lines.contains("COMPCTL_COMPONENT=Foo"))
        #expect(lines.contains("COMPCTL_VERSION=0.1.8"))
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(lines.contains("PATH=\(path)"))
    }

    @Test func runsInTheWorkingDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let outcome = try await CompileCheckRunner().run(.test(.arguments(["pwd", "-P"]), in: directory))

        #expect(outcome.status == .passed)
        #expect(try directory.log() == directory.path + "\n")
    }

    @Test func relativeExecutablePathIsTakenFromTheWorkingDirectory() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path("scripts"), withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"checked $1\"\n".write(toFile: directory.path("scripts/check.sh"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path("scripts/check.sh"))

        let outcome = try await CompileCheckRunner().run(.test(.arguments(["./scripts/check.sh", "Foo"]), in: directory))

        #expect(outcome.status == .passed)
        #expect(try directory.log() == "checked Foo\n")
    }

    @Test func bothStreamsGoToTheLogInTheOrderTheyWereWritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let command = CheckCommand.shell("echo out1; echo err1 >&2; echo out2; echo err2 >&2; echo out3")

        let outcome = try await CompileCheckRunner().run(.test(command, in: directory))

        #expect(outcome.status == .passed)
        #expect(try directory.log() == "out1\nerr1\nout2\nerr2\nout3\n")
    }

    @Test func timeoutStopsTheWholeProcessGroup() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let command = CheckCommand.shell("echo started; sleep 100 & echo $! > grandchild.pid; wait")

        let outcome = try await CompileCheckRunner().run(.test(command, in: directory, timeout: .seconds(1)))

        #expect(outcome.status == .timedOut(after: .seconds(1)))
        #expect(outcome.status.description == "timed out after 1 s")
        #expect(outcome.duration >= .seconds(1) && outcome.duration < .seconds(30), "\(outcome.duration)")
        #expect(outcome.tail == ["started"])
        let grandchild = try await directory.waitForPID(in: "grandchild.pid")
        #expect(await hasEnded(grandchild))
    }

    @Test func groupThatIgnoresSIGTERMIsKilledAfterTheGracePeriod() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let command = CheckCommand.shell("trap '' TERM; sleep 100 & echo $! > grandchild.pid; wait")

        let outcome = try await CompileCheckRunner().run(
            .test(command, in: directory, timeout: .milliseconds(500), grace: .milliseconds(700)))

        #expect(outcome.status == .timedOut(after: .milliseconds(500)))
        #expect(outcome.status.description == "timed out after 0.5 s")
        #expect(outcome.duration >= .milliseconds(1200) && outcome.duration < .seconds(30), "\(outcome.duration)")
        let grandchild = try await directory.waitForPID(in: "grandchild.pid")
        #expect(await hasEnded(grandchild))
    }

    @Test func cancelStopsTheWholeProcessGroup() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let command = CheckCommand.shell("sleep 100 & echo $! > grandchild.pid; wait")
        let runner = CompileCheckRunner()

        let running = Task { try await runner.run(.test(command, in: directory)) }
        let grandchild = try await directory.waitForPID(in: "grandchild.pid")
        runner.cancel()
        let outcome = try await running.value

        #expect(outcome.status == .cancelled)
        #expect(outcome.duration < .seconds(30), "\(outcome.duration)")
        #expect(await hasEnded(grandchild))
    }

    @Test func cancellingTheAwaitingTaskStopsTheWholeProcessGroup() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let command = CheckCommand.shell("sleep 100 & echo $! > grandchild.pid; wait")
        let runner = CompileCheckRunner()

        let running = Task { try await runner.run(.test(command, in: directory)) }
        let grandchild = try await directory.waitForPID(in: "grandchild.pid")
        running.cancel()
        let outcome = try await running.value

        #expect(outcome.status == .cancelled)
        #expect(await hasEnded(grandchild))
    }

    @Test func cancelBeforeRunStartsNothing() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runner = CompileCheckRunner()

        runner.cancel()
        let outcome = try await runner.run(.test(.shell("touch started"), in: directory))

        #expect(outcome.status == .cancelled)
        #expect(outcome.tail == [])
        #expect(!FileManager.default.fileExists(atPath: directory.path("started")))
    }

    @Test func progressReceivesTheElapsedTimeAndTheLastNonEmptyLine() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = ProgressRecorder()
        // The command waits for the test to have seen each line, so a loaded machine cannot
        // make it finish before a progress report goes out.
        let seenFirst = directory.path("seen-first")
        let seenLast = directory.path("seen-last")
        let command = CheckCommand.shell("""
            echo 'Compiling Foo'
            while [ ! -f seen-first ]; do sleep 0.02; done
            printf '  Linking App  \\n\\n'
            while [ ! -f seen-last ]; do sleep 0.02; done
            """)

        let outcome = try await CompileCheckRunner().run(.test(command, in: directory), progress: { progress in
            recorder.record(progress)
            if progress.lastLine == "Compiling Foo" { _ = FileManager.default.createFile(atPath: seenFirst, contents: nil) }
            if progress.lastLine == "Linking App" { _ = FileManager.default.createFile(atPath: seenLast, contents: nil) }
        })

        #expect(outcome.status == .passed)
        let reports = recorder.all
        #expect(reports.contains { $0.lastLine == "Compiling Foo" })
        #expect(reports.last?.lastLine == "Linking App")
        #expect(reports.map(\.elapsed) == reports.map(\.elapsed).sorted())
        // At most ten a second (plus one for rounding).
        #expect(reports.count <= Int(outcome.duration / .milliseconds(100)) + 1, "\(reports.count)")
    }

    @Test func noDescriptorOfTheLogStaysOpenAfterwards() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runner = CompileCheckRunner()

        _ = try await runner.run(.test(.shell("echo done"), in: directory))
        _ = try? await runner.run(.test(.arguments(["xcodebuild-compctl-missing"]), in: directory))

        #expect(openDescriptors(of: directory.path("logs/check.log")) == 0)
    }

    // MARK: Commands that cannot start

    @Test func missingExecutableOnPathIsAPreciseError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let error = await #expect(throws: CompileCheckError.self) {
            try await CompileCheckRunner().run(.test(.arguments(["xcodebuild-compctl-missing", "build"]), in: directory))
        }

        #expect(error == .notFoundOnPath(name: "xcodebuild-compctl-missing"))
        #expect(error?.description
            == "check command 'xcodebuild-compctl-missing' was not found on PATH; set check_command in compctl.yml or pass --check-command")
    }

    @Test func missingExecutablePathIsAPreciseError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let error = await #expect(throws: CompileCheckError.self) {
            try await CompileCheckRunner().run(.test(.arguments(["./build.sh"]), in: directory))
        }

        #expect(error?.description
            == "check command '\(directory.path)/build.sh' does not exist; set check_command in compctl.yml or pass --check-command")
    }

    @Test func nonExecutableFileIsAPreciseError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try "echo hi\n".write(toFile: directory.path("build.sh"), atomically: true, encoding: .utf8)

        let error = await #expect(throws: CompileCheckError.self) {
            try await CompileCheckRunner().run(.test(.arguments([directory.path("build.sh")]), in: directory))
        }

        #expect(error?.description
            == "check command '\(directory.path)/build.sh' is not executable; make it executable (chmod +x) or set check_command in compctl.yml or pass --check-command")
    }

    @Test func missingWorkingDirectoryIsAPreciseError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var invocation = CheckInvocation.test(.shell("true"), in: directory)
        invocation.workingDirectory = directory.path("gone")

        let error = await #expect(throws: CompileCheckError.self) {
            try await CompileCheckRunner().run(invocation)
        }

        #expect(error?.description
            == "cannot run the check command in \(directory.path)/gone: no such directory; point --podfile (or the project in compctl.yml) at the main project")
    }

    @Test func emptyCommandIsAPreciseError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        for command in [CheckCommand.shell("  "), .arguments([])] {
            let error = await #expect(throws: CompileCheckError.self) {
                try await CompileCheckRunner().run(.test(command, in: directory))
            }
            #expect(error?.description == "the check command is empty; set check_command in compctl.yml or pass --check-command")
        }
    }

    @Test func invalidEnvironmentNameIsRejectedWithoutItsValue() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let error = await #expect(throws: CompileCheckError.self) {
            try await CompileCheckRunner().run(.test(.shell("true"), in: directory, environment: ["A=B": "secret-token"]))
        }

        #expect(error?.description
            == "cannot pass environment variable 'A=B' to the check command: a name must be non-empty without '=' or NUL, and a value without NUL")
    }
}

@Suite struct CheckEnvironmentTests {
    @Test func severalComponentsSetOnlyTheList() {
        #expect(CheckEnvironment.variables(components: [("Foo", "0.1.8"), ("Bar", "2.0.0")], podfile: "/p/Podfile")
            == ["COMPCTL_COMPONENTS": "Foo=0.1.8 Bar=2.0.0", "COMPCTL_PODFILE": "/p/Podfile"])
    }

    @Test func oneComponentAlsoSetsItsNameAndVersion() {
        #expect(CheckEnvironment.variables(components: [("Foo", "0.1.8-rc.1")], stagedSpecRepo: "/s")
            == [
                "COMPCTL_COMPONENTS": "Foo=0.1.8-rc.1", "COMPCTL_COMPONENT": "Foo", "COMPCTL_VERSION": "0.1.8-rc.1",
                "COMPCTL_STAGED_SPEC_REPO": "/s",
            ])
    }
}

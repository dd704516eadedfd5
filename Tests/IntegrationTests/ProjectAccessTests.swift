import FileIO
import Foundation
@testable import Integration
import Testing
import TestSupport

/// The project's lock: a writer recovers a killed integrate when it takes it, waits (and
/// says so) while another holds it, and leaves nothing behind when it lets go.
@Suite struct ProjectAccessTests {
    @Test func takingTheLockRecoversAKilledIntegrateAndReleasingLeavesNoTrace() throws {
        let project = try ProjectFixture()
        try project.leaveJournal(step: .checking)
        let delegate = RecordingDelegate()
        let access = try ProjectAccess(scope: project.scope, timeout: .seconds(1), delegate: delegate)
        #expect(project.podfileText == ProjectFixture.podfile)
        #expect(delegate.notes.count == 1 && delegate.notes[0].hasPrefix("an earlier integrate of Foo=1.2.0 (pid "))
        access.release()
        #expect(!FileManager.default.fileExists(atPath: IntegrationJournal.directory(in: project.root)))
        #expect(try gitCLI("status", "--porcelain", in: project.root).isEmpty)
    }

    @Test func anotherWriterHoldingTheLockIsWaitedForAndNamed() throws {
        let project = try ProjectFixture()
        let directory = IntegrationJournal.directory(in: project.root)
        #expect(mkdir(directory, 0o700) == 0)
        _ = FileManager.default.createFile(atPath: directory + "/lock", contents: Data("4242\n".utf8))
        let held = try HeldFlock(directory + "/lock")
        defer { held.release() }
        let delegate = WaitRecorder()
        #expect(throws: FileLockError.self) {
            _ = try ProjectAccess(scope: project.scope, timeout: .zero, delegate: delegate)
        }
        #expect(delegate.waits == [directory + "/lock 4242"])
    }
}

/// Records the waits for the lock. `recorded` is only touched under `lock`.
final class WaitRecorder: IntegrationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func integration(_ event: IntegrationEvent) {
        guard case let .waitingForLock(path, holder, _) = event else { return }
        lock.withLock { recorded.append("\(path) \(holder.map(String.init) ?? "?")") }
    }

    var waits: [String] { lock.withLock { recorded } }
}

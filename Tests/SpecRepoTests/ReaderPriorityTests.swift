#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Testing
@testable import SpecRepo

@Suite struct ReaderPriorityTests {
    @Test func theCapabilityIsReadFromTheEffectiveSet() {
        let status = "Name:\tcompctl\nCapInh:\t0000000000000000\nCapPrm:\t0000000000800000\nCapEff:\t00000000a80425fb\n"
        #expect(!ReaderPriority.hasSysNice(status: status))
        #expect(ReaderPriority.hasSysNice(status: "CapEff:\t000001ffffffffff\n"))
        #expect(ReaderPriority.hasSysNice(status: "CapEff:\t0000000000800000"))
        #expect(!ReaderPriority.hasSysNice(status: "CapEff:\tzz\n"))
        #expect(!ReaderPriority.hasSysNice(status: "Name:\tcompctl\n"))
        #expect(!ReaderPriority.hasSysNice(status: nil))
    }

    @Test func aThreadGoesBackOnlyWhereTheLimitOrTheCapabilityAllows() {
        let unprivileged = ReaderPriority.Limits(niceLimit: 0, hasSysNice: false)
        #expect(!ReaderPriority.mayRaise(toNice: 0, limits: unprivileged))
        #expect(ReaderPriority.mayRaise(toNice: 19, limits: ReaderPriority.Limits(niceLimit: 1, hasSysNice: false)))
        #expect(ReaderPriority.mayRaise(toNice: 0, limits: ReaderPriority.Limits(niceLimit: 20, hasSysNice: false)))
        #expect(!ReaderPriority.mayRaise(toNice: -4, limits: ReaderPriority.Limits(niceLimit: 20, hasSysNice: false)))
        #expect(ReaderPriority.mayRaise(toNice: -4, limits: ReaderPriority.Limits(niceLimit: 0, hasSysNice: true)))
        #expect(ReaderPriority.mayRaise(toNice: 0, limits: ReaderPriority.Limits(niceLimit: .max, hasSysNice: false)))
    }

    #if os(Linux)
    /// On a thread of its own, which the test may lower and raise freely.
    @Test func aReaderRunsLowAndGivesTheThreadItsPriorityBack() {
        final class Seen: @unchecked Sendable {
            var before: Int32 = 0, inside: Int32 = 0, after: Int32 = 0
        }
        let seen = Seen()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            seen.before = getpriority(which, 0)
            seen.inside = ReaderPriority.lowered { getpriority(which, 0) }
            seen.after = getpriority(which, 0)
            done.signal()
        }
        thread.start()
        done.wait()
        let lowers = ReaderPriority.mayRaise(toNice: seen.before, limits: ReaderPriority.limits)
        #expect(seen.inside == (lowers ? ReaderPriority.readingNice : seen.before))
        #expect(seen.after == seen.before)
    }
    #endif
}

import CompctlCLI
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Synchronous, so that the command lines CI runs most (`compctl version compare`, `resolve`) answer
/// without starting Swift concurrency's threads; every other line runs in a task.
@main
struct Entrypoint {
    static func main() {
        Compctl.occupyClosedStandardDescriptors()
        reserveHeapInLargeSteps()
        Compctl.runQuickPathIfPossible()
        Task { await Compctl.mainReportingJSONFailures() }
        dispatchMain()
    }

    /// glibc grows the heap of each thread's arena by the page, with an `mprotect` each time:
    /// a warm resolve through a CDN made some 5,200 of them (4 % of its samples, in the
    /// kernel). With a top pad, a new arena starts with 32 MB of address space writable (pages
    /// are still only given when touched) and the main heap grows in steps as large.
    private static func reserveHeapInLargeSteps() {
        #if canImport(Glibc)
        // `mallopt` is declared in <malloc.h>, which Swift's Glibc module leaves out.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let topPad: Int32 = -2  // M_TOP_PAD
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(topPad, 32 << 20)
        #endif
    }
}

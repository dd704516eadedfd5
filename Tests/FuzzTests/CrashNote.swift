import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Says which input a crash or a hang happened on. The fuzz thread writes a note before each
/// input; a fatal signal prints it (from an alternate stack, since a stack overflow leaves
/// none) and then lets the process die of that signal, and a watchdog prints it and aborts
/// when one input runs for too long. A crash is never caught or hidden, only named.
enum CrashNote {
    private static let capacity = 2048
    nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var length = 0
    private static let lock = NSLock()
    nonisolated(unsafe) private static var inputStarted: ContinuousClock.Instant?
    nonisolated(unsafe) private static var watching = false

    /// Sets the note printed if the process dies before the next call, and starts the clock
    /// the watchdog reads.
    static func set(_ text: String) {
        let bytes = Array(("\nfuzz: the process died while reading " + text + "\n").utf8.prefix(capacity))
        lock.lock()
        length = 0
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
        length = bytes.count
        inputStarted = .now
        lock.unlock()
    }

    /// Stops the watchdog's clock (between inputs).
    static func clear() {
        lock.lock()
        inputStarted = nil
        lock.unlock()
    }

    #if os(Linux)
    private static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]
    /// The actions `install()` replaced, by signal number: plain memory, so the handler can
    /// read it.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
    /// The thread whose crashes the note describes.
    nonisolated(unsafe) private static var fuzzThread = pthread_self()

    /// Installs the handlers, with an alternate stack for the calling thread, which must be
    /// the one that reads the inputs. A fatal signal on another thread (another test) goes
    /// to the handler that was there before, as if this one did not exist.
    static func install() {
        fuzzThread = pthread_self()
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
        stack.ss_size = 1 << 16
        sigaltstack(&stack, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, _, _ in
            // SA_RESETHAND already put the default action back.
            guard pthread_equal(pthread_self(), CrashNote.fuzzThread) != 0 else {
                // Someone else's crash: hand it to the previous handler, which the faulting
                // instruction reaches when it runs again.
                sigaction(signal, CrashNote.previous + Int(signal), nil)
                return
            }
            _ = write(2, CrashNote.buffer, CrashNote.length)
            // The signal now ends the process, as it would have without the note.
            raise(signal)
        }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | Int32(bitPattern: UInt32(SA_RESETHAND))
        for signal in signals {
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    /// Puts back the handlers that were there before `install()`.
    static func uninstall() {
        for signal in signals {
            sigaction(signal, previous + Int(signal), nil)
        }
    }
    #else
    static func install() {}
    static func uninstall() {}
    #endif

    /// Aborts with the note when one input has run for `limit`; returns a function that
    /// stops watching.
    static func watch(limit: Duration) -> () -> Void {
        lock.lock()
        watching = true
        lock.unlock()
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                lock.lock()
                let active = watching
                let started = inputStarted
                lock.unlock()
                guard active else { return }
                if let started, ContinuousClock.now - started > limit {
                    _ = write(2, buffer, length)
                    let hang = "fuzz: that input has run for more than \(limit): a hang\n"
                    _ = hang.withCString { write(2, $0, strlen($0)) }
                    abort()
                }
            }
        }
        thread.start()
        return {
            lock.lock()
            watching = false
            lock.unlock()
        }
    }
}

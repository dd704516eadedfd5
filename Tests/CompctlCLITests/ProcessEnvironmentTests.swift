@testable import CompctlCLI
import Foundation
import Testing

@Suite struct ProcessEnvironmentTests {
    /// compctl reads `environ` itself (start-up time); it must see what Foundation sees,
    /// values with `=`, empty values and non-ASCII text included.
    @Test func readsWhatFoundationReads() {
        setenv("COMPCTL_TEST_ENV_EQUALS", "a=b=c", 1)
        setenv("COMPCTL_TEST_ENV_EMPTY", "", 1)
        setenv("COMPCTL_TEST_ENV_TEXT", "Zürich ✓", 1)
        defer {
            for name in ["COMPCTL_TEST_ENV_EQUALS", "COMPCTL_TEST_ENV_EMPTY", "COMPCTL_TEST_ENV_TEXT"] { unsetenv(name) }
        }
        let read = ProcessEnvironment.current()
        #expect(read == ProcessInfo.processInfo.environment)
        #expect(read["COMPCTL_TEST_ENV_EQUALS"] == "a=b=c")
        #expect(read["COMPCTL_TEST_ENV_EMPTY"] == "")
        #expect(read["COMPCTL_TEST_ENV_TEXT"] == "Zürich ✓")
    }
}

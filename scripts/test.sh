#!/usr/bin/env bash
# The README's second command: runs every test (unit, integration on real git repositories
# in temporary folders, end-to-end on the built binary). Needs ../shared/corpus beside the
# checkout (or COMPCTL_CORPUS). Extra arguments go to `swift test`, e.g. --filter Graph.
#
# Without arguments the tests run in three phases: the library tests, the end-to-end tests,
# then the release build's (ReleaseBuildTests). The end-to-end tests block threads while the
# built binary runs; run beside the async tests (the compile check's timing tests), they
# would starve Swift's cooperative pool, which has only one thread per core. The release
# build keeps every core busy for minutes, which would slow the timed tests beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --build-tests
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
run() {
    set +e
    swift test --skip-build "$@" 2>&1 | tee -a "$log"
    local code=${PIPESTATUS[0]}
    set -e
    if [ "$code" -ne 0 ]; then status=$code; fi
}
if [ $# -gt 0 ]; then
    run "$@"
else
    run --skip CompctlEndToEndTests
    run --filter CompctlEndToEndTests --skip ReleaseBuildTests
    run --filter ReleaseBuildTests
fi
# Swift Testing closes each run with "Test run with N tests … passed|failed …"; XCTest, which
# compctl does not use, adds its own "Executed 0 tests" lines. Say the totals plainly at the end.
total=$(sed -nE 's/^[✘✔] Test run with ([0-9]+) tests?.*/\1/p' "$log" | awk '{ sum += $1 } END { if (NR) print sum }')
if [ -n "$total" ]; then
    failing_tests=$(grep -E '^✘ Test .* failed after' "$log" | grep -vcE '^✘ Test (run with|case passing)' || true)
    echo "tests: $((total - failing_tests)) passed, ${failing_tests} failed"
fi
exit "$status"

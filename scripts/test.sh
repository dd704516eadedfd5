#!/usr/bin/env bash
# The README's second command: runs every test (unit, integration on real git repositories
# in temporary folders, end-to-end on the built binary). Needs ../shared/corpus beside the
# checkout (or COMPCTL_CORPUS). Extra arguments go to `swift test`, e.g. --filter Graph.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --build-tests
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
# Swift Testing closes with "Test run with N tests … passed|failed …"; XCTest, which compctl
# does not use, adds its own "Executed 0 tests" lines. Say the totals plainly at the end.
summary=$(grep -E '^✘ Test run with|^✔ Test run with' "$log" | tail -1 || true)
total=$(sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p' <<<"$summary")
failed=$(sed -nE 's/.*with ([0-9]+) issues?.*/\1/p' <<<"$summary")
if [ -n "$total" ]; then
    failing_tests=$(grep -E '^✘ Test .* failed after' "$log" | grep -vcE '^✘ Test (run with|case passing)' || true)
    echo "tests: $((total - failing_tests)) passed, ${failing_tests} failed"
fi
exit "$status"

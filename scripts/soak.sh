#!/usr/bin/env bash
# Runs issue 9's harnesses much longer than the default suite does, then prints one table:
# attack, trials, failures. The harnesses are the suite's own tests, scaled by environment
# variables:
#   kill -9     KillHarnessTests: seeded random SIGKILLs across `integrate` and `publish`,
#               each followed by the next command and the invariants (COMPCTL_KILL_TRIALS,
#               COMPCTL_KILL_SEED);
#   integrates  fourIntegratesInOneCheckoutKeepEveryPin: 4 integrates at once in one
#               checkout, COMPCTL_CONCURRENCY_ROUNDS rounds;
#   publishers  PublishConcurrencyTests: 8 publishers at once through a path, file:// and
#               git://, COMPCTL_PUBLISH_ROUNDS races each;
#   fuzzing     the suites whose name contains "Fuzz" or "fuzz" (seeded mutations of the corpus
#               files through the readers), COMPCTL_FUZZ_ITERATIONS inputs, COMPCTL_FUZZ_SEED.
#
#   scripts/soak.sh [--kill-trials N] [--rounds N] [--publish-rounds N]
#                   [--fuzz-iterations N] [--seed N] [--only "kill integrates publishers fuzz"]
#                   [--skip-build]
#
# Defaults: 500 kills, 100 rounds of 4 integrates, 10 races of 8 publishers per transport,
# 200,000 fuzz inputs; the seed is random (printed, so a failure can be run again). Each
# harness appends `attack<TAB>trials<TAB>failures` to $COMPCTL_HARNESS_REPORT; one that does
# not (or stops early) is counted from its `swift test` summary. Logs go to a folder that is
# printed at the end. Exit 1 when any harness failed.
set -euo pipefail
cd "$(dirname "$0")/.."

kill_trials=500
rounds=100
publish_rounds=10
fuzz_iterations=200000
seed="$((RANDOM * 32768 + RANDOM))"
only="kill integrates publishers fuzz"
build=1

while [ $# -gt 0 ]; do
    case "$1" in
        --kill-trials) kill_trials="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --publish-rounds) publish_rounds="$2"; shift 2 ;;
        --fuzz-iterations) fuzz_iterations="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --only) only="$2"; shift 2 ;;
        --skip-build) build=0; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "soak.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
for number in "$kill_trials" "$rounds" "$publish_rounds" "$fuzz_iterations" "$seed"; do
    if ! [[ "$number" =~ ^[0-9]+$ ]]; then
        echo "soak.sh: $number is not a whole number" >&2
        exit 2
    fi
done

logs=$(mktemp -d "${TMPDIR:-/tmp}/compctl-soak.XXXXXX")
report="$logs/report.tsv"
: > "$report"
export COMPCTL_HARNESS_REPORT="$report"
export COMPCTL_KILL_TRIALS="$kill_trials" COMPCTL_KILL_SEED="$seed"
export COMPCTL_CONCURRENCY_ROUNDS="$rounds" COMPCTL_PUBLISH_ROUNDS="$publish_rounds"
export COMPCTL_FUZZ_ITERATIONS="$fuzz_iterations" COMPCTL_FUZZ_SEED="$seed"

if [ "$build" = 1 ]; then
    swift build --build-tests >&2
fi

status=0
summary_rows=()

# run NAME FILTER TRIALS: runs the tests matching FILTER; when they wrote no report line
# (a suite that does not know COMPCTL_HARNESS_REPORT, or one that crashed), adds one from
# the `swift test` summary: TRIALS trials, its issue count as failures.
run() {
    local name="$1" filter="$2" trials="$3" log before after issues
    log="$logs/$name.log"
    before=$(wc -l < "$report")
    echo "soak: $name (swift test --filter '$filter')…" >&2
    local started=$SECONDS
    if swift test --skip-build --filter "$filter" > "$log" 2>&1; then :; else status=1; fi
    after=$(wc -l < "$report")
    if grep -qE '^✔ Test run with 0 tests' "$log"; then
        printf '%s\t%s\t%s\n' "$name (no such tests in this checkout)" 0 0 >> "$report"
    elif grep -qE '^✘ Test run with|^✔ Test run with' "$log"; then
        if [ "$after" = "$before" ]; then
            issues=$(grep -E '^✘ Test run with|^✔ Test run with' "$log" | tail -1 | sed -nE 's/.*with ([0-9]+) issues?.*/\1/p')
            printf '%s\t%s\t%s\n' "$name" "$trials" "${issues:-0}" >> "$report"
        fi
    elif [ "$after" = "$before" ]; then
        # The test process died before its summary.
        printf '%s\t%s\t%s\n' "$name (crashed, see $log)" "$trials" 1 >> "$report"
        status=1
    fi
    summary_rows+=("$name: $((SECONDS - started)) s")
}

for harness in $only; do
    case "$harness" in
        kill) run kill "KillHarnessTests" "$kill_trials" ;;
        integrates) run integrates "fourIntegratesInOneCheckoutKeepEveryPin" "$rounds" ;;
        publishers) run publishers "PublishConcurrencyTests" "$((publish_rounds * 3))" ;;
        fuzz) run fuzz "[Ff]uzz" "$fuzz_iterations" ;;
        *) echo "soak.sh: unknown harness $harness (kill, integrates, publishers, fuzz)" >&2; exit 2 ;;
    esac
done

echo
echo "seed $seed; logs in $logs (${summary_rows[*]})"
{
    printf 'ATTACK\tTRIALS\tFAILURES\n'
    cat "$report"
} | awk -F'\t' '
    { rows[NR] = $0; if (length($1) > width) width = length($1) }
    END {
        for (i = 1; i <= NR; i++) {
            split(rows[i], f, "\t")
            printf "%-" width "s  %8s  %8s\n", f[1], f[2], f[3]
        }
    }'
if awk -F'\t' '$3 + 0 > 0 { found = 1 } END { exit !found }' "$report"; then status=1; fi
exit "$status"

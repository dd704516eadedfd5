#!/usr/bin/env bash
# Benchmarks compctl on synthetic spec repos (DESIGN.md, "Fast"): `repo show` and
# `spec show` over 1,000 and 10,000 pods x 20 versions, release build, median of 5 runs,
# plus `find` over the same trees as a floor for context.
#
#   scripts/bench.sh [--work DIR] [--runs N] [--sizes "1000 10000"] [--versions N]
#
# The repos are written by compctl-synth (seeded, so every run measures the same trees)
# into --work (default: $TMPDIR/compctl-bench) and kept there for the next run.
# Uses hyperfine (installed with apt-get when missing and possible), else a plain loop
# timed with `date +%s%N`. Prints a Markdown table on stdout; progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

work="${TMPDIR:-/tmp}/compctl-bench"
runs=5
sizes="1000 10000"
versions=20
seed=42
while (($#)); do
    case "$1" in
        --work) work="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --versions) versions="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "bench: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
done

log() { echo "bench: $*" >&2; }

if ! command -v hyperfine >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    log "installing hyperfine with apt-get"
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hyperfine; } \
        >/dev/null 2>&1 || log "could not install hyperfine; timing with a plain loop"
fi

log "building (release)"
swift build -c release --product compctl >&2
swift build -c release --product compctl-synth >&2
bin="$(swift build -c release --show-bin-path)"
compctl="$bin/compctl"
synth="$bin/compctl-synth"
mkdir -p "$work"

# Formats seconds as milliseconds.
ms() { awk -v s="$1" 'BEGIN { printf "%.0f ms", s * 1000 }'; }

# "<median wall> | <mean CPU>" of `$runs` runs of the command in "$@" (output discarded).
# CPU time (user + system, from hyperfine) is less disturbed by other load on the machine.
measure() {
    if command -v hyperfine >/dev/null 2>&1; then
        local json="$work/hyperfine.json"
        local quoted
        quoted="$(printf '%q ' "$@")"
        hyperfine --style none --warmup 1 --runs "$runs" --export-json "$json" \
            --command-name bench "$quoted" >/dev/null 2>&1
        local median user system
        median="$(sed -n 's/.*"median": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        user="$(sed -n 's/.*"user": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        system="$(sed -n 's/.*"system": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        echo "$(ms "$median") | $(ms "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')")"
    else
        "$@" >/dev/null 2>&1 || true   # warm-up
        local times=()
        for _ in $(seq "$runs"); do
            local start end
            start=$(date +%s%N)
            "$@" >/dev/null 2>&1 || true
            end=$(date +%s%N)
            times+=($((end - start)))
        done
        local median
        median="$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END {
            m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.6f\n", m / 1e9 }')"
        echo "$(ms "$median") | n/a"
    fi
}

# Writes the repo once per parameter set and prints its path.
repo() {
    local pods="$1" layout="$2"
    local dir="$work/synth-$pods-x$versions-seed$seed-$layout"
    if [ ! -f "$dir.done" ]; then
        rm -rf "$dir"
        local flags=()
        [ "$layout" = sharded ] && flags+=(--sharded)
        log "writing $pods pods x $versions versions ($layout) to $dir"
        "$synth" --pods "$pods" --versions "$versions" --seed "$seed" --out "$dir" "${flags[@]}" >&2
        touch "$dir.done"
    fi
    echo "$dir"
}

has_spec_show=false
# `--help` succeeds even for an unknown subcommand (it prints the root's help), so look
# for the subcommand's own usage line.
"$compctl" spec show --help 2>&1 | grep -q "compctl spec show" && has_spec_show=true

echo "| repo | command | median wall of $runs | mean CPU (user+sys) |"
echo "|---|---|---|---|"
for pods in $sizes; do
    for layout in plain sharded; do
        dir="$(repo "$pods" "$layout")"
        name="$pods x $versions, $layout"
        depth=2
        [ "$layout" = sharded ] && depth=5
        log "timing $name"
        echo "| $name | \`compctl repo show\` | $(measure "$compctl" repo show "$dir") |"
        echo "| $name | \`compctl repo show --json\` | $(measure "$compctl" repo show --json "$dir") |"
        if $has_spec_show; then
            spec="$(find "$dir" -name '*.podspec.json' -print -quit)"
            echo "| $name | \`compctl spec show\` (one spec) | $(measure "$compctl" spec show "$spec") |"
        else
            echo "| $name | \`compctl spec show\` | not built in this tree | |"
        fi
        echo "| $name | floor: \`find -maxdepth $depth \\| wc -l\` (pod listing) | $(measure sh -c "find '$dir' -maxdepth $depth | wc -l") |"
        echo "| $name | floor: \`find \\| wc -l\` (every directory read) | $(measure sh -c "find '$dir' | wc -l") |"
    done
done
log "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

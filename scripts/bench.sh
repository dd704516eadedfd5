#!/usr/bin/env bash
# Benchmarks compctl on synthetic spec repos (DESIGN.md, "Fast"): `repo show` and
# `spec show` over 1,000 and 10,000 pods x 20 versions, release build, median of 5 runs,
# plus `find` over the same trees as a floor for context. Then the same 10,000-pod repo
# as a git source: `repo show` read from git objects with the cache already fetched, and
# the first clone of it into compctl's cache (`repo add`, over the file:// transport).
#
#   scripts/bench.sh [--work DIR] [--runs N] [--sizes "1000 10000"] [--versions N]
#                    [--git-pods N] [--clone-runs N] [--no-git]
#
# The repos are written by compctl-synth (seeded, so every run measures the same trees)
# into --work (default: $TMPDIR/compctl-bench) and kept there for the next run; the git
# CLI turns the git-source one into a packed bare repository once (a few minutes).
# Uses hyperfine (installed with apt-get when missing and possible), else a plain loop
# timed with `date +%s%N`. Prints a Markdown table on stdout; progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

work="${TMPDIR:-/tmp}/compctl-bench"
runs=5
sizes="1000 10000"
versions=20
seed=42
git_pods=10000
clone_runs=3
with_git=true
while (($#)); do
    case "$1" in
        --work) work="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --versions) versions="$2"; shift 2 ;;
        --git-pods) git_pods="$2"; shift 2 ;;
        --clone-runs) clone_runs="$2"; shift 2 ;;
        --no-git) with_git=false; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
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
# With $prepare set, that shell command runs before each run (and no warm-up is done).
prepare=""
measure() {
    if command -v hyperfine >/dev/null 2>&1; then
        local json="$work/hyperfine.json"
        local quoted
        quoted="$(printf '%q ' "$@")"
        local options=(--warmup 1)
        [ -n "$prepare" ] && options=(--prepare "$prepare")
        hyperfine --style none "${options[@]}" --runs "$runs" --export-json "$json" \
            --command-name bench "$quoted" >/dev/null 2>&1
        local median user system
        median="$(sed -n 's/.*"median": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        user="$(sed -n 's/.*"user": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        system="$(sed -n 's/.*"system": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        echo "$(ms "$median") | $(ms "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')")"
    else
        [ -n "$prepare" ] || "$@" >/dev/null 2>&1 || true   # warm-up
        local times=()
        for _ in $(seq "$runs"); do
            local start end
            [ -z "$prepare" ] || sh -c "$prepare"
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
# The git source: the plain synthetic repo committed into a packed bare repository, read
# through compctl's cache. Only compctl's own work is timed; the git CLI just builds it.
if $with_git; then
    dir="$(repo "$git_pods" plain)"
    bare="$dir.git"
    if [ ! -f "$bare.done" ]; then
        rm -rf "$bare"
        log "committing $dir into the bare repository $bare (git CLI, once)"
        export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
        git init -q --bare --initial-branch=main "$bare"
        git --git-dir="$bare" --work-tree="$dir" -c core.bare=false add -A
        git --git-dir="$bare" --work-tree="$dir" -c core.bare=false -c user.name=bench \
            -c user.email=bench@example.invalid commit -q -m "synthetic specs"
        git --git-dir="$bare" repack -adq
        git --git-dir="$bare" prune
        rm -f "$bare/index"
        touch "$bare.done"
    fi
    export COMPCTL_GIT_ISOLATE=1
    name="$git_pods x $versions, git source"
    home="$work/compctl-home"
    url="file://$bare"
    log "timing $name: first clone ($clone_runs runs)"
    saved_runs="$runs"
    runs="$clone_runs"
    prepare="rm -rf '$home'"
    echo "| $name | first clone: \`compctl repo add bench file://…\` (fresh cache, git transport; median of $clone_runs) | $(measure env COMPCTL_HOME="$home" "$compctl" repo add bench "$url") |"
    echo "| $name | first clone: \`compctl repo add bench /path\` (fresh cache, local copy; median of $clone_runs) | $(measure env COMPCTL_HOME="$home" "$compctl" repo add bench "$bare") |"
    prepare=""
    runs="$saved_runs"
    rm -rf "$home"
    COMPCTL_HOME="$home" "$compctl" repo add bench "$url" >/dev/null
    listed="$(COMPCTL_HOME="$home" "$compctl" repo show bench --no-fetch | wc -l)"
    if [ "$listed" -ne "$git_pods" ]; then
        log "the git source lists $listed pods instead of $git_pods; delete $bare.done and run again"
        exit 1
    fi
    log "timing $name: repo show with the cache fetched"
    echo "| $name | \`compctl repo show bench\` (cache fetched, no-op fetch included) | $(measure env COMPCTL_HOME="$home" "$compctl" repo show bench) |"
    echo "| $name | \`compctl repo show bench --no-fetch\` (cache fetched) | $(measure env COMPCTL_HOME="$home" "$compctl" repo show bench --no-fetch) |"
    echo "| $name | \`compctl repo show $(basename "$bare")\` (the bare repository itself) | $(measure "$compctl" repo show "$bare") |"
fi
log "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

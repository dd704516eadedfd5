#!/usr/bin/env bash
# Benchmarks compctl on synthetic spec repos (DESIGN.md, "Fast"), release build, process
# start included, median of 5 runs. Each figure stands beside its ratio to a floor measured
# in the same run, just before it: a Swift hello world that imports Foundation, linked
# statically (process start), `find` over the same tree (a tree walk), the git CLI (a git
# source). The ratios mean the same on a busy machine as on an idle one; the absolute
# medians do not.
#   startup  process start: `compctl version compare 1 2`, `version satisfies`, `--version`,
#            against the hello world; and the size of the binary;
#   listing  `repo show`, `spec show` and `lint --source` (one spec against the repo) over
#            1,000 and 10,000 pods x 20 versions, plus `find` over the same trees as a floor
#            for context;
#   resolve  `compctl resolve` of generated Podfiles (10 and 50 top-level pods, Podfile
#            seeds 1-5) against 1,000, 5,000 and 10,000 pods x 20 versions, specs read from
#            a directory: repos whose requirements are ranges ("ranges"), and repos where 30%
#            of the requirements pin an older release exactly and the Podfile pins 20% of its
#            pods ("pins"), so that consumers disagree, the resolver backtracks and some
#            seeds end in a conflict (exit 2, explained); then the median seed and the worst;
#            and the scenario of issue 11: 5,000 pods x 10 versions with 10% exact pins and
#            Podfiles of 30 top pods, saying whether CocoaPods' own search settled. Each row
#            also stands against the reading it cannot do without: a static Swift program
#            (linked as the hello world is) that lists the same pod folders and reads the same
#            spec files the resolve read, as strace saw them (strace is installed with apt-get
#            when missing; without it the column says "–"); and beside it how the resolve's
#            work splits (compctl-synth --time-search): CocoaPods' search alone, run again in
#            one process over the specs already read; the whole resolve again from scratch in
#            that process (Podfile, repo opened, every pod and spec read from disk again,
#            search), which leaves out the process's start and the first use of its code and
#            memory; the listing and parsing of what the resolve read on one core; and the
#            bound these set on this machine's cores with the empty Podfile's fixed cost
#            (fixed + the larger of the search and the two spread over the cores);
#   check    `compctl graph --check` over the whole 10,000-pod repos, against the reading
#            it cannot do without (every pod folder listed, one spec of each read: `find
#            -maxdepth 2` and `xargs cat`), with `find` over every folder for context;
#   git      the 10,000-pod repo as a git source: `repo show` read from git objects with
#            compctl's cache already fetched, and the first clone into the cache
#            (`repo add`, from a file:// URL (the object store copied, then checked) and a path (hard links); median of 3);
#   cdn      `compctl resolve` of a 100-pod Podfile against a CDN source of 100,000 pods x 10
#            versions that compctl-synth serves on 127.0.0.1 (trunk's layout, made on the fly,
#            20 ms added to each answer to stand in for a real CDN): cold (empty cache) and
#            warm (the cache of the run before, revalidated with If-None-Match), with the
#            requests the server answered (targets: warm <= 0.5 s, cold <= 3 s);
#   ruby     the Ruby readers (one RubySyntax lexer under the podspec evaluator and the
#            Podfile reader): `graph --check` over 10,000 pods of Ruby podspecs (each pod's
#            newest release is read and evaluated), and `resolve` of a 12,000-line Podfile
#            (200 targets that each list the same 50 pods, with a helper method, a heredoc,
#            interpolation and comments) against the 1,000-pod repo, where reading the Podfile
#            takes most of the time;
#   integrate `compctl integrate … --check-command true` into a generated main project (a git
#            repo with a 50-pod Podfile) against the 5,000-pod repo as a local bare spec
#            repo: compctl's whole overhead around the compile check (recovery check,
#            reading the spec repo, resolving twice and the graph checks, staging a clone,
#            the journal, pinning, committing). The version is already published, so each
#            run publishes nothing; hyperfine's --prepare resets the project between runs.
#   packages `compctl resolve` of a generated universe of Swift packages (200 packages x 10
#            tagged versions in local bare repos, written by compctl-package-synth --dense,
#            with a root package of 20 dependencies) against `swift package resolve` of the
#            same root package (fresh scratch and cache each run), after checking that both
#            pick the same versions; the ratio of the medians.
#
#   scripts/bench.sh [--bin DIR] [--work DIR] [--runs N] [--sizes "1000 10000"] [--versions N]
#                    [--resolve-sizes "1000 5000 10000"] [--seeds "1 2 3 4 5"]
#                    [--git-pods N] [--clone-runs N] [--integrate-pods N]
#                    [--package-count N] [--package-versions N] [--package-seed N] [--swift-runs N]
#                    [--cdn-pods N] [--cdn-versions N] [--cdn-top N] [--cdn-latency-ms N]
#                    [--only "startup listing resolve check ruby git cdn integrate packages"]
#
# --bin DIR measures the compctl (and compctl-synth, compctl-package-synth) already built in
# DIR instead of building this tree: run it with an older release build's folder for a
# before-and-after comparison on the same trees.
# The repos are written by compctl-synth (seeded, so every run measures the same trees)
# into --work (default: $TMPDIR/compctl-bench) and kept there for the next run; the git
# CLI commits the git-source one into a packed bare repository once (a few minutes).
# Uses hyperfine (installed with apt-get when missing and possible), else a plain loop
# timed with `date +%s%N`. Prints Markdown tables on stdout; progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"

work="${TMPDIR:-/tmp}/compctl-bench"
bin=""
runs=5
sizes="1000 10000"
resolve_sizes="1000 5000 10000"
seeds="1 2 3 4 5"
only="startup listing resolve check ruby git cdn integrate packages"
cdn_pods=100000
cdn_versions=10
cdn_top=100
cdn_latency=20
package_count=200
package_versions=10
package_seed=3
swift_runs=1
integrate_pods=5000
git_pods=10000
clone_runs=3
versions=20
seed=42
while (($#)); do
    case "$1" in
        --work) work="$2"; shift 2 ;;
        --bin) bin="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --versions) versions="$2"; shift 2 ;;
        --resolve-sizes) resolve_sizes="$2"; shift 2 ;;
        --seeds) seeds="$2"; shift 2 ;;
        --only) only="$2"; shift 2 ;;
        --git-pods) git_pods="$2"; shift 2 ;;
        --clone-runs) clone_runs="$2"; shift 2 ;;
        --integrate-pods) integrate_pods="$2"; shift 2 ;;
        --cdn-pods) cdn_pods="$2"; shift 2 ;;
        --cdn-versions) cdn_versions="$2"; shift 2 ;;
        --cdn-top) cdn_top="$2"; shift 2 ;;
        --cdn-latency-ms) cdn_latency="$2"; shift 2 ;;
        --package-count) package_count="$2"; shift 2 ;;
        --package-versions) package_versions="$2"; shift 2 ;;
        --package-seed) package_seed="$2"; shift 2 ;;
        --swift-runs) swift_runs="$2"; shift 2 ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0"; exit 0 ;;
        *) echo "bench: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
done
wants() { case " $only " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

log() { echo "bench: $*" >&2; }

if ! command -v hyperfine >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    log "installing hyperfine with apt-get"
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hyperfine; } \
        >/dev/null 2>&1 || log "could not install hyperfine; timing with a plain loop"
fi

if wants resolve && ! command -v strace >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    log "installing strace with apt-get (the resolve rows' reading floor)"
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq strace; } \
        >/dev/null 2>&1 || log "could not install strace; the resolve rows go without a reading floor"
fi

# Built as a release is shipped (scripts/package.sh): on Linux with the Swift runtime and
# Foundation linked in.
release=(-c release)
[ "$(uname -s)" = Linux ] && release+=(--static-swift-stdlib)
if [ -z "$bin" ]; then
    log "building (${release[*]})"
    swift build "${release[@]}" --product compctl >&2
    swift build "${release[@]}" --product compctl-synth >&2
    swift build "${release[@]}" --product compctl-package-synth >&2
    bin="$(swift build "${release[@]}" --show-bin-path)"
fi
bin="$(cd "$bin" && pwd)"
compctl="$bin/compctl"
synth="$bin/compctl-synth"
mkdir -p "$work"
# The floors are built once per work folder; floors an older bench.sh linked otherwise are
# built again.
floor_linking="static standard library; libstdc++ and libgcc_eh from Support/link"
if [ "$(cat "$work/floor/linked" 2>/dev/null)" != "$floor_linking" ]; then
    rm -rf "$work/floor"
    mkdir -p "$work/floor"
    echo "$floor_linking" >"$work/floor/linked"
fi
# Every command runs from the work folder, not from this checkout, whose Package.swift
# `graph` would read as a project of Swift packages. Trunk is off: this machine may have no
# network, and a failed DNS lookup of cdn.cocoapods.org (tens of milliseconds) is not what
# the rows measure; the CDN section serves its own.
cd "$work"
export COMPCTL_TRUNK=off

# Formats seconds as milliseconds, with a tenth under 100 ms.
ms() { awk -v s="$1" 'BEGIN { if (s < 0.1) printf "%.1f ms", s * 1000; else printf "%.0f ms", s * 1000 }'; }

# "<median wall> | <mean CPU>" of `$runs` runs of the command in "$@" (output discarded;
# a non-zero exit, such as a conflict's 2, is expected and ignored). The median in seconds
# is also written to $work/last-median (callers run this in a subshell). CPU time (user +
# system, from hyperfine) is less disturbed by other load on the machine. With $prepare
# set, that shell command runs before each run, and there is no warm-up.
prepare=""
measure() {
    if command -v hyperfine >/dev/null 2>&1; then
        local json="$work/hyperfine.json"
        local quoted
        quoted="$(printf '%q ' "$@")"
        # Without a shell (-N), so that a run of a few milliseconds is not the difference of
        # two shell start-ups; a --prepare command needs one.
        local options=(--warmup 1 -N)
        [ -n "$prepare" ] && options=(--prepare "$prepare")
        hyperfine --style none "${options[@]}" --runs "$runs" --export-json "$json" --ignore-failure \
            --command-name bench "$quoted" >/dev/null 2>&1
        local median user system
        median="$(sed -n 's/.*"median": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        user="$(sed -n 's/.*"user": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        system="$(sed -n 's/.*"system": *\([0-9.e-]*\).*/\1/p' "$json" | head -n 1)"
        echo "$median" >"$work/last-median"
        echo "$(ms "$median") | $(ms "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')") | $(ratio "$median")"
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
        echo "$median" >"$work/last-median"
        echo "$(ms "$median") | n/a | $(ratio "$median")"
    fi
}

# The floor of the rows that follow: the median in seconds of a command that does the least
# the measured one must (start a process; walk the same tree), measured in the same run, so
# that a ratio means the same on a busy machine as on an idle one.
floor=""
floor_label=""
# "<ratio>x <floor>" of a median against the current floor, or "–" without one.
ratio() {
    [ -n "$floor" ] || { echo "–"; return; }
    awk -v m="$1" -v f="$floor" -v l="$floor_label" 'BEGIN { printf "%.1fx %s", m / f, l }'
}
# Measures "$@" as the floor called $1 for the rows that follow and writes its row cells to
# $work/floor-row (this runs in the calling shell, so that $floor stays set).
use_floor() {
    local label="$1"
    shift
    floor=""
    measure "$@" >"$work/floor-row"
    floor="$(cat "$work/last-median")"
    floor_label="$label"
}
# Builds the floor program $1.swift into $1, linked like compctl's release build: the
# standard library statically where the toolchain can, and libstdc++ and the unwinder from
# their archives (Support/link, see Package.swift) where GCC's installation has them.
build_floor() {
    local program="$1"
    swiftc -O -static-stdlib -L "$checkout/Support/link" "$program.swift" -o "$program" 2>/dev/null \
        || swiftc -O -static-stdlib "$program.swift" -o "$program" 2>/dev/null \
        || swiftc -O "$program.swift" -o "$program" >&2
}

# The start-up floor: a Swift hello world that imports Foundation, linked like compctl's
# release build (build_floor), built once.
hello_floor() {
    local dir="$work/floor"
    if [ ! -x "$dir/hello" ]; then
        mkdir -p "$dir"
        printf 'import Foundation\nprint("hello")\n' >"$dir/hello.swift"
        build_floor "$dir/hello"
    fi
    use_floor "hello" "$dir/hello"
}

# The reading floor of a resolve: a static Swift program, linked as the hello world is, that
# lists the pod folders and reads the spec files named in two lists (relative to a spec repo's
# root) with the system calls compctl uses (open, fstat, read, close; getdents), one thread.
reader_floor_binary() {
    local dir="$work/floor"
    if [ ! -x "$dir/reader" ]; then
        mkdir -p "$dir"
        cat >"$dir/reader.swift" <<'SWIFT'
import Foundation

// reader ROOT FOLDERS FILES: lists each folder named in FOLDERS, reads each file named in FILES.
// Nothing but the system calls: Foundation is linked (as in the hello world) but not called.
func names(_ path: String) -> [String] {
    guard let file = fopen(path, "r") else { return [] }
    defer { fclose(file) }
    var result: [String] = []
    var line: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    while case let count = getline(&line, &capacity, file), count > 0, let line {
        let length = line[count - 1] == 10 ? count - 1 : count
        result.append(String(decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self))
    }
    free(line)
    return result
}
let arguments = CommandLine.arguments
let root = open(arguments[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC)
let folders = names(arguments[2]), files = names(arguments[3])
var entries = 0, bytes = 0
for folder in folders {
    let descriptor = openat(root, folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0, let stream = fdopendir(descriptor) else { continue }
    while readdir(stream) != nil { entries += 1 }
    closedir(stream)
}
let capacity = 1 << 16
let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
for path in files {
    let descriptor = openat(root, path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { continue }
    var status = stat()
    if fstat(descriptor, &status) == 0 {
        // One read of the whole file, as compctl reads a spec; a file past the buffer takes more.
        var left = Int(status.st_size)
        while left > 0, case let got = read(descriptor, buffer, min(left, capacity)), got > 0 {
            bytes += got
            left -= got
        }
    }
    close(descriptor)
}
print("\(folders.count) folders (\(entries) entries), \(files.count) files (\(bytes) bytes)")
SWIFT
        build_floor "$dir/reader" || return 1
    fi
    echo "$dir/reader"
}

# "<median> (<ratio>x)" of the reading floor of `compctl resolve --podfile $2 --source $3`
# against the median $1 just measured, or "–" without strace or the reader: runs the resolve
# once under strace, takes the folders it opened and the files it opened in the spec repo,
# and times the reader over them. $work/reading-last holds what the reader read.
reading_floor() {
    local median="$1" podfile="$2" source="$3" reader
    # search_split reads these lists next: none rather than an earlier row's.
    rm -f "$work/reading-folders" "$work/reading-files"
    command -v strace >/dev/null 2>&1 || { echo "–"; return; }
    reader="$(reader_floor_binary)" || { echo "–"; return; }
    strace -f -qq -e trace=openat2 -o "$work/strace.txt" \
        "$compctl" resolve --podfile "$podfile" --source "$source" >/dev/null 2>&1 || true
    # openat2 is how compctl opens inside a spec repo (beneath its root); the root itself is
    # listed once too.
    { echo .; grep 'O_DIRECTORY' "$work/strace.txt" | sed -n 's/.*openat2([0-9]*, "\([^"]*\)".*/\1/p'; } \
        | sort -u >"$work/reading-folders"
    grep -v 'O_DIRECTORY' "$work/strace.txt" | sed -n 's/.*openat2([0-9]*, "\([^"]*\)".*/\1/p' \
        | sort -u >"$work/reading-files"
    "$reader" "$source" "$work/reading-folders" "$work/reading-files" >"$work/reading-last" 2>&1 || { echo "–"; return; }
    local saved_floor="$floor" saved_label="$floor_label"
    floor=""
    measure "$reader" "$source" "$work/reading-folders" "$work/reading-files" >/dev/null
    local reading
    reading="$(cat "$work/last-median")"
    floor="$saved_floor"; floor_label="$saved_label"
    awk -v m="$median" -v r="$reading" 'BEGIN {
        if (r < 0.1) printf "%.1f ms (%.1fx)", r * 1000, m / r; else printf "%.0f ms (%.1fx)", r * 1000, m / r }'
}

# "<search> | <again> | <reading> | <bound>" for `compctl resolve --podfile $1 --source $2`,
# after reading_floor ran it (its lists of what the resolve read): CocoaPods' search alone
# (the same request resolved again in one process over the specs already read: Molinillo's
# steps on one core, which nothing can overlap), the whole resolve again from scratch in that
# process (the process's start and first use left out), the listing and parsing of
# everything the resolve read on one core (compctl's own reader, no search), and the bound
# they set with the empty Podfile's fixed cost $3 (seconds) on this machine's cores: fixed +
# the larger of the search and (search + reading) / cores. Medians of $runs; "– | – | – | –"
# without the lists.
search_split() {
    local podfile="$1" source="$2" fixed="$3" line
    [ -s "$work/reading-files" ] || { echo "– | – | – | –"; return; }
    line="$("$synth" --time-search "$podfile" --source "$source" --search-runs "$runs" \
        --read-folders "$work/reading-folders" --read-files "$work/reading-files" 2>/dev/null)" \
        || { echo "– | – | – | –"; return; }
    awk -v l="$line" -v f="$fixed" -v c="$(nproc 2>/dev/null || echo 1)" 'BEGIN {
        split(l, t, " "); s = t[2]; a = t[3]; r = t[4]; p = (s + r) / c; b = f + (s > p ? s : p)
        printf "%.1f ms | %.1f ms | %.1f ms | %.1f ms\n", s * 1000, a * 1000, r * 1000, b * 1000 }'
}

# Writes the repo once per parameter set and prints its path. A third argument pins that
# percentage of the requirements exactly (`--pin-percent`); a fourth, `ruby`, writes Ruby
# podspecs instead of JSON; a fifth sets the number of versions of each pod (default
# --versions).
repo() {
    local pods="$1" layout="$2" pins="${3:-0}" format="${4:-json}" versions="${5:-$versions}"
    local dir="$work/synth-$pods-x$versions-seed$seed-$layout"
    [ "$pins" -gt 0 ] && dir="$work/synth-$pods-x$versions-seed$seed-pins$pins-$layout"
    [ "$format" = json ] || dir="$dir-$format"
    if [ ! -f "$dir.done" ]; then
        rm -rf "$dir"
        local flags=(--format "$format")
        [ "$layout" = sharded ] && flags+=(--sharded)
        [ "$pins" -gt 0 ] && flags+=(--pin-percent "$pins")
        log "writing $pods pods x $versions versions ($layout, $pins% pinned, $format) to $dir"
        "$synth" --pods "$pods" --versions "$versions" --seed "$seed" --out "$dir" "${flags[@]}" >&2
        touch "$dir.done"
    fi
    echo "$dir"
}

has_spec_show=false
# `--help` succeeds even for an unknown subcommand (it prints the root's help), so look
# for the subcommand's own usage line.
"$compctl" spec show --help 2>&1 | grep -q "compctl spec show" && has_spec_show=true

if wants startup; then
    # A start takes a few milliseconds, and five of them swing 1.1-2.3x hello on a busy
    # machine: these rows take at least 31 runs.
    all_runs=$runs
    runs=$((runs > 31 ? runs : 31))
    echo "| command | median wall of $runs | mean CPU (user+sys) | against the floor |"
    echo "|---|---|---|---|"
    hello_floor
    echo "| floor: a static Swift hello world that imports Foundation | $(cat "$work/floor-row") |"
    echo "| \`compctl version compare 1 2\` | $(measure "$compctl" version compare 1 2) |"
    echo "| \`compctl version satisfies -r '~> 1.2' 1.2.3\` | $(measure "$compctl" version satisfies -r '~> 1.2' 1.2.3) |"
    echo "| \`compctl --version\` | $(measure "$compctl" --version) |"
    size="$(wc -c <"$compctl")"
    stripped="$(strip -o "$work/compctl-stripped" "$compctl" 2>/dev/null && wc -c <"$work/compctl-stripped" || echo 0)"
    echo
    echo "Binary: $(awk -v b="$size" 'BEGIN { printf "%.1f MB", b / 1e6 }') as built, $(awk -v b="$stripped" 'BEGIN { printf "%.1f MB", b / 1e6 }') stripped; $(ldd "$compctl" 2>/dev/null | grep -c '=>' || echo '?') shared libraries loaded at start."
    echo
    runs=$all_runs
fi

if wants listing; then
echo "| repo | command | median wall of $runs | mean CPU (user+sys) | against the floor |"
echo "|---|---|---|---|---|"
for pods in $sizes; do
    for layout in plain sharded; do
        dir="$(repo "$pods" "$layout")"
        name="$pods x $versions, $layout"
        depth=2
        [ "$layout" = sharded ] && depth=5
        log "timing $name"
        use_floor "find" sh -c "find '$dir' | wc -l"
        echo "| $name | floor: \`find \\| wc -l\` (every directory read) | $(cat "$work/floor-row") |"
        echo "| $name | \`compctl repo show\` | $(measure "$compctl" repo show "$dir") |"
        echo "| $name | \`compctl repo show --json\` | $(measure "$compctl" repo show --json "$dir") |"
        if $has_spec_show; then
            spec="$(find "$dir" -name '*.podspec.json' -print -quit)"
            hello_floor
            echo "| $name | \`compctl spec show\` (one spec) | $(measure "$compctl" spec show "$spec") |"
            echo "| $name | \`compctl lint --source\` (one spec against this repo) | $(measure "$compctl" lint "$spec" --source "$dir") |"
        else
            echo "| $name | \`compctl spec show\` | not built in this tree | | |"
        fi
        floor=""
        echo "| $name | \`find -maxdepth $depth \\| wc -l\` (the pod listing alone, for context) | $(measure sh -c "find '$dir' -maxdepth $depth | wc -l") |"
    done
done
fi

# Resolution: "ranges" repos (every requirement a `~>` range) with Podfiles that name
# their pods without requirements, and "pins" repos (30% exact pins) with Podfiles that pin
# 20% of their pods, where consumers disagree and the resolver must backtrack.
if wants resolve; then
    results="$work/resolve-results.txt"
    : > "$results"
    echo
    echo "| repo | top pods | Podfile seed | outcome | median wall of $runs | mean CPU (user+sys) | against the floor | reading floor (compctl against it) | CocoaPods' search alone | the resolve again, warm process | listing and parsing on one core | bound on $(nproc 2>/dev/null || echo 1) cores |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
    for pods in $resolve_sizes; do
        # The command's own cost before any resolving: start-up, its command line, the
        # Podfile and opening the source, with a Podfile that names no pod.
        empty="$work/Podfile-empty"
        printf "platform :ios, '13.0'\n\ntarget 'App' do\nend\n" >"$empty"
        log "timing resolve of an empty Podfile against $pods x $versions"
        hello_floor
        row="$(measure "$compctl" resolve --podfile "$empty" --source "$(repo "$pods" plain)")"
        fixed="$(cat "$work/last-median")"
        echo "| $pods x $versions, ranges | 0 (empty Podfile: the command's fixed cost) | - | 0 pods resolved | $row | $(reading_floor "$fixed" "$empty" "$(repo "$pods" plain)") | - | - | - | - |"
        for variant in ranges pins; do
            if [ "$variant" = ranges ]; then
                dir="$(repo "$pods" plain)"; podfile_pins=0
            else
                dir="$(repo "$pods" plain 30)"; podfile_pins=20
            fi
            for top in 10 50; do
                for podfile_seed in $seeds; do
                    podfile="$work/Podfile-$pods-$variant-top$top-seed$podfile_seed"
                    flags=(--pods "$pods" --versions "$versions" --seed "$seed" --top "$top"
                           --podfile-seed "$podfile_seed" --podfile-pin-percent "$podfile_pins")
                    [ "$variant" = pins ] && flags+=(--pin-percent 30)
                    "$synth" "${flags[@]}" --podfile "$podfile"
                    status=0
                    "$compctl" resolve --podfile "$podfile" --source "$dir" >"$work/out.txt" 2>"$work/err.txt" || status=$?
                    case "$status" in
                        0) outcome="$(wc -l <"$work/out.txt" | tr -d ' ') pods resolved" ;;
                        2) outcome="conflict, explained in $(($(wc -l <"$work/err.txt") - 1)) lines" ;;
                        *) outcome="failed (exit $status): $(head -n 1 "$work/err.txt")" ;;
                    esac
                    log "timing resolve $pods x $versions $variant, $top top pods, Podfile seed $podfile_seed"
                    hello_floor
                    row="$(measure "$compctl" resolve --podfile "$podfile" --source "$dir")"
                    median="$(cat "$work/last-median")"
                    reading="$(reading_floor "$median" "$podfile" "$dir")"
                    echo "| $pods x $versions, $variant | $top | $podfile_seed | $outcome | $row | $reading | $(search_split "$podfile" "$dir" "$fixed") |"
                    echo "$pods $variant $top $podfile_seed $median" >>"$results"
                done
            done
        done
    done
    # Per repo size and number of top pods, over both variants and every seed: the median
    # of the seeds' medians, and the worst seed.
    echo
    echo "| repo | top pods | median seed | worst seed |"
    echo "|---|---|---|---|"
    for pods in $resolve_sizes; do
        for top in 10 50; do
            awk -v p="$pods" -v t="$top" -v v="$versions" '$1 == p && $3 == t { n++; s[n] = $5; w[n] = $2 ", Podfile seed " $4 }
                END {
                    for (i = 1; i <= n; i++) o[i] = i
                    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[o[j]] < s[o[i]]) { x = o[i]; o[i] = o[j]; o[j] = x }
                    m = (n % 2) ? s[o[(n + 1) / 2]] : (s[o[n / 2]] + s[o[n / 2 + 1]]) / 2
                    printf "| %s x %s | %s | %.0f ms | %.0f ms (%s) |\n", p, v, t, m * 1000, s[o[n]] * 1000, w[o[n]]
                }' "$results"
        done
    done
    read -r w_pods w_variant w_top w_seed w_median < <(sort -k5 -g "$results" | tail -n 1)
    echo
    echo "Worst resolution: $w_pods x $versions, $w_variant, $w_top top pods, Podfile seed $w_seed: $(ms "$w_median") (median of $runs)."

    # The scenario of issue 11, where CocoaPods' choice among valid answers shows: 5,000 pods
    # x 10 versions, 10% of the requirements exact pins, Podfiles of 30 top pods. "settled"
    # says whether CocoaPods' own search finished within its budget (else the answer is
    # PubGrub's in CocoaPods' order, with a warning).
    echo
    echo "| repo | top pods | Podfile seed | outcome | CocoaPods' search | median wall of $runs | mean CPU (user+sys) | against the floor |"
    echo "|---|---|---|---|---|---|---|---|"
    dir="$(repo 5000 plain 10 json 10)"
    for podfile_seed in $seeds; do
        podfile="$work/Podfile-5000x10-pins10-top30-seed$podfile_seed"
        "$synth" --pods 5000 --versions 10 --seed "$seed" --pin-percent 10 --top 30 \
            --podfile-seed "$podfile_seed" --podfile "$podfile"
        status=0
        "$compctl" resolve --podfile "$podfile" --source "$dir" >"$work/out.txt" 2>"$work/err.txt" || status=$?
        case "$status" in
            0) outcome="$(wc -l <"$work/out.txt" | tr -d ' ') pods resolved" ;;
            2) outcome="conflict, explained in $(($(wc -l <"$work/err.txt") - 1)) lines" ;;
            *) outcome="failed (exit $status): $(head -n 1 "$work/err.txt")" ;;
        esac
        settled="settled"
        grep -q "may choose others" "$work/err.txt" && settled="fell back"
        log "timing resolve 5000 x 10 pins 10%, 30 top pods, Podfile seed $podfile_seed"
        hello_floor
        echo "| 5000 x 10, pins 10% | 30 | $podfile_seed | $outcome | $settled | $(measure "$compctl" resolve --podfile "$podfile" --source "$dir") |"
    done
fi

# `graph --check` over every pod of the 10,000-pod repos (exit 2: the synthetic repos have skew).
if wants check; then
    echo
    echo "| repo | command | problems found | median wall of $runs | mean CPU (user+sys) | against the floor |"
    echo "|---|---|---|---|---|---|"
    for variant in ranges pins; do
        pins=0
        [ "$variant" = pins ] && pins=30
        dir="$(repo 10000 plain "$pins")"
        problems="$({ "$compctl" graph --check --source "$dir" 2>/dev/null || true; } | wc -l | tr -d ' ')"
        log "timing graph --check over 10000 x $versions $variant"
        use_floor "find" sh -c "find '$dir' | wc -l"
        echo "| 10000 x $versions, $variant | \`find \\| wc -l\` (every folder read, for context) | | $(cat "$work/floor-row") |"
        # The reading a check cannot do without, with no parsing: every pod folder listed
        # (its version folders) and one spec of each pod read (the list is made beforehand).
        find "$dir" -mindepth 3 -maxdepth 3 -name '*.podspec.json' | awk -F/ '!seen[$(NF-2)]++' >"$work/one-spec-each"
        use_floor "reading" sh -c "find '$dir' -mindepth 1 -maxdepth 2 >/dev/null && xargs cat <'$work/one-spec-each' >/dev/null"
        echo "| 10000 x $versions, $variant | floor: list every pod folder, read one spec of each (\`find -maxdepth 2\`, \`xargs cat\`) | | $(cat "$work/floor-row") |"
        echo "| 10000 x $versions, $variant | \`compctl graph --check\` | $problems | $(measure "$compctl" graph --check --source "$dir") |"
    done
fi
# The git source: the plain 10,000-pod repo committed into a packed bare repository, read
# through compctl's cache. Only compctl's own work is timed; the git CLI just builds it.
# The Ruby readers: podspecs through `graph --check` (its problems are expected, exit 2), a
# long Podfile through `resolve`.
if wants ruby; then
    echo
    echo "| input | command | median wall of $runs | mean CPU (user+sys) | against the floor |"
    echo "|---|---|---|---|---|"
    dir="$(repo 10000 plain 0 ruby)"
    log "timing graph --check over 10000 x $versions Ruby podspecs"
    use_floor "find" sh -c "find '$dir' | wc -l"
    echo "| 10000 x $versions, Ruby podspecs | floor: \`find \\| wc -l\` | $(cat "$work/floor-row") |"
    echo "| 10000 x $versions, Ruby podspecs | \`compctl graph --check\` | $(measure "$compctl" graph --check --source "$dir") |"
    podfile="$work/Podfile-ruby-200-targets"
    if [ ! -f "$podfile" ]; then
        "$synth" --pods 1000 --versions "$versions" --seed "$seed" --top 50 --podfile-seed 1 --podfile "$podfile.base"
        {
            printf "source 'https://example.com/synth/specs.git'\nplatform :ios, '13.0'\n\n"
            printf "# Every app target also gets the test helpers.\ndef test_pods(kind = 'unit')\n  label = \"#{kind} tests\"\nend\n\n"
            for i in $(seq 1 200); do
                printf "target \"App%d\" do\n  test_pods 'ui' # helper\n  flavour = 'app%d'\n" "$i" "$i"
                grep "^  pod " "$podfile.base" | sed "s/\$/ # in \"App$i\"/"
                printf "  note = <<~NOTE\n    App%d (#{flavour}) pins %%w[a b] and :symbols.\n  NOTE\nend\n\n" "$i"
            done
        } >"$podfile"
    fi
    lines="$(wc -l <"$podfile" | tr -d ' ')"
    log "timing resolve of a $lines-line Podfile against 1000 x $versions"
    hello_floor
    echo "| $lines-line Podfile, 1000 x $versions | \`compctl resolve\` | $(measure "$compctl" resolve --podfile "$podfile" --source "$(repo 1000 plain)") |"
fi

if wants git; then
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
    echo
    echo "| repo | command | median wall | mean CPU (user+sys) | against the floor |"
    echo "|---|---|---|---|---|"
    log "timing $name: first clone ($clone_runs runs each)"
    saved_runs="$runs"
    runs="$clone_runs"
    prepare="rm -rf '$work/floor-clone.git'"
    use_floor "git clone" git clone -q --bare "$url" "$work/floor-clone.git"
    echo "| $name | floor: \`git clone --bare file://…\` (the git CLI; median of $clone_runs) | $(cat "$work/floor-row") |"
    prepare="rm -rf '$home'"
    echo "| $name | first clone: \`compctl repo add bench file://…\` (fresh cache, object store copied and checked; median of $clone_runs) | $(measure env COMPCTL_HOME="$home" "$compctl" repo add bench "$url") |"
    echo "| $name | first clone: \`compctl repo add bench /path\` (fresh cache, hard links, checked; median of $clone_runs) | $(measure env COMPCTL_HOME="$home" "$compctl" repo add bench "$bare") |"
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
    use_floor "git ls-tree" sh -c "git --git-dir='$bare' ls-tree -r --name-only HEAD | wc -l"
    echo "| $name | floor: \`git ls-tree -r HEAD \\| wc -l\` (the git CLI lists every file; median of $runs) | $(cat "$work/floor-row") |"
    echo "| $name | \`compctl repo show bench\` (cache fetched, no-op fetch included; median of $runs) | $(measure env COMPCTL_HOME="$home" "$compctl" repo show bench) |"
    echo "| $name | \`compctl repo show bench --no-fetch\` (cache fetched; median of $runs) | $(measure env COMPCTL_HOME="$home" "$compctl" repo show bench --no-fetch) |"
    echo "| $name | \`compctl repo show $(basename "$bare")\` (the bare repository itself; median of $runs) | $(measure "$compctl" repo show "$bare") |"
fi
# Integrate: the overhead outside the compile check (`true`), on a main project whose
# Podfile compctl-synth wrote, against the plain repo committed into a bare spec repo.
if wants cdn; then
    cdn="$work/cdn-$cdn_pods-x$cdn_versions-seed$seed"
    rm -rf "$cdn"
    mkdir -p "$cdn/app"
    log "serving $cdn_pods pods x $cdn_versions versions as a CDN on 127.0.0.1 ($cdn_latency ms per answer)"
    "$synth" --pods "$cdn_pods" --versions "$cdn_versions" --seed "$seed" --serve-cdn --latency-ms "$cdn_latency" \
        >"$cdn/url" 2>"$cdn/server.log" &
    server=$!
    trap 'kill "$server" 2>/dev/null || true' EXIT
    for _ in $(seq 600); do [ -s "$cdn/url" ] && break; sleep 0.1; done
    url="$(cat "$cdn/url")"
    [ -n "$url" ] || { log "the CDN server did not start: $(cat "$cdn/server.log")"; exit 1; }
    "$synth" --pods "$cdn_pods" --versions "$cdn_versions" --seed "$seed" --podfile "$cdn/app/Podfile.body" --top "$cdn_top" >&2
    { printf "source '%s'\n" "$url"; cat "$cdn/app/Podfile.body"; } >"$cdn/app/Podfile"
    # The server's request counts, as `name=value` words.
    counts() { curl -s "${url}__stats" | tr -d '{}" ' | tr ',:' ' ='; }
    # Requests, conditional ones, 304s, specs and shards the server answered between two counts.
    delta() {
        local before="$1" after="$2" key
        for key in requests conditional notModified specs shards; do
            local a b
            a="$(printf '%s\n' $before | sed -n "s/^$key=//p")"
            b="$(printf '%s\n' $after | sed -n "s/^$key=//p")"
            printf '%s=%s ' "$key" $((b - a))
        done
    }
    run_cdn() { (cd "$cdn/app" && COMPCTL_HOME="$cdn/home" COMPCTL_TRUNK=off "$compctl" resolve >"$work/out.txt" 2>"$work/err.txt"); }
    status=0
    before="$(counts)"; run_cdn || status=$?; after="$(counts)"
    [ "$status" -eq 0 ] || { log "resolve against the CDN failed (exit $status): $(cat "$work/err.txt")"; exit 1; }
    cold_requests="$(delta "$before" "$after")"
    resolved="$(wc -l <"$work/out.txt" | tr -d ' ')"
    before="$(counts)"; run_cdn; after="$(counts)"
    warm_requests="$(delta "$before" "$after")"
    log "timing resolve of $cdn_top top pods ($resolved resolved) against the CDN, cold then warm"
    echo
    echo "| CDN | run | median wall of $runs | mean CPU (user+sys) | against the floor | requests (one run) |"
    echo "|---|---|---|---|---|---|"
    hello_floor
    # Each cold run starts from no cache. The last run's cache is moved aside, not deleted:
    # on ext4 without a journal, files created within a minute or so of thousands of
    # deletions in the same folder group make the kernel skip every recently freed inode
    # one by one (`recently_deleted`), which cost a cold run ~2 s of system time here,
    # a cost of the harness's `rm -rf`, not of a first run on a fresh machine. Deleted at the end.
    mkdir -p "$cdn/old-homes"
    prepare="[ ! -e '$cdn/home' ] || mv '$cdn/home' \"\$(mktemp -d '$cdn/old-homes/XXXXXX')/home\""
    row="$(cd "$cdn/app" && measure env COMPCTL_HOME="$cdn/home" COMPCTL_TRUNK=off "$compctl" resolve)"
    echo "| $cdn_pods x $cdn_versions, $cdn_latency ms | cold: \`compctl resolve\`, $cdn_top top pods, $resolved resolved, empty cache | $row | $cold_requests |"
    prepare=""
    row="$(cd "$cdn/app" && measure env COMPCTL_HOME="$cdn/home" COMPCTL_TRUNK=off "$compctl" resolve)"
    echo "| $cdn_pods x $cdn_versions, $cdn_latency ms | warm: the same, cache of the run before | $row | $warm_requests |"
    rm -rf "$cdn/old-homes"
    kill "$server" 2>/dev/null || true
    trap - EXIT
fi

if wants integrate; then
    dir="$(repo "$integrate_pods" plain)"
    bare="$dir.git"
    export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null COMPCTL_GIT_ISOLATE=1
    if [ ! -f "$bare.done" ]; then
        rm -rf "$bare"
        log "committing $dir into the bare repository $bare (git CLI, once)"
        git init -q --bare --initial-branch=main "$bare"
        git --git-dir="$bare" --work-tree="$dir" -c core.bare=false add -A
        git --git-dir="$bare" --work-tree="$dir" -c core.bare=false -c user.name=bench \
            -c user.email=bench@example.invalid commit -q -m "synthetic specs"
        git --git-dir="$bare" repack -adq
        git --git-dir="$bare" prune
        rm -f "$bare/index"
        touch "$bare.done"
    fi
    app="$work/integrate-app-$integrate_pods"
    home="$work/integrate-home"
    rm -rf "$app" "$home"
    mkdir -p "$app"
    "$synth" --pods "$integrate_pods" --versions "$versions" --seed "$seed" --top 50 --podfile-seed 1 \
        --podfile-pin-percent 100 --podfile "$app/Podfile"
    printf 'spec_repos:\n  - name: synth\n    url: %s\nprojects:\n  - name: App\n    podfile: Podfile\n    kind: main\n' "$bare" \
        > "$app/compctl.yml"
    printf '.compctl/\n' > "$app/.gitignore"
    git -C "$app" init -q --initial-branch=main
    git -C "$app" add -A
    git -C "$app" -c user.name=bench -c user.email=bench@example.invalid commit -q -m "app"
    git -C "$app" config user.name bench
    git -C "$app" config user.email bench@example.invalid
    base="$(git -C "$app" rev-parse HEAD)"
    # The first pod of the Podfile, at its second-newest release (already published).
    pod="$(sed -n "s/^[[:space:]]*pod '\([^']*\)'.*/\1/p" "$app/Podfile" | head -n 1)"
    version="$(ls "$dir/$pod" | grep -v -- - | sort -V | tail -n 2 | head -n 1)"
    prepare="git -C '$app' reset -q --hard $base && rm -rf '$app/.compctl'"
    status=0
    (cd "$app" && COMPCTL_HOME="$home" "$compctl" integrate "$pod=$version" --check-command true >"$work/out.txt" 2>"$work/err.txt") || status=$?
    if [ "$status" -ne 0 ] || [ "$(git -C "$app" log -1 --format=%s)" != "Integrate $pod $version" ]; then
        log "integrate $pod=$version failed (exit $status): $(cat "$work/err.txt")"
        exit 1
    fi
    sh -c "$prepare"
    log "timing integrate $pod=$version into a 50-pod Podfile against $integrate_pods x $versions (bare spec repo)"
    echo
    echo "| repo | command | median wall of $runs | mean CPU (user+sys) | against the floor |"
    echo "|---|---|---|---|---|"
    hello_floor
    row="$(cd "$app" && measure env COMPCTL_HOME="$home" "$compctl" integrate "$pod=$version" --check-command true)"
    echo "| $integrate_pods x $versions, bare spec repo | \`compctl integrate $pod=$version --check-command true\` (50-pod Podfile, already published; project reset before each run) | $row |"
    prepare=""
fi
# Swift packages: compctl's resolver against SwiftPM's own on the same generated universe.
if wants packages; then
    universe="$work/packages-$package_count-x$package_versions-seed$package_seed"
    if [ ! -f "$universe.done" ]; then
        rm -rf "$universe"
        log "writing $package_count packages x $package_versions versions to $universe"
        "$bin/compctl-package-synth" --packages "$package_count" --versions "$package_versions" --seed "$package_seed" \
            --root-dependencies 20 --dense --output "$universe" >&2
        touch "$universe.done"
    fi
    app="$universe/App"
    export COMPCTL_GIT_ISOLATE=1
    status=0
    (cd "$app" && COMPCTL_HOME="$work/packages-home" "$compctl" resolve >"$work/compctl-packages.txt" 2>"$work/err.txt") || status=$?
    if [ "$status" -ne 0 ]; then
        log "compctl resolve of the package universe failed (exit $status): $(head -n 3 "$work/err.txt"); try another --package-seed"
        exit 1
    fi
    swift_prepare="rm -rf '$work/swiftpm-scratch' '$work/swiftpm-cache' '$app/Package.resolved'"
    sh -c "$swift_prepare"
    log "resolving with swift package resolve once, to compare the answers"
    swift package resolve --package-path "$app" --scratch-path "$work/swiftpm-scratch" --cache-path "$work/swiftpm-cache" \
        --manifest-cache local >"$work/swift-packages.log" 2>&1
    sed -n 's/.*"identity" : "\([^"]*\)".*/\1/p; s/.*"version" : "\([^"]*\)".*/\1/p' "$app/Package.resolved" \
        | paste - - | sort >"$work/swift-packages.txt"
    if ! diff -q "$work/swift-packages.txt" <(sort "$work/compctl-packages.txt") >/dev/null; then
        log "compctl and swift package resolve disagree on the universe:"
        diff "$work/swift-packages.txt" <(sort "$work/compctl-packages.txt") >&2 || true
        exit 1
    fi
    resolved="$(wc -l <"$work/compctl-packages.txt" | tr -d ' ')"
    echo
    echo "| universe | command | median wall | mean CPU (user+sys) | against the floor |"
    echo "|---|---|---|---|---|"
    log "timing compctl resolve of $package_count x $package_versions packages ($runs runs)"
    hello_floor
    row="$(cd "$app" && measure env COMPCTL_HOME="$work/packages-home" "$compctl" resolve)"
    compctl_median="$(cat "$work/last-median")"
    echo "| $package_count x $package_versions packages, $resolved resolved | \`compctl resolve\` (median of $runs) | $row |"
    log "timing swift package resolve of the same root ($swift_runs run(s), fresh scratch and cache each)"
    saved_runs="$runs"
    runs="$swift_runs"
    prepare="$swift_prepare"
    row="$(measure swift package resolve --package-path "$app" --scratch-path "$work/swiftpm-scratch" \
        --cache-path "$work/swiftpm-cache" --manifest-cache local)"
    swift_median="$(cat "$work/last-median")"
    prepare=""
    runs="$saved_runs"
    echo "| $package_count x $package_versions packages, $resolved resolved | \`swift package resolve\` (fresh; median of $swift_runs) | $row |"
    echo
    echo "Both pick the same $resolved package versions; compctl resolves $(awk -v s="$swift_median" -v c="$compctl_median" 'BEGIN { printf "%.0f", s / c }')x faster than swift package resolve ($(ms "$compctl_median") against $(ms "$swift_median"))."
fi
log "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

#!/usr/bin/env bash
# The README's first command: installs what is missing, builds compctl, and runs it on the
# embedded sample: the private spec repo in Specs/ and the main project in scripts/sample-app/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scripts/bootstrap.sh
swift build --product compctl >&2
compctl="$(swift build --show-bin-path)/compctl"

if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }
quote() { case "$1" in *[!A-Za-z0-9_./=:,+@-]*|"") printf "'%s'" "$1" ;; *) printf '%s' "$1" ;; esac; }
run() {
    printf '$ compctl'
    for arg in "$@"; do printf ' %s' "$(quote "$arg")"; done
    printf '\n'
    "$compctl" "$@"
}

step "CocoaPods version rules: an rc sorts below its release, and ~> 0.1.7 never picks it up"
run version sort 0.1.8 0.1.8-rc.2 0.1.7 0.1.8-rc.10 0.1.8-beta.1
run version satisfies -r '~> 0.1.7' 0.1.7 0.1.8-rc.1 0.1.9 0.2.0
echo "(a tester who asks for the rc by its exact version gets it:)"
run version satisfies -r '= 0.1.8-rc.1' 0.1.8-rc.1
run version bump --rc 0.1.7
run version bump --rc 0.1.8-rc.1
run version bump --release 0.1.8-rc.2

step "The sample private spec repo: every pod with its versions, highest first"
run repo show Specs

step "What compctl reads from a podspec with subspecs"
run spec show Specs/XXUIKit/2.4.1/XXUIKit.podspec

step "Lint a spec against the spec repo before publishing it"
run lint Specs/XXCart/1.2.1/XXCart.podspec --source Specs

# The main project: compctl.yml there names the spec repo (../../Specs), the Podfile and
# the layers, so the commands below need no flags.
cd scripts/sample-app
step "In the main project (scripts/sample-app): resolve its Podfile against the spec repo"
echo '$ cd scripts/sample-app'
run resolve
echo "(XXPay is 2.1.0-rc.2 although the Podfile asks for ~> 2.0: another pod names the rc)"

step "Why is XXPay there? Every path from the app's targets to it, with each requirement"
run why XXPay

step "Check the graph of every pod's newest release: cycles, skew, layers, rc leaks, ..."
echo "(the sample has three planted problems, so graph --check exits 2 and lists them)"
status=0
run graph --check || status=$?
# Exit 2 means "a check found problems", which is what the sample must show: carry on.
if [ "$status" -ne 2 ]; then
    echo "demo: expected graph --check to exit 2 on the sample, got $status" >&2
    exit 1
fi
echo "(exit code $status)"

step "What a change to XXFoundation affects: the pods to rebuild, in waves that can run in parallel"
run graph --affected XXFoundation
echo "(and the same waves as a GitHub Actions matrix:)"
run graph --affected XXFoundation --format github-matrix

step "The dependency graph as a picture, with the cycle in red and the layer breach in orange"
if command -v dot >/dev/null 2>&1; then
    mkdir -p "$root/.build/demo"
    # --check again exits 2 on the sample; here only the highlighted DOT is wanted.
    "$compctl" graph --check --format dot >"$root/.build/demo/graph.dot" 2>/dev/null || true
    dot -Tsvg "$root/.build/demo/graph.dot" -o "$root/.build/demo/graph.svg"
    echo '$ compctl graph --check --format dot | dot -Tsvg -o graph.svg'
    echo "wrote $root/.build/demo/graph.svg"
else
    echo "Graphviz's dot is not installed, so no SVG this time. Install it with"
    echo "  apt-get install graphviz    (Debian, Ubuntu)"
    echo "  brew install graphviz       (macOS)"
    echo "and run the demo again, or paste the output of 'compctl graph --format mermaid' into Markdown."
fi
cd "$root"

echo
echo "demo finished: compctl $("$compctl" --version | cut -d' ' -f2-) at $compctl"

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

echo
echo "demo finished: compctl $("$compctl" --version | cut -d' ' -f2-) at $compctl"

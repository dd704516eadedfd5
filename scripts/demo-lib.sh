# Shared by scripts/demo.sh and scripts/demo-packages.sh (sourced, after $compctl is set):
# `step` prints a heading, `run` prints `$ compctl …` and runs the built compctl.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
step() { printf '\n%s== %s%s\n' "$bold" "$*" "$plain"; }
quote() { case "$1" in *[!A-Za-z0-9_./=:,+@-]*|"") printf "'%s'" "$1" ;; *) printf '%s' "$1" ;; esac; }
run() {
    printf '$ compctl'
    for arg in "$@"; do printf ' %s' "$(quote "$arg")"; done
    printf '\n'
    "$compctl" "$@"
}

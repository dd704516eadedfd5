#!/usr/bin/env bash
# Installs what compctl needs to build on a fresh Debian/Ubuntu machine that has Swift:
# libgit2's headers (found through pkg-config) and libcurl's. On macOS: `brew install libgit2 pkg-config`.
# The tests also use Chromium (the HTML report is laid out in headless Chromium at a phone's
# and a desktop's width) and Graphviz (the report's drawing); apt-get installs them too, and
# if it cannot, the tests that need them say so and are skipped.
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if ! pkg-config --exists libgit2 2>/dev/null; then need+=(libgit2-dev); fi
# libcurl's headers (CDN sources); macOS has them in its SDK.
if [ "$(uname)" = Linux ] && ! pkg-config --exists libcurl 2>/dev/null; then need+=(libcurl4-openssl-dev); fi
command -v git >/dev/null 2>&1 || need+=(git)

have_browser() {
    local name
    for name in chromium chromium-browser google-chrome google-chrome-stable; do
        command -v "$name" >/dev/null 2>&1 && return 0
    done
    [ -n "${COMPCTL_CHROMIUM:-}" ] && [ -x "$COMPCTL_CHROMIUM" ]
}
test_tools=()
have_browser || test_tools+=(chromium)
command -v dot >/dev/null 2>&1 || test_tools+=(graphviz)

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ((${#test_tools[@]})) && command -v apt-get >/dev/null 2>&1; then
    echo "bootstrap: installing ${test_tools[*]} with apt-get (for the tests)" >&2
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${test_tools[@]}" >/dev/null; }; then
        echo "bootstrap: could not install ${test_tools[*]}; the tests that need them will be skipped" >&2
    fi
    updated=1
fi

if ((${#need[@]})); then
    if command -v apt-get >/dev/null 2>&1; then
        echo "bootstrap: installing ${need[*]} with apt-get" >&2
        [ -n "${updated:-}" ] || $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
    elif command -v brew >/dev/null 2>&1; then
        brew install libgit2 pkg-config
    else
        echo "bootstrap: please install ${need[*]} (libgit2 >= 1.5 with pkg-config, libcurl >= 7.68 headers)" >&2
        exit 1
    fi
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "bootstrap: swift is not on PATH; install Swift 6 from swift.org" >&2
    exit 1
fi

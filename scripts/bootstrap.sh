#!/usr/bin/env bash
# Installs what compctl needs to build on a fresh Debian/Ubuntu machine that has Swift:
# libgit2's headers (found through pkg-config). On macOS: `brew install libgit2 pkg-config`.
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if ! pkg-config --exists libgit2 2>/dev/null; then need+=(libgit2-dev); fi
command -v git >/dev/null 2>&1 || need+=(git)

if ((${#need[@]})); then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "bootstrap: installing ${need[*]} with apt-get" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
    elif command -v brew >/dev/null 2>&1; then
        brew install libgit2 pkg-config
    else
        echo "bootstrap: please install ${need[*]} (libgit2 >= 1.5 with pkg-config)" >&2
        exit 1
    fi
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "bootstrap: swift is not on PATH; install Swift 6 from swift.org" >&2
    exit 1
fi

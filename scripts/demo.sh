#!/usr/bin/env bash
# Sets everything up and runs compctl on the embedded sample spec repo in Specs/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build -c release --product compctl >&2
bin="$(swift build -c release --show-bin-path)/compctl"
"$bin" --version
